/**
 * Lodgement files (document 3 sections 3, 4.2, 6 and 7.1): a PDF uploaded to a workspace's lodgement case,
 * kept in file storage (provider/documents/storage.ts) under `storage_key`, scanned for viruses after the
 * upload (upload_status PENDING until the scan job answers SUCCESS, VIRUS_FOUND or FAILED), and viewable by
 * the organisations its policy names (the owner's always).
 *
 * - document_sub_type: UPLOADED (documents tab), WORKSPACE_UPLOADED (workspace supporting documents),
 *   RECEIVED (from the land registry), GENERATED / SIGNED / PRIMED as document 3 section 3 lists.
 * - policy: jsonb array of {principal, decision: "ALLOW", action: "VIEW"}; policy_owner is the uploading
 *   subscriber (subscriber ids are text, as in subscribers).
 * - A file row exists only once its bytes are fully stored: an upload cut off or refused leaves neither a row
 *   nor an object.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`CREATE TABLE lodgement_files (
      file_id uuid PRIMARY KEY,
      lodgement_case_id uuid NOT NULL REFERENCES lodgement_cases (lodgement_case_id) ON DELETE CASCADE,
      file_name text NOT NULL,
      document_type text NOT NULL,
      document_category text NOT NULL,
      document_sub_type text NOT NULL DEFAULT 'UPLOADED',
      content_type text NOT NULL DEFAULT 'application/pdf',
      size_bytes bigint NOT NULL,
      sha256 text NOT NULL,
      storage_key text NOT NULL UNIQUE,
      upload_status text NOT NULL DEFAULT 'PENDING'
        CHECK (upload_status IN ('PENDING', 'SUCCESS', 'VIRUS_FOUND', 'FAILED')),
      scan_detail text,
      scanned_at timestamptz,
      policy_owner text NOT NULL,
      policy jsonb NOT NULL DEFAULT '[]'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by text,
      last_modified_at timestamptz NOT NULL DEFAULT now(),
      last_modified_by text,
      version integer NOT NULL DEFAULT 1
    )`,
    sql`CREATE INDEX lodgement_files_by_case ON lodgement_files (lodgement_case_id, created_at DESC)`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS lodgement_files`.execute(db);
}
