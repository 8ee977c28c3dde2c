/**
 * Use-cases over the subscriber administration API (document 3 section 7.3), shared by the app and the
 * CLI. Each parses the provider's answer with the contract; refusals arrive as ProviderError.
 */
import {
  AuditEventsResponseSchema,
  BulkUsersResponseSchema,
  ExternalAuthorityIdentifiersResponseSchema,
  LodgementIdentifiersResponseSchema,
  CreatedUserSchema,
  ManagedUserSchema,
  ManagedUserSearchResponseSchema,
  NotificationRegistrationSchema,
  NotificationRegistrationsResponseSchema,
  RolesResponseSchema,
  SubscriberDetailsSchema,
  type BulkUserRow,
  type LodgementIdentifiersSave,
  type ManagedUser,
  type UserCreateRequest,
  type UserEdit,
} from "./api.js";
import { AssociatedSubscribersResponseSchema, type UserSearchRequest } from "./api.js";
import { call, type RequestContext } from "../shared/provider-client.js";
import { ProviderError } from "../shared/provider-errors.js";

const SUBSCRIBER = "/api/subscriber/v1";
const NOTIFICATION = "/api/notification/v2";
const segment = encodeURIComponent;

export async function listRoles(ctx: RequestContext, subscriberType?: string) {
  const { data } = await call(ctx, "GET", `${SUBSCRIBER}/roles`, {
    query: { subscriber_type: subscriberType },
    schema: RolesResponseSchema,
  });
  return data.roles.map((role) => role.name);
}

/** One page of a subscriber's users, each with the version an edit must carry. */
export async function searchManagedUsers(ctx: RequestContext, search: UserSearchRequest) {
  const { data } = await call(ctx, "POST", `${SUBSCRIBER}/subscriber-users/search`, {
    body: search,
    reads: true,
    schema: ManagedUserSearchResponseSchema,
  });
  return data;
}

/** Every user of a subscriber matching the search, page after page (the total may be a lower bound: read until a short page). */
export async function listAllManagedUsers(
  ctx: RequestContext,
  search: Omit<UserSearchRequest, "page" | "limit">,
): Promise<ManagedUser[]> {
  const users: ManagedUser[] = [];
  for (let page = 1; ; page++) {
    const result = await searchManagedUsers(ctx, { ...search, page, limit: ALL_PAGE });
    users.push(...result.records);
    if (result.records.length < ALL_PAGE || (!result.page.totalIsLowerBound && users.length >= result.page.totalRecords)) return users;
  }
}

const ALL_PAGE = 1000;

/**
 * Every user of a subscriber matching the search, in email order, a page of up to 1,000 at a time as the
 * provider answers it: each page continues after the last email of the one before (afterEmail), so every
 * page is read from the email index however far in. The next page is asked for as soon as a full one
 * arrives, so the provider reads it while the caller writes this one out; never more than one page ahead
 * (`convey users export`: docs/decisions/0902-users-export-streams.md).
 */
export async function* managedUserPagesByEmail(
  ctx: RequestContext,
  search: Omit<UserSearchRequest, "page" | "limit" | "sortBy" | "sortOrder" | "afterEmail">,
  limit = ALL_PAGE,
): AsyncGenerator<ManagedUser[]> {
  // Asked for at once and awaited later: a failure meanwhile is thrown where the page is awaited, and is
  // not reported as unhandled while the caller is still writing the page before it.
  const pageAfter = (afterEmail: string | undefined) => {
    const page = searchManagedUsers(ctx, { ...search, sortBy: "email", sortOrder: "ASC", afterEmail, page: 1, limit }).then(({ records }) => records);
    page.catch(() => undefined);
    return page;
  };
  let next: Promise<ManagedUser[]> | null = pageAfter(undefined);
  while (next) {
    const records: ManagedUser[] = await next;
    next = records.length < limit ? null : pageAfter(records[records.length - 1]!.email);
    if (records.length > 0) yield records;
  }
}

export async function getManagedUser(ctx: RequestContext, subscriberUserId: string) {
  const { data } = await call(ctx, "GET", `${SUBSCRIBER}/subscriber-users/${segment(subscriberUserId)}`, {
    schema: ManagedUserSchema,
  });
  return data;
}

/** The user with this email among the users of `subscriberId` (every user the caller may see when none), with their roles there. */
async function userByEmail(ctx: RequestContext, email: string, subscriberId: string | undefined): Promise<ManagedUser | undefined> {
  const { records } = await searchManagedUsers(ctx, { email, subscriberId, page: 1, limit: 1 });
  return records[0];
}

