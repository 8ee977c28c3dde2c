/**
 * The users' GIN indexes (the search key's trigrams, migration 0090; the roles at a subscriber, 0097) take
 * each new entry at once instead of into a pending list (docs/decisions/0914). Every search reads the whole
 * pending list until a vacuum merges it, and the embedded database runs no autovacuum: after an import of
 * 10,000 users a name search read up to 4 MB of pending entries, two to six times its cost.
 */
import { sql, type Kysely } from "kysely";

const GIN_INDEXES = ["subscriber_users_search_key", "user_subscribers_role_names"];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of GIN_INDEXES) {
    await sql`ALTER INDEX ${sql.ref(index)} SET (fastupdate = off)`.execute(db);
    // Entries already pending are merged now; with fastupdate off no more are added.
    await sql`SELECT gin_clean_pending_list(${sql.lit(index)}::regclass)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of GIN_INDEXES) await sql`ALTER INDEX ${sql.ref(index)} RESET (fastupdate)`.execute(db);
}
