/**
 * Login throttling: failed passwords are counted per email address and per client address, and too many
 * within a window lock that subject for a while, on the product clock (provider/platform/clock.ts).
 *
 *   - An email address: 10 failures within 15 minutes lock it for 15 minutes. The login then refuses it with
 *     `user is blocked`, the right password included. Counting is by the email typed, not by the account, so an
 *     unknown email is counted and locked exactly like a known one and the answers never tell them apart.
 *   - A client address: 50 failures within 15 minutes lock it for 15 minutes, whatever the email; the login
 *     page then answers 429 (one machine trying many accounts).
 *
 * A lock ends by itself, or earlier when the helpdesk or a User Manager lifts it (`liftLoginBlock`), and a
 * user's unsuspension lifts it too. A stranger can therefore hold an account locked only while they keep
 * failing, never for good, and its holder's live logins are not touched. Every lock of an account and every
 * lift is in the audit log (a lock's details say when it ends).
 */
import { sql } from "kysely";
import type { DB, Trx } from "../platform/db/index.js";
import { PRODUCT_NOW_SQL } from "../platform/clock.js";
import { AuditAction, recordAuditEvent } from "../platform/audit.js";
import type { RequestMeta } from "../platform/access.js";

import { LOGIN_THROTTLE } from "../../core/identity/login-throttle.js";

export { LOGIN_THROTTLE };

export interface LoginAttempt {
  email: string;
  /** The client address Fastify resolved. */
  address: string;
  /** For the audit log. */
  meta: RequestMeta;
}

/** Which lock stands in the way of a login: the email's (`user is blocked`) or the client address's. */
export type LoginLock = "account" | "address";

export interface LoginThrottle {
  /** The lock in force for this attempt, if any (the address's first). */
  lockOf(attempt: LoginAttempt): Promise<LoginLock | null>;
  /** Counts a failed password; answers the lock this failure set, if any. `userId`: the account, when one has the email. */
  failed(attempt: LoginAttempt, userId: string | undefined): Promise<LoginLock | null>;
  /** A correct password: the email's failures are forgotten (the address's are not). */
  succeeded(attempt: LoginAttempt): Promise<void>;
}

export const accountSubject = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressSubject = (address: string) => `address:${address}`;

export function createLoginThrottle(deps: { db: DB; now: () => Date }): LoginThrottle {
  const { db, now } = deps;

  return {
    async lockOf(attempt) {
      const at = now();
      const rows = await db
        .selectFrom("login_throttles")
        .select("subject")
        .where("subject", "in", [addressSubject(attempt.address), accountSubject(attempt.email)])
        .where("locked_until", ">", at)
        .execute();
      const locked = new Set(rows.map((row) => row.subject));
      if (locked.has(addressSubject(attempt.address))) return "address";
      return locked.has(accountSubject(attempt.email)) ? "account" : null;
    },

    async failed(attempt, userId) {
      const at = now();
      return db.transaction().execute(async (trx) => {
        const addressLock = await countFailure(trx, addressSubject(attempt.address), LOGIN_THROTTLE.addressFailures, at);
        const accountLock = await countFailure(trx, accountSubject(attempt.email), LOGIN_THROTTLE.accountFailures, at);
        if (addressLock) {
          await recordAuditEvent(
            trx,
            { actorUserId: null, subscriberId: null, action: AuditAction.LOGIN_ADDRESS_BLOCKED, target: null, details: { address: attempt.address, until: addressLock.toISOString() } },
            attempt.meta,
          );
        }
        if (accountLock && userId) {
          await recordAuditEvent(
            trx,
            {
              actorUserId: null,
              subscriberId: await primarySubscriberOf(trx, userId),
              action: AuditAction.USER_LOGIN_BLOCKED,
              target: userId,
              details: { until: accountLock.toISOString(), failures: LOGIN_THROTTLE.accountFailures },
            },
            attempt.meta,
          );
        }
        return accountLock ? "account" : addressLock ? "address" : null;
      });
    },

    async succeeded(attempt) {
      await db.deleteFrom("login_throttles").where("subject", "=", accountSubject(attempt.email)).execute();
    },
  };
}

