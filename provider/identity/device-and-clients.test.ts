/**
 * The command-line tool's logins (device authorization grant, as people) and scripts' logins (client
 * credentials, as a script client bound to one subscriber user), through the real provider.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { API_AUDIENCE, CLAIMS } from "../../core/shared/contract.js";
import { permissionsForRoles } from "../../core/shared/permissions/roles.js";
import { createScriptClient } from "./script-clients.js";
import {
  Browser,
  decodeJwt,
  formAction,
  hiddenInputs,
  loginForTokens,
  PASSWORD,
  seedWorld,
  startHarness,
  SUBSCRIBERS,
  tokenRequest,
  USERS,
  type Harness,
} from "./testing/harness.js";

const consoleWarn = vi.spyOn(console, "warn");
const consoleInfo = vi.spyOn(console, "info");

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await seedWorld(h.db);
});
afterAll(() => h?.close());

const CLI = { id: "convey-cli" };
const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

async function startDevice(extra: Record<string, string> = {}) {
  const response = await fetch(`${h.baseUrl}/oidc/device/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: "convey-cli", scope: "openid offline_access profile email", resource: API_AUDIENCE, ...extra }).toString(),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { device_code: string; user_code: string; verification_uri: string; verification_uri_complete: string; interval: number };
}

const poll = (deviceCode: string) => tokenRequest(h, { grant_type: DEVICE_GRANT, device_code: deviceCode }, CLI);

/** Opens the code page, types the code, and returns the page that follows (the login page, or the end). */
async function enterCode(browser: Browser, verificationUri: string, userCode: string) {
  const page = await browser.navigate(verificationUri);
  expect(page.html).toContain("<h1>Connect the command-line tool</h1>");
  return browser.navigate(formAction(page.html, page.url), { form: { ...hiddenInputs(page.html), user_code: userCode } });
}

