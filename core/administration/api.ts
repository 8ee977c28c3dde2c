/**
 * The subscriber administration contract (document 3 sections 3 and 7.3): users, roles, subscribers and
 * their details, connection settings, notification registrations, authority and lodgement identifiers,
 * the bulk user call and the audit log. Request schemas only check shapes; the rules (names, roles, IP
 * addresses, secrets) are core's validation, applied by the provider so that it answers with their words.
 *
 * No response here carries a secret: client secrets and passwords appear only as `…Set` booleans.
 */
import { z } from "zod";
import {
  AuthenticationTypeSchema,
  AUTHORITY_TYPES,
  NOTIFICATION_TYPES,
  SettableUserStatusSchema,
  SubscriberEntityTypeSchema,
  SubscriberStatusSchema,
  USER_SORT_FIELDS,
  UserStatusSchema,
} from "./enums.js";
import { SortOrderSchema } from "../workspaces/enums.js";
import { PageInfoSchema, PagingQuerySchema } from "../shared/contract.js";

// ---------------------------------------------------------------------------------------------------
// Subscriber users and the subscribers a user belongs to

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

/** Role names a request may carry: at most as many as a user may hold, each of a role's length at most. */
const RoleNamesSchema = z.array(z.string().max(100)).max(20);

export const UserSearchRequestSchema = z.object({
  subscriberId: z.string().optional(),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(1000).default(10),
  subscriberUserName: z.string().optional(),
  email: z.string().optional(),
  status: z.array(UserStatusSchema).optional(),
  /** Users with any of these roles. */
  roleNames: RoleNamesSchema.optional(),
  sortBy: z.enum(USER_SORT_FIELDS).default("firstName"),
  sortOrder: SortOrderSchema.default("ASC"),
  /**
   * Only users whose email sorts after this one (with sortBy email, ASC): the next page of an export read
   * from the index, however far in (docs/decisions/0902-users-export-streams.md).
   */
  afterEmail: z.string().max(320).optional(),
});
export type UserSearchRequest = z.input<typeof UserSearchRequestSchema>;

/**
 * The page info of the users search: totalRecords is exact unless totalIsLowerBound, when more users than
 * that match (counting stops past 1,000, or past the page asked for: docs/decisions/0901-users-search-total-bound.md).
 */
export const UserPageInfoSchema = PageInfoSchema.extend({ totalIsLowerBound: z.boolean().default(false) });
export type UserPageInfo = z.output<typeof UserPageInfoSchema>;
export const UserSearchResponseSchema = z.object({
  records: z.array(SubscriberUserSchema),
  page: UserPageInfoSchema,
});

export const UserStatusChangeSchema = z.object({ status: SettableUserStatusSchema });

// ---------------------------------------------------------------------------------------------------
// Administration

const id = z.string().min(1).max(200);
/** Generous upper bounds on free text: the rules of section 5.3 give the real limits and their messages. */
const text = (max = 1000) => z.string().max(max);

/** A subscriber user as administration sees them: with the version an edit must carry. */
export const ManagedUserSchema = SubscriberUserSchema.extend({
  version: z.number().int(),
  /** When the last invitation (or re-sent activation email) was recorded; null when none was. */
  invitationSentAt: z.string().nullable(),
  /**
   * Until when the user's login is locked after too many failed passwords (an ISO time); null or absent when
   * it is not. Shown as Blocked; lifted by an unblock (POST subscriber-users/{id}/unblock) or an unsuspension.
   */
  loginBlockedUntil: z.string().nullable().optional(),
});
export type ManagedUser = z.infer<typeof ManagedUserSchema>;

/** The answer to a single create: the user, and why their invitation email was not sent (null when it was). */
/**
 * A user after POST …/subscriber-users: `invited` false when the email was an existing account that became a
 * user of this subscriber too (the helpdesk administrator's add: nobody is invited); `invitationFailure`
 * why a new user's invitation was not sent.
 */
export const CreatedUserSchema = ManagedUserSchema.extend({ invited: z.boolean(), invitationFailure: z.string().nullable() });
export type CreatedUser = z.infer<typeof CreatedUserSchema>;

export const ManagedUserSearchResponseSchema = z.object({
  records: z.array(ManagedUserSchema),
  page: UserPageInfoSchema,
});

/** POST /api/subscriber/v1/subscribers/{id}/subscriber-users */
export const UserCreateRequestSchema = z.object({
  firstName: text(),
  middleName: text().nullish(),
  lastName: text(),
  email: text(320),
  roleNames: RoleNamesSchema,
});
export type UserCreateRequest = z.infer<typeof UserCreateRequestSchema>;

