/**
 * API authentication (docs/architecture.md "API authentication"): a bearer JWT is accepted when its
 * signature verifies against the provider's own keys, it has not expired, its issuer and audience are right,
 * its grant still exists (logout, revocation and suspension destroy grants) — or, for a script client's
 * token, the client is not revoked — its user is Active and not blocked, and not suspended at the token's
 * subscriber by its User Manager.
 *
 * The token's standing (grant or script client, user, the user's roles now, and the subscriber's IP allow
 * list for the next check) is read in one query on every call: it is never cached, so a revocation, a
 * suspension, a change of roles or a new allow list applies to the very next request, and a page's few API
 * calls each cost one round trip to check. The caller's roles and permissions are those the user holds now,
 * not the ones the token was issued with. Only the signature check, which cannot change for a given token,
 * is done once per token.
 */
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWK, type JWTPayload } from "jose";
import { sql } from "kysely";
import { LRUCache } from "lru-cache";
import { API_AUDIENCE, CLAIMS } from "../../core/shared/contract.js";
import { LOGIN_REFUSALS } from "../../core/identity/login-errors.js";
import type { ProviderConfig } from "../platform/config.js";
import type { DB } from "../platform/db/index.js";
import { permissionsForRoles } from "../../core/shared/permissions/roles.js";
import { currentRoles } from "./claims.js";

export interface VerifiedCaller {
  userId: string;
  subscriberId: string | null;
  subscriberType: string | null;
  roles: string[];
  permissions: string[];
  /** The grant of the login; "" for a script client's token (client credentials have no grant). */
  grantId: string;
  clientId: string;
  /** The selected subscriber's IP allow list, read with the token's standing (empty: no restriction). */
  ipAllowList: string[];
}

export class InvalidTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidTokenError";
  }
}

const PRIVATE_MEMBERS = new Set(["d", "p", "q", "dp", "dq", "qi", "oth", "k"]);
const ASYMMETRIC_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];

/** The public halves of the signing keys (symmetric keys are never used for access tokens). */
export function publicJwks(config: ProviderConfig): { keys: JWK[] } {
  const keys = config.jwks.keys
    .filter((key) => key.kty !== "oct")
    .map((key) => Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_MEMBERS.has(name))) as JWK);
  return { keys };
}

function describeJoseError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return "access token has expired";
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `access token ${error.claim} claim is invalid`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return "access token signature is invalid";
  if (error instanceof joseErrors.JWKSNoMatchingKey) return "access token is not signed by this provider";
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return "access token algorithm is not allowed";
  return "access token is malformed";
}

const stringClaim = (payload: JWTPayload, name: string): string | null =>
  typeof payload[name] === "string" && payload[name] ? (payload[name] as string) : null;

/** A JSON array of strings as the database driver hands it over (parsed, or as text). */
const strings = (value: unknown): string[] => {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
};

export function createAccessTokenVerifier(deps: { config: ProviderConfig; db: DB }) {
  const { config, db } = deps;
  const keys = createLocalJWKSet(publicJwks(config));

  // A token's signature and claims never change: each token is verified once, then its payload is kept
  // until the token expires. Its standing (below) is still read on every call.
  const verified = new LRUCache<string, JWTPayload>({ max: 20_000 });

  async function verifiedPayload(token: string): Promise<JWTPayload> {
    const known = verified.get(token);
    if (known && known.exp! * 1000 > Date.now()) return known;
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: config.issuer,
        audience: API_AUDIENCE,
        typ: "at+jwt",
        algorithms: ASYMMETRIC_ALGORITHMS,
        requiredClaims: ["sub", "exp", "client_id"],
      });
      verified.set(token, payload);
      return payload;
    } catch (error) {
      verified.delete(token);
      throw new InvalidTokenError(describeJoseError(error));
    }
  }

  return async function verifyAccessToken(token: string): Promise<VerifiedCaller> {
    if (!token) throw new InvalidTokenError("access token is missing");
    const payload = await verifiedPayload(token);

    const userId = payload.sub!;
    const clientId = stringClaim(payload, "client_id")!;
    const grantId = stringClaim(payload, CLAIMS.grantId);
    const subscriberId = stringClaim(payload, CLAIMS.subscriberId);
    const standing = await readStanding(db, { userId, clientId, grantId, subscriberId });
    if (grantId) {
      if (!standing.grantAccountId) throw new InvalidTokenError("access token grant has been revoked or has expired");
      if (standing.grantAccountId !== userId || standing.grantClientId !== clientId) throw new InvalidTokenError("access token does not match its grant");
    } else {
      if (!standing.scriptClientUserId) throw new InvalidTokenError("access token client has been revoked");
      if (standing.scriptClientUserId !== userId) throw new InvalidTokenError("access token does not match its client");
    }
    if (!standing.userStatus) throw new InvalidTokenError("access token user no longer exists");
    if (standing.userStatus === "Suspended") throw new InvalidTokenError(LOGIN_REFUSALS.suspended);
    if (standing.userBlocked) throw new InvalidTokenError(LOGIN_REFUSALS.blocked);
    if (standing.userStatus !== "Active") throw new InvalidTokenError("user is not active");
    if (standing.membershipStatus === "Suspended") throw new InvalidTokenError(LOGIN_REFUSALS.suspendedByUserManager);

    const roles = currentRoles(standing.membershipRoles, standing.globalRoles);
    return {
      userId,
      subscriberId,
      subscriberType: stringClaim(payload, CLAIMS.subscriberType),
      roles,
      permissions: permissionsForRoles(roles),
      grantId: grantId ?? "",
      clientId,
      ipAllowList: standing.ipAllowList,
    };
  };
}

