/**
 * A change of a user's roles reaches their web sessions: `app_sessions.roles_changed_at` tells the app to
 * refresh a session's access token (whose claims carry the roles) before its next page.
 *
 * Login throttling (provider/identity/login-throttle.ts): one row per throttled subject, an email address
 * (`account:<email>`, whether or not an account has it) or a client address (`address:<ip>`), with its
 * failures in the current window and the end of its temporary lock. The permanent block of the first
 * schema (`subscriber_users.blocked`, set after 10 failures and liftable by no one) is lifted here and no
 * longer set.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("login_throttles")
    .addColumn("subject", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("window_started_at", "timestamptz", (c) => c.notNull())
    .addColumn("locked_until", "timestamptz")
    .execute();
  await db.schema.alterTable("app_sessions").addColumn("roles_changed_at", "timestamptz").execute();
  await sql`UPDATE subscriber_users SET blocked = false, failed_login_count = 0 WHERE blocked OR failed_login_count > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_throttles").ifExists().execute();
  await db.schema.alterTable("app_sessions").dropColumn("roles_changed_at").execute();
}
