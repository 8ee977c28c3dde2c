/**
 * The provider API contract shared by the provider (which validates its requests and responses with
 * these schemas) and by the clients in core/ (which parse responses with them).
 */
import { z } from "zod";
import { ENVIRONMENTS, FLAG_NAMES } from "./feature-flags.js";

/** Claims in the provider's JWT access tokens, beyond the registered ones (sub, aud, exp, iss, jti). */
export const CLAIMS = {
  /** Named roles for the selected subscriber (custom namespace claim). */
  roles: "https://convey.example/roles",
  /** Functional permissions derived from the roles. */
  permissions: "permissions",
  subscriberId: "subscriber_id",
  subscriberType: "subscriber_type",
  /** The grant the token belongs to; revoking the grant revokes the token. */
  grantId: "gid",
} as const;

/** The audience (resource indicator) of access tokens for the provider API. */
export const API_AUDIENCE = "urn:convey:api";
/** The extra authorization parameter that selects the subscriber (as Auth0's `organization`). */
export const ORGANIZATION_PARAM = "organization";
export const CORRELATION_ID_HEADER = "x-correlation-id";

export const ErrorBodySchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const PageInfoSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalRecords: z.number().int(),
  pageRecords: z.number().int(),
});
export type PageInfo = z.infer<typeof PageInfoSchema>;

export const PagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
});

export const FeatureFlagsQuerySchema = z.object({
  environment: z.enum(ENVIRONMENTS).optional(),
});
export const FeatureFlagsResponseSchema = z.object({
  environment: z.enum(ENVIRONMENTS),
  flags: z.record(z.string(), z.boolean()),
});
export type FeatureFlagsResponse = z.infer<typeof FeatureFlagsResponseSchema>;
export const FeatureFlagUpdateSchema = z.object({
  enabled: z.boolean(),
  environment: z.enum(ENVIRONMENTS).optional(),
});
export const FlagNameSchema = z.enum(FLAG_NAMES as unknown as [string, ...string[]]);
