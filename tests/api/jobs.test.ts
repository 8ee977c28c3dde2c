/**
 * Jobs on the product clock, through the real provider (docs/decisions/0015-job-queue-and-clock.md): a job runs
 * later on the sandbox clock, is retried after a failure, and survives a restart of the product, on PGlite in
 * a data folder (a restart closes and reopens the database and the queue) or, under DATABASE_URL, on a
 * PostgreSQL database of its own. Also: the helpdesk administrator's list and retry, the sweep of expired
 * identity records every 10 minutes of product time, and no sandbox clock in production.
 *
 * The jobs named `test-…` exist only here: they stand for the later work of areas still to come.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { JobsResponseSchema, JobSchema, type Job } from "../../core/shared/jobs.js";
import { PRODUCT_CLOCK_OFFSET_HEADER, ProductClockSchema } from "../../core/shared/product-clock.js";
import { loadConfig, type ProviderConfig } from "../../provider/platform/config.js";
import { createTestDatabase, type TestDatabase } from "../../provider/platform/db/test-database.js";
import { DEMO_USERS, seedDemoWorld, type DemoScriptClient } from "../../provider/platform/demo-world.js";
import { defineJob } from "../../provider/platform/jobs/queue.js";
import { buildServer, type ProviderServer } from "../../provider/platform/server.js";
import { freshSecretsEnv } from "../../scripts/dev-secrets.js";
import { authorizationCodeToken, clientCredentialsToken, DEMO_PASSWORD, eventually } from "./support.js";

/** A polling interval short enough for the waits below; a change of the clock wakes the workers at once. */
const POLLING_INTERVAL_SECONDS = 0.5;
const TWO_POLLS_MS = 2 * POLLING_INTERVAL_SECONDS * 1000 + 200;

const attempts: { titleNumber: string; attempt: number; at: string }[] = [];
const titleSearchAnswer = defineJob({
  name: "test-title-search-answer",
  data: z.object({ titleNumber: z.string() }),
  retryLimit: 2,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 60,
  async run({ titleNumber }, { job, clock }) {
    attempts.push({ titleNumber, attempt: job.attempt, at: clock.now().toISOString() });
    if (job.attempt === 1) throw new Error("The land registry did not answer");
  },
});

let revenueAccepts = false;
const sdltFiling = defineJob({
  name: "test-sdlt-filing",
  data: z.object({ workspaceId: z.string() }),
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 60,
  async run() {
    if (!revenueAccepts) throw new Error("The revenue authority refused the return");
  },
});

let database: TestDatabase;
let dataDir: string;
let config: ProviderConfig;
let product: ProviderServer;
let helpdesk: string;
let subscriberScript: DemoScriptClient;

function startProduct(): Promise<ProviderServer> {
  return buildServer({
    config,
    jobs: [titleSearchAnswer, sdltFiling],
    jobPollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
  });
}

async function restartProduct(): Promise<void> {
  await product.close();
  product = await startProduct();
}

function call(token: string, options: InjectOptions) {
  const host = new URL(config.publicUrl).host;
  return product.app.inject({
    ...options,
    headers: { host, authorization: `Bearer ${token}`, ...options.headers },
  });
}

async function setClock(now: string) {
  const response = await call(helpdesk, { method: "PUT", url: "/api/v1/clock", payload: { now } });
  expect(response.statusCode, response.body).toBe(200);
  return ProductClockSchema.parse(response.json());
}

async function readClock() {
  const response = await call(helpdesk, { method: "GET", url: "/api/v1/clock" });
  expect(response.statusCode, response.body).toBe(200);
  return ProductClockSchema.parse(response.json());
}

