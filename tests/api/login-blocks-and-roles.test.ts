/**
 * Two changes that take effect on the next request (issue: login brute force; role changes):
 *   - a locked login (too many failed passwords) is shown as Blocked to the helpdesk and User Managers, who
 *     lift it with an unblock; an unsuspension lifts it too; every lock and lift is in the audit log;
 *   - a change of a user's roles is enforced on the very next API call with their current token, and tells
 *     their web sessions to refresh their tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManagedUserSchema, ManagedUserSearchResponseSchema } from "../../core/administration/api.js";
import { AppSessionSchema, APP_SESSIONS_PATH } from "../../core/identity/app-sessions.js";
import { LOGIN_THROTTLE } from "../../provider/identity/login-throttle.js";
import { API, auditEvents, personWithRoles } from "./administration-support.js";
import { DEMO_PASSWORD, DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, versioned, type TestProvider } from "./support.js";

let provider: TestProvider;
let helpdesk: string;

const keystone = DEMO_SUBSCRIBERS.keystone.subscriberId;

beforeAll(async () => {
  provider = await startTestProvider();
  helpdesk = await provider.loginToken(DEMO_USERS.helpdesk.email);
});
afterAll(() => provider?.close());

async function lockLogin(email: string) {
  for (let attempt = 1; attempt < LOGIN_THROTTLE.accountFailures; attempt++) {
    await expect(provider.loginToken(email, { password: "not-the-password" })).rejects.toThrow(/401/);
  }
  await expect(provider.loginToken(email, { password: "not-the-password" })).rejects.toThrow("user is blocked");
  await expect(provider.loginToken(email)).rejects.toThrow("user is blocked");
}

const getUser = async (token: string, id: string) => {
  const response = await provider.call(token, { method: "GET", url: `${API}/subscriber-users/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return ManagedUserSchema.parse(response.json());
};

const patch = async (token: string, id: string, body: Record<string, unknown>) =>
  provider.call(token, { method: "PATCH", url: `${API}/subscriber-users/${id}`, ...(await versioned(provider.db, body, { table: "subscriber_users", id })) });

describe("a blocked login", () => {
  it("is shown as blocked in the list and the profile, and the helpdesk lifts it with an unblock, audited", async () => {
    const person = await personWithRoles(provider, "keystone", ["Workspace User"], "Blocky");
    await lockLogin(person.email);

    const shown = await getUser(helpdesk, person.userId);
    expect(Date.parse(shown.loginBlockedUntil!)).toBeGreaterThan(Date.now());
    const search = await provider.call(helpdesk, { method: "POST", url: `${API}/subscriber-users/search`, payload: { subscriberId: keystone, page: 1, limit: 100, subscriberUserName: "Blocky" } });
    const listed = ManagedUserSearchResponseSchema.parse(search.json()).records.find((user) => user.subscriberUserId === person.userId);
    expect(listed?.loginBlockedUntil).toBe(shown.loginBlockedUntil);

    const locks = await auditEvents(provider, { target: person.userId, action: "USER_LOGIN_BLOCKED" });
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ actor_user_id: null, subscriber_id: keystone });

    const unblocked = await provider.call(helpdesk, { method: "POST", url: `${API}/subscriber-users/${person.userId}/unblock` });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect(ManagedUserSchema.parse(unblocked.json()).loginBlockedUntil).toBeNull();
    expect(await provider.loginToken(person.email)).toBeTruthy();
    const lifts = await auditEvents(provider, { target: person.userId, action: "USER_LOGIN_UNBLOCKED" });
    expect(lifts).toHaveLength(1);
    expect(lifts[0]).toMatchObject({ actor_user_id: DEMO_USERS.helpdesk.subscriberUserId });

    // Unblocking a user who is not blocked changes nothing and records nothing.
    expect((await provider.call(helpdesk, { method: "POST", url: `${API}/subscriber-users/${person.userId}/unblock` })).statusCode).toBe(200);
    expect(await auditEvents(provider, { target: person.userId, action: "USER_LOGIN_UNBLOCKED" })).toHaveLength(1);
  });

  it("is lifted by a User Manager of the user's subscriber, and by nobody without the permission or outside it", async () => {
    const person = await personWithRoles(provider, "keystone", ["Workspace User"], "Locked");
    const keystoneManager = await personWithRoles(provider, "keystone", ["User Manager"], "Keeper");
    const harperManager = await personWithRoles(provider, "harperVale", ["User Manager"], "Outsider");
    const viewer = await personWithRoles(provider, "keystone", ["Workspace Viewer"], "Looker");
    await lockLogin(person.email);

    const unblock = (token: string) => provider.call(token, { method: "POST", url: `${API}/subscriber-users/${person.userId}/unblock` });
    expect((await unblock(viewer.token)).statusCode).toBe(403);
    expect((await unblock(harperManager.token)).statusCode).toBe(404);
    expect((await getUser(keystoneManager.token, person.userId)).loginBlockedUntil).not.toBeNull();
    expect((await unblock(keystoneManager.token)).statusCode).toBe(200);
    expect(await provider.loginToken(person.email)).toBeTruthy();
  });

  it("does not survive an unsuspension", async () => {
    const person = await personWithRoles(provider, "keystone", ["Workspace User"], "Paused");
    expect((await patch(helpdesk, person.userId, { status: "Suspended" })).statusCode).toBe(200);
    await lockLogin(person.email);
    const unsuspended = await patch(helpdesk, person.userId, { status: "Active" });
    expect(unsuspended.statusCode, unsuspended.body).toBe(200);
    expect(ManagedUserSchema.parse(unsuspended.json()).loginBlockedUntil).toBeNull();
    expect(await provider.loginToken(person.email, { password: DEMO_PASSWORD })).toBeTruthy();
    const lifts = await auditEvents(provider, { target: person.userId, action: "USER_LOGIN_UNBLOCKED" });
    expect(lifts).toHaveLength(1);
    expect(JSON.stringify(lifts[0]!.details)).toContain("unsuspension");
  });
});

describe("a change of roles", () => {
  it("is enforced on the next call with the token issued before it", async () => {
    const person = await personWithRoles(provider, "keystone", ["User Manager", "Workspace User"], "Demoted");
    const search = () =>
      provider.call(person.token, { method: "POST", url: `${API}/subscriber-users/search`, payload: { subscriberId: keystone, page: 1, limit: 5 } });
    expect((await search()).statusCode).toBe(200);

    const edited = await patch(helpdesk, person.userId, { requestType: "PATCH_USER", firstName: "Demoted", middleName: null, lastName: "Person", roleNames: ["Workspace User"] });
    expect(edited.statusCode, edited.body).toBe(200);

    expect((await search()).statusCode).toBe(403);
    const me = await provider.call(person.token, { method: "GET", url: "/api/v1/me" });
    expect(me.json()).toMatchObject({ roles: ["Workspace User"] });
    expect(me.json().permissions).not.toContain("view:subscriber_users");
  });

  it("tells the user's web sessions at that subscriber to refresh their tokens", async () => {
    const { clientId, clientSecret } = provider.config.webClient;
    const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
    const person = await personWithRoles(provider, "keystone", ["Workspace User"], "Promoted");
    const created = await provider.call(undefined, {
      method: "POST",
      url: APP_SESSIONS_PATH,
      headers: { authorization: basic },
      payload: { subscriberUserId: person.userId, subscriberId: keystone, data: { userId: person.userId } },
    });
    const { sessionId } = created.json() as { sessionId: string };
    const read = async () =>
      AppSessionSchema.parse((await provider.call(undefined, { method: "GET", url: `${APP_SESSIONS_PATH}/${sessionId}`, headers: { authorization: basic } })).json());
    expect((await read()).rolesChangedAt ?? null).toBeNull();

    const before = Date.now();
    const edited = await patch(helpdesk, person.userId, { requestType: "PATCH_USER", firstName: "Promoted", middleName: null, lastName: "Person", roleNames: ["Workspace User", "Workspace Creator"] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(Date.parse((await read()).rolesChangedAt!)).toBeGreaterThanOrEqual(before - 1000);
  });
});
