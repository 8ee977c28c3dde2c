/**
 * Subscriber users (document 3 sections 3, 4.6, 6 and 7.3): search, fetch one, suspend and unsuspend (how
 * far each reaches: user-reach.ts).
 *
 * Who sees whom: the helpdesk administrator sees every user; anyone else sees only the users of the
 * subscriber selected in their token. A user outside that view is answered exactly like a user that does
 * not exist (404), so ids of other subscribers' users reveal nothing.
 */
import { sql, type RawBuilder, type Selectable } from "kysely";
import type { z } from "zod";
import type { ManagedUser } from "../../core/administration/api.js";
import type { SubscriberUser, UserPageInfo, UserSearchRequestSchema } from "../../core/administration/api.js";
import { Permission } from "../../core/shared/permissions/roles.js";
import { userStatusChange } from "../../core/administration/users.js";
import { fullName, type AuthenticationType, type UserStatus } from "../../core/administration/subscribers.js";
import type { DB, Database } from "../platform/db/index.js";
import { badRequest, conflict, forbidden, notFound } from "../platform/errors.js";
import type { Oidc, VerifiedCaller } from "../identity/oidc.js";
import { isHelpdesk, requirePermission, type RequestMeta } from "../platform/access.js";
import { AuditAction, recordAuditEvent, recordAuditEvents } from "../platform/audit.js";
import { liftLoginBlock, loginBlockedUntilSql } from "../identity/login-throttle.js";
import { versionedWrite } from "../platform/versions.js";
import { SUBSCRIBER_NOT_FOUND } from "./scope.js";
import { offsetOf, pageInfo } from "../platform/paging.js";
import {
  endSuspendedLogins,
  planStatusChange,
  reachOf,
  readStanding,
  STATUS_AT_SUBSCRIBER,
  writeStatusChanges,
  type SettableStatus,
} from "./user-reach.js";

/** Everything shown about a user; never the password hash or the login counters. */
const USER_COLUMNS = [
  "u.subscriber_user_id",
  "u.first_name",
  "u.middle_name",
  "u.last_name",
  "u.preferred_name",
  "u.email",
  "u.job_title",
  "u.status",
  "u.global_roles",
  "u.authentication_type",
  "u.version",
] as const;
type UserColumn = (typeof USER_COLUMNS)[number] extends `u.${infer C}` ? C : never;
type UserRow = Pick<Selectable<Database["subscriber_users"]>, UserColumn>;

/** One user by id, with the columns `toSubscriberUser` reads. */
export function findUserRow(db: DB, subscriberUserId: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("subscriber_users as u")
    .select(USER_COLUMNS)
    .where("u.subscriber_user_id", "=", subscriberUserId)
    .executeTakeFirst();
}

/** The user's place at one subscriber: the subscriber shown beside them and the roles they hold there. */
export interface Membership {
  subscriberId: string;
  subscriberName: string;
  roleNames: string[];
}

export function toSubscriberUser(user: UserRow, membership: Membership | null): SubscriberUser {
  return {
    subscriberUserId: user.subscriber_user_id,
    firstName: user.first_name,
    middleName: user.middle_name,
    lastName: user.last_name,
    preferredName: user.preferred_name,
    email: user.email,
    jobTitle: user.job_title,
    status: user.status as UserStatus,
    subscriberId: membership?.subscriberId ?? null,
    subscriber: membership?.subscriberName ?? null,
    roleNames: membership ? membership.roleNames : user.global_roles,
    authenticationType: user.authentication_type as AuthenticationType,
  };
}

/**
 * The subscriber whose users the caller may see: null means every subscriber (helpdesk administrator).
 * A non-helpdesk caller may name only the subscriber selected in their token; another one is not found.
 */
function visibleSubscriber(caller: VerifiedCaller, requested?: string): string | null {
  if (isHelpdesk(caller)) return requested ?? null;
  if (caller.subscriberId === null) throw forbidden("Your access token does not select a subscriber.");
  // Another subscriber is answered like one that does not exist, so its id reveals nothing.
  if (requested !== undefined && requested !== caller.subscriberId) throw notFound(SUBSCRIBER_NOT_FOUND);
  return caller.subscriberId;
}

/**
 * Users joined with their membership at `subscriberId`, or with their primary membership when null (users
 * without any subscriber, such as the helpdesk administrator, then carry their global roles). The status
 * shown is the one at that subscriber (user-reach.ts).
 */
