/**
 * The benchmark's database: a fresh PGlite data folder (kept open here so the loader can COPY into it), or
 * PostgreSQL (a database of its own, with a connection of the loader's for COPY). Migrated like the provider's own.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, PostgresDialect, type LogEvent } from "kysely";
import { PGlitePreparingDialect } from "../../provider/platform/db/pglite-dialect.js";
import pg from "pg";
import { migrateToLatest, type Database, type DB } from "../../provider/platform/db/index.js";
import type { LoadTarget } from "./load.js";

export interface BenchDatabase extends LoadTarget {
  /** Where PGlite keeps its files (removed by close unless kept). */
  folder: string | null;
  /** Every statement run through the Kysely handle while `fn` runs. */
  captureSql<T>(fn: () => Promise<T>): Promise<{ result: T; statements: { sql: string; parameters: readonly unknown[] }[] }>;
  close(): Promise<void>;
}

function sqlCapture() {
  let statements: { sql: string; parameters: readonly unknown[] }[] | null = null;
  const log = (event: LogEvent) => {
    if (statements && event.level === "query") statements.push({ sql: event.query.sql, parameters: event.query.parameters });
  };
  async function captureSql<T>(fn: () => Promise<T>) {
    statements = [];
    try {
      const result = await fn();
      return { result, statements };
    } finally {
      statements = null;
    }
  }
  return { log, captureSql };
}

async function adminQuery(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function openBenchDatabase(options: { dataDir: string; databaseUrl?: string; keep?: boolean }): Promise<BenchDatabase> {
  const capture = sqlCapture();
  if (options.databaseUrl) {
    // A database of its own beside the one the address names, dropped afterwards; opened as the provider's
    // opener does (openDatabase: a pool of 10, bigint counts as numbers) plus the query log, so that the
    // search section can EXPLAIN the statements a request ran here too.
    const name = `convey_bench_${Date.now()}`;
    await adminQuery(options.databaseUrl, `CREATE DATABASE ${name}`);
    const url = new URL(options.databaseUrl);
    url.pathname = `/${name}`;
    pg.types.setTypeParser(20, (value: string) => Number(value));
    const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
    // DROP DATABASE … WITH (FORCE) at the end ends any connection still open: not a failure of the run.
    let closing = false;
    pool.on("error", (error) => {
      if (!closing) throw error;
    });
    const db: DB = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: capture.log,
    });
    await migrateToLatest(db);
    // The loader's own connection, for COPY FROM STDIN (bench/lib/load.ts).
    const copyClient = new pg.Client({ connectionString: url.toString() });
    copyClient.on("error", (error) => {
      if (!closing) throw error;
    });
    await copyClient.connect();
    // The run's own database, thrown away at the end: a commit need not wait for the disk.
    await copyClient.query("SET synchronous_commit = off");
    return {
      db,
      copyClient,
      folder: null,
      captureSql: capture.captureSql,
      async close() {
        closing = true;
        await copyClient.end().catch(() => undefined);
        await db.destroy();
        if (!options.keep) {
          await adminQuery(options.databaseUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          // The provider's files of the run (its title documents) live in the data folder here too.
          rmSync(options.dataDir, { recursive: true, force: true });
        }
      },
    };
  }
  const folder = join(options.dataDir, "pglite");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  // pg_trgm, as the provider opens PGlite: the users search's trigram index (migration 0090).
  const pglite = new PGlite(folder, { extensions: { pg_trgm } });
  await pglite.waitReady;
  const db: DB = new Kysely<Database>({ dialect: new PGlitePreparingDialect(pglite), log: capture.log });
  await migrateToLatest(db);
  return {
    db,
    pglite,
    folder,
    captureSql: capture.captureSql,
    async close() {
      await db.destroy();
      if (!options.keep) rmSync(options.dataDir, { recursive: true, force: true });
    },
  };
}
