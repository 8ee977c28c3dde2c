/**
 * Login throttling's numbers (enforced by provider/identity/login-throttle.ts, docs/decisions/0020), here so
 * that the pages that speak of them say the same.
 */
const MINUTE = 60_000;

export const LOGIN_THROTTLE = {
  /** Failed passwords for one email address within the window that lock it. */
  accountFailures: 10,
  /** Failed passwords from one client address within the window that lock it. */
  addressFailures: 50,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
} as const;

/** How long a lock lasts, in words: '15 minutes'. */
export const LOCK_DURATION_TEXT = `${LOGIN_THROTTLE.lockMs / MINUTE} minutes`;
