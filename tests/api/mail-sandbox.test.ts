/**
 * The mail sandbox's mailbox (docs/sandboxes.md): the invitation of a user added through the API and the
 * re-sent activation email are kept with their text and link, listed newest first at /api/v1/mail, read
 * one by one, shown on the development page /sandbox/mail; the link leads to the set-password page, and a
 * re-sent email ends the earlier link. None of it exists in production.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linksIn, MailListResponseSchema, MailMessageSchema } from "../../core/shared/mail-sandbox.js";
import { buildServer } from "../../provider/platform/server.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, versioned, type TestProvider } from "./support.js";

const API = "/api/subscriber/v1";
const keystone = DEMO_SUBSCRIBERS.keystone.subscriberId;

let provider: TestProvider;
let userManager: string; // Una Manning, User Manager at Keystone Conveyancing
let viewer: string;

beforeAll(async () => {
  provider = await startTestProvider();
  [userManager, viewer] = await Promise.all([
    provider.loginToken(DEMO_USERS.userManager.email),
    provider.loginToken(DEMO_USERS.viewer.email),
  ]);
});
afterAll(() => provider?.close());

const mailbox = async (token: string | undefined, query = "") => provider.call(token, { method: "GET", url: `/api/v1/mail${query}` });

async function addUser(email: string) {
  const response = await provider.call(userManager, {
    method: "POST",
    url: `${API}/subscribers/${keystone}/subscriber-users`,
    payload: { firstName: "Nia", middleName: "", lastName: "Newton", email, roleNames: ["Workspace User"] },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { subscriberUserId: string };
}

/** A page of the provider itself (no token), as a browser asks for it. */
const page = (url: string) => provider.app.inject({ method: "GET", url, headers: { host: new URL(provider.config.publicUrl).host } });

describe("the mailbox", () => {
  it("keeps the invitation with its link, lists it newest first, and shows it with its text", async () => {
    const email = "nia.newton@keystone.example";
    const { subscriberUserId } = await addUser(email);

    const listed = MailListResponseSchema.parse((await mailbox(viewer, `?to=${encodeURIComponent(email.toUpperCase())}`)).json());
    expect(listed.page.totalRecords).toBe(1);
    const [summary] = listed.records;
    expect(summary).toMatchObject({ to: email, kind: "INVITATION", subject: "You have been invited to Convey by Keystone Conveyancing" });
    expect(summary).not.toHaveProperty("text");

    const message = MailMessageSchema.parse((await mailbox(viewer, `/${summary!.id}`)).json());
    expect(message.text).toContain("Hello Nia,");
    const [link] = linksIn(message.text);
    expect(link).toMatch(new RegExp(`^${provider.config.issuer}/activate\\?token=[A-Za-z0-9_-]{43}$`));
    const setPassword = await page(new URL(link!).pathname + new URL(link!).search);
    expect(setPassword.statusCode).toBe(200);
    expect(setPassword.body).toContain("Set your password");
    expect(setPassword.body).toContain(email);

    // Re-sending the activation email: a second message, newest first, whose link replaces the first.
    const resend = await provider.call(userManager, {
      method: "PATCH",
      url: `${API}/subscriber-users/${subscriberUserId}`,
      ...(await versioned(provider.db, { requestType: "RESEND_INVITATION", email }, { table: "subscriber_users", id: subscriberUserId })),
    });
    expect(resend.statusCode).toBe(200);
    const both = MailListResponseSchema.parse((await mailbox(viewer, `?to=${email}`)).json());
    expect(both.records.map((mail) => mail.kind)).toEqual(["RESEND", "INVITATION"]);
    const resent = MailMessageSchema.parse((await mailbox(viewer, `/${both.records[0]!.id}`)).json());
    const [newLink] = linksIn(resent.text);
    expect(newLink).not.toBe(link);
    const old = await page(new URL(link!).pathname + new URL(link!).search);
    expect(old.statusCode).toBe(303);
    expect(old.headers.location).toBe(`${provider.config.appUrl}/email/verification-link-expired`);
  });

  it("keeps the invitation of a user created by an import, with a link of their own", async () => {
    const email = "imported.person@keystone.example";
    const response = await provider.call(userManager, {
      method: "POST",
      url: `${API}/subscribers/${keystone}/subscriber-users/bulk`,
      payload: { rows: [{ email, firstName: "Ines", lastName: "Imported", roleNames: ["Workspace User"] }], dryRun: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results[0]).toMatchObject({ outcome: "created" });
    const listed = MailListResponseSchema.parse((await mailbox(viewer, `?to=${email}`)).json());
    expect(listed.records).toHaveLength(1);
    const message = MailMessageSchema.parse((await mailbox(viewer, `/${listed.records[0]!.id}`)).json());
    expect(message.text).toContain("Hello Ines,");
    const [link] = linksIn(message.text);
    const setPassword = await page(new URL(link!).pathname + new URL(link!).search);
    expect(setPassword.statusCode).toBe(200);
    expect(setPassword.body).toContain(email);
  });

  it("pages through every message, and refuses what it cannot answer", async () => {
    const all = MailListResponseSchema.parse((await mailbox(viewer, "?limit=1")).json());
    expect(all.records).toHaveLength(1);
    expect(all.page.totalRecords).toBeGreaterThanOrEqual(2);
    expect((await mailbox(undefined)).statusCode).toBe(401);
    expect((await mailbox(viewer, "/not-an-id")).statusCode).toBe(400);
    const missing = await mailbox(viewer, "/00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("No message with this id is in the mail sandbox.");
  });

  it("is a development page too, with the links to follow", async () => {
    const list = await page("/sandbox/mail?to=nia.newton%40keystone.example");
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(list.body).toContain("2 emails to nia.newton@keystone.example");
    const first = /href="\/sandbox\/mail\/([0-9a-f-]{36})"/.exec(list.body)![1];
    const shown = await page(`/sandbox/mail/${first}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toMatch(/<a href="http:\/\/[^"]+\/oidc\/activate\?token=[A-Za-z0-9_-]{43}">/);
    expect((await page("/sandbox/mail/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("does not exist in production", async () => {
    const production = await buildServer({ config: { ...provider.config, production: true }, db: provider.db });
    try {
      const host = new URL(provider.config.publicUrl).host;
      const api = await production.app.inject({ method: "GET", url: "/api/v1/mail", headers: { host, authorization: `Bearer ${viewer}` } });
      expect(api.statusCode).toBe(404);
      expect((await production.app.inject({ method: "GET", url: "/sandbox/mail", headers: { host } })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
