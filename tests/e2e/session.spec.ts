/**
 * The app session against the real identity provider (issue 2; document 1 section 2.2): the idle and
 * absolute limits end it on the next request, an expiring access token is refreshed silently, and the
 * parallel requests of a page share one refresh (a reused refresh token would revoke the whole login).
 * Time is made to pass by setting the session's times in the provider's session store, which enforces the
 * limits whenever the app reads a session.
 */
import { expect, test } from "@playwright/test";
import { ageServerSession, changeServerSession, readServerSession, refreshAtProvider, sessionId } from "./session-support";
import { login, USERS } from "./support";

const MINUTE = 60_000;

test("a session idle for 30 minutes ends: the next request goes to the login page", async ({ page }) => {
  await login(page, USERS.viewer.email);
  const id = await sessionId(page);
  await ageServerSession(page.request, id, { lastSeenAt: Date.now() - 29 * MINUTE });
  await page.goto("/workspaces");
  await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();

  // That page was activity: the session is seen again.
  const seen = (await readServerSession(page.request, id))!;
  expect(Date.parse(seen.lastSeenAt)).toBeGreaterThan(Date.now() - MINUTE);
  const { refreshToken } = seen.data;
  await ageServerSession(page.request, id, { lastSeenAt: Date.now() - 30 * MINUTE - 1000 });
  await page.goto("/workspaces");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  // The ended login cannot be resumed at the provider either, and its session is gone from the store.
  expect(await refreshAtProvider(page.request, refreshToken)).toEqual({ status: 400, error: "invalid_grant" });
  expect(await readServerSession(page.request, id)).toBeNull();
});

test("a session ends 12 hours after login, however busy", async ({ page }) => {
  await login(page, USERS.viewer.email);
  const id = await sessionId(page);
  await ageServerSession(page.request, id, { createdAt: Date.now() - 12 * 60 * MINUTE + MINUTE, lastSeenAt: Date.now() });
  await page.goto("/workspaces");
  await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();

  await ageServerSession(page.request, id, { createdAt: Date.now() - 12 * 60 * MINUTE - 1000, lastSeenAt: Date.now() });
  await page.goto("/workspaces");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  expect(await readServerSession(page.request, id)).toBeNull();
});

test("an expiring access token is refreshed at the identity provider, once for the page's parallel requests", async ({ page }) => {
  await login(page, USERS.lender.email);
  const id = await sessionId(page);
  const before = (await readServerSession(page.request, id))!.data;
  await changeServerSession(page.request, id, { accessTokenExpiresAt: Date.now() - 1000 });

  // Several requests at once, each needing the refresh.
  const pages = await Promise.all(
    ["/workspaces", "/workspaces?page=1", "/create-workspace", "/workspaces?type=REMORTGAGE"].map((path) =>
      page.request.get(path, { maxRedirects: 0 }),
    ),
  );
  expect(pages.map((response) => response.status())).toEqual([200, 200, 200, 200]);

  const after = (await readServerSession(page.request, id))!.data;
  expect(after.accessToken).not.toBe(before.accessToken);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(after.accessTokenExpiresAt).toBeGreaterThan(Date.now() + MINUTE);
  // The login is intact: one refresh ran, its rotated token is the one kept.
  await page.goto("/workspaces");
  await expect(page.getByRole("banner")).toContainText(USERS.lender.name);
});
