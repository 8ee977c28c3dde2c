import { describe, expect, it } from "vitest";
import {
  bulkSubscriberUsers,
  createNotificationRegistration,
  createSubscriberUser,
  editSubscriberUser,
  getExternalAuthorityIdentifiers,
  getLodgementIdentifiers,
  findManagedUserByEmail,
  getManagedUser,
  getManagedUserAt,
  getSubscriberDetails,
  listAuditEvents,
  listNotificationRegistrations,
  listRoles,
  listSubscribers,
  managedUserPagesByEmail,
  resendActivationEmail,
  saveLodgementIdentifiers,
  searchManagedUsers,
  setIpAllowList,
  setManagedUserStatus,
  setSsoClientSecret,
  updateNotificationRegistration,
} from "./client.js";
import { mockProviderPerTest, SUBSCRIBER_USER } from "../shared/mock-provider.test-helper.js";

const provider = mockProviderPerTest();

const page = { page: 1, limit: 20, totalRecords: 1, pageRecords: 1 };
const user = { ...SUBSCRIBER_USER, status: "Pending", version: 3, invitationSentAt: null };
const details = {
  subscriberId: "sub-1",
  name: "Harper & Vale LLP",
  entityType: "Law Firm",
  status: "Active",
  version: 2,
  userAuthentication: {
    type: "ENTERPRISE_CONNECTION",
    sso: [{ connectionId: "c1", clientId: "id", lastModifiedAt: null, clientSecretSet: true }],
  },
  ipAllow: { ipAddresses: ["10.0.0.1"], lastModifiedAt: null, lastModifiedBy: null },
};
const identifiers = {
  subscriberId: "sub-1",
  identifiers: {
    primary: { userName: "p", passwordSet: true },
    secondary: { userName: "s", passwordSet: true },
  },
  version: 1,
  lastModifiedAt: null,
  lastModifiedBy: null,
};
const registration = {
  registrationId: "reg-1",
  subscriberId: "sub-1",
  notificationType: "EMAIL",
  attributes: { email: "team@example.com" },
  eventTypes: ["LODGEMENT_CASE_REQUISITIONED"],
  version: 1,
  lastModifiedAt: "2025-01-01T00:00:00Z",
};

describe("users", () => {
  it("lists the roles of a subscriber type, as names", async () => {
    provider.answer("GET", "/api/subscriber/v1/roles", 200, {
      roles: [{ name: "Workspace User" }, { name: "User Manager" }],
    });
    expect(await listRoles(provider.ctx, "Law Firm")).toEqual(["Workspace User", "User Manager"]);
    expect(provider.seen[0].path).toBe("/api/subscriber/v1/roles?subscriber_type=Law+Firm");
  });

  it("searches (no write), reads and creates users", async () => {
    let writes = 0;
    provider.answer("POST", "/api/subscriber/v1/subscriber-users/search", 200, { records: [user], page });
    expect(
      (
        await searchManagedUsers(
          { ...provider.ctx, onWrite: () => writes++ },
          { subscriberId: "sub-1", subscriberUserName: "ann" },
        )
      ).records,
    ).toEqual([user]);
    expect(provider.seen[0].body).toEqual({ subscriberId: "sub-1", subscriberUserName: "ann" });
    expect(writes).toBe(0);

    provider.answer("GET", "/api/subscriber/v1/subscriber-users/user-1", 200, user);
    expect(await getManagedUser(provider.ctx, "user-1")).toEqual(user);

    const create = {
      firstName: "Ann",
      lastName: "Smith",
      email: "ann@example.com",
      roleNames: ["Workspace User"],
    };
    const created = { ...user, invited: true, invitationFailure: null };
    provider.answer("POST", "/api/subscriber/v1/subscribers/sub%201/subscriber-users", 201, created);
    expect(await createSubscriberUser(provider.ctx, "sub 1", create)).toEqual(created);
    expect(provider.seen[2]).toMatchObject({ method: "POST", body: create });
  });

  it("edits, re-invites and changes status with the request type each PATCH needs, each with the version as If-Match", async () => {
    for (let i = 0; i < 3; i++)
      provider.answer("PATCH", "/api/subscriber/v1/subscriber-users/user-1", 200, user);
    await editSubscriberUser(provider.ctx, "user-1", { firstName: "Ann", lastName: "Smyth", roleNames: ["Workspace User"] }, 3);
    await resendActivationEmail(provider.ctx, "user-1", "ann@example.com", 4);
    await setManagedUserStatus(provider.ctx, "user-1", "Suspended", 5);
    expect(provider.seen.map((request) => request.headers["if-match"])).toEqual(['"3"', '"4"', '"5"']);
    expect(provider.seen.map((request) => request.body)).toEqual([
      {
        requestType: "PATCH_USER",
        firstName: "Ann",
        lastName: "Smyth",
        roleNames: ["Workspace User"],
      },
      { requestType: "RESEND_INVITATION", email: "ann@example.com" },
      { status: "Suspended" },
    ]);
  });

  it("sends bulk rows, a dry run only when asked", async () => {
    const results = {
      dryRun: false,
      results: [
        {
          index: 0,
          email: "ann@example.com",
          outcome: "created",
          changes: [],
          reason: null,
          subscriberUserId: "user-1",
        },
      ],
    };
    provider.answer("POST", "/api/subscriber/v1/subscribers/sub-1/subscriber-users/bulk", 200, results);
    provider.answer("POST", "/api/subscriber/v1/subscribers/sub-1/subscriber-users/bulk", 200, {
      ...results,
      dryRun: true,
    });
    const rows = [
      { email: "ann@example.com", firstName: "Ann", lastName: "Smith", roleNames: ["Workspace User"] },
    ];
    expect(await bulkSubscriberUsers(provider.ctx, "sub-1", rows)).toEqual(results);
    expect((await bulkSubscriberUsers(provider.ctx, "sub-1", rows, { dryRun: true })).dryRun).toBe(true);
    expect(provider.seen.map((request) => (request.body as { dryRun: boolean }).dryRun)).toEqual([
      false,
      true,
    ]);
  });
});

