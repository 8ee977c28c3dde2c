/**
 * The workspace list's entries by workspace: the trigger that keeps them in step with `workspaces`
 * (0010-workspaces.ts, `workspace_list_entries_from_workspaces`) finds a changed workspace's entries by
 * `workspace_id` alone, which the primary key (scope, workspace_id) cannot serve. Without this index every
 * write that moves a workspace's version read all entries: 50 ms a write at 100,000 workspaces.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS workspace_list_entries_workspace ON workspace_list_entries (workspace_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS workspace_list_entries_workspace`.execute(db);
}
