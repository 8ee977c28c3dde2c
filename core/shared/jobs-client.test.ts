import { describe, expect, it } from "vitest";
import { listJobs, retryJob } from "./jobs-client.js";
import { JOB_STATE_LABELS, JOB_STATES, JobsQuerySchema, type Job } from "./jobs.js";
import { mockProviderPerTest } from "./mock-provider.test-helper.js";
import { ProviderError } from "./provider-errors.js";

const provider = mockProviderPerTest();

const failed: Job = {
  id: "7d3c5b8e-1f4a-4c2b-9e6d-0a1b2c3d4e5f",
  name: "sweep-expired-identity-records",
  key: "2030-06-28T09:10:00.000Z",
  state: "failed",
  attempts: 4,
  maxAttempts: 4,
  runAfter: "2030-06-28T09:10:00.000Z",
  createdAt: "2026-11-24T12:00:00.000Z",
  startedAt: "2026-11-24T12:00:01.000Z",
  completedAt: "2026-11-24T12:09:00.000Z",
  lastError: "connection refused",
};

describe("the jobs client", () => {
  it("lists jobs with the filters given, and only those", async () => {
    const page = { records: [failed], page: { page: 2, limit: 5, totalRecords: 6, pageRecords: 1 } };
    provider.answer("GET", "/api/v1/jobs", 200, page);
    expect(await listJobs(provider.ctx, { state: "failed", page: 2, limit: 5 })).toEqual(page);
    expect(provider.seen[0].path).toBe("/api/v1/jobs?state=failed&page=2&limit=5");
    expect(provider.seen[0].headers.authorization).toBe("Bearer access-token");
  });

  it("retries a job by its id and answers it as it is now", async () => {
    const waiting = { ...failed, state: "retry", maxAttempts: 5 };
    provider.answer("POST", `/api/v1/jobs/${failed.id}/retry`, 200, waiting);
    expect(await retryJob(provider.ctx, failed.id)).toEqual(waiting);
    expect(provider.seen[0]).toMatchObject({ method: "POST", path: `/api/v1/jobs/${failed.id}/retry` });
  });

  it("passes on the provider's refusal, and refuses an answer that breaks the contract", async () => {
    provider.answer("POST", `/api/v1/jobs/${failed.id}/retry`, 409, {
      status: 409,
      code: "CONFLICT",
      message: "Not now",
    });
    const refusal = await retryJob(provider.ctx, failed.id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProviderError);
    expect(refusal).toMatchObject({ status: 409, message: "Not now" });
    provider.answer("GET", "/api/v1/jobs", 200, {
      records: [{ ...failed, state: "stuck" }],
      page: { page: 1, limit: 20, totalRecords: 1, pageRecords: 1 },
    });
    await expect(listJobs(provider.ctx)).rejects.toThrow();
  });
});

describe("the jobs contract", () => {
  it("labels every state, and reads the list's query with its defaults", () => {
    expect(Object.keys(JOB_STATE_LABELS)).toEqual([...JOB_STATES]);
    expect(JobsQuerySchema.parse({ state: "retry", name: " sweep " })).toEqual({
      state: "retry",
      name: "sweep",
      page: 1,
      limit: 20,
    });
    expect(JobsQuerySchema.safeParse({ state: "stuck" }).success).toBe(false);
  });
});
