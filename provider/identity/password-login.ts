/**
 * Password check with brute-force blocking: 10 consecutive failed passwords block the user (the identity
 * provider's `blocked`, shown as `user is blocked`); a correct password resets the count. An unknown email
 * costs the same hashing work as a known one, so timing does not reveal which accounts exist.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../platform/db/index.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { findUserByEmail, type UserRecord } from "./access-policy.js";

export const MAX_FAILED_LOGINS = 10;

export type PasswordOutcome =
  | { outcome: "incorrect"; userId?: string }
  | { outcome: "blocked"; userId: string }
  | { outcome: "correct"; user: UserRecord };

let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString("base64url")));

export async function checkPassword(db: DB, email: string, password: string): Promise<PasswordOutcome> {
  const user = await findUserByEmail(db, email);
  if (!user || !user.passwordHash) {
    await verifyPassword(password, await decoy());
    return { outcome: "incorrect", userId: user?.id };
  }
  if (user.blocked) return { outcome: "blocked", userId: user.id };
  if (!(await verifyPassword(password, user.passwordHash))) {
    const counted = await db
      .updateTable("subscriber_users")
      .set({
        failed_login_count: sql`failed_login_count + 1`,
        blocked: sql<boolean>`failed_login_count + 1 >= ${MAX_FAILED_LOGINS}`,
      })
      .where("subscriber_user_id", "=", user.id)
      .returning("blocked")
      .executeTakeFirst();
    return counted?.blocked ? { outcome: "blocked", userId: user.id } : { outcome: "incorrect", userId: user.id };
  }
  if (user.failedLoginCount > 0) {
    await db.updateTable("subscriber_users").set({ failed_login_count: 0 }).where("subscriber_user_id", "=", user.id).execute();
  }
  return { outcome: "correct", user: { ...user, failedLoginCount: 0 } };
}
