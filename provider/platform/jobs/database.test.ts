import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DB } from "../db/index.js";
import { createTestDatabase, type TestDatabase } from "../db/test-database.js";
import { queueDatabase } from "./database.js";

let db: DB;
let database: TestDatabase;
const probe = async () =>
  (await sql<{ n: number }>`SELECT n FROM queue_probe ORDER BY n`.execute(db)).rows.map((row) => row.n);

beforeAll(async () => {
  database = await createTestDatabase("convey_queue_database_test");
  db = await openDatabase({ dataDir: "memory://", databaseUrl: database.databaseUrl });
  await sql`CREATE TABLE queue_probe (n int)`.execute(db);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe("pg-boss's database over Kysely", () => {
  it("does not run a text with its own transaction inside a Kysely transaction, nor commit it", async () => {
    const queue = queueDatabase(db);
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO queue_probe VALUES (1)`.execute(trx);
      open();
      await sleep(100);
      throw new Error("the use-case failed");
    });
    await opened;
    const maintenance = queue.executeSql("BEGIN; INSERT INTO queue_probe VALUES (2); COMMIT;", []);
    await expect(transaction).rejects.toThrow("the use-case failed");
    await maintenance;
    expect(await probe()).toEqual([2]);
    expect(queue.pending).toBe(0);
  });

  it("rolls back a text whose statement failed, and the connection serves the next query", async () => {
    const queue = queueDatabase(db);
    await expect(
      queue.executeSql("BEGIN; INSERT INTO queue_probe VALUES (3); SELECT 1 / 0; COMMIT;", []),
    ).rejects.toThrow(/division by zero/);
    expect(await probe()).toEqual([2]);
    await db.transaction().execute((trx) => sql`INSERT INTO queue_probe VALUES (4)`.execute(trx));
    expect(await probe()).toEqual([2, 4]);
  });

  it("passes parameters and answers rows", async () => {
    const queue = queueDatabase(db);
    const { rows } = await queue.executeSql("SELECT n FROM queue_probe WHERE n = ANY($1::int[])", [[4, 5]]);
    expect(rows).toEqual([{ n: 4 }]);
  });
});
