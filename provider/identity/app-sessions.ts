/**
 * The web app's session store (docs/decisions/0017-sessions-in-the-database.md). Every app process reads and
 * writes its browsers' sessions here, so a load balancer may send any request to any process. A session row is
 * found by the SHA-256 of its id (the id itself exists only in the browser's signed cookie), its data is
 * sealed with the provider's encryption key, and the idle and absolute limits are enforced when it is read:
 * a session past either is deleted by that read.
 */
import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  REFRESH_LEASE_MS,
  sessionExpiry,
  shouldWriteLastSeen,
} from "../../core/identity/session-rules.js";
import type { AppSession, AppSessionCreate, AppSessionWrite } from "../../core/identity/app-sessions.js";
import type { DB, Trx } from "../platform/db/index.js";
import { badRequest } from "../platform/errors.js";
import { decryptSecret, encryptSecret } from "../platform/security/encryption.js";

export interface AppSessionDeps {
  db: DB;
  encryptionKey: Buffer;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

const hashOf = (sessionId: string) => createHash("sha256").update(sessionId).digest("base64url");

const nowOf = (deps: AppSessionDeps) => (deps.now ?? Date.now)();

/** A session belongs to an existing user (the table's foreign key): another id is the caller's mistake. */
async function forAnExistingUser<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === "23503") {
      throw badRequest("There is no user with that subscriberUserId: a session belongs to an existing user.", "UNKNOWN_USER");
    }
    throw error;
  }
}

export async function createAppSession(deps: AppSessionDeps, session: AppSessionCreate): Promise<string> {
  const now = nowOf(deps);
  const createdAt = session.createdAt === undefined ? now : Date.parse(session.createdAt);
  if (createdAt > now) throw badRequest("createdAt cannot be in the future.");
  if (sessionExpiry({ createdAt, lastSeenAt: now }, now)) {
    throw badRequest("createdAt is more than the absolute session limit ago: that login has ended.");
  }
  const sessionId = randomBytes(32).toString("base64url");
  await forAnExistingUser(
    deps.db
      .insertInto("app_sessions")
      .values({
        session_id_hash: hashOf(sessionId),
        subscriber_user_id: session.subscriberUserId,
        subscriber_id: session.subscriberId,
        data_encrypted: encryptSecret(deps.encryptionKey, JSON.stringify(session.data)),
        created_at: new Date(createdAt),
        last_seen_at: new Date(now),
        expires_at: new Date(createdAt + ABSOLUTE_TIMEOUT_MS),
        updated_at: new Date(now),
      })
      .execute(),
  );
  return sessionId;
}

/**
 * The session, or null when there is none by that id. A session past its idle or absolute limit is deleted
 * and returned once with `ended` set (its tokens are for the app to revoke). Reading a live session counts as
 * activity: its last-seen time is written when it is a minute old or more.
 */
export async function readAppSession(deps: AppSessionDeps, sessionId: string): Promise<AppSession | null> {
  const hash = hashOf(sessionId);
  const row = await deps.db
    .selectFrom("app_sessions")
    .select(["data_encrypted", "created_at", "last_seen_at", "roles_changed_at"])
    .where("session_id_hash", "=", hash)
    .executeTakeFirst();
  if (!row) return null;
  const now = nowOf(deps);
  const createdAt = row.created_at.getTime();
  let lastSeenAt = row.last_seen_at.getTime();
  const ended = sessionExpiry({ createdAt, lastSeenAt }, now);
  if (ended) {
    await deps.db.deleteFrom("app_sessions").where("session_id_hash", "=", hash).execute();
  } else if (shouldWriteLastSeen(lastSeenAt, now)) {
    lastSeenAt = now;
    await deps.db.updateTable("app_sessions").set({ last_seen_at: new Date(now) }).where("session_id_hash", "=", hash).execute();
  }
  return {
    data: JSON.parse(decryptSecret(deps.encryptionKey, row.data_encrypted)) as Record<string, unknown>,
    createdAt: new Date(createdAt).toISOString(),
    lastSeenAt: new Date(lastSeenAt).toISOString(),
    ended,
    rolesChangedAt: row.roles_changed_at ? new Date(row.roles_changed_at).toISOString() : null,
  };
}

/**
 * Replaces the data of an existing session, which ends any refresh lease (the refreshed tokens are written);
 * false when there is none (a write never brings one back).
 */
