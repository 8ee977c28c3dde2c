/**
 * Covering indexes for the workspace search (docs/decisions/0201-workspace-search.md), found by EXPLAIN at
 * 100,000 workspaces:
 *
 * - PostgreSQL uses an expression index for an index-only scan only when the columns inside the expression
 *   are in the index too; without them every applicant name match visited the heap. The name indexes now
 *   INCLUDE the name columns, and the incoming lender reference index its column.
 * - The list projection's primary key (scope, workspace_id) is probed once per text match; it now carries
 *   the filter and sort keys, so a probe never visits the heap either.
 */
import { sql, type Kysely } from "kysely";

const APPLICANT = sql`WHERE role IN ('BORROWER', 'BUYER')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`DROP INDEX workspace_parties_applicant_surname`,
    sql`DROP INDEX workspace_parties_applicant_forenames_surname`,
    sql`DROP INDEX workspace_parties_applicant_surname_forenames`,
    sql`DROP INDEX workspace_parties_applicant_organisation`,
    sql`DROP INDEX workspace_references_incoming_lender`,
    sql`CREATE INDEX workspace_parties_applicant_surname ON workspace_parties (lower(surname) text_pattern_ops)
      INCLUDE (workspace_id, surname) ${APPLICANT}`,
    sql`CREATE INDEX workspace_parties_applicant_forenames_surname ON workspace_parties
      (lower(forenames || ' ' || surname) text_pattern_ops) INCLUDE (workspace_id, forenames, surname) ${APPLICANT}`,
    sql`CREATE INDEX workspace_parties_applicant_surname_forenames ON workspace_parties
      (lower(surname || ' ' || forenames) text_pattern_ops) INCLUDE (workspace_id, forenames, surname) ${APPLICANT}`,
    sql`CREATE INDEX workspace_parties_applicant_organisation ON workspace_parties (lower(organisation_name) text_pattern_ops)
      INCLUDE (workspace_id, organisation_name) ${APPLICANT}`,
    sql`CREATE INDEX workspace_references_incoming_lender ON workspace_references (lower(reference_number) text_pattern_ops)
      INCLUDE (workspace_id, reference_number) WHERE representative_role = 'INCOMING_LENDER'`,
    sql`ALTER TABLE workspace_list_entries DROP CONSTRAINT workspace_list_entries_pkey`,
    sql`ALTER TABLE workspace_list_entries ADD CONSTRAINT workspace_list_entries_pkey PRIMARY KEY (scope, workspace_id)
      INCLUDE (status, transaction_type, completion_date, created_at, pending_labels)`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`ALTER TABLE workspace_list_entries DROP CONSTRAINT workspace_list_entries_pkey`,
    sql`ALTER TABLE workspace_list_entries ADD CONSTRAINT workspace_list_entries_pkey PRIMARY KEY (scope, workspace_id)`,
    sql`DROP INDEX workspace_references_incoming_lender`,
    sql`CREATE INDEX workspace_references_incoming_lender ON workspace_references (lower(reference_number) text_pattern_ops)
      INCLUDE (workspace_id) WHERE representative_role = 'INCOMING_LENDER'`,
    sql`DROP INDEX workspace_parties_applicant_surname`,
    sql`DROP INDEX workspace_parties_applicant_forenames_surname`,
    sql`DROP INDEX workspace_parties_applicant_surname_forenames`,
    sql`DROP INDEX workspace_parties_applicant_organisation`,
    sql`CREATE INDEX workspace_parties_applicant_surname ON workspace_parties (lower(surname) text_pattern_ops) INCLUDE (workspace_id) ${APPLICANT}`,
    sql`CREATE INDEX workspace_parties_applicant_forenames_surname ON workspace_parties
      (lower(forenames || ' ' || surname) text_pattern_ops) INCLUDE (workspace_id) ${APPLICANT}`,
    sql`CREATE INDEX workspace_parties_applicant_surname_forenames ON workspace_parties
      (lower(surname || ' ' || forenames) text_pattern_ops) INCLUDE (workspace_id) ${APPLICANT}`,
    sql`CREATE INDEX workspace_parties_applicant_organisation ON workspace_parties (lower(organisation_name) text_pattern_ops)
      INCLUDE (workspace_id) ${APPLICANT}`,
  ]) {
    await statement.execute(db);
  }
}
