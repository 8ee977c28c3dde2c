/**
 * pg-boss's `db` option over the provider's own Kysely instance, so that the queue uses the database the way
 * every other part of the provider does (docs/decisions/0015-job-queue-and-clock.md):
 *
 * - On PGlite there is one connection. Kysely's driver hands it to one user at a time and keeps it for the
 *   whole of a Kysely transaction, so a pg-boss statement waits for a transaction to end instead of running
 *   inside it (where its own `COMMIT` would commit the transaction's half-done work), and a transaction
 *   waits for a pg-boss statement.
 * - On PostgreSQL pg-boss draws from the provider's pool instead of opening a pool of its own.
 * - A statement given a transaction (`send` with `db`) joins that transaction: the job exists if, and only
 *   if, the change that asked for it commits.
 *
 * pg-boss sends its maintenance as one text that opens and commits its own transaction (`BEGIN; …; COMMIT;`).
 * Should a statement in it fail, the text stops with the transaction still open and aborted; it is rolled
 * back on the same connection before the connection is handed on.
 */
import { CompiledQuery, type Kysely } from "kysely";
import type PgBoss from "pg-boss";
import type { Database } from "../db/index.js";

/** A text that opens its own transaction. */
const OWN_TRANSACTION = /^\s*BEGIN\s*;/i;

export interface TrackedDatabase extends PgBoss.Db {
  /** Statements sent and not yet answered. */
  readonly pending: number;
}

/** The database for pg-boss, counting its statements in flight so that shutting down can wait for them. */
export function queueDatabase(db: Kysely<Database>): TrackedDatabase {
  let pending = 0;
  return {
    get pending() {
      return pending;
    },
    async executeSql(text: string, values: unknown[] = []) {
      pending++;
      try {
        return await execute(db, text, values);
      } finally {
        pending--;
      }
    },
  };
}

/** The database for one call of pg-boss inside a transaction of the caller's (a Kysely `Transaction`). */
export function transactionDatabase(trx: Kysely<Database>): PgBoss.Db {
  return { executeSql: (text: string, values: unknown[] = []) => execute(trx, text, values) };
}

async function execute(db: Kysely<Database>, text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
  const query = CompiledQuery.raw(text, values);
  if (values.length > 0 || db.isTransaction || !OWN_TRANSACTION.test(text)) {
    const { rows } = await db.executeQuery(query);
    return { rows };
  }
  return db.connection().execute(async (connection) => {
    try {
      const { rows } = await connection.executeQuery(query);
      return { rows };
    } catch (error) {
      await connection.executeQuery(CompiledQuery.raw("ROLLBACK")).catch(() => undefined);
      throw error;
    }
  });
}
