/**
 * How far a User Manager reaches (docs/decisions/0300-subscriber-administration.md "Suspension and reach";
 * issue 5 acceptance 3): never into another subscriber, by any route — the bulk import, create then edit,
 * or a status change. A user's names and account are shared by every subscriber they belong to, so a User
 * Manager suspends only at their own subscriber, renames only users of theirs alone, cannot add another
 * subscriber's user, and cannot lift a suspension by the provider's support. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BulkUsersResponseSchema, ManagedUserSchema, type BulkUserRow } from "../../core/administration/api.js";
import { LOGIN_REFUSALS } from "../../core/identity/login-errors.js";
import { API, auditEvents, personAt, storedUser } from "./administration-support.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, versioned, type TestProvider } from "./support.js";
import { ADMINISTRATION_MESSAGES } from "../../core/administration/messages.js";

let provider: TestProvider;
let manager: string; // Morgan Harper, User Manager at Harper & Vale
let helpdesk: string;

const harperVale = DEMO_SUBSCRIBERS.harperVale.subscriberId;
const keystone = DEMO_SUBSCRIBERS.keystone.subscriberId;

beforeAll(async () => {
  provider = await startTestProvider();
  [manager, helpdesk] = await Promise.all([provider.scriptToken("harperVale"), provider.loginToken(DEMO_USERS.helpdesk.email)]);
});
afterAll(() => provider?.close());

const bulk = (token: string, rows: Partial<BulkUserRow>[], subscriberId = harperVale) =>
  provider.call(token, { method: "POST", url: `${API}/subscribers/${subscriberId}/subscriber-users/bulk`, payload: { rows, dryRun: false } });
const patch = async (token: string, userId: string, body: Record<string, unknown>) =>
  provider.call(token, { method: "PATCH", url: `${API}/subscriber-users/${userId}`, ...(await versioned(provider.db, body, { table: "subscriber_users", id: userId })) });
const me = async (token: string | undefined) => (await provider.call(token, { method: "GET", url: "/api/v1/me" })).statusCode;
const loginRefusal = (email: string, organization: string) =>
  provider.loginToken(email, { organization }).then(
    () => "logged in",
    (error: Error) => error.message.replace(/^Login refused: access_denied: /, ""),
  );

describe("a user of another subscriber only", () => {
  it("cannot be added, renamed or suspended through the import: the row is refused and nothing of theirs changes", async () => {
    const victor = DEMO_USERS.viewer;
    const viewerToken = await provider.scriptToken("keystone");
    const before = await storedUser(provider, victor.subscriberUserId);

    const response = await bulk(manager, [
      { email: victor.email, firstName: "Hijacked", lastName: "Name", roleNames: ["Workspace User"], status: "Suspended" },
      { email: DEMO_USERS.helpdesk.email, firstName: "Helen", lastName: "Desk", roleNames: ["Workspace User"], status: "Suspended" },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const results = BulkUsersResponseSchema.parse(response.json()).results;
    expect(results.map((result) => [result.outcome, result.reason])).toEqual([
      ["refused", ADMINISTRATION_MESSAGES.userExistsElsewhere("Harper & Vale LLP")],
      ["refused", ADMINISTRATION_MESSAGES.userExistsElsewhere("Harper & Vale LLP")],
    ]);

    expect(await storedUser(provider, victor.subscriberUserId)).toEqual(before);
    expect(before.memberships.map((m) => m.subscriber_id)).toEqual([keystone]);
    expect(await me(viewerToken)).toBe(200);
    expect(await me(helpdesk)).toBe(200);
    expect(await auditEvents(provider, { target: victor.subscriberUserId })).toEqual([]);
  });

  it("cannot be added by the single create, then found, edited or suspended by id (404)", async () => {
    const victor = DEMO_USERS.viewer;
    const before = await storedUser(provider, victor.subscriberUserId);
    const create = await provider.call(manager, {
      method: "POST",
      url: `${API}/subscribers/${harperVale}/subscriber-users`,
      payload: { email: victor.email, firstName: "Hijacked", lastName: "Name", roleNames: ["Workspace User"] },
    });
    expect(create.statusCode).toBe(409);
    expect(create.json().code).toBe("USER_OF_ANOTHER_SUBSCRIBER");

    for (const body of [
      { status: "Suspended" },
      { requestType: "PATCH_USER", firstName: "Hijacked", lastName: "Name", roleNames: ["Workspace User"] },
      { requestType: "PATCH_USER", firstName: "Hijacked", lastName: "Name", roleNames: ["Workspace User"], subscriberId: keystone },
    ]) {
      const response = await patch(manager, victor.subscriberUserId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
    }
    expect(await storedUser(provider, victor.subscriberUserId)).toEqual(before);
  });
});

describe("a user of both the manager's subscriber and another", () => {
  it("is suspended by the manager at the manager's subscriber only: their logins elsewhere go on", async () => {
    const shared = await personAt(provider, { harperVale: ["Workspace User"], keystone: ["Workspace Viewer"] }, "Sue");
    const suspended = await patch(manager, shared.userId, { status: "Suspended" });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(ManagedUserSchema.parse(suspended.json())).toMatchObject({ status: "Suspended", subscriberId: harperVale });

    // At Harper & Vale the token is refused and a login is refused with the user manager's words …
    expect(await me(shared.tokens.harperVale)).toBe(401);
    expect(await loginRefusal(shared.email, harperVale)).toBe(LOGIN_REFUSALS.suspendedByUserManager);
    // … at Keystone nothing changed: the account, the token, a new login, and what Keystone sees.
    expect(await me(shared.tokens.keystone)).toBe(200);
    expect(await loginRefusal(shared.email, keystone)).toBe("logged in");
    const stored = await storedUser(provider, shared.userId);
    expect(stored.status).toBe("Active");
    expect(stored.memberships.map((m) => [m.subscriber_id, m.status])).toEqual([
      [harperVale, "Suspended"],
      [keystone, "Active"],
    ]);
    const atKeystone = await provider.call(helpdesk, {
      method: "POST",
      url: `${API}/subscriber-users/search`,
      payload: { subscriberId: keystone, email: shared.email },
    });
    expect(atKeystone.json().records).toMatchObject([{ status: "Active", subscriberId: keystone }]);
    // Without a subscriber asked for, the login goes to the one where they are not suspended.
    const token = await provider.loginToken(shared.email);
    expect((await provider.call(token, { method: "GET", url: "/api/v1/me" })).json().selectedSubscriber).toMatchObject({ subscriberId: keystone });

    const unsuspended = await patch(manager, shared.userId, { status: "Active" });
    expect(unsuspended.json()).toMatchObject({ status: "Active" });
    expect(await loginRefusal(shared.email, harperVale)).toBe("logged in");
    expect((await auditEvents(provider, { target: shared.userId })).map((e) => [e.action, e.details.reach])).toEqual([
      ["USER_SUSPENDED", "subscriber"],
      ["USER_UNSUSPENDED", "subscriber"],
    ]);
  });

  it("is suspended by the manager's import at the manager's subscriber only", async () => {
    const shared = await personAt(provider, { keystone: ["Workspace Viewer"], harperVale: ["Workspace User"] }, "Sid");
    const response = await bulk(manager, [
      { email: shared.email, firstName: "Sid", lastName: "Person", roleNames: ["Workspace User"], status: "Suspended" },
    ]);
    expect(BulkUsersResponseSchema.parse(response.json()).results).toMatchObject([{ outcome: "suspended", changes: ["status"] }]);
    expect(await me(shared.tokens.harperVale)).toBe(401);
    expect(await me(shared.tokens.keystone)).toBe(200);
    const stored = await storedUser(provider, shared.userId);
    expect(stored.status).toBe("Active");
    expect(stored.memberships.map((m) => m.status)).toEqual(["Suspended", "Active"]);
  });

  it("cannot be renamed by the manager (their names are Keystone's too), by the form or the import; roles at the manager's subscriber can change", async () => {
    const shared = await personAt(provider, { harperVale: ["Workspace User"], keystone: ["Workspace Viewer"] }, "Sam");
    const renamed = await patch(manager, shared.userId, {
      requestType: "PATCH_USER",
      firstName: "Renamed",
      lastName: "Person",
      roleNames: ["Workspace User"],
    });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json()).toMatchObject({
      code: "NAMES_SHARED",
      message: "Sam Person is also a user of another subscriber: only the provider's support can change their name.",
    });
    const imported = await bulk(manager, [{ email: shared.email, firstName: "Renamed", lastName: "Person", roleNames: ["Workspace Viewer"] }]);
    expect(BulkUsersResponseSchema.parse(imported.json()).results).toMatchObject([{ outcome: "refused", reason: renamed.json().message }]);
    expect(await storedUser(provider, shared.userId)).toMatchObject({
      first_name: "Sam",
      memberships: [{ role_names: ["Workspace User"] }, { role_names: ["Workspace Viewer"] }],
    });

    const roles = await patch(manager, shared.userId, {
      requestType: "PATCH_USER",
      firstName: "Sam",
      lastName: "Person",
      roleNames: ["Workspace Creator"],
    });
    expect(roles.statusCode, roles.body).toBe(200);
    expect((await storedUser(provider, shared.userId)).memberships.map((m) => m.role_names)).toEqual([["Workspace Creator"], ["Workspace Viewer"]]);

    const byHelpdesk = await patch(helpdesk, shared.userId, { requestType: "PATCH_USER", firstName: "Samuel", lastName: "Person", roleNames: ["Workspace Creator"], subscriberId: harperVale });
    expect(byHelpdesk.statusCode, byHelpdesk.body).toBe(200);
    expect(byHelpdesk.json().firstName).toBe("Samuel");
  });
});

describe("a suspension by the provider's support", () => {
  it("suspends everywhere, and the manager cannot lift it by any route; the helpdesk's unsuspension restores the user everywhere", async () => {
    const shared = await personAt(provider, { harperVale: ["Workspace User"], keystone: ["Workspace Viewer"] }, "Pat");
    expect((await patch(manager, shared.userId, { status: "Suspended" })).statusCode).toBe(200);

    const bySupport = await patch(helpdesk, shared.userId, { status: "Suspended" });
    expect(bySupport.statusCode, bySupport.body).toBe(200);
    expect(await me(shared.tokens.keystone)).toBe(401);
    expect(await loginRefusal(shared.email, keystone)).toBe(LOGIN_REFUSALS.suspended);

    const byManager = await patch(manager, shared.userId, { status: "Active" });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toMatchObject({
      code: "SUSPENDED_BY_SUPPORT",
      message: "Pat Person was suspended by the provider's support: only they can restore this user's access.",
    });
    const imported = await bulk(manager, [{ email: shared.email, firstName: "Pat", lastName: "Person", roleNames: ["Workspace User"], status: "Active" }]);
    expect(BulkUsersResponseSchema.parse(imported.json()).results).toMatchObject([{ outcome: "refused", reason: byManager.json().message }]);
    expect((await storedUser(provider, shared.userId)).status).toBe("Suspended");

    const restored = await patch(helpdesk, shared.userId, { status: "Active" });
    expect(restored.statusCode, restored.body).toBe(200);
    const stored = await storedUser(provider, shared.userId);
    expect([stored.status, ...stored.memberships.map((m) => m.status)]).toEqual(["Active", "Active", "Active"]);
    expect(await loginRefusal(shared.email, harperVale)).toBe("logged in");
    expect((await auditEvents(provider, { target: shared.userId })).map((e) => [e.action, e.details.reach])).toEqual([
      ["USER_SUSPENDED", "subscriber"],
      ["USER_SUSPENDED", "everywhere"],
      ["USER_UNSUSPENDED", "everywhere"],
    ]);
  });
});
