import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { USER_IDS } from "./administration-support";
import { APP_URL, cliDeviceLogin, login, newCliConfigDir, PROVIDER_URL, runCli, submitLogin, USERS } from "./support";
import { readServerSession, refreshAtProvider, sessionId } from "./session-support";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";

test("a form POST without the CSRF token, or from another origin, answers 403 and changes nothing", async ({ page }) => {
  await login(page, USERS.manager.email);
  const request = page.context().request;
  // No token, same origin: refused; the session is still alive afterwards.
  const noToken = await request.post(`${APP_URL}/logout`, {
    headers: { origin: APP_URL },
    form: { intent: "logout" },
    maxRedirects: 0,
  });
  expect(noToken.status()).toBe(403);
  // A valid token but a foreign origin: refused.
  const token = await page.locator('input[name="csrf"]').first().inputValue();
  expect(token).not.toBe("");
  const foreign = await request.post(`${APP_URL}/logout`, {
    headers: { origin: "https://attacker.example" },
    form: { csrf: token },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);
  const crossSite = await request.post(`${APP_URL}/logout`, {
    headers: { "sec-fetch-site": "cross-site", origin: APP_URL },
    form: { csrf: token },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  await page.goto("/workspaces");
  await expect(page.getByRole("banner")).toContainText(USERS.manager.name);
});

const SUSPENDED_USER_ID = USER_IDS.suspended;

test("an action that changes data refuses a POST without the CSRF token or from another origin, and changes nothing", async ({ page }) => {
  await login(page, USERS.manager.email);
  const request = page.context().request;
  const unsuspend = `${APP_URL}/users/${SUSPENDED_USER_ID}/unsuspend`;
  // The suspended demo user's version, as the confirmation page's form carries it.
  await page.goto(`/users/${SUSPENDED_USER_ID}/unsuspend`);
  const version = await page.locator('form[action*="/unsuspend"] input[name="version"]').inputValue();
  const token = await page.locator('input[name="csrf"]').first().inputValue();

  const noToken = await request.post(unsuspend, { headers: { origin: APP_URL }, form: { version }, maxRedirects: 0 });
  expect(noToken.status()).toBe(403);
  const wrongToken = await request.post(unsuspend, { headers: { origin: APP_URL }, form: { version, csrf: `${token}x` }, maxRedirects: 0 });
  expect(wrongToken.status()).toBe(403);
  const foreign = await request.post(unsuspend, {
    headers: { origin: "https://attacker.example" },
    form: { version, csrf: token },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);

  // Nothing changed: the user is still suspended.
  await page.goto(`/users?q=${encodeURIComponent(USERS.suspended.name)}`);
  await expect(page.getByRole("table").getByRole("row", { name: new RegExp(USERS.suspended.name) })).toContainText("Suspended");
});

test("documents carry an enforced nonce-based content security policy", async ({ page }) => {
  await page.goto("/user/blocked");
  const response = await page.request.get(`${APP_URL}/user/blocked`);
  const csp = response.headers()["content-security-policy"];
  expect(csp).toMatch(/script-src[^;]*'nonce-[A-Za-z0-9+/=_-]+'/);
  expect(csp).not.toContain("unsafe-inline'");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
});

test.describe("the command-line tool", () => {
  test("the helpdesk administrator suspends a user: their browser session ends and they cannot log in; unsuspend restores them", async ({
    page,
    browser,
  }) => {
    // A user is logged in, in a browser of their own. (Not a user whose login other specs keep for reuse:
    // the suspension ends every login of the user.)
    const user = USERS.keystoneCreator;
    const userContext = await browser.newContext();
    const userPage = await userContext.newPage();
    await login(userPage, user.email);
    // A second login of theirs has a workspace open (with JavaScript), on its Participants tab.
    const workspaceContext = await browser.newContext();
    const workspacePage = await workspaceContext.newPage();
    await login(workspacePage, user.email);
    await workspacePage.goto(`/workspaces/${DEMO_WORKSPACES.purchaseOrganisationPreparing.workspaceId}/participants`);
    await workspacePage.waitForLoadState("networkidle");
    await expect(workspacePage.getByRole("link", { name: "Overview" })).toBeVisible();

    const helpdeskCli = newCliConfigDir();
    await cliDeviceLogin(page, USERS.helpdesk.email, helpdeskCli);
    const whoami = await runCli(["--json", "whoami"], helpdeskCli);
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(JSON.parse(whoami.stdout).user.email).toBe(USERS.helpdesk.email);

    const suspend = await runCli(["--json", "users", "suspend", user.email, "--yes"], helpdeskCli);
    expect(suspend.code, suspend.stderr).toBe(0);
    expect(JSON.parse(suspend.stdout).status).toBe("Suspended");

    // The open session is logged out on its next request, even to a page that makes no provider call of its
    // own (the create form), and logging in again is refused.
    await userPage.goto("/create-workspace");
    await expect(userPage.getByRole("heading", { name: "Log in" })).toBeVisible();
    // The workspace's next tab, opened in the page (a data request: the workspace read proves the standing).
    await workspacePage.getByRole("link", { name: "Overview" }).click();
    await expect(workspacePage.getByRole("heading", { name: "Log in" })).toBeVisible();
    await workspaceContext.close();
    await submitLogin(userPage, user.email);
    await expect(userPage).toHaveURL(/\/user\/suspended/);
    await expect(userPage.getByRole("main")).toContainText("Your access has been suspended by the provider's support.");
    await expect(userPage.getByRole("main")).not.toContainText("user manager");

    const unsuspend = await runCli(["--json", "users", "unsuspend", user.email, "--yes"], helpdeskCli);
    expect(unsuspend.code, unsuspend.stderr).toBe(0);
    expect(JSON.parse(unsuspend.stdout).status).toBe("Active");
    await login(userPage, user.email);
    await expect(userPage.getByRole("banner")).toContainText(user.name);
    await userContext.close();
  });

  test("a workspace viewer cannot suspend anyone: exit 1, a clear refusal, nothing changes", async ({ page }) => {
    const viewerCli = newCliConfigDir();
    await cliDeviceLogin(page, USERS.viewer.email, viewerCli);
    const refused = await runCli(["users", "suspend", USERS.manager.email, "--yes"], viewerCli);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/permission|not allowed|forbidden|do not have/i);
    expect(refused.stdout).toBe("");

    const managerPage = await page.context().browser()!.newPage();
    await login(managerPage, USERS.manager.email);
    await expect(managerPage.getByRole("banner")).toContainText(USERS.manager.name);
    await managerPage.close();
  });
});

test("a login from outside the subscriber's IP allow list lands on the unrecognised IP page", async ({ page, browser }) => {
  const helpdeskCli = newCliConfigDir();
  await cliDeviceLogin(page, USERS.helpdesk.email, helpdeskCli);
  const credentials = JSON.parse(readFileSync(join(helpdeskCli, "credentials.json"), "utf8"));
  const accessToken: string = credentials.accessToken ?? credentials.tokens?.accessToken;
  const api = page.context().request;
  const subscribers = await api.get(`${PROVIDER_URL}/api/subscriber/v1/subscribers?page=1&limit=20`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const northgate = (await subscribers.json()).records.find((s: { name: string }) => s.name === "Northgate Bank");
  // Each change is made against the subscriber's version read just before, as a client does.
  const setList = async (addresses: string[]) => {
    const authorization = `Bearer ${accessToken}`;
    const details = await api.get(`${PROVIDER_URL}/api/subscriber/v1/subscribers/${northgate.subscriberId}/details`, { headers: { authorization } });
    return api.patch(`${PROVIDER_URL}/api/subscriber/v1/idp-metadata/${northgate.subscriberId}/USER_IP_WHITELIST`, {
      headers: { authorization, "if-match": `"${(await details.json()).version}"` },
      data: { type: "USER_IP_WHITELIST", data: { metadata: addresses } },
    });
  };
  expect((await setList(["203.0.113.0/24"])).ok()).toBe(true);
  try {
    const lenderContext = await browser.newContext();
    const lenderPage = await lenderContext.newPage();
    await lenderPage.goto("/workspaces");
    await submitLogin(lenderPage, USERS.lender.email);
    await expect(lenderPage).toHaveURL(/\/user\/unrecognised-ip-address/);
    await lenderContext.close();
  } finally {
    expect((await setList([])).ok()).toBe(true);
  }
  const lenderPage = await browser.newPage();
  await login(lenderPage, USERS.lender.email);
  await expect(lenderPage.getByRole("banner")).toContainText("Northgate Bank");
});

test("logout revokes the login at the provider: its access token and its refresh token stop working at once", async ({ page }) => {
  await login(page, USERS.lender.email);
  const id = await sessionId(page);
  const { accessToken, refreshToken } = (await readServerSession(page.request, id))!.data;
  const me = () => page.request.get(`${PROVIDER_URL}/api/v1/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect((await me()).status()).toBe(200);

  await page.getByRole("banner").getByText(USERS.lender.name).first().click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();

  expect((await me()).status()).toBe(401);
  expect(await refreshAtProvider(page.request, refreshToken)).toEqual({ status: 400, error: "invalid_grant" });
  // The session itself is gone from the store, for every app process.
  expect(await readServerSession(page.request, id)).toBeNull();
});