/**
 * The one user with this email among those the caller may see, with the version a change must carry (at
 * `subscriberId` when named, otherwise as the provider answers for the user); 404 ProviderError when none.
 */
export async function findManagedUserByEmail(ctx: RequestContext, email: string, subscriberId?: string): Promise<ManagedUser> {
  const found = await userByEmail(ctx, email, subscriberId);
  if (!found) throw new ProviderError(404, "USER_NOT_FOUND", `No user with the email ${email}`, "");
  return subscriberId ? found : getManagedUser(ctx, found.subscriberUserId);
}

/**
 * One user as seen through `subscriberId`: with their roles there when a helpdesk administrator looks at
 * them through that subscriber (the provider's single fetch gives their primary subscriber's), otherwise as
 * the provider answers (a user of another subscriber is 404 there).
 */
export async function getManagedUserAt(ctx: RequestContext, subscriberUserId: string, subscriberId: string | null): Promise<ManagedUser> {
  const user = await getManagedUser(ctx, subscriberUserId);
  if (!subscriberId || user.subscriberId === subscriberId) return user;
  const there = await userByEmail(ctx, user.email, subscriberId);
  return there?.subscriberUserId === subscriberUserId ? there : user;
}

export async function createSubscriberUser(ctx: RequestContext, subscriberId: string, user: UserCreateRequest) {
  const { data } = await call(ctx, "POST", `${SUBSCRIBER}/subscribers/${segment(subscriberId)}/subscriber-users`, {
    body: user,
    schema: CreatedUserSchema,
  });
  return data;
}

/** Every change to a user carries the version it was made against (409 when someone else changed them since). */
export async function editSubscriberUser(ctx: RequestContext, subscriberUserId: string, edit: UserEdit, version: number) {
  const { data } = await call(ctx, "PATCH", `${SUBSCRIBER}/subscriber-users/${segment(subscriberUserId)}`, {
    body: { requestType: "PATCH_USER", ...edit },
    version,
    schema: ManagedUserSchema,
  });
  return data;
}

export async function resendActivationEmail(ctx: RequestContext, subscriberUserId: string, email: string, version: number) {
  const { data } = await call(ctx, "PATCH", `${SUBSCRIBER}/subscriber-users/${segment(subscriberUserId)}`, {
    body: { requestType: "RESEND_INVITATION", email },
    version,
    schema: ManagedUserSchema,
  });
  return data;
}

export async function setManagedUserStatus(
  ctx: RequestContext,
  subscriberUserId: string,
  status: "Active" | "Suspended",
  version: number,
  /** A helpdesk administrator's change at this subscriber only (without it: the account, everywhere). */
  subscriberId?: string,
) {
  const { data } = await call(ctx, "PATCH", `${SUBSCRIBER}/subscriber-users/${segment(subscriberUserId)}`, {
    body: subscriberId ? { status, subscriberId } : { status },
    version,
    schema: ManagedUserSchema,
  });
  return data;
}

/** Lifts the lock of a user's login after too many failed passwords (a user who is not blocked stays as is). */
export async function unblockManagedUser(ctx: RequestContext, subscriberUserId: string) {
  const { data } = await call(ctx, "POST", `${SUBSCRIBER}/subscriber-users/${segment(subscriberUserId)}/unblock`, {
    schema: ManagedUserSchema,
  });
  return data;
}

/** Up to 500 rows per call (BULK_USERS_MAX_ROWS); one result per row, in order. */
export async function bulkSubscriberUsers(
  ctx: RequestContext,
  subscriberId: string,
  rows: readonly BulkUserRow[],
  options: { dryRun?: boolean } = {},
) {
  const { data } = await call(ctx, "POST", `${SUBSCRIBER}/subscribers/${segment(subscriberId)}/subscriber-users/bulk`, {
    body: { rows, dryRun: options.dryRun ?? false },
    schema: BulkUsersResponseSchema,
  });
  return data;
}

/**
 * A page of every subscriber (helpdesk administrator), or of the caller's own, sorted by name; `name` keeps
 * those whose name contains it. The page size is the caller's to give (no default): nothing loads every
 * subscriber by accident (docs/decisions/0906-subscriber-lists-page.md).
 */