/** PATCH …/subscriber-users/{id}, status change: Active ↔ Suspended (requestType may be left out). */
export const UserStatusPatchSchema = z
  .object({
    requestType: z.literal("STATUS").optional(),
    status: SettableUserStatusSchema,
    /**
     * A helpdesk administrator's change at this subscriber only; without it the helpdesk administrator
     * changes the account, at every subscriber of the user. Anyone else acts at their own subscriber.
     */
    subscriberId: id.optional(),
  })
  .strict();
/** PATCH …/subscriber-users/{id}, edit: names and roles (email is not editable). */
export const UserEditPatchSchema = z
  .object({
    requestType: z.literal("PATCH_USER"),
    firstName: text(),
    middleName: text().nullish(),
    lastName: text(),
    roleNames: RoleNamesSchema,
    /** The subscriber whose roles change (helpdesk administrators; others edit at their own subscriber). */
    subscriberId: id.optional(),
  })
  .strict();
/** The edit itself, as the client sends it and the service applies it. */
export type UserEdit = Omit<z.infer<typeof UserEditPatchSchema>, "requestType">;
/** PATCH …/subscriber-users/{id}, re-send the activation email of a Pending user. */
export const UserResendInvitationPatchSchema = z
  .object({
    requestType: z.literal("RESEND_INVITATION"),
    email: text(320),
  })
  .strict();
export const UserPatchRequestSchema = z.discriminatedUnion("requestType", [
  UserEditPatchSchema,
  UserResendInvitationPatchSchema,
  UserStatusPatchSchema,
]);
export type UserPatchRequest = z.infer<typeof UserPatchRequestSchema>;

/** GET /api/subscriber/v1/roles?subscriber_type= */
export const RolesQuerySchema = z.object({ subscriber_type: text(100).optional() });
export const RolesResponseSchema = z.object({ roles: z.array(z.object({ name: z.string() })) });

/** POST /api/subscriber/v1/subscribers (helpdesk administrator): a new subscriber, Active, without users yet. */
export const SubscriberCreateRequestSchema = z.object({ name: text(1000), entityType: text(100) });
export type SubscriberCreateRequest = z.infer<typeof SubscriberCreateRequestSchema>;

/** GET /api/subscriber/v1/subscribers: `type` repeated or comma-separated (Lender, Law Firm, Conveyancing Firm). */
export const SubscribersQuerySchema = PagingQuerySchema.extend({
  "subscriber-user-id": z.string().optional(),
  type: z.union([text(200), z.array(text(200)).max(10)]).optional(),
  /** Only subscribers whose name contains this text, whatever its case (the helpdesk's subscriber selector). */
  name: text(200).optional(),
});

export const SsoConnectionSchema = z.object({
  connectionId: z.string(),
  clientId: z.string(),
  lastModifiedAt: z.string().nullable(),
  /** The secret itself is never returned; the app shows 30 asterisks when it is set. */
  clientSecretSet: z.boolean(),
});

export const IpAllowSchema = z.object({
  ipAddresses: z.array(z.string()),
  lastModifiedAt: z.string().nullable(),
  /** The full name of whoever changed the list last. */
  lastModifiedBy: z.string().nullable(),
});

/** GET /api/subscriber/v1/subscribers/{id}/details */
export const SubscriberDetailsSchema = z.object({
  subscriberId: z.string(),
  name: z.string(),
  entityType: SubscriberEntityTypeSchema,
  status: SubscriberStatusSchema,
  version: z.number().int(),
  /** Null when the caller may not see connection settings. */
  userAuthentication: z
    .object({ type: AuthenticationTypeSchema, sso: z.array(SsoConnectionSchema) })
    .nullable(),
  ipAllow: IpAllowSchema.nullable(),
});
export type SubscriberDetails = z.infer<typeof SubscriberDetailsSchema>;

/** PATCH /api/subscriber/v1/idp-metadata/{subscriberId}/USER_IP_WHITELIST; an empty list removes the restriction. */
export const IpAllowListUpdateSchema = z.object({
  type: z.literal("USER_IP_WHITELIST"),
  data: z.object({ metadata: z.array(text(200)).max(2500) }),
});
export const ConnectionMetadataParamsSchema = z.object({ subscriberId: id, type: text(100) });

/** PATCH /api/subscriber/v1/idp-sso/{subscriberId}?connection_id= */
export const SsoSecretUpdateSchema = z.object({ clientSecret: text() });
export const SsoSecretQuerySchema = z.object({ connection_id: id });

