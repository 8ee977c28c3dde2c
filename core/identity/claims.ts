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
  roles: string[];
  permissions: string[];
  subscriberId: string | null;
  subscriberType: string | null;
  /** The provider grant the token belongs to (revoking it revokes the token). */
  grantId: string | null;
  /** Milliseconds since the epoch, when the token carries `exp`. */
  expiresAt: number | null;
  /** Milliseconds since the epoch, when the token carries `iat` (whole seconds). */
  issuedAt: number | null;
}

export function readAccessToken(accessToken: string): UserClaims {
  const claims = AccessTokenClaimsSchema.parse(decodeJwt(accessToken));
  return {
    userId: claims.sub,
    roles: claims[CLAIMS.roles],
    permissions: claims[CLAIMS.permissions],
    subscriberId: claims[CLAIMS.subscriberId],
    subscriberType: claims[CLAIMS.subscriberType],
    grantId: claims[CLAIMS.grantId],
    expiresAt: claims.exp === undefined ? null : claims.exp * 1000,
    issuedAt: claims.iat === undefined ? null : claims.iat * 1000,
  };
}
