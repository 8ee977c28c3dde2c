/**
 * The password check, behind login throttling (login-throttle.ts): a locked email answers `blocked`, a locked
 * client address `throttled`, whatever the password. Every attempt costs the same hashing work, for a known
 * email, an unknown one (checked against a decoy hash) and a locked one alike, and known and unknown emails
 * are counted and locked alike, so neither the answer nor its timing tells which accounts exist.
 */
import { randomBytes } from "node:crypto";
import type { DB } from "../platform/db/index.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { findUserByEmail, type UserRecord } from "./access-policy.js";
import type { LoginAttempt, LoginThrottle } from "./login-throttle.js";

export type PasswordOutcome =
  | { outcome: "incorrect"; userId?: string }
  | { outcome: "blocked"; userId?: string }
  | { outcome: "throttled"; userId?: string }
  | { outcome: "correct"; user: UserRecord };

let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString("base64url")));

export async function checkPassword(
  db: DB,
  throttle: LoginThrottle,
  attempt: LoginAttempt,
  password: string,
): Promise<PasswordOutcome> {
  const [lock, user] = await Promise.all([throttle.lockOf(attempt), findUserByEmail(db, attempt.email)]);
  const correct = await verifyPassword(password, user?.passwordHash ?? (await decoy()));
  if (lock === "account") return { outcome: "blocked", userId: user?.id };
  if (lock === "address") return { outcome: "throttled", userId: user?.id };
  if (!user || !user.passwordHash || !correct) {
    const locked = await throttle.failed(attempt, user?.id);
    if (locked === "account") return { outcome: "blocked", userId: user?.id };
    if (locked === "address") return { outcome: "throttled", userId: user?.id };
    return { outcome: "incorrect", userId: user?.id };
  }
  await throttle.succeeded(attempt);
  return { outcome: "correct", user };
}
