/**
 * The stamp duty land tax return (document 3 sections 3, 4.5, 5.2 and 7.2; decisions 0810-0812).
 *
 * One row per lodgement case (so per workspace), written when the initial questions are first answered:
 * - the answer: tax_eligibility_status and revenue_authority (cannot change once confirmed);
 * - for SUBMISSION_THROUGH_PEXA, the tax application: tax_id, tax_application_id, its status (core
 *   TAX_APPLICATION_STATUSES), the five sections as one jsonb document `{ <slug>: <saved payload> }` (a slug
 *   present is COMPLETED, absent PENDING; money in pence), the calculated tax (`calculation`, jsonb) and consent;
 * - the filing with the revenue: submission_key (the idempotency key of the one submission, fixed when the
 *   return becomes READY, so a retry or a second job run submits the same thing and never files twice), the
 *   revenue's submission id, the unique transaction reference number once FILED, attempts and their times,
 *   and the failure;
 * - version: If-Match of every write to the return.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`CREATE TABLE stamp_duty_returns (
      lodgement_case_id uuid PRIMARY KEY REFERENCES lodgement_cases (lodgement_case_id) ON DELETE CASCADE,
      workspace_id uuid NOT NULL UNIQUE,
      tax_eligibility_status text NOT NULL,
      revenue_authority text,
      decided_at timestamptz NOT NULL,
      decided_by text,
      tax_id uuid UNIQUE,
      tax_application_id uuid UNIQUE,
      tax_application_status text,
      sections jsonb NOT NULL DEFAULT '{}'::jsonb,
      calculation jsonb,
      consented_at timestamptz,
      consented_by text,
      submission_key uuid UNIQUE,
      revenue_submission_id text,
      transaction_reference_number text UNIQUE,
      attempts integer NOT NULL DEFAULT 0,
      poll_attempts integer NOT NULL DEFAULT 0,
      ready_at timestamptz,
      submitted_at timestamptz,
      poll_initiated_at timestamptz,
      filed_at timestamptz,
      failure_reason text,
      version integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((tax_application_id IS NULL) = (tax_application_status IS NULL))
    )`,
    // The filing job's scan: returns still on their way to the revenue.
    sql`CREATE INDEX stamp_duty_returns_filing ON stamp_duty_returns (tax_application_status)
      WHERE tax_application_status IN ('PREPARED', 'READY', 'SUBMITTED', 'POLL_INITIATED')`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS stamp_duty_returns`.execute(db);
}
