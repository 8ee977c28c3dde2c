/**
 * A pending title search is answered later by the job, inside land registry business hours (06:30-23:00
 * London, on the product clock) and not outside them (document 2 sections 4.2 and 9; acceptance 2): a
 * retrieval made after hours waits for the next opening; a search the sandbox leaves pending (PD100202)
 * whose collection falls due after the registry closed asks nothing then and waits for the next opening.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JobsResponseSchema } from "../../core/shared/jobs.js";
import { LodgementCasesResponseSchema, TitleSearchResponseSchema, TitlesResponseSchema } from "../../core/title/api.js";
import { WorkspaceDetailSchema } from "../../core/workspaces/api.js";
import { loadConfig, type ProviderConfig } from "../../provider/platform/config.js";
import { createTestDatabase, type TestDatabase } from "../../provider/platform/db/test-database.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, seedDemoWorld } from "../../provider/platform/demo-world.js";
import { buildServer, type ProviderServer } from "../../provider/platform/server.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { freshSecretsEnv } from "../../scripts/dev-secrets.js";
import { authorizationCodeToken, clientCredentialsToken, DEMO_PASSWORD, eventually } from "./support.js";

const POLLING_INTERVAL_SECONDS = 0.5;
const TWO_POLLS_MS = 2 * POLLING_INTERVAL_SECONDS * 1000 + 300;
const CASES = "/api/v1/lodgement-cases";

let database: TestDatabase;
let config: ProviderConfig;
let product: ProviderServer;
let helpdesk: string;
let lender: string;

function call(token: string, options: InjectOptions) {
  const host = new URL(config.publicUrl).host;
  return product.app.inject({ ...options, headers: { host, authorization: `Bearer ${token}`, ...options.headers } });
}

async function setClock(now: string) {
  const response = await call(helpdesk, { method: "PUT", url: "/api/v1/clock", payload: { now } });
  expect(response.statusCode, response.body).toBe(200);
}

async function caseOf(workspaceId: string) {
  const response = await call(helpdesk, { method: "GET", url: `${CASES}?workspace_id=${workspaceId}` });
  expect(response.statusCode, response.body).toBe(200);
  return LodgementCasesResponseSchema.parse(response.json()).records[0]!;
}

async function versionOf(workspaceId: string) {
  const response = await call(helpdesk, { method: "GET", url: `/api/workspace/v1/workspaces/${workspaceId}` });
  return WorkspaceDetailSchema.parse(response.json()).version;
}

async function search(workspaceId: string, titleNumber: string) {
  const lodgementCase = await caseOf(workspaceId);
  const response = await call(helpdesk, {
    method: "POST",
    url: `${CASES}/${lodgementCase.lodgementCaseId}/title-search`,
    payload: { titleNumber },
    headers: { "if-match": `"${await versionOf(workspaceId)}"` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return TitleSearchResponseSchema.parse(response.json());
}

async function collections() {
  const response = await call(helpdesk, { method: "GET", url: "/api/v1/jobs", query: { name: "collect-pending-title-search" } });
  expect(response.statusCode, response.body).toBe(200);
  return JobsResponseSchema.parse(response.json()).records;
}


beforeAll(async () => {
  database = await createTestDatabase("convey_title_jobs_test");
  const env = {
    ...freshSecretsEnv(),
    PROVIDER_PORT: "4000",
    CONVEY_ENV: "local",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  } as unknown as NodeJS.ProcessEnv;
  config = loadConfig(env, { dataDir: "memory://" });
  product = await buildServer({ config, jobPollingIntervalSeconds: POLLING_INTERVAL_SECONDS });
  const seed = await seedDemoWorld(product.db, config);
  const host = new URL(config.publicUrl).host;
  const inject = (request: InjectOptions) => product.app.inject({ ...request, headers: { host, ...request.headers } });
  helpdesk = await authorizationCodeToken(inject, config, DEMO_USERS.helpdesk.email, DEMO_PASSWORD);
  const northgate = seed.scriptClients.find((client) => client.subscriberId === DEMO_SUBSCRIBERS.northgate.subscriberId)!;
  lender = await clientCredentialsToken(inject, northgate.clientId, northgate.clientSecret);
});

afterAll(async () => {
  await product?.close();
  await database?.drop();
});

describe("a pending title search", () => {
  it("asked for after hours is collected at the next opening, not before", async () => {
    const workspaceId = DEMO_WORKSPACES.remortgagePreparing.workspaceId;
    await setClock("2030-01-15T23:30:00Z");
    const asked = await search(workspaceId, "DN100001");
    expect(asked.lodgementCase.lastTitleSearchStatus).toBe("PENDING");
    expect(asked.titles).toEqual([]);
    expect(await collections()).toEqual([expect.objectContaining({ state: "created", runAfter: "2030-01-16T06:30:00.000Z" })]);

    await sleep(TWO_POLLS_MS);
    await setClock("2030-01-16T04:00:00Z");
    await sleep(TWO_POLLS_MS);
    expect((await caseOf(workspaceId)).lastTitleSearchStatus).toBe("PENDING");

    await setClock("2030-01-16T06:31:00Z");
    const answered = await eventually(() => caseOf(workspaceId), (lodgementCase) => lodgementCase.lastTitleSearchStatus === "SUCCESS");
    expect(answered.lastTitleSearchTime!.startsWith("2030-01-16T06:3")).toBe(true);
    const titles = TitlesResponseSchema.parse((await call(helpdesk, { method: "GET", url: `${CASES}/${answered.lodgementCaseId}/titles` })).json());
    expect(titles.records.map((title) => title.titleNumber)).toEqual(["DN100001"]);
    const workspace = WorkspaceDetailSchema.parse((await call(helpdesk, { method: "GET", url: `/api/workspace/v1/workspaces/${workspaceId}` })).json());
    expect(workspace.borrowersValidationStatus).toBe("VALID");
    expect(workspace.parties[0]!.proprietorMatchStatus).toEqual(["MATCH"]);
  });

  it("left pending by the registry and falling due after it closed, waits for the next opening", async () => {
    const created = await call(lender, {
      method: "POST",
      url: "/api/workspace/v1/workspaces",
      payload: {
        reference: "NG-PENDING-1",
        transactionType: "REMORTGAGE",
        securityAddress: { buildingNumber: "14", street: "Willow Lane", town: "Harrogate", postcode: "HG1 2AB" },
        parties: [{ type: "INDIVIDUAL", role: "BORROWER", partyDetails: { forenames: "Amelia", surname: "Clarke" } }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { workspaceId } = created.json() as { workspaceId: string };

    await setClock("2030-01-16T22:50:00Z");
    const asked = await search(workspaceId, "PD100202");
    expect(asked.lodgementCase.lastTitleSearchStatus).toBe("PENDING");
    expect((await collections()).find((job) => job.state === "created")!.runAfter).toMatch(/^2030-01-16T22:5[56]:00\.000Z$/);

    // The clock passes the job's time after the registry closed: the job runs, asks nothing, waits for 06:30.
    await setClock("2030-01-16T23:30:00Z");
    await eventually(collections, (jobs) => jobs.some((job) => job.state === "created" && job.runAfter === "2030-01-17T06:30:00.000Z"));
    expect((await caseOf(workspaceId)).lastTitleSearchStatus).toBe("PENDING");

    await setClock("2030-01-17T06:30:30Z");
    const answered = await eventually(() => caseOf(workspaceId), (lodgementCase) => lodgementCase.lastTitleSearchStatus === "SUCCESS");
    expect(answered.lastTitleNumber).toBe("PD100202");
  });
});
