import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { JobSchema } from "../../../core/shared/jobs.js";
import { ProductClock } from "../clock.js";
import { openDatabase, type DB } from "../db/index.js";
import { createTestDatabase, type TestDatabase } from "../db/test-database.js";
import { defineJob, jobIdOf, JobQueue, nextSlotAfter, type JobDefinition } from "./queue.js";

let db: DB;
let database: TestDatabase;
let clock: ProductClock;
let queue: JobQueue | undefined;
const warnings: unknown[] = [];
const log = {
  warn: (object: unknown) => void warnings.push(object),
  error: (object: unknown) => void warnings.push(object),
};

beforeAll(async () => {
  database = await createTestDatabase("convey_job_queue_test");
  db = await openDatabase({ dataDir: "memory://", databaseUrl: database.databaseUrl });
  clock = await ProductClock.open(db, { settable: true });
});
afterEach(async () => {
  await queue?.stop();
  queue = undefined;
});
afterAll(async () => {
  clock?.close();
  await db?.destroy();
  await database?.drop();
});

async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still not there: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const noticeJob = (run: JobDefinition<{ to: string }>["run"] = async () => undefined) =>
  defineJob({
    name: "send-completion-notice",
    data: z.object({ to: z.string() }),
    retryLimit: 1,
    retryDelaySeconds: 30,
    retryBackoff: false,
    expireInSeconds: 60,
    run,
  });

describe("job ids and slots", () => {
  it("gives one logical job (name and key) one UUID, and another job another", () => {
    const id = jobIdOf("send-completion-notice", "W-1");
    expect(JobSchema.shape.id.parse(id)).toBe(id);
    expect(jobIdOf("send-completion-notice", "W-1")).toBe(id);
    expect(jobIdOf("send-completion-notice", "W-2")).not.toBe(id);
    expect(jobIdOf("file-sdlt-return", "W-1")).not.toBe(id);
  });

  it("finds the start of the next period after an instant", () => {
    expect(nextSlotAfter(new Date("2030-06-28T09:00:00Z"), 10).toISOString()).toBe(
      "2030-06-28T09:10:00.000Z",
    );
    expect(nextSlotAfter(new Date("2030-06-28T09:09:59.999Z"), 10).toISOString()).toBe(
      "2030-06-28T09:10:00.000Z",
    );
  });
});

describe("the job queue", () => {
  it("schedules a job once per key, and only when the caller's transaction commits", async () => {
    const job = noticeJob();
    queue = await JobQueue.start({ db, clock, log, definitions: [job] });
    const later = new Date(clock.now().getTime() + 3_600_000);

    await expect(
      db.transaction().execute(async (trx) => {
        await queue!.schedule(trx, job, { to: "lender" }, { key: "W-1", runAt: later });
        throw new Error("the workspace change failed");
      }),
    ).rejects.toThrow("the workspace change failed");
    expect(await queue.get(jobIdOf(job.name, "W-1"))).toBeUndefined();

    const first = await queue.schedule(db, job, { to: "lender" }, { key: "W-1", runAt: later });
    const again = await queue.schedule(db, job, { to: "someone else" }, { key: "W-1", runAt: later });
    expect(first).toEqual({ id: jobIdOf(job.name, "W-1"), created: true });
    expect(again).toEqual({ id: first.id, created: false });
    const listed = await queue.list({ name: job.name, page: 1, limit: 10 });
    expect(listed.total).toBe(1);
    expect(listed.records[0]).toMatchObject({
      key: "W-1",
      state: "created",
      attempts: 0,
      maxAttempts: 2,
      runAfter: later.toISOString(),
    });
  });

  it("refuses a job it was not given, and data its definition refuses", async () => {
    const job = noticeJob();
    queue = await JobQueue.start({ db, clock, log, definitions: [job] });
    await expect(queue.schedule(db, noticeJob(), { to: "x" }, { key: "k" })).rejects.toThrow(
      /does not run send-completion-notice/,
    );
    await expect(
      queue.schedule(db, job, { to: 7 } as unknown as { to: string }, { key: "k" }),
    ).rejects.toThrow(/expected string/);
  });

  it("lets a running attempt finish when it stops, and records its outcome", async () => {
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const job = noticeJob(async () => {
      started();
      await new Promise<void>((resolve) => (release = resolve));
    });
    queue = await JobQueue.start({ db, clock, log, definitions: [job], pollingIntervalSeconds: 0.5 });
    const { id } = await queue.schedule(db, job, { to: "buyer" }, { key: "W-stop" });
    await running;
    const stopping = queue.stop();
    setTimeout(() => release(), 100);
    await stopping;
    const row = await db
      .selectFrom("pgboss.job")
      .select("state")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe("completed");
  });

  it("schedules a repeating job for the next period of product time, once however often it starts", async () => {
    const runs: string[] = [];
    const repeating = defineJob({
      name: "repeat-test-job",
      data: z.object({}),
      retryLimit: 0,
      retryDelaySeconds: 0,
      retryBackoff: false,
      expireInSeconds: 60,
      repeatEveryMinutes: 10,
      async run(_data, { job }) {
        runs.push(job.key!);
      },
    });
    await clock.set(new Date("2030-06-28T09:03:00Z"), null);
    queue = await JobQueue.start({ db, clock, log, definitions: [repeating], pollingIntervalSeconds: 0.5 });
    await queue.stop();
    queue = await JobQueue.start({ db, clock, log, definitions: [repeating], pollingIntervalSeconds: 0.5 });
    const waiting = await queue.list({ name: repeating.name, state: "created", page: 1, limit: 10 });
    expect(waiting.records.map((job) => job.key)).toEqual(["2030-06-28T09:10:00.000Z"]);

    await clock.set(new Date("2030-06-28T09:10:30Z"), null);
    await eventually(
      () => queue!.list({ name: repeating.name, state: "created", page: 1, limit: 10 }),
      (page) => page.records.some((job) => job.key === "2030-06-28T09:20:00.000Z"),
    );
    await eventually(
      async () => runs,
      (keys) => keys.length === 1,
    );
    expect(runs).toEqual(["2030-06-28T09:10:00.000Z"]);

    // Back to real time: the repeat waits for its next slot from now, not for 2030.
    await clock.set(null, null);
    const after = await queue.list({ name: repeating.name, state: "created", page: 1, limit: 10 });
    expect(after.records).toHaveLength(1);
    const runAfter = new Date(after.records[0].runAfter).getTime();
    expect(runAfter).toBeGreaterThan(Date.now());
    expect(runAfter).toBeLessThanOrEqual(nextSlotAfter(new Date(), 10).getTime());

    // Forward again to where it ran: the waiting repeat (slot 09:20) runs at once, and the slots that already
    // ran or are running are passed over, so the chain goes on (09:30) instead of ending.
    await clock.set(new Date("2030-06-28T09:10:30Z"), null);
    await eventually(
      async () => runs,
      (keys) => keys.length === 2,
    );
    expect(runs).toEqual(["2030-06-28T09:10:00.000Z", "2030-06-28T09:20:00.000Z"]);
    const next = await eventually(
      () => queue!.list({ name: repeating.name, state: "created", page: 1, limit: 10 }),
      (page) => page.records.length === 1,
    );
    expect(next.records.map((job) => job.key)).toEqual(["2030-06-28T09:30:00.000Z"]);
  });
});
