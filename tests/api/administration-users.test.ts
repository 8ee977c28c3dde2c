/**
 * Administering subscriber users (document 3 sections 4.6, 5.3, 6 and 7.3; issue 5): roles per subscriber
 * type, create, edit (PATCH_USER), re-send the activation email, versions, the bulk call, and the limits of
 * a User Manager (their own subscriber only; never the User Manager role).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BulkUsersResponseSchema,
  CreatedUserSchema,
  ManagedUserSchema,
  ManagedUserSearchResponseSchema,
  RolesResponseSchema,
  type BulkUserRow,
} from "../../core/administration/api.js";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { USER_FORM_MESSAGES } from "../../core/administration/schemas.js";
import { API, auditEvents, invitations, personWithRoles } from "./administration-support.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, versioned, type TestProvider } from "./support.js";
import { ADMINISTRATION_MESSAGES } from "../../core/administration/messages.js";

let provider: TestProvider;
let manager: string; // Morgan Harper, User Manager at Harper & Vale
let viewer: string; // Victor Stone, Workspace Viewer at Keystone
let helpdesk: string; // Helen Desk
let keystoneManager: { token: string; userId: string }; // a User Manager at Keystone

const harperVale = DEMO_SUBSCRIBERS.harperVale.subscriberId;
const keystone = DEMO_SUBSCRIBERS.keystone.subscriberId;
const ashdown = DEMO_SUBSCRIBERS.ashdown.subscriberId;
const northgate = DEMO_SUBSCRIBERS.northgate.subscriberId;

beforeAll(async () => {
  provider = await startTestProvider();
  [manager, viewer, helpdesk] = await Promise.all([
    provider.scriptToken("harperVale"),
    provider.scriptToken("keystone"),
    provider.loginToken(DEMO_USERS.helpdesk.email),
  ]);
  keystoneManager = await personWithRoles(provider, "keystone", ["User Manager"], "Kim");
});
afterAll(() => provider?.close());

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Amara",
  middleName: "",
  lastName: "Okafor",
  email: `amara.${Math.random().toString(36).slice(2, 8)}@harpervale.example`,
  roleNames: ["Workspace User"],
  ...overrides,
});

function create(token: string, subscriberId: string, body: Record<string, unknown>) {
  return provider.call(token, { method: "POST", url: `${API}/subscribers/${subscriberId}/subscriber-users`, payload: body });
}

async function patch(token: string, userId: string, body: Record<string, unknown>) {
  return provider.call(token, { method: "PATCH", url: `${API}/subscriber-users/${userId}`, ...(await versioned(provider.db, body, { table: "subscriber_users", id: userId })) });
}

function bulk(token: string, subscriberId: string, rows: Partial<BulkUserRow>[], dryRun = false) {
  return provider.call(token, {
    method: "POST",
    url: `${API}/subscribers/${subscriberId}/subscriber-users/bulk`,
    payload: { rows, dryRun },
  });
}

async function created(token: string, subscriberId: string, body: Record<string, unknown>) {
  const response = await create(token, subscriberId, body);
  expect(response.statusCode, response.body).toBe(201);
  return ManagedUserSchema.parse(response.json());
}

describe("GET /api/subscriber/v1/roles", () => {
  const names = async (token: string, query = "") => {
    const response = await provider.call(token, { method: "GET", url: `${API}/roles${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return RolesResponseSchema.parse(response.json()).roles.map((role) => role.name);
  };

  it("gives the roles of the subscriber type asked for, never the provider's staff roles", async () => {
    const lender = await names(manager, "?subscriber_type=Lender");
    expect(lender).toContain("Funds Authoriser");
    expect(lender).not.toContain("HMLR Administrator");
    expect(await names(manager, "?subscriber_type=LAW_FIRM")).toContain("HMLR Administrator");
    for (const roles of [lender, await names(helpdesk)]) {
      expect(roles).not.toContain("Helpdesk Administrator");
      expect(roles).not.toContain("System Administrator");
    }
  });

  it("defaults to the caller's subscriber type, and refuses an unknown type", async () => {
    expect(await names(manager)).toEqual(await names(manager, "?subscriber_type=Law Firm"));
    const response = await provider.call(manager, { method: "GET", url: `${API}/roles?subscriber_type=Bank` });
    expect(response.statusCode).toBe(400);
  });
});

describe("POST /api/subscriber/v1/subscribers/{id}/subscriber-users", () => {
  it("adds a Pending user with the roles, records the invitation and an audit event with the caller's address", async () => {
    const body = newUser({ middleName: "Ngozi" });
    const user = await created(manager, harperVale, body);

    expect(user).toMatchObject({
      firstName: "Amara",
      middleName: "Ngozi",
      lastName: "Okafor",
      email: body.email,
      status: "Pending",
      subscriberId: harperVale,
      roleNames: ["Workspace User"],
      version: 1,
    });
    expect(user.invitationSentAt).not.toBeNull();
    expect(await invitations(provider, user.subscriberUserId)).toMatchObject([{ kind: "INVITATION", email: body.email }]);
    const [event] = await auditEvents(provider, { target: user.subscriberUserId });
    expect(event).toMatchObject({
      action: "USER_CREATED",
      actor_user_id: DEMO_USERS.manager.subscriberUserId,
      subscriber_id: harperVale,
      ip_address: "127.0.0.1",
    });

    const search = await provider.call(manager, {
      method: "POST",
      url: `${API}/subscriber-users/search`,
      payload: { email: body.email },
    });
    expect(ManagedUserSearchResponseSchema.parse(search.json()).records).toHaveLength(1);
  });

  it.each([
    [{ firstName: "1Amara" }, "Enter a valid first name"],
    [{ lastName: "" }, "Last name is required"],
    [{ email: "not-an-email" }, "Enter a valid email address"],
    [{ lastName: "x".repeat(101) }, "Last name must not exceed 100 characters"],
    [{ roleNames: ["Workspace Approver", "Workspace User"] }, USER_FORM_MESSAGES.approverAndUser],
    [{ roleNames: ["Workspace Wizard"] }, 'Unknown role "Workspace Wizard"'],
    [{ roleNames: [] }, USER_FORM_MESSAGES.rolesRequired],
  ])("refuses %j with the form's message (400), creating nothing", async (change, message) => {
    const body = newUser(change);
    const response = await create(manager, harperVale, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    const count = await provider.db
      .selectFrom("subscriber_users")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("email", "=", String(body.email).toLowerCase())
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("refuses a role the subscriber's type does not give", async () => {
    const response = await create(helpdesk, northgate, newUser({ roleNames: ["HMLR Administrator"] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("The role HMLR Administrator cannot be given to users of a Lender");
  });

  it("lets only a helpdesk administrator give the User Manager role", async () => {
    const refused = await create(manager, harperVale, newUser({ roleNames: ["User Manager"] }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "FORBIDDEN", message: USER_FORM_MESSAGES.userManager });

    const user = await created(helpdesk, harperVale, newUser({ roleNames: ["User Manager"] }));
    expect(user.roleNames).toEqual(["User Manager"]);
  });

  it("answers 404 to a User Manager adding a user to another subscriber, and 403 without the permission", async () => {
    expect((await create(manager, keystone, newUser())).statusCode).toBe(404);
    expect((await create(keystoneManager.token, harperVale, newUser())).statusCode).toBe(404);
    expect((await create(viewer, keystone, newUser())).statusCode).toBe(403);
  });

  it("answers 409 for an email already at this subscriber; only the helpdesk adds a user of another subscriber, keeping their names", async () => {
    const duplicate = await create(manager, harperVale, newUser({ email: "SUSPENDED@harpervale.example" }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: "USER_EXISTS", message: "A user with this email already exists at Harper & Vale LLP." });

    const byManager = await create(manager, harperVale, newUser({ email: DEMO_USERS.viewer.email, firstName: "Someone" }));
    expect(byManager.statusCode).toBe(409);
    expect(byManager.json()).toMatchObject({
      code: "USER_OF_ANOTHER_SUBSCRIBER",
      message: ADMINISTRATION_MESSAGES.userExistsElsewhere("Harper & Vale LLP"),
    });

    const joined = await created(helpdesk, harperVale, newUser({ email: DEMO_USERS.viewer.email, firstName: "Someone" }));
    expect(joined).toMatchObject({
      subscriberUserId: DEMO_USERS.viewer.subscriberUserId,
      firstName: "Victor",
      status: "Active",
      subscriberId: harperVale,
      roleNames: ["Workspace User"],
    });
  });
});

describe("invitation emails (the mail sandbox refuses every address at undeliverable.example)", () => {
  const refusal = (email: string) => `550 5.1.1 <${email}>: mailbox unavailable`;

  it("adds the user all the same when their invitation is refused, says why, and records no invitation", async () => {
    const email = `nobody.${Math.random().toString(36).slice(2, 8)}@undeliverable.example`;
    const response = await create(manager, harperVale, newUser({ email }));
    expect(response.statusCode, response.body).toBe(201);
    const user = CreatedUserSchema.parse(response.json());
    expect(user).toMatchObject({ email, status: "Pending", invitationSentAt: null, invitationFailure: refusal(email) });
    expect(await invitations(provider, user.subscriberUserId)).toEqual([]);

    const delivered = CreatedUserSchema.parse((await create(manager, harperVale, newUser())).json());
    expect(delivered.invitationFailure).toBeNull();
    expect(delivered.invitationSentAt).not.toBeNull();
  });

  it("answers 502 INVITATION_NOT_SENT with the mail service's reason when a re-sent activation email is refused", async () => {
    const email = `again.${Math.random().toString(36).slice(2, 8)}@undeliverable.example`;
    const user = await created(manager, harperVale, newUser({ email }));
    const resent = await patch(manager, user.subscriberUserId, { requestType: "RESEND_INVITATION", email });
    expect(resent.statusCode).toBe(502);
    expect(resent.json()).toEqual({ status: 502, code: "INVITATION_NOT_SENT", message: refusal(email) });
    expect(await invitations(provider, user.subscriberUserId)).toEqual([]);
    expect((await auditEvents(provider, { target: user.subscriberUserId })).map((e) => e.action)).toEqual(["USER_CREATED"]);
  });

  it("reports a created row whose invitation was refused with the reason, and invites the others", async () => {
    const bad = `bulk.${Math.random().toString(36).slice(2, 8)}@undeliverable.example`;
    const good = `bulk.${Math.random().toString(36).slice(2, 8)}@harpervale.example`;
    const results = BulkUsersResponseSchema.parse(
      (
        await bulk(manager, harperVale, [
          { email: bad, firstName: "Una", lastName: "Deliverable", roleNames: ["Workspace User"] },
          { email: good, firstName: "Del", lastName: "Ivered", roleNames: ["Workspace User"] },
        ])
      ).json(),
    ).results;
    expect(results.map((r) => [r.outcome, r.reason])).toEqual([
      ["created", refusal(bad)],
      ["created", null],
    ]);
    expect(await invitations(provider, results[0]!.subscriberUserId!)).toEqual([]);
    expect(await invitations(provider, results[1]!.subscriberUserId!)).toMatchObject([{ kind: "INVITATION", email: good }]);
  });
});

describe("PATCH /api/subscriber/v1/subscriber-users/{id}", () => {
  it("edits names and roles (PATCH_USER) with the version, and refuses a stale version with the conflict message", async () => {
    const user = await created(manager, harperVale, newUser());
    const response = await patch(manager, user.subscriberUserId, {
      requestType: "PATCH_USER",
      firstName: "Amy",
      middleName: null,
      lastName: "Okafor-Smith",
      roleNames: ["Workspace Approver", "Workspace Creator"],
      version: user.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = ManagedUserSchema.parse(response.json());
    expect(edited).toMatchObject({
      firstName: "Amy",
      lastName: "Okafor-Smith",
      roleNames: ["Workspace Approver", "Workspace Creator"],
      email: user.email,
      version: user.version + 1,
    });
    const [, event] = await auditEvents(provider, { target: user.subscriberUserId });
    expect(event).toMatchObject({ action: "USER_UPDATED" });
    expect(event!.details).toMatchObject({
      from: { firstName: "Amara", roleNames: ["Workspace User"] },
      to: { firstName: "Amy", roleNames: ["Workspace Approver", "Workspace Creator"] },
    });

    const stale = await patch(manager, user.subscriberUserId, {
      requestType: "PATCH_USER",
      firstName: "Ann",
      lastName: "Okafor",
      roleNames: ["Workspace User"],
      version: user.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "CONFLICT", message: CONFLICT_MESSAGE });
    const again = await provider.call(manager, { method: "GET", url: `${API}/subscriber-users/${user.subscriberUserId}` });
    expect(again.json()).toMatchObject({ firstName: "Amy", version: user.version + 1 });
  });

  it("refuses a stale version on a status change too", async () => {
    const sam = DEMO_USERS.suspended.subscriberUserId;
    const current = ManagedUserSchema.parse(
      (await provider.call(manager, { method: "GET", url: `${API}/subscriber-users/${sam}` })).json(),
    );
    const stale = await patch(manager, sam, { status: "Active", version: current.version + 7 });
    expect(stale.statusCode).toBe(409);
    const done = await patch(manager, sam, { status: "Active", version: current.version });
    expect(done.statusCode, done.body).toBe(200);
    expect(ManagedUserSchema.parse(done.json())).toMatchObject({ status: "Active", version: current.version + 1 });
    expect((await patch(manager, sam, { status: "Suspended" })).statusCode).toBe(200);
  });

  it("does not let a User Manager add or remove User Manager, nor touch another subscriber's user", async () => {
    const user = await created(manager, harperVale, newUser());
    const grant = await patch(manager, user.subscriberUserId, {
      requestType: "PATCH_USER",
      firstName: "Amara",
      lastName: "Okafor",
      roleNames: ["Workspace User", "User Manager"],
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe(USER_FORM_MESSAGES.userManager);

    const removeOwn = await patch(manager, DEMO_USERS.manager.subscriberUserId, {
      requestType: "PATCH_USER",
      firstName: "Morgan",
      lastName: "Harper",
      roleNames: ["Workspace Creator"],
    });
    expect(removeOwn.statusCode).toBe(403);

    const pendingAtKeystone = DEMO_USERS.pending.subscriberUserId;
    for (const body of [
      { requestType: "PATCH_USER", firstName: "P", lastName: "D", roleNames: ["Workspace User"] },
      { requestType: "RESEND_INVITATION", email: DEMO_USERS.pending.email },
      { status: "Suspended" },
    ]) {
      const response = await patch(manager, pendingAtKeystone, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
    }
    const read = await provider.call(manager, { method: "GET", url: `${API}/subscriber-users/${pendingAtKeystone}` });
    expect(read.statusCode).toBe(404);

    const byHelpdesk = await patch(helpdesk, user.subscriberUserId, {
      requestType: "PATCH_USER",
      firstName: "Amara",
      lastName: "Okafor",
      roleNames: ["Workspace User", "User Manager"],
    });
    expect(byHelpdesk.statusCode, byHelpdesk.body).toBe(200);
    expect(byHelpdesk.json().roleNames).toEqual(["Workspace User", "User Manager"]);
  });

  it("locks the names of single sign-on users but lets their roles change", async () => {
    const user = await created(helpdesk, ashdown, newUser({ email: "sso.user@ashdown.example" }));
    expect(user.authenticationType).toBe("ENTERPRISE_CONNECTION");
    const renamed = await patch(helpdesk, user.subscriberUserId, {
      requestType: "PATCH_USER",
      firstName: "Changed",
      lastName: "Okafor",
      roleNames: ["Workspace User"],
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(USER_FORM_MESSAGES.singleSignOn);
    const roles = await patch(helpdesk, user.subscriberUserId, {
      requestType: "PATCH_USER",
      firstName: "Amara",
      lastName: "Okafor",
      roleNames: ["Workspace Viewer"],
    });
    expect(roles.statusCode, roles.body).toBe(200);
  });

  it("re-sends the activation email of a Pending user only, to their own address", async () => {
    const user = await created(manager, harperVale, newUser());
    const resent = await patch(manager, user.subscriberUserId, { requestType: "RESEND_INVITATION", email: user.email.toUpperCase() });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await invitations(provider, user.subscriberUserId)).toMatchObject([{ kind: "INVITATION" }, { kind: "RESEND" }]);
    expect((await auditEvents(provider, { target: user.subscriberUserId })).map((e) => e.action)).toEqual([
      "USER_CREATED",
      "USER_INVITATION_RESENT",
    ]);

    const wrongEmail = await patch(manager, user.subscriberUserId, { requestType: "RESEND_INVITATION", email: "other@x.example" });
    expect(wrongEmail.statusCode).toBe(400);
    const active = await patch(manager, DEMO_USERS.manager.subscriberUserId, {
      requestType: "RESEND_INVITATION",
      email: DEMO_USERS.manager.email,
    });
    expect(active.statusCode).toBe(400);
    expect(active.json().code).toBe("USER_NOT_PENDING");
  });

  it("names the problem of an unknown request type", async () => {
    const response = await patch(manager, DEMO_USERS.manager.subscriberUserId, { requestType: "DELETE_USER" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("requestType");
  });
});

describe("POST /api/subscriber/v1/subscribers/{id}/subscriber-users/bulk", () => {
  it("reports every row, one bad row stopping nothing, and changes nothing when sent again", async () => {
    const existing = await created(manager, harperVale, newUser({ email: "bulk.existing@harpervale.example" }));
    await provider.db.updateTable("subscriber_users").set({ status: "Active" }).where("subscriber_user_id", "=", existing.subscriberUserId).execute();
    const rows: Partial<BulkUserRow>[] = [
      { email: "bulk.new@harpervale.example", firstName: "Nia", lastName: "New", roleNames: ["Workspace User"] },
      { email: "BULK.NEW@harpervale.example", firstName: "Nia", lastName: "Again", roleNames: ["Workspace User"] },
      { email: "bulk.bad@harpervale.example", firstName: "N1a", lastName: "Bad", roleNames: ["Workspace User"] },
      { email: "bulk.role@harpervale.example", firstName: "Rolf", lastName: "Role", roleNames: ["Chief Wizard"] },
      { email: "bulk.um@harpervale.example", firstName: "Uma", lastName: "Manager", roleNames: ["User Manager"] },
      { email: existing.email, firstName: "Amara", lastName: "Okafor", roleNames: ["Workspace Creator"] },
      { email: DEMO_USERS.suspended.email, firstName: "Sam", lastName: "Pended", roleNames: ["Workspace User"], status: "Active" },
      { email: DEMO_USERS.manager.email, firstName: "Morgan", lastName: "Harper", roleNames: ["User Manager", "Workspace Creator"], status: "Suspended" },
    ];
    const first = await bulk(manager, harperVale, rows);
    expect(first.statusCode, first.body).toBe(200);
    const results = BulkUsersResponseSchema.parse(first.json()).results;
    expect(results.map((r) => [r.index, r.outcome])).toEqual([
      [0, "created"],
      [1, "refused"],
      [2, "refused"],
      [3, "refused"],
      [4, "refused"],
      [5, "updated"],
      [6, "unsuspended"],
      [7, "refused"],
    ]);
    expect(results[1]!.reason).toBe("The email bulk.new@harpervale.example appears more than once: row 1 has it already");
    expect(results[2]!.reason).toBe("Enter a valid first name");
    expect(results[3]!.reason).toBe('Unknown role "Chief Wizard"');
    expect(results[4]!.reason).toBe(USER_FORM_MESSAGES.userManager);
    expect(results[5]!.changes).toEqual(["roleNames"]);
    expect(results[7]!.reason).toBe("You cannot suspend your own account.");

    const again = BulkUsersResponseSchema.parse((await bulk(manager, harperVale, rows)).json()).results;
    expect(again.map((r) => r.outcome)).toEqual(["unchanged", "refused", "refused", "refused", "refused", "unchanged", "unchanged", "refused"]);
    const copies = await provider.db
      .selectFrom("subscriber_users")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("email", "=", "bulk.new@harpervale.example")
      .executeTakeFirstOrThrow();
    expect(Number(copies.n)).toBe(1);
  });

  it("suspends as the rows say, ending the user's sessions, and says what a dry run would do without doing it", async () => {
    const person = await personWithRoles(provider, "harperVale", ["Workspace User"], "Bulky");
    expect((await provider.call(person.token, { method: "GET", url: "/api/v1/me" })).statusCode).toBe(200);
    const row = { email: person.email, firstName: "Bulky", lastName: "Person", roleNames: ["Workspace User"], status: "Suspended" as const };

    const dry = BulkUsersResponseSchema.parse((await bulk(manager, harperVale, [row], true)).json());
    expect(dry).toMatchObject({ dryRun: true, results: [{ outcome: "suspended" }] });
    expect((await provider.call(person.token, { method: "GET", url: "/api/v1/me" })).statusCode).toBe(200);

    const done = BulkUsersResponseSchema.parse((await bulk(manager, harperVale, [row])).json());
    expect(done.results[0]).toMatchObject({ outcome: "suspended", changes: ["status"] });
    expect((await provider.call(person.token, { method: "GET", url: "/api/v1/me" })).statusCode).toBe(401);
    expect((await auditEvents(provider, { target: person.userId })).map((e) => e.action)).toEqual(["USER_SUSPENDED"]);
  });

  it("refuses a new user created suspended and a pending user suspended", async () => {
    const results = BulkUsersResponseSchema.parse(
      (
        await bulk(helpdesk, keystone, [
          { email: "new.suspended@keystone.example", firstName: "Nora", lastName: "New", roleNames: ["Workspace User"], status: "Suspended" },
          { email: DEMO_USERS.pending.email, firstName: "Penny", lastName: "Ding", roleNames: ["Workspace User"], status: "Suspended" },
          { email: DEMO_USERS.pending.email.replace("pending", "pending2"), firstName: "Penny", lastName: "Two", roleNames: ["Workspace User"], status: "Active" },
        ])
      ).json(),
    ).results;
    expect(results.map((r) => r.outcome)).toEqual(["refused", "refused", "created"]);
    expect(results[1]!.reason).toContain("a pending user cannot be suspended");
  });

  it("answers 404 for another subscriber, 403 without the permissions, 400 above 500 rows", async () => {
    const row = { email: "x@keystone.example", firstName: "X", lastName: "Y", roleNames: ["Workspace User"] };
    expect((await bulk(manager, keystone, [row])).statusCode).toBe(404);
    expect((await bulk(viewer, keystone, [row])).statusCode).toBe(403);
    const many = Array.from({ length: 501 }, (_, i) => ({ ...row, email: `x${i}@keystone.example` }));
    expect((await bulk(keystoneManager.token, keystone, many)).statusCode).toBe(400);
  });
});
