/**
 * The land registry's answers by the job on the product clock (decision 0712), through the real provider and
 * its job queue: the short demo journey of WS-9 (approved, funds exchanged, £180,999: the requisition fixture)
 * is submitted; nothing comes back until an hour of product time has passed; then the requisition arrives by
 * the job (case and workspace REQUISITIONED), without anyone asking.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LodgementCasesResponseSchema } from "../../core/documents/api.js";
import { ifMatch } from "../../core/shared/versions.js";
import { loadConfig, type ProviderConfig } from "../../provider/platform/config.js";
import { createTestDatabase, type TestDatabase } from "../../provider/platform/db/test-database.js";
import { DEMO_USERS, seedDemoWorld } from "../../provider/platform/demo-world.js";
import { buildServer, type ProviderServer } from "../../provider/platform/server.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { freshSecretsEnv } from "../../scripts/dev-secrets.js";
import { authorizationCodeToken, DEMO_PASSWORD, eventually } from "./support.js";

const WORKSPACE = DEMO_WORKSPACES.remortgageExchanged.workspaceId;
/** A Wednesday, 10:00 London (BST): inside the registry's business hours. */
const SUBMITTED_AT = "2030-07-03T09:00:00Z";

let database: TestDatabase;
let dataDir: string;
let config: ProviderConfig;
let product: ProviderServer;
let helpdesk: string;

function call(options: InjectOptions) {
  const host = new URL(config.publicUrl).host;
  return product.app.inject({ ...options, headers: { host, authorization: `Bearer ${helpdesk}`, ...options.headers } });
}

async function setClock(now: string) {
  const response = await call({ method: "PUT", url: "/api/v1/clock", payload: { now } });
  expect(response.statusCode, response.body).toBe(200);
}

async function lodgementCase() {
  const response = await call({ method: "GET", url: `/api/lodgement/v1/lodgement-cases?workspace_id=${WORKSPACE}` });
  expect(response.statusCode, response.body).toBe(200);
  return LodgementCasesResponseSchema.parse(response.json()).records[0]!;
}

async function workspaceStatus() {
  return (await product.db.selectFrom("workspaces").select("status").where("workspace_id", "=", WORKSPACE).executeTakeFirstOrThrow()).status;
}


beforeAll(async () => {
  database = await createTestDatabase("convey_lodgement_jobs_test");
  dataDir = await mkdtemp(join(tmpdir(), "convey-lodgement-jobs-"));
  const env = {
    ...freshSecretsEnv(),
    PROVIDER_PORT: "4000",
    CONVEY_ENV: "local",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  } as unknown as NodeJS.ProcessEnv;
  config = loadConfig(env, { dataDir });
  product = await buildServer({ config, jobPollingIntervalSeconds: 0.5 });
  await seedDemoWorld(product.db, config);
  const host = new URL(config.publicUrl).host;
  helpdesk = await authorizationCodeToken(
    (request) => product.app.inject({ ...request, headers: { host, ...request.headers } }),
    config,
    DEMO_USERS.helpdesk.email,
    DEMO_PASSWORD,
  );
});

afterAll(async () => {
  await product?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("the registry answers by the job on the product clock", () => {
  it("a submission is answered an hour later, inside business hours: the requisition arrives by itself", async () => {
    await setClock(SUBMITTED_AT);
    const approved = await lodgementCase();
    expect(approved.lodgementCaseStatus).toBe("APPROVED");
    const lodged = await call({
      method: "PATCH",
      url: `/api/lodgement/v1/lodgement-cases/${approved.lodgementCaseId}`,
      payload: { status: "LODGED" },
      headers: { "if-match": ifMatch(approved.version) },
    });
    expect(lodged.statusCode, lodged.body).toBe(200);
    expect(await workspaceStatus()).toBe("LODGED");

    // Half an hour on: not yet.
    await setClock("2030-07-03T09:30:00Z");
    await sleep(1_500);
    expect((await lodgementCase()).lodgementCaseStatus).toBe("LODGED");

    // An hour and ten minutes on: the job has asked, and the requisition is there.
    await setClock("2030-07-03T10:10:00Z");
    const requisitioned = await eventually(lodgementCase, (found) => found.lodgementCaseStatus === "REQUISITIONED");
    // Raised on Wednesday 3 July 2030: 15 business days on is Wednesday 24 July, 12:00 London (11:00 UTC).
    expect(requisitioned.requisitionDeadline).toBe("2030-07-24T11:00:00.000Z");
    expect(await workspaceStatus()).toBe("REQUISITIONED");
  }, 40_000);
});
