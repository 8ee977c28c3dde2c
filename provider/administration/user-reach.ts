/**
 * How far a change to a user reaches (docs/decisions/0300-subscriber-administration.md "Suspension and
 * reach"). A user's names and account status are stored once, for every subscriber they belong to; their
 * roles and their status at a subscriber are stored per subscriber (`user_subscribers`). So:
 *
 * - the helpdesk administrator (the provider's support) suspends the account, everywhere, and unsuspending
 *   restores the user everywhere (the account and every subscriber that had suspended them);
 * - anyone else (a User Manager) suspends and unsuspends the user at the subscriber they administer only,
 *   and cannot lift a suspension by the provider's support;
 * - a User Manager renames only users who belong to no other subscriber, and never adds to their subscriber
 *   a user who belongs elsewhere (or to none, like the provider's staff): the email is refused, and the
 *   provider's support adds such a user.
 *
 * One place for these rules: the single calls (subscriber-users.ts, user-administration.ts) and the bulk
 * engine (user-import.ts) plan with them and write with `writeStatusChanges`.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../platform/db/index.js";
import { ApiError } from "../platform/errors.js";
import type { Oidc } from "../identity/oidc.js";
import { liftLoginBlocksOf } from "../identity/login-throttle.js";
import { AuditAction, type AuditEvent } from "../platform/audit.js";
import { ADMINISTRATION_MESSAGES } from "../../core/administration/messages.js";

export type SettableStatus = "Active" | "Suspended";

/** What the rules need to know about a user, from the subscriber being administered. */
export interface UserStanding {
  /** The subscriber being administered, whence the rest is seen (null: none, the helpdesk's view of all). */
  subscriberId: string | null;
  /** The account's status: Pending until activation, Suspended by the provider's support. */
  account: string;
  /** Their status at the administered subscriber; null when they are not one of its users. */
  atSubscriber: string | null;
  /** Suspended at any subscriber by its User Manager. */
  suspendedSomewhere: boolean;
  /** One of the users of a subscriber other than the administered one. */
  elsewhere: boolean;
}

/** The status shown for a user at a subscriber: the account's, unless it is Active and they are suspended there. */
export function statusAtSubscriber(account: string, atSubscriber: string | null): string {
  return account === "Active" && atSubscriber === "Suspended" ? "Suspended" : account;
}

/**
 * `statusAtSubscriber` in SQL, over `subscriber_users as u` left joined with `user_subscribers as us`: the
 * membership's generated `status_at_subscriber` (migration 0097), or the account's status without one.
 */
export const STATUS_AT_SUBSCRIBER = sql<string>`coalesce(us.status_at_subscriber, u.status)`;

/** `UserStanding.suspendedSomewhere` in SQL, over `subscriber_users as u`. */
export const SUSPENDED_SOMEWHERE = sql<boolean>`exists (select 1 from user_subscribers s1 where s1.subscriber_user_id = u.subscriber_user_id and s1.status = 'Suspended')`;

/** `UserStanding.elsewhere` in SQL, over `subscriber_users as u`. */
export function memberElsewhere(subscriberId: string | null) {
  return sql<boolean>`exists (select 1 from user_subscribers s2 where s2.subscriber_user_id = u.subscriber_user_id and s2.subscriber_id <> ${subscriberId ?? ""})`;
}

/** A status change as planned: what is written, and which logins it ends. */
export interface StatusChange {
  /** The account's new status (the helpdesk administrator's change), or null to leave it. */
  account: SettableStatus | null;
  /** The new status at the administered subscriber (a User Manager's change), or null to leave it. */
  atSubscriber: { subscriberId: string; status: SettableStatus } | null;
  /** Every subscriber that had suspended the user restores them (the helpdesk administrator's unsuspension). */
  liftEverywhere: boolean;
}

export const SUSPENDED_BY_SUPPORT = "SUSPENDED_BY_SUPPORT";
export const SUSPENDED_EVERYWHERE = "SUSPENDED_EVERYWHERE";

/**
 * What setting `wanted` does for this caller, or null when the user already has it as far as the caller
 * reaches: the account (the helpdesk administrator's default) or the standing's subscriber (anyone else, or
 * the helpdesk administrator naming one subscriber). Throws 403 SUSPENDED_BY_SUPPORT when a User Manager would lift the support's suspension. The
 * callers check Pending users and self-suspension first.
 */
export function planStatusChange(
  helpdesk: boolean,
  standing: UserStanding,
  wanted: SettableStatus,
  name: string,
  reach: "account" | "subscriber" = helpdesk ? "account" : "subscriber",
): StatusChange | null {
  if (helpdesk && reach === "account") {
    if (wanted === "Suspended") {
      return standing.account === "Suspended" ? null : { account: "Suspended", atSubscriber: null, liftEverywhere: false };
    }
    if (standing.account !== "Suspended" && !standing.suspendedSomewhere) return null;
    return { account: standing.account === "Suspended" ? "Active" : null, atSubscriber: null, liftEverywhere: true };
  }
  if (standing.account === "Suspended") {
    if (wanted === "Suspended") return null;
    if (helpdesk) {
      throw new ApiError(409, SUSPENDED_EVERYWHERE, `${name} is suspended at every subscriber: unsuspend them at every subscriber, not at one.`);
    }
    throw new ApiError(
      403,
      SUSPENDED_BY_SUPPORT,
      `${name} was suspended by the provider's support: only they can restore this user's access.`,
    );
  }
  if (standing.subscriberId === null) throw new Error("A User Manager's status change needs the subscriber they administer");
  if ((standing.atSubscriber ?? "Active") === wanted) return null;
  return { account: null, atSubscriber: { subscriberId: standing.subscriberId, status: wanted }, liftEverywhere: false };
}

