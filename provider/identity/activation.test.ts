/**
 * Account activation through the real provider: the activation link of an invitation (only the token's
 * hash stored, its expiry on the product clock), the set-password page and its rules, activation that
 * makes the user Active, audits it and logs them in without asking the password again, single use, a
 * re-sent email ending the earlier links, and the login of a Pending user.
 */
import { createHash, randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_PAGES } from "../../core/identity/login-errors.js";
import { PASSWORD_MESSAGES } from "../../core/identity/password-rules.js";
import { linksIn } from "../../core/shared/mail-sandbox.js";
import { createMailSandbox, MailNotSentError, type Mailer } from "../platform/mail.js";
import { ACTIVATION_LINK_VALIDITY_MS, createActivationSender, type ActivationSender } from "./activation.js";
import {
  APP_URL,
  authorizeUrl,
  Browser,
  decodeJwt,
  formAction,
  hiddenInputs,
  loginThroughPage,
  pkce,
  REDIRECT_URI,
  seedWorld,
  startHarness,
  SUBSCRIBERS,
  tokenRequest,
  USERS,
  type Harness,
} from "./testing/harness.js";

const NEW_PASSWORD = "marmalade tractor lighthouse";

let h: Harness;
let mailer: Mailer;
let activation: ActivationSender;
let refuseNextMail = false;

beforeAll(async () => {
  h = await startHarness();
  await seedWorld(h.db);
  const sandbox = createMailSandbox({ log: { debug: () => undefined }, db: h.db, clock: h.clock });
  mailer = {
    async sendActivationEmail(email) {
      if (refuseNextMail) {
        refuseNextMail = false;
        throw new MailNotSentError("421 4.3.0 service not available");
      }
      return sandbox.sendActivationEmail(email);
    },
  };
  activation = createActivationSender({ db: h.db, clock: h.clock, mailer, issuer: h.config.issuer });
});
afterAll(() => h?.close());
afterEach(() => h.clock.set(null, null));

/** A new Pending user at Keystone Conveyancing, without a password (as the screens, CLI and import add them). */
async function pendingUser(): Promise<{ id: string; email: string; firstName: string }> {
  const id = randomUUID();
  const email = `new-${id.slice(0, 8)}@keystone.example`;
  await h.db
    .insertInto("subscriber_users")
    .values({ subscriber_user_id: id, email, first_name: "Nia", last_name: "Newton", status: "Pending", password_hash: null, global_roles: JSON.stringify([]) })
    .execute();
  await h.db
    .insertInto("user_subscribers")
    .values({ subscriber_user_id: id, subscriber_id: SUBSCRIBERS.keystone.id, role_names: JSON.stringify(["Workspace User"]), is_primary: true })
    .execute();
  return { id, email, firstName: "Nia" };
}

/** The link in the latest email the sandbox kept for `email`. */
async function latestLink(email: string): Promise<string> {
  const mail = await h.db
    .selectFrom("sandbox_mail")
    .selectAll()
    .where("to_address", "=", email)
    .orderBy("seq", "desc")
    .executeTakeFirstOrThrow();
  const [link] = linksIn(mail.text);
  expect(link).toBeDefined();
  return link!;
}

async function invite(user: { id: string; email: string; firstName: string }, kind: "INVITATION" | "RESEND" = "INVITATION") {
  await activation.send(user, kind, SUBSCRIBERS.keystone.name);
  return latestLink(user.email);
}

async function statusOf(userId: string) {
  return h.db.selectFrom("subscriber_users").select(["status", "password_hash"]).where("subscriber_user_id", "=", userId).executeTakeFirstOrThrow();
}

const appPage = (path: string) => `${APP_URL}${path}`;

async function setPassword(browser: Browser, link: string, password: string, confirmation = password) {
  const page = await browser.navigate(link);
  expect(page.response.status).toBe(200);
  expect(page.html).toContain("Set your password");
  return browser.navigate(formAction(page.html, page.url), {
    form: { ...hiddenInputs(page.html), password, confirmation },
  });
}

