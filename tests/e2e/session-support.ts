/**
 * The app's server-side session of a browser: its row in the provider's session store, named by the signed id
 * in the `__session` cookie. The tokens never reach the browser, so tests read (and, to stand in for the
 * passing of time, change) them through the store's API, as the web client whose secret is in the data folder.
 */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { APP_SESSIONS_PATH } from "../../core/identity/app-sessions";
import { APP_URL, E2E_DATA_DIR, PROVIDER_URL } from "./support";

export interface ServerSessionData {
  userId: string;
  accessToken: string;
  accessTokenExpiresAt: number;
  refreshToken: string;
  selectedSubscriberId: string | null;
}

export interface ServerSession {
  data: ServerSessionData;
  createdAt: string;
  lastSeenAt: string;
  ended: "idle" | "absolute" | null;
}

/** The generated development secrets of the product under test. */
export function devSecrets(): { webClientSecret: string; sessionSecret: string } {
  return JSON.parse(readFileSync(join(E2E_DATA_DIR, "dev-secrets.json"), "utf8")) as { webClientSecret: string; sessionSecret: string };
}

function webClientAuthorization(): string {
  return `Basic ${Buffer.from(`convey-web:${devSecrets().webClientSecret}`).toString("base64")}`;
}

/** The id of the session the browser's cookie names. */
export async function sessionId(page: Page): Promise<string> {
  const cookie = (await page.context().cookies(APP_URL)).find((candidate) => candidate.name === "__session");
  expect(cookie, "the browser holds a session cookie").toBeDefined();
  const signed = decodeURIComponent(cookie!.value);
  return JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as string;
}

const sessionUrl = (id: string) => `${PROVIDER_URL}${APP_SESSIONS_PATH}/${id}`;

/** The session as the store holds it (a read, so it counts as activity), or null when it has none by that id. */
export async function readServerSession(request: APIRequestContext, id: string): Promise<ServerSession | null> {
  const response = await request.get(sessionUrl(id), { headers: { authorization: webClientAuthorization() } });
  if (response.status() === 404) return null;
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ServerSession;
}

/** Sets the session's login and last-seen times, as if time had passed (the store allows it outside production). */
export async function ageServerSession(request: APIRequestContext, id: string, times: { createdAt?: number; lastSeenAt?: number }) {
  const iso = (time: number | undefined) => (time === undefined ? undefined : new Date(time).toISOString());
  const response = await request.put(`${sessionUrl(id)}/times`, {
    headers: { authorization: webClientAuthorization() },
    data: { createdAt: iso(times.createdAt), lastSeenAt: iso(times.lastSeenAt) },
  });
  expect(response.status(), await response.text()).toBe(204);
}

/** Rewrites some of the session's data, as the app would. */
export async function changeServerSession(request: APIRequestContext, id: string, change: Partial<ServerSessionData>) {
  const session = await readServerSession(request, id);
  expect(session, "the session exists").not.toBeNull();
  const data = { ...session!.data, ...change };
  const response = await request.put(sessionUrl(id), {
    headers: { authorization: webClientAuthorization() },
    data: { subscriberUserId: data.userId, subscriberId: data.selectedSubscriberId, data },
  });
  expect(response.status(), await response.text()).toBe(204);
}

/** Uses a refresh token at the provider as the app would (the web client's secret is in the data folder). */
export async function refreshAtProvider(request: APIRequestContext, refreshToken: string) {
  const response = await request.post(`${PROVIDER_URL}/oidc/token`, {
    headers: { authorization: webClientAuthorization() },
    form: { grant_type: "refresh_token", refresh_token: refreshToken },
  });
  return { status: response.status(), error: ((await response.json()) as { error?: string }).error };
}

/** Asks for the session's refresh lease, as an app process about to refresh its tokens would. */
export async function takeRefreshLease(request: APIRequestContext, id: string): Promise<boolean> {
  const response = await request.post(`${sessionUrl(id)}/refresh-lease`, { headers: { authorization: webClientAuthorization() } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { granted: boolean }).granted;
}

/** Refreshes at the provider as the app would, and gives the new tokens. */
export async function refreshTokensAtProvider(request: APIRequestContext, refreshToken: string) {
  const response = await request.post(`${PROVIDER_URL}/oidc/token`, {
    headers: { authorization: webClientAuthorization() },
    form: { grant_type: "refresh_token", refresh_token: refreshToken },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
  return { accessToken: body.access_token, refreshToken: body.refresh_token, accessTokenExpiresAt: Date.now() + body.expires_in * 1000 };
}
