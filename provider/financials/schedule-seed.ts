/**
 * The demo world's financial settlement schedules, consistent with each demo workspace's stage and tasks
 * (docs/decisions/0610-settlement-status-transitions.md): a workspace ready for approval has a complete,
 * prepared schedule (its completion date, a Mortgage Advance, and a Redemption on a remortgage or a Surplus
 * on a purchase, each account verified by the sandbox's MATCH fixture); one approved or later has its
 * financials approved by its law firm; from funds authorised on, the Mortgage Advance is authorised. Workspaces
 * in preparation and cancelled ones keep the empty schedule their creation gave them.
 *
 * Line item ids are fixed (5e000000-…-0000000NNKK: workspace NN, item KK); idempotent.
 */
import type { DB, Trx } from "../platform/db/index.js";
import type { BorrowerValidationStatus } from "../../core/parties/enums.js";
import { workspaceLawFirmRole } from "../../core/parties/rules.js";
import { deriveFinancialTasks } from "../../core/financials/schedule.js";
import type { TransactionType } from "../../core/workspaces/enums.js";
import { SYSTEM_ACTOR } from "../../core/workspaces/lifecycle.js";
import type { WorkspaceStatus } from "../../core/workspaces/status.js";
import { pendingLabelsOf, readTasks, writeTasks } from "../workspaces/state.js";
import { factsOf, lineItemRows } from "./schedule.js";
import { DEMO_WORKSPACE_PLAN, demoWorkspaceId } from "../workspaces/seed.js";
import { DEMO_USERS } from "../platform/demo-world.js";

const PREPARED_STAGES = ["ready", "approved", "fundsAuthorised", "exchanged", "submitted", "lodged", "closed"];
const APPROVED_STAGES = PREPARED_STAGES.slice(1);
const AUTHORISED_STAGES = PREPARED_STAGES.slice(2);

/** The sandbox's account that answers MATCH (docs/sandboxes.md). */
const MATCHING_ACCOUNT = { bank_code: "089999", account_number: "10000003" };

export function demoLineItemId(workspace: number, item: number): string {
  return `5e000000-0000-4000-8000-${String(workspace * 100 + item).padStart(12, "0")}`;
}

