/**
 * The provider API contract shared by the provider (which validates its requests and responses with
 * these schemas) and by the clients in core/ (which parse responses with them).
 */
import { z } from "zod";
import {
  AuthenticationTypeSchema,
  SettableUserStatusSchema,
  SubscriberEntityTypeSchema,
  SubscriberStatusSchema,
  USER_SORT_FIELDS,
  UserStatusSchema,
} from "../administration/enums.js";
import { SortOrderSchema } from "../workspaces/enums.js";
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

export const AssociatedSubscriberSchema = z.object({
  subscriberId: z.string(),
  name: z.string(),
  entityType: SubscriberEntityTypeSchema,
  status: SubscriberStatusSchema,
  isPrimary: z.boolean(),
  authenticationType: AuthenticationTypeSchema,
});
export type AssociatedSubscriber = z.infer<typeof AssociatedSubscriberSchema>;

export const AssociatedSubscribersQuerySchema = PagingQuerySchema.extend({
  "subscriber-user-id": z.string().optional(),
});
export const AssociatedSubscribersResponseSchema = z.object({
  records: z.array(AssociatedSubscriberSchema),
  page: PageInfoSchema,
});

export const SubscriberUserSchema = z.object({
  subscriberUserId: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  preferredName: z.string().nullable(),
  email: z.string(),
  jobTitle: z.string().nullable(),
  status: UserStatusSchema,
  subscriberId: z.string().nullable(),
  subscriber: z.string().nullable(),
  roleNames: z.array(z.string()),
  authenticationType: AuthenticationTypeSchema,
});
export type SubscriberUser = z.infer<typeof SubscriberUserSchema>;

export const SubscriberUserNamesQuerySchema = z.object({ ids: z.string().min(1) });
export const SubscriberUserNameSchema = z.object({
  subscriberUserId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export const SubscriberUserNamesResponseSchema = z.object({
  records: z.array(SubscriberUserNameSchema),
});

/** GET /api/v1/me: the caller as the token describes them, for the app header and `convey whoami`. */
export const MeResponseSchema = z.object({
  user: SubscriberUserSchema,
  selectedSubscriber: AssociatedSubscriberSchema.nullable(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});
export type Me = z.infer<typeof MeResponseSchema>;

export const UserSearchRequestSchema = z.object({
  subscriberId: z.string().optional(),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(1000).default(10),
  subscriberUserName: z.string().optional(),
  email: z.string().optional(),
  status: z.array(UserStatusSchema).optional(),
  roleNames: z.array(z.string()).optional(),
  sortBy: z.enum(USER_SORT_FIELDS).default("firstName"),
  sortOrder: SortOrderSchema.default("ASC"),
});
export type UserSearchRequest = z.input<typeof UserSearchRequestSchema>;
export const UserSearchResponseSchema = z.object({
  records: z.array(SubscriberUserSchema),
  page: PageInfoSchema,
});

export const UserStatusChangeSchema = z.object({ status: SettableUserStatusSchema });

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
