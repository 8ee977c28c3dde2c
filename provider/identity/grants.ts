/**
 * Grants per subscriber (docs/architecture.md "Selecting and switching the subscriber"): a grant records the
 * subscriber it was issued for; an existing grant is reused only for that same subscriber, so asking for
 * another `organization` runs the interaction again, which issues a new grant without a password while the
 * provider's session holds the login.
 */
import type { KoaContextWithOIDC } from "oidc-provider";
import type Provider from "oidc-provider";
import { API_AUDIENCE, ORGANIZATION_PARAM } from "../../core/shared/contract.js";
import type { DB } from "../platform/db/index.js";
import { findUserById, mayReuseGrant } from "./access-policy.js";
import { clientIpOf } from "./client-ip.js";
import { grantSubscriberOf, recordGrantSubscriber } from "./grant-subscribers.js";

/** The resource server scope of the provider API. */
export const API_SCOPE = "api";
const BASE_OIDC_SCOPES = ["openid", "offline_access", "profile", "email"];

export function requestedOrganization(params: Record<string, unknown> | undefined): string | undefined {
  const value = params?.[ORGANIZATION_PARAM];
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

/** A new grant for everything the client asked for, bound to `subscriberId`. Returns the grant id. */
export async function issueGrant(
  provider: Provider,
  db: DB,
  input: { accountId: string; clientId: string; params: Record<string, unknown>; details: Record<string, unknown>; subscriberId: string | null },
): Promise<string> {
  const grant = new provider.Grant({ accountId: input.accountId, clientId: input.clientId });
  const requested = typeof input.params.scope === "string" ? input.params.scope.split(" ").filter(Boolean) : [];
  grant.addOIDCScope([...new Set([...BASE_OIDC_SCOPES, ...requested])].join(" "));
  const missingClaims = input.details.missingOIDCClaims;
  if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims.map(String));
  grant.addResourceScope(API_AUDIENCE, API_SCOPE);
  const grantId = await grant.save();
  await recordGrantSubscriber(db, grantId, input.subscriberId);
  return grantId;
}

const DEVICE_ROUTES = new Set(["code_verification", "device_resume"]);

/** The `loadExistingGrant` helper. */
export function createLoadExistingGrant(db: DB) {
  return async function loadExistingGrant(ctx: KoaContextWithOIDC) {
    const { oidc } = ctx;
    const { Grant } = oidc.provider;
    const decided = oidc.result?.consent?.grantId;
    if (decided) return Grant.find(decided);
    // Each device login gets a grant of its own, so that revoking one terminal leaves the others alone.
    if (DEVICE_ROUTES.has(oidc.route) || !oidc.session || !oidc.client) return undefined;

    const grantId = oidc.session.grantIdFor(oidc.client.clientId);
    if (!grantId) return undefined;
    const grant = await Grant.find(grantId);
    if (!grant?.accountId) return undefined;
    const recorded = await grantSubscriberOf(db, grantId);
    if (recorded === undefined) return undefined;
    const requested = requestedOrganization(oidc.params as Record<string, unknown> | undefined);
    if (requested !== undefined && requested !== recorded) return undefined;
    const user = await findUserById(db, grant.accountId);
    if (!user || !(await mayReuseGrant(db, user, recorded, clientIpOf(ctx.req)))) return undefined;
    return grant;
  };
}
