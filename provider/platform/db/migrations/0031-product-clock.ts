/**
 * The product clock's one row (docs/decisions/0015-job-queue-and-clock.md): how far the sandbox clock is set
 * ahead of real time (negative: behind), in milliseconds; 0 is real time. Kept in the database so that the
 * setting survives a restart and every provider process on the database reads the same time. Production
 * never reads it. The job queue's own tables live in the `pgboss` schema, which pg-boss creates and migrates.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("product_clock")
    .addColumn("id", "boolean", (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn("offset_ms", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("set_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("set_by", "text")
    .execute();
  await sql`INSERT INTO product_clock (id, offset_ms) VALUES (true, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("product_clock").ifExists().execute();
}
