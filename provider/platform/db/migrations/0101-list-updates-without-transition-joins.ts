/**
 * The list projection follows an update of workspaces, of its entries and of participants without joining
 * the statement's old rows to its new ones. A trigger's statements keep, for the rest of the database session,
 * the plan they were first given, and a plan made for a transition table of a row or two (an update of one
 * workspace) joins two transition tables by a nested loop: neither has an index, so an update of n rows later
 * in the same session compared n × n rows (3,019 workspaces updated at once took 10.9 s after a one-row
 * update, 1.5 s before it; a PGlite bulk load of 25,000 stalled for many minutes). Every statement here joins a
 * transition table to an indexed table only, so any plan the session keeps stays linear:
 *
 * - workspaces → entries: the entries of the updated workspaces that differ from the workspace now (by the
 *   entries' workspace index), instead of the workspaces whose old and new rows differ;
 * - entries → name keys: likewise, the name keys that differ from their entry now (by the names' primary key);
 * - participants: a participant keeps its workspace and subscriber, checked on each row that changes either
 *   (a row trigger before the update), instead of a join of the old and new rows after it.
 *
 * Migrations 0098 and 0099's functions keep their update branches; no trigger calls them for an update now.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`CREATE FUNCTION workspace_list_entries_follow_workspaces() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE workspace_list_entries AS e
        SET status = n.status, transaction_type = n.transaction_type, completion_date = n.completion_date,
            created_at = n.created_at, pending_labels = n.pending_labels, postcode_key = n.postcode_key
        FROM new_rows n
        WHERE e.workspace_id = n.workspace_id
          AND (e.status, e.transaction_type, e.completion_date, e.created_at, e.pending_labels, e.postcode_key)
              IS DISTINCT FROM (n.status, n.transaction_type, n.completion_date, n.created_at, n.pending_labels, n.postcode_key);
      RETURN NULL;
    END $$`,
    sql`DROP TRIGGER workspaces_listed_update ON workspaces`,
    sql`CREATE TRIGGER workspaces_listed_update AFTER UPDATE ON workspaces
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_entries_follow_workspaces()`,

    sql`CREATE FUNCTION workspace_list_names_follow_entries() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE workspace_list_names AS x
        SET status = e.status, transaction_type = e.transaction_type, completion_date = e.completion_date,
            created_at = e.created_at, pending_labels = e.pending_labels
        FROM new_rows e
        WHERE x.workspace_id = e.workspace_id AND x.scope = e.scope
          AND (x.status, x.transaction_type, x.completion_date, x.created_at, x.pending_labels)
              IS DISTINCT FROM (e.status, e.transaction_type, e.completion_date, e.created_at, e.pending_labels);
      RETURN NULL;
    END $$`,
    sql`DROP TRIGGER workspace_list_entries_names_update ON workspace_list_entries`,
    sql`CREATE TRIGGER workspace_list_entries_names_update AFTER UPDATE ON workspace_list_entries
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_names_follow_entries()`,

    sql`CREATE FUNCTION workspace_participants_keep_workspace_and_subscriber() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'A participant keeps its workspace and subscriber: remove it and add another instead';
    END $$`,
    sql`DROP TRIGGER workspace_participants_listed_update ON workspace_participants`,
    sql`CREATE TRIGGER workspace_participants_listed_update BEFORE UPDATE OF subscriber_id, workspace_id ON workspace_participants
      FOR EACH ROW WHEN ((OLD.subscriber_id, OLD.workspace_id) IS DISTINCT FROM (NEW.subscriber_id, NEW.workspace_id))
      EXECUTE FUNCTION workspace_participants_keep_workspace_and_subscriber()`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`DROP TRIGGER workspace_participants_listed_update ON workspace_participants`,
    sql`CREATE TRIGGER workspace_participants_listed_update AFTER UPDATE ON workspace_participants
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_entries_from_participants()`,
    sql`DROP FUNCTION workspace_participants_keep_workspace_and_subscriber()`,
    sql`DROP TRIGGER workspace_list_entries_names_update ON workspace_list_entries`,
    sql`CREATE TRIGGER workspace_list_entries_names_update AFTER UPDATE ON workspace_list_entries
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_names_from_entries()`,
    sql`DROP FUNCTION workspace_list_names_follow_entries()`,
    sql`DROP TRIGGER workspaces_listed_update ON workspaces`,
    sql`CREATE TRIGGER workspaces_listed_update AFTER UPDATE ON workspaces
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_entries_from_workspaces()`,
    sql`DROP FUNCTION workspace_list_entries_follow_workspaces()`,
  ]) {
    await statement.execute(db);
  }
}
