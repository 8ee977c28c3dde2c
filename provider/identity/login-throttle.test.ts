/**
 * Login throttling through the real login page: per email and per client address, locks that end on the
 * product clock, the same answers and the same hashing work for known and unknown emails, and the audit log.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as passwords from "./passwords.js";
import { LOGIN_THROTTLE, liftLoginBlock, loginBlockedUntil } from "./login-throttle.js";
import {
  authorizeUrl,
  Browser,
  formAction,
  loginForTokens,
  loginThroughPage,
  PASSWORD,
  pkce,
  seedWorld,
  startHarness,
  USERS,
  type Harness,
} from "./testing/harness.js";

vi.mock("./passwords.js", async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

/** Product time: real time plus what a test moves it by. */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ now });
  await seedWorld(h.db);
});
afterAll(() => h?.close());
beforeEach(async () => {
  offsetMs = 0;
  await h.db.deleteFrom("login_throttles").execute();
  vi.mocked(passwords.verifyPassword).mockClear();
});

/** One login form, to send attempts to from `address`. */
async function loginForm(address = "192.0.2.10") {
  const browser = new Browser({ "x-forwarded-for": address });
  const start = await browser.navigate(authorizeUrl(h.baseUrl, pkce().challenge));
  const action = formAction(start.html, start.url);
  return async (email: string, password: string) => {
    const page = await browser.navigate(action, { form: { email, password } });
    const description = page.redirect ? new URL(page.redirect).searchParams.get("error_description") : null;
    return { status: page.response.status, description, html: page.html };
  };
}

/** What a login answers, stripped of what differs between emails (the email echoed back). */
const answer = (result: { status: number; description: string | null; html: string }, email: string) => ({
  status: result.status,
  description: result.description,
  html: result.html.replaceAll(email, "EMAIL").replace(/\/interaction\/[\w-]+/g, "/interaction/UID"),
});

