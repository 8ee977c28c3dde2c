/**
 * Server-side sessions: the browser holds only a signed id in the `__session` cookie; the data (tokens
 * included) stays in `${DATA_DIR}/sessions`. The cookie lives as long as the absolute session limit;
 * the idle and absolute limits themselves are checked on every request (see user-session.server.ts).
 */
import { createCookie, type Session } from "@remix-run/node";
import { config } from "../config.server";
import { createSessionFileStorage } from "./file-session-storage.server";
import { forgetSession } from "./header-cache.server";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, LAST_SEEN_WRITE_INTERVAL_MS } from "./session-rules";
import { startSessionSweeper } from "./session-sweep.server";

export interface AppSessionData {
  /** The subscriber user id (the access token's `sub`). */
  userId: string;
  accessToken: string;
  /** Milliseconds since the epoch. */
  accessTokenExpiresAt: number;
  refreshToken: string | null;
  idToken: string | null;
  /** The subscriber the current tokens were issued for (null for the helpdesk administrator). */
  selectedSubscriberId: string | null;
  /** Set by a confirmed subscriber switch; /login honours `?organization=` only when it equals this. */
  pendingSubscriberId: string | null;
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
}

export type AppSession = Session<AppSessionData>;

export const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  secure: config.secureCookies,
  path: "/",
  secrets: [config.sessionSecret],
  maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
});

export const sessionStorage = createSessionFileStorage<AppSessionData>({
  cookie: sessionCookie,
  dir: config.sessionDir,
});

startSessionSweeper(config.sessionDir, IDLE_TIMEOUT_MS + LAST_SEEN_WRITE_INTERVAL_MS, 10 * 60_000);

export function readSession(request: Request): Promise<AppSession> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** A session that holds a login (a fresh or unknown cookie gives an empty one). */
export function isLoggedIn(session: AppSession): boolean {
  return Boolean(session.id && session.get("userId") && session.get("accessToken"));
}

/**
 * Writes the session data back. The cookie itself (a signed id) does not change, so the Set-Cookie header
 * is only needed when a session starts; callers that merely update data can ignore it.
 */
export function writeSession(session: AppSession): Promise<string> {
  return sessionStorage.commitSession(session);
}

/** Deletes the session data and returns the Set-Cookie header that clears the cookie. */
export function endSession(session: AppSession): Promise<string> {
  forgetSession(session.id);
  return sessionStorage.destroySession(session);
}

/** Starts a new session (new id, so a login never reuses an id that existed before it) and returns its Set-Cookie header. */
export async function startSession(data: AppSessionData): Promise<string> {
  const session = await sessionStorage.getSession();
  for (const [key, value] of Object.entries(data) as [keyof AppSessionData, AppSessionData[keyof AppSessionData]][]) {
    session.set(key, value);
  }
  return sessionStorage.commitSession(session);
}
