/**
 * What every write to a workspace's parties, representation or law firms ends with, in its transaction:
 * the proprietor match is re-derived (provider/title: the borrowers validation status and the title's
 * tasks), the tasks derived from the parties and participants (core/parties/rules.ts) are brought up to
 * date, and the workspace's change is committed (version moved on, pending labels recomputed).
 */
import type { Trx } from "../platform/db/index.js";
import type { WorkspacesTable } from "../platform/db/schema.js";
import { refreshProprietorMatch } from "../title/service.js";
import { commitWorkspaceChange, writeTasks } from "../workspaces/state.js";
import { withPartyTasks } from "./tasks.js";
import type { Updateable } from "kysely";

export interface PartiesChange {
  /** The version the writer read (checked again as the version moves on). */
  expectedVersion: number;
  /** Who completes the tasks that become done (a user id). */
  actor: string;
  /** The product's time now, ISO. */
  at: string;
  /** Columns of the workspace row the write changes as well (the security address). */
  changes?: Updateable<WorkspacesTable>;
}

/** Re-derives the proprietor match and the area's tasks and commits the workspace change; answers the new version. */
export async function afterPartiesChanged(trx: Trx, workspaceId: string, change: PartiesChange): Promise<number> {
  const matched = await refreshProprietorMatch(trx, workspaceId, new Date(change.at));
  const tasks = await withPartyTasks(trx, workspaceId, matched.tasks, change.actor, change.at);
  await writeTasks(trx, workspaceId, matched.tasks, tasks);
  return commitWorkspaceChange(
    trx,
    workspaceId,
    change.expectedVersion,
    { status: matched.status, tasks, borrowersValidationStatus: matched.borrowersValidationStatus },
    { ...change.changes, borrowers_validation_status: matched.borrowersValidationStatus },
  );
}
