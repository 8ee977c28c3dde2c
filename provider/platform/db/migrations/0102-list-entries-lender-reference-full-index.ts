/**
 * The incoming lender's reference key indexed for every entry, those without one too (docs/decisions/0913).
 * Two letters of a lender's reference match nearly every workspace of that lender, and such a search is
 * counted by the entries it does not match: the keys below and above the prefix, and the entries without a
 * key, each a range of this index. Migration 0100 left the entries without a key out of it.
 */
import { sql, type Kysely } from "kysely";

const SORT_KEYS = sql`INCLUDE (transaction_type, completion_date, created_at, pending_labels)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX workspace_list_entries_lender_reference`.execute(db);
  await sql`CREATE INDEX workspace_list_entries_lender_reference ON workspace_list_entries (scope, status, lender_reference_key, workspace_id)
    ${SORT_KEYS}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX workspace_list_entries_lender_reference`.execute(db);
  await sql`CREATE INDEX workspace_list_entries_lender_reference ON workspace_list_entries (scope, status, lender_reference_key, workspace_id)
    ${SORT_KEYS} WHERE lender_reference_key IS NOT NULL`.execute(db);
}
