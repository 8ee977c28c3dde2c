/**
 * Server-side helpers of the workspace screens: core's workspace use-cases behind a .server module, and
 * the permission subject of the signed-in user.
 */
import type { PermissionSubject } from "../../../core/permissions/actions.js";
import type { UserSession } from "../../session/user-session.server";

export * from "../../../core/client/workspaces.js";

export function subjectOf(user: UserSession): PermissionSubject {
  return { permissions: user.claims.permissions, roles: user.claims.roles };
}
