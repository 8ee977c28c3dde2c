/**
 * Test harness for the identity provider: a Fastify app with the module mounted, on an in-memory PGlite (or a
 * PostgreSQL database of its own when DATABASE_URL is set), listening on 127.0.0.1, plus a tiny cookie-keeping
 * HTTP client that follows redirects by hand the way a browser without JavaScript does.
 */
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import type { ProviderConfig } from "../../platform/config.js";
import { openDatabase, type DB } from "../../platform/db/index.js";
import { createTestDatabase } from "../../platform/db/test-database.js";
import { proxyTrust } from "../../platform/http/client-address.js";
import { freePort } from "../../../scripts/free-port.js";
import { hashPassword } from "../passwords.js";
import { createOidc, type Oidc } from "../oidc.js";
import { ProductClock } from "../../platform/clock.js";

export const APP_URL = "http://app.test";
export const REDIRECT_URI = `${APP_URL}/authorize`;
export const PASSWORD = "Correct-Horse-1";

export function testConfig(port: number, overrides: Partial<ProviderConfig> = {}): ProviderConfig {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" }) as Record<string, unknown>;
  const publicUrl = `http://127.0.0.1:${port}`;
  return {
    port,
    host: "127.0.0.1",
    publicUrl,
    issuer: `${publicUrl}/oidc`,
    appUrl: APP_URL,
    dataDir: "memory://",
    databaseUrl: undefined,
    environment: "local",
    production: false,
    webClient: {
      clientId: "convey-web",
      clientSecret: randomBytes(24).toString("base64url"),
      redirectUris: [REDIRECT_URI],
      postLogoutRedirectUris: [`${APP_URL}/`],
    },
    cliClientId: "convey-cli",
    jwks: { keys: [{ ...jwk, kid: "test-key", use: "sig", alg: "RS256" }] },
    cookieKeys: [randomBytes(32).toString("base64url")],
    encryptionKey: randomBytes(32),
    trustProxy: "127.0.0.1",
    trustedProxyHops: 1,
    accessTokenTtlSeconds: 300,
    logLevel: "silent",
    ...overrides,
  };
}

