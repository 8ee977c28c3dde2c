/**
 * The user as the access token describes them (claim names from core's contract). The token is decoded,
 * not verified: the app received it directly from the token endpoint over TLS, and the provider verifies it
 * on every API call. Used on the server only; tokens never reach the browser.
 */
import { decodeJwt } from "jose";
import { z } from "zod";
import { CLAIMS } from "../shared/contract.js";

const AccessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  exp: z.number().optional(),
  iat: z.number().optional(),
  [CLAIMS.roles]: z.array(z.string()).default([]),
  [CLAIMS.permissions]: z.array(z.string()).default([]),
  [CLAIMS.subscriberId]: z.string().nullable().default(null),
  [CLAIMS.subscriberType]: z.string().nullable().default(null),
  [CLAIMS.grantId]: z.string().nullable().default(null),
});

export interface UserClaims {
  userId: string;
  roles: readonly string[];
  permissions: readonly string[];
  subscriberId: string | null;
  subscriberType: string | null;
  /** The provider grant the token belongs to (revoking it revokes the token). */
  grantId: string | null;
  /** Milliseconds since the epoch, when the token carries `exp`. */
  expiresAt: number | null;
  /** Milliseconds since the epoch, when the token carries `iat` (whole seconds). */
  issuedAt: number | null;
}

/**
 * The tokens decoded lately, by token: a page reads its token's claims several times (the session, the
 * role-change check, the feature flags, the header), and a token's claims never change. Bounded: the oldest
 * is dropped past DECODED_TOKENS_KEPT.
 */
const decoded = new Map<string, Readonly<UserClaims>>();
const DECODED_TOKENS_KEPT = 500;

/** The claims of an access token; the same frozen object for the same token (do not change it). */
export function readAccessToken(accessToken: string): Readonly<UserClaims> {
  const known = decoded.get(accessToken);
  if (known) return known;
  const claims = decodeAccessToken(accessToken);
  if (decoded.size >= DECODED_TOKENS_KEPT) decoded.delete(decoded.keys().next().value as string);
  decoded.set(accessToken, claims);
  return claims;
}

function decodeAccessToken(accessToken: string): Readonly<UserClaims> {
  const claims = AccessTokenClaimsSchema.parse(decodeJwt(accessToken));
  return Object.freeze({
    userId: claims.sub,
    roles: Object.freeze(claims[CLAIMS.roles]),
    permissions: Object.freeze(claims[CLAIMS.permissions]),
    subscriberId: claims[CLAIMS.subscriberId],
    subscriberType: claims[CLAIMS.subscriberType],
    grantId: claims[CLAIMS.grantId],
    expiresAt: claims.exp === undefined ? null : claims.exp * 1000,
    issuedAt: claims.iat === undefined ? null : claims.iat * 1000,
  });
}