export async function listSubscribers(
  ctx: RequestContext,
  options: { types?: readonly string[]; page?: number; limit: number; name?: string },
) {
  const { data } = await call(ctx, "GET", `${SUBSCRIBER}/subscribers`, {
    query: {
      page: options.page ?? 1,
      limit: options.limit,
      type: options.types && options.types.length > 0 ? options.types.join(",") : undefined,
      name: options.name || undefined,
    },
    schema: AssociatedSubscribersResponseSchema,
  });
  return data;
}

export async function getSubscriberDetails(ctx: RequestContext, subscriberId: string) {
  const { data } = await call(ctx, "GET", `${SUBSCRIBER}/subscribers/${segment(subscriberId)}/details`, {
    schema: SubscriberDetailsSchema,
  });
  return data;
}

/** Replaces the IP allow list; an empty list removes the restriction. */
export async function setIpAllowList(
  ctx: RequestContext,
  subscriberId: string,
  addresses: readonly string[],
  version: number,
) {
  const { data } = await call(ctx, "PATCH", `${SUBSCRIBER}/idp-metadata/${segment(subscriberId)}/USER_IP_WHITELIST`, {
    body: { type: "USER_IP_WHITELIST", data: { metadata: addresses } },
    version,
    schema: SubscriberDetailsSchema,
  });
  return data;
}

export async function setSsoClientSecret(
  ctx: RequestContext,
  subscriberId: string,
  connectionId: string,
  clientSecret: string,
  version: number,
) {
  const { data } = await call(ctx, "PATCH", `${SUBSCRIBER}/idp-sso/${segment(subscriberId)}`, {
    query: { connection_id: connectionId },
    body: { clientSecret },
    version,
    schema: SubscriberDetailsSchema,
  });
  return data;
}

export async function getExternalAuthorityIdentifiers(ctx: RequestContext, subscriberId: string) {
  const { data } = await call(
    ctx,
    "GET",
    `${SUBSCRIBER}/lodging-party/${segment(subscriberId)}/ext-authority-identifiers`,
    { schema: ExternalAuthorityIdentifiersResponseSchema },
  );
  return data.records;
}

export async function getLodgementIdentifiers(ctx: RequestContext, subscriberId?: string) {
  const { data } = await call(ctx, "GET", `${SUBSCRIBER}/lodgement-identifiers`, {
    query: { subscriberId },
    schema: LodgementIdentifiersResponseSchema,
  });
  return data;
}

/**
 * Creates (status 201, `version` null: 409 if they exist by now) or updates the identifiers at the version the
 * user saw (200; 409 when someone else saved since); on an update a password left out keeps the stored one.
 */
export async function saveLodgementIdentifiers(ctx: RequestContext, save: LodgementIdentifiersSave, version: number | null) {
  const { data, status } = await call(ctx, "POST", `${SUBSCRIBER}/lodgement-identifiers`, {
    body: save,
    version: version ?? undefined,
    schema: LodgementIdentifiersResponseSchema,
  });
  return { created: status === 201, identifiers: data };
}

export interface RegistrationRequest {
  notificationType?: "EMAIL";
  attributes: { email: string };
  eventTypes: string[];
}

export async function listNotificationRegistrations(ctx: RequestContext, subscriberId?: string) {
  const { data } = await call(ctx, "GET", `${NOTIFICATION}/notification-registrations`, {
    query: { page: 1, limit: 20, subscriberId },
    schema: NotificationRegistrationsResponseSchema,
  });
  return data.records;
}

export async function createNotificationRegistration(
  ctx: RequestContext,
  registration: RegistrationRequest,
  subscriberId?: string,
) {
  const { data } = await call(ctx, "POST", `${NOTIFICATION}/notification-registrations`, {
    query: { subscriberId },
    body: { notificationType: "EMAIL", ...registration },
    schema: NotificationRegistrationSchema,
  });
  return data;
}

export async function updateNotificationRegistration(
  ctx: RequestContext,
  registrationId: string,
  registration: RegistrationRequest,
  version: number,
) {
  const { data } = await call(ctx, "PUT", `${NOTIFICATION}/notification-registrations/${segment(registrationId)}`, {
    body: { notificationType: "EMAIL", ...registration },
    version,
    schema: NotificationRegistrationSchema,
  });
  return data;
}

export async function listAuditEvents(
  ctx: RequestContext,
  query: { subscriberId?: string; action?: string; page?: number; limit?: number } = {},
) {
  const { data } = await call(ctx, "GET", `${SUBSCRIBER}/audit-events`, {
    query: { page: query.page ?? 1, limit: query.limit ?? 20, subscriberId: query.subscriberId, action: query.action },
    schema: AuditEventsResponseSchema,
  });
  return data;
}