describe("finding a user by email", () => {
  it("searches by exact email at the subscriber named, as a read, and answers 404 when there is none", async () => {
    let writes = 0;
    provider.answer("POST", "/api/subscriber/v1/subscriber-users/search", 200, { records: [user], page });
    expect(await findManagedUserByEmail({ ...provider.ctx, onWrite: () => writes++ }, "ann@example.com", "sub-1")).toEqual(user);
    expect(provider.seen[0].body).toEqual({ email: "ann@example.com", subscriberId: "sub-1", page: 1, limit: 1 });
    expect(writes).toBe(0);
    provider.answer("POST", "/api/subscriber/v1/subscriber-users/search", 200, { records: [], page: { ...page, totalRecords: 0, pageRecords: 0 } });
    await expect(findManagedUserByEmail(provider.ctx, "nobody@example.com")).rejects.toMatchObject({
      status: 404,
      code: "USER_NOT_FOUND",
      message: "No user with the email nobody@example.com",
    });
  });
});

describe("a user seen through a subscriber", () => {
  const path = `/api/subscriber/v1/subscriber-users/${user.subscriberUserId}`;

  it("answers the user as fetched when no other subscriber is named", async () => {
    provider.answer("GET", path, 200, user);
    expect(await getManagedUserAt(provider.ctx, user.subscriberUserId, null)).toEqual(user);
    expect(provider.seen).toHaveLength(1);
  });

  it("gives the roles at the subscriber named, found there by the user's email", async () => {
    const there = { ...user, subscriberId: "sub-2", subscriber: "Ashdown Legal", roleNames: ["Workspace User"] };
    provider.answer("GET", path, 200, user);
    provider.answer("POST", "/api/subscriber/v1/subscriber-users/search", 200, { records: [there], page });
    expect(await getManagedUserAt(provider.ctx, user.subscriberUserId, "sub-2")).toEqual(there);
    expect(provider.seen[1].body).toEqual({ email: user.email, subscriberId: "sub-2", page: 1, limit: 1 });
  });

  it("keeps the user as fetched when the subscriber named does not have them", async () => {
    provider.answer("GET", path, 200, user);
    provider.answer("POST", "/api/subscriber/v1/subscriber-users/search", 200, { records: [], page: { ...page, totalRecords: 0, pageRecords: 0 } });
    expect(await getManagedUserAt(provider.ctx, user.subscriberUserId, "sub-2")).toEqual(user);
  });
});

