/**
 * The product on the network and on disk: a path to return to never takes the browser to another site,
 * the login callback's code and state never reach the app's log, static assets are not sniffed, a first
 * visit's JavaScript stays within its budget, and the data folder and the command line's credentials are
 * readable by their owner only.
 */
import { expect, test } from "@playwright/test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { JAVASCRIPT_TARGET_KB } from "../../bench/sections/workspaces-page";
import { SUBSCRIBERS } from "./administration-support";
import { APP_LOG_FILE, APP_URL, PROVIDER_URL, cliDeviceLogin, E2E_DATA_DIR, expectNoAxeViolations, login, newCliConfigDir, submitLogin, USERS } from "./support";

const appOrigin = new URL(APP_URL).origin;
const switchTo = (returnTo: string) => `/switch-subscriber?subscriberId=${SUBSCRIBERS.ashdown.subscriberId}&returnTo=${returnTo}`;

/** Each as it would be written in a link: percent-encoded where a browser would otherwise refuse it. */
const HOSTILE_RETURNS = [
  "%2F%09%2Fevil.example%2Fphish",
  "%2F%0A%2Fevil.example",
  "%2F%0D%2Fevil.example",
  "%20%2F%2Fevil.example",
  "%2F%5Cevil.example",
  "%5C%2Fevil.example",
  "%2F%2Fevil.example",
  "%2F.%2F%2Fevil.example",
  "%2F%252F%252Fevil.example",
  "https%3A%2F%2Fevil.example",
  "javascript%3Aalert(1)",
  "%2F%2Fuser%40evil.example",
];

test.describe("a path to return to", () => {
  test("the cancel link of /switch-subscriber stays on the site, whatever returnTo says", async ({ page }) => {
    await login(page, USERS.manager.email);
    for (const returnTo of HOSTILE_RETURNS) {
      await page.goto(switchTo(returnTo));
      const cancel = page.getByRole("link", { name: "Cancel" });
      await expect(cancel, returnTo).toHaveAttribute("href", "/workspaces");
    }
    // Followed in the browser, the tab-and-slashes trick lands on the app's own page.
    await page.goto(switchTo(HOSTILE_RETURNS[0]!));
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(`${APP_URL}/workspaces`);
    // A local path is kept.
    await page.goto(switchTo("%2Fworkspaces%3Fpage%3D2"));
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/workspaces?page=2");
  });

  test("a login started with hostile return parameters ends on the app", async ({ page }) => {
    await page.goto(`/login?returnTo=${HOSTILE_RETURNS[0]}&redirectTo=%2F%2Fevil.example`);
    await submitLogin(page, USERS.manager.email);
    await page.waitForURL(/\/workspaces/);
    expect(new URL(page.url()).origin).toBe(appOrigin);
    // The callback with an error and a hostile extra parameter goes to one of the product's own pages.
    const response = await page.request.get(`/authorize?error=access_denied&error_description=user%20is%20blocked&returnTo=%2F%09%2Fevil.example`, { maxRedirects: 0 });
    const location = response.headers()["location"] ?? "";
    expect(location).not.toBe("");
    expect([appOrigin, new URL(PROVIDER_URL).origin]).toContain(new URL(location, APP_URL).origin);
  });
});

test(`a first visit to /workspaces loads at most ${JAVASCRIPT_TARGET_KB} KB of JavaScript, gzipped (the benchmark's budget)`, async ({ page }) => {
  await login(page, USERS.manager.email);
  await page.goto("/workspaces");
  await page.waitForLoadState("networkidle");
  // Every script this page loaded, as the server's compression would send it (gzip level 6, as the benchmark counts).
  const scripts = await page.evaluate(() =>
    performance.getEntriesByType("resource").map((entry) => entry.name).filter((name) => new URL(name).pathname.endsWith(".js")),
  );
  expect(scripts.length).toBeGreaterThan(0);
  let gzipped = 0;
  for (const script of new Set(scripts)) {
    const answer = await page.request.get(script);
    expect(answer.status(), script).toBe(200);
    gzipped += gzipSync(await answer.body(), { level: 6 }).length;
  }
  expect(gzipped / 1024).toBeLessThanOrEqual(JAVASCRIPT_TARGET_KB);
});

test("the app's log holds no authorization code or state, and its static assets are not sniffed", async ({ page }) => {
  await login(page, USERS.manager.email);
  const asset = await page.evaluate(
    () => document.querySelector<HTMLLinkElement>('link[rel="modulepreload"], link[rel="stylesheet"]')?.href ?? "",
  );
  expect(asset).not.toBe("");
  const answer = await page.request.get(asset);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["x-content-type-options"]).toBe("nosniff");

  await expect.poll(() => readFileSync(APP_LOG_FILE, "utf8")).toContain("GET /authorize?code=[redacted]");
  const log = readFileSync(APP_LOG_FILE, "utf8");
  for (const line of log.split("\n").filter((entry) => entry.includes("/authorize?"))) {
    expect(line).not.toMatch(/[?&](code|state)=(?!\[redacted\])/);
  }
});

test("the data folder and the command line's credentials are readable by their owner only", async ({ page }) => {
  const modeOf = (path: string) => statSync(path).mode & 0o777;
  expect(modeOf(E2E_DATA_DIR)).toBe(0o700);
  expect(modeOf(join(E2E_DATA_DIR, "dev-secrets.json"))).toBe(0o600);
  expect(modeOf(join(E2E_DATA_DIR, "logs"))).toBe(0o700);
  expect(modeOf(APP_LOG_FILE)).toBe(0o600);
  if (readdirSync(E2E_DATA_DIR).includes("pglite")) expect(modeOf(join(E2E_DATA_DIR, "pglite"))).toBe(0o700);

  const configDir = newCliConfigDir();
  await cliDeviceLogin(page, USERS.manager.email, configDir);
  expect(modeOf(configDir)).toBe(0o700);
  const files = readdirSync(configDir);
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) expect(modeOf(join(configDir, file)), file).toBe(0o600);
});
