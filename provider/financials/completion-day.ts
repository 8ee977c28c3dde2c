/**
 * Completion day (docs/decisions/0611-funds-exchanged-on-completion-day.md): a workspace whose funds are
 * authorised has its funds exchanged on its completion date. A job on the product clock looks every few
 * minutes for FUNDS_AUTHORISED workspaces whose completion date (London) has come and moves each, in its
 * own transaction with the workspace locked and the condition read again, to FUNDS_EXCHANGED and its
 * schedule to SETTLED. The condition is the state itself, so the move happens once, whichever process or
 * attempt runs it, and a restart on completion day only means the next run does it.
 */
import { sql } from "kysely";
import { z } from "zod";
import { fundsExchangeDue } from "../../core/financials/schedule.js";
import { londonToday } from "../../core/shared/london-time.js";
import { SYSTEM_ACTOR } from "../../core/workspaces/lifecycle.js";
import type { BorrowerValidationStatus } from "../../core/parties/enums.js";
import type { ProductClock } from "../platform/clock.js";
import type { DB } from "../platform/db/index.js";
import { defineJob } from "../platform/jobs/queue.js";
import { commitWorkspaceChange, readTasks } from "../workspaces/state.js";
import { FinancialEvent, recordFinancialEvent } from "./schedule.js";

/** How often the job looks, in minutes of product time. */
export const FUNDS_EXCHANGE_EVERY_MINUTES = 5;
/** Workspaces moved per run at most; the rest wait for the next run. */
const BATCH = 500;

/** Exchanges the funds of every workspace due at the product's time now; answers the workspaces moved. */
/** `correlationId` names the run in the audit trail (the job's id). */
export async function exchangeDueFunds(db: DB, clock: ProductClock, correlationId: string): Promise<string[]> {
  const today = londonToday(clock.now());
  // The list projection's index (scope, status, completion_date) finds them without reading every workspace.
  const { rows } = await sql<{ workspace_id: string }>`
    SELECT workspace_id FROM workspace_list_entries
    WHERE scope = '*' AND status = 'FUNDS_AUTHORISED' AND completion_date <= ${today}::date
    ORDER BY completion_date, workspace_id LIMIT ${BATCH}`.execute(db);
  const moved: string[] = [];
  for (const { workspace_id: workspaceId } of rows) {
    if (await exchangeFunds(db, workspaceId, today, clock.now().toISOString(), correlationId)) moved.push(workspaceId);
  }
  return moved;
}

async function exchangeFunds(db: DB, workspaceId: string, today: string, at: string, correlationId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const workspace = await trx
      .selectFrom("workspaces")
      .select(["status", "version", "borrowers_validation_status", sql<string | null>`completion_date::text`.as("completion_date_text")])
      .where("workspace_id", "=", workspaceId)
      .forUpdate()
      .executeTakeFirst();
    if (!workspace || !fundsExchangeDue({ workspaceStatus: workspace.status, completionDate: workspace.completion_date_text, today })) return false;
    await commitWorkspaceChange(trx, workspaceId, workspace.version, {
      status: "FUNDS_EXCHANGED",
      tasks: await readTasks(trx, workspaceId),
      borrowersValidationStatus: workspace.borrowers_validation_status as BorrowerValidationStatus,
    });
    await trx
      .updateTable("financial_settlement_schedules")
      .set((eb) => ({ status: "SETTLED", version: eb("version", "+", 1), updated_at: new Date() }))
      .where("workspace_id", "=", workspaceId)
      .execute();
    await recordFinancialEvent(
      trx,
      { userId: SYSTEM_ACTOR, subscriberId: null },
      FinancialEvent.FUNDS_EXCHANGED,
      workspaceId,
      { completionDate: workspace.completion_date_text, at },
      { ipAddress: null, correlationId },
    );
    return true;
  });
}

export const exchangeFundsJob = defineJob({
  name: "exchange-funds-on-completion-day",
  data: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  repeatEveryMinutes: FUNDS_EXCHANGE_EVERY_MINUTES,
  async run(_data, { db, clock, job }) {
    await exchangeDueFunds(db, clock, `job:${job.id}`);
  },
});
