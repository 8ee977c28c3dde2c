/**
 * Attribute-based access control (document 1 section 6, document 2 section 6, document 3 section 6): behind
 * the flag attributeBasedAccessControlEnabled, the screens ask whether all or any of a set of actions are
 * authorised for the workspace, from the records the provider's authorization endpoint answers
 * (`GET /api/workspace/v1/workspaces/{workspaceId}/authorization`). A token is required; the helpdesk
 * administrator bypasses the check; for anyone else the records are fetched ahead (prefetched).
 */
import { isFlagOn, type FlagSet } from "../feature-flags.js";
import { isHelpdeskAdministrator } from "./roles.js";
import type { Action, Mode } from "./actions.js";

/** One record of the authorization endpoint's answer. */
export interface AuthorizationRecord {
  action: string;
  isAuthorized: boolean;
}

export interface AttributeBasedAccessCheck {
  /** The access token; without one nothing is authorised. */
  accessToken: string | null | undefined;
  roles: readonly string[];
  /** The workspace's authorization records; null or undefined while not fetched. */
  records: readonly AuthorizationRecord[] | null | undefined;
  actions: readonly Action[];
  mode: Mode;
}

/**
 * Whether all (or any) of the actions are authorised for the workspace. No token: never. The helpdesk
 * administrator: always. Anyone else: by the records, an action without a record counting as refused, and
 * nothing authorised before the records arrive.
 */
export function attributeBasedAccess(check: AttributeBasedAccessCheck): boolean {
  if (!check.accessToken) return false;
  if (isHelpdeskAdministrator(check.roles)) return true;
  if (!check.records) return false;
  const authorised = new Set(check.records.filter((record) => record.isAuthorized).map((record) => record.action));
  return check.mode === "all" ? check.actions.every((action) => authorised.has(action)) : check.actions.some((action) => authorised.has(action));
}

/** Whether the workspace's authorization records are fetched ahead: flag on, a token, not the helpdesk. */
export function prefetchesAuthorization(input: { flags: FlagSet; accessToken: string | null | undefined; roles: readonly string[] }): boolean {
  return isFlagOn(input.flags, "attributeBasedAccessControlEnabled") && Boolean(input.accessToken) && !isHelpdeskAdministrator(input.roles);
}