/** Notification registrations, /api/notification/v2/notification-registrations */
export const NotificationRegistrationRequestSchema = z.object({
  notificationType: z.enum(NOTIFICATION_TYPES).default("EMAIL"),
  attributes: z.object({ email: text(320) }),
  eventTypes: z.array(text(100)).max(20).default([]),
});
export const NotificationRegistrationSchema = z.object({
  registrationId: z.string(),
  subscriberId: z.string(),
  notificationType: z.enum(NOTIFICATION_TYPES),
  attributes: z.object({ email: z.string() }),
  eventTypes: z.array(z.string()),
  version: z.number().int(),
  lastModifiedAt: z.string(),
});
export type NotificationRegistration = z.infer<typeof NotificationRegistrationSchema>;
export const NotificationRegistrationsQuerySchema = PagingQuerySchema.extend({ subscriberId: id.optional() });
export const NotificationRegistrationsResponseSchema = z.object({
  records: z.array(NotificationRegistrationSchema),
  page: PageInfoSchema,
});

/** GET /api/subscriber/v1/lodging-party/{subscriberId}/ext-authority-identifiers */
export const ExternalAuthorityIdentifierSchema = z.object({
  authorityType: z.enum(AUTHORITY_TYPES),
  authorityAlias: z.string(),
  userName: z.string().nullable(),
  passwordSet: z.boolean(),
  storn: z.string().nullable(),
});
export const ExternalAuthorityIdentifiersResponseSchema = z.object({
  records: z.array(ExternalAuthorityIdentifierSchema),
});

/** GET and POST /api/subscriber/v1/lodgement-identifiers */
export const LodgementIdentifiersQuerySchema = z.object({ subscriberId: id.optional() });
const StoredCredentialSchema = z.object({ userName: z.string(), passwordSet: z.boolean() });
export const LodgementIdentifiersResponseSchema = z.object({
  subscriberId: z.string(),
  /** Null until they are first saved (the screen then creates them). */
  identifiers: z.object({ primary: StoredCredentialSchema, secondary: StoredCredentialSchema }).nullable(),
  version: z.number().int().nullable(),
  lastModifiedAt: z.string().nullable(),
  lastModifiedBy: z.string().nullable(),
});
export type LodgementIdentifiers = z.infer<typeof LodgementIdentifiersResponseSchema>;
/** A password left out (or sent as the five-asterisk mask) on an update keeps the stored one. */
const CredentialInputSchema = z.object({ userName: text(200), password: text(200).optional() });
export const LodgementIdentifiersSaveSchema = z.object({
  subscriberId: id.optional(),
  identifiers: z.object({ primary: CredentialInputSchema, secondary: CredentialInputSchema }),
});
export type LodgementIdentifiersSave = z.infer<typeof LodgementIdentifiersSaveSchema>;

/** POST /api/subscriber/v1/subscribers/{id}/subscriber-users/bulk */
export const BULK_USERS_MAX_ROWS = 500;
export const BulkUserRowSchema = z.object({
  email: text(320),
  firstName: text(),
  middleName: text().nullish(),
  lastName: text(),
  roleNames: RoleNamesSchema,
  status: SettableUserStatusSchema.optional(),
});
export type BulkUserRow = z.infer<typeof BulkUserRowSchema>;
export const BulkUsersRequestSchema = z.object({
  rows: z.array(BulkUserRowSchema).min(1).max(BULK_USERS_MAX_ROWS),
  /** Say what would happen, change nothing. */
  dryRun: z.boolean().default(false),
});
export const BULK_OUTCOMES = ["created", "updated", "suspended", "unsuspended", "unchanged", "refused"] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];
export const BulkUserResultSchema = z.object({
  /** The row's position in the call, from 0. */
  index: z.number().int(),
  email: z.string(),
  outcome: z.enum(BULK_OUTCOMES),
  /** What changed (firstName, middleName, lastName, roleNames, status, membership), for updated rows. */
  changes: z.array(z.string()),
  /** Why a row was refused; for a created row, why its invitation email was not sent (null when it was). */
  reason: z.string().nullable(),
  subscriberUserId: z.string().nullable(),
});
export type BulkUserResult = z.infer<typeof BulkUserResultSchema>;
export const BulkUsersResponseSchema = z.object({
  dryRun: z.boolean(),
  results: z.array(BulkUserResultSchema),
});

/** GET /api/subscriber/v1/audit-events */
export const AuditEventsQuerySchema = PagingQuerySchema.extend({
  subscriberId: id.optional(),
  action: text(100).optional(),
});
export const AuditEventSchema = z.object({
  auditEventId: z.string(),
  occurredAt: z.string(),
  actorUserId: z.string().nullable(),
  actorName: z.string().nullable(),
  subscriberId: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
  correlationId: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;
export const AuditEventsResponseSchema = z.object({
  records: z.array(AuditEventSchema),
  page: PageInfoSchema,
});
