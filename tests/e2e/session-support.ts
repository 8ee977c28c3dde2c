/**
 * The app's server-side session of a browser: its file under `${DATA_DIR}/sessions` (the app's
 * `sessionFilePath`), named by the signed id in the `__session` cookie. The tokens never reach the browser, so
 * tests read (and, to stand in for the passing of time, rewrite) them where the app keeps them.
 */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sessionFilePath } from "../../app/session/file-session-storage.server";
import { APP_URL, E2E_DATA_DIR, PROVIDER_URL } from "./support";

export interface ServerSessionData {
  userId: string;
  accessToken: string;
  accessTokenExpiresAt: number;
  refreshToken: string;
  createdAt: number;
  lastSeenAt: number;
}

export async function sessionFile(page: Page): Promise<string> {
  const cookie = (await page.context().cookies(APP_URL)).find((candidate) => candidate.name === "__session");
  expect(cookie, "the browser holds a session cookie").toBeDefined();
  const signed = decodeURIComponent(cookie!.value);
  const id = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as string;
  const file = sessionFilePath(join(E2E_DATA_DIR, "sessions"), id);
  expect(file, "the session cookie names a session the app could have issued").not.toBeNull();
  return file!;
}

export function readServerSession(file: string): ServerSessionData {
  return (JSON.parse(readFileSync(file, "utf8")) as { data: ServerSessionData }).data;
}

/** Rewrites some of the session's data, as if time had passed. */
export function changeServerSession(file: string, change: Partial<ServerSessionData>): void {
  const stored = JSON.parse(readFileSync(file, "utf8")) as { data: ServerSessionData };
  writeFileSync(file, JSON.stringify({ ...stored, data: { ...stored.data, ...change } }));
}

/** Uses a refresh token at the provider as the app would (the web client's secret is in the data folder). */
export async function refreshAtProvider(request: APIRequestContext, refreshToken: string) {
  const secrets = JSON.parse(readFileSync(join(E2E_DATA_DIR, "dev-secrets.json"), "utf8")) as { webClientSecret: string };
  const response = await request.post(`${PROVIDER_URL}/oidc/token`, {
    headers: { authorization: `Basic ${Buffer.from(`convey-web:${secrets.webClientSecret}`).toString("base64")}` },
    form: { grant_type: "refresh_token", refresh_token: refreshToken },
  });
  return { status: response.status(), error: ((await response.json()) as { error?: string }).error };
}
