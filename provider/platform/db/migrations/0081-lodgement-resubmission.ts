/**
 * Resubmission to the land registry inside the product (document 3 section 4.1; decision 0714).
 *
 * - lodgement_cases.resubmission_prepared_at: when a rejected case was prepared for resubmission (PATCH
 *   {status: RESUBMISSION_PREPARED}); null again once the new lodgement request is made. While set, the case's
 *   status before approval is RESUBMISSION_PREPARED and its applications may be changed although the workspace
 *   stays REQUISITIONED (locked).
 * - lodgement_requests.applications: the applications a request carried ([{documentId, documentType, name}]),
 *   written when it is made, so a rejected request keeps listing them after its applications were taken back
 *   for resubmission (their lodgement_request_id then names the new request). Null for a request made before
 *   this migration: its applications are read from the documents that name it.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE lodgement_cases ADD COLUMN resubmission_prepared_at timestamptz`.execute(db);
  await sql`ALTER TABLE lodgement_requests ADD COLUMN applications jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE lodgement_requests DROP COLUMN IF EXISTS applications`.execute(db);
  await sql`ALTER TABLE lodgement_cases DROP COLUMN IF EXISTS resubmission_prepared_at`.execute(db);
}