export async function updateAppSession(deps: AppSessionDeps, sessionId: string, session: AppSessionWrite): Promise<boolean> {
  const result = await forAnExistingUser(
    deps.db
      .updateTable("app_sessions")
      .set({
        subscriber_user_id: session.subscriberUserId,
        subscriber_id: session.subscriberId,
        data_encrypted: encryptSecret(deps.encryptionKey, JSON.stringify(session.data)),
        updated_at: new Date(nowOf(deps)),
        refresh_lease_until: null,
      })
      .where("session_id_hash", "=", hashOf(sessionId))
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Grants the caller the refresh of the session's tokens for REFRESH_LEASE_MS unless another caller holds an
 * unexpired lease: true when granted, false when held elsewhere, null when there is no such session. One
 * conditional update, so two processes asking at once never both get it.
 */
export async function takeRefreshLease(deps: AppSessionDeps, sessionId: string): Promise<boolean | null> {
  const hash = hashOf(sessionId);
  const now = nowOf(deps);
  const granted = await deps.db
    .updateTable("app_sessions")
    .set({ refresh_lease_until: new Date(now + REFRESH_LEASE_MS) })
    .where("session_id_hash", "=", hash)
    .where((eb) => eb.or([eb("refresh_lease_until", "is", null), eb("refresh_lease_until", "<=", new Date(now))]))
    .executeTakeFirst();
  if (Number(granted.numUpdatedRows) > 0) return true;
  const exists = await deps.db.selectFrom("app_sessions").select("session_id_hash").where("session_id_hash", "=", hash).executeTakeFirst();
  return exists ? false : null;
}

export async function deleteAppSession(deps: Pick<AppSessionDeps, "db">, sessionId: string): Promise<void> {
  await deps.db.deleteFrom("app_sessions").where("session_id_hash", "=", hashOf(sessionId)).execute();
}

/**
 * Ends a user's web sessions, with their grants (provider/identity/revoke-user.ts): every session of the user,
 * or only those whose tokens were issued for one subscriber.
 */
export async function deleteAppSessionsOfUser(trx: Trx | DB, userId: string, subscriberId?: string): Promise<void> {
  let query = trx.deleteFrom("app_sessions").where("subscriber_user_id", "=", userId);
  if (subscriberId !== undefined) query = query.where("subscriber_id", "=", subscriberId);
  await query.execute();
}

/**
 * A change of the user's roles (at one subscriber, or everywhere) reaches their web sessions as suspension
 * does: each such session is told, on its next read, to refresh its access token before anything else, so
 * that its claims, and the menu built from them, are the new roles from the next page on. (The provider
 * itself authorises every call by the roles as they are now: verify.ts.)
 */
export async function markRolesChanged(trx: Trx | DB, userIds: readonly string[], subscriberId?: string): Promise<void> {
  if (userIds.length === 0) return;
  let query = trx.updateTable("app_sessions").set({ roles_changed_at: sql`now()` }).where("subscriber_user_id", "in", userIds);
  if (subscriberId !== undefined) query = query.where("subscriber_id", "=", subscriberId);
  await query.execute();
}

/** Outside production: sets a session's times as if time had passed. False when there is no such session. */
export async function setAppSessionTimes(
  deps: Pick<AppSessionDeps, "db">,
  sessionId: string,
  times: { createdAt?: string; lastSeenAt?: string },
): Promise<boolean> {
  const createdAt = times.createdAt === undefined ? undefined : Date.parse(times.createdAt);
  const result = await deps.db
    .updateTable("app_sessions")
    .set({
      ...(createdAt === undefined ? {} : { created_at: new Date(createdAt), expires_at: new Date(createdAt + ABSOLUTE_TIMEOUT_MS) }),
      ...(times.lastSeenAt === undefined ? {} : { last_seen_at: new Date(times.lastSeenAt) }),
    })
    .where("session_id_hash", "=", hashOf(sessionId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes the sessions past their limits that no browser came back for (a read deletes the others), so their
 * sealed tokens do not stay behind. Returns how many were deleted.
 */
export async function sweepAppSessions(deps: Pick<AppSessionDeps, "db" | "now">): Promise<number> {
  const now = (deps.now ?? Date.now)();
  const result = await deps.db
    .deleteFrom("app_sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", new Date(now)), eb("last_seen_at", "<=", new Date(now - IDLE_TIMEOUT_MS))]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
