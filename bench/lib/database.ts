/**
 * The benchmark's database: a fresh PGlite data folder (kept open here so the loader can COPY into it), or
 * PostgreSQL when DATABASE_URL is set. Migrated like the provider's own.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, type LogEvent } from "kysely";
import { PGlitePreparingDialect } from "../../provider/platform/db/pglite-dialect.js";
import pg from "pg";
import { migrateToLatest, openDatabase, type Database, type DB } from "../../provider/platform/db/index.js";
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
    // A database of its own beside the one DATABASE_URL names, dropped afterwards; opened by the provider's
    // own opener (no query log: plans are captured on PGlite only).
    const name = `convey_bench_${Date.now()}`;
    await adminQuery(options.databaseUrl, `CREATE DATABASE ${name}`);
    const url = new URL(options.databaseUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: options.dataDir });
    return {
      db,
      folder: null,
      captureSql: async (fn) => ({ result: await fn(), statements: [] }),
      async close() {
        await db.destroy();
        if (!options.keep) await adminQuery(options.databaseUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const folder = join(options.dataDir, "pglite");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const pglite = new PGlite(folder);
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