/** One more failure for `subject`; answers the end of the lock it set, if it set one. */
async function countFailure(trx: Trx, subject: string, maximum: number, at: Date): Promise<Date | null> {
  await trx
    .insertInto("login_throttles")
    .values({ subject, failures: 0, window_started_at: at })
    .onConflict((conflict) => conflict.column("subject").doNothing())
    .execute();
  const row = await trx
    .selectFrom("login_throttles")
    .select(["failures", "window_started_at", "locked_until"])
    .where("subject", "=", subject)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const lockedUntil = row.locked_until ? new Date(row.locked_until) : null;
  // Failures while locked are refused before the count: they neither count nor lengthen the lock.
  if (lockedUntil && lockedUntil > at) return null;
  const windowOver = new Date(row.window_started_at).getTime() + LOGIN_THROTTLE.windowMs <= at.getTime();
  const restart = windowOver || lockedUntil !== null;
  const failures = restart ? 1 : row.failures + 1;
  const lock = failures >= maximum ? new Date(at.getTime() + LOGIN_THROTTLE.lockMs) : null;
  await trx
    .updateTable("login_throttles")
    .set({ failures, window_started_at: restart ? at : row.window_started_at, locked_until: lock })
    .where("subject", "=", subject)
    .execute();
  return lock;
}

async function primarySubscriberOf(trx: Trx, userId: string): Promise<string | null> {
  const row = await trx
    .selectFrom("user_subscribers")
    .select("subscriber_id")
    .where("subscriber_user_id", "=", userId)
    .orderBy("is_primary", "desc")
    .orderBy("created_at", "asc")
    .executeTakeFirst();
  return row?.subscriber_id ?? null;
}

/** When the login of this email is locked until (null: not locked) at `at`. */
export async function loginBlockedUntil(db: DB | Trx, email: string, at: Date): Promise<Date | null> {
  const row = await db
    .selectFrom("login_throttles")
    .select("locked_until")
    .where("subject", "=", accountSubject(email))
    .where("locked_until", ">", at)
    .executeTakeFirst();
  return row?.locked_until ? new Date(row.locked_until) : null;
}

/**
 * The end of the email's login lock as SQL, read against product time, for the lists that show it (null when
 * not locked). `emailColumn` is the column that holds the user's email.
 */
export function loginBlockedUntilSql(emailColumn: string) {
  return sql<Date | string | null>`(select t.locked_until from login_throttles t where t.subject = 'account:' || lower(${sql.ref(emailColumn)}) and t.locked_until > ${PRODUCT_NOW_SQL})`;
}

/**
 * Lifts the lock and forgets the failures of this email (the helpdesk's or a User Manager's unblock);
 * answers whether a lock was in force at `at`. The caller records the audit event.
 */
export async function liftLoginBlock(trx: Trx, email: string, at: Date): Promise<boolean> {
  const row = await trx
    .deleteFrom("login_throttles")
    .where("subject", "=", accountSubject(email))
    .returning("locked_until")
    .executeTakeFirst();
  return Boolean(row?.locked_until && new Date(row.locked_until) > at);
}

/**
 * Lifts the login locks of these users and forgets their failures (an unsuspension); answers the users whose
 * lock was in force, for the audit log.
 */
export async function liftLoginBlocksOf(trx: Trx, userIds: readonly string[]): Promise<{ userId: string; lockedUntil: Date }[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<{ subscriber_user_id: string; locked_until: Date | string }>`
    delete from login_throttles t
     using subscriber_users u
     where u.subscriber_user_id in (${sql.join(userIds)}) and t.subject = 'account:' || lower(u.email)
    returning u.subscriber_user_id, t.locked_until, t.locked_until > ${PRODUCT_NOW_SQL} as in_force`.execute(trx);
  return rows
    .filter((row) => (row as { in_force?: boolean }).in_force === true)
    .map((row) => ({ userId: row.subscriber_user_id, lockedUntil: new Date(row.locked_until) }));
}
