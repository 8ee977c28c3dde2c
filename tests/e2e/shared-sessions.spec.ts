/**
 * Sessions that several app processes share (docs/decisions/0017-sessions-in-the-database.md): a second app
 * process runs beside the one the suite starts, on the same provider and database but with a data folder of
 * its own (as on another machine behind a load balancer, both under the one public URL). A login through
 * one process is recognised by the other with the same cookie, a logout through either ends the session
 * on both, header and all, and an expiring access token is refreshed once however the requests of the moment
 * are spread over the processes (a rotated refresh token used twice would revoke the login).
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { appServerArgs } from "../../scripts/app-server";
import {
  changeServerSession,
  devSecrets,
  readServerSession,
  refreshTokensAtProvider,
  sessionId,
  takeRefreshLease,
} from "./session-support";
import { APP_URL, login, PROVIDER_URL, USERS } from "./support";

let secondApp: ChildProcess;
let SECOND_APP_URL: string;
/** What the second process wrote to stderr, for the message of a failure. */
let secondAppErrors = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  SECOND_APP_URL = `http://localhost:${port}`;
  const { webClientSecret, sessionSecret } = devSecrets();
  secondApp = spawn(process.execPath, appServerArgs(process.cwd()), {
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL,
      PROVIDER_URL,
      DATA_DIR: mkdtempSync(join(tmpdir(), "convey-second-app-")),
      WEB_CLIENT_SECRET: webClientSecret,
      SESSION_SECRET: sessionSecret,
      NODE_ENV: "production",
      CONVEY_ENV: "local",
      FEATURE_FLAG_REFRESH_MS: "0",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  secondApp.stderr?.on("data", (chunk: Buffer) => (secondAppErrors += chunk.toString()));
  for (let attempt = 0; ; attempt++) {
    const up = await fetch(`${SECOND_APP_URL}/user/blocked`).then((response) => response.ok, () => false);
    if (up) break;
    if (attempt > 120 || secondApp.exitCode !== null) throw new Error(`The second app process did not start: ${secondAppErrors}`);
    await delay(250);
  }
});

test.afterAll(() => {
  secondApp?.kill("SIGTERM");
});

/**
 * Logs out through the app at `appUrl` as the browser's form would reach it through a load balancer: under the
 * public URL of both processes (its Origin and Host).
 */
async function logOutThrough(page: Page, request: APIRequestContext, appUrl: string) {
  await page.goto(`${appUrl}/logout`);
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const headers = { origin: APP_URL, host: new URL(APP_URL).host };
  const response = await request.post(`${appUrl}/logout`, { headers, form: { csrf }, maxRedirects: 0 });
  expect(response.status(), secondAppErrors).toBe(302);
  expect(response.headers().location).toContain(`${PROVIDER_URL}/oidc/session/end`);
}

async function expectLoggedIn(page: Page, appUrl: string) {
  await page.goto(`${appUrl}/workspaces`);
  await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(USERS.manager.name);
}

async function expectLoggedOut(page: Page, appUrl: string) {
  await page.goto(`${appUrl}/workspaces`);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await expect(page.getByText(USERS.manager.name)).toHaveCount(0);
}

test("a login through one app process is recognised by another, and a logout through that other ends it on both", async ({ page }) => {
  await login(page, USERS.manager.email);
  await expectLoggedIn(page, APP_URL);
  await expectLoggedIn(page, SECOND_APP_URL);
  const id = await sessionId(page);

  await logOutThrough(page, page.request, SECOND_APP_URL);
  expect(await readServerSession(page.request, id)).toBeNull();
  await expectLoggedOut(page, APP_URL);
  await expectLoggedOut(page, SECOND_APP_URL);
});

test("a logout through the first process ends the session the second process has shown, header and all", async ({ page }) => {
  await login(page, USERS.manager.email);
  // The second process has read the session and cached the header's account data for it.
  await expectLoggedIn(page, SECOND_APP_URL);

  await page.goto(`${APP_URL}/workspaces`);
  await page.getByRole("banner").getByText(USERS.manager.name).first().click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();

  await expectLoggedOut(page, SECOND_APP_URL);
});

test("expiring tokens needed by both processes at the same moment leave the login intact", async ({ page }) => {
  await login(page, USERS.lender.email);
  const id = await sessionId(page);
  const before = (await readServerSession(page.request, id))!.data;
  await changeServerSession(page.request, id, { accessTokenExpiresAt: Date.now() - 1000 });

  const paths = ["/workspaces", "/create-workspace", "/workspaces?type=REMORTGAGE"];
  const responses = await Promise.all(
    [APP_URL, SECOND_APP_URL].flatMap((appUrl) => paths.map((path) => page.request.get(`${appUrl}${path}`, { maxRedirects: 0 }))),
  );
  expect(responses.map((response) => response.status())).toEqual([200, 200, 200, 200, 200, 200]);

  expect((await readServerSession(page.request, id))!.data.refreshToken).not.toBe(before.refreshToken);
  for (const appUrl of [APP_URL, SECOND_APP_URL]) {
    await page.goto(`${appUrl}/workspaces`);
    await expect(page.getByRole("banner")).toContainText(USERS.lender.name);
  }
});

test("a process that finds another refreshing the tokens waits for them instead of using the refresh token again", async ({ page }) => {
  await login(page, USERS.lender.email);
  const id = await sessionId(page);
  const { refreshToken } = (await readServerSession(page.request, id))!.data;
  await changeServerSession(page.request, id, { accessTokenExpiresAt: Date.now() - 1000 });

  // The test stands in for the first process in the middle of a refresh: it holds the lease.
  expect(await takeRefreshLease(page.request, id)).toBe(true);
  const pageOnSecond = page.request.get(`${SECOND_APP_URL}/workspaces`, { maxRedirects: 0 });
  await delay(1000);
  // Had the second process used the refresh token meanwhile, this second use would revoke the login.
  const refreshed = await refreshTokensAtProvider(page.request, refreshToken);
  await changeServerSession(page.request, id, refreshed);

  expect((await pageOnSecond).status()).toBe(200);
  expect((await readServerSession(page.request, id))!.data.refreshToken).toBe(refreshed.refreshToken);
  await page.goto(`${SECOND_APP_URL}/workspaces`);
  await expect(page.getByRole("banner")).toContainText(USERS.lender.name);
});
