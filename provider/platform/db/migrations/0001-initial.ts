import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("subscribers")
    .addColumn("subscriber_id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("authentication_type", "text", (c) => c.notNull().defaultTo("AUTH0_DATABASE_CONNECTION"))
    .addColumn("ip_allow_list", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("ip_allow_list_modified_at", "timestamptz")
    .addColumn("ip_allow_list_modified_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("subscriber_users")
    .addColumn("subscriber_user_id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("middle_name", "text")
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("preferred_name", "text")
    .addColumn("job_title", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("blocked", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("failed_login_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("password_hash", "text")
    .addColumn("global_roles", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("authentication_type", "text", (c) => c.notNull().defaultTo("AUTH0_DATABASE_CONNECTION"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("user_subscribers")
    .addColumn("subscriber_user_id", "text", (c) =>
      c.notNull().references("subscriber_users.subscriber_user_id").onDelete("cascade"),
    )
    .addColumn("subscriber_id", "text", (c) => c.notNull().references("subscribers.subscriber_id").onDelete("cascade"))
    .addColumn("role_names", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("is_primary", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("user_subscribers_pk", ["subscriber_user_id", "subscriber_id"])
    .execute();
  await db.schema.createIndex("user_subscribers_subscriber").on("user_subscribers").column("subscriber_id").execute();

  await db.schema
    .createTable("feature_flags")
    .addColumn("environment", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("enabled", "boolean", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "text")
    .addPrimaryKeyConstraint("feature_flags_pk", ["environment", "name"])
    .execute();

  await db.schema
    .createTable("script_clients")
    .addColumn("client_id", "text", (c) => c.primaryKey())
    .addColumn("client_secret_encrypted", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("subscriber_id", "text", (c) => c.notNull().references("subscribers.subscriber_id").onDelete("cascade"))
    .addColumn("subscriber_user_id", "text", (c) =>
      c.notNull().references("subscriber_users.subscriber_user_id").onDelete("cascade"),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("revoked_at", "timestamptz")
    .execute();

  await db.schema
    .createTable("oidc_payloads")
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("grant_id", "text")
    .addColumn("user_code", "text")
    .addColumn("uid", "text")
    .addColumn("account_id", "text")
    .addColumn("expires_at", "timestamptz")
    .addColumn("consumed_at", "timestamptz")
    .addPrimaryKeyConstraint("oidc_payloads_pk", ["model", "id"])
    .execute();
  for (const column of ["grant_id", "user_code", "uid", "account_id"] as const) {
    await db.schema.createIndex(`oidc_payloads_${column}`).on("oidc_payloads").column(column).execute();
  }

  await db.schema
    .createTable("grant_subscribers")
    .addColumn("grant_id", "text", (c) => c.primaryKey())
    .addColumn("subscriber_id", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("audit_events")
    .addColumn("audit_event_id", "text", (c) => c.primaryKey())
    .addColumn("occurred_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("actor_user_id", "text")
    .addColumn("subscriber_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target", "text")
    .addColumn("details", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("ip_address", "text")
    .addColumn("correlation_id", "text")
    .execute();
  await db.schema.createIndex("audit_events_subscriber").on("audit_events").columns(["subscriber_id", "occurred_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "audit_events",
    "grant_subscribers",
    "oidc_payloads",
    "script_clients",
    "feature_flags",
    "user_subscribers",
    "subscriber_users",
    "subscribers",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
