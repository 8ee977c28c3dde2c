/**
 * Who may log in, and for which subscriber (document 1 section 2.2, docs/architecture.md "Refusals at
 * login"). One decision serves the login form, the password-less subscriber switch (SSO) and the device
 * flow, so the same texts reach the client whatever the path:
 *   Suspended by the provider's support (the account's status) → `user is suspended`; blocked →
 *   `user is blocked`; not associated with the requested subscriber, or never activated (Pending) →
 *   `user <id> is not part of the <name> organization`; suspended at that subscriber by its User Manager
 *   (the association's status) → `user is suspended by a user manager`;
 *   the subscriber's non-empty IP allow list does not hold the caller's address →
 *   `Access denied for your IP address.`
 */
import { sql, type Selectable } from "kysely";
import { LOGIN_REFUSALS, notPartOfOrganization } from "../../core/identity/login-errors.js";
import type { DB } from "../platform/db/index.js";
import type { SubscriberUsersTable } from "../platform/db/schema.js";
import { isAddressAllowed } from "../platform/security/ip-allow-list.js";

export interface UserRecord {
  id: string;
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  status: string;
  blocked: boolean;
  failedLoginCount: number;
  passwordHash: string | null;
  globalRoles: string[];
}

export interface SelectedSubscriber {
  subscriberId: string;
  name: string;
  entityType: string;
  ipAllowList: string[];
  roleNames: string[];
  /** The user's status at this subscriber: Suspended when its User Manager suspended them there. */
  status: string;
}

export type AccessDecision =
  | { allowed: true; subscriber: SelectedSubscriber | null }
  | { allowed: false; description: string };

const USER_COLUMNS = [
  "subscriber_user_id",
  "email",
  "first_name",
  "middle_name",
  "last_name",
  "status",
  "blocked",
  "failed_login_count",
  "password_hash",
  "global_roles",
] as const;

type UserRow = Pick<Selectable<SubscriberUsersTable>, (typeof USER_COLUMNS)[number]>;

function toUser(row: UserRow): UserRecord {
  return {
    id: row.subscriber_user_id,
    email: row.email,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    status: row.status,
    blocked: row.blocked,
    failedLoginCount: row.failed_login_count,
    passwordHash: row.password_hash,
    globalRoles: Array.isArray(row.global_roles) ? row.global_roles : [],
  };
}

export async function findUserById(db: DB, userId: string): Promise<UserRecord | undefined> {
  const row = await db.selectFrom("subscriber_users").select(USER_COLUMNS).where("subscriber_user_id", "=", userId).executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function findUserByEmail(db: DB, email: string): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom("subscriber_users")
    .select(USER_COLUMNS)
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row ? toUser(row) : undefined;
}

/** Active and not blocked: the only users who get or keep tokens. */
export function isUserInGoodStanding(user: UserRecord | undefined): user is UserRecord {
  return user !== undefined && user.status === "Active" && !user.blocked;
}

/** The refusal text for a user who is not in good standing (status before block, as the provider reports). */
export function standingRefusal(user: UserRecord, subscriberName: string): string | undefined {
  if (user.status === "Suspended") return LOGIN_REFUSALS.suspended;
  if (user.blocked) return LOGIN_REFUSALS.blocked;
  if (user.status !== "Active") return notPartOfOrganization(user.id, subscriberName);
  return undefined;
}

/**
 * The user's association with a subscriber: the requested one, or else the primary one among those where
 * they are not suspended (the oldest association when none is marked primary; a suspended one only when
 * every one is). Undefined when the requested one is not associated; null when the user has no association
 * at all (the helpdesk administrator).
 */
export async function associatedSubscriber(
  db: DB,
  userId: string,
  organization: string | undefined,
): Promise<SelectedSubscriber | null | undefined> {
  let query = db
    .selectFrom("user_subscribers")
    .innerJoin("subscribers", "subscribers.subscriber_id", "user_subscribers.subscriber_id")
    .select([
      "subscribers.subscriber_id",
      "subscribers.name",
      "subscribers.entity_type",
      "subscribers.ip_allow_list",
      "user_subscribers.role_names",
      "user_subscribers.status",
    ])
    .where("user_subscribers.subscriber_user_id", "=", userId);
  query = organization
    ? query.where("user_subscribers.subscriber_id", "=", organization)
    : query
        .orderBy(sql`user_subscribers.status = ${MEMBERSHIP_SUSPENDED}`)
        .orderBy("user_subscribers.is_primary", "desc")
        .orderBy("user_subscribers.created_at", "asc");
  const row = await query.executeTakeFirst();
  if (!row) return organization ? undefined : null;
  return {
    subscriberId: row.subscriber_id,
    name: row.name,
    entityType: row.entity_type,
    ipAllowList: Array.isArray(row.ip_allow_list) ? row.ip_allow_list : [],
    roleNames: Array.isArray(row.role_names) ? row.role_names : [],
    status: row.status,
  };
}

const MEMBERSHIP_SUSPENDED = "Suspended";

/** Whether the user may act for this subscriber: not suspended there by its User Manager. */
export function isMembershipActive(subscriber: SelectedSubscriber): boolean {
  return subscriber.status !== MEMBERSHIP_SUSPENDED;
}

/** The subscriber's name, or its id when there is no such subscriber. */
export async function subscriberName(db: DB, subscriberId: string): Promise<string> {
  const row = await db.selectFrom("subscribers").select("name").where("subscriber_id", "=", subscriberId).executeTakeFirst();
  return row?.name ?? subscriberId;
}

/** Whether `user` may have a grant for the requested (or primary) subscriber from address `ip`. */
export async function decideAccess(
  db: DB,
  user: UserRecord,
  request: { organization: string | undefined; ip: string },
): Promise<AccessDecision> {
  const subscriber = await associatedSubscriber(db, user.id, request.organization);
  const name =
    subscriber?.name ?? (request.organization ? await subscriberName(db, request.organization) : "Convey");
  const refusal = standingRefusal(user, name);
  if (refusal) return { allowed: false, description: refusal };
  if (subscriber === undefined) return { allowed: false, description: notPartOfOrganization(user.id, name) };
  if (subscriber && !isMembershipActive(subscriber)) {
    return { allowed: false, description: LOGIN_REFUSALS.suspendedByUserManager };
  }
  if (subscriber && !isAddressAllowed(request.ip, subscriber.ipAllowList)) {
    return { allowed: false, description: LOGIN_REFUSALS.unrecognisedIp };
  }
  return { allowed: true, subscriber };
}

/**
 * Whether an existing grant may be reused without an interaction (SSO): the same checks as a login for the
 * grant's own subscriber. When not, the interaction runs and reports the refusal with its text.
 */
export async function mayReuseGrant(db: DB, user: UserRecord, subscriberId: string | null, ip: string): Promise<boolean> {
  if (!isUserInGoodStanding(user)) return false;
  if (subscriberId === null) return true;
  const subscriber = await associatedSubscriber(db, user.id, subscriberId);
  return Boolean(subscriber) && isMembershipActive(subscriber!) && isAddressAllowed(ip, subscriber!.ipAllowList);
}