describe("subscribers and connection settings", () => {
  it("lists a page of subscribers by type, the first unless told, of the size asked for", async () => {
    provider.answer("GET", "/api/subscriber/v1/subscribers", 200, { records: [], page });
    provider.answer("GET", "/api/subscriber/v1/subscribers", 200, { records: [], page });
    await listSubscribers(provider.ctx, { types: ["Lender", "Law Firm"], limit: 50 });
    await listSubscribers(provider.ctx, { page: 2, limit: 5 });
    expect(provider.seen.map((request) => request.path)).toEqual([
      "/api/subscriber/v1/subscribers?page=1&limit=50&type=Lender%2CLaw+Firm",
      "/api/subscriber/v1/subscribers?page=2&limit=5",
    ]);
  });

  it("reads details and replaces the IP allow list and the SSO secret", async () => {
    provider.answer("GET", "/api/subscriber/v1/subscribers/sub-1/details", 200, details);
    provider.answer("PATCH", "/api/subscriber/v1/idp-metadata/sub-1/USER_IP_WHITELIST", 200, details);
    provider.answer("PATCH", "/api/subscriber/v1/idp-sso/sub-1", 200, details);
    expect(await getSubscriberDetails(provider.ctx, "sub-1")).toEqual(details);
    await setIpAllowList(provider.ctx, "sub-1", ["10.0.0.1"], 2);
    await setSsoClientSecret(provider.ctx, "sub-1", "c1", "secret", 2);
    expect(provider.seen[1].headers["if-match"]).toBe('"2"');
    expect(provider.seen[2].headers["if-match"]).toBe('"2"');
    expect(provider.seen[1].body).toEqual({
      type: "USER_IP_WHITELIST",
      data: { metadata: ["10.0.0.1"] },
    });
    expect(provider.seen[2]).toMatchObject({
      path: "/api/subscriber/v1/idp-sso/sub-1?connection_id=c1",
      body: { clientSecret: "secret" },
    });
  });
});

describe("identifiers", () => {
  it("reads the external authority identifiers and the lodgement identifiers", async () => {
    const records = [
      { authorityType: "LODGEMENT", authorityAlias: "hmlr", userName: "u", passwordSet: true, storn: null },
    ];
    provider.answer("GET", "/api/subscriber/v1/lodging-party/sub-1/ext-authority-identifiers", 200, {
      records,
    });
    provider.answer("GET", "/api/subscriber/v1/lodgement-identifiers", 200, identifiers);
    expect(await getExternalAuthorityIdentifiers(provider.ctx, "sub-1")).toEqual(records);
    expect(await getLodgementIdentifiers(provider.ctx, "sub-1")).toEqual(identifiers);
    expect(provider.seen[1].path).toBe("/api/subscriber/v1/lodgement-identifiers?subscriberId=sub-1");
  });

  it("tells a create (201) from an update (200)", async () => {
    const save = {
      subscriberId: "sub-1",
      identifiers: { primary: { userName: "p", password: "x" }, secondary: { userName: "s", password: "y" } },
    };
    provider.answer("POST", "/api/subscriber/v1/lodgement-identifiers", 201, identifiers);
    provider.answer("POST", "/api/subscriber/v1/lodgement-identifiers", 200, identifiers);
    expect(await saveLodgementIdentifiers(provider.ctx, save, null)).toEqual({ created: true, identifiers });
    expect(await saveLodgementIdentifiers(provider.ctx, save, 4)).toEqual({ created: false, identifiers });
    expect(provider.seen[0].body).toEqual(save);
    // A first save sends no version (the provider refuses it if they exist by now); an update sends the one seen.
    expect(provider.seen.map((seen) => seen.headers["if-match"])).toEqual([undefined, '"4"']);
  });
});

