/** The subscriber service's read side: associated subscribers, user names, and /api/v1/me. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AssociatedSubscribersResponseSchema, SubscriberUserNamesResponseSchema } from "../../core/administration/api.js";
import { MeResponseSchema } from "../../core/identity/api.js";
import { Permission } from "../../core/shared/permissions/roles.js";
import { revokeUserGrants } from "../../provider/identity/revoke-user.js";
import { seedDemoWorld } from "../../provider/platform/demo-world.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, type TestProvider } from "./support.js";

let provider: TestProvider;
let manager: string; // Morgan Harper at Harper & Vale (User Manager), through the script client
let viewer: string; // Victor Stone at Keystone
let helpdesk: string; // Helen Desk, through the login page

beforeAll(async () => {
  provider = await startTestProvider();
  [manager, viewer, helpdesk] = await Promise.all([
    provider.scriptToken("harperVale"),
    provider.scriptToken("keystone"),
    provider.loginToken(DEMO_USERS.helpdesk.email),
  ]);
});
afterAll(() => provider?.close());

async function associated(token: string, query = "") {
  const response = await provider.call(token, {
    method: "GET",
    url: `/api/subscriber/v1/subscribers?page=1&limit=20${query}`,
  });
  return {
    response,
    body:
      response.statusCode === 200 ? AssociatedSubscribersResponseSchema.parse(response.json()) : undefined,
  };
}

describe("GET /api/subscriber/v1/subscribers", () => {
  it("lists the caller's own subscribers, primary first then by name", async () => {
    const { body } = await associated(manager, `&subscriber-user-id=${DEMO_USERS.manager.subscriberUserId}`);
    expect(body!.records.map((s) => [s.name, s.isPrimary])).toEqual([
      ["Harper & Vale LLP", true],
      ["Ashdown Legal", false],
    ]);
    expect(body!.records[0]).toMatchObject({
      entityType: "Law Firm",
      status: "Active",
      authenticationType: "AUTH0_DATABASE_CONNECTION",
    });
    expect(body!.page).toEqual({ page: 1, limit: 20, totalRecords: 2, pageRecords: 2 });
  });

  it("treats a missing or empty subscriber-user-id as the caller", async () => {
    for (const query of ["", "&subscriber-user-id="]) {
      const { body } = await associated(viewer, query);
      expect(body!.records.map((s) => s.name)).toEqual(["Keystone Conveyancing"]);
    }
  });

  it("pages", async () => {
    const response = await provider.call(manager, {
      method: "GET",
      url: "/api/subscriber/v1/subscribers?page=2&limit=1",
    });
    const body = AssociatedSubscribersResponseSchema.parse(response.json());
    expect(body.records.map((s) => s.name)).toEqual(["Ashdown Legal"]);
    expect(body.page).toEqual({ page: 2, limit: 1, totalRecords: 2, pageRecords: 1 });
  });

  it("refuses a non-helpdesk caller who asks about another user", async () => {
    const { response } = await associated(
      viewer,
      `&subscriber-user-id=${DEMO_USERS.manager.subscriberUserId}`,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 403, code: "FORBIDDEN" });
  });

  it("lets the helpdesk administrator ask about anyone", async () => {
    const { body } = await associated(helpdesk, `&subscriber-user-id=${DEMO_USERS.manager.subscriberUserId}`);
    expect(body!.records.map((s) => s.subscriberId)).toEqual([
      DEMO_SUBSCRIBERS.harperVale.subscriberId,
      DEMO_SUBSCRIBERS.ashdown.subscriberId,
    ]);
  });

  it("gives the helpdesk administrator every subscriber by name when no user is named", async () => {
    const { body } = await associated(helpdesk);
    expect(body!.records.map((s) => [s.name, s.isPrimary])).toEqual([
      ["Ashdown Legal", false],
      ["Harper & Vale LLP", false],
      ["Keystone Conveyancing", false],
      ["Northgate Bank", false],
    ]);
  });
});

describe("GET /api/subscriber/v1/subscribers/subscriber-users", () => {
  const ids = [
    DEMO_USERS.manager.subscriberUserId,
    DEMO_USERS.suspended.subscriberUserId,
    DEMO_USERS.viewer.subscriberUserId,
    "no-such-user",
  ].join(",");

  it("names only users who share a subscriber with the caller", async () => {
    const response = await provider.call(manager, {
      method: "GET",
      url: `/api/subscriber/v1/subscribers/subscriber-users?ids=${ids}`,
    });
    const body = SubscriberUserNamesResponseSchema.parse(response.json());
    expect(body.records.map((u) => `${u.firstName} ${u.lastName}`).sort()).toEqual([
      "Morgan Harper",
      "Sam Pended",
    ]);
  });

  it("names everyone for the helpdesk administrator", async () => {
    const response = await provider.call(helpdesk, {
      method: "GET",
      url: `/api/subscriber/v1/subscribers/subscriber-users?ids=${ids}`,
    });
    const body = SubscriberUserNamesResponseSchema.parse(response.json());
    expect(body.records.map((u) => u.subscriberUserId).sort()).toEqual(
      [
        DEMO_USERS.manager.subscriberUserId,
        DEMO_USERS.suspended.subscriberUserId,
        DEMO_USERS.viewer.subscriberUserId,
      ].sort(),
    );
  });

  it("requires ids", async () => {
    const response = await provider.call(manager, {
      method: "GET",
      url: "/api/subscriber/v1/subscribers/subscriber-users",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
    expect(response.json().message).toContain("querystring.ids");
  });
});

describe("GET /api/v1/me/standing", () => {
  it("answers 204 while the login stands, 401 from the moment it is revoked, and 401 without a token", async () => {
    const lender = await provider.loginToken(DEMO_USERS.lender.email);
    const standing = (token: string | undefined) => provider.call(token, { method: "GET", url: "/api/v1/me/standing" });
    const fine = await standing(lender);
    expect(fine.statusCode).toBe(204);
    expect(fine.body).toBe("");
    await revokeUserGrants(provider.db, DEMO_USERS.lender.subscriberUserId);
    expect((await standing(lender)).statusCode).toBe(401);
    expect((await standing(undefined)).statusCode).toBe(401);
  });
});

describe("GET /api/v1/me", () => {
  it("describes a subscriber user with the selected subscriber, roles and permissions", async () => {
    const me = MeResponseSchema.parse(
      (await provider.call(manager, { method: "GET", url: "/api/v1/me" })).json(),
    );
    expect(me.user).toMatchObject({
      subscriberUserId: DEMO_USERS.manager.subscriberUserId,
      email: "manager@harpervale.example",
      firstName: "Morgan",
      lastName: "Harper",
      status: "Active",
      subscriberId: DEMO_SUBSCRIBERS.harperVale.subscriberId,
      subscriber: "Harper & Vale LLP",
    });
    expect(me.selectedSubscriber).toMatchObject({
      name: "Harper & Vale LLP",
      isPrimary: true,
      entityType: "Law Firm",
    });
    expect(me.roles).toEqual(expect.arrayContaining(["User Manager", "Workspace Creator"]));
    expect(me.permissions).toContain(Permission.EDIT_SUBSCRIBER_USERS);
    expect(me.user.roleNames).toEqual(me.roles);
  });

  it("describes the helpdesk administrator without a subscriber", async () => {
    const me = MeResponseSchema.parse(
      (await provider.call(helpdesk, { method: "GET", url: "/api/v1/me" })).json(),
    );
    expect(me.user.email).toBe("helpdesk@provider.example");
    expect(me.selectedSubscriber).toBeNull();
    expect(me.roles).toEqual(["Helpdesk Administrator"]);
    expect(me.permissions).toContain(Permission.EDIT_FEATURE_FLAGS);
  });

  it("shows the subscriber chosen at login", async () => {
    const token = await provider.loginToken(DEMO_USERS.manager.email, {
      organization: DEMO_SUBSCRIBERS.ashdown.subscriberId,
    });
    const me = MeResponseSchema.parse(
      (await provider.call(token, { method: "GET", url: "/api/v1/me" })).json(),
    );
    expect(me.selectedSubscriber).toMatchObject({ name: "Ashdown Legal", isPrimary: false });
    expect(me.roles).toEqual(["Workspace User"]);
    expect(me.permissions).not.toContain(Permission.EDIT_SUBSCRIBER_USERS);
  });
});

describe("the demo world seed", () => {
  it("leaves an existing world alone", async () => {
    const before = await provider.db.selectFrom("script_clients").select("client_id").execute();
    const again = await seedDemoWorld(provider.db, provider.config);
    expect(again).toEqual({ seeded: false, scriptClients: [] });
    expect(await provider.db.selectFrom("script_clients").select("client_id").execute()).toEqual(before);
    const users = await provider.db.selectFrom("subscriber_users").select("email").execute();
    expect(users).toHaveLength(Object.keys(DEMO_USERS).length);
  });

  it("refuses to run in production", async () => {
    await expect(seedDemoWorld(provider.db, { ...provider.config, production: true })).rejects.toThrow(
      /production/,
    );
  });

  it("gives a pending user no password and every other user the demo password", async () => {
    const rows = await provider.db
      .selectFrom("subscriber_users")
      .select(["email", "password_hash", "status"])
      .execute();
    for (const row of rows) expect(row.password_hash === null).toBe(row.status === "Pending");
  });
});

describe("POST /api/subscriber/v1/subscribers", () => {
  const create = (token: string, body: Record<string, unknown>) =>
    provider.call(token, { method: "POST", url: "/api/subscriber/v1/subscribers", payload: body });

  it("lets the helpdesk administrator add a subscriber without users, audited; its users list is empty", async () => {
    const response = await create(helpdesk, { name: "  Fenwick   Homes ", entityType: "CONVEYANCING_FIRM" });
    expect(response.statusCode, response.body).toBe(201);
    const subscriber = response.json();
    expect(subscriber).toMatchObject({ name: "Fenwick Homes", entityType: "Conveyancing Firm", status: "Active", isPrimary: false });
    const users = await provider.call(helpdesk, {
      method: "POST",
      url: "/api/subscriber/v1/subscriber-users/search",
      payload: { subscriberId: subscriber.subscriberId },
    });
    expect(users.json().page.totalRecords).toBe(0);
    const [event] = await provider.db.selectFrom("audit_events").selectAll().where("target", "=", subscriber.subscriberId).execute();
    expect(event).toMatchObject({ action: "SUBSCRIBER_CREATED", actor_user_id: DEMO_USERS.helpdesk.subscriberUserId });
  });

  it("refuses a name already taken (409), a bad name or type (400), and anyone but the helpdesk (403), creating nothing", async () => {
    const count = async () => Number((await provider.db.selectFrom("subscribers").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    const taken = await create(helpdesk, { name: "harper & vale llp", entityType: "Law Firm" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "SUBSCRIBER_EXISTS", message: "A subscriber named harper & vale llp already exists." });
    expect((await create(helpdesk, { name: "  ", entityType: "Law Firm" })).json()).toMatchObject({ status: 400, message: "Enter the subscriber's name" });
    expect((await create(helpdesk, { name: "Bank", entityType: "Bank" })).json()).toMatchObject({
      status: 400,
      message: "Unknown subscriber type Bank: use Lender, Law Firm, Conveyancing Firm.",
    });
    expect((await create(helpdesk, { name: "x".repeat(201), entityType: "Lender" })).statusCode).toBe(400);
    expect((await create(manager, { name: "Mine", entityType: "Lender" })).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});
