/**
 * The web app's sessions (docs/decisions/0017-sessions-in-the-database.md): one row per browser login, shared
 * by every app process. The row is found by a hash of the session id (the id itself lives only in the
 * browser's signed cookie), its data (the tokens) is AES-256-GCM sealed, and its times carry the idle and
 * absolute limits. One app process at a time may refresh a session's tokens (a lease until a time), because
 * the identity provider revokes a login whose rotated refresh token is used twice. Ending a user's logins
 * (suspension) deletes their rows.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("app_sessions")
    .addColumn("session_id_hash", "text", (c) => c.primaryKey())
    .addColumn("subscriber_user_id", "text", (c) =>
      c.notNull().references("subscriber_users.subscriber_user_id").onDelete("cascade"),
    )
    .addColumn("subscriber_id", "text")
    .addColumn("data_encrypted", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("refresh_lease_until", "timestamptz")
    .execute();
  await db.schema.createIndex("app_sessions_user").on("app_sessions").columns(["subscriber_user_id", "subscriber_id"]).execute();
  await db.schema.createIndex("app_sessions_expires").on("app_sessions").column("expires_at").execute();
  await db.schema.createIndex("app_sessions_last_seen").on("app_sessions").column("last_seen_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("app_sessions").execute();
}
