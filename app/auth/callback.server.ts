/**
 * The login callback (/authorize): completes the code exchange and starts the app session, or maps the
 * provider's refusal to its page (document 1 section 2.2).
 */
import { randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { OAuth2RequestError } from "remix-auth-oauth2";
import { LANDING_PAGE, loginReturnPath } from "../../core/identity/login-errors.js";
import { endSession, isLoggedIn, readSession, startSession, type AppSession } from "../session/session.server";
import { closeSession, saveSession } from "../session/user-session.server";
import { readAccessToken } from "../../core/identity/claims";
import { clearStateCookies, completeLogin, revokeRefreshToken, type LoginResult } from "./auth.server";
import { endsTheSession, loginReturnTarget } from "./login-return";

/** The callback's outcome: a redirect, or the fallback card when a login failed for an unknown reason. */
export type CallbackOutcome = { redirect: Response } | { failed: { headers: Headers } };

export async function handleLoginCallback(request: Request): Promise<CallbackOutcome> {
  const headers = new Headers();
  for (const cookie of clearStateCookies(request)) headers.append("Set-Cookie", cookie);
  const existing = await readSession(request);

  let login: LoginResult;
  try {
    login = await completeLogin(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof OAuth2RequestError) return refused(request, existing, error, headers);
    if (error instanceof ReferenceError || error instanceof RangeError) {
      // No state cookie for this callback (expired after 5 minutes, another browser, a replayed URL): start again.
      return { redirect: redirect("/login", { headers }) };
    }
    console.error("Login callback failed", error);
    throw new Response("The identity provider could not complete the login.", { status: 503, headers });
  }

  headers.append("Set-Cookie", await startAppSession(existing, login));
  return { redirect: redirect(loginReturnTarget(new URL(request.url), null), { headers }) };
}

/**
 * A new session id for every login. A subscriber switch keeps the login time (the absolute limit counts from
 * the password login) and revokes the previous grant once the new one is in hand.
 */
async function startAppSession(existing: AppSession, login: LoginResult): Promise<string> {
  const switching = isLoggedIn(existing);
  const createdAt = switching ? existing.get("createdAt") : undefined;
  if (switching) await retirePreviousLogin(existing, login);
  return startSession({
    userId: login.claims.userId,
    accessToken: login.accessToken,
    accessTokenExpiresAt: login.accessTokenExpiresAt,
    refreshToken: login.refreshToken,
    idToken: login.idToken,
    selectedSubscriberId: login.claims.subscriberId,
    pendingSubscriberId: null,
    csrfToken: randomBytes(32).toString("base64url"),
    createdAt,
  });
}

async function retirePreviousLogin(existing: AppSession, login: LoginResult): Promise<void> {
  const previousRefreshToken = existing.get("refreshToken");
  const previousGrant = safeGrantId(existing.get("accessToken"));
  const sameGrant = previousGrant !== null && previousGrant === login.claims.grantId;
  if (previousRefreshToken && !sameGrant && existing.get("userId") === login.claims.userId) {
    await revokeRefreshToken(previousRefreshToken).catch((error: unknown) =>
      console.warn(`Could not revoke the previous refresh token: ${(error as Error).message}`),
    );
  }
  await endSession(existing);
}

function safeGrantId(accessToken: string | undefined): string | null {
  try {
    return accessToken ? readAccessToken(accessToken).grantId : null;
  } catch {
    return null;
  }
}

async function refused(
  request: Request,
  existing: AppSession,
  error: OAuth2RequestError,
  headers: Headers,
): Promise<CallbackOutcome> {
  const description = error.description ?? error.code;
  const target = loginReturnTarget(new URL(request.url), description);
  const loggedIn = isLoggedIn(existing);
  // An unknown refusal without a session would loop (/workspaces → /login → refusal): show the fallback card.
  if (!loggedIn && loginReturnPath(description) === LANDING_PAGE) return { failed: { headers } };
  if (loggedIn && endsTheSession(target)) {
    headers.append("Set-Cookie", await closeSession(existing));
  } else if (loggedIn) {
    // A refused subscriber switch: the user stays logged in for the subscriber they had.
    existing.set("pendingSubscriberId", null);
    await saveSession(existing);
  }
  return { redirect: redirect(target, { headers }) };
}
