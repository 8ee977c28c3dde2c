/**
 * Filing prepared SDLT returns with the revenue on the completion date (document 3 section 4.5; decision
 * 0811). A repeating job (jobs.ts) runs `runSdltFilingJob` on the product clock; for each return on its way it
 * takes every step that is due, each in its own transaction that locks the workspace row, then the return's
 * row, and reads its status again (so a second process or a retried run never takes a step twice):
 *
 *   PREPARED ─(completion date reached, Europe/London)→ READY        the submission key is fixed here
 *   READY ─submit→ SUBMITTED                                         or SUBMISSION_FAILED after SDLT_MAX_ATTEMPTS failures
 *   SUBMITTED → POLL_INITIATED                                       asking the revenue for the outcome
 *   POLL_INITIATED ─poll→ FILED (unique transaction reference number) | FAILED (rejected) | stays (not yet)
 *                                                                    or POLL_FAILED after SDLT_MAX_ATTEMPTS failures
 *
 * Never twice: the submission key is committed with READY before the revenue is called; a submit whose
 * transaction is lost (the process stopped after the revenue accepted) is submitted again with the same key,
 * which the revenue treats as the same submission (revenue.ts); the reference number is unique in the table.
 */
import type {
  SdltAgentDetailsData,
  SdltPropertyDetailsData,
  SdltPurchaserDetailsData,
  SdltTaxCalculationData,
  SdltTransactionDetailsData,
} from "../../core/sdlt/api.js";
import { londonToday } from "../../core/shared/london-time.js";
import { randomUUID } from "node:crypto";
import type { ProductClock } from "../platform/clock.js";
import type { Updateable } from "kysely";
import type { DB, Trx } from "../platform/db/index.js";
import type { StampDutyReturnsTable } from "../platform/db/schema.js";
import { revenueFromEnvironment, type SdltReturnFiling } from "./revenue.js";
import { commitReturnChange, SdltEvent, type ReturnRow } from "./returns.js";

/** Failures to reach the revenue before a submission or a poll is given up. */
export const SDLT_MAX_ATTEMPTS = 3;

/** The statuses on their way to the revenue. */
export const FILING_STATUSES = ["PREPARED", "READY", "SUBMITTED", "POLL_INITIATED"] as const;

const SYSTEM = { userId: "SYSTEM", subscriberId: null };

type Step = { status: string; event: string } | null;