describe("locking an email", () => {
  it("answers a known and an unknown email identically, attempt after attempt, up to the lock and during it", async () => {
    const known = USERS.fumbler.email;
    const unknown = "nobody-at-all@keystone.example";
    const tryKnown = await loginForm("192.0.2.11");
    const tryUnknown = await loginForm("192.0.2.12");
    for (let attempt = 1; attempt <= LOGIN_THROTTLE.accountFailures; attempt++) {
      const a = answer(await tryKnown(known, `wrong-${attempt}`), known);
      const b = answer(await tryUnknown(unknown, `wrong-${attempt}`), unknown);
      expect(b).toEqual(a);
      expect(a.status).toBe(attempt < LOGIN_THROTTLE.accountFailures ? 401 : 303);
      if (attempt === LOGIN_THROTTLE.accountFailures) expect(a.description).toBe("user is blocked");
    }
    // Locked: the right password of the known email and any password of the unknown one answer alike.
    const locked = answer(await (await loginForm("192.0.2.13"))(known, PASSWORD), known);
    expect(answer(await (await loginForm("192.0.2.14"))(unknown, PASSWORD), unknown)).toEqual(locked);
    expect(locked.description).toBe("user is blocked");
    // Known, unknown, locked or not: every attempt verified a password hash (the decoy's for unknown emails).
    expect(passwords.verifyPassword).toHaveBeenCalledTimes(2 * (LOGIN_THROTTLE.accountFailures + 1));
  });

  it("verifies a hash for an unknown email and for a user without a password as for a known one", async () => {
    const attempt = await loginForm();
    for (const email of ["ghost@nowhere.example", USERS.pending.email, USERS.viewer.email]) {
      vi.mocked(passwords.verifyPassword).mockClear();
      await attempt(email, "wrong-password");
      expect(passwords.verifyPassword).toHaveBeenCalledTimes(1);
      const [, hash] = vi.mocked(passwords.verifyPassword).mock.calls[0];
      expect(hash).toMatch(/^scrypt\$/);
    }
  });

  it("refuses the right password while locked, from any address, and lets it in once the lock ends on the product clock", async () => {
    const attempt = await loginForm("192.0.2.20");
    for (let i = 0; i < LOGIN_THROTTLE.accountFailures; i++) await attempt(USERS.fumbler.email, "wrong");
    const elsewhere = await loginThroughPage(h, new Browser({ "x-forwarded-for": "198.51.100.7" }), USERS.fumbler.email, PASSWORD);
    expect(elsewhere.callback?.searchParams.get("error_description")).toBe("user is blocked");

    offsetMs = LOGIN_THROTTLE.lockMs - 60_000;
    const almost = await loginThroughPage(h, new Browser(), USERS.fumbler.email, PASSWORD);
    expect(almost.callback?.searchParams.get("error_description")).toBe("user is blocked");

    offsetMs = LOGIN_THROTTLE.lockMs + 1_000;
    const tokens = await loginForTokens(h, new Browser(), USERS.fumbler.email);
    expect(tokens.access_token).toBeTruthy();
    // The lock and its count are gone: one more wrong password is only a wrong password.
    expect((await (await loginForm())(USERS.fumbler.email, "wrong")).status).toBe(401);
  });

  it("forgets the failures after a correct password, and after the window", async () => {
    const attempt = await loginForm();
    for (let i = 0; i < LOGIN_THROTTLE.accountFailures - 1; i++) await attempt(USERS.fumbler.email, "wrong");
    await loginForTokens(h, new Browser(), USERS.fumbler.email);
    for (let i = 0; i < LOGIN_THROTTLE.accountFailures - 1; i++) expect((await attempt(USERS.fumbler.email, "wrong")).status).toBe(401);
    offsetMs = LOGIN_THROTTLE.windowMs;
    expect((await attempt(USERS.fumbler.email, "wrong")).status).toBe(401);
    expect(await loginBlockedUntil(h.db, USERS.fumbler.email, now())).toBeNull();
  });

  it("records the lock of an account in the audit log, with its end", async () => {
    const attempt = await loginForm("192.0.2.30");
    for (let i = 0; i < LOGIN_THROTTLE.accountFailures; i++) await attempt(USERS.fumbler.email, "wrong");
    const events = await h.db.selectFrom("audit_events").selectAll().where("action", "=", "USER_LOGIN_BLOCKED").where("ip_address", "=", "192.0.2.30").execute();
    expect(events).toHaveLength(1);
    expect(events[0].target).toBe(USERS.fumbler.id);
    const details = typeof events[0].details === "string" ? JSON.parse(events[0].details) : events[0].details;
    const until = await loginBlockedUntil(h.db, USERS.fumbler.email, now());
    expect(details).toMatchObject({ until: until!.toISOString(), failures: LOGIN_THROTTLE.accountFailures });
    expect(events[0].actor_user_id).toBeNull();
    expect(events[0].ip_address).toBe("192.0.2.30");
  });

  it("is lifted at once by liftLoginBlock", async () => {
    const attempt = await loginForm();
    for (let i = 0; i < LOGIN_THROTTLE.accountFailures; i++) await attempt(USERS.fumbler.email, "wrong");
    expect(await h.db.transaction().execute((trx) => liftLoginBlock(trx, USERS.fumbler.email.toUpperCase(), now()))).toBe(true);
    expect((await loginForTokens(h, new Browser(), USERS.fumbler.email)).access_token).toBeTruthy();
    expect(await h.db.transaction().execute((trx) => liftLoginBlock(trx, USERS.fumbler.email, now()))).toBe(false);
  });
});

describe("locking a client address", () => {
  it("locks an address that tries many emails, for the right password too, and leaves other addresses alone", async () => {
    const attempt = await loginForm("203.0.113.50");
    for (let i = 0; i < LOGIN_THROTTLE.addressFailures - 1; i++) {
      expect((await attempt(`guess-${i}@keystone.example`, "wrong")).status).toBe(401);
    }
    const last = await attempt("guess-last@keystone.example", "wrong");
    expect(last.status).toBe(429);
    expect(last.html).toContain("Too many failed attempts to log in from your network. Try again in 15 minutes.");
    expect((await attempt(USERS.viewer.email, PASSWORD)).status).toBe(429);

    const other = await loginForTokens(h, new Browser({ "x-forwarded-for": "203.0.113.51" }), USERS.viewer.email);
    expect(other.access_token).toBeTruthy();
    const audit = await h.db.selectFrom("audit_events").select("details").where("action", "=", "LOGIN_ADDRESS_BLOCKED").execute();
    expect(audit.map((event) => (typeof event.details === "string" ? JSON.parse(event.details) : event.details).address)).toContain("203.0.113.50");

    offsetMs = LOGIN_THROTTLE.lockMs + 1_000;
    expect((await attempt(USERS.viewer.email, "wrong")).status).toBe(401);
  });
});