async function jobsNamed(name: string, state?: string): Promise<Job[]> {
  const response = await call(helpdesk, {
    method: "GET",
    url: "/api/v1/jobs",
    query: { name, ...(state ? { state } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return JobsResponseSchema.parse(response.json()).records;
}

async function jobOf(id: string): Promise<Job> {
  const job = (await jobsNamed(titleSearchAnswer.name))
    .concat(await jobsNamed(sdltFiling.name))
    .find((j) => j.id === id);
  if (!job) throw new Error(`No job ${id}`);
  return job;
}


beforeAll(async () => {
  database = await createTestDatabase("convey_jobs_test");
  dataDir = await mkdtemp(join(tmpdir(), "convey-jobs-"));
  const env = {
    ...freshSecretsEnv(),
    PROVIDER_PORT: "4000",
    CONVEY_ENV: "local",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  } as unknown as NodeJS.ProcessEnv;
  config = loadConfig(env, { dataDir });
  product = await startProduct();
  const seed = await seedDemoWorld(product.db, config);
  subscriberScript = seed.scriptClients[0];
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

describe("a job on the product clock", () => {
  it("runs later on the sandbox clock, is retried after a failure, and survives a restart of the product", async () => {
    await setClock("2030-06-28T08:00:00Z");
    const dueAt = new Date("2030-06-28T15:00:00Z");
    const { id, created } = await product.jobs.schedule(
      product.db,
      titleSearchAnswer,
      { titleNumber: "DN100" },
      { key: "DN100", runAt: dueAt },
    );
    expect(created).toBe(true);
    const again = await product.jobs.schedule(
      product.db,
      titleSearchAnswer,
      { titleNumber: "DN100" },
      { key: "DN100", runAt: dueAt },
    );
    expect(again).toEqual({ id, created: false });
    expect(await jobsNamed(titleSearchAnswer.name)).toEqual([
      expect.objectContaining({
        id,
        key: "DN100",
        state: "created",
        attempts: 0,
        maxAttempts: 3,
        runAfter: dueAt.toISOString(),
        lastError: null,
      }),
    ]);
    await sleep(TWO_POLLS_MS);
    expect(attempts).toEqual([]);

    await restartProduct();
    const clock = await readClock();
    expect(Date.parse(clock.now) - Date.parse("2030-06-28T08:00:00Z")).toBeGreaterThanOrEqual(0);
    expect(Date.parse(clock.now) - Date.parse("2030-06-28T08:00:00Z")).toBeLessThan(60_000);
    expect(await jobOf(id)).toMatchObject({ state: "created", attempts: 0, runAfter: dueAt.toISOString() });

    await setClock("2030-06-28T14:59:00Z");
    await sleep(TWO_POLLS_MS);
    expect(attempts).toEqual([]);

    await setClock("2030-06-28T15:00:01Z");
    const failedOnce = await eventually(
      () => jobOf(id),
      (job) => job.state === "retry",
    );
    expect(failedOnce).toMatchObject({ attempts: 1, lastError: "The land registry did not answer" });
    expect(attempts).toEqual([{ titleNumber: "DN100", attempt: 1, at: expect.any(String) }]);
    expect(Date.parse(attempts[0].at)).toBeGreaterThanOrEqual(dueAt.getTime());
    // The first retry backs off 60 to 120 seconds of product time.
    const backOff = Date.parse(failedOnce.runAfter) - Date.parse(attempts[0].at);
    expect(backOff).toBeGreaterThanOrEqual(59_000);
    expect(backOff).toBeLessThanOrEqual(121_000);

    await restartProduct();
    expect(await jobOf(id)).toMatchObject({ state: "retry", attempts: 1, runAfter: failedOnce.runAfter });
    await sleep(TWO_POLLS_MS);
    expect(attempts).toHaveLength(1);

    await setClock("2030-06-28T15:10:00Z");
    const completed = await eventually(
      () => jobOf(id),
      (job) => job.state === "completed",
    );
    expect(completed).toMatchObject({ attempts: 2, maxAttempts: 3, lastError: null });
    expect(completed.completedAt).not.toBeNull();
    expect(attempts.map((attempt) => attempt.attempt)).toEqual([1, 2]);
    expect(Date.parse(attempts[1].at)).toBeGreaterThanOrEqual(Date.parse("2030-06-28T15:10:00Z"));

    const audit = await product.db
      .selectFrom("audit_events")
      .select("details")
      .where("action", "=", "PRODUCT_CLOCK_SET")
      .execute();
    expect(audit.map((event) => event.details.productTime)).toEqual([
      "2030-06-28T08:00:00.000Z",
      "2030-06-28T14:59:00.000Z",
      "2030-06-28T15:00:01.000Z",
      "2030-06-28T15:10:00.000Z",
    ]);
  });
});

describe("the helpdesk administrator's jobs", () => {
  it("lists a failed job with its error, retries it, and records who did", async () => {
    const { id } = await product.jobs.schedule(
      product.db,
      sdltFiling,
      { workspaceId: "W-1" },
      { key: "W-1" },
    );
    const failed = await eventually(
      () => jobOf(id),
      (job) => job.state === "failed",
    );
    expect(failed).toMatchObject({
      attempts: 1,
      maxAttempts: 1,
      lastError: "The revenue authority refused the return",
    });
    expect(await jobsNamed(sdltFiling.name, "failed")).toEqual([failed]);
    expect(await jobsNamed(sdltFiling.name, "completed")).toEqual([]);

    revenueAccepts = true;
    const response = await call(helpdesk, { method: "POST", url: `/api/v1/jobs/${id}/retry` });
    expect(response.statusCode, response.body).toBe(200);
    expect(JobSchema.parse(response.json()).id).toBe(id);
    const completed = await eventually(
      () => jobOf(id),
      (job) => job.state === "completed",
    );
    expect(completed).toMatchObject({ attempts: 2, maxAttempts: 2, lastError: null });

    const again = await call(helpdesk, { method: "POST", url: `/api/v1/jobs/${id}/retry` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      "Only a failed job, or one waiting to be tried again, can be retried: this one is completed.",
    );
    const unknown = await call(helpdesk, {
      method: "POST",
      url: "/api/v1/jobs/7d3c5b8e-1f4a-4c2b-9e6d-0a1b2c3d4e5f/retry",
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await call(helpdesk, { method: "POST", url: "/api/v1/jobs/not-an-id/retry" });
    expect(malformed.statusCode).toBe(400);

    const audit = await product.db
      .selectFrom("audit_events")
      .selectAll()
      .where("action", "=", "JOB_RETRIED")
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        actor_user_id: DEMO_USERS.helpdesk.subscriberUserId,
        target: id,
        details: { name: sdltFiling.name, state: "failed" },
      }),
    ]);
  });

  it("is refused to anyone else, who may still read the clock but not set it", async () => {
    const host = new URL(config.publicUrl).host;
    const token = await clientCredentialsToken(
      (request) => product.app.inject({ ...request, headers: { host, ...request.headers } }),
      subscriberScript.clientId,
      subscriberScript.clientSecret,
    );
    expect((await call(token, { method: "GET", url: "/api/v1/jobs" })).statusCode).toBe(403);
    const [job] = await jobsNamed(sdltFiling.name);
    expect((await call(token, { method: "POST", url: `/api/v1/jobs/${job.id}/retry` })).statusCode).toBe(403);
    expect((await call(token, { method: "GET", url: "/api/v1/clock" })).statusCode).toBe(200);
    expect(
      (await call(token, { method: "PUT", url: "/api/v1/clock", payload: { now: "2031-01-01T00:00:00Z" } }))
        .statusCode,
    ).toBe(403);
    expect((await call(token, { method: "DELETE", url: "/api/v1/clock" })).statusCode).toBe(403);
    expect(
      (await call(helpdesk, { method: "PUT", url: "/api/v1/clock", payload: { now: "tomorrow" } }))
        .statusCode,
    ).toBe(400);
  });
});

describe("the sweep of expired identity records", () => {
  it("runs every 10 minutes of product time and deletes what expired", async () => {
    await setClock("2030-07-01T10:03:00Z");
    await eventually(
      () => jobsNamed("sweep-expired-identity-records", "created"),
      (jobs) => jobs.some((job) => job.key === "2030-07-01T10:10:00.000Z"),
    );
    await product.db
      .insertInto("oidc_payloads")
      .values({
        model: "Session",
        id: "expired-session",
        payload: JSON.stringify({ kind: "Session" }),
        expires_at: new Date(Date.now() - 1000),
      })
      .execute();
    // A browser login past its absolute limit that nobody came back for.
    await product.db
      .insertInto("app_sessions")
      .values({
        session_id_hash: "expired-app-session",
        subscriber_user_id: DEMO_USERS.manager.subscriberUserId,
        subscriber_id: null,
        data_encrypted: "sealed",
        created_at: new Date(Date.now() - 13 * 3600_000),
        last_seen_at: new Date(Date.now() - 60_000),
        expires_at: new Date(Date.now() - 3600_000),
      })
      .execute();

    await setClock("2030-07-01T10:10:30Z");
    const swept = await eventually(
      () => jobsNamed("sweep-expired-identity-records"),
      (jobs) => jobs.some((job) => job.key === "2030-07-01T10:10:00.000Z" && job.state === "completed"),
    );
    expect(swept.some((job) => job.key === "2030-07-01T10:20:00.000Z" && job.state === "created")).toBe(true);
    expect(
      await product.db
        .selectFrom("oidc_payloads")
        .select("id")
        .where("id", "=", "expired-session")
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await product.db.selectFrom("app_sessions").select("session_id_hash").where("session_id_hash", "=", "expired-app-session").executeTakeFirst()).toBeUndefined();
  });
});

describe("the product clock", () => {
  it("has its offset on every answer, so a caller knows the product's time without asking for it", async () => {
    const set = await setClock("2031-03-02T09:00:00Z");
    const answer = await call(helpdesk, { method: "GET", url: "/api/v1/me" });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers[PRODUCT_CLOCK_OFFSET_HEADER]).toBe(String(set.offsetMs));
    const refused = await call(helpdesk, { method: "GET", url: "/api/workspace/v1/workspaces/not-a-workspace" });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.headers[PRODUCT_CLOCK_OFFSET_HEADER]).toBe(String(set.offsetMs));
  });

  it("goes back to real time", async () => {
    const response = await call(helpdesk, { method: "DELETE", url: "/api/v1/clock" });
    expect(response.statusCode, response.body).toBe(200);
    const clock = ProductClockSchema.parse(response.json());
    expect(clock.offsetMs).toBe(0);
    expect(response.headers[PRODUCT_CLOCK_OFFSET_HEADER]).toBe("0");
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(5_000);
  });

  it("is real time in production, which has no sandbox clock to set", async () => {
    const production = await buildServer({ config: { ...config, production: true }, db: product.db });
    try {
      expect(production.clock.settable).toBe(false);
      await expect(production.clock.set(new Date("2031-01-01T00:00:00Z"), null)).rejects.toThrow(
        /real time in production/,
      );
      const host = new URL(config.publicUrl).host;
      const response = await production.app.inject({
        method: "GET",
        url: "/api/v1/clock",
        headers: { host, authorization: `Bearer ${helpdesk}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers[PRODUCT_CLOCK_OFFSET_HEADER]).toBe("0");
    } finally {
      await production.close();
    }
  });
});
