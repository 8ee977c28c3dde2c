/**
 * Account activation (docs/decisions/0022-account-activation.md) and the mail sandbox's mailbox
 * (docs/decisions/0302-mail-sandbox.md).
 *
 * `user_tokens`: single-use links and tickets of a user, kept only as the SHA-256 of the random token.
 * ACTIVATION is the link of an invitation or a re-sent activation email (it sets the first password);
 * LOGIN is the short ticket that logs the user in right after they set it. Times are on the product clock.
 * `revoked_at` ends a token that was replaced (a re-sent email ends the earlier links); `used_at` one used.
 *
 * `sandbox_mail`: every message the mail sandbox accepted, with its text (links included), outside
 * production readable at /api/v1/mail and /sandbox/mail.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("user_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("subscriber_user_id", "text", (c) =>
      c.notNull().references("subscriber_users.subscriber_user_id").onDelete("cascade"),
    )
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("user_tokens_user")
    .on("user_tokens")
    .columns(["subscriber_user_id", "purpose"])
    .execute();

  await db.schema
    .createTable("sandbox_mail")
    .addColumn("mail_id", "text", (c) => c.primaryKey())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("sent_at", "timestamptz", (c) => c.notNull())
    .addColumn("seq", "bigserial", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sandbox_mail_to").on("sandbox_mail").columns(["to_address", "seq"]).execute();
  await sql`CREATE INDEX sandbox_mail_seq ON sandbox_mail (seq)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sandbox_mail").ifExists().execute();
  await db.schema.dropTable("user_tokens").ifExists().execute();
}
