/**
 * Acceptance 5 of issue 5: secrets (SSO client secrets, lodgement and authority passwords) never appear in
 * any API response, log line or audit entry. Every secret is set through the API (and by the seed), every
 * administrative read is made, refusals included, with the provider logging at its most verbose; then all
 * of it is searched. At rest the secrets are sealed: no database column holds one in clear.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { DEMO_AUTHORITY_IDENTIFIERS, DEMO_SSO_CONNECTION } from "../../provider/administration/seed.js";
import { API, personWithRoles } from "./administration-support.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, versioned, type TestProvider } from "./support.js";

const logLines: string[] = [];
let provider: TestProvider;
let helpdesk: string;
let hmlr: string;
const responses: LightMyRequestResponse[] = [];

const SECRETS = {
  clientSecret: "sso-secret-that-must-stay-hidden-41",
  primaryPassword: "primary-lodgement-password-77",
  secondaryPassword: "secondary-lodgement-password-88",
  changedPrimary: "changed-primary-password-99",
  refusedSecret: " leading-space-secret-never-stored",
};
const ALL_SECRETS = [
  ...Object.values(SECRETS),
  ...Object.values(SECRETS).map((secret) => secret.trim()),
  DEMO_SSO_CONNECTION.clientSecret,
  ...DEMO_AUTHORITY_IDENTIFIERS.map((identifier) => identifier.password),
];

const harperVale = DEMO_SUBSCRIBERS.harperVale.subscriberId;
const ashdown = DEMO_SUBSCRIBERS.ashdown.subscriberId;

beforeAll(async () => {
  provider = await startTestProvider({ logLevel: "trace", logStream: { write: (line) => void logLines.push(line) } });
  helpdesk = await provider.loginToken(DEMO_USERS.helpdesk.email);
  hmlr = (await personWithRoles(provider, "harperVale", ["HMLR Administrator", "User Manager"], "Hana")).token;
});
afterAll(() => provider?.close());

async function call(token: string, method: "GET" | "POST" | "PATCH", url: string, payload?: Record<string, unknown>) {
  // The single sign-on connection belongs to the subscriber: a new secret is made against its version.
  const write = payload === undefined ? undefined : await versioned(provider.db, payload, url.includes("/idp-sso/") ? { table: "subscribers", id: ashdown } : undefined);
  const response = await provider.call(token, { method, url, ...(write ?? {}) });
  responses.push(response);
  return response;
}

describe("secrets", () => {
  it("are set and read through the API without ever appearing in a response, a log line or an audit entry", async () => {
    const sso = `${API}/idp-sso/${ashdown}?connection_id=${DEMO_SSO_CONNECTION.connectionId}`;
    expect((await call(helpdesk, "PATCH", sso, { clientSecret: SECRETS.clientSecret })).statusCode).toBe(200);
    expect((await call(helpdesk, "PATCH", sso, { clientSecret: SECRETS.refusedSecret })).statusCode).toBe(400);

    const identifiers = `${API}/lodgement-identifiers`;
    const created = await call(hmlr, "POST", identifiers, {
      identifiers: {
        primary: { userName: "hv-primary", password: SECRETS.primaryPassword },
        secondary: { userName: "hv-secondary", password: SECRETS.secondaryPassword },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const refused = await call(hmlr, "POST", identifiers, {
      identifiers: {
        primary: { userName: "same", password: SECRETS.primaryPassword },
        secondary: { userName: "same", password: SECRETS.secondaryPassword },
      },
    });
    expect(refused.statusCode).toBe(400);
    const conflict = await call(hmlr, "POST", identifiers, {
      identifiers: { primary: { userName: "hv-primary", password: SECRETS.changedPrimary }, secondary: { userName: "hv-secondary" } },
      version: 99,
    });
    expect(conflict.statusCode).toBe(409);
    const updated = await call(hmlr, "POST", identifiers, {
      identifiers: { primary: { userName: "hv-primary", password: SECRETS.changedPrimary }, secondary: { userName: "hv-secondary" } },
      version: 1,
    });
    expect(updated.statusCode, updated.body).toBe(200);

    for (const [token, url] of [
      [helpdesk, `${API}/subscribers/${ashdown}/details`],
      [helpdesk, `${API}/subscribers/${harperVale}/details`],
      [hmlr, identifiers],
      [helpdesk, `${identifiers}?subscriberId=${harperVale}`],
      [hmlr, `${API}/lodging-party/${harperVale}/ext-authority-identifiers`],
      [helpdesk, `${API}/lodging-party/${harperVale}/ext-authority-identifiers`],
      [helpdesk, `${API}/audit-events?limit=1000`],
      [hmlr, `${API}/audit-events?limit=1000`],
      [helpdesk, "/api/docs/openapi.json"],
    ] as const) {
      expect((await call(token, "GET", url)).statusCode, url).toBe(200);
    }

    const audit = await provider.db.selectFrom("audit_events").selectAll().execute();
    expect(audit.map((event) => event.action)).toEqual(
      expect.arrayContaining(["SSO_CLIENT_SECRET_UPDATED", "LODGEMENT_IDENTIFIERS_CREATED", "LODGEMENT_IDENTIFIERS_UPDATED"]),
    );
    // The logger really was listening: every request above left its lines.
    expect(logLines.length).toBeGreaterThan(responses.length);
    expect(logLines.some((line) => line.includes("/lodgement-identifiers"))).toBe(true);

    const places: [string, string][] = [
      ...responses.map((response, i): [string, string] => [`response ${i} (${response.statusCode})`, `${JSON.stringify(response.headers)}\n${response.body}`]),
      ...logLines.map((line, i): [string, string] => [`log line ${i}`, line]),
      ...audit.map((event): [string, string] => [`audit event ${event.action}`, JSON.stringify(event)]),
    ];
    for (const secret of ALL_SECRETS) {
      for (const [where, text] of places) {
        expect(text.includes(secret), `${secret} found in ${where}`).toBe(false);
      }
    }
  });

  it("are sealed at rest: no column of any table holds one in clear", async () => {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(provider.db);
    expect(tables.rows.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(["sso_connections", "lodgement_identifiers", "external_authority_identifiers"]),
    );
    for (const { table_name } of tables.rows) {
      const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(table_name)} as t`.execute(provider.db);
      for (const { row } of rows.rows) {
        for (const secret of ALL_SECRETS) expect(row.includes(secret), `${secret} in ${table_name}`).toBe(false);
      }
    }
  });
});
