/**
 * The workspace list's entries counted by the month they were created in (UTC), beside
 * `workspace_list_counts` and with the same keys (scope, status, transaction type, pending labels): a page
 * deep in the newest-first list finds, from these few rows, the month its first entry falls in and reads the
 * index from that month's end, so no page reads more than one month of a scope's entries past its own
 * (docs/decisions/0905-workspace-list-at-a-million.md). Kept by a statement-level trigger on the entries, as
 * the counts are, applying its deltas in key order.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`CREATE TABLE workspace_list_months (
      scope text NOT NULL,
      status text NOT NULL,
      transaction_type text NOT NULL,
      pending_labels integer NOT NULL,
      month timestamptz NOT NULL,
      n integer NOT NULL,
      PRIMARY KEY (scope, status, transaction_type, pending_labels, month)
    )`,
    sql`CREATE FUNCTION workspace_list_months_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO workspace_list_months AS m (scope, status, transaction_type, pending_labels, month, n)
          SELECT scope, status, transaction_type, pending_labels, date_trunc('month', created_at, 'UTC'), count(*) FROM new_rows
          GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
          ON CONFLICT (scope, status, transaction_type, pending_labels, month) DO UPDATE SET n = m.n + excluded.n;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO workspace_list_months AS m (scope, status, transaction_type, pending_labels, month, n)
          SELECT scope, status, transaction_type, pending_labels, date_trunc('month', created_at, 'UTC'), -count(*) FROM old_rows
          GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
          ON CONFLICT (scope, status, transaction_type, pending_labels, month) DO UPDATE SET n = m.n + excluded.n;
      ELSE
        INSERT INTO workspace_list_months AS m (scope, status, transaction_type, pending_labels, month, n)
          SELECT scope, status, transaction_type, pending_labels, month, sum(delta) FROM (
            SELECT scope, status, transaction_type, pending_labels, date_trunc('month', created_at, 'UTC') AS month, 1 AS delta FROM new_rows
            UNION ALL
            SELECT scope, status, transaction_type, pending_labels, date_trunc('month', created_at, 'UTC'), -1 FROM old_rows
          ) changes
          GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5
          ON CONFLICT (scope, status, transaction_type, pending_labels, month) DO UPDATE SET n = m.n + excluded.n;
      END IF;
      RETURN NULL;
    END $$`,
    sql`CREATE TRIGGER workspace_list_entries_months_insert AFTER INSERT ON workspace_list_entries
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_months_apply()`,
    sql`CREATE TRIGGER workspace_list_entries_months_update AFTER UPDATE ON workspace_list_entries
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_months_apply()`,
    sql`CREATE TRIGGER workspace_list_entries_months_delete AFTER DELETE ON workspace_list_entries
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_months_apply()`,
    // The entries already there.
    sql`INSERT INTO workspace_list_months (scope, status, transaction_type, pending_labels, month, n)
      SELECT scope, status, transaction_type, pending_labels, date_trunc('month', created_at, 'UTC'), count(*)
      FROM workspace_list_entries GROUP BY 1, 2, 3, 4, 5`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS workspace_list_entries_months_insert ON workspace_list_entries`.execute(db);
  await sql`DROP TRIGGER IF EXISTS workspace_list_entries_months_update ON workspace_list_entries`.execute(db);
  await sql`DROP TRIGGER IF EXISTS workspace_list_entries_months_delete ON workspace_list_entries`.execute(db);
  await sql`DROP FUNCTION IF EXISTS workspace_list_months_apply()`.execute(db);
  await sql`DROP TABLE IF EXISTS workspace_list_months`.execute(db);
}
