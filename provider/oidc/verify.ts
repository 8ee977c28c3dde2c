/**
 * API authentication (docs/architecture.md "API authentication"): a bearer JWT is accepted when its
 * signature verifies against the provider's own keys, it has not expired, its issuer and audience are right,
 * its grant still exists (logout, revocation and suspension destroy grants) — or, for a script client's
 * token, the client is not revoked — and its user is Active and not blocked.
 */
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWK, type JWTPayload } from "jose";
import type Provider from "oidc-provider";
import { API_AUDIENCE, CLAIMS } from "../../core/api/contract.js";
import { LOGIN_REFUSALS } from "../../core/login-errors.js";
import type { ProviderConfig } from "../config.js";
import type { DB } from "../db/index.js";
import { findUserById } from "./access-policy.js";
import { findScriptClient } from "./script-clients.js";

export interface VerifiedCaller {
  userId: string;
  subscriberId: string | null;
  subscriberType: string | null;
  roles: string[];
  permissions: string[];
  /** The grant of the login; "" for a script client's token (client credentials have no grant). */
  grantId: string;
  clientId: string;
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

const stringsClaim = (payload: JWTPayload, name: string): string[] => {
  const value = payload[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
};

export function createAccessTokenVerifier(deps: { config: ProviderConfig; db: DB; provider: Provider }) {
  const { config, db, provider } = deps;
  const keys = createLocalJWKSet(publicJwks(config));

  return async function verifyAccessToken(token: string): Promise<VerifiedCaller> {
    if (!token) throw new InvalidTokenError("access token is missing");
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: config.issuer,
        audience: API_AUDIENCE,
        typ: "at+jwt",
        algorithms: ASYMMETRIC_ALGORITHMS,
        requiredClaims: ["sub", "exp", "client_id"],
      }));
    } catch (error) {
      throw new InvalidTokenError(describeJoseError(error));
    }

    const userId = payload.sub!;
    const clientId = stringClaim(payload, "client_id")!;
    const grantId = stringClaim(payload, CLAIMS.grantId);
    if (grantId) {
      const grant = await provider.Grant.find(grantId);
      if (!grant) throw new InvalidTokenError("access token grant has been revoked or has expired");
      if (grant.accountId !== userId || grant.clientId !== clientId) throw new InvalidTokenError("access token does not match its grant");
    } else {
      const client = await findScriptClient(db, clientId);
      if (!client) throw new InvalidTokenError("access token client has been revoked");
      if (client.subscriberUserId !== userId) throw new InvalidTokenError("access token does not match its client");
    }

    const user = await findUserById(db, userId);
    if (!user) throw new InvalidTokenError("access token user no longer exists");
    if (user.status === "Suspended") throw new InvalidTokenError(LOGIN_REFUSALS.suspended);
    if (user.blocked) throw new InvalidTokenError(LOGIN_REFUSALS.blocked);
    if (user.status !== "Active") throw new InvalidTokenError("user is not active");

    return {
      userId,
      subscriberId: stringClaim(payload, CLAIMS.subscriberId),
      subscriberType: stringClaim(payload, CLAIMS.subscriberType),
      roles: stringsClaim(payload, CLAIMS.roles),
      permissions: stringsClaim(payload, CLAIMS.permissions),
      grantId: grantId ?? "",
      clientId,
    };
  };
}
