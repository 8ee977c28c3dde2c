/**
 * `npm run db:reset`: wipes the database and migrates it afresh. PGlite: the data folder's database is
 * deleted. PostgreSQL: every migration is rolled back (dropping the tables) and applied again, and the job
 * queue's tables are dropped (the provider's next start creates them again).
 * Refused in production.
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../config.js";
import { migrateToLatest, openDatabase, rollBackAllMigrations } from "../db/index.js";
import { dropQueueTables } from "../jobs/queue.js";

if (process.env.NODE_ENV === "production") {
  process.stderr.write("db:reset refuses to run in production.\n");
  process.exit(1);
}

const config = loadConfig();
if (config.databaseUrl) {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await rollBackAllMigrations(db);
    await dropQueueTables(db);
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  process.stdout.write(`Reset the PostgreSQL database ${redactedUrl(config.databaseUrl)}.\n`);
} else if (config.dataDir === "memory://") {
  process.stdout.write("The database is in memory: nothing to reset.\n");
} else {
  const folder = join(config.dataDir, "pglite");
  if (existsSync(folder)) rmSync(folder, { recursive: true, force: true });
  const db = await openDatabase({ dataDir: config.dataDir });
  await db.destroy();
  process.stdout.write(`Reset the embedded database in ${folder}.\n`);
}
process.stdout.write("Run npm run seed (or npm start) to load the demo world.\n");

function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(configured by DATABASE_URL)";
  }
}
