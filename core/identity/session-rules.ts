/**
 * Pure rules of the web app's session: how long it lives (the provider's session store enforces the limits
 * when a session is read), when the app refreshes its access token, and how often the store writes the
 * last-seen time back. Times are milliseconds since the epoch.
 */

/** A session unused for this long ends. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** A session ends this long after login, however busy. */
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** The access token is refreshed when it expires within this margin. */
export const REFRESH_MARGIN_MS = 30 * 1000;
/**
 * How long one app process may take to refresh a session's tokens before another may try: the other processes
 * wait for its new tokens meanwhile, since a rotated refresh token used twice revokes the login.
 */
export const REFRESH_LEASE_MS = 15 * 1000;
/** lastSeenAt is written back at most this often (it only needs minute precision for a 30 minute idle rule). */
export const LAST_SEEN_WRITE_INTERVAL_MS = 60 * 1000;

export interface SessionTimes {
  createdAt: number;
  lastSeenAt: number;
}

export type SessionExpiry = "idle" | "absolute" | null;

/** Why the session has ended at `now`, or null while it is alive. The absolute limit wins when both apply. */
export function sessionExpiry(times: SessionTimes, now: number): SessionExpiry {
  if (!Number.isFinite(times.createdAt) || now - times.createdAt >= ABSOLUTE_TIMEOUT_MS) return "absolute";
  if (!Number.isFinite(times.lastSeenAt) || now - times.lastSeenAt >= IDLE_TIMEOUT_MS) return "idle";
  return null;
}

export function needsTokenRefresh(accessTokenExpiresAt: number, now: number): boolean {
  return !Number.isFinite(accessTokenExpiresAt) || accessTokenExpiresAt - now <= REFRESH_MARGIN_MS;
}

/**
 * Whether the user's roles changed since the access token was issued (so its claims are out of date and it
 * is refreshed before the page). `iat` has whole seconds: a token of the same second as the change counts as
 * issued before it.
 */
export function rolesChangedSinceIssue(rolesChangedAt: number | null | undefined, issuedAt: number | null): boolean {
  if (rolesChangedAt === null || rolesChangedAt === undefined || !Number.isFinite(rolesChangedAt)) return false;
  return issuedAt === null || Math.floor(rolesChangedAt / 1000) * 1000 >= issuedAt;
}

export function shouldWriteLastSeen(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt >= LAST_SEEN_WRITE_INTERVAL_MS;
}
