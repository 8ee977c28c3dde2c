/**
 * Lodgement documents and requests (document 3 sections 3, 4.1-4.3 and 7.1; decisions 0710 and 0712).
 *
 * - lodgement_cases gains its own status (core LODGEMENT_CASE_STATUSES, CREATED until the applications are
 *   ready), hard_locked (set once lodged: the applications can no longer change) and a version (If-Match of
 *   the case's writes; it moves on with every change to the case, its documents or its requests).
 * - lodgement_documents: applications (APPLICATION_DOCUMENT, derived from the workspace and kept in line with
 *   it: application_key names the workspace fact each comes from, e.g. MORTGAGE_DEED or DISCHARGE:C1), the
 *   supporting documents made from a scanned file (file_id, one document per file) and attached to an
 *   application (parent_document_id), and the correspondence of a lodgement request (REQUISITION_DOCUMENT:
 *   RECEIVED from the registry with its text, UPLOADED replies with their file).
 * - lodgement_requests: one per submission to the land registry, with the registry's answer and its dates;
 *   requisition_deadline is 12:00 London on the 15th business day after the requisition (r.197).
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`ALTER TABLE lodgement_cases
      ADD COLUMN status text NOT NULL DEFAULT 'CREATED',
      ADD COLUMN hard_locked boolean NOT NULL DEFAULT false,
      ADD COLUMN approved_at timestamptz,
      ADD COLUMN approved_by text,
      ADD COLUMN version integer NOT NULL DEFAULT 1`,
    sql`CREATE TABLE lodgement_requests (
      lodgement_request_id uuid PRIMARY KEY,
      lodgement_case_id uuid NOT NULL REFERENCES lodgement_cases (lodgement_case_id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'PENDING',
      outcome text CHECK (outcome IN ('REGISTERED', 'REQUISITIONED', 'REJECTED')),
      registry_reference text,
      submitted_at timestamptz NOT NULL,
      rejected_at timestamptz,
      registered_at timestamptz,
      requisitioned_at timestamptz,
      requisition_deadline timestamptz,
      requisition_submitted_at timestamptz,
      -- When the registry is next asked about it (its answer, product clock); null once it has answered for good.
      answer_due_at timestamptz,
      land_registry_fee bigint NOT NULL DEFAULT 0,
      created_by text
    )`,
    sql`CREATE INDEX lodgement_requests_by_case ON lodgement_requests (lodgement_case_id, submitted_at DESC)`,
    // The registry job's two scans: answers due, and requisitions whose reply deadline has passed.
    sql`CREATE INDEX lodgement_requests_answer_due ON lodgement_requests (answer_due_at) WHERE answer_due_at IS NOT NULL`,
    sql`CREATE INDEX lodgement_requests_requisition_open ON lodgement_requests (requisition_deadline)
      WHERE outcome = 'REQUISITIONED' AND requisition_submitted_at IS NULL AND rejected_at IS NULL`,
    sql`CREATE TABLE lodgement_documents (
      document_id uuid PRIMARY KEY,
      lodgement_case_id uuid NOT NULL REFERENCES lodgement_cases (lodgement_case_id) ON DELETE CASCADE,
      document_type text NOT NULL,
      document_category text NOT NULL,
      sub_type text NOT NULL,
      status text NOT NULL DEFAULT 'PREPARED',
      application_key text,
      name text NOT NULL,
      parent_document_id uuid REFERENCES lodgement_documents (document_id) ON DELETE SET NULL,
      file_id uuid UNIQUE REFERENCES lodgement_files (file_id) ON DELETE RESTRICT,
      correspondence_text text,
      certification_type text,
      transaction_value bigint,
      consideration_type text,
      mortgage_deed_reference text,
      mortgage_deed_reference_type text,
      signature_type text,
      signature_format text,
      restriction_type text,
      charge_identifier text,
      entry_number text,
      application_parties jsonb NOT NULL DEFAULT '[]'::jsonb,
      lodgement_request_id uuid REFERENCES lodgement_requests (lodgement_request_id) ON DELETE SET NULL,
      attached_before_approval boolean NOT NULL DEFAULT false,
      submitted_at timestamptz,
      rejected_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by text,
      last_modified_at timestamptz NOT NULL DEFAULT now(),
      last_modified_by text,
      version integer NOT NULL DEFAULT 1
    )`,
    sql`CREATE UNIQUE INDEX lodgement_documents_application_key ON lodgement_documents (lodgement_case_id, application_key)
      WHERE application_key IS NOT NULL`,
    sql`CREATE INDEX lodgement_documents_by_case ON lodgement_documents (lodgement_case_id, created_at)`,
    sql`CREATE INDEX lodgement_documents_by_request ON lodgement_documents (lodgement_request_id) WHERE lodgement_request_id IS NOT NULL`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS lodgement_documents`.execute(db);
  await sql`DROP TABLE IF EXISTS lodgement_requests`.execute(db);
  await sql`ALTER TABLE lodgement_cases DROP COLUMN IF EXISTS status, DROP COLUMN IF EXISTS hard_locked,
    DROP COLUMN IF EXISTS approved_at, DROP COLUMN IF EXISTS approved_by, DROP COLUMN IF EXISTS version`.execute(db);
}