export async function seedDemoSchedules(db: DB): Promise<void> {
  /** The workspace whose title promises a bank account to verify: its Redemption's name check answered No match. */
  const ACCOUNT_TO_VERIFY = DEMO_WORKSPACE_PLAN.remortgageTransferOfEquity.n;
  const existing = await db.selectFrom("financial_line_items").select("line_item_id").where("line_item_id", "=", demoLineItemId(2, 1)).executeTakeFirst();
  if (existing) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("financial_line_items")
      .values({
        financial_settlement_schedule_id: (
          await trx
            .selectFrom("financial_settlement_schedules")
            .select("financial_settlement_schedule_id")
            .where("workspace_id", "=", demoWorkspaceId(ACCOUNT_TO_VERIFY))
            .executeTakeFirstOrThrow()
        ).financial_settlement_schedule_id,
        created_by: DEMO_USERS.manager.subscriberUserId,
        line_item_id: demoLineItemId(ACCOUNT_TO_VERIFY, 2),
        line_item_reference: `FLI-D${String(ACCOUNT_TO_VERIFY).padStart(4, "0")}02`,
        type: "DESTINATION",
        category: "REDEMPTION",
        amount: 21_900_000,
        reference: `RED ${String(ACCOUNT_TO_VERIFY).padStart(3, "0")}`,
        account_name: "Rose Hill Mortgages",
        bank_code: "089999",
        account_number: "10000061",
        display_name: null,
        account_type: "BUSINESS",
        verified: false,
        verification_status: "NO_MATCH",
        partner_reason_code: "ANNM",
        actual_name: null,
        is_manual_override_allowed: true,
        position: 1,
      })
      .onConflict((conflict) => conflict.column("line_item_id").doNothing())
      .execute();

    for (const plan of Object.values(DEMO_WORKSPACE_PLAN)) {
      const stage = (plan as { stage: string }).stage;
      if (!PREPARED_STAGES.includes(stage) || plan.status === "CANCELLED") {
        await bringTasksUpToDate(trx, demoWorkspaceId(plan.n), plan.status);
        continue;
      }
      const workspaceId = demoWorkspaceId(plan.n);
      const schedule = await trx
        .selectFrom("financial_settlement_schedules")
        .select(["financial_settlement_schedule_id", "completion_date"])
        .where("workspace_id", "=", workspaceId)
        .executeTakeFirstOrThrow();
      const scheduleId = schedule.financial_settlement_schedule_id;
      const authorised = AUTHORISED_STAGES.includes(stage);
      const creator = DEMO_USERS.manager.subscriberUserId;
      const remortgage = plan.transactionType === "REMORTGAGE";
      const common = { financial_settlement_schedule_id: scheduleId, created_by: creator };
      await trx
        .insertInto("financial_line_items")
        .values([
          {
            ...common,
            line_item_id: demoLineItemId(plan.n, 1),
            line_item_reference: `FLI-D${String(plan.n).padStart(4, "0")}01`,
            type: "SOURCE",
            category: "MORTGAGE_ADVANCE",
            amount: remortgage ? 18_500_000 : 27_250_000,
            reference: `MA ${String(plan.n).padStart(3, "0")}`,
            authorised,
            authorised_by: authorised ? DEMO_USERS.lender.subscriberUserId : null,
            authorised_at: authorised ? new Date() : null,
            position: 0,
          },
          {
            ...common,
            line_item_id: demoLineItemId(plan.n, 2),
            line_item_reference: `FLI-D${String(plan.n).padStart(4, "0")}02`,
            type: "DESTINATION",
            // Onward Funds would complete add-onward-funds, which the demo purchases keep pending.
            category: remortgage ? "REDEMPTION" : "SURPLUS",
            amount: remortgage ? 16_420_000 : 1_250_000,
            reference: remortgage ? `RED ${String(plan.n).padStart(3, "0")}` : `SURPLUS ${String(plan.n).padStart(3, "0")}`,
            account_name: remortgage ? "Riverside Building Society" : "Riverside Property",
            ...MATCHING_ACCOUNT,
            display_name: null,
            account_type: "BUSINESS",
            verified: true,
            verification_status: "MATCH",
            partner_reason_code: null,
            actual_name: null,
            is_manual_override_allowed: false,
            position: 1,
          },
        ])
        .onConflict((conflict) => conflict.column("line_item_id").doNothing())
        .execute();

      const approved = APPROVED_STAGES.includes(stage);
      if (approved) {
        const lawFirm = await trx
          .selectFrom("workspace_participants")
          .select("participant_id")
          .where("workspace_id", "=", workspaceId)
          .where("role", "in", ["INCOMING_LENDER_REPRESENTATIVE", "BUYER_REPRESENTATIVE"])
          .executeTakeFirst();
        if (lawFirm) {
          await trx
            .insertInto("financial_settlement_approvals")
            .values({ financial_settlement_schedule_id: scheduleId, participant_id: lawFirm.participant_id, approved_by: creator, approved_at: new Date() })
            .onConflict((conflict) => conflict.columns(["financial_settlement_schedule_id", "participant_id"]).doNothing())
            .execute();
        }
      }
      const prepared = schedule.completion_date !== null;
      await trx
        .updateTable("financial_settlement_schedules")
        .set({ status: !prepared ? "IN_PREPARATION" : approved ? "APPROVED" : "PREPARED", approved: prepared && approved })
        .where("financial_settlement_schedule_id", "=", scheduleId)
        .execute();
      await bringTasksUpToDate(trx, workspaceId, plan.status);
    }
  });
}

/**
 * A demo workspace's schedule-derived tasks as its seeded schedule makes them (a workspace seeded with a
 * completion date has entered it), with the list's labels recomputed.
 */
async function bringTasksUpToDate(trx: Trx, workspaceId: string, status: WorkspaceStatus): Promise<void> {
  if (status === "CANCELLED") return;
  const schedule = await trx
    .selectFrom("financial_settlement_schedules")
    .select(["financial_settlement_schedule_id"])
    .select((eb) => eb.cast<string | null>("completion_date", "text").as("completion_date_text"))
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  const [items, tasks, workspace] = await Promise.all([
    lineItemRows(trx, schedule.financial_settlement_schedule_id),
    readTasks(trx, workspaceId),
    trx.selectFrom("workspaces").select(["transaction_type", "borrowers_validation_status"]).where("workspace_id", "=", workspaceId).executeTakeFirstOrThrow(),
  ]);
  const next = deriveFinancialTasks(
    tasks,
    {
      workspaceStatus: status,
      completionDate: schedule.completion_date_text,
      lineItems: items.map(factsOf),
      lawFirmRole: workspaceLawFirmRole(workspace.transaction_type as TransactionType),
    },
    SYSTEM_ACTOR,
    new Date().toISOString(),
  );
  await writeTasks(trx, workspaceId, tasks, next);
  await trx
    .updateTable("workspaces")
    .set({ pending_labels: pendingLabelsOf({ status, tasks: next, borrowersValidationStatus: workspace.borrowers_validation_status as BorrowerValidationStatus }) })
    .where("workspace_id", "=", workspaceId)
    .execute();
}