async function lockedReturn(
  trx: Trx,
  lodgementCaseId: string,
): Promise<{ row: ReturnRow; completionDate: string | null } | null> {
  const peek = await trx
    .selectFrom("stamp_duty_returns")
    .select("workspace_id")
    .where("lodgement_case_id", "=", lodgementCaseId)
    .executeTakeFirst();
  if (!peek) return null;
  const workspace = await trx
    .selectFrom("workspaces")
    .select((eb) => eb.cast<string | null>("completion_date", "text").as("completion_date_text"))
    .where("workspace_id", "=", peek.workspace_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const row = await trx
    .selectFrom("stamp_duty_returns")
    .selectAll()
    .where("lodgement_case_id", "=", lodgementCaseId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { row, completionDate: workspace.completion_date_text };
}

function filingOf(row: ReturnRow, completionDate: string | null, now: Date): SdltReturnFiling {
  const sections = (typeof row.sections === "string" ? JSON.parse(row.sections) : row.sections) as Record<
    string,
    unknown
  >;
  return {
    submissionKey: row.submission_key ?? "",
    taxApplicationId: row.tax_application_id ?? "",
    workspaceId: row.workspace_id,
    effectiveDateOfTransaction: completionDate,
    sections: {
      transactionDetails: sections["transaction-details"] as SdltTransactionDetailsData,
      propertyDetails: sections["property-details"] as SdltPropertyDetailsData,
      taxCalculation: sections["tax-calculation"] as SdltTaxCalculationData,
      purchaserDetails: (sections["purchaser-details"] as SdltPurchaserDetailsData | undefined) ?? null,
      purchaserAgentDetails: (sections["purchaser-agent-details"] as SdltAgentDetailsData | undefined) ?? {},
    },
    now,
  };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Takes the next step of one return if it is due; answers the status it moved to (null when nothing was due).
 */
export async function advanceSdltReturn(
  db: DB,
  now: Date,
  lodgementCaseId: string,
  correlationId: string,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockedReturn(trx, lodgementCaseId);
    if (!locked) return null;
    const { row, completionDate } = locked;
    const revenue = revenueFromEnvironment();
    const update = (values: Updateable<StampDutyReturnsTable>) =>
      trx
        .updateTable("stamp_duty_returns")
        .set(values)
        .where("lodgement_case_id", "=", lodgementCaseId)
        .execute();
    let step: Step = null;
    let details: Record<string, unknown> = {};
    switch (row.tax_application_status) {
      case "PREPARED": {
        if (!completionDate || londonToday(now) < completionDate) return null;
        await update({
          tax_application_status: "READY",
          ready_at: now,
          submission_key: row.submission_key ?? randomUUID(),
        });
        step = { status: "READY", event: SdltEvent.READY };
        break;
      }
      case "READY": {
        const filing = filingOf(row, completionDate, now);
        try {
          const answer = await revenue.submit(filing);
          if (answer.accepted) {
            await update({
              tax_application_status: "SUBMITTED",
              revenue_submission_id: answer.submissionId,
              submitted_at: now,
              attempts: row.attempts + 1,
            });
            step = { status: "SUBMITTED", event: SdltEvent.SUBMITTED };
            details = { submissionId: answer.submissionId };
          } else {
            await update({
              tax_application_status: "SUBMISSION_FAILED",
              failure_reason: answer.reason,
              attempts: row.attempts + 1,
            });
            step = { status: "SUBMISSION_FAILED", event: SdltEvent.SUBMISSION_FAILED };
            details = { reason: answer.reason };
          }
        } catch (error) {
          const attempts = row.attempts + 1;
          const givenUp = attempts >= SDLT_MAX_ATTEMPTS;
          await update({
            attempts,
            failure_reason: message(error),
            ...(givenUp ? { tax_application_status: "SUBMISSION_FAILED" } : {}),
          });
          if (!givenUp) return null;
          step = { status: "SUBMISSION_FAILED", event: SdltEvent.SUBMISSION_FAILED };
          details = { reason: message(error), attempts };
        }
        break;
      }
      case "SUBMITTED": {
        await update({ tax_application_status: "POLL_INITIATED", poll_initiated_at: now });
        step = { status: "POLL_INITIATED", event: SdltEvent.POLL_INITIATED };
        break;
      }
      case "POLL_INITIATED": {
        const filing = filingOf(row, completionDate, now);
        try {
          const answer = await revenue.poll({ ...filing, submissionId: row.revenue_submission_id ?? "" });
          if (answer.outcome === "PENDING") return null;
          if (answer.outcome === "FILED") {
            await update({
              tax_application_status: "FILED",
              transaction_reference_number: answer.transactionReferenceNumber,
              filed_at: now,
              failure_reason: null,
            });
            step = { status: "FILED", event: SdltEvent.FILED };
            details = { transactionReferenceNumber: answer.transactionReferenceNumber };
          } else {
            await update({ tax_application_status: "FAILED", failure_reason: answer.reason });
            step = { status: "FAILED", event: SdltEvent.FAILED };
            details = { reason: answer.reason };
          }
        } catch (error) {
          const pollAttempts = row.poll_attempts + 1;
          const givenUp = pollAttempts >= SDLT_MAX_ATTEMPTS;
          await update({
            poll_attempts: pollAttempts,
            failure_reason: message(error),
            ...(givenUp ? { tax_application_status: "POLL_FAILED" } : {}),
          });
          if (!givenUp) return null;
          step = { status: "POLL_FAILED", event: SdltEvent.POLL_FAILED };
          details = { reason: message(error), attempts: pollAttempts };
        }
        break;
      }
      default:
        return null;
    }
    await commitReturnChange(
      trx,
      {
        lodgementCaseId,
        workspaceId: row.workspace_id,
        event: step.event,
        details: { taxApplicationId: row.tax_application_id, ...details },
        now,
      },
      SYSTEM,
      { ipAddress: null, correlationId },
    );
    return step.status;
  });
}

/** One run of the filing job: every return on its way, as far as each can go now. Answers what each reached. */
export async function runSdltFilingJob(
  db: DB,
  clock: ProductClock,
  correlationId: string,
): Promise<Record<string, string>> {
  const now = clock.now();
  const due = await db
    .selectFrom("stamp_duty_returns")
    .select("lodgement_case_id")
    .where("tax_application_status", "in", [...FILING_STATUSES])
    .orderBy("updated_at")
    .limit(500)
    .execute();
  const reached: Record<string, string> = {};
  for (const { lodgement_case_id: id } of due) {
    // Each step commits before the next: READY (with its key) is stored before the revenue is called.
    for (let steps = 0; steps < 4; steps += 1) {
      const status = await advanceSdltReturn(db, now, id, correlationId);
      if (!status || status === reached[id]) break;
      reached[id] = status;
    }
  }
  return reached;
}
