/**
 * What every write to a workspace's parties, representation or law firms ends with, in its transaction:
 * the tasks derived from the parties and participants (core/parties/rules.ts) are brought up to date and
 * the workspace's change is committed (version moved on, pending labels recomputed). The title match
 * refresh of the proprietor matching belongs here too, so that any party change re-derives it.
 */
import type { BorrowerValidationStatus } from "../../core/parties/enums.js";
import { deriveTasks, partyTasksDone } from "../../core/parties/rules.js";
import type { WorkspaceStatus } from "../../core/workspaces/status.js";
import type { Trx } from "../platform/db/index.js";
import type { WorkspacesTable } from "../platform/db/schema.js";
import { commitWorkspaceChange, readTasks, writeTasks } from "../workspaces/state.js";
import { addressesByParty, partyAddressRows, partyFacts, partyRows } from "./read.js";
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

/** Re-derives the area's tasks and commits the workspace change; answers the new version. */
export async function afterPartiesChanged(trx: Trx, workspaceId: string, change: PartiesChange): Promise<number> {
  const [workspace, tasks, parties, addresses, participants] = await Promise.all([
    trx.selectFrom("workspaces").select(["status", "borrowers_validation_status"]).where("workspace_id", "=", workspaceId).executeTakeFirstOrThrow(),
    readTasks(trx, workspaceId),
    partyRows(trx, workspaceId),
    partyAddressRows(trx, workspaceId),
    trx.selectFrom("workspace_participants").select("role").where("workspace_id", "=", workspaceId).execute(),
  ]);
  const done = partyTasksDone({
    parties: partyFacts(parties, addressesByParty(addresses)),
    participantRoles: participants.map((participant) => participant.role),
  });
  const nextTasks = deriveTasks(tasks, done, change.actor, change.at);
  await writeTasks(trx, workspaceId, tasks, nextTasks);
  return commitWorkspaceChange(
    trx,
    workspaceId,
    change.expectedVersion,
    {
      status: workspace.status as WorkspaceStatus,
      tasks: nextTasks,
      borrowersValidationStatus: workspace.borrowers_validation_status as BorrowerValidationStatus,
    },
    change.changes ?? {},
  );
}
