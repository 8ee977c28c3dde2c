/**
 * Writing a workspace's state: its tasks, the pending quick-filter labels derived from them (core's
 * pendingQuickFilters, stored as a bit mask so the list can filter and count by label), the version bump
 * that every write ends with, and the audit trail. Any code that changes a workspace's tasks or status
 * must end with `commitWorkspaceChange`, in the same transaction, so the labels and the version follow.
 */
import { randomUUID } from "node:crypto";
import type { BorrowerValidationStatus } from "../../core/parties/enums.js";
import {
  pendingQuickFilters,
  quickFilterMask,
  type WorkspaceTask,
  type WorkspaceTaskName,
} from "../../core/workspaces/lifecycle.js";
import type { ParticipantRole } from "../../core/workspaces/enums.js";
import type { WorkspaceStatus } from "../../core/workspaces/status.js";
import { notFound } from "../platform/errors.js";
import { moveVersionOn } from "../platform/versions.js";
import { WORKSPACE_NOT_FOUND_MESSAGE } from "./access.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import type { RequestMeta } from "../platform/access.js";
import type { DB, Trx } from "../platform/db/index.js";
import type { WorkspacesTable } from "../platform/db/schema.js";
import type { Updateable } from "kysely";

/** A task as it is stored (the workspace detail reads them with its other rows: detail-rows.ts). */
export interface TaskRow {
  task_name: string;
  status: string;
  assignee_role: string | null;
  completed_by: string | null;
  completed_at: Date | string | null;
}

export async function readTasks(db: DB | Trx, workspaceId: string): Promise<WorkspaceTask[]> {
  const rows = await db
    .selectFrom("workspace_tasks")
    .select(["task_name", "status", "assignee_role", "completed_by", "completed_at"])
    .where("workspace_id", "=", workspaceId)
    .orderBy("task_name")
    .execute();
  return tasksFrom(rows);
}

export function tasksFrom(rows: readonly TaskRow[]): WorkspaceTask[] {
  return rows.map((row) => ({
    taskName: row.task_name as WorkspaceTaskName,
    status: row.status as WorkspaceTask["status"],
    assigneeRole: row.assignee_role as ParticipantRole | null,
    completedBy: row.completed_by,
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
  }));
}

function sameTask(a: WorkspaceTask, b: WorkspaceTask): boolean {
  return a.status === b.status && a.assigneeRole === b.assigneeRole && a.completedBy === b.completedBy && a.completedAt === b.completedAt;
}

/** Writes the difference between two task lists (by task name). */
export async function writeTasks(trx: Trx, workspaceId: string, before: readonly WorkspaceTask[], after: readonly WorkspaceTask[]): Promise<void> {
  const previous = new Map(before.map((task) => [task.taskName, task]));
  const next = new Map(after.map((task) => [task.taskName, task]));
  const removed = before.filter((task) => !next.has(task.taskName)).map((task) => task.taskName);
  if (removed.length > 0) {
    await trx.deleteFrom("workspace_tasks").where("workspace_id", "=", workspaceId).where("task_name", "in", removed).execute();
  }
  const changed = after.filter((task) => !previous.has(task.taskName) || !sameTask(previous.get(task.taskName)!, task));
  if (changed.length === 0) return;
  await trx
    .insertInto("workspace_tasks")
    .values(changed.map((task) => taskRow(workspaceId, task)))
    .onConflict((oc) =>
      oc.columns(["workspace_id", "task_name"]).doUpdateSet((eb) => ({
        status: eb.ref("excluded.status"),
        assignee_role: eb.ref("excluded.assignee_role"),
        completed_by: eb.ref("excluded.completed_by"),
        completed_at: eb.ref("excluded.completed_at"),
      })),
    )
    .execute();
}

export function taskRow(workspaceId: string, task: WorkspaceTask) {
  return {
    workspace_id: workspaceId,
    task_name: task.taskName,
    status: task.status,
    assignee_role: task.assigneeRole,
    completed_by: task.completedBy,
    completed_at: task.completedAt,
  };
}

