/**
 * The postcode key on the workspace list's entries, with an index per scope and status, so a postcode search
 * reads only the caller's scope by key prefix (docs/decisions/0908-name-keys-in-scope.md). Before it, the
 * workspaces' postcode index gave every matching workspace of every scope (a district such as "BS1" matches
 * about 17,000 of 1,000,000) and the scope's primary key was probed once for each.
 *
 * The two functions of migration 0010 that write the entries copy the key as they copy the status and dates;
 * the key is in the C collation, so the index serves `LIKE 'prefix%'` whatever the database's collation.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`ALTER TABLE workspace_list_entries ADD COLUMN postcode_key text COLLATE "C"`,
    // The entries already there; their other keys do not change, so the entries' triggers change nothing else.
    sql`UPDATE workspace_list_entries AS e SET postcode_key = w.postcode_key FROM workspaces w WHERE w.workspace_id = e.workspace_id`,
    sql`ALTER TABLE workspace_list_entries ALTER COLUMN postcode_key SET NOT NULL`,
    sql`CREATE INDEX workspace_list_entries_postcode ON workspace_list_entries (scope, status, postcode_key, workspace_id)
      INCLUDE (transaction_type, completion_date, created_at, pending_labels)`,
    sql`CREATE OR REPLACE FUNCTION workspace_list_entries_from_workspaces() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO workspace_list_entries (scope, workspace_id, status, transaction_type, completion_date, created_at, pending_labels, postcode_key)
          SELECT '*', workspace_id, status, transaction_type, completion_date, created_at, pending_labels, postcode_key FROM new_rows;
      ELSE
        UPDATE workspace_list_entries AS e
          SET status = n.status, transaction_type = n.transaction_type, completion_date = n.completion_date,
              created_at = n.created_at, pending_labels = n.pending_labels, postcode_key = n.postcode_key
          FROM new_rows n JOIN old_rows o ON o.workspace_id = n.workspace_id
          WHERE e.workspace_id = n.workspace_id
            AND (o.status, o.transaction_type, o.completion_date, o.created_at, o.pending_labels, o.postcode_key)
                IS DISTINCT FROM (n.status, n.transaction_type, n.completion_date, n.created_at, n.pending_labels, n.postcode_key);
      END IF;
      RETURN NULL;
    END $$`,
    sql`CREATE OR REPLACE FUNCTION workspace_list_entries_from_participants() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO workspace_list_entries (scope, workspace_id, status, transaction_type, completion_date, created_at, pending_labels, postcode_key)
          SELECT p.subscriber_id, w.workspace_id, w.status, w.transaction_type, w.completion_date, w.created_at, w.pending_labels, w.postcode_key
          FROM new_rows p JOIN workspaces w ON w.workspace_id = p.workspace_id;
      ELSIF TG_OP = 'DELETE' THEN
        DELETE FROM workspace_list_entries AS e USING old_rows o
          WHERE e.scope = o.subscriber_id AND e.workspace_id = o.workspace_id;
      ELSE
        IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.participant_id = n.participant_id
                   WHERE (o.subscriber_id, o.workspace_id) IS DISTINCT FROM (n.subscriber_id, n.workspace_id)) THEN
          RAISE EXCEPTION 'A participant keeps its workspace and subscriber: remove it and add another instead';
        END IF;
      END IF;
      RETURN NULL;
    END $$`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`CREATE OR REPLACE FUNCTION workspace_list_entries_from_workspaces() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO workspace_list_entries (scope, workspace_id, status, transaction_type, completion_date, created_at, pending_labels)
          SELECT '*', workspace_id, status, transaction_type, completion_date, created_at, pending_labels FROM new_rows;
      ELSE
        UPDATE workspace_list_entries AS e
          SET status = n.status, transaction_type = n.transaction_type, completion_date = n.completion_date,
              created_at = n.created_at, pending_labels = n.pending_labels
          FROM new_rows n JOIN old_rows o ON o.workspace_id = n.workspace_id
          WHERE e.workspace_id = n.workspace_id
            AND (o.status, o.transaction_type, o.completion_date, o.created_at, o.pending_labels)
                IS DISTINCT FROM (n.status, n.transaction_type, n.completion_date, n.created_at, n.pending_labels);
      END IF;
      RETURN NULL;
    END $$`,
    sql`CREATE OR REPLACE FUNCTION workspace_list_entries_from_participants() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO workspace_list_entries (scope, workspace_id, status, transaction_type, completion_date, created_at, pending_labels)
          SELECT p.subscriber_id, w.workspace_id, w.status, w.transaction_type, w.completion_date, w.created_at, w.pending_labels
          FROM new_rows p JOIN workspaces w ON w.workspace_id = p.workspace_id;
      ELSIF TG_OP = 'DELETE' THEN
        DELETE FROM workspace_list_entries AS e USING old_rows o
          WHERE e.scope = o.subscriber_id AND e.workspace_id = o.workspace_id;
      ELSE
        IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.participant_id = n.participant_id
                   WHERE (o.subscriber_id, o.workspace_id) IS DISTINCT FROM (n.subscriber_id, n.workspace_id)) THEN
          RAISE EXCEPTION 'A participant keeps its workspace and subscriber: remove it and add another instead';
        END IF;
      END IF;
      RETURN NULL;
    END $$`,
    sql`DROP INDEX IF EXISTS workspace_list_entries_postcode`,
    sql`ALTER TABLE workspace_list_entries DROP COLUMN IF EXISTS postcode_key`,
  ]) {
    await statement.execute(db);
  }
}
