import { PGlite } from "@electric-sql/pglite";
import { CompiledQuery, Kysely, sql, type Generated } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlitePreparingDialect } from "./pglite-dialect.js";

interface Tables {
  things: {
    id: Generated<number>;
    name: string;
    tags: string[];
    details: unknown;
    due: Date | null;
    done: boolean;
  };
}

let pglite: PGlite;
let db: Kysely<Tables>;

/** The named statements the session holds (PostgreSQL's own view of them). */
async function preparedStatements(): Promise<string[]> {
  const { rows } = await pglite.query<{ name: string }>("SELECT name FROM pg_prepared_statements ORDER BY name");
  return rows.map((row) => row.name);
}

beforeAll(async () => {
  pglite = new PGlite();
  db = new Kysely<Tables>({ dialect: new PGlitePreparingDialect(pglite) });
  await sql`CREATE TABLE things (id serial PRIMARY KEY, name text UNIQUE NOT NULL, tags text[] NOT NULL,
    details jsonb, due timestamptz, done boolean NOT NULL DEFAULT false)`.execute(db);
});

afterAll(async () => {
  await db.destroy();
});

describe("the PGlite dialect with prepared statements", () => {
  it("writes and reads every kind of value as PGlite's own query() does", async () => {
    const due = new Date("2026-11-22T16:25:00.000Z");
    const inserted = await db
      .insertInto("things")
      .values([
        { name: "first", tags: ["a", "b"], details: JSON.stringify({ nested: [1, 2] }), due, done: true },
        { name: "second", tags: [], details: null, due: null, done: false },
      ])
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(2n);

    const rows = await db.selectFrom("things").selectAll().orderBy("id").execute();
    expect(rows).toEqual([
      { id: 1, name: "first", tags: ["a", "b"], details: { nested: [1, 2] }, due, done: true },
      { id: 2, name: "second", tags: [], details: null, due: null, done: false },
    ]);
    const direct = await pglite.query("SELECT * FROM things ORDER BY id");
    expect(rows).toEqual(direct.rows);
  });

  it("prepares a statement once and runs it again with other parameters", async () => {
    const byName = (name: string) => db.selectFrom("things").select("id").where("name", "=", name).executeTakeFirst();
    const before = (await preparedStatements()).length;
    expect(await byName("first")).toEqual({ id: 1 });
    expect(await byName("second")).toEqual({ id: 2 });
    expect(await byName("third")).toBeUndefined();
    expect((await preparedStatements()).length).toBe(before + 1);
  });

  it("counts the rows an update or a delete changed", async () => {
    const updated = await db.updateTable("things").set({ done: true }).where("done", "=", false).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    const deleted = await db.deleteFrom("things").where("name", "=", "nobody").executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(0n);
  });

  it("keeps PostgreSQL's error codes, and a statement that fails to prepare is not kept", async () => {
    await expect(db.insertInto("things").values({ name: "first", tags: [], done: false }).execute()).rejects.toMatchObject({
      code: "23505",
    });
    const before = await preparedStatements();
    await expect(sql`SELECT no_such_column FROM things`.execute(db)).rejects.toMatchObject({ code: "42703" });
    expect(await preparedStatements()).toEqual(before);
    // The connection is usable after both errors.
    expect(await db.selectFrom("things").select("name").orderBy("id").execute()).toHaveLength(2);
  });

  it("rolls a failed transaction back and commits a good one", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("things").values({ name: "in-transaction", tags: [], done: false }).execute();
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await db.selectFrom("things").select("id").where("name", "=", "in-transaction").execute()).toEqual([]);

    await db.transaction().execute(async (trx) => {
      await trx.insertInto("things").values({ name: "committed", tags: [], done: false }).execute();
    });
    expect(await db.selectFrom("things").select("name").where("name", "=", "committed").execute()).toEqual([{ name: "committed" }]);
  });

  it("runs a text of several statements without parameters, its own transaction included", async () => {
    const result = await db.executeQuery(
      CompiledQuery.raw(`
        BEGIN;
        INSERT INTO things (name, tags) VALUES ('from-a-script', '{}');
        UPDATE things SET done = true WHERE name = 'from-a-script';
        COMMIT;`),
    );
    expect(result.numAffectedRows).toBe(2n);
    expect(await db.selectFrom("things").select("done").where("name", "=", "from-a-script").execute()).toEqual([{ done: true }]);
    // The last statement's rows; a text is one transaction, so SET LOCAL ends with it.
    expect((await sql`SET LOCAL work_mem = '8MB'; SHOW work_mem`.execute(db)).rows).toEqual([{ work_mem: "8MB" }]);
    expect((await sql`SHOW work_mem`.execute(db)).rows).toEqual([{ work_mem: "4MB" }]);
    // A last statement without rows answers none, whatever came before it.
    expect((await sql`SET LOCAL work_mem = '8MB'; SHOW work_mem; SET LOCAL work_mem = '16MB'`.execute(db)).rows).toEqual([]);
    // A failing statement fails the text with PostgreSQL's code, and what the text did before it is undone.
    await expect(sql`CREATE TABLE made_before_the_error (id int); SELECT * FROM no_such_table`.execute(db)).rejects.toMatchObject({ code: "42P01" });
    expect((await sql`SELECT to_regclass('made_before_the_error') AS found`.execute(db)).rows).toEqual([{ found: null }]);
    await db.deleteFrom("things").where("name", "=", "from-a-script").execute();
  });

  it("runs concurrent queries one at a time without mixing their answers", async () => {
    const names = ["first", "second", "committed"];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => db.selectFrom("things").select("name").where("name", "=", names[i % 3]).executeTakeFirst()),
    );
    expect(answers.map((answer) => answer?.name)).toEqual(Array.from({ length: 30 }, (_, i) => names[i % 3]));
  });

  it("answers with the new columns after the table changed under a prepared statement", async () => {
    const everything = () => sql<Record<string, unknown>>`SELECT * FROM things WHERE name = ${"first"}`.execute(db);
    expect(Object.keys((await everything()).rows[0])).not.toContain("note");
    await sql`ALTER TABLE things ADD COLUMN note text`.execute(db);
    expect((await everything()).rows[0]).toMatchObject({ name: "first", note: null });
  });

  it("closes the least recently used statements beyond its cache of 500", async () => {
    for (let i = 0; i < 520; i++) await sql`SELECT ${i}::int AS ${sql.ref(`n${i}`)}`.execute(db);
    // The closes travel with the next message.
    await sql`SELECT 1 AS one`.execute(db);
    expect((await preparedStatements()).length).toBeLessThanOrEqual(501);
  });
});
