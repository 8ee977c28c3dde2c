/**
 * The workspace reference id and the incoming lender's reference on the workspace list's entries, each with
 * an index per scope and status, so a search by either reads only the caller's scope by key prefix, however
 * short the prefix (docs/decisions/0910-reference-keys-in-scope.md). Before it, each was matched in the
 * global indexes of the workspaces and the references, and every match of every scope went into an array that
 * probed the scope: "WS-0" matches every workspace, and two letters of a lender's reference every workspace of
 * that lender, about 300 ms at 100,000 workspaces on PostgreSQL.
 *
 * The keys are in the C collation, so the indexes serve `LIKE 'prefix%'` whatever the database's collation.
 * An entry takes both keys as it is written (a row trigger: the reference id never changes); a change of the
 * incoming lender's reference reaches every entry of its workspace (a statement trigger on the references).
 */
import { sql, type Kysely } from "kysely";

const SORT_KEYS = sql`INCLUDE (transaction_type, completion_date, created_at, pending_labels)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`ALTER TABLE workspace_list_entries ADD COLUMN reference_key text COLLATE "C", ADD COLUMN lender_reference_key text COLLATE "C"`,
    // The one definition of a workspace's lender reference key: its incoming lender's reference, in lower case.
    sql`CREATE FUNCTION workspace_incoming_lender_key(workspace uuid) RETURNS text LANGUAGE sql STABLE AS $$
      SELECT lower(reference_number) FROM workspace_references
      WHERE workspace_id = workspace AND representative_role = 'INCOMING_LENDER'
    $$`,
    // The entries already there; their other columns do not change, so the entries' other triggers change nothing.
    sql`UPDATE workspace_list_entries AS e
      SET reference_key = w.workspace_reference_id, lender_reference_key = workspace_incoming_lender_key(e.workspace_id)
      FROM workspaces w WHERE w.workspace_id = e.workspace_id`,
    sql`ALTER TABLE workspace_list_entries ALTER COLUMN reference_key SET NOT NULL`,
    sql`CREATE INDEX workspace_list_entries_reference ON workspace_list_entries (scope, status, reference_key, workspace_id) ${SORT_KEYS}`,
    sql`CREATE INDEX workspace_list_entries_lender_reference ON workspace_list_entries (scope, status, lender_reference_key, workspace_id)
      ${SORT_KEYS} WHERE lender_reference_key IS NOT NULL`,

    sql`CREATE FUNCTION workspace_list_entries_reference_keys() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.reference_key := (SELECT workspace_reference_id FROM workspaces WHERE workspace_id = NEW.workspace_id);
      NEW.lender_reference_key := workspace_incoming_lender_key(NEW.workspace_id);
      RETURN NEW;
    END $$`,
    sql`CREATE TRIGGER workspace_list_entries_reference_keys BEFORE INSERT ON workspace_list_entries
      FOR EACH ROW EXECUTE FUNCTION workspace_list_entries_reference_keys()`,

    // Whatever changed among a workspace's references, its entries take its incoming lender's reference as it now is.
    sql`CREATE FUNCTION workspace_list_entries_set_lender_reference(workspace_ids uuid[]) RETURNS void LANGUAGE sql AS $$
      UPDATE workspace_list_entries AS e
        SET lender_reference_key = k.key
        FROM (
          SELECT w.workspace_id, workspace_incoming_lender_key(w.workspace_id) AS key
          FROM (SELECT DISTINCT id AS workspace_id FROM unnest(workspace_ids) AS ids (id)) w
        ) k
        WHERE e.workspace_id = k.workspace_id AND e.lender_reference_key IS DISTINCT FROM k.key
    $$`,
    sql`CREATE FUNCTION workspace_list_entries_from_references() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM workspace_list_entries_set_lender_reference(
          ARRAY(SELECT workspace_id FROM new_rows WHERE representative_role = 'INCOMING_LENDER'));
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM workspace_list_entries_set_lender_reference(
          ARRAY(SELECT workspace_id FROM old_rows WHERE representative_role = 'INCOMING_LENDER'));
      ELSE
        PERFORM workspace_list_entries_set_lender_reference(
          ARRAY(SELECT workspace_id FROM new_rows WHERE representative_role = 'INCOMING_LENDER'
                UNION SELECT workspace_id FROM old_rows WHERE representative_role = 'INCOMING_LENDER'));
      END IF;
      RETURN NULL;
    END $$`,
    sql`CREATE TRIGGER workspace_references_list_insert AFTER INSERT ON workspace_references
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_entries_from_references()`,
    sql`CREATE TRIGGER workspace_references_list_update AFTER UPDATE ON workspace_references
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_entries_from_references()`,
    sql`CREATE TRIGGER workspace_references_list_delete AFTER DELETE ON workspace_references
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_entries_from_references()`,

    // These served only the search's global matches, which read the entries' keys now.
    sql`DROP INDEX workspaces_postcode_key`,
    sql`DROP INDEX workspace_references_incoming_lender`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`CREATE INDEX workspaces_postcode_key ON workspaces (postcode_key text_pattern_ops) INCLUDE (workspace_id)`,
    sql`CREATE INDEX workspace_references_incoming_lender ON workspace_references (lower(reference_number) text_pattern_ops)
      INCLUDE (workspace_id) WHERE representative_role = 'INCOMING_LENDER'`,
    sql`DROP TRIGGER workspace_references_list_insert ON workspace_references`,
    sql`DROP TRIGGER workspace_references_list_update ON workspace_references`,
    sql`DROP TRIGGER workspace_references_list_delete ON workspace_references`,
    sql`DROP FUNCTION workspace_list_entries_from_references()`,
    sql`DROP FUNCTION workspace_list_entries_set_lender_reference(uuid[])`,
    sql`DROP TRIGGER workspace_list_entries_reference_keys ON workspace_list_entries`,
    sql`DROP FUNCTION workspace_list_entries_reference_keys()`,
    sql`DROP INDEX workspace_list_entries_lender_reference`,
    sql`DROP INDEX workspace_list_entries_reference`,
    sql`ALTER TABLE workspace_list_entries DROP COLUMN lender_reference_key, DROP COLUMN reference_key`,
    sql`DROP FUNCTION workspace_incoming_lender_key(uuid)`,
  ]) {
    await statement.execute(db);
  }
}
