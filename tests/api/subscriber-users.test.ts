/** Subscriber users: search, one user, suspend and unsuspend (document 3 sections 4.6, 6 and 7.3). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORRELATION_ID_HEADER } from "../../core/shared/contract.js";
import { SubscriberUserSchema, UserSearchResponseSchema, type UserSearchRequest } from "../../core/administration/api.js";
import { statusAtPrimary } from "./administration-support.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, versioned, type TestProvider } from "./support.js";

let provider: TestProvider;
let manager: string; // Morgan Harper, User Manager at Harper & Vale
let managerAtAshdown: string; // Morgan Harper, Workspace User at Ashdown Legal
let viewer: string; // Victor Stone, Workspace Viewer at Keystone
let helpdesk: string; // Helen Desk

beforeAll(async () => {
  provider = await startTestProvider();
  [manager, managerAtAshdown, viewer, helpdesk] = await Promise.all([
    provider.scriptToken("harperVale"),
    provider.scriptToken("ashdown"),
    provider.scriptToken("keystone"),
    provider.loginToken(DEMO_USERS.helpdesk.email),
  ]);
});
afterAll(() => provider?.close());

function search(token: string, body: UserSearchRequest) {
  return provider.call(token, {
    method: "POST",
    url: "/api/subscriber/v1/subscriber-users/search",
    payload: body,
  });
}

async function searchEmails(token: string, body: UserSearchRequest) {
  const response = await search(token, body);
  expect(response.statusCode, response.body).toBe(200);
  return UserSearchResponseSchema.parse(response.json()).records.map((user) => user.email);
}

async function setStatus(
  token: string,
  subscriberUserId: string,
  status: string,
  headers: Record<string, string> = {},
) {
  const write = await versioned(provider.db, { status }, { table: "subscriber_users", id: subscriberUserId });
  return provider.call(token, {
    method: "PATCH",
    url: `/api/subscriber/v1/subscriber-users/${subscriberUserId}`,
    payload: write.payload,
    headers: { ...write.headers, ...headers },
  });
}

const statusOf = (subscriberUserId: string) => statusAtPrimary(provider, subscriberUserId);

async function auditEvents(target: string) {
  return provider.db
    .selectFrom("audit_events")
    .selectAll()
    .where("target", "=", target)
    .orderBy("occurred_at")
    .execute();
}

describe("POST /api/subscriber/v1/subscriber-users/search", () => {
  it("searches the caller's selected subscriber by default, by first name, with the roles held there", async () => {
    const response = await search(manager, {});
    const body = UserSearchResponseSchema.parse(response.json());
    expect(body.records.map((u) => u.email)).toEqual([
      "manager@harpervale.example",
      "suspended@harpervale.example",
    ]);
    expect(body.records[0]).toMatchObject({
      subscriberId: DEMO_SUBSCRIBERS.harperVale.subscriberId,
      subscriber: "Harper & Vale LLP",
      status: "Active",
    });
    expect(body.records[0].roleNames).toEqual([
      "User Manager",
      "Workspace Creator",
      "Workspace Approver",
    ]);
    expect(body.page).toEqual({ page: 1, limit: 10, totalRecords: 2, pageRecords: 2, totalIsLowerBound: false });
  });

  it("matches the user name case-insensitively over names and email", async () => {
    expect(await searchEmails(manager, { subscriberUserName: "MORGAN" })).toEqual([
      "manager@harpervale.example",
    ]);
    expect(await searchEmails(manager, { subscriberUserName: "pend" })).toEqual([
      "suspended@harpervale.example",
    ]);
    expect(await searchEmails(manager, { subscriberUserName: "morgan  harper" })).toEqual([
      "manager@harpervale.example",
    ]);
    expect(await searchEmails(manager, { subscriberUserName: "manager@harper" })).toEqual([
      "manager@harpervale.example",
    ]);
    expect(await searchEmails(manager, { subscriberUserName: "%" })).toEqual([]);
  });

  it("matches an email exactly, ignoring case", async () => {
    expect(await searchEmails(manager, { email: "SUSPENDED@HarperVale.example" })).toEqual([
      "suspended@harpervale.example",
    ]);
    expect(await searchEmails(manager, { email: "suspended@harpervale" })).toEqual([]);
  });

  it("filters by status and by any of the role names", async () => {
    expect(await searchEmails(manager, { status: ["Suspended"] })).toEqual(["suspended@harpervale.example"]);
    expect(await searchEmails(manager, { status: ["Active", "Suspended"] })).toHaveLength(2);
    expect(await searchEmails(manager, { roleNames: ["User Manager"] })).toEqual([
      "manager@harpervale.example",
    ]);
    expect(await searchEmails(manager, { roleNames: ["Funds Authoriser", "Workspace User"] })).toEqual(["suspended@harpervale.example"]);
    expect(await searchEmails(manager, { roleNames: ["Funds Authoriser"] })).toEqual([]);
  });

  it("sorts by email in either order and pages", async () => {
    expect(await searchEmails(manager, { sortBy: "email", sortOrder: "DESC" })).toEqual([
      "suspended@harpervale.example",
      "manager@harpervale.example",
    ]);
    const response = await search(manager, { page: 2, limit: 1 });
    const body = UserSearchResponseSchema.parse(response.json());
    expect(body.records.map((u) => u.email)).toEqual(["suspended@harpervale.example"]);
    expect(body.page).toEqual({ page: 2, limit: 1, totalRecords: 2, pageRecords: 1, totalIsLowerBound: false });
  });

  it("answers a non-helpdesk caller's search of another subscriber like one that does not exist (404)", async () => {
    for (const subscriberId of [DEMO_SUBSCRIBERS.keystone.subscriberId, "no-such-subscriber"]) {
      const response = await search(manager, { subscriberId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: "NOT_FOUND", message: "Subscriber not found." });
    }
  });

  it("refuses a caller without view:subscriber_users", async () => {
    const response = await search(viewer, {});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 403, code: "FORBIDDEN" });
  });

  it("lets the helpdesk administrator search any subscriber, with the roles held there", async () => {
    expect(await searchEmails(helpdesk, { subscriberId: DEMO_SUBSCRIBERS.keystone.subscriberId })).toEqual([
      "creator@keystone.example",
      "pending@keystone.example",
      "users@keystone.example",
      "viewer@keystone.example",
    ]);
    const response = await search(helpdesk, { subscriberId: DEMO_SUBSCRIBERS.ashdown.subscriberId });
    const [morgan] = UserSearchResponseSchema.parse(response.json()).records;
    expect(morgan).toMatchObject({
      email: "manager@harpervale.example",
      subscriber: "Ashdown Legal",
      roleNames: ["Workspace User"],
    });
  });

  it("lets the helpdesk administrator search every user when no subscriber is named", async () => {
    const response = await search(helpdesk, { limit: 50 });
    const body = UserSearchResponseSchema.parse(response.json());
    expect(body.records.map((u) => u.firstName)).toEqual([
      "Carla",
      "Helen",
      "Lena",
      "Morgan",
      "Penny",
      "Rhys",
      "Sam",
      "Una",
      "Victor",
    ]);
    expect(body.records.find((u) => u.firstName === "Helen")).toMatchObject({
      subscriberId: null,
      roleNames: ["Helpdesk Administrator"],
    });
    expect(body.records.find((u) => u.firstName === "Morgan")).toMatchObject({
      subscriber: "Harper & Vale LLP",
    });
    expect(await searchEmails(helpdesk, { status: ["Pending"] })).toEqual(["pending@keystone.example"]);
    expect(await searchEmails(helpdesk, { roleNames: ["Helpdesk Administrator"] })).toEqual([
      "helpdesk@provider.example",
    ]);
  });
});

describe("GET /api/subscriber/v1/subscriber-users/{id}", () => {
  it("shows a user of the caller's subscriber", async () => {
    const response = await provider.call(manager, {
      method: "GET",
      url: `/api/subscriber/v1/subscriber-users/${DEMO_USERS.suspended.subscriberUserId}`,
    });
    expect(SubscriberUserSchema.parse(response.json())).toMatchObject({
      firstName: "Sam",
      status: "Suspended",
    });
  });

  it("answers 404 for another subscriber's user, as for a user that does not exist", async () => {
    for (const id of [DEMO_USERS.viewer.subscriberUserId, "no-such-user"]) {
      const response = await provider.call(manager, {
        method: "GET",
        url: `/api/subscriber/v1/subscriber-users/${id}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
    }
  });
});

describe("PATCH /api/subscriber/v1/subscriber-users/{id}", () => {
  const sam = DEMO_USERS.suspended.subscriberUserId;

  it("lets the User Manager of the user's subscriber unsuspend and suspend, with audit events", async () => {
    const unsuspended = await setStatus(manager, sam, "Active", { [CORRELATION_ID_HEADER]: "unsuspend-sam" });
    expect(unsuspended.statusCode, unsuspended.body).toBe(200);
    expect(SubscriberUserSchema.parse(unsuspended.json())).toMatchObject({
      subscriberUserId: sam,
      status: "Active",
    });
    expect(await statusOf(sam)).toBe("Active");

    const suspended = await setStatus(manager, sam, "Suspended", { [CORRELATION_ID_HEADER]: "suspend-sam" });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ status: "Suspended" });
    expect(await statusOf(sam)).toBe("Suspended");

    const events = await auditEvents(sam);
    expect(events.map((e) => [e.action, e.actor_user_id, e.subscriber_id, e.correlation_id])).toEqual([
      [
        "USER_UNSUSPENDED",
        DEMO_USERS.manager.subscriberUserId,
        DEMO_SUBSCRIBERS.harperVale.subscriberId,
        "unsuspend-sam",
      ],
      [
        "USER_SUSPENDED",
        DEMO_USERS.manager.subscriberUserId,
        DEMO_SUBSCRIBERS.harperVale.subscriberId,
        "suspend-sam",
      ],
    ]);
    expect(events[0].ip_address).toBeTruthy();
  });

  it("treats a change to the current status as a no-op", async () => {
    const before = (await auditEvents(sam)).length;
    const response = await setStatus(manager, sam, "Suspended");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "Suspended" });
    expect(await auditEvents(sam)).toHaveLength(before);
  });

  it("refuses a caller without edit:subscriber_users, changing nothing", async () => {
    for (const [token, target] of [
      [viewer, DEMO_USERS.pending.subscriberUserId],
      [viewer, DEMO_USERS.viewer.subscriberUserId],
      [managerAtAshdown, DEMO_USERS.manager.subscriberUserId],
    ] as const) {
      const before = await statusOf(target);
      const response = await setStatus(token, target, before === "Active" ? "Suspended" : "Active");
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ status: 403, code: "FORBIDDEN" });
      expect(await statusOf(target)).toBe(before);
    }
  });

  it("answers 404 for another subscriber's user, changing nothing", async () => {
    const response = await setStatus(manager, DEMO_USERS.viewer.subscriberUserId, "Suspended");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(await statusOf(DEMO_USERS.viewer.subscriberUserId)).toBe("Active");
    expect((await setStatus(manager, "no-such-user", "Suspended")).statusCode).toBe(404);
  });

  it("refuses to suspend or unsuspend a pending user, saying what can be done instead", async () => {
    for (const status of ["Suspended", "Active"]) {
      const response = await setStatus(helpdesk, DEMO_USERS.pending.subscriberUserId, status);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: "USER_PENDING" });
      expect(response.json().message).toMatch(/activation email/);
    }
    expect(await statusOf(DEMO_USERS.pending.subscriberUserId)).toBe("Pending");
  });

  it("does not let a user suspend themself", async () => {
    const response = await setStatus(manager, DEMO_USERS.manager.subscriberUserId, "Suspended");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: "CANNOT_SUSPEND_SELF" });
    expect(await statusOf(DEMO_USERS.manager.subscriberUserId)).toBe("Active");
  });

  it("accepts only Active and Suspended", async () => {
    const response = await setStatus(helpdesk, sam, "Pending");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
    expect(response.json().message).toContain("body.status");
  });

  it("lets the helpdesk administrator suspend anyone, ending their sessions at once", async () => {
    const lena = DEMO_USERS.lender.subscriberUserId;
    const [loginToken, scriptToken] = await Promise.all([
      provider.loginToken(DEMO_USERS.lender.email),
      provider.scriptToken("northgate"),
    ]);
    for (const token of [loginToken, scriptToken]) {
      expect((await provider.call(token, { method: "GET", url: "/api/v1/me" })).statusCode).toBe(200);
    }

    const suspended = await setStatus(helpdesk, lena, "Suspended");
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ status: "Suspended", subscriber: "Northgate Bank" });

    for (const token of [loginToken, scriptToken]) {
      const response = await provider.call(token, { method: "GET", url: "/api/v1/me" });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    }
    const grants = await provider.db
      .selectFrom("oidc_payloads")
      .select("id")
      .where("model", "=", "Grant")
      .where("account_id", "=", lena)
      .execute();
    expect(grants).toEqual([]);
    await expect(provider.loginToken(DEMO_USERS.lender.email)).rejects.toThrow(/suspended/);

    const unsuspended = await setStatus(helpdesk, lena, "Active");
    expect(unsuspended.statusCode).toBe(200);
    const fresh = await provider.loginToken(DEMO_USERS.lender.email);
    expect((await provider.call(fresh, { method: "GET", url: "/api/v1/me" })).statusCode).toBe(200);
    expect((await auditEvents(lena)).map((e) => [e.action, e.actor_user_id, e.subscriber_id])).toEqual([
      ["USER_SUSPENDED", DEMO_USERS.helpdesk.subscriberUserId, DEMO_SUBSCRIBERS.northgate.subscriberId],
      ["USER_UNSUSPENDED", DEMO_USERS.helpdesk.subscriberUserId, DEMO_SUBSCRIBERS.northgate.subscriberId],
    ]);
  });
});