describe("notification registrations and the audit log", () => {
  it("lists, creates and updates EMAIL registrations", async () => {
    provider.answer("GET", "/api/notification/v2/notification-registrations", 200, {
      records: [registration],
      page,
    });
    provider.answer("POST", "/api/notification/v2/notification-registrations", 201, registration);
    provider.answer("PUT", "/api/notification/v2/notification-registrations/reg-1", 200, registration);
    expect(await listNotificationRegistrations(provider.ctx, "sub-1")).toEqual([registration]);
    const request = {
      attributes: { email: "team@example.com" },
      eventTypes: ["LODGEMENT_CASE_REQUISITIONED"],
    };
    await createNotificationRegistration(provider.ctx, request, "sub-1");
    await updateNotificationRegistration(provider.ctx, "reg-1", request, 1);
    expect(provider.seen.map((seen) => seen.path)).toEqual([
      "/api/notification/v2/notification-registrations?page=1&limit=20&subscriberId=sub-1",
      "/api/notification/v2/notification-registrations?subscriberId=sub-1",
      "/api/notification/v2/notification-registrations/reg-1",
    ]);
    expect(provider.seen[1].body).toEqual({ notificationType: "EMAIL", ...request });
    expect(provider.seen[2].body).toEqual({ notificationType: "EMAIL", ...request });
    expect(provider.seen[2].headers["if-match"]).toBe('"1"');
  });

  it("pages the audit log, 20 at a time by default", async () => {
    const event = {
      auditEventId: "e1",
      occurredAt: "2025-01-01T00:00:00Z",
      actorUserId: "user-1",
      actorName: "Ann Smith",
      subscriberId: "sub-1",
      action: "USER_SUSPENDED",
      target: "user-2",
      details: {},
      ipAddress: null,
      correlationId: null,
    };
    provider.answer("GET", "/api/subscriber/v1/audit-events", 200, { records: [event], page });
    expect(
      (await listAuditEvents(provider.ctx, { subscriberId: "sub-1", action: "USER_SUSPENDED" })).records,
    ).toEqual([event]);
    expect(provider.seen[0].path).toBe(
      "/api/subscriber/v1/audit-events?page=1&limit=20&subscriberId=sub-1&action=USER_SUSPENDED",
    );
  });
});

describe("every user of a subscriber, page after page (convey users export)", () => {
  const SEARCH = "/api/subscriber/v1/subscriber-users/search";
  const named = (email: string) => ({ ...user, subscriberUserId: email, email });
  const pageOf = (emails: string[]) => ({
    records: emails.map(named),
    page: { page: 1, limit: 2, totalRecords: 1000, pageRecords: emails.length, totalIsLowerBound: true },
  });

  it("asks for each page after the last email of the one before, at most one page ahead of the caller, and stops at a short page", async () => {
    provider.answer("POST", SEARCH, 200, pageOf(["a@x.example", "b@x.example"]));
    provider.answer("POST", SEARCH, 200, pageOf(["c@x.example", "d@x.example"]));
    provider.answer("POST", SEARCH, 200, pageOf(["e@x.example"]));
    const pages = managedUserPagesByEmail(provider.ctx, { subscriberId: "sub-1" }, 2);
    const first = await pages.next();
    expect(first.value?.map((u: { email: string }) => u.email)).toEqual(["a@x.example", "b@x.example"]);
    // Streams: while the first page is written the second is read, and no further one.
    expect(provider.seen).toHaveLength(2);
    const rest: string[] = [];
    for await (const page of pages) rest.push(...page.map((u) => u.email));
    expect(rest).toEqual(["c@x.example", "d@x.example", "e@x.example"]);
    expect(provider.seen.map((request) => request.body)).toEqual([
      { subscriberId: "sub-1", sortBy: "email", sortOrder: "ASC", page: 1, limit: 2 },
      { subscriberId: "sub-1", sortBy: "email", sortOrder: "ASC", afterEmail: "b@x.example", page: 1, limit: 2 },
      { subscriberId: "sub-1", sortBy: "email", sortOrder: "ASC", afterEmail: "d@x.example", page: 1, limit: 2 },
    ]);
  });

  it("throws a page's failure where that page is taken, not while the page before it is being written", async () => {
    provider.answer("POST", SEARCH, 200, pageOf(["a@x.example", "b@x.example"]));
    provider.answer("POST", SEARCH, 500, { message: "The provider failed." });
    const taken: string[] = [];
    const reading = (async () => {
      for await (const page of managedUserPagesByEmail(provider.ctx, { subscriberId: "sub-1" }, 2)) {
        // Writing the first page takes a while: the second has failed meanwhile (an unhandled rejection would fail this test).
        await new Promise((resolve) => setTimeout(resolve, 50));
        taken.push(...page.map((u) => u.email));
      }
    })();
    await expect(reading).rejects.toMatchObject({ status: 500 });
    expect(taken).toEqual(["a@x.example", "b@x.example"]);
  });

  it("lists the subscribers whose name holds a text", async () => {
    provider.answer("GET", "/api/subscriber/v1/subscribers", 200, { records: [], page: { page: 1, limit: 20, totalRecords: 0, pageRecords: 0 } });
    await listSubscribers(provider.ctx, { name: "north", limit: 20 });
    expect(provider.seen[0].path).toBe("/api/subscriber/v1/subscribers?page=1&limit=20&name=north");
  });
});
