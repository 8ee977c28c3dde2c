/**
 * Later work on a queue in the product's own database: pg-boss 10 over the provider's Kysely instance, on
 * PGlite and PostgreSQL alike (docs/decisions/0015-job-queue-and-clock.md).
 *
 * - A job is one logical piece of work, named by its definition and a key: its id is derived from both, so
 *   scheduling it again while it is kept adds nothing.
 * - A failed attempt is tried again after the definition's delay, doubling with jitter when it backs off,
 *   until its retries are spent; then it stays failed, listed for the helpdesk, who may retry it.
 * - Due times follow the product clock. pg-boss compares a job's `start_after` with the database's real
 *   time; a job is scheduled for a product time by taking the clock's offset off it, and every change of
 *   the clock moves every waiting job's `start_after` by the same amount, in the clock's transaction. A
 *   job due at product time T therefore runs once the product clock passes T, whether the clock got there
 *   by running or by being set. Retry delays count on the same clock.
 */
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import PgBoss from "pg-boss";
import type { z } from "zod";
import type { Job, JobState } from "../../../core/shared/jobs.js";
import type { ProductClock } from "../clock.js";
import type { DB, Trx } from "../db/index.js";
import { conflict, notFound } from "../errors.js";
import { queueDatabase, transactionDatabase, type TrackedDatabase } from "./database.js";

export interface JobContext {
  job: { id: string; key: string | null; attempt: number };
  db: DB;
  clock: ProductClock;
  jobs: JobQueue;
}

export interface JobDefinition<Data extends object = object> {
  /** What the job does, in kebab-case: its queue's name (`sweep-expired-identity-records`). */
  name: string;
  /** The job's data, checked when it is scheduled and again when it runs. */
  data: z.ZodType<Data>;
  /** Attempts after the first. */
  retryLimit: number;
  /** Seconds before the next attempt (on the product clock); doubled per attempt, with jitter, when `retryBackoff`. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** How long one attempt may run before it counts as failed. */
  expireInSeconds: number;
  /** Runs it again every so many minutes of product time, on the minute boundaries of that period. */
  repeatEveryMinutes?: number;
  /** Does the work; throwing fails the attempt. Safe to run again: an attempt may be cut short and retried. */
  run(data: Data, context: JobContext): Promise<void>;
}

/** Names the definition's types for the compiler; the definition is used as it is. */
export function defineJob<Data extends object>(definition: JobDefinition<Data>): JobDefinition<Data> {
  return definition;
}

export interface ScheduleOptions {
  /** Which logical job this is (a workspace, a document, a slot of time). */
  key: string;
  /** When, on the product clock; now when left out. */
  runAt?: Date;
}

export interface Scheduled {
  id: string;
  /** False when the same job (name and key) was scheduled already. */
  created: boolean;
}

export interface JobQueueOptions {
  db: DB;
  clock: ProductClock;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
  definitions: readonly JobDefinition[];
  /** How often an idle worker looks for due jobs; a change of the clock or a retry wakes it at once. */
  pollingIntervalSeconds?: number;
  /** How long stopping waits for running jobs before it leaves them to be tried again. */
  stopTimeoutMs?: number;
}

const SCHEMA = "pgboss";
const POLLING_INTERVAL_SECONDS = 2;
const STOP_TIMEOUT_MS = 10_000;
const DAY_SECONDS = 24 * 60 * 60;
/** Namespaces the ids of this product's jobs (a name-based UUID of version 8: SHA-256 of name and key). */
const JOB_ID_NAMESPACE = "convey-job";

/** Drops the queue's tables and every job in them (`npm run db:reset`); the next start creates them again. */
export async function dropQueueTables(db: DB): Promise<void> {
  await sql`DROP SCHEMA IF EXISTS ${sql.id(SCHEMA)} CASCADE`.execute(db);
}