export function usersWithMembership(db: DB, subscriberId: string | null) {
  let query = db
    .selectFrom("subscriber_users as u")
    .leftJoin("user_subscribers as us", (join) => {
      const onUser = join.onRef("us.subscriber_user_id", "=", "u.subscriber_user_id");
      return subscriberId === null
        ? onUser.on("us.is_primary", "=", true)
        : onUser.on("us.subscriber_id", "=", subscriberId);
    })
    .leftJoin("subscribers as s", "s.subscriber_id", "us.subscriber_id");
  if (subscriberId !== null) query = query.where("us.subscriber_id", "is not", null);
  return query;
}

const ROLE_NAMES = sql<string[]>`coalesce(us.role_names, u.global_roles)`;

/** When the user's last invitation or re-sent activation email was recorded (migration 0020). */
const INVITATION_SENT_AT = sql<Date | string | null>`(select max(i.sent_at) from user_invitations i where i.subscriber_user_id = u.subscriber_user_id)`;

type UserWithMembershipRow = UserRow & {
  status_at_subscriber: string;
  login_blocked_until: Date | string | null;
  membership_subscriber_id: string | null;
  membership_subscriber_name: string | null;
  membership_role_names: string[];
  invitation_sent_at: Date | string | null;
};

export function fromJoinedRow(row: UserWithMembershipRow): ManagedUser {
  const { membership_subscriber_id: subscriberId, membership_subscriber_name: subscriberName } = row;
  const membership =
    subscriberId !== null && subscriberName !== null
      ? { subscriberId, subscriberName, roleNames: row.membership_role_names }
      : null;
  const sentAt = row.invitation_sent_at;
  return {
    ...toSubscriberUser({ ...row, status: row.status_at_subscriber }, membership),
    version: row.version,
    invitationSentAt: sentAt === null ? null : new Date(sentAt).toISOString(),
    loginBlockedUntil: row.login_blocked_until === null ? null : new Date(row.login_blocked_until).toISOString(),
  };
}

export function selectUserWithMembership(query: ReturnType<typeof usersWithMembership>) {
  return query.select([
    ...USER_COLUMNS,
    STATUS_AT_SUBSCRIBER.as("status_at_subscriber"),
    "us.subscriber_id as membership_subscriber_id",
    "s.name as membership_subscriber_name",
    ROLE_NAMES.as("membership_role_names"),
    INVITATION_SENT_AT.as("invitation_sent_at"),
    loginBlockedUntilSql("u.email").as("login_blocked_until"),
  ]);
}

/** `%`, `_` and `\` match literally in a search term. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export type UserSearch = z.output<typeof UserSearchRequestSchema>;

/** Texts written into a statement as a list of literals (quotes doubled), not sent as parameters. */
const literals = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));

/**
 * Matches are counted up to this many (or to the end of the page asked for, when further): above it the
 * total is given as a lower bound, so a search matching most of 100,000 users does not read every match
 * to count them (docs/decisions/0901-users-search-total-bound.md).
 */
export const USER_TOTAL_BOUND = 1000;

/** How many users the search matches, counted to `bound + 1` at most (more than `bound` is all the page shows). */
async function countTo(
  db: DB,
  subscriberId: string | null,
  query: ReturnType<typeof usersWithMembership>,
  byUser: boolean,
  byMembership: readonly RawBuilder<boolean>[],
  bound: number,
): Promise<number> {
  const enough = sql.lit(bound + 1);
  let matches;
  if (byUser || (subscriberId === null && byMembership.length > 0)) matches = query.select(sql<number>`1`.as("one")).limit(enough);
  else if (subscriberId === null) matches = db.selectFrom("subscriber_users").select(sql<number>`1`.as("one")).limit(enough);
  else {
    let members = db.selectFrom("user_subscribers as us").select(sql<number>`1`.as("one")).where("us.subscriber_id", "=", subscriberId);
    for (const condition of byMembership) members = members.where(condition);
    matches = members.limit(enough);
  }
  const counted = await db
    .selectFrom(matches.as("matches"))
    .select((eb) => eb.fn.countAll().as("total"))
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}

