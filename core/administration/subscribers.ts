/**
 * Subscribers and subscriber users (document 1 section 3, document 3 section 3). The values are their own
 * display labels; their zod enums are in catalogue/administration.ts, so that browser code importing from
 * here does not load zod.
 */

export const SUBSCRIBER_ENTITY_TYPES = ["Lender", "Law Firm", "Conveyancing Firm"] as const;
export type SubscriberEntityType = (typeof SUBSCRIBER_ENTITY_TYPES)[number];

export const SUBSCRIBER_STATUSES = ["Active", "Suspended", "Pending"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const USER_STATUSES = ["Active", "Suspended", "Pending"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const AUTHENTICATION_TYPES = ["AUTH0_DATABASE_CONNECTION", "ENTERPRISE_CONNECTION"] as const;
export type AuthenticationType = (typeof AUTHENTICATION_TYPES)[number];

/** Initials for the avatar: first letter of the first and last names, upper-case. */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

export function fullName(user: { firstName: string; middleName?: string | null; lastName: string }): string {
  return [user.firstName, user.middleName, user.lastName].filter((part) => part && part.trim()).join(" ");
}
