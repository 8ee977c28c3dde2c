/**
 * `convey jobs list|retry` end to end, against the real provider on a port: the helpdesk administrator lists a
 * failed job with its error and retries it; scripts of a subscriber are refused; bad options are usage errors.
 * The job `test-virus-scan` exists only here: it stands for the later work of areas still to come.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { JobSchema, JobsResponseSchema, type Job } from "../../core/shared/jobs.js";
import { CredentialsStore } from "../../cli/services/credentials.js";
import { DEMO_USERS } from "../../provider/platform/demo-world.js";
import { defineJob } from "../../provider/platform/jobs/queue.js";
import { ConveyHarness } from "./harness.js";
import { startRealProvider, type RealProvider } from "./real-provider.js";

let scannerAnswers = false;
const virusScan = defineJob({
  name: "test-virus-scan",
  data: z.object({ documentId: z.string() }),
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 60,
  async run() {
    if (!scannerAnswers) throw new Error("The virus scanner did not answer");
  },
});

let provider: RealProvider;
let helpdesk: ConveyHarness;
let script: ConveyHarness;

async function stateOf(id: string): Promise<Job["state"] | undefined> {
  const row = await provider.db
    .selectFrom("pgboss.job")
    .select("state")
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.state;
}

async function until(id: string, state: Job["state"]): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await stateOf(id)) !== state) {
    if (Date.now() > deadline) throw new Error(`The job is ${await stateOf(id)}, not ${state}`);
    await sleep(20);
  }
}

beforeAll(async () => {
  provider = await startRealProvider({ jobs: [virusScan] });
  helpdesk = await ConveyHarness.create();
  const accessToken = await provider.loginToken(DEMO_USERS.helpdesk.email);
  await CredentialsStore.for(
    { env: { CONVEY_CONFIG_DIR: helpdesk.configDir }, homeDir: "/nowhere" },
    "default",
  ).update(() => ({
    apiUrl: provider.url,
    kind: "device" as const,
    clientId: "convey-cli",
    accessToken,
    expiresAt: new Date(Date.now() + 240_000).toISOString(),
    savedAt: new Date().toISOString(),
  }));
  script = await ConveyHarness.create();
  const client = provider.scriptClient("harperVale");
  const login = await script.run(["--api-url", provider.url, "login", "--client-id", client.clientId], {
    env: { CONVEY_CLIENT_SECRET: client.clientSecret },
  });
  expect(login.code, login.stderr).toBe(0);
});
afterAll(async () => {
  await helpdesk?.dispose();
  await script?.dispose();
  await provider?.close();
});

describe("convey jobs", () => {
  it("lists a failed job with its error, retries it, and refuses to retry it once it completed", async () => {
    const { id } = await provider.jobs.schedule(
      provider.db,
      virusScan,
      { documentId: "D-1" },
      { key: "D-1" },
    );
    await until(id, "failed");

    const listed = await helpdesk.run(["--json", "jobs", "list", "--state", "failed"]);
    expect(listed.code, listed.stderr).toBe(0);
    const page = JobsResponseSchema.parse(JSON.parse(listed.stdout));
    expect(page.records).toEqual([
      expect.objectContaining({
        id,
        name: "test-virus-scan",
        key: "D-1",
        state: "failed",
        attempts: 1,
        maxAttempts: 1,
        lastError: "The virus scanner did not answer",
      }),
    ]);
    expect(page.page).toEqual({ page: 1, limit: 20, totalRecords: 1, pageRecords: 1 });

    const table = await helpdesk.run(["jobs", "list", "--name", "test-virus-scan"]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stderr).toBe("");
    expect(table.stdout).toMatch(/Id\s+Name\s+Key\s+State\s+Attempts\s+Due\s+Last error/);
    expect(table.stdout).toContain(`${id}  test-virus-scan  D-1  Failed  1 of 1`);
    expect(table.stdout).toContain("The virus scanner did not answer");
    expect(table.stdout).toContain("1-1 of 1 jobs; due times on the product clock");

    scannerAnswers = true;
    const retried = await helpdesk.run(["jobs", "retry", id]);
    expect(retried.code, retried.stderr).toBe(0);
    expect(retried.stderr).toContain("The job test-virus-scan (D-1) will be tried again");
    await until(id, "completed");

    const again = await helpdesk.run(["--json", "jobs", "retry", id]);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe("");
    expect(again.stderr).toContain(
      "Only a failed job, or one waiting to be tried again, can be retried: this one is completed.",
    );

    const completed = await helpdesk.run([
      "--json",
      "jobs",
      "list",
      "--name",
      "test-virus-scan",
      "--state",
      "completed",
    ]);
    const [job] = JobsResponseSchema.parse(JSON.parse(completed.stdout)).records;
    expect(JobSchema.parse(job)).toMatchObject({ id, state: "completed", attempts: 2, lastError: null });
  });

  it("says when nothing matches, refuses a subscriber's script, and calls wrong options usage errors", async () => {
    const refused = await script.run(["jobs", "list"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("You do not have permission to do this.");

    const none = await helpdesk.run(["jobs", "list", "--state", "cancelled"]);
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toContain("No jobs found.");

    const badState = await helpdesk.run(["jobs", "list", "--state", "stuck"]);
    expect(badState.code).toBe(2);
    expect(badState.stderr).toContain(
      "--state: use one of created, retry, active, completed, cancelled, failed",
    );
    const badId = await helpdesk.run(["jobs", "retry", "D-1"]);
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain("a job id is a UUID");
  });
});
