/**
 * The embedded database's upkeep (upkeep.ts): on PGlite, a table with many dead rows is vacuumed, one with
 * many changes analysed, one barely touched left alone; on PostgreSQL the server's autovacuum does the work.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DB } from "./index.js";
import { createTestDatabase, type TestDatabase } from "./test-database.js";
import { upkeepDatabase } from "./upkeep.js";

let db: DB;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase("convey_upkeep_test");
  db = await openDatabase({ dataDir: "memory://", databaseUrl: database.databaseUrl });
  await sql`CREATE TABLE upkeep_churned (id int PRIMARY KEY, v text)`.execute(db);
  await sql`CREATE TABLE upkeep_changed (id int PRIMARY KEY, v text)`.execute(db);
  await sql`CREATE TABLE upkeep_quiet (id int PRIMARY KEY, v text)`.execute(db);
  for (const table of ["upkeep_churned", "upkeep_changed", "upkeep_quiet"]) {
    await sql`INSERT INTO ${sql.table(table)} SELECT g, 'a' FROM generate_series(1, 2000) g`.execute(db);
  }
  // Every table known to its statistics as it is now: the upkeep below answers to what follows only.
  await statisticsReported();
  await sql`VACUUM (ANALYZE)`.execute(db);
  await sql`DELETE FROM upkeep_churned WHERE id > 1000`.execute(db); // 1,000 dead of 1,000 live
  await sql`UPDATE upkeep_changed SET v = 'b' WHERE id <= 300`.execute(db); // 300 dead, 300 changed of 2,000
  await sql`UPDATE upkeep_quiet SET v = 'b' WHERE id <= 10`.execute(db);
}, 60_000);
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** A backend reports its statements' counts to pg_stat_user_tables at most once a second, at a statement's end. */
async function statisticsReported(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await sql`SELECT 1`.execute(db);
}

async function dead(table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT n_dead_tup::int AS n FROM pg_stat_user_tables WHERE relname = ${table}`.execute(db);
  return rows[0]!.n;
}

describe("the database's upkeep", () => {
  it.runIf(!process.env.DATABASE_URL)("on the embedded database, vacuums a table of many dead rows, analyses one of many changes and leaves the rest", async () => {
    await statisticsReported();
    expect(await dead("upkeep_churned")).toBe(1000);
    const upkeep = await upkeepDatabase(db);
    expect(upkeep.vacuumed).toContain("public.upkeep_churned");
    expect(upkeep.analysed).toContain("public.upkeep_changed");
    expect([...upkeep.vacuumed, ...upkeep.analysed]).not.toContain("public.upkeep_quiet");
    expect(await dead("upkeep_churned")).toBe(0);
    expect(await dead("upkeep_changed")).toBe(300);
    // Done: nothing of these tables is due again.
    const again = await upkeepDatabase(db);
    expect([...again.vacuumed, ...again.analysed].filter((table) => table.startsWith("public.upkeep_"))).toEqual([]);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("on PostgreSQL, leaves the work to the server's autovacuum", async () => {
    expect(await upkeepDatabase(db)).toEqual({ vacuumed: [], analysed: [] });
  });
});
