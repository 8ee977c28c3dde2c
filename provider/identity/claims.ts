/**
 * The product's claims in every access token (docs/architecture.md "Access token claims"), computed from the
 * database on every issue and refresh, so a role change reaches the next token.
 */
import { errors } from "oidc-provider";
import { CLAIMS } from "../../core/shared/contract.js";
import { LOGIN_REFUSALS, notPartOfOrganization } from "../../core/identity/login-errors.js";
import { permissionsForRoles } from "../../core/shared/permissions/roles.js";
import type { DB } from "../platform/db/index.js";
import {
  associatedSubscriber,
  findUserById,
  isMembershipActive,
  isUserInGoodStanding,
  standingRefusal,
  subscriberName,
} from "./access-policy.js";
import { grantSubscriberOf } from "./grant-subscribers.js";
import { findScriptClient } from "./script-clients.js";

/** invalid_grant with a description the client sees (errors.InvalidGrant keeps its detail private). */
const refuse = (description: string) => new errors.CustomOIDCProviderError("invalid_grant", description);

export interface ProductClaims {
  roles: string[];
  permissions: string[];
  subscriberId: string | null;
  subscriberType: string | null;
}

/** Roles, permissions and subscriber for `userId` acting for `subscriberId` (null: no subscriber). */
export async function productClaims(db: DB, userId: string, subscriberId: string | null): Promise<ProductClaims> {
  const user = await findUserById(db, userId);
  if (!user) throw refuse("the user no longer exists");
  let subscriberRoles: string[] = [];
  let subscriberType: string | null = null;
  if (subscriberId !== null) {
    const subscriber = await associatedSubscriber(db, userId, subscriberId);
    if (!subscriber) throw refuse(notPartOfOrganization(userId, await subscriberName(db, subscriberId)));
    if (!isMembershipActive(subscriber)) throw refuse(LOGIN_REFUSALS.suspendedByUserManager);
    subscriberRoles = subscriber.roleNames;
    subscriberType = subscriber.entityType;
  }
  const roles = currentRoles(subscriberRoles, user.globalRoles);
  return { roles, permissions: permissionsForRoles(roles), subscriberId, subscriberType };
}

/**
 * A user's roles for a subscriber: those held there, then their global ones (the helpdesk administrator's).
 * Tokens carry them as issued; every API call is authorised by them as they are now (verify.ts).
 */
export function currentRoles(subscriberRoles: readonly string[], globalRoles: readonly string[]): string[] {
  return [...new Set([...subscriberRoles, ...globalRoles])];
}

function asClaims(claims: ProductClaims): Record<string, unknown> {
  return {
    [CLAIMS.roles]: claims.roles,
    [CLAIMS.permissions]: claims.permissions,
    [CLAIMS.subscriberId]: claims.subscriberId,
    [CLAIMS.subscriberType]: claims.subscriberType,
  };
}

/** Claims of a user's access token: the subscriber recorded for its grant. */
export async function accessTokenClaims(db: DB, accountId: string, grantId: string): Promise<Record<string, unknown>> {
  const subscriberId = (await grantSubscriberOf(db, grantId)) ?? null;
  return { ...asClaims(await productClaims(db, accountId, subscriberId)), [CLAIMS.grantId]: grantId };
}

/**
 * Claims of a script client's token: its bound user (as `sub`, moved into place by the JWT customizer),
 * subscriber and roles. Refused when the client is revoked or the user is not Active or is blocked.
 */
export async function clientCredentialsClaims(db: DB, clientId: string): Promise<Record<string, unknown>> {
  const binding = await findScriptClient(db, clientId);
  if (!binding) throw new errors.InvalidClient("client is revoked");
  const user = await findUserById(db, binding.subscriberUserId);
  if (!user) throw refuse("the bound user no longer exists");
  if (!isUserInGoodStanding(user)) {
    throw refuse(standingRefusal(user, await subscriberName(db, binding.subscriberId)) ?? "user is not active");
  }
  return { sub: user.id, ...asClaims(await productClaims(db, user.id, binding.subscriberId)) };
}