/** The id of the job `name` with `key`: the same logical job always gets the same id. */
export function jobIdOf(name: string, key: string): string {
  const hash = createHash("sha256").update(`${JOB_ID_NAMESPACE}\0${name}\0${key}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x80; // version 8
  hash[8] = (hash[8] & 0x3f) | 0x80; // RFC 9562 variant
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** How many finished slots a repeat skips at most, looking for its next one after the clock moved back. */
const MAX_REVISITED_SLOTS = 1_000;
const WAITING_OR_RUNNING: readonly JobState[] = ["created", "retry", "active"];

/** The start of the next period of `minutes` after `instant` (periods counted from the Unix epoch). */
export function nextSlotAfter(instant: Date, minutes: number): Date {
  const period = minutes * 60_000;
  return new Date((Math.floor(instant.getTime() / period) + 1) * period);
}

type JobRow = {
  id: string;
  name: string;
  singleton_key: string | null;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  start_after: Date;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  last_error: string | null;
};

export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly workers = new Map<string, string>();
  private running = 0;
  private stopped = false;
  private leaveClock: () => void = () => undefined;

  private constructor(
    private readonly boss: PgBoss,
    private readonly database: TrackedDatabase,
    private readonly options: JobQueueOptions,
  ) {
    for (const definition of options.definitions) this.definitions.set(definition.name, definition);
  }

  /** Installs or upgrades the queue's tables, creates a queue per definition, and starts their workers. */
  static async start(options: JobQueueOptions): Promise<JobQueue> {
    const database = queueDatabase(options.db);
    const boss = new PgBoss({
      db: database,
      schema: SCHEMA,
      migrate: true,
      // Schedules follow the product clock (repeatEveryMinutes), not pg-boss's cron on real time.
      schedule: false,
      // Maintenance: fails attempts that outran their time, archives finished jobs, drops old archives.
      supervise: true,
      archiveCompletedAfterSeconds: 7 * DAY_SECONDS,
      archiveFailedAfterSeconds: 30 * DAY_SECONDS,
      deleteAfterDays: 7,
    });
    boss.on("error", (error) => options.log.error({ err: error }, "The job queue failed"));
    const queue = new JobQueue(boss, database, options);
    await boss.start();
    try {
      await queue.startWorkers();
    } catch (error) {
      await queue.stop();
      throw error;
    }
    return queue;
  }

  private async startWorkers(): Promise<void> {
    const { clock, pollingIntervalSeconds = POLLING_INTERVAL_SECONDS } = this.options;
    for (const definition of this.definitions.values()) {
      const settings = {
        name: definition.name,
        policy: "standard" as const,
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: definition.retryBackoff,
        expireInSeconds: definition.expireInSeconds,
      };
      await this.boss.createQueue(definition.name, settings);
      await this.boss.updateQueue(definition.name, settings);
      const workerId = await this.boss.work<object>(
        definition.name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds },
        ([job]) => this.runAttempt(definition, job),
      );
      this.workers.set(definition.name, workerId);
      if (definition.repeatEveryMinutes) await this.scheduleNextRepeat(definition);
    }
    this.leaveClock = clock.onChange({
      within: (trx, shiftMs) => this.shiftDueTimes(trx, shiftMs),
      after: () => this.wakeAll(),
    });
  }

  private async runAttempt(definition: JobDefinition, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    this.running++;
    const attempt = job.retryCount + 1;
    try {
      if (definition.repeatEveryMinutes) await this.scheduleNextRepeat(definition, job.id);
      const data = definition.data.parse(job.data);
      await definition.run(data, {
        job: { id: job.id, key: job.singletonKey, attempt },
        db: this.options.db,
        clock: this.options.clock,
        jobs: this,
      });
    } catch (error) {
      this.options.log.warn({ err: error, job: job.id, name: job.name, attempt }, "A job's attempt failed");
      throw error;
    } finally {
      this.running--;
    }
  }

  /**
   * Schedules the next slot of a repeating job. A slot's job id comes from its time, so two processes never
   * schedule it twice; but after the product clock moved back and forth the slot may be one that already ran
   * (its job finished) or the one running now: then the repeat takes the first later slot free, or the
   * chain would end.
   */
  private async scheduleNextRepeat(definition: JobDefinition, runningId?: string): Promise<void> {
    let runAt = nextSlotAfter(this.options.clock.now(), definition.repeatEveryMinutes!);
    for (let tries = 0; tries < MAX_REVISITED_SLOTS; tries++) {
      const { id, created } = await this.schedule(
        this.options.db,
        definition,
        {},
        { key: runAt.toISOString(), runAt },
      );
      if (created) return;
      const existing = await this.options.db
        .selectFrom("pgboss.job")
        .select("state")
        .where("id", "=", id)
        .executeTakeFirst();
      if (id !== runningId && (!existing || WAITING_OR_RUNNING.includes(existing.state as JobState))) return;
      runAt = nextSlotAfter(runAt, definition.repeatEveryMinutes!);
    }
    this.options.log.error({ name: definition.name }, "A repeating job found no free slot to run next");
  }

  /**
   * Schedules the job `definition` with `data`, in `executor`'s transaction when it is one (the job then
   * exists if and only if that transaction commits), or in a transaction of its own.
   */
  async schedule<Data extends object>(
    executor: DB | Trx,
    definition: JobDefinition<Data>,
    data: Data,
    options: ScheduleOptions,
  ): Promise<Scheduled> {
    if (this.definitions.get(definition.name) !== definition) {
      throw new Error(`The job queue does not run ${definition.name}: pass its definition to the queue.`);
    }
    const payload = definition.data.parse(data);
    const id = jobIdOf(definition.name, options.key);
    const send = async (trx: Trx): Promise<Scheduled> => {
      // Product time to real time, with the offset held until this transaction ends.
      const startAfter = options.runAt
        ? new Date(options.runAt.getTime() - (await this.options.clock.offsetWithin(trx)))
        : undefined;
      const sent = await this.boss.send(definition.name, payload, {
        id,
        singletonKey: options.key,
        ...(startAfter ? { startAfter } : {}),
        db: transactionDatabase(trx),
      });
      return { id, created: sent !== null };
    };
    if (executor.isTransaction) return send(executor as Trx);
    const scheduled = await executor.transaction().execute(send);
    if (scheduled.created && (!options.runAt || options.runAt <= this.options.clock.now()))
      this.wake(definition.name);
    return scheduled;
  }

  /** One page of jobs, newest first, optionally of one state or one name. */
  async list(query: {
    state?: JobState;
    name?: string;
    page: number;
    limit: number;
  }): Promise<{ records: Job[]; total: number }> {
    let jobs = this.options.db.selectFrom("pgboss.job");
    if (query.state) jobs = jobs.where("state", "=", query.state);
    if (query.name) jobs = jobs.where("name", "=", query.name);
    const rows = await jobs
      .select(JOB_COLUMNS)
      .select(LAST_ERROR)
      .orderBy("created_on", "desc")
      .orderBy("id")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    const { total } = await jobs
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow();
    return { records: rows.map((row) => this.toJob(row)), total: Number(total) };
  }

  async get(id: string): Promise<Job | undefined> {
    const row = await this.options.db
      .selectFrom("pgboss.job")
      .select(JOB_COLUMNS)
      .select(LAST_ERROR)
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? this.toJob(row) : undefined;
  }

  /**
   * Tries a failed job again (one more attempt), or runs a job waiting for its next attempt now. `within`
   * joins the transaction (the audit event). Any other state is refused with 409.
   */
  async retry(
    id: string,
    within?: (trx: Trx, job: { name: string; state: JobState }) => Promise<void>,
  ): Promise<Job> {
    const name = await this.options.db.transaction().execute(async (trx) => {
      const job = await trx
        .selectFrom("pgboss.job")
        .select(["name", "state"])
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      if (!job) throw notFound("There is no job with this id.");
      if (job.state === "failed") {
        await this.boss.retry(job.name, id, { db: transactionDatabase(trx) });
      } else if (job.state === "retry") {
        await trx
          .updateTable("pgboss.job")
          .set({ start_after: sql<Date>`now()` })
          .where("name", "=", job.name)
          .where("id", "=", id)
          .execute();
      } else {
        throw conflict(
          `Only a failed job, or one waiting to be tried again, can be retried: this one is ${job.state}.`,
        );
      }
      await within?.(trx, job);
      return job.name;
    });
    this.wake(name);
    return (await this.get(id))!;
  }

  /** Moves every waiting job's due time by the clock's shift, so that it stays due at the same product time. */
  private async shiftDueTimes(trx: Trx, shiftMs: number): Promise<void> {
    if (shiftMs === 0) return;
    const shift = sql<Date>`cast(${shiftMs} as double precision) * interval '1 millisecond'`;
    await trx
      .updateTable("pgboss.job")
      .set({
        start_after: sql<Date>`start_after - ${shift}`,
        // Retention of a waiting job counts from its due time: never shortened, lengthened when it moves later.
        keep_until: sql<Date>`greatest(keep_until, keep_until - ${shift})`,
      })
      .where("state", "in", ["created", "retry"])
      .execute();
    if (shiftMs < 0) await this.pullRepeatsToNextSlot(trx);
  }

  /**
   * After the clock moved back, a repeating job waits for the slot it had at the later time: without this, a
   * job every 5 minutes would not run again until product time caught up (days, after a week-long move and a
   * return to real time). Each waiting repeat due after its next slot from the new time is brought to that slot.
   */
  private async pullRepeatsToNextSlot(trx: Trx): Promise<void> {
    const offset = await this.options.clock.offsetWithin(trx);
    const now = new Date(Date.now() + offset);
    for (const definition of this.definitions.values()) {
      if (!definition.repeatEveryMinutes) continue;
      const due = new Date(nextSlotAfter(now, definition.repeatEveryMinutes).getTime() - offset);
      await trx
        .updateTable("pgboss.job")
        .set({ start_after: due })
        .where("name", "=", definition.name)
        .where("state", "=", "created")
        .where("start_after", ">", due)
        .execute();
    }
  }

  private wake(name: string): void {
    const workerId = this.workers.get(name);
    if (workerId && !this.stopped) this.boss.notifyWorker(workerId);
  }

  private wakeAll(): void {
    for (const name of this.workers.keys()) this.wake(name);
  }

  /**
   * Stops fetching, waits for the attempts running (and pg-boss's last statements) to finish, and leaves the
   * database open. An attempt still running at the time-out is failed, to be tried again.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.leaveClock();
    const timeout = this.options.stopTimeoutMs ?? STOP_TIMEOUT_MS;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout });
    // A fetch answered after the workers stopped still runs its job, and pg-boss records each outcome
    // without waiting for it: the database must stay open for both.
    const deadline = Date.now() + timeout;
    while ((this.running > 0 || this.database.pending > 0) && Date.now() < deadline) await sleep(10);
  }

  private toJob(row: JobRow): Job {
    const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
    return {
      id: row.id,
      name: row.name,
      key: row.singleton_key,
      state: row.state,
      attempts: row.started_on ? row.retry_count + 1 : 0,
      maxAttempts: row.retry_limit + 1,
      runAfter: new Date(new Date(row.start_after).getTime() + this.options.clock.offset).toISOString(),
      createdAt: iso(row.created_on)!,
      startedAt: iso(row.started_on),
      completedAt: iso(row.completed_on),
      lastError: row.state === "completed" ? null : row.last_error,
    };
  }
}

const JOB_COLUMNS = [
  "id",
  "name",
  "singleton_key",
  "state",
  "retry_count",
  "retry_limit",
  "start_after",
  "created_on",
  "started_on",
  "completed_on",
] as const;

const LAST_ERROR = sql<string | null>`output->>'message'`.as("last_error");