export interface Harness {
  app: FastifyInstance;
  db: DB;
  oidc: Oidc;
  /** The product clock (settable, as outside production). */
  clock: ProductClock;
  config: ProviderConfig;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startHarness(overrides: { appUrl?: string; now?: () => Date } = {}): Promise<Harness> {
  const port = await freePort();
  const appUrl = overrides.appUrl ?? APP_URL;
  const config = testConfig(port, {
    appUrl,
    webClient: {
      clientId: "convey-web",
      clientSecret: randomBytes(24).toString("base64url"),
      redirectUris: [`${appUrl}/authorize`],
      postLogoutRedirectUris: [`${appUrl}/`],
    },
  });
  const database = await createTestDatabase("convey_oidc_test");
  const db = await openDatabase({ dataDir: "memory://", databaseUrl: database.databaseUrl });
  const app = Fastify({ logger: false, trustProxy: proxyTrust(config) });
  const clock = await ProductClock.open(db, { settable: true });
  const oidc = await createOidc({ config, db, log: app.log, clock: overrides.now ? { now: overrides.now } : clock });
  await oidc.register(app);
  await app.listen({ port, host: "127.0.0.1" });
  return {
    app,
    db,
    oidc,
    clock,
    config,
    baseUrl: config.publicUrl,
    async close() {
      try {
        clock.close();
        await app.close();
        await db.destroy();
      } finally {
        await database.drop();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The demo world of the tests

export const SUBSCRIBERS = {
  harper: { id: "sub-harper", name: "Harper & Vale LLP", type: "Law Firm" },
  ashdown: { id: "sub-ashdown", name: "Ashdown Legal", type: "Law Firm" },
  northgate: { id: "sub-northgate", name: "Northgate Bank", type: "Lender" },
  keystone: { id: "sub-keystone", name: "Keystone Conveyancing", type: "Conveyancing Firm" },
} as const;

export const USERS = {
  manager: { id: "user-manager", email: "manager@harpervale.example" },
  helpdesk: { id: "user-helpdesk", email: "helpdesk@provider.example" },
  lender: { id: "user-lender", email: "lender@northgate.example" },
  viewer: { id: "user-viewer", email: "viewer@keystone.example" },
  suspended: { id: "user-suspended", email: "suspended@harpervale.example" },
  pending: { id: "user-pending", email: "pending@keystone.example" },
  fumbler: { id: "user-fumbler", email: "fumbler@keystone.example" },
  scripted: { id: "user-scripted", email: "robot@keystone.example" },
} as const;

export async function seedWorld(db: DB): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  await db
    .insertInto("subscribers")
    .values(
      Object.values(SUBSCRIBERS).map((s) => ({
        subscriber_id: s.id,
        name: s.name,
        entity_type: s.type,
        status: "Active",
        ip_allow_list: JSON.stringify(s.id === SUBSCRIBERS.northgate.id ? ["203.0.113.0/24", "2001:db8::/32"] : []),
      })),
    )
    .execute();
  const user = (u: { id: string; email: string }, status: string, extra: { global_roles?: string[]; password_hash?: string | null } = {}) => ({
    subscriber_user_id: u.id,
    email: u.email,
    first_name: u.id.replace("user-", "").replace(/^./, (c) => c.toUpperCase()),
    last_name: "Tester",
    status,
    password_hash: extra.password_hash === undefined ? hash : extra.password_hash,
    global_roles: JSON.stringify(extra.global_roles ?? []),
  });
  await db
    .insertInto("subscriber_users")
    .values([
      user(USERS.manager, "Active"),
      user(USERS.helpdesk, "Active", { global_roles: ["Helpdesk Administrator"] }),
      user(USERS.lender, "Active"),
      user(USERS.viewer, "Active"),
      user(USERS.suspended, "Suspended"),
      user(USERS.pending, "Pending"),
      user(USERS.fumbler, "Active"),
      user(USERS.scripted, "Active"),
    ])
    .execute();
  const link = (userId: string, subscriberId: string, roles: string[], primary: boolean) => ({
    subscriber_user_id: userId,
    subscriber_id: subscriberId,
    role_names: JSON.stringify(roles),
    is_primary: primary,
  });
  await db
    .insertInto("user_subscribers")
    .values([
      link(USERS.manager.id, SUBSCRIBERS.harper.id, ["User Manager", "Workspace Creator"], true),
      link(USERS.manager.id, SUBSCRIBERS.ashdown.id, ["Workspace User"], false),
      link(USERS.lender.id, SUBSCRIBERS.northgate.id, ["Funds Authoriser"], true),
      link(USERS.viewer.id, SUBSCRIBERS.keystone.id, ["Workspace Viewer"], true),
      link(USERS.suspended.id, SUBSCRIBERS.harper.id, ["Workspace User"], true),
      link(USERS.pending.id, SUBSCRIBERS.keystone.id, ["Workspace User"], true),
      link(USERS.fumbler.id, SUBSCRIBERS.keystone.id, ["Workspace Viewer"], true),
      link(USERS.scripted.id, SUBSCRIBERS.keystone.id, ["User Manager"], true),
    ])
    .execute();
}

// ---------------------------------------------------------------------------------------------------------
// A browser without JavaScript

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export class Browser {
  private cookies: StoredCookie[] = [];

  constructor(private readonly headers: Record<string, string> = {}) {}

  /** One request; redirects are not followed. */
  async request(url: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
    const target = new URL(url);
    const cookie = this.cookies
      .filter((c) => target.pathname === c.path || target.pathname.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`) || c.path === "/")
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    const response = await fetch(url, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      redirect: "manual",
      headers: {
        accept: "text/html",
        ...this.headers,
        ...(cookie ? { cookie } : {}),
        ...(init.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...init.headers,
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const header of response.headers.getSetCookie()) this.store(header, target);
    return response;
  }

  /**
   * Follows redirects within the provider; stops at the first page, or at a redirect leaving the provider
   * (to the client's redirect URI), which it returns without requesting it.
   */
  async navigate(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    let response = await this.request(url, init);
    let current = url;
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops++) {
      const next = new URL(response.headers.get("location")!, current).href;
      if (new URL(next).origin !== new URL(current).origin) return { url: current, response, redirect: next, html: "" };
      current = next;
      response = await this.request(current);
    }
    return { url: current, response, redirect: undefined as string | undefined, html: await response.text() };
  }

  cookieNames(): string[] {
    return this.cookies.map((c) => c.name);
  }

  private store(header: string, target: URL) {
    const [pair, ...attributes] = header.split(";").map((part) => part.trim());
    const index = pair.indexOf("=");
    const name = pair.slice(0, index);
    const value = pair.slice(index + 1);
    let path = target.pathname;
    let expired = value === "";
    for (const attribute of attributes) {
      const [key, attributeValue = ""] = attribute.split("=");
      if (key.toLowerCase() === "path") path = attributeValue || "/";
      if (key.toLowerCase() === "expires" && new Date(attributeValue).getTime() <= Date.now()) expired = true;
      if (key.toLowerCase() === "max-age" && Number(attributeValue) <= 0) expired = true;
    }
    this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
    if (!expired) this.cookies.push({ name, value, path });
  }
}

export function formAction(html: string, baseUrl: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no form in page:\n${html.slice(0, 500)}`);
  return new URL(match[1].replace(/&amp;/g, "&"), baseUrl).href;
}

export function hiddenInputs(html: string): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) inputs[match[1]] = match[2];
  return inputs;
}

// ---------------------------------------------------------------------------------------------------------
// OAuth helpers

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

export function authorizeUrl(baseUrl: string, challenge: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    client_id: "convey-web",
    response_type: "code",
    redirect_uri: REDIRECT_URI,
    scope: "openid offline_access profile email",
    state: randomBytes(8).toString("hex"),
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...extra,
  });
  return `${baseUrl}/oidc/auth?${params}`;
}

export interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  id_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
  [key: string]: unknown;
}

