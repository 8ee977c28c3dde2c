/**
 * Many users in one subscriber at once, for the users-at-scale tests and the benchmark (issue 16): rows
 * written straight to the tables in multi-row inserts of 1,000, one transaction each, with the membership
 * at the subscriber (primary) and no invitation or audit trail. Not used by the product itself.
 */
import type { DB } from "../platform/db/index.js";

export interface SyntheticUser {
  subscriberUserId: string;
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  status: "Active" | "Suspended" | "Pending";
  roleNames: string[];
}

const CHUNK = 1000;

export async function insertSyntheticUsers(db: DB, subscriberId: string, users: Iterable<SyntheticUser>): Promise<number> {
  let written = 0;
  let chunk: SyntheticUser[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const rows = chunk;
    chunk = [];
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("subscriber_users")
        .values(
          rows.map((user) => ({
            subscriber_user_id: user.subscriberUserId,
            email: user.email.toLowerCase(),
            first_name: user.firstName,
            middle_name: user.middleName,
            last_name: user.lastName,
            status: user.status,
            password_hash: null,
            global_roles: JSON.stringify([]),
          })),
        )
        .execute();
      await trx
        .insertInto("user_subscribers")
        .values(
          rows.map((user) => ({
            subscriber_user_id: user.subscriberUserId,
            subscriber_id: subscriberId,
            role_names: JSON.stringify(user.roleNames),
            is_primary: true,
          })),
        )
        .execute();
    });
    written += rows.length;
  };
  for (const user of users) {
    chunk.push(user);
    if (chunk.length >= CHUNK) await flush();
  }
  await flush();
  return written;
}
