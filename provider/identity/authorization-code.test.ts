/**
 * The web app's login through the real provider: authorization code + PKCE, the product's login page,
 * refresh, subscriber switch, every refusal back at the redirect URI, revocation and suspension.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { API_AUDIENCE, CLAIMS } from "../../core/shared/contract.js";
import { ALL_PERMISSIONS, permissionsForRoles } from "../../core/shared/permissions/roles.js";
import { InvalidTokenError } from "./oidc.js";
import {
  authorizeUrl,
  Browser,
  decodeJwt,
  formAction,
  hiddenInputs,
  loginForTokens,
  loginThroughPage,
  PASSWORD,
  pkce,
  REDIRECT_URI,
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

const refused = (callback: URL | undefined) => ({
  error: callback?.searchParams.get("error"),
  description: callback?.searchParams.get("error_description"),
  target: callback ? `${callback.origin}${callback.pathname}` : undefined,
});

async function setUser(userId: string, values: { status?: string; blocked?: boolean; failed_login_count?: number }) {
  await h.db.updateTable("subscriber_users").set(values).where("subscriber_user_id", "=", userId).execute();
}

describe("discovery", () => {
  it("advertises the endpoints under /oidc", async () => {
    const response = await fetch(`${h.baseUrl}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = await response.json();
    expect(discovery.issuer).toBe(`${h.baseUrl}/oidc`);
    expect(discovery.authorization_endpoint).toBe(`${h.baseUrl}/oidc/auth`);
    expect(discovery.token_endpoint).toBe(`${h.baseUrl}/oidc/token`);
    expect(discovery.jwks_uri).toBe(`${h.baseUrl}/oidc/jwks`);
    expect(discovery.device_authorization_endpoint).toBe(`${h.baseUrl}/oidc/device/auth`);
    expect(discovery.revocation_endpoint).toBe(`${h.baseUrl}/oidc/token/revocation`);
    expect(discovery.end_session_endpoint).toBe(`${h.baseUrl}/oidc/session/end`);
    expect(discovery.grant_types_supported).toEqual(
      expect.arrayContaining(["authorization_code", "refresh_token", "client_credentials", "urn:ietf:params:oauth:grant-type:device_code"]),
    );
    const jwks = await (await fetch(discovery.jwks_uri)).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0].d).toBeUndefined();
  });
});

describe("the login page", () => {
  it("is the product's own accessible page, served with a strict CSP and its own stylesheet", async () => {
    const { challenge } = pkce();
    const browser = new Browser();
    const page = await browser.navigate(authorizeUrl(h.baseUrl, challenge));
    expect(page.url).toMatch(new RegExp(`^${h.baseUrl}/oidc/interaction/[\\w-]+$`));
    expect(page.response.status).toBe(200);
    const html = page.html;
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en-GB">/);
    expect(html).toContain("<title>Log in – Convey</title>");
    expect(html).toContain("<h1>Log in</h1>");
    expect(html).toMatch(/<main[\s>]/);
    expect(html).toContain('<label for="email">Email address</label>');
    expect(html).toContain('<input id="email" name="email" type="email"');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('<input id="password" name="password" type="password"');
    expect(html).toContain('<button type="submit">Log in</button>');
    expect(formAction(html, page.url)).toBe(`${page.url}/login`);
    expect(html).not.toMatch(/<script/);
    expect(html).not.toContain("cdn");
    const csp = page.response.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("form-action 'self' http://app.test");
    expect(page.response.headers.get("cache-control")).toBe("no-store");

    const pico = await fetch(`${h.baseUrl}/oidc/assets/pico.min.css`);
    expect(pico.status).toBe(200);
    expect(pico.headers.get("content-type")).toMatch(/^text\/css/);
    expect((await pico.text()).length).toBeGreaterThan(10_000);
    expect((await fetch(`${h.baseUrl}/oidc/assets/oidc.css`)).status).toBe(200);
  });

  it("answers a wrong password with the same page, the email kept, the message linked to both fields", async () => {
    const { page, callback } = await loginThroughPage(h, new Browser(), USERS.viewer.email, "not-the-password");
    expect(callback).toBeUndefined();
    expect(page!.response.status).toBe(401);
    const html = page!.html;
    expect(html).toContain("<h1>Log in</h1>");
    expect(html.match(/Incorrect email address or password/g)).toHaveLength(1);
    expect(html).toContain('role="alert"');
    expect(html).toContain(`value="${USERS.viewer.email}"`);
    expect(html).toMatch(/id="email"[^>]*aria-invalid="true" aria-describedby="login-error-0"/);
    expect(html).toMatch(/id="password"[^>]*aria-invalid="true" aria-describedby="login-error-0"/);
    expect(html).toContain("<title>Error: Log in – Convey</title>");
  });

  it("gives the same answer for an unknown email (no account enumeration)", async () => {
    const { page } = await loginThroughPage(h, new Browser(), "nobody@nowhere.example", "whatever");
    expect(page!.response.status).toBe(401);
    expect(page!.html).toContain("Incorrect email address or password");
    expect(page!.html).toContain('value="nobody@nowhere.example"');
  });

  it("asks for missing fields", async () => {
    const { page } = await loginThroughPage(h, new Browser(), "", "");
    expect(page!.response.status).toBe(400);
    expect(page!.html).toContain('<a id="login-error-0" href="#email">Enter your email address</a>');
    expect(page!.html).toContain('<a id="login-error-1" href="#password">Enter your password</a>');
  });

  it("escapes what the user typed", async () => {
    const { page } = await loginThroughPage(h, new Browser(), '"><script>alert(1)</script>', "x");
    expect(page!.html).not.toContain("<script>alert(1)</script>");
    expect(page!.html).toContain("&quot;&gt;&lt;script&gt;");
  });

  it("shows an expired page for an unknown or finished interaction", async () => {
    const response = await fetch(`${h.baseUrl}/oidc/interaction/no-such-interaction`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("<h1>Your login has expired</h1>");
    expect(html).toContain('href="http://app.test/"');
  });
});

describe("authorization code + PKCE", () => {
  it("issues JWT access tokens for the API with the primary subscriber, roles and permissions", async () => {
    const tokens = await loginForTokens(h, new Browser(), USERS.manager.email);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();
    expect(tokens.expires_in).toBe(300);
    const claims = decodeJwt(tokens.access_token!);
    const roles = ["User Manager", "Workspace Creator"];
    expect(claims).toMatchObject({
      sub: USERS.manager.id,
      iss: `${h.baseUrl}/oidc`,
      aud: API_AUDIENCE,
      client_id: "convey-web",
      [CLAIMS.roles]: roles,
      [CLAIMS.permissions]: permissionsForRoles(roles),
      [CLAIMS.subscriberId]: SUBSCRIBERS.harper.id,
      [CLAIMS.subscriberType]: "Law Firm",
    });
    expect(typeof claims[CLAIMS.grantId]).toBe("string");
    expect(Number(claims.exp) - Number(claims.iat)).toBe(300);
    const header = JSON.parse(Buffer.from(tokens.access_token!.split(".")[0], "base64url").toString());
    expect(header).toMatchObject({ typ: "at+jwt", alg: "RS256", kid: "test-key" });

    const caller = await h.oidc.verifyAccessToken(tokens.access_token!);
    expect(caller).toEqual({
      userId: USERS.manager.id,
      subscriberId: SUBSCRIBERS.harper.id,
      subscriberType: "Law Firm",
      roles,
      permissions: permissionsForRoles(roles),
      grantId: claims[CLAIMS.grantId],
      clientId: "convey-web",
      ipAllowList: [],
    });

    const idToken = decodeJwt(tokens.id_token!);
    expect(idToken).toMatchObject({ sub: USERS.manager.id, aud: "convey-web", email: USERS.manager.email });
  });

  it("records the grant's subscriber in grant_subscribers and the grant in oidc_payloads", async () => {
    const tokens = await loginForTokens(h, new Browser(), USERS.viewer.email);
    const grantId = String(decodeJwt(tokens.access_token!)[CLAIMS.grantId]);
    const recorded = await h.db.selectFrom("grant_subscribers").selectAll().where("grant_id", "=", grantId).executeTakeFirstOrThrow();
    expect(recorded.subscriber_id).toBe(SUBSCRIBERS.keystone.id);
    const stored = await h.db
      .selectFrom("oidc_payloads")
      .select(["model", "account_id", "expires_at"])
      .where("id", "=", grantId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ model: "Grant", account_id: USERS.viewer.id });
    const refresh = await h.db
      .selectFrom("oidc_payloads")
      .select(["grant_id", "account_id"])
      .where("model", "=", "RefreshToken")
      .where("grant_id", "=", grantId)
      .executeTakeFirstOrThrow();
    expect(refresh.account_id).toBe(USERS.viewer.id);
  });

  it("gives the helpdesk administrator their global roles and no subscriber", async () => {
    const tokens = await loginForTokens(h, new Browser(), USERS.helpdesk.email);
    const claims = decodeJwt(tokens.access_token!);
    expect(claims[CLAIMS.roles]).toEqual(["Helpdesk Administrator"]);
    expect(claims[CLAIMS.permissions]).toEqual([...ALL_PERMISSIONS]);
    expect(claims[CLAIMS.subscriberId]).toBeNull();
    expect(claims[CLAIMS.subscriberType]).toBeNull();
    const caller = await h.oidc.verifyAccessToken(tokens.access_token!);
    expect(caller.subscriberId).toBeNull();
  });

  it("refuses an authorization request without PKCE", async () => {
    const params = new URLSearchParams({ client_id: "convey-web", response_type: "code", redirect_uri: REDIRECT_URI, scope: "openid", state: "s1" });
    const result = await new Browser().navigate(`${h.baseUrl}/oidc/auth?${params}`);
    const callback = new URL(result.redirect!);
    expect(callback.searchParams.get("error")).toBe("invalid_request");
    expect(callback.searchParams.get("state")).toBe("s1");
  });

  it("refreshes with rotation; a rotated refresh token reused revokes the grant", async () => {
    const tokens = await loginForTokens(h, new Browser(), USERS.viewer.email);
    const refreshed = await tokenRequest(h, { grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeTruthy();
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    const claims = decodeJwt(refreshed.body.access_token!);
    expect(claims).toMatchObject({ sub: USERS.viewer.id, [CLAIMS.subscriberId]: SUBSCRIBERS.keystone.id, [CLAIMS.roles]: ["Workspace Viewer"] });
    expect(claims[CLAIMS.grantId]).toBe(decodeJwt(tokens.access_token!)[CLAIMS.grantId]);
    await expect(h.oidc.verifyAccessToken(refreshed.body.access_token!)).resolves.toMatchObject({ userId: USERS.viewer.id });

    const reused = await tokenRequest(h, { grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe("invalid_grant");
    await expect(h.oidc.verifyAccessToken(refreshed.body.access_token!)).rejects.toThrow(/grant has been revoked/);
  });

  it("carries a role change into the next refreshed token", async () => {
    const tokens = await loginForTokens(h, new Browser(), USERS.viewer.email);
    const link = (roles: string[]) =>
      h.db
        .updateTable("user_subscribers")
        .set({ role_names: JSON.stringify(roles) })
        .where("subscriber_user_id", "=", USERS.viewer.id)
        .where("subscriber_id", "=", SUBSCRIBERS.keystone.id)
        .execute();
    await link(["Workspace Viewer", "Funds Authoriser"]);
    try {
      const refreshed = await tokenRequest(h, { grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
      const claims = decodeJwt(refreshed.body.access_token!);
      expect(claims[CLAIMS.roles]).toEqual(["Workspace Viewer", "Funds Authoriser"]);
      expect(claims[CLAIMS.permissions]).toContain("authorise:funds");
    } finally {
      await link(["Workspace Viewer"]);
    }
  });

  it("refuses a refresh once the user is no longer associated with the grant's subscriber", async () => {
    const tokens = await loginForTokens(h, new Browser(), USERS.manager.email, { organization: SUBSCRIBERS.ashdown.id });
    const removed = await h.db
      .deleteFrom("user_subscribers")
      .where("subscriber_user_id", "=", USERS.manager.id)
      .where("subscriber_id", "=", SUBSCRIBERS.ashdown.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    try {
      const refreshed = await tokenRequest(h, { grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
      expect(refreshed.body).toMatchObject({
        error: "invalid_grant",
        error_description: `user ${USERS.manager.id} is not part of the ${SUBSCRIBERS.ashdown.name} organization`,
      });
    } finally {
      // The statuses the database keeps (migration 0097) are written by its trigger, not by an insert.
      const { user_status: _copied, status_at_subscriber: _generated, ...membership } = removed;
      await h.db.insertInto("user_subscribers").values({ ...membership, role_names: JSON.stringify(removed.role_names) }).execute();
    }
  });
});

describe("subscriber selection and switch", () => {
  it("switches subscriber without a second password, and reuses a grant only for its own subscriber", async () => {
    const browser = new Browser();
    const first = await loginForTokens(h, browser, USERS.manager.email);
    const firstGrant = decodeJwt(first.access_token!)[CLAIMS.grantId];

    const { challenge, verifier } = pkce();
    const switched = await browser.navigate(authorizeUrl(h.baseUrl, challenge, { organization: SUBSCRIBERS.ashdown.id }));
    expect(switched.redirect, "no login page while the provider session lives").toBeDefined();
    const code = new URL(switched.redirect!).searchParams.get("code")!;
    const tokens = await tokenRequest(h, { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    const claims = decodeJwt(tokens.body.access_token!);
    expect(claims).toMatchObject({
      sub: USERS.manager.id,
      [CLAIMS.subscriberId]: SUBSCRIBERS.ashdown.id,
      [CLAIMS.subscriberType]: "Law Firm",
      [CLAIMS.roles]: ["Workspace User"],
      [CLAIMS.permissions]: permissionsForRoles(["Workspace User"]),
    });
    expect(claims[CLAIMS.grantId]).not.toBe(firstGrant);

    // No organization: the session's current grant (Ashdown) is reused.
    const again = pkce();
    const reuse = await browser.navigate(authorizeUrl(h.baseUrl, again.challenge));
    const reuseCode = new URL(reuse.redirect!).searchParams.get("code")!;
    const reused = await tokenRequest(h, { grant_type: "authorization_code", code: reuseCode, redirect_uri: REDIRECT_URI, code_verifier: again.verifier });
    expect(decodeJwt(reused.body.access_token!)[CLAIMS.grantId]).toBe(claims[CLAIMS.grantId]);

    // Back to Harper: a new grant again, no password.
    const back = pkce();
    const backTo = await browser.navigate(authorizeUrl(h.baseUrl, back.challenge, { organization: SUBSCRIBERS.harper.id }));
    const backCode = new URL(backTo.redirect!).searchParams.get("code")!;
    const backTokens = await tokenRequest(h, { grant_type: "authorization_code", code: backCode, redirect_uri: REDIRECT_URI, code_verifier: back.verifier });
    expect(decodeJwt(backTokens.body.access_token!)[CLAIMS.subscriberId]).toBe(SUBSCRIBERS.harper.id);
  });

  it("asks for the password again with prompt=login, even while the provider session lives", async () => {
    const browser = new Browser();
    await loginForTokens(h, browser, USERS.viewer.email);
    const { challenge, verifier } = pkce();
    const page = await browser.navigate(authorizeUrl(h.baseUrl, challenge, { prompt: "login" }));
    expect(page.html).toContain("<h1>Log in</h1>");
    const done = await browser.navigate(formAction(page.html, page.url), { form: { email: USERS.viewer.email, password: PASSWORD } });
    const code = new URL(done.redirect!).searchParams.get("code")!;
    const tokens = await tokenRequest(h, { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(tokens.body.refresh_token).toBeTruthy();
    expect(decodeJwt(tokens.body.access_token!)).toMatchObject({ sub: USERS.viewer.id, [CLAIMS.subscriberId]: SUBSCRIBERS.keystone.id });
  });

  it("selects the requested organization at the first login", async () => {
    const tokens = await loginForTokens(h, new Browser(), USERS.manager.email, { organization: SUBSCRIBERS.ashdown.id });
    expect(decodeJwt(tokens.access_token!)[CLAIMS.subscriberId]).toBe(SUBSCRIBERS.ashdown.id);
  });
});

describe("refusals at login land on the redirect URI with the exact error_description", () => {
  it("a suspended user", async () => {
    const { callback } = await loginThroughPage(h, new Browser(), USERS.suspended.email, PASSWORD, { state: "keep-me" });
    expect(refused(callback)).toEqual({ error: "access_denied", description: "user is suspended", target: REDIRECT_URI });
    expect(callback!.searchParams.get("state")).toBe("keep-me");
  });

  it("a pending user (never activated)", async () => {
    const { callback } = await loginThroughPage(h, new Browser(), USERS.pending.email, PASSWORD);
    expect(refused(callback).description).toBe(`user ${USERS.pending.id} is not part of the Keystone Conveyancing organization`);
  });

  it("a user not associated with the requested organization, known or unknown", async () => {
    const known = await loginThroughPage(h, new Browser(), USERS.manager.email, PASSWORD, { organization: SUBSCRIBERS.northgate.id });
    expect(refused(known.callback)).toEqual({
      error: "access_denied",
      description: `user ${USERS.manager.id} is not part of the Northgate Bank organization`,
      target: REDIRECT_URI,
    });
    const unknown = await loginThroughPage(h, new Browser(), USERS.manager.email, PASSWORD, { organization: "sub-nope" });
    expect(refused(unknown.callback).description).toBe(`user ${USERS.manager.id} is not part of the sub-nope organization`);
  });

  it("an address outside the subscriber's IP allow list; inside it (through the trusted proxy) is fine", async () => {
    const direct = await loginThroughPage(h, new Browser(), USERS.lender.email, PASSWORD);
    expect(refused(direct.callback)).toEqual({ error: "access_denied", description: "Access denied for your IP address.", target: REDIRECT_URI });

    for (const address of ["203.0.113.7", "2001:db8::5"]) {
      const tokens = await loginForTokens(h, new Browser({ "x-forwarded-for": address }), USERS.lender.email);
      expect(decodeJwt(tokens.access_token!)[CLAIMS.subscriberId]).toBe(SUBSCRIBERS.northgate.id);
    }
    const outside = await loginThroughPage(h, new Browser({ "x-forwarded-for": "198.51.100.1" }), USERS.lender.email, PASSWORD);
    expect(refused(outside.callback).description).toBe("Access denied for your IP address.");
  });

  it("locks the email after 10 wrong passwords, then refuses even the right one (login-throttle.test.ts has the rest)", async () => {
    const browser = new Browser();
    const { challenge } = pkce();
    const start = await browser.navigate(authorizeUrl(h.baseUrl, challenge));
    const action = formAction(start.html, start.url);
    for (let attempt = 1; attempt < 10; attempt++) {
      const page = await browser.navigate(action, { form: { email: USERS.fumbler.email, password: `wrong-${attempt}` } });
      expect(page.response.status).toBe(401);
    }
    const tenth = await browser.navigate(action, { form: { email: USERS.fumbler.email, password: "wrong-10" } });
    expect(refused(new URL(tenth.redirect!)).description).toBe("user is blocked");

    const right = await loginThroughPage(h, new Browser(), USERS.fumbler.email, PASSWORD);
    expect(refused(right.callback).description).toBe("user is blocked");
    await h.db.deleteFrom("login_throttles").execute();
  });

  it("applies the refusals to a password-less reuse of the provider session (SSO) too", async () => {
    const browser = new Browser();
    await loginForTokens(h, browser, USERS.manager.email);
    await h.db.updateTable("subscribers").set({ ip_allow_list: JSON.stringify(["192.0.2.0/24"]) }).where("subscriber_id", "=", SUBSCRIBERS.ashdown.id).execute();
    try {
      const { challenge } = pkce();
      const ip = await browser.navigate(authorizeUrl(h.baseUrl, challenge, { organization: SUBSCRIBERS.ashdown.id }));
      expect(refused(new URL(ip.redirect!)).description).toBe("Access denied for your IP address.");
    } finally {
      await h.db.updateTable("subscribers").set({ ip_allow_list: JSON.stringify([]) }).where("subscriber_id", "=", SUBSCRIBERS.ashdown.id).execute();
    }
    const org = await browser.navigate(authorizeUrl(h.baseUrl, pkce().challenge, { organization: SUBSCRIBERS.keystone.id }));
    expect(refused(new URL(org.redirect!)).description).toBe(`user ${USERS.manager.id} is not part of the Keystone Conveyancing organization`);

    // Suspended while the provider session lives (the existing grant is not reused).
    await setUser(USERS.manager.id, { status: "Suspended" });
    try {
      const suspended = await browser.navigate(authorizeUrl(h.baseUrl, pkce().challenge));
      expect(refused(new URL(suspended.redirect!)).description).toBe("user is suspended");
      await setUser(USERS.manager.id, { status: "Active", blocked: true });
      const blocked = await browser.navigate(authorizeUrl(h.baseUrl, pkce().challenge));
      expect(refused(new URL(blocked.redirect!)).description).toBe("user is blocked");
    } finally {
      await setUser(USERS.manager.id, { status: "Active", blocked: false });
    }
  });

  it("fails the code and refresh exchanges (invalid_grant) for a user suspended after the code was issued", async () => {
    const browser = new Browser();
    const tokens = await loginForTokens(h, browser, USERS.viewer.email);
    const { callback, verifier } = await loginThroughPage(h, new Browser(), USERS.viewer.email, PASSWORD);
    await setUser(USERS.viewer.id, { status: "Suspended" });
    try {
      const exchange = await tokenRequest(h, { grant_type: "authorization_code", code: callback!.searchParams.get("code")!, redirect_uri: REDIRECT_URI, code_verifier: verifier });
      expect(exchange.body.error).toBe("invalid_grant");
      const refresh = await tokenRequest(h, { grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
      expect(refresh.body.error).toBe("invalid_grant");
      await expect(h.oidc.verifyAccessToken(tokens.access_token!)).rejects.toThrow("user is suspended");
    } finally {
      await setUser(USERS.viewer.id, { status: "Active" });
    }
  });
});

describe("revocation and suspension", () => {
  it("revoking the refresh token destroys the grant: its access tokens are refused from then on", async () => {
    const tokens = await loginForTokens(h, new Browser(), USERS.viewer.email);
    await expect(h.oidc.verifyAccessToken(tokens.access_token!)).resolves.toBeTruthy();
    const auth = `Basic ${Buffer.from(`${h.config.webClient.clientId}:${h.config.webClient.clientSecret}`).toString("base64")}`;
    const response = await fetch(`${h.baseUrl}/oidc/token/revocation`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.refresh_token!, token_type_hint: "refresh_token" }).toString(),
    });
    expect(response.status).toBe(200);
    const error = await h.oidc.verifyAccessToken(tokens.access_token!).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidTokenError);
    expect((error as Error).message).toBe("access token grant has been revoked or has expired");
    const refresh = await tokenRequest(h, { grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
    expect(refresh.body.error).toBe("invalid_grant");
    const grantId = String(decodeJwt(tokens.access_token!)[CLAIMS.grantId]);
    const recorded = await h.db.selectFrom("grant_subscribers").selectAll().where("grant_id", "=", grantId).execute();
    expect(recorded).toEqual([]);
  });

  it("revokeUserGrants ends every login of the user: tokens refused, refresh fails, the session is gone", async () => {
    const browser = new Browser();
    const web = await loginForTokens(h, browser, USERS.manager.email);
    const other = await loginForTokens(h, new Browser(), USERS.manager.email, { organization: SUBSCRIBERS.ashdown.id });
    const bystander = await loginForTokens(h, new Browser(), USERS.viewer.email);

    await h.oidc.revokeUserGrants(USERS.manager.id);

    for (const tokens of [web, other]) {
      await expect(h.oidc.verifyAccessToken(tokens.access_token!)).rejects.toThrow(InvalidTokenError);
      const refresh = await tokenRequest(h, { grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
      expect(refresh.body.error).toBe("invalid_grant");
    }
    const left = await h.db.selectFrom("oidc_payloads").select("model").where("account_id", "=", USERS.manager.id).execute();
    expect(left).toEqual([]);
    // The browser is asked for the password again.
    const again = await browser.navigate(authorizeUrl(h.baseUrl, pkce().challenge));
    expect(again.html).toContain("<h1>Log in</h1>");
    // Other users are untouched.
    await expect(h.oidc.verifyAccessToken(bystander.access_token!)).resolves.toMatchObject({ userId: USERS.viewer.id });
  });
});

describe("logout (RP-initiated)", () => {
  it("shows a page with a visible Log out button and an external auto-submit script, then returns to the app", async () => {
    const browser = new Browser();
    await loginForTokens(h, browser, USERS.viewer.email);
    const params = new URLSearchParams({ client_id: "convey-web", post_logout_redirect_uri: "http://app.test/", state: "bye" });
    const page = await browser.navigate(`${h.baseUrl}/oidc/session/end?${params}`);
    expect(page.response.status).toBe(200);
    expect(page.html).toContain("<h1>Log out</h1>");
    expect(page.html).toContain('<button type="submit">Log out</button>');
    expect(page.html).toContain(`<script src="/oidc/assets/logout.js" defer></script>`);
    expect(page.html).not.toMatch(/<script>/);
    const csp = page.response.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    const script = await fetch(`${h.baseUrl}/oidc/assets/logout.js`);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect(await script.text()).toContain('getElementById("logout-form")');

    const form = Object.fromEntries([...page.html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(form.logout).toBe("yes");
    const done = await browser.navigate(formAction(page.html, page.url), { form });
    expect(done.redirect).toBe("http://app.test/?state=bye");
    const after = await browser.navigate(authorizeUrl(h.baseUrl, pkce().challenge));
    expect(after.html).toContain("<h1>Log in</h1>");
  });
});

describe("logout without a provider session", () => {
  it("shows the same logout page (not the provider's own) and returns to the app", async () => {
    const browser = new Browser();
    const params = new URLSearchParams({ client_id: "convey-web", post_logout_redirect_uri: "http://app.test/" });
    const page = await browser.navigate(`${h.baseUrl}/oidc/session/end?${params}`);
    expect(page.html).toContain("<h1>Log out</h1>");
    expect(page.html).toContain('<button type="submit">Log out</button>');
    expect(page.html).not.toMatch(/<script>/);
    const done = await browser.navigate(formAction(page.html, page.url), { form: hiddenInputs(page.html) });
    expect(done.redirect).toBe("http://app.test/");
  });
});

describe("error pages", () => {
  it("renders the provider's errors in the product's look, without internals", async () => {
    const response = await new Browser().request(`${h.baseUrl}/oidc/auth?client_id=unknown-client&response_type=code`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain("<h1>Something went wrong</h1>");
    expect(html).toContain("/oidc/assets/pico.min.css");
    expect(html).not.toMatch(/at .*\.js:\d+/);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("answers JSON to API clients", async () => {
    const response = await fetch(`${h.baseUrl}/oidc/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=password" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBeTruthy();
  });
});

describe("access token verification", () => {
  it("refuses a forged, a foreign-audience, an expired and a malformed token, and an ID token", async () => {
    const { SignJWT, importJWK, generateKeyPair } = await import("jose");
    const ownKey = await importJWK(h.config.jwks.keys[0] as never, "RS256");
    const { privateKey: otherKey } = await generateKeyPair("RS256");
    const tokens = await loginForTokens(h, new Browser(), USERS.viewer.email);
    const claims = decodeJwt(tokens.access_token!);
    const sign = (payload: Record<string, unknown>, key: CryptoKey | Uint8Array | object) =>
      new SignJWT(payload).setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: "test-key" }).sign(key as CryptoKey);
    const { exp: _exp, iat: _iat, ...rest } = claims;
    const now = Math.floor(Date.now() / 1000);

    const check = (token: string) => h.oidc.verifyAccessToken(token).then(() => "accepted", (error: Error) => error.message);
    expect(await check(await sign({ ...rest, iat: now, exp: now + 60 }, ownKey))).toBe("accepted");
    expect(await check(await sign({ ...rest, iat: now, exp: now + 60 }, otherKey))).toBe("access token signature is invalid");
    expect(await check(await sign({ ...rest, aud: "urn:other", iat: now, exp: now + 60 }, ownKey))).toBe("access token aud claim is invalid");
    expect(await check(await sign({ ...rest, iss: "http://evil.example/oidc", iat: now, exp: now + 60 }, ownKey))).toBe("access token iss claim is invalid");
    expect(await check(await sign({ ...rest, iat: now - 600, exp: now - 300 }, ownKey))).toBe("access token has expired");
    expect(await check("not.a.jwt")).toBe("access token is malformed");
    expect(await check("")).toBe("access token is missing");
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "at+jwt" })).toString("base64url")}.${Buffer.from(JSON.stringify({ ...rest, exp: now + 60 })).toString("base64url")}.`;
    expect(await check(unsigned)).toMatch(/^access token/);
    expect(await check(unsigned)).not.toBe("accepted");
    expect(await check(tokens.id_token!)).not.toBe("accepted");
    expect(await check(await sign({ ...rest, [CLAIMS.grantId]: "no-such-grant", iat: now, exp: now + 60 }, ownKey))).toBe(
      "access token grant has been revoked or has expired",
    );
  });

  it("checks a token's signature once, but its expiry and standing on every call", async () => {
    const { SignJWT, importJWK } = await import("jose");
    const ownKey = await importJWK(h.config.jwks.keys[0] as never, "RS256");
    const tokens = await loginForTokens(h, new Browser(), USERS.viewer.email);
    const { exp: _exp, iat: _iat, ...rest } = decodeJwt(tokens.access_token!);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ ...rest, iat: now, exp: now + 60 })
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: "test-key" })
      .sign(ownKey);
    const check = () => h.oidc.verifyAccessToken(token).then(() => "accepted", (error: Error) => error.message);
    expect(await check()).toBe("accepted");
    expect(await check()).toBe("accepted");
    // The same token, once its time is up.
    vi.useFakeTimers({ toFake: ["Date"], now: (now + 61) * 1000 });
    try {
      expect(await check()).toBe("access token has expired");
    } finally {
      vi.useRealTimers();
    }
  });
});

it("printed no oidc-provider warnings or notices", () => {
  const messages = [...consoleWarn.mock.calls, ...consoleInfo.mock.calls].map((args) => String(args[0])).filter((text) => text.includes("oidc-provider"));
  expect(messages).toEqual([]);
});
