/**
 * Authorisation checks over the verified caller. The rules themselves (which roles grant which permissions,
 * who the helpdesk administrator is) live in core/shared/permissions/roles.ts; these helpers only apply them and refuse.
 */
import { hasAllPermissions, isHelpdeskAdministrator, type Permission } from "../../core/shared/permissions/roles.js";
import { forbidden } from "./errors.js";
import type { VerifiedCaller } from "../identity/oidc.js";

/** What a service needs to know about the request besides the caller: for audit events. */
export interface RequestMeta {
  correlationId: string;
  ipAddress: string | null;
}

export function isHelpdesk(caller: VerifiedCaller): boolean {
  return isHelpdeskAdministrator(caller.roles);
}

/** Refuses with 403 unless the caller's token carries every one of the functional permissions. */
export function requirePermission(caller: VerifiedCaller, ...permissions: Permission[]): void {
  if (!hasAllPermissions(caller.permissions, permissions)) throw forbidden();
}

export function requireHelpdeskAdministrator(caller: VerifiedCaller): void {
  if (!isHelpdesk(caller)) throw forbidden();
}
