/**
 * One real provider per test file: the real server, the real identity provider and the seeded demo world,
 * on an in-memory PGlite or, when DATABASE_URL is set, on a fresh PostgreSQL database of its own.
 * Tokens come from the identity provider itself: client credentials for the demo script clients, and the
 * authorization code flow through the real login page for people.
 */
import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { API_AUDIENCE, ErrorBodySchema, ORGANIZATION_PARAM } from "../../core/shared/contract.js";
import { ifMatch } from "../../core/shared/versions.js";
import { loadConfig, type ProviderConfig } from "../../provider/platform/config.js";
import type { ProductClock } from "../../provider/platform/clock.js";
import type { DB } from "../../provider/platform/db/index.js";
import { createTestDatabase } from "../../provider/platform/db/test-database.js";
import { freshSecretsEnv } from "../../scripts/dev-secrets.js";
import {
  DEMO_PASSWORD,
  seedDemoWorld,
  type DemoScriptClient,
  type DemoSubscriberKey,
  DEMO_SUBSCRIBERS,
} from "../../provider/platform/demo-world.js";
import { buildServer } from "../../provider/platform/server.js";

export { DEMO_PASSWORD, DEMO_SUBSCRIBERS, DEMO_USERS } from "../../provider/platform/demo-world.js";