describe("the activation link", () => {
  it("is sent in the invitation, and only the hash of its token is stored, with its expiry on the product clock", async () => {
    await h.clock.set(new Date("2031-03-03T09:00:00Z"), null);
    const user = await pendingUser();
    const link = await invite(user);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${h.config.issuer}/activate`);
    const token = url.searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await h.db.selectFrom("user_tokens").selectAll().where("subscriber_user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
    const expires = new Date(rows[0]!.expires_at).getTime();
    expect(Math.abs(expires - (Date.parse("2031-03-03T09:00:00Z") + ACTIVATION_LINK_VALIDITY_MS))).toBeLessThan(60_000);
  });

  it("works until its expiry on the product clock, then leads to the link-expired page", async () => {
    const user = await pendingUser();
    const link = await invite(user);
    await h.clock.set(new Date(h.clock.now().getTime() + ACTIVATION_LINK_VALIDITY_MS - 60_000), null);
    expect((await new Browser().navigate(link)).response.status).toBe(200);
    await h.clock.set(new Date(h.clock.now().getTime() + 2 * 60_000), null);
    const expired = await new Browser().navigate(link);
    expect(expired.redirect).toBe(appPage(ACCOUNT_PAGES.linkExpired));
    expect((await statusOf(user.id)).status).toBe("Pending");
  });

  it("refuses weak passwords with specific messages, changing nothing", async () => {
    const user = await pendingUser();
    const link = await invite(user);
    const browser = new Browser();
    for (const [password, confirmation, message] of [
      ["short1", "short1", PASSWORD_MESSAGES.tooShort],
      ["password123", "password123", PASSWORD_MESSAGES.common],
      [NEW_PASSWORD, "something else", PASSWORD_MESSAGES.mismatch],
      ["", "", PASSWORD_MESSAGES.required],
    ] as const) {
      const answer = await setPassword(browser, link, password, confirmation);
      expect(answer.response.status).toBe(400);
      expect(answer.html).toContain(message);
      expect(answer.html).toContain('aria-invalid="true"');
    }
    expect(await statusOf(user.id)).toEqual({ status: "Pending", password_hash: null });
  });

  it("sets the password once: the user is Active, audited, and logged in without typing the password again", async () => {
    const user = await pendingUser();
    const link = await invite(user);
    const browser = new Browser();
    const done = await setPassword(browser, link, NEW_PASSWORD);
    expect(done.redirect).toBe(appPage("/login"));
    expect(browser.cookieNames()).toContain("convey_activation_login");

    const after = await statusOf(user.id);
    expect(after.status).toBe("Active");
    expect(after.password_hash).toMatch(/^scrypt\$/);
    const audit = await h.db.selectFrom("audit_events").selectAll().where("action", "=", "USER_ACTIVATED").where("target", "=", user.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: user.id, subscriber_id: SUBSCRIBERS.keystone.id });
    expect(JSON.stringify(audit[0]!.details)).not.toContain(NEW_PASSWORD);

    // The app's login starts the authorization: it completes at once, as the new user.
    const { challenge, verifier } = pkce();
    const login = await browser.navigate(authorizeUrl(h.baseUrl, challenge, { prompt: "login" }));
    expect(login.html).toBe("");
    const code = new URL(login.redirect!).searchParams.get("code");
    expect(code).toBeTruthy();
    const { body } = await tokenRequest(h, { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(decodeJwt(body.access_token!).sub).toBe(user.id);

    // The ticket worked once: a second login asks for the password, which now works.
    const again = await browser.navigate(authorizeUrl(h.baseUrl, pkce().challenge, { prompt: "login" }));
    expect(again.html).toContain("Log in");
    const withPassword = await loginThroughPage(h, new Browser(), user.email, NEW_PASSWORD);
    expect(withPassword.callback?.searchParams.get("code")).toBeTruthy();

    // The link is used up: the already-verified page, on GET and on a replayed POST.
    expect((await new Browser().navigate(link)).redirect).toBe(appPage(ACCOUNT_PAGES.alreadyVerified));
    const token = new URL(link).searchParams.get("token")!;
    const replay = await new Browser().navigate(`${h.config.issuer}/activate`, { form: { token, password: "another long passphrase", confirmation: "another long passphrase" } });
    expect(replay.redirect).toBe(appPage(ACCOUNT_PAGES.alreadyVerified));
    expect((await statusOf(user.id)).password_hash).toBe(after.password_hash);
  });

  it("is ended by a re-sent activation email; a resend the mail service refused ends nothing", async () => {
    const user = await pendingUser();
    const first = await invite(user);
    refuseNextMail = true;
    await expect(activation.send(user, "RESEND", SUBSCRIBERS.keystone.name)).rejects.toBeInstanceOf(MailNotSentError);
    expect((await new Browser().navigate(first)).response.status).toBe(200);

    const second = await invite(user, "RESEND");
    expect(second).not.toBe(first);
    expect((await new Browser().navigate(first)).redirect).toBe(appPage(ACCOUNT_PAGES.linkExpired));
    const done = await setPassword(new Browser(), second, NEW_PASSWORD);
    expect(done.redirect).toBe(appPage("/login"));
    expect((await statusOf(user.id)).status).toBe("Active");
  });

  it("activates once when the same link is submitted twice at the same moment", async () => {
    const user = await pendingUser();
    const link = await invite(user);
    const token = new URL(link).searchParams.get("token")!;
    const submit = (password: string) =>
      new Browser().navigate(`${h.config.issuer}/activate`, { form: { token, password, confirmation: password } });
    const answers = await Promise.all([submit(NEW_PASSWORD), submit("another long passphrase")]);
    expect(answers.map((answer) => answer.redirect).sort()).toEqual([appPage(ACCOUNT_PAGES.alreadyVerified), appPage("/login")].sort());
    const audit = await h.db.selectFrom("audit_events").select("audit_event_id").where("action", "=", "USER_ACTIVATED").where("target", "=", user.id).execute();
    expect(audit).toHaveLength(1);
  });

  it("leads an unknown or malformed token to the link-expired page", async () => {
    for (const token of ["A".repeat(43), "not-a-token", ""]) {
      const answer = await new Browser().navigate(`${h.config.issuer}/activate?token=${token}`);
      expect(answer.redirect).toBe(appPage(ACCOUNT_PAGES.linkExpired));
    }
  });
});

describe("the login of a Pending user", () => {
  it("without a password yet: refused as not activated, naming neither their subscriber nor checking a password", async () => {
    const user = await pendingUser();
    const { callback, page } = await loginThroughPage(h, new Browser(), user.email, "whatever they type");
    expect(page?.redirect).toBeDefined();
    expect(callback?.searchParams.get("error")).toBe("access_denied");
    expect(callback?.searchParams.get("error_description")).toBe(`user ${user.id} is not part of the Convey organization`);
    expect(callback?.searchParams.get("error_description")).not.toContain(SUBSCRIBERS.keystone.name);
  });

  it("an unknown address, and a wrong password of an Active user, still get the same answer that reveals nothing", async () => {
    for (const email of ["nobody@keystone.example", USERS.viewer.email]) {
      const { callback, page } = await loginThroughPage(h, new Browser(), email, "not the password");
      expect(callback).toBeUndefined();
      expect(page?.response.status).toBe(401);
      expect(page?.html).toContain("Incorrect email address or password");
    }
  });
});
