/** The subscriber selected for each grant (`grant_subscribers`): what the grant's tokens carry. */
import { sql } from "kysely";
import type { DB } from "../platform/db/index.js";

export async function recordGrantSubscriber(db: DB, grantId: string, subscriberId: string | null): Promise<void> {
  await db
    .insertInto("grant_subscribers")
    .values({ grant_id: grantId, subscriber_id: subscriberId })
    .onConflict((conflict) => conflict.column("grant_id").doUpdateSet({ subscriber_id: subscriberId }))
    .execute();
}

/** The recorded subscriber (null: none, the helpdesk administrator), or undefined when nothing is recorded. */
export async function grantSubscriberOf(db: DB, grantId: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom("grant_subscribers")
    .select("subscriber_id")
    .where("grant_id", "=", grantId)
    .executeTakeFirst();
  return row ? row.subscriber_id : undefined;
}

export async function forgetGrantSubscribers(db: DB, grantIds: readonly string[]): Promise<void> {
  if (grantIds.length === 0) return;
  await db.deleteFrom("grant_subscribers").where("grant_id", "in", [...grantIds]).execute();
}

/** Rows whose grant has expired and been cleaned up. */
export async function forgetOrphanedGrantSubscribers(db: DB): Promise<void> {
  await db
    .deleteFrom("grant_subscribers")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("oidc_payloads")
            .select(sql.lit(1).as("one"))
            .where("oidc_payloads.model", "=", "Grant")
            .whereRef("oidc_payloads.id", "=", "grant_subscribers.grant_id"),
        ),
      ),
    )
    .execute();
}