describe("device authorization grant", () => {
  it("logs the command-line tool in through the code page and the product's login page", async () => {
    const device = await startDevice();
    expect(device.verification_uri).toBe(`${h.baseUrl}/oidc/device`);
    expect(device.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect((await poll(device.device_code)).body.error).toBe("authorization_pending");

    const browser = new Browser();
    const codePage = await browser.navigate(device.verification_uri);
    expect(codePage.html).toContain('<label for="user-code">Code</label>');
    expect(codePage.html).toContain('name="user_code"');
    expect(codePage.html).not.toMatch(/<script|onfocus/);
    expect(codePage.response.headers.get("content-security-policy")).not.toContain("unsafe-inline");

    const login = await enterCode(browser, device.verification_uri, device.user_code.toLowerCase().replace("-", ""));
    expect(login.url).toMatch(/\/oidc\/interaction\/[\w-]+$/);
    expect(login.html).toContain("<h1>Log in</h1>");
    const done = await browser.navigate(formAction(login.html, login.url), { form: { email: USERS.viewer.email, password: PASSWORD } });
    expect(done.response.status).toBe(200);
    expect(done.html).toContain("<h1>You are logged in</h1>");

    const tokens = await poll(device.device_code);
    expect(tokens.status).toBe(200);
    expect(tokens.body.refresh_token).toBeTruthy();
    const claims = decodeJwt(tokens.body.access_token!);
    expect(claims).toMatchObject({
      sub: USERS.viewer.id,
      aud: API_AUDIENCE,
      client_id: "convey-cli",
      [CLAIMS.subscriberId]: SUBSCRIBERS.keystone.id,
      [CLAIMS.subscriberType]: "Conveyancing Firm",
      [CLAIMS.roles]: ["Workspace Viewer"],
      [CLAIMS.permissions]: permissionsForRoles(["Workspace Viewer"]),
    });
    await expect(h.oidc.verifyAccessToken(tokens.body.access_token!)).resolves.toMatchObject({ userId: USERS.viewer.id, clientId: "convey-cli" });

    // The public client refreshes without a secret; the code cannot be used twice.
    const refreshed = await tokenRequest(h, { grant_type: "refresh_token", refresh_token: tokens.body.refresh_token! }, CLI);
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.body.access_token!)[CLAIMS.subscriberId]).toBe(SUBSCRIBERS.keystone.id);
    expect((await poll(device.device_code)).body.error).toBe("invalid_grant");

    // Revoking the CLI's refresh token (public client: client_id in the form) ends its grant.
    const revoke = await fetch(`${h.baseUrl}/oidc/token/revocation`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: refreshed.body.refresh_token!, token_type_hint: "refresh_token", client_id: "convey-cli" }).toString(),
    });
    expect(revoke.status).toBe(200);
    await expect(h.oidc.verifyAccessToken(refreshed.body.access_token!)).rejects.toThrow(/grant has been revoked/);
  });

  it("asks to check a code that arrived in the link, then logs in", async () => {
    const device = await startDevice();
    const browser = new Browser();
    // The link carries the code: the provider's auto-submitting page (its script allowed by hash only).
    const autoSubmit = await browser.navigate(device.verification_uri_complete);
    const csp = autoSubmit.response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(csp).not.toContain("unsafe-inline");
    const confirm = await browser.navigate(formAction(autoSubmit.html, autoSubmit.url), { form: hiddenInputs(autoSubmit.html) });
    expect(confirm.html).toContain("<h1>Check the code</h1>");
    expect(confirm.html).toContain(`value="${device.user_code}"`);
    expect(confirm.html).toContain('<button type="submit" form="op.deviceConfirmForm">Continue</button>');
    const login = await browser.navigate(formAction(confirm.html, confirm.url), { form: hiddenInputs(confirm.html) });
    const done = await browser.navigate(formAction(login.html, login.url), { form: { email: USERS.viewer.email, password: PASSWORD } });
    expect(done.html).toContain("<h1>You are logged in</h1>");
    expect((await poll(device.device_code)).status).toBe(200);
  });

  it("lets the person cancel on the check page; the tool is told", async () => {
    const device = await startDevice();
    const browser = new Browser();
    const autoSubmit = await browser.navigate(device.verification_uri_complete);
    const confirm = await browser.navigate(formAction(autoSubmit.html, autoSubmit.url), { form: hiddenInputs(autoSubmit.html) });
    const cancelled = await browser.navigate(formAction(confirm.html, confirm.url), { form: { ...hiddenInputs(confirm.html), abort: "yes" } });
    expect(cancelled.html).toContain("The login was cancelled");
    expect((await poll(device.device_code)).body.error).toBe("access_denied");
  });

  it("re-shows the code page with a message for a wrong code", async () => {
    const page = await enterCode(new Browser(), `${h.baseUrl}/oidc/device`, "BBBB-BBBB");
    expect(page.response.status).toBe(200);
    expect(page.html).toContain("The code is not recognised. Check it and try again");
    expect(page.html).toContain('value="BBBB-BBBB"');
    expect(page.html).toContain('aria-invalid="true" aria-describedby="user-code-error"');
  });

  it("selects the subscriber given as organization", async () => {
    const device = await startDevice({ organization: SUBSCRIBERS.ashdown.id });
    const browser = new Browser();
    const login = await enterCode(browser, device.verification_uri, device.user_code);
    await browser.navigate(formAction(login.html, login.url), { form: { email: USERS.manager.email, password: PASSWORD } });
    const claims = decodeJwt((await poll(device.device_code)).body.access_token!);
    expect(claims).toMatchObject({ sub: USERS.manager.id, [CLAIMS.subscriberId]: SUBSCRIBERS.ashdown.id, [CLAIMS.roles]: ["Workspace User"] });
  });

  it("skips the password when the browser is already logged in, with a grant of its own", async () => {
    const browser = new Browser();
    const web = await loginForTokens(h, browser, USERS.manager.email);
    const device = await startDevice();
    const done = await enterCode(browser, device.verification_uri, device.user_code);
    expect(done.html).toContain("<h1>You are logged in</h1>");
    const cli = await poll(device.device_code);
    const claims = decodeJwt(cli.body.access_token!);
    expect(claims).toMatchObject({ sub: USERS.manager.id, client_id: "convey-cli", [CLAIMS.subscriberId]: SUBSCRIBERS.harper.id });
    expect(claims[CLAIMS.grantId]).not.toBe(decodeJwt(web.access_token!)[CLAIMS.grantId]);
  });

  it("refuses a suspended user: the page says so and the tool gets access_denied with the text", async () => {
    const device = await startDevice();
    const browser = new Browser();
    const login = await enterCode(browser, device.verification_uri, device.user_code);
    const refused = await browser.navigate(formAction(login.html, login.url), { form: { email: USERS.suspended.email, password: PASSWORD } });
    expect(refused.html).toContain("The login was refused: user is suspended");
    const answer = await poll(device.device_code);
    expect(answer.body).toMatchObject({ error: "access_denied", error_description: "user is suspended" });
  });

  it("refuses an address outside the subscriber's allow list", async () => {
    const device = await startDevice();
    const browser = new Browser({ "x-forwarded-for": "198.51.100.20" });
    const login = await enterCode(browser, device.verification_uri, device.user_code);
    await browser.navigate(formAction(login.html, login.url), { form: { email: USERS.lender.email, password: PASSWORD } });
    expect((await poll(device.device_code)).body).toMatchObject({ error: "access_denied", error_description: "Access denied for your IP address." });
  });
});

