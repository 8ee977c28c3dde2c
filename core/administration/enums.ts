/** Enumerations of subscriber administration (document 3 sections 3 and 4.6). */
import { z } from "zod";
import { NAMED_ROLES } from "../shared/permissions/roles.js";
import { AUTHENTICATION_TYPES, SUBSCRIBER_ENTITY_TYPES, SUBSCRIBER_STATUSES, USER_STATUSES } from "./subscribers.js";
import { labelsFor } from "../shared/labels.js";

/**
 * The zod enums of subscribers, users and named roles (core/administration/subscribers.ts, core/shared/permissions/roles.ts hold the
 * values; those modules stay free of zod for the browser bundle).
 */
export const SubscriberEntityTypeSchema = z.enum(SUBSCRIBER_ENTITY_TYPES);
export const SubscriberStatusSchema = z.enum(SUBSCRIBER_STATUSES);
export const UserStatusSchema = z.enum(USER_STATUSES);
/** The statuses a user can be set to (suspend, unsuspend, an import row): a Pending user only becomes Active by activating. */
export const SettableUserStatusSchema = UserStatusSchema.exclude(["Pending"]);
export type SettableUserStatus = z.infer<typeof SettableUserStatusSchema>;
export const AuthenticationTypeSchema = z.enum(AUTHENTICATION_TYPES);
export const NamedRoleSchema = z.enum(NAMED_ROLES);

export const REGULATORS = [
  "Financial Conduct Authority",
  "Solicitors Regulation Authority",
  "Council for Licensed Conveyancers",
] as const;
export type Regulator = (typeof REGULATORS)[number];
export const RegulatorSchema = z.enum(REGULATORS);

export const COMPANY_TYPES = [
  "Sole trader",
  "Partnership",
  "Limited liability partnership",
  "Limited company",
  "Mutual company",
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];
export const CompanyTypeSchema = z.enum(COMPANY_TYPES);

export const NOTIFICATION_TYPES = ["EMAIL"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_EVENT_TYPES = ["LODGEMENT_CASE_REQUISITIONED"] as const;
export type NotificationEventType = (typeof NOTIFICATION_EVENT_TYPES)[number];
export const NotificationEventTypeSchema = z.enum(NOTIFICATION_EVENT_TYPES);
export const NOTIFICATION_EVENT_TYPE_LABELS: Readonly<Record<NotificationEventType, string>> = {
  LODGEMENT_CASE_REQUISITIONED: "New requisition",
};

export const CONNECTION_METADATA_TYPES = ["USER_IP_WHITELIST"] as const;
export const AUTHORITY_TYPES = ["LODGEMENT", "REVENUE"] as const;
export type AuthorityType = (typeof AUTHORITY_TYPES)[number];
export const AUTHORITY_ALIASES: Readonly<Record<AuthorityType, string>> = { LODGEMENT: "hmlr", REVENUE: "hmrc" };

export const USER_SORT_FIELDS = ["firstName", "email"] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export const ORGANISATION_TABS = ["communication", "connection", "transaction"] as const;
export type OrganisationTab = (typeof ORGANISATION_TABS)[number];
export const ORGANISATION_TAB_LABELS: Readonly<Record<OrganisationTab, string>> = {
  communication: "Communication settings",
  connection: "Connection settings",
  transaction: "Transaction settings",
};

export const USER_AUTHENTICATION_LABELS = labelsFor(AUTHENTICATION_TYPES, {
  AUTH0_DATABASE_CONNECTION: "MFA",
  ENTERPRISE_CONNECTION: "SSO",
});

/** Masks of stored secrets. */
export const MASKED_CLIENT_SECRET = "*".repeat(30);
export const MASKED_PASSWORD = "*".repeat(5);

/** Administration constants of document 3 section 9. */
export const ADMINISTRATION_LIMITS = {
  name: 100,
  notificationEmail: 50,
  clientSecret: 100,
  ipAllowListText: 5000,
  usersPageSizes: { default: 10, options: [10, 20] },
  subscriberSelectorLimit: 1000,
  notificationRegistrationsLimit: 20,
  subscriberDetailsStaleMs: 60_000,
  userPrefetchStaleMs: 10_000,
  userHoverDebounceMs: 100,
  userQueryStaleMs: 60_000,
  profilePanelWidthPx: 464,
} as const;
