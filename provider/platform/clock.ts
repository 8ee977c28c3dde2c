/**
 * The product clock (docs/decisions/0015-job-queue-and-clock.md): the time the product's rules read (business
 * hours, cutoffs, completion day) and the time jobs scheduled for later wait for.
 *
 * In production it is real time, always. Elsewhere it is a sandbox clock that tests and demos set: product
 * time is real time plus an offset kept in `product_clock`, so the clock runs on from wherever it was set,
 * keeps its setting across a restart, and reads the same in every provider process on the database.
 *
 * Whatever must move with the clock joins its change: `onChange` hooks run inside the transaction that
 * stores the new offset (the job queue moves every waiting job's due time there), and after it commits.
 */
import { sql } from "kysely";
import type { DB, Trx } from "./db/index.js";

/**
 * Product time inside a query (for a list that compares stored times with it): the database's time plus the
 * stored offset, which stays 0 where the clock cannot be set.
 */
export const PRODUCT_NOW_SQL = sql<Date>`(now() + (select offset_ms from product_clock) * interval '1 millisecond')`;

/** Runs inside the transaction that sets the clock; `shiftMs` is how far product time moved (negative: back). */
export type ClockChangeHook = (trx: Trx, shiftMs: number) => Promise<void>;

export interface ClockChangeHooks {
  within: ClockChangeHook;
  /** After the new time is committed and in force. */
  after?: () => void;
}

export interface ProductClockOptions {
  /** False in production: the clock is real time and cannot be set. */
  settable: boolean;
  /** How often a settable clock reads the offset again, for a change made by another provider process. */
  refreshIntervalMs?: number;
}

const REFRESH_INTERVAL_MS = 10_000;

export class ProductClock {
  private offsetMs = 0;
  /** Counts the changes made here, so that a read started before one does not undo it. */
  private changes = 0;
  private readonly hooks = new Set<ClockChangeHooks>();
  private refresher: NodeJS.Timeout | undefined;

  private constructor(
    private readonly db: DB,
    readonly settable: boolean,
  ) {}

  static async open(db: DB, options: ProductClockOptions): Promise<ProductClock> {
    const clock = new ProductClock(db, options.settable);
    if (options.settable) {
      await clock.refresh();
      clock.refresher = setInterval(() => {
        clock.refresh().catch(() => undefined);
      }, options.refreshIntervalMs ?? REFRESH_INTERVAL_MS);
      clock.refresher.unref();
    }
    return clock;
  }

  /** The product's time now. */
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** How far product time is from real time, in milliseconds; 0 in production and when not set. */
  get offset(): number {
    return this.offsetMs;
  }

  /**
   * The offset, read inside `trx` and held there (FOR SHARE) until it ends, so that nothing the transaction
   * converts between product and real time can miss a change of the clock made meanwhile.
   */
  async offsetWithin(trx: Trx): Promise<number> {
    if (!this.settable) return 0;
    const row = await trx
      .selectFrom("product_clock")
      .select("offset_ms")
      .forShare()
      .executeTakeFirstOrThrow();
    return Number(row.offset_ms);
  }

  /** Reads the offset again (another provider process may have set the clock). */
  async refresh(): Promise<void> {
    if (!this.settable) return;
    const changes = this.changes;
    const row = await this.db.selectFrom("product_clock").select("offset_ms").executeTakeFirstOrThrow();
    if (changes === this.changes) this.offsetMs = Number(row.offset_ms);
  }

  /**
   * Sets product time to `productTime` (null: back to real time). `within` joins the change's transaction
   * (the audit event); the hooks run there too, then after it commits.
   */
  async set(
    productTime: Date | null,
    setBy: string | null,
    within?: (trx: Trx) => Promise<void>,
  ): Promise<void> {
    if (!this.settable)
      throw new Error("The product clock runs on real time in production and cannot be set.");
    const offsetMs = productTime === null ? 0 : productTime.getTime() - Date.now();
    await this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom("product_clock")
        .select("offset_ms")
        .forUpdate()
        .executeTakeFirstOrThrow();
      const shiftMs = offsetMs - Number(current.offset_ms);
      await trx
        .updateTable("product_clock")
        .set({ offset_ms: offsetMs, set_at: new Date(), set_by: setBy })
        .execute();
      for (const hook of this.hooks) await hook.within(trx, shiftMs);
      await within?.(trx);
    });
    this.changes++;
    this.offsetMs = offsetMs;
    for (const hook of this.hooks) hook.after?.();
  }

  /** Joins every later change of the clock; answers the function that leaves again. */
  onChange(hooks: ClockChangeHooks): () => void {
    this.hooks.add(hooks);
    return () => this.hooks.delete(hooks);
  }

  /** Stops reading the offset again; the database stays open. */
  close(): void {
    clearInterval(this.refresher);
  }
}