describe("client credentials (script clients)", () => {
  const basic = (id: string, secret: string) => ({ id, secret });

  it("issues tokens that speak for the bound user at the bound subscriber", async () => {
    const client = await createScriptClient(h.db, h.config, { name: "Bulk users", subscriberId: SUBSCRIBERS.keystone.id, subscriberUserId: USERS.scripted.id });
    expect(client.clientId).toMatch(/^script-/);
    expect(client.clientSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const stored = await h.db.selectFrom("script_clients").selectAll().where("client_id", "=", client.clientId).executeTakeFirstOrThrow();
    expect(stored.client_secret_encrypted).not.toContain(client.clientSecret);

    const { status, body } = await tokenRequest(h, { grant_type: "client_credentials", resource: API_AUDIENCE }, basic(client.clientId, client.clientSecret));
    expect(status).toBe(200);
    expect(body.refresh_token).toBeUndefined();
    const claims = decodeJwt(body.access_token!);
    expect(claims).toMatchObject({
      sub: USERS.scripted.id,
      client_id: client.clientId,
      aud: API_AUDIENCE,
      [CLAIMS.subscriberId]: SUBSCRIBERS.keystone.id,
      [CLAIMS.subscriberType]: "Conveyancing Firm",
      [CLAIMS.roles]: ["User Manager"],
      [CLAIMS.permissions]: permissionsForRoles(["User Manager"]),
    });
    expect(claims[CLAIMS.grantId]).toBeUndefined();
    expect(await h.oidc.verifyAccessToken(body.access_token!)).toEqual({
      userId: USERS.scripted.id,
      subscriberId: SUBSCRIBERS.keystone.id,
      subscriberType: "Conveyancing Firm",
      roles: ["User Manager"],
      permissions: permissionsForRoles(["User Manager"]),
      grantId: "",
      clientId: client.clientId,
      ipAllowList: [],
    });

    // Without the resource parameter the API is the default audience.
    const implicit = await tokenRequest(h, { grant_type: "client_credentials" }, basic(client.clientId, client.clientSecret));
    expect(decodeJwt(implicit.body.access_token!).aud).toBe(API_AUDIENCE);
  });

  it("refuses a wrong secret, and other grant types", async () => {
    const client = await createScriptClient(h.db, h.config, { name: "Wrong", subscriberId: SUBSCRIBERS.keystone.id, subscriberUserId: USERS.scripted.id });
    expect((await tokenRequest(h, { grant_type: "client_credentials" }, basic(client.clientId, "not-the-secret"))).body.error).toBe("invalid_client");
    const other = await tokenRequest(h, { grant_type: "refresh_token", refresh_token: "x" }, basic(client.clientId, client.clientSecret));
    expect(other.body).toMatchObject({ error: "invalid_request", error_description: "requested grant type is not allowed for this client" });
  });

  it("refuses issuing while the bound user is suspended or blocked", async () => {
    const client = await createScriptClient(h.db, h.config, { name: "Suspended", subscriberId: SUBSCRIBERS.keystone.id, subscriberUserId: USERS.scripted.id });
    const set = (values: { status?: string; blocked?: boolean }) => h.db.updateTable("subscriber_users").set(values).where("subscriber_user_id", "=", USERS.scripted.id).execute();
    const { body: before } = await tokenRequest(h, { grant_type: "client_credentials" }, basic(client.clientId, client.clientSecret));
    try {
      await set({ status: "Suspended" });
      const suspended = await tokenRequest(h, { grant_type: "client_credentials" }, basic(client.clientId, client.clientSecret));
      expect(suspended.body).toMatchObject({ error: "invalid_grant", error_description: "user is suspended" });
      await expect(h.oidc.verifyAccessToken(before.access_token!)).rejects.toThrow("user is suspended");
      await set({ status: "Active", blocked: true });
      const blocked = await tokenRequest(h, { grant_type: "client_credentials" }, basic(client.clientId, client.clientSecret));
      expect(blocked.body).toMatchObject({ error: "invalid_grant", error_description: "user is blocked" });
    } finally {
      await set({ status: "Active", blocked: false });
    }
  });

  it("forgets a revoked client at once: no new tokens, and its tokens are refused", async () => {
    const client = await createScriptClient(h.db, h.config, { name: "Revoked", subscriberId: SUBSCRIBERS.keystone.id, subscriberUserId: USERS.scripted.id });
    const { body } = await tokenRequest(h, { grant_type: "client_credentials" }, basic(client.clientId, client.clientSecret));
    await h.db.updateTable("script_clients").set({ revoked_at: new Date() }).where("client_id", "=", client.clientId).execute();
    expect((await tokenRequest(h, { grant_type: "client_credentials" }, basic(client.clientId, client.clientSecret))).body.error).toBe("invalid_client");
    await expect(h.oidc.verifyAccessToken(body.access_token!)).rejects.toThrow("access token client has been revoked");
  });
});

it("printed no oidc-provider warnings or notices", () => {
  const messages = [...consoleWarn.mock.calls, ...consoleInfo.mock.calls].map((args) => String(args[0])).filter((text) => text.includes("oidc-provider"));
  expect(messages).toEqual([]);
});
