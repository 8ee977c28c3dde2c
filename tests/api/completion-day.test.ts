/**
 * Completion day (docs/decisions/0611-funds-exchanged-on-completion-day.md; issue 13 acceptance 5): a workspace
 * whose funds are authorised has its funds exchanged by the job on its completion date (London, product
 * clock), not before, once, even though the product restarts that day; its schedule is then settled.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SchedulesResponseSchema } from "../../core/financials/api.js";
import { WorkspaceDetailSchema } from "../../core/workspaces/api.js";
import { loadConfig, type ProviderConfig } from "../../provider/platform/config.js";
import { createTestDatabase, type TestDatabase } from "../../provider/platform/db/test-database.js";
import { DEMO_USERS, seedDemoWorld } from "../../provider/platform/demo-world.js";
import { buildServer, type ProviderServer } from "../../provider/platform/server.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { freshSecretsEnv } from "../../scripts/dev-secrets.js";
import { authorizationCodeToken, DEMO_PASSWORD, eventually } from "./support.js";

const POLLING_INTERVAL_SECONDS = 0.5;
const TWO_POLLS_MS = 2 * POLLING_INTERVAL_SECONDS * 1000 + 300;
const COMPLETION_DATE = "2030-07-03"; // a Wednesday
const WORKSPACE = DEMO_WORKSPACES.remortgageFundsAuthorised.workspaceId;

let database: TestDatabase;
let dataDir: string;
let config: ProviderConfig;
let product: ProviderServer;
let helpdesk: string;

const startProduct = () => buildServer({ config, jobPollingIntervalSeconds: POLLING_INTERVAL_SECONDS });

async function restartProduct(): Promise<void> {
  await product.close();
  product = await startProduct();
}

function call(options: InjectOptions) {
  const host = new URL(config.publicUrl).host;
  return product.app.inject({ ...options, headers: { host, authorization: `Bearer ${helpdesk}`, ...options.headers } });
}

async function setClock(now: string) {
  const response = await call({ method: "PUT", url: "/api/v1/clock", payload: { now } });
  expect(response.statusCode, response.body).toBe(200);
}

async function workspaceStatus() {
  const response = await call({ method: "GET", url: `/api/workspace/v1/workspaces/${WORKSPACE}` });
  expect(response.statusCode, response.body).toBe(200);
  return WorkspaceDetailSchema.parse(response.json()).status;
}

async function scheduleStatus() {
  const response = await call({ method: "GET", url: `/api/settlement/v1/financial-settlement-schedules?workspace_id=${WORKSPACE}` });
  expect(response.statusCode, response.body).toBe(200);
  return SchedulesResponseSchema.parse(response.json()).records[0]!.status;
}

async function exchanges(): Promise<number> {
  const row = await product.db
    .selectFrom("audit_events")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("action", "=", "FINANCIALS_FUNDS_EXCHANGED")
    .where("target", "=", WORKSPACE)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}


beforeAll(async () => {
  database = await createTestDatabase("convey_completion_day_test");
  dataDir = await mkdtemp(join(tmpdir(), "convey-completion-day-"));
  const env = {
    ...freshSecretsEnv(),
    PROVIDER_PORT: "4000",
    CONVEY_ENV: "local",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  } as unknown as NodeJS.ProcessEnv;
  config = loadConfig(env, { dataDir });
  product = await startProduct();
  await seedDemoWorld(product.db, config);
  const host = new URL(config.publicUrl).host;
  helpdesk = await authorizationCodeToken(
    (request) => product.app.inject({ ...request, headers: { host, ...request.headers } }),
    config,
    DEMO_USERS.helpdesk.email,
    DEMO_PASSWORD,
  );
  // The demo workspace with its funds authorised, given a completion date in 2030 (as its parties would have set it before approval).
  await product.db.updateTable("workspaces").set({ completion_date: COMPLETION_DATE }).where("workspace_id", "=", WORKSPACE).execute();
  await product.db.updateTable("financial_settlement_schedules").set({ completion_date: COMPLETION_DATE }).where("workspace_id", "=", WORKSPACE).execute();
});

afterAll(async () => {
  await product?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("funds exchanged on completion day", () => {
  it("happens by the job on the completion date, not the day before, once, across restarts that day", async () => {
    expect(await workspaceStatus()).toBe("FUNDS_AUTHORISED");

    // 23:50 London the evening before (22:50 UTC in summer): not yet.
    await setClock("2030-07-02T22:50:00Z");
    await sleep(TWO_POLLS_MS * 2);
    expect(await workspaceStatus()).toBe("FUNDS_AUTHORISED");
    expect(await exchanges()).toBe(0);

    // Completion day, 00:10 London, and the product restarts.
    await setClock("2030-07-02T23:10:00Z");
    await restartProduct();
    await eventually(workspaceStatus, (status) => status === "FUNDS_EXCHANGED");
    expect(await scheduleStatus()).toBe("SETTLED");
    expect(await exchanges()).toBe(1);

    // Later that day, after another restart and several more runs of the job: still exchanged once.
    await restartProduct();
    await setClock("2030-07-03T11:00:00Z");
    await sleep(TWO_POLLS_MS * 2);
    expect(await workspaceStatus()).toBe("FUNDS_EXCHANGED");
    expect(await exchanges()).toBe(1);
  });
});
