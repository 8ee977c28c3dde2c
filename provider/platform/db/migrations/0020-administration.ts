/**
 * Subscriber administration (document 3 sections 3 and 7.3, docs/decisions/0300-subscriber-administration.md):
 * invitations of new users, enterprise SSO connections with their client secret, notification
 * registrations, external authority identifiers and lodgement identifiers. Every secret column holds an
 * AES-256-GCM sealed value (provider/platform/security/encryption.ts), never the clear text.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("user_invitations")
    .addColumn("invitation_id", "text", (c) => c.primaryKey())
    .addColumn("subscriber_user_id", "text", (c) =>
      c.notNull().references("subscriber_users.subscriber_user_id").onDelete("cascade"),
    )
    .addColumn("subscriber_id", "text", (c) => c.references("subscribers.subscriber_id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    /** INVITATION (the user was created) or RESEND (the activation email was sent again). */
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("sent_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("sent_by", "text")
    .execute();
  await db.schema
    .createIndex("user_invitations_user")
    .on("user_invitations")
    .columns(["subscriber_user_id", "sent_at"])
    .execute();

  await db.schema
    .createTable("sso_connections")
    .addColumn("connection_id", "text", (c) => c.primaryKey())
    .addColumn("subscriber_id", "text", (c) => c.notNull().references("subscribers.subscriber_id").onDelete("cascade"))
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("client_secret_encrypted", "text")
    .addColumn("last_modified_at", "timestamptz")
    .addColumn("last_modified_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("sso_connections_subscriber").on("sso_connections").column("subscriber_id").execute();

  await db.schema
    .createTable("notification_registrations")
    .addColumn("registration_id", "text", (c) => c.primaryKey())
    .addColumn("subscriber_id", "text", (c) => c.notNull().references("subscribers.subscriber_id").onDelete("cascade"))
    .addColumn("notification_type", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("event_types", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "text")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint("notification_registrations_one_per_type", ["subscriber_id", "notification_type"])
    .execute();

  await db.schema
    .createTable("external_authority_identifiers")
    .addColumn("subscriber_id", "text", (c) => c.notNull().references("subscribers.subscriber_id").onDelete("cascade"))
    /** LODGEMENT (land registry, alias hmlr) or REVENUE (revenue authority, alias hmrc). */
    .addColumn("authority_type", "text", (c) => c.notNull())
    .addColumn("authority_alias", "text", (c) => c.notNull())
    .addColumn("user_name", "text")
    .addColumn("password_encrypted", "text")
    .addColumn("storn", "text")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("external_authority_identifiers_pk", ["subscriber_id", "authority_type"])
    .execute();

  await db.schema
    .createTable("lodgement_identifiers")
    .addColumn("subscriber_id", "text", (c) => c.primaryKey().references("subscribers.subscriber_id").onDelete("cascade"))
    .addColumn("primary_user_name", "text", (c) => c.notNull())
    .addColumn("primary_password_encrypted", "text", (c) => c.notNull())
    .addColumn("secondary_user_name", "text", (c) => c.notNull())
    .addColumn("secondary_password_encrypted", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "text")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  // The audit log is read newest first, per subscriber or across all of them.
  await db.schema.createIndex("audit_events_occurred").on("audit_events").column("occurred_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("audit_events_occurred").ifExists().execute();
  for (const table of [
    "lodgement_identifiers",
    "external_authority_identifiers",
    "notification_registrations",
    "sso_connections",
    "user_invitations",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