export interface TestProvider {
  app: FastifyInstance;
  db: DB;
  config: ProviderConfig;
  /** The product clock the provider's jobs run on. */
  clock: ProductClock;
  /** The access token of a demo script client (acting as its bound user at its subscriber). */
  scriptToken(subscriber: DemoSubscriberKey): Promise<string>;
  /** The access token of a person, through the login page (optionally for a chosen subscriber). */
  loginToken(email: string, options?: { organization?: string; password?: string }): Promise<string>;
  /** `app.inject` with a bearer token. */
  call(token: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Reads until `until` holds (a background job's outcome, for example), failing after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still not there: ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

export type WriteMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** A call with a JSON body and, when a version is given, the `If-Match` it was made against. */
export function versionedCall(provider: TestProvider, token: string, method: WriteMethod, url: string, payload?: unknown, version?: number) {
  return provider.call(token, {
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: version === undefined ? {} : { "if-match": ifMatch(version) },
  });
}

export interface TestProviderOptions {
  /** Receives every log line (JSON) instead of stdout; set logLevel to see more than nothing. */
  logStream?: { write(line: string): void };
  logLevel?: string;
  /** More configuration, as the provider reads it from the environment (TRUST_PROXY, …). */
  env?: Record<string, string>;
}

export async function startTestProvider(options: TestProviderOptions = {}): Promise<TestProvider> {
  const database = await createTestDatabase("convey_api_test");
  const env = {
    ...freshSecretsEnv(), // secrets of this run only: tests never touch ./data
    PROVIDER_PORT: "4000",
    CONVEY_ENV: "local",
    LOG_LEVEL: options.logLevel ?? process.env.TEST_LOG_LEVEL ?? "silent",
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...options.env,
  } as unknown as NodeJS.ProcessEnv;
  const config = loadConfig(env, { dataDir: "memory://" });

  let server: Awaited<ReturnType<typeof buildServer>>;
  try {
    server = await buildServer({ config, logStream: options.logStream });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const { app, db, clock } = server;
  const seed = await seedDemoWorld(db, config);
  const clients = new Map<string, DemoScriptClient>(
    seed.scriptClients.map((client) => [client.subscriberId, client]),
  );
  const host = new URL(config.publicUrl).host;

  const inject = (options: InjectOptions) =>
    app.inject({ ...options, headers: { host, ...options.headers } });

  return {
    app,
    db,
    config,
    clock,
    async scriptToken(subscriber) {
      const client = clients.get(DEMO_SUBSCRIBERS[subscriber].subscriberId);
      if (!client) throw new Error(`No script client was seeded for ${subscriber}`);
      return clientCredentialsToken(inject, client.clientId, client.clientSecret);
    },
    loginToken(email, options = {}) {
      return authorizationCodeToken(
        inject,
        config,
        email,
        options.password ?? DEMO_PASSWORD,
        options.organization,
      );
    },
    async call(token, options) {
      const response = await inject({
        ...options,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
      });
      expectErrorBodyOnFailure(response);
      return response;
    },
    async close() {
      try {
        await server.close();
      } finally {
        await database.drop();
      }
    },
  };
}

/** Every refusal of the API, in every test, must be `{ status, code, message }` with the response's status. */
function expectErrorBodyOnFailure(response: LightMyRequestResponse): void {
  if (response.statusCode < 400) return;
  const parsed = ErrorBodySchema.safeParse(safeJson(response.body));
  if (!parsed.success || parsed.data.status !== response.statusCode || !parsed.data.message) {
    throw new Error(
      `A ${response.statusCode} answer without the JSON error body: ${response.body.slice(0, 300)}`,
    );
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

function basicAuth(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
}

async function tokenRequest(
  inject: Inject,
  authorization: string,
  form: Record<string, string>,
): Promise<string> {
  const response = await inject({
    method: "POST",
    url: "/oidc/token",
    headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form).toString(),
  });
  if (response.statusCode !== 200)
    throw new Error(`Token request failed: ${response.statusCode} ${response.body}`);
  const token = (response.json() as { access_token?: string }).access_token;
  if (!token) throw new Error(`No access token in ${response.body}`);
  return token;
}

export function clientCredentialsToken(
  inject: Inject,
  clientId: string,
  clientSecret: string,
): Promise<string> {
  return tokenRequest(inject, basicAuth(clientId, clientSecret), {
    grant_type: "client_credentials",
    resource: API_AUDIENCE,
  });
}

/** Cookies as a browser would keep them for the provider (path scoping ignored: one site, one jar). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }[]) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

interface HtmlForm {
  action: string;
  fields: { name: string; value: string; type: string }[];
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  if (!match) return undefined;
  return decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
}

/** The first POST form of a page, with its inputs. */
function parseForm(html: string): HtmlForm | undefined {
  const form = /<form\b[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return undefined;
  const openTag = /<form\b[^>]*>/i.exec(form[0])![0];
  const fields = [...form[1].matchAll(/<(input|button)\b[^>]*>/gi)]
    .map(([tag]) => ({
      name: attribute(tag, "name") ?? "",
      value: attribute(tag, "value") ?? "",
      type: (attribute(tag, "type") ?? "text").toLowerCase(),
    }))
    .filter((field) => field.name);
  return { action: attribute(openTag, "action") ?? "", fields };
}

/** Drives the login page like a browser without JavaScript, then exchanges the code (PKCE) for tokens. */
export async function authorizationCodeToken(
  inject: Inject,
  config: ProviderConfig,
  email: string,
  password: string,
  organization?: string,
): Promise<string> {
  const jar = new CookieJar();
  const redirectUri = config.webClient.redirectUris[0];
  const verifier = randomBytes(32).toString("base64url");
  const state = randomBytes(8).toString("hex");
  const query = new URLSearchParams({
    client_id: config.webClient.clientId,
    response_type: "code",
    redirect_uri: redirectUri,
    scope: "openid",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state,
    resource: API_AUDIENCE,
  });
  if (organization) query.set(ORGANIZATION_PARAM, organization);

  let response = await inject({ method: "GET", url: `/oidc/auth?${query}` });
  let currentPath = "/oidc/auth";
  let loggedIn = false;
  for (let step = 0; step < 15; step++) {
    jar.store(response);
    const location = response.headers.location;
    if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === "string") {
      const target = new URL(location, config.publicUrl);
      if (`${target.origin}${target.pathname}` === redirectUri) {
        const error = target.searchParams.get("error");
        if (error)
          throw new Error(`Login refused: ${error}: ${target.searchParams.get("error_description")}`);
        if (target.searchParams.get("state") !== state) throw new Error("The state came back changed");
        const code = target.searchParams.get("code");
        if (!code) throw new Error(`No code in ${location}`);
        return tokenRequest(inject, basicAuth(config.webClient.clientId, config.webClient.clientSecret), {
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        });
      }
      currentPath = `${target.pathname}${target.search}`;
      response = await inject({ method: "GET", url: currentPath, headers: { cookie: jar.header() } });
      continue;
    }
    const form = response.statusCode === 200 ? parseForm(response.body) : undefined;
    if (!form)
      throw new Error(
        `Login stopped at ${currentPath}: ${response.statusCode} ${response.body.slice(0, 500)}`,
      );
    const values = new URLSearchParams();
    for (const field of form.fields) {
      if (field.type === "password") values.set(field.name, password);
      else if (/e-?mail|login|username/i.test(field.name) && field.type !== "hidden")
        values.set(field.name, email);
      else if (field.type !== "button" && field.type !== "submit") values.set(field.name, field.value);
    }
    if (form.fields.some((field) => field.type === "password")) {
      if (loggedIn) throw new Error(`The login page came back: ${response.body.slice(0, 500)}`);
      loggedIn = true;
    }
    const action = new URL(form.action || currentPath, `${config.publicUrl}${currentPath}`);
    currentPath = `${action.pathname}${action.search}`;
    response = await inject({
      method: "POST",
      url: currentPath,
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      payload: values.toString(),
    });
  }
  throw new Error("The login did not finish within 15 steps");
}

/**
 * A write's body and headers as a client sends them: the version it saw goes in If-Match, never in the body
 * (core/shared/versions.ts). Without a `version` in `payload`, the row's version now, as a client reads it
 * before a change, when `current` says which row; otherwise no If-Match at all.
 */
export async function versioned(
  db: DB,
  payload: Record<string, unknown>,
  current?: { table: "subscribers" | "subscriber_users" | "notification_registrations" | "lodgement_identifiers"; id: string },
): Promise<{ payload: Record<string, unknown>; headers: Record<string, string> }> {
  const { version, ...body } = payload;
  if (typeof version === "number") return { payload: body, headers: { "if-match": ifMatch(version) } };
  if (!current) return { payload: body, headers: {} };
  const key = { subscribers: "subscriber_id", subscriber_users: "subscriber_user_id", notification_registrations: "registration_id", lodgement_identifiers: "subscriber_id" }[current.table];
  const row = await db.selectFrom(current.table).select("version").where(key as never, "=", current.id as never).executeTakeFirst();
  // A row that does not exist: the version a client holding a stale id would send.
  return { payload: body, headers: { "if-match": ifMatch(row ? (row as { version: number }).version : 1) } };
}
