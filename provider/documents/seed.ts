/**
 * The demo world's lodgement cases (docs/demo-workspaces.md "Documents and lodgement"), consistent with each
 * demo workspace's status: the applications are derived from the workspace by `bringInLine` (the same path
 * every read takes), then given what a user would have given them; the lodged ones carry the lodgement
 * request the submission would have made and, where the registry has answered, its answer as the registry
 * job applies it.
 *
 * - WS-8 (purchase, funds exchanged) and WS-9 (remortgage, funds exchanged): applications approved, ready to
 *   submit. WS-9's mortgage charge is £180,999 (the sandbox's requisition fixture: pounds ending in 999).
 * - WS-19 (remortgage, submitted and being finalised): case INITIATED, its request INITIATED (the registry
 *   has not taken it yet: no answer is scheduled).
 * - WS-10 (lodged): a request pending, answered (REGISTERED) 28 days after seeding on the product clock.
 * - WS-11 (requisitioned): a request requisitioned 3 business days before seeding, its reply deadline ahead;
 *   moving the product clock past it gets the request rejected (then resubmit outside).
 * - WS-12 (closed): registered.
 *
 * Idempotent: a case that already holds documents is left as it is.
 */
import { randomUUID } from "node:crypto";
import { requisitionDeadline, registryAnswerDue } from "../../core/documents/lodgement-timing.js";
import { londonToday } from "../../core/shared/london-time.js";
import { landRegistryFee } from "../../core/documents/fees.js";
import type { DB, Trx } from "../platform/db/index.js";
import { DEMO_WORKSPACE_PLAN, demoWorkspaceId } from "../workspaces/seed.js";
import { bringInLine, mortgageReferencesOf } from "./lodgement.js";
import { SANDBOX_REQUISITION } from "./registry-sandbox.js";

type PlanKey = keyof typeof DEMO_WORKSPACE_PLAN;

interface LodgementSeed {
  /** Pence. */
  mortgageValue: number;
  /** Pence; purchases only. */
  transferValue?: number;
  stage: "approved" | "initiated" | "lodged" | "requisitioned" | "registered";
}

export const DEMO_LODGEMENTS: Partial<Record<PlanKey, LodgementSeed>> = {
  purchaseExchangedOrganisation: { mortgageValue: 412_000_00, transferValue: 515_000_00, stage: "approved" },
  remortgageExchanged: { mortgageValue: 180_999_00, stage: "approved" },
  remortgageLodgementDelayed: { mortgageValue: 226_500_00, stage: "initiated" },
  remortgageLodged: { mortgageValue: 310_000_00, stage: "lodged" },
  purchaseRequisitioned: { mortgageValue: 276_999_00, transferValue: 345_000_00, stage: "requisitioned" },
  remortgageClosed: { mortgageValue: 198_000_00, stage: "registered" },
};

const DAY = 86_400_000;

export async function seedDemoLodgements(db: DB, now = new Date()): Promise<void> {
  for (const [key, seed] of Object.entries(DEMO_LODGEMENTS) as [PlanKey, LodgementSeed][]) {
    await db.transaction().execute(async (trx) => seedOne(trx, key, seed, now));
  }
}

