/**
 * Server-side sessions: the browser holds only a signed id in the `__session` cookie; the data (tokens
 * included) stays in the provider's session store, shared by every app process (app-session-storage.server.ts).
 * The cookie lives as long as the absolute session limit; the store enforces the idle and absolute limits
 * whenever a session is read.
 */
import { createCookie, type Session } from "@remix-run/node";
import { ABSOLUTE_TIMEOUT_MS, type SessionExpiry } from "../../core/identity/session-rules.js";
import { config } from "../config.server";
import { readAppSession, takeRefreshLease, type AppSessionStore } from "../../core/identity/app-sessions.js";
import { createAppSessionStorage } from "./app-session-storage.server";
import type { TokenSet } from "./token-refresh.server";
import { forgetSession } from "./header-cache.server";

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
  /**
   * The login time (milliseconds since the epoch), from the store's clock: the store sets it when a session
   * starts, or takes it from the session a subscriber switch replaces.
   */
  createdAt: number;
  /** Set on a session the store found past its idle or absolute limit (and has deleted). */
  endedBy?: Exclude<SessionExpiry, null>;
  /** From the store: when the user's roles for this subscriber last changed (milliseconds since the epoch). */
  rolesChangedAt?: number;
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

const sessionStore: AppSessionStore = {
  apiUrl: config.providerUrl,
  clientId: config.webClientId,
  clientSecret: config.webClientSecret,
};

export const sessionStorage = createAppSessionStorage({ cookie: sessionCookie, store: sessionStore });

/** Asks the store to let this process alone refresh the session's tokens (see token-refresh.server.ts). */
export function takeTokenRefreshLease(sessionId: string): Promise<boolean | null> {
  return takeRefreshLease(sessionStore, sessionId);
}

/** The tokens the store holds for the session now, or null when it has ended. */
export async function readStoredTokens(sessionId: string): Promise<TokenSet | null> {
  const stored = await readAppSession(sessionStore, sessionId);
  if (!stored || stored.ended) return null;
  const data = stored.data as Partial<AppSessionData>;
  if (!data.accessToken || data.accessTokenExpiresAt === undefined) return null;
  return {
    accessToken: data.accessToken,
    accessTokenExpiresAt: data.accessTokenExpiresAt,
    refreshToken: data.refreshToken ?? null,
    idToken: data.idToken ?? null,
  };
}

/**
 * One read of the store per request: the parallel loaders of a page, the CSRF check and the action share it
 * (each read is a call to the provider).
 */
const sessionsByRequest = new WeakMap<Request, Promise<AppSession>>();

export function readSession(request: Request): Promise<AppSession> {
  let session = sessionsByRequest.get(request);
  if (!session) {
    session = sessionStorage.getSession(request.headers.get("Cookie")).then((read) => {
      // A cookie whose session has ended elsewhere: what this process cached for it goes too.
      if (read.id && !read.get("userId")) forgetSession(read.id);
      return read;
    });
    sessionsByRequest.set(request, session);
  }
  return session;
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

/**
 * Starts a new session (new id, so a login never reuses an id that existed before it) and returns its Set-Cookie
 * header. Without `createdAt` the login time is now.
 */
export async function startSession(data: Omit<AppSessionData, "createdAt"> & { createdAt?: number }): Promise<string> {
  const session = await sessionStorage.getSession();
  for (const [key, value] of Object.entries(data) as [keyof AppSessionData, AppSessionData[keyof AppSessionData]][]) {
    session.set(key, value);
  }
  return sessionStorage.commitSession(session);
}
