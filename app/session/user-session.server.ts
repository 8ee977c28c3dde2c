/**
 * The logged-in user of a request: reads the session (the store has enforced the idle and absolute limits),
 * closes one that has ended, refreshes the access token when it is about to expire (one refresh per session at a time), and gives loaders and
 * actions the request context for core's provider client. Tokens never leave the server.
 */
import { randomUUID } from "node:crypto";
import { redirect } from "@remix-run/node";
import { OAuth2RequestError } from "remix-auth-oauth2";
import type { PermissionSubject } from "../../core/shared/permissions/actions.js";
import type { RequestContext } from "../../core/shared/provider-client.js";
import { readAccessToken, type UserClaims } from "../../core/identity/claims";
import { needsTokenRefresh, rolesChangedSinceIssue } from "../../core/identity/session-rules.js";
import { refreshTokens, revokeRefreshToken } from "../auth/auth.server";
import { config } from "../config.server";
import { forgetSession } from "./header-cache.server";
import { oncePerPageLoad } from "./page-load.server";
import { endSession, isLoggedIn, readSession, readStoredTokens, takeTokenRefreshLease, writeSession, type AppSession } from "./session.server";
import { refreshAsTheOneProcess, refreshOnce, rotationFrom, SessionGoneError, type TokenSet } from "./token-refresh.server";

export const LOGIN_PATH = "/login";

export interface UserSession {
  session: AppSession;
  claims: UserClaims;
  csrfToken: string;
  /** For core's provider client: the provider URL, the access token and this request's correlation id. */
  ctx: RequestContext;
}

type LoadedSession =
  | { state: "anonymous" }
  | { state: "ended"; session: AppSession }
  | { state: "active"; user: UserSession };

/** Thrown internally when the provider refuses the refresh token (logout or suspension elsewhere). */
class SessionEndedError extends Error {}

function applyTokens(session: AppSession, tokens: TokenSet): void {
  session.set("accessToken", tokens.accessToken);
  session.set("accessTokenExpiresAt", tokens.accessTokenExpiresAt);
  session.set("refreshToken", tokens.refreshToken);
  if (tokens.idToken) session.set("idToken", tokens.idToken);
}

/**
 * Writes the session back, first taking the tokens of a refresh that replaced the ones this copy holds, so
 * that a stale copy never writes a rotated refresh token back over its successor.
 */
export async function saveSession(session: AppSession): Promise<void> {
  const rotation = rotationFrom(session.id, session.get("refreshToken") ?? null);
  if (rotation) applyTokens(session, await rotation);
  await writeSession(session);
}

async function freshTokens(session: AppSession, now: number): Promise<void> {
  const refreshToken = session.get("refreshToken") ?? null;
  const inFlight = rotationFrom(session.id, refreshToken);
  const outdatedRoles = rolesChanged(session);
  if (!inFlight && !needsTokenRefresh(session.get("accessTokenExpiresAt") ?? Number.NaN, now) && !outdatedRoles) return;
  // The header's cached account data (the user's roles among it) is read again with the new token.
  if (outdatedRoles) forgetSession(session.id);
  if (!refreshToken) throw new SessionEndedError("The access token expired and there is no refresh token.");
  try {
    const refreshInTheOneProcess = (token: string) =>
      refreshAsTheOneProcess(token, {
        takeLease: () => takeTokenRefreshLease(session.id),
        readTokens: () => readStoredTokens(session.id),
        refresh: refreshTokens,
      });
    const tokens = await (inFlight ??
      refreshOnce(session.id, refreshToken, refreshInTheOneProcess, async (next) => {
        applyTokens(session, next);
        await writeSession(session);
      }));
    applyTokens(session, tokens);
  } catch (error) {
    // The provider refused the refresh token: the grant is gone (logout elsewhere, suspension, block).
    if (error instanceof OAuth2RequestError || error instanceof SessionGoneError) throw new SessionEndedError(error.message);
    throw new Response("The identity provider could not be reached.", { status: 503 });
  }
}

/** Whether the user's roles changed since the session's access token was issued (the store says when). */
function rolesChanged(session: AppSession): boolean {
  const accessToken = session.get("accessToken");
  if (!accessToken) return false;
  return rolesChangedSinceIssue(session.get("rolesChangedAt"), readAccessToken(accessToken).issuedAt);
}

/**
 * One load per page load: the parallel loaders of a page (the root's and the route's) share the session
 * read, any token refresh and the correlation id of the page's provider calls.
 */
function loadUserSession(request: Request): Promise<LoadedSession> {
  return oncePerPageLoad(request, "session", () => readUserSession(request));
}

async function readUserSession(request: Request): Promise<LoadedSession> {
  const session = await readSession(request);
  if (!isLoggedIn(session)) return { state: "anonymous" };
  if (session.get("endedBy")) return { state: "ended", session };
  try {
    await freshTokens(session, Date.now());
  } catch (error) {
    if (error instanceof SessionEndedError) return { state: "ended", session };
    throw error;
  }
  const accessToken = session.get("accessToken") as string;
  return {
    state: "active",
    user: {
      session,
      claims: readAccessToken(accessToken),
      csrfToken: session.get("csrfToken") ?? "",
      ctx: {
        apiUrl: config.providerUrl,
        accessToken,
        correlationId: randomUUID(),
        // Set by server/origin-guard.ts from the connection, never by the client.
        clientIp: request.headers.get("x-convey-client-ip") ?? undefined,
        onWrite: () => forgetSession(session.id),
      },
    },
  };
}

/**
 * Ends a session for good: its refresh token is revoked at the provider (which destroys the grant, so no
 * access token of this login works any more), then its data is deleted. Returns the Set-Cookie header
 * that clears the cookie. A provider that cannot be reached does not keep the session alive.
 */
export async function closeSession(session: AppSession): Promise<string> {
  const refreshToken = session.get("refreshToken");
  if (refreshToken) {
    await revokeRefreshToken(refreshToken).catch((error: unknown) =>
      console.warn(`The refresh token of an ending session could not be revoked (${(error as Error).message})`),
    );
  }
  return endSession(session);
}

/** The user, or null without a live session (an ended one is closed). For public pages. */
export async function getOptionalUser(request: Request): Promise<UserSession | null> {
  const loaded = await loadUserSession(request);
  if (loaded.state === "ended") await closeSession(loaded.session);
  return loaded.state === "active" ? loaded.user : null;
}

/** The user; without a live session the browser goes to the login page (an ended session is closed). */
export async function requireUser(request: Request): Promise<UserSession> {
  const loaded = await loadUserSession(request);
  if (loaded.state === "active") return loaded.user;
  if (loaded.state === "ended") throw await endSessionAndLogin(loaded.session);
  throw redirect(LOGIN_PATH);
}

/** Closes the session and answers with the redirect to the login page (for throwing). */
export async function endSessionAndLogin(session: AppSession): Promise<Response> {
  return redirect(LOGIN_PATH, { headers: { "Set-Cookie": await closeSession(session) } });
}

/** The signed-in user as the permission rules see them. */
export function subjectOf(user: UserSession): PermissionSubject {
  return { permissions: user.claims.permissions, roles: user.claims.roles };
}