async function seedOne(trx: Trx, key: PlanKey, seed: LodgementSeed, now: Date): Promise<void> {
  const plan = DEMO_WORKSPACE_PLAN[key];
  const workspaceId = demoWorkspaceId(plan.n);
  const workspace = await trx.selectFrom("workspaces").select(["workspace_id", "transaction_type"]).where("workspace_id", "=", workspaceId).executeTakeFirst();
  const lodgementCase = await trx.selectFrom("lodgement_cases").selectAll().where("workspace_id", "=", workspaceId).forUpdate().executeTakeFirst();
  if (!workspace || !lodgementCase) return;
  const held = await trx.selectFrom("lodgement_documents").select("document_id").where("lodgement_case_id", "=", lodgementCase.lodgement_case_id).executeTakeFirst();
  if (held) return;
  await bringInLine(trx, lodgementCase, workspace, "SYSTEM");
  const caseId = lodgementCase.lodgement_case_id;

  // What the law firm gave the applications: the values, the lender's deed (a digital deed on a remortgage,
  // signed in the lender's service; a standard deed on a purchase, its signed copy recorded), the signature.
  const lender = await trx
    .selectFrom("workspace_participants as p")
    .innerJoin("subscribers as s", "s.subscriber_id", "p.subscriber_id")
    .select(["s.subscriber_id", "s.entity_type"])
    .where("p.workspace_id", "=", workspaceId)
    .where("p.role", "=", "INCOMING_LENDER")
    .executeTakeFirst();
  const references = lender ? mortgageReferencesOf(lender) : [];
  const purchase = workspace.transaction_type === "PURCHASE";
  const reference = references.find((option) => option.mortgageDeedReferenceType === (purchase ? "STANDARD" : "DIGITAL")) ?? null;
  await trx
    .updateTable("lodgement_documents")
    .set({
      transaction_value: seed.mortgageValue,
      mortgage_deed_reference: reference?.mortgageDeedReference ?? null,
      mortgage_deed_reference_type: reference?.mortgageDeedReferenceType ?? null,
      signature_type: reference?.applicableSignatures[0]?.type ?? null,
      signature_format: reference?.applicableSignatures[0]?.format ?? null,
      sub_type: "SIGNED",
    })
    .where("lodgement_case_id", "=", caseId)
    .where("application_key", "=", "MORTGAGE_DEED")
    .execute();
  if (seed.transferValue !== undefined) {
    await trx
      .updateTable("lodgement_documents")
      .set({ transaction_value: seed.transferValue, signature_type: "WET_INK_SIGNATURE", signature_format: "PAPER", sub_type: "SIGNED" })
      .where("lodgement_case_id", "=", caseId)
      .where("application_key", "=", "TRANSFER_OF_WHOLE")
      .execute();
  }
  // The change-of-name and restriction applications' evidence is not seeded: approve only what needs nothing more.
  const approvedAt = new Date(now.getTime() - 3 * DAY);
  await trx.updateTable("lodgement_cases").set({ approved_at: approvedAt, approved_by: "SYSTEM" }).where("lodgement_case_id", "=", caseId).execute();
  const approved = (await trx.selectFrom("lodgement_cases").selectAll().where("lodgement_case_id", "=", caseId).executeTakeFirstOrThrow());
  await bringInLine(trx, approved, workspace, "SYSTEM");
  if (seed.stage === "approved") return;

  // Lodged: the request the submission made, with the fee total of the applications lodged.
  const applications = await trx.selectFrom("lodgement_documents").selectAll().where("lodgement_case_id", "=", caseId).where("application_key", "is not", null).execute();
  const lodgedWithTransfer = applications.some((row) => row.document_type === "TRANSFER_OF_WHOLE");
  const submittedAt = new Date(now.getTime() - (seed.stage === "initiated" ? 1 : seed.stage === "registered" ? 60 : 10) * DAY);
  const fee = applications.reduce((total, row) => {
    const value = row.transaction_value === null ? null : Number(row.transaction_value);
    return total + (landRegistryFee({ documentType: row.document_type, transactionValue: value, considerationType: row.consideration_type }, { lodgedWithTransfer }, londonToday(submittedAt)) ?? 0);
  }, 0);
  const requestId = randomUUID();
  const requisitionedAt = new Date(now.getTime() - 3 * DAY);
  await trx
    .insertInto("lodgement_requests")
    .values({
      lodgement_request_id: requestId,
      lodgement_case_id: caseId,
      status: seed.stage === "registered" ? "SUCCESS" : seed.stage === "initiated" ? "INITIATED" : "PENDING",
      outcome: seed.stage === "registered" ? "REGISTERED" : seed.stage === "requisitioned" ? "REQUISITIONED" : null,
      registry_reference: `SBX-${requestId.slice(0, 8).toUpperCase()}`,
      submitted_at: submittedAt,
      registered_at: seed.stage === "registered" ? registryAnswerDue(submittedAt) : null,
      requisitioned_at: seed.stage === "requisitioned" ? requisitionedAt : null,
      requisition_deadline: seed.stage === "requisitioned" ? requisitionDeadline(requisitionedAt) : null,
      answer_due_at: seed.stage === "lodged" ? new Date(now.getTime() + 28 * DAY) : null,
      land_registry_fee: fee,
      created_by: "SYSTEM",
    })
    .execute();
  const applicationStatus = seed.stage === "registered" ? "REGISTERED" : "LODGED";
  await trx
    .updateTable("lodgement_documents")
    .set({ lodgement_request_id: requestId, submitted_at: submittedAt, status: applicationStatus })
    .where("lodgement_case_id", "=", caseId)
    .where("application_key", "is not", null)
    .execute();
  if (seed.stage === "requisitioned") {
    await trx
      .insertInto("lodgement_documents")
      .values({
        document_id: randomUUID(),
        lodgement_case_id: caseId,
        document_type: "LAND_REGISTRY_CORRESPONDENCE",
        document_category: "REQUISITION_DOCUMENT",
        sub_type: "RECEIVED",
        status: "PREPARED",
        name: SANDBOX_REQUISITION.name,
        correspondence_text: SANDBOX_REQUISITION.text,
        lodgement_request_id: requestId,
        created_at: requisitionedAt,
        created_by: "SYSTEM",
        last_modified_at: requisitionedAt,
        last_modified_by: "SYSTEM",
      })
      .execute();
  }
  const caseStatus = { initiated: "INITIATED", lodged: "LODGED", requisitioned: "REQUISITIONED", registered: "REGISTERED" }[seed.stage];
  await trx
    .updateTable("lodgement_cases")
    .set((eb) => ({ status: caseStatus, hard_locked: true, version: eb("version", "+", 1) }))
    .where("lodgement_case_id", "=", caseId)
    .execute();
}