/** Search the users of one subscriber (or, for the helpdesk administrator without a subscriber, of all). */
export async function searchSubscriberUsers(
  db: DB,
  caller: VerifiedCaller,
  search: UserSearch,
): Promise<{ records: ManagedUser[]; page: UserPageInfo }> {
  requirePermission(caller, Permission.VIEW_SUBSCRIBER_USERS);
  const subscriberId = visibleSubscriber(caller, search.subscriberId);
  const direction = search.sortOrder === "DESC" ? "desc" : "asc";
  if (search.afterEmail !== undefined && (search.sortBy !== "email" || direction !== "asc")) {
    throw badRequest("afterEmail continues the email sort in ascending order: give sortBy email and sortOrder ASC with it.");
  }

  let query = usersWithMembership(db, subscriberId);
  const name = search.subscriberUserName?.trim().replace(/\s+/g, " ");
  // No name or email holds a NUL (nor may a query): such a text matches nobody.
  if (name?.includes("\u0000")) return { records: [], page: { ...pageInfo(search, 0, 0), totalIsLowerBound: false } };
  // One line of the search key holds each text the search matches (migration 0090): the trigram index answers.
  // The pattern is written into the statement (quotes doubled), not sent as a parameter: a prepared
  // statement's generic plan cannot see which trigrams it holds, and would walk the sort index over every
  // user for a rare text (docs/decisions/0900-users-search-at-scale.md).
  if (name) query = query.where("u.search_key", "ilike", sql.lit(containsPattern(name)));
  const email = search.email?.trim().toLowerCase();
  if (email) query = query.where(sql<string>`lower(u.email)`, "=", email);
  if (search.afterEmail !== undefined) query = query.where(sql<string>`lower(u.email)`, ">", search.afterEmail.toLowerCase());
  const byUser = Boolean(name || email || search.afterEmail !== undefined);
  // At one subscriber every row has its membership: the status and role filters read its indexed columns
  // (migration 0097), and a search narrowed by nothing else is counted from the memberships alone. The
  // statuses and roles are written into the statement too: with parameters, a prepared statement's generic
  // plan cannot tell a rare status from a common one and reads every membership of the subscriber.
  const byMembership: RawBuilder<boolean>[] = [];
  if (search.status && search.status.length > 0) {
    const status = subscriberId === null ? STATUS_AT_SUBSCRIBER : sql<string>`us.status_at_subscriber`;
    byMembership.push(sql<boolean>`${status} in (${literals(search.status)})`);
  }
  if (search.roleNames && search.roleNames.length > 0) {
    const roles = subscriberId === null ? ROLE_NAMES : sql<string[]>`us.role_names`;
    byMembership.push(sql<boolean>`${roles} ?| array[${literals(search.roleNames)}]::text[]`);
  }
  for (const condition of byMembership) query = query.where(condition);

  const offset = offsetOf(search);
  const bound = Math.max(USER_TOTAL_BOUND, offset + search.limit);
  // A full page continuing the email order over every user (the export's) is read from the email index as it
  // is, one row more than asked saying whether more follow: the same total as counting to the bound, read once.
  const continuation = search.afterEmail !== undefined && !name && !email && byMembership.length === 0 && offset === 0 && search.limit === bound;
  const total = continuation ? null : await countTo(db, subscriberId, query, byUser, byMembership, bound);

  // The order of the sort indexes (migration 0090), the id last in the same direction, so a page of a large
  // answer is read in order. An answer of at most USER_TOTAL_BOUND users is sorted whole instead, its keys
  // written so that no index serves them (`|| ''` changes no order): walking the sort index in search of a
  // few scattered matches can read most of the users.
  const key = (expression: RawBuilder<string>) => (total === null || total > USER_TOTAL_BOUND ? expression : sql<string>`${expression} || ''`);
  const sorted =
    search.sortBy === "email"
      ? selectUserWithMembership(query).orderBy(key(sql`lower(u.email)`), direction)
      : selectUserWithMembership(query)
          .orderBy(key(sql`lower(u.first_name)`), direction)
          .orderBy(key(sql`lower(u.last_name)`), direction);
  // Limits written in, too: a generic plan guesses a tenth of the table for LIMIT $1, and sorts every match.
  const read = await sorted
    .orderBy("u.subscriber_user_id", direction)
    .limit(sql.lit(total === null ? search.limit + 1 : search.limit))
    .offset(sql.lit(offset))
    .execute();
  const rows = read.slice(0, search.limit);
  const matched = total ?? read.length;
  const totalIsLowerBound = matched > bound;
  const records = rows.map(fromJoinedRow);
  return { records, page: { ...pageInfo(search, totalIsLowerBound ? bound : matched, records.length), totalIsLowerBound } };
}

/**
 * One user as the caller may see them, with the roles at the caller's selected subscriber (or, for the
 * helpdesk administrator, at `atSubscriber` when given, else their primary one); 404 otherwise.
 */
export async function findVisibleUser(
  db: DB,
  caller: VerifiedCaller,
  subscriberUserId: string,
  atSubscriber?: string,
): Promise<ManagedUser> {
  const subscriberId = isHelpdesk(caller) ? (atSubscriber ?? null) : visibleSubscriber(caller);
  if (!isHelpdesk(caller) && atSubscriber !== undefined && atSubscriber !== subscriberId) {
    throw notFound("Subscriber user not found.");
  }
  const row = await selectUserWithMembership(usersWithMembership(db, subscriberId))
    .where("u.subscriber_user_id", "=", subscriberUserId)
    .executeTakeFirst();
  if (!row) throw notFound("Subscriber user not found.");
  return fromJoinedRow(row);
}