/** How far a change reaches, for the audit log. */
export function reachOf(change: StatusChange): "everywhere" | "subscriber" {
  return change.atSubscriber ? "subscriber" : "everywhere";
}

/** A User Manager may not rename a user whose names other subscribers share (403 NAMES_SHARED). */
export function renameRefusal(helpdesk: boolean, standing: UserStanding, name: string): ApiError | null {
  if (helpdesk || !standing.elsewhere) return null;
  return new ApiError(
    403,
    "NAMES_SHARED",
    `${name} is also a user of another subscriber: only the provider's support can change their name.`,
  );
}

/**
 * A User Manager may not add to their subscriber an existing user who is not already one of its users
 * (409 USER_OF_ANOTHER_SUBSCRIBER): that user's names and access are not theirs to manage.
 */
export function joinRefusal(helpdesk: boolean, subscriberName: string): ApiError | null {
  if (helpdesk) return null;
  return new ApiError(409, "USER_OF_ANOTHER_SUBSCRIBER", ADMINISTRATION_MESSAGES.userExistsElsewhere(subscriberName));
}

/** Whether a change restores the user somewhere (an unsuspension). */
const restores = (change: StatusChange) => change.account === "Active" || change.liftEverywhere || change.atSubscriber?.status === "Active";

/**
 * Writes the statuses at subscribers of planned changes, in the caller's transaction (the account status is
 * written with the user's row). Set-based: one statement for each kind, whatever the number of users. An
 * unsuspension also lifts the user's login lock (login-throttle.ts), so a restored user can log in at once:
 * answers the audit events of the locks it lifted, for the caller to record with its own.
 */
export async function writeStatusChanges(
  trx: Transaction<Database>,
  changes: readonly { subscriberUserId: string; change: StatusChange }[],
  actor: { actorUserId: string; subscriberId: string | null },
): Promise<AuditEvent[]> {
  const atSubscriber = changes.flatMap(({ subscriberUserId, change }) =>
    change.atSubscriber ? [{ id: subscriberUserId, subscriber_id: change.atSubscriber.subscriberId, status: change.atSubscriber.status }] : [],
  );
  if (atSubscriber.length > 0) {
    await sql`
      update user_subscribers as us
         set status = x.status
        from jsonb_to_recordset(${JSON.stringify(atSubscriber)}::jsonb) as x(id text, subscriber_id text, status text)
       where us.subscriber_user_id = x.id and us.subscriber_id = x.subscriber_id`.execute(trx);
  }
  const lifted = changes.filter(({ change }) => change.liftEverywhere).map(({ subscriberUserId }) => subscriberUserId);
  if (lifted.length > 0) {
    await trx
      .updateTable("user_subscribers")
      .set({ status: "Active" })
      .where("subscriber_user_id", "in", lifted)
      .where("status", "=", "Suspended")
      .execute();
  }
  const unblocked = await liftLoginBlocksOf(
    trx,
    changes.filter(({ change }) => restores(change)).map(({ subscriberUserId }) => subscriberUserId),
  );
  return unblocked.map(({ userId, lockedUntil }) => ({
    ...actor,
    action: AuditAction.USER_LOGIN_UNBLOCKED,
    target: userId,
    details: { by: "unsuspension", lockedUntil: lockedUntil.toISOString() },
  }));
}

/**
 * Ends the logins a written change ends. The suspension stands if this fails: every token check refuses a
 * suspended user, so a grant left behind cannot be used; the failure is logged for the operators.
 */
export async function endSuspendedLogins(
  deps: { oidc: Pick<Oidc, "revokeUserGrants">; log: { error(object: object, message: string): void } },
  subscriberUserId: string,
  change: StatusChange,
): Promise<void> {
  const subscriberId = change.atSubscriber?.status === "Suspended" ? change.atSubscriber.subscriberId : undefined;
  if (change.account !== "Suspended" && subscriberId === undefined) return;
  try {
    await deps.oidc.revokeUserGrants(subscriberUserId, subscriberId);
  } catch (error) {
    deps.log.error({ err: error, subscriberUserId }, "Revoking the grants of a suspended user failed");
  }
}

/** The user's standing seen from `subscriberId` (null: from no subscriber), or undefined when there is no such user. */
export async function readStanding(
  db: Kysely<Database>,
  subscriberUserId: string,
  subscriberId: string | null,
): Promise<UserStanding | undefined> {
  const row = await db
    .selectFrom("subscriber_users as u")
    .leftJoin("user_subscribers as us", (join) =>
      join.onRef("us.subscriber_user_id", "=", "u.subscriber_user_id").on("us.subscriber_id", "=", subscriberId ?? ""),
    )
    .select(["u.status", "us.status as at_subscriber", SUSPENDED_SOMEWHERE.as("suspended_somewhere"), memberElsewhere(subscriberId).as("elsewhere")])
    .where("u.subscriber_user_id", "=", subscriberUserId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { subscriberId, account: row.status, atSubscriber: row.at_subscriber, suspendedSomewhere: row.suspended_somewhere, elsewhere: row.elsewhere };
}