/** The stored label mask of a workspace in a state. */
export function pendingLabelsOf(state: {
  status: WorkspaceStatus;
  tasks: readonly WorkspaceTask[];
  borrowersValidationStatus: BorrowerValidationStatus;
}): number {
  return quickFilterMask(pendingQuickFilters(state));
}

/**
 * Ends a write: moves the version on from the one the writer read (provider/platform/versions.ts: 409 when
 * it has moved on) and sets the changed columns with the labels recomputed. Returns the new version.
 */
export async function commitWorkspaceChange(
  trx: Trx,
  workspaceId: string,
  expectedVersion: number,
  state: { status: WorkspaceStatus; tasks: readonly WorkspaceTask[]; borrowersValidationStatus: BorrowerValidationStatus },
  changes: Updateable<WorkspacesTable> = {},
): Promise<number> {
  const version = await moveVersionOn(trx, {
    table: "workspaces",
    id: workspaceId,
    expected: expectedVersion,
    missing: () => notFound(WORKSPACE_NOT_FOUND_MESSAGE),
  });
  await trx
    .updateTable("workspaces")
    .set({ ...changes, status: state.status, pending_labels: pendingLabelsOf(state), updated_at: new Date() })
    .where("workspace_id", "=", workspaceId)
    .execute();
  return version;
}

export const WorkspaceEvent = {
  CREATED: "WORKSPACE_CREATED",
  APPROVED: "WORKSPACE_APPROVED",
  UNAPPROVED: "WORKSPACE_UNAPPROVED",
  CANCELLED: "WORKSPACE_CANCELLED",
  REFERENCE_ADDED: "WORKSPACE_REFERENCE_ADDED",
  REFERENCE_EDITED: "WORKSPACE_REFERENCE_EDITED",
  PARTICIPANT_ADDED: "WORKSPACE_PARTICIPANT_ADDED",
  PARTY_ADDED: "WORKSPACE_PARTY_ADDED",
  PARTY_EDITED: "WORKSPACE_PARTY_EDITED",
  PARTY_DELETED: "WORKSPACE_PARTY_DELETED",
  REPRESENTATION_CONFIRMED: "WORKSPACE_REPRESENTATION_CONFIRMED",
  LAW_FIRM_EDITED: "WORKSPACE_LAW_FIRM_EDITED",
  SECURITY_ADDRESS_EDITED: "WORKSPACE_SECURITY_ADDRESS_EDITED",
  TITLE_SEARCHED: "WORKSPACE_TITLE_SEARCHED",
  TITLE_SEARCH_ANSWERED: "WORKSPACE_TITLE_SEARCH_ANSWERED",
  PROPRIETOR_SET_INCOMING: "WORKSPACE_PROPRIETOR_SET_INCOMING",
  PROPRIETOR_SET_OUTGOING: "WORKSPACE_PROPRIETOR_SET_OUTGOING",
  MISMATCH_RESOLVED: "WORKSPACE_MISMATCH_RESOLVED",
} as const;
export type WorkspaceEvent = (typeof WorkspaceEvent)[keyof typeof WorkspaceEvent];

/**
 * An audit event about a workspace, in the writer's transaction (the audit_events table of migration 0001).
 * `action` is one of an area's event names (WorkspaceEvent here, FinancialEvent in provider/financials).
 */
export async function recordWorkspaceEvent(
  trx: Trx,
  caller: Pick<VerifiedCaller, "userId" | "subscriberId">,
  action: string,
  workspaceId: string,
  details: Record<string, unknown>,
  meta: RequestMeta,
): Promise<void> {
  await trx
    .insertInto("audit_events")
    .values({
      audit_event_id: randomUUID(),
      actor_user_id: caller.userId,
      subscriber_id: caller.subscriberId,
      action,
      target: workspaceId,
      details: JSON.stringify(details),
      ip_address: meta.ipAddress,
      correlation_id: meta.correlationId,
    })
    .execute();
}
