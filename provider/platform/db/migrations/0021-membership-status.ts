/**
 * A user's status at each subscriber (docs/decisions/0300-subscriber-administration.md "Suspension"): a
 * User Manager suspends a user at their own subscriber only, in `user_subscribers.status`; the account's own
 * `subscriber_users.status` is the provider's support's (global) and Pending until activation. Existing
 * suspensions stay global: nothing says who made them.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("user_subscribers")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("Active"))
    .execute();
  await sql`ALTER TABLE user_subscribers ADD CONSTRAINT user_subscribers_status CHECK (status IN ('Active', 'Suspended'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user_subscribers").dropColumn("status").execute();
}