interface Standing {
  grantAccountId: string | null;
  grantClientId: string | null;
  scriptClientUserId: string | null;
  userStatus: string | null;
  userBlocked: boolean;
  /** The user's status at the token's subscriber (null: no subscriber, or not associated). */
  membershipStatus: string | null;
  /** The roles the user holds now at the token's subscriber (none without one). */
  membershipRoles: string[];
  /** The user's global roles now (the helpdesk administrator's). */
  globalRoles: string[];
  ipAllowList: string[];
}

/**
 * Everything the token's acceptance depends on, in one round trip: the live grant (oidc_payloads, as the
 * adapter stores it: an expired row counts as gone) or the unrevoked script client, the user, their status
 * at the selected subscriber, and that subscriber's IP allow list. Always one row; a missing part is null.
 */
async function readStanding(
  db: DB,
  token: { userId: string; clientId: string; grantId: string | null; subscriberId: string | null },
): Promise<Standing> {
  const { rows } = await sql<{
    grant_account_id: string | null;
    grant_client_id: string | null;
    script_client_user_id: string | null;
    user_status: string | null;
    user_blocked: boolean | null;
    membership_status: string | null;
    membership_roles: unknown;
    global_roles: unknown;
    ip_allow_list: unknown;
  }>`
    SELECT g.payload->>'accountId' AS grant_account_id, g.payload->>'clientId' AS grant_client_id,
      c.subscriber_user_id AS script_client_user_id, u.status AS user_status, u.blocked AS user_blocked,
      m.status AS membership_status, m.role_names AS membership_roles, u.global_roles, s.ip_allow_list
    FROM (SELECT 1) AS one
    LEFT JOIN oidc_payloads g ON ${token.grantId !== null} AND g.model = 'Grant' AND g.id = ${token.grantId ?? ""}
      AND (g.expires_at IS NULL OR g.expires_at > now())
    LEFT JOIN script_clients c ON ${token.grantId === null} AND c.client_id = ${token.clientId} AND c.revoked_at IS NULL
    LEFT JOIN subscriber_users u ON u.subscriber_user_id = ${token.userId}
    LEFT JOIN user_subscribers m ON m.subscriber_user_id = ${token.userId} AND m.subscriber_id = ${token.subscriberId ?? ""}
    LEFT JOIN subscribers s ON s.subscriber_id = ${token.subscriberId ?? ""}`.execute(db);
  const row = rows[0];
  return {
    grantAccountId: row?.grant_account_id ?? null,
    grantClientId: row?.grant_client_id ?? null,
    scriptClientUserId: row?.script_client_user_id ?? null,
    userStatus: row?.user_status ?? null,
    userBlocked: row?.user_blocked === true,
    membershipStatus: row?.membership_status ?? null,
    membershipRoles: strings(row?.membership_roles),
    globalRoles: strings(row?.global_roles),
    ipAllowList: strings(row?.ip_allow_list),
  };
}
