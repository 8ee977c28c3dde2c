/**
 * The users search served from indexes at 100,000 users in one subscriber (issue 16,
 * docs/decisions/0900-users-search-at-scale.md):
 *
 * - `search_key`, kept by the database beside the user: the lower-cased full name (first middle last), the
 *   first and last name, and the email, one per line. Every text today's search matched (first, middle and
 *   last name, email, "first last", "first middle last") is a substring of one line of it, and a search text
 *   never holds a line break (its whitespace is collapsed to single spaces), so `search_key ILIKE '%text%'`
 *   answers exactly what the six ILIKEs answered.
 * - A trigram GIN index over it (pg_trgm) when the database offers the extension: PostgreSQL does, and the
 *   provider opens PGlite with it (provider/platform/db/index.ts). A database without it keeps working, by a
 *   scan of the key.
 * - The two sorts from btree indexes: first name (then last name, then id) and email, so a page of a large
 *   answer is read in order and the reading stops at the page's end.
 */
import { sql, type Kysely } from "kysely";

/** Whether this database can create the pg_trgm extension (PGlite only when opened with it). */
export async function trigramsAvailable(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ available: boolean }>`select exists (select 1 from pg_available_extensions where name = 'pg_trgm') as available`.execute(db);
  return Boolean(rows[0]?.available);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE subscriber_users ADD COLUMN search_key text GENERATED ALWAYS AS (
    lower(first_name || ' ' || coalesce(middle_name || ' ', '') || last_name) || E'\n' ||
    lower(first_name || ' ' || last_name) || E'\n' || lower(email)) STORED`.execute(db);
  await sql`CREATE INDEX subscriber_users_first_name_sort ON subscriber_users (lower(first_name), lower(last_name), subscriber_user_id)`.execute(db);
  await sql`CREATE INDEX subscriber_users_email_sort ON subscriber_users (lower(email), subscriber_user_id)`.execute(db);
  if (await trigramsAvailable(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX subscriber_users_search_key ON subscriber_users USING gin (search_key gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS subscriber_users_search_key`.execute(db);
  await sql`DROP INDEX subscriber_users_email_sort`.execute(db);
  await sql`DROP INDEX subscriber_users_first_name_sort`.execute(db);
  await sql`ALTER TABLE subscriber_users DROP COLUMN search_key`.execute(db);
}