export async function getSubscriberUser(
  db: DB,
  caller: VerifiedCaller,
  subscriberUserId: string,
): Promise<ManagedUser> {
  requirePermission(caller, Permission.VIEW_SUBSCRIBER_USERS);
  return findVisibleUser(db, caller, subscriberUserId);
}

export interface StatusChangeDeps {
  db: DB;
  oidc: Pick<Oidc, "revokeUserGrants">;
  log: { error(object: object, message: string): void };
}

/**
 * Suspend (Active → Suspended) or unsuspend (Suspended → Active) a user, as far as the caller reaches
 * (user-reach.ts): the helpdesk administrator suspends the account and unsuspends the user everywhere; a
 * User Manager acts at their selected subscriber only and cannot lift the support's suspension. Allowed to
 * whoever holds edit:subscriber_users and can see the user. Suspension ends the logins it concerns in the
 * same request.
 */
export async function changeSubscriberUserStatus(
  deps: StatusChangeDeps,
  caller: VerifiedCaller,
  subscriberUserId: string,
  status: SettableStatus,
  meta: RequestMeta,
  expectedVersion: number,
  atSubscriber?: string,
): Promise<ManagedUser> {
  const { db } = deps;
  requirePermission(caller, Permission.EDIT_SUBSCRIBER_USERS);
  const helpdesk = isHelpdesk(caller);
  // The helpdesk administrator may name one subscriber; anyone else acts at their own (another is not found).
  const at = helpdesk ? atSubscriber : undefined;
  const user = await findVisibleUser(db, caller, subscriberUserId, atSubscriber);
  if (at !== undefined && user.subscriberId !== at) throw notFound("Subscriber user not found.");
  if (expectedVersion !== user.version) throw conflict();
  const rule = userStatusChange(user, status, { self: subscriberUserId === caller.userId });
  if (rule.kind === "refused") throw badRequest(rule.message, rule.code);
  const standing = await readStanding(db, subscriberUserId, helpdesk ? (at ?? user.subscriberId) : caller.subscriberId);
  if (!standing) throw notFound("Subscriber user not found.");
  const change = planStatusChange(helpdesk, standing, status, fullName(user), at === undefined && helpdesk ? "account" : "subscriber");
  if (!change) return user;

  await versionedWrite(
    db,
    { table: "subscriber_users", id: subscriberUserId, expected: expectedVersion, missing: () => notFound("Subscriber user not found.") },
    async (trx) => {
      const row = await trx
        .updateTable("subscriber_users")
        .set({ ...(change.account ? { status: change.account } : {}), updated_at: new Date() })
        .where("subscriber_user_id", "=", subscriberUserId)
        .where("status", "=", standing.account)
        .returning("subscriber_user_id")
        .executeTakeFirst();
      if (!row) throw conflict();
      const unblocked = await writeStatusChanges(trx, [{ subscriberUserId, change }], { actorUserId: caller.userId, subscriberId: user.subscriberId });
      await recordAuditEvents(trx, unblocked, meta);
    },
    {
      actorUserId: caller.userId,
      subscriberId: user.subscriberId,
      action: status === "Suspended" ? AuditAction.USER_SUSPENDED : AuditAction.USER_UNSUSPENDED,
      target: subscriberUserId,
      details: { from: user.status, to: status, reach: reachOf(change), clientId: caller.clientId },
    },
    meta,
  );
  await endSuspendedLogins(deps, subscriberUserId, change);
  return findVisibleUser(db, caller, subscriberUserId, atSubscriber);
}

/**
 * Lifts the lock of a user's login after too many failed passwords (login-throttle.ts), for whoever may
 * suspend them (edit:subscriber_users, and sees the user): the helpdesk administrator or the User Manager of
 * their subscriber. Recorded in the audit log; a user who is not blocked is answered as they are.
 */
export async function unblockSubscriberUser(
  db: DB,
  caller: VerifiedCaller,
  subscriberUserId: string,
  now: Date,
  meta: RequestMeta,
): Promise<ManagedUser> {
  requirePermission(caller, Permission.EDIT_SUBSCRIBER_USERS);
  const user = await findVisibleUser(db, caller, subscriberUserId);
  await db.transaction().execute(async (trx) => {
    if (!(await liftLoginBlock(trx, user.email, now))) return;
    await recordAuditEvent(
      trx,
      {
        actorUserId: caller.userId,
        subscriberId: user.subscriberId,
        action: AuditAction.USER_LOGIN_UNBLOCKED,
        target: subscriberUserId,
        details: { by: "unblock", lockedUntil: user.loginBlockedUntil ?? null, clientId: caller.clientId },
      },
      meta,
    );
  });
  return findVisibleUser(db, caller, subscriberUserId);
}