export async function tokenRequest(h: Harness, form: Record<string, string>, client?: { id: string; secret?: string }): Promise<{ status: number; body: TokenResponse }> {
  const who = client ?? { id: h.config.webClient.clientId, secret: h.config.webClient.clientSecret };
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  const body = new URLSearchParams(form);
  if (who.secret) headers.authorization = `Basic ${Buffer.from(`${who.id}:${who.secret}`).toString("base64")}`;
  else body.set("client_id", who.id);
  const response = await fetch(`${h.baseUrl}/oidc/token`, { method: "POST", headers, body: body.toString() });
  return { status: response.status, body: (await response.json()) as TokenResponse };
}

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
}

/** Logs in through the login page; returns the callback URL the browser is sent to. */
export async function loginThroughPage(h: Harness, browser: Browser, email: string, password: string, extra: Record<string, string> = {}) {
  const { challenge, verifier } = pkce();
  const start = await browser.navigate(authorizeUrl(h.baseUrl, challenge, extra));
  if (start.redirect) return { callback: new URL(start.redirect), verifier, page: undefined };
  const page = await browser.navigate(formAction(start.html, start.url), { form: { email, password } });
  return { callback: page.redirect ? new URL(page.redirect) : undefined, verifier, page };
}

/** The full authorization code + PKCE flow; returns the token response. */
export async function loginForTokens(h: Harness, browser: Browser, email: string, extra: Record<string, string> = {}) {
  const { callback, verifier } = await loginThroughPage(h, browser, email, PASSWORD, extra);
  const code = callback?.searchParams.get("code");
  if (!code) throw new Error(`no code: ${callback?.href}`);
  const { body } = await tokenRequest(h, { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
  return body;
}
