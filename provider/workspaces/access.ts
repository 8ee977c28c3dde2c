/**
 * Who may see and do what in a workspace (document 1 section 6, document 2 section 6).
 *
 * - Visibility, checked first: the caller's selected subscriber must be a participant; the helpdesk
 *   administrator sees every workspace. A workspace outside the caller's view answers 404 exactly like one
 *   that does not exist, on every endpoint and whatever the caller's permissions, so ids reveal nothing.
 * - Permission: an action of core's table (core/shared/permissions/actions.ts) needs its functional permissions
 *   from the token and, for anyone but the helpdesk administrator, its contextual permissions from the
 *   caller's participant role and the workspace's transaction type (403). Calls outside a workspace
 *   (create, search) check the functional part alone, before touching the database.
 */
import type { Selectable } from "kysely";
import { ACTION_PERMISSIONS, can, type Action, type PermissionSubject, type WorkspaceContext } from "../../core/shared/permissions/actions.js";
import { effectiveContextualPermissions } from "../../core/shared/permissions/contextual.js";
import { hasAllPermissions, hasAnyPermission, type Permission } from "../../core/shared/permissions/roles.js";
import type { BorrowerValidationStatus } from "../../core/parties/enums.js";
import { workspaceFlags } from "../../core/workspaces/lifecycle.js";
import { editLock, EDIT_LOCK_TOOLTIPS, type WorkspaceStatus } from "../../core/workspaces/status.js";
import { badRequest, conflict, forbidden, notFound } from "../platform/errors.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import { isHelpdesk } from "../platform/access.js";
import type { DB, Trx } from "../platform/db/index.js";
import type { WorkspacesTable } from "../platform/db/schema.js";

export type WorkspaceRow = Selectable<WorkspacesTable> & { completion_date_text: string | null };

/** A workspace as one caller sees it. */
export interface CallerWorkspace {
  row: WorkspaceRow;
  /** The caller's participant in it; null for the helpdesk administrator. */
  participant: { participantId: string; role: string } | null;
  helpdesk: boolean;
  context: WorkspaceContext;
}

export const WORKSPACE_NOT_FOUND_MESSAGE = "There is no workspace with that id, or you are not a participant in it.";

export function subjectOf(caller: VerifiedCaller): PermissionSubject {
  return { permissions: caller.permissions, roles: caller.roles };
}

/** Whether the caller holds the action's functional permissions (its workspace aside). */
export function mayFunctional(caller: VerifiedCaller, action: Action): boolean {
  const rule = ACTION_PERMISSIONS[action];
  const held = caller.permissions;
  const functional = rule.functional as readonly Permission[];
  return "functionalMode" in rule && rule.functionalMode === "any" ? hasAnyPermission(held, functional) : hasAllPermissions(held, functional);
}

/** 403 unless the token carries the action's functional permissions (no database needed, so it comes first). */
export function requireFunctional(caller: VerifiedCaller, action: Action): void {
  if (!mayFunctional(caller, action)) throw forbidden();
}

/** 403 unless the caller may take the action in this workspace (functional and contextual). */
export function requireAction(caller: VerifiedCaller, action: Action, workspace: CallerWorkspace): void {
  if (!can(subjectOf(caller), action, workspace.context)) {
    throw forbidden("You do not have permission to do this in this workspace.");
  }
}

/**
 * The workspace if the caller may see it, else 404. With `lock`, the row is locked for the rest of the
 * transaction, so a concurrent write waits and then sees the new version.
 */
export async function findVisibleWorkspace(
  db: DB | Trx,
  caller: VerifiedCaller,
  workspaceId: string,
  options: { lock?: boolean } = {},
): Promise<CallerWorkspace> {
  const helpdesk = isHelpdesk(caller);
  if (!helpdesk && !caller.subscriberId) throw notFound(WORKSPACE_NOT_FOUND_MESSAGE);
  // The workspace and the caller's participant in it (at most one: one per subscriber) in one statement.
  let query = db
    .selectFrom("workspaces as w")
    .leftJoin("workspace_participants as cp", (join) =>
      join.onRef("cp.workspace_id", "=", "w.workspace_id").on("cp.subscriber_id", "=", helpdesk ? null : caller.subscriberId),
    )
    .selectAll("w")
    .select((eb) => [
      eb.cast<string | null>("w.completion_date", "text").as("completion_date_text"),
      "cp.participant_id as caller_participant_id",
      "cp.role as caller_participant_role",
    ])
    .where("w.workspace_id", "=", workspaceId);
  if (options.lock) query = query.forUpdate("w");
  const found = await query.executeTakeFirst();
  if (!found) throw notFound(WORKSPACE_NOT_FOUND_MESSAGE);
  const { caller_participant_id: participantId, caller_participant_role: role, ...row } = found;
  if (!helpdesk && (!participantId || !role)) throw notFound(WORKSPACE_NOT_FOUND_MESSAGE);
  const participant: CallerWorkspace["participant"] = helpdesk ? null : { participantId: participantId!, role: role! };
  return {
    row,
    participant,
    helpdesk,
    context: {
      participantRole: participant?.role ?? null,
      transactionType: row.transaction_type,
      contextualPermissions: participant ? effectiveContextualPermissions(participant.role, row.transaction_type) : null,
    },
  };
}

/** 409 with the spec's conflict message unless the caller wrote against the current version. */
export function requireVersion(workspace: CallerWorkspace, expectedVersion: number): void {
  if (workspace.row.version !== expectedVersion) throw conflict();
}

/** 400 when the workspace is cancelled or locked (edit actions are disabled), with core's explanation. */
export function requireEditable(workspace: CallerWorkspace): void {
  const flags = workspaceFlags({
    status: workspace.row.status as WorkspaceStatus,
    tasks: [],
    borrowersValidationStatus: workspace.row.borrowers_validation_status as BorrowerValidationStatus,
  });
  const lock = editLock(flags);
  if (lock) throw badRequest(EDIT_LOCK_TOOLTIPS[lock], lock === "cancelled" ? "WORKSPACE_CANCELLED" : "WORKSPACE_LOCKED");
}
