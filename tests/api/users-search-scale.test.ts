/**
 * The users search at scale (issue 16, docs/decisions/0900-users-search-at-scale.md and
 * 0901-users-search-total-bound.md): the same matches as the six ILIKEs it replaced, served by the search
 * key; totals counted to a bound and said to be a lower bound above it; odd input matched literally; the
 * email keyset (afterEmail) the export pages by.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserSearchResponseSchema, type UserSearchRequest } from "../../core/administration/api.js";
import { insertSyntheticUsers, type SyntheticUser } from "../../provider/administration/synthetic-users.js";
import { AssociatedSubscribersResponseSchema } from "../../core/administration/api.js";
import { API, personAt } from "./administration-support.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, versioned, type TestProvider } from "./support.js";

let provider: TestProvider;
let manager: string; // Morgan Harper, User Manager at Harper & Vale

/** 1,205 users of Harper & Vale besides its own two: "Ada Zed0000" … with every third a middle name. */
const MANY = 1205;
function* scaleUsers(): Generator<SyntheticUser> {
  for (let i = 0; i < MANY; i++) {
    const n = String(i).padStart(4, "0");
    yield {
      subscriberUserId: `scale-${n}`,
      email: `scale${n}@harpervale.example`,
      firstName: "Ada",
      middleName: i % 3 === 0 ? "Quill" : null,
      lastName: `Zed${n}`,
      status: i % 100 === 0 ? "Suspended" : "Active",
      roleNames: i % 2 === 0 ? ["Workspace User"] : ["Workspace Viewer"],
    };
  }
  const odd = (id: string, firstName: string, lastName: string, email: string): SyntheticUser => ({
    subscriberUserId: id, email, firstName, middleName: null, lastName, status: "Active", roleNames: ["Workspace User"],
  });
  yield odd("odd-percent", "Cent", "100%_Sure\\", "percent@harpervale.example");
  yield odd("odd-unicode", "Zoë", "Ångström", "zoe@harpervale.example");
}

beforeAll(async () => {
  provider = await startTestProvider();
  await insertSyntheticUsers(provider.db, DEMO_SUBSCRIBERS.harperVale.subscriberId, scaleUsers());
  manager = await provider.scriptToken("harperVale");
}, 120_000);
afterAll(() => provider?.close());

async function search(body: UserSearchRequest) {
  const response = await provider.call(manager, { method: "POST", url: "/api/subscriber/v1/subscriber-users/search", payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return UserSearchResponseSchema.parse(response.json());
}
const emails = async (body: UserSearchRequest) => (await search(body)).records.map((user) => user.email);

describe("users search at scale", () => {
  it("counts up to 1,000 and says 'more' above it, while the pages go on", async () => {
    const first = await search({ limit: 10 });
    expect(first.page).toEqual({ page: 1, limit: 10, totalRecords: 1000, pageRecords: 10, totalIsLowerBound: true });
    // A page past the bound still comes, counted to its own end: more than 1,200 before page 121.
    const far = await search({ page: 120, limit: 10 });
    expect(far.page).toMatchObject({ totalRecords: 1200, pageRecords: 10, totalIsLowerBound: true });
    const last = await search({ page: 121, limit: 10 });
    expect(last.page).toMatchObject({ totalRecords: MANY + 4, pageRecords: 9, totalIsLowerBound: false });
  });

  it("counts exactly below the bound", async () => {
    const quill = await search({ subscriberUserName: "quill", limit: 5 });
    expect(quill.page).toMatchObject({ totalRecords: 402, totalIsLowerBound: false });
    expect((await search({ subscriberUserName: "zed0042" })).records.map((user) => user.email)).toEqual(["scale0042@harpervale.example"]);
  });

  it("matches a first, middle or last name, an email, 'first last' and 'first middle last', and nothing across them", async () => {
    expect(await emails({ subscriberUserName: "  ADA   quill  ZED0003 " })).toEqual(["scale0003@harpervale.example"]);
    expect(await emails({ subscriberUserName: "ada zed0004" })).toEqual(["scale0004@harpervale.example"]);
    // Without the middle name the "first last" line still matches a user who has one.
    expect(await emails({ subscriberUserName: "ada zed0003" })).toEqual(["scale0003@harpervale.example"]);
    expect(await emails({ subscriberUserName: "e0005@harpervale" })).toEqual(["scale0005@harpervale.example"]);
    // Last name then the next line's first name, or the name then the email, is no text the user has.
    expect(await emails({ subscriberUserName: "zed0004 ada" })).toEqual([]);
    expect(await emails({ subscriberUserName: "zed0004 scale0004" })).toEqual([]);
  });

  it("matches %, _ and \\ literally, takes very long text and unicode", async () => {
    expect(await emails({ subscriberUserName: "%" })).toEqual(["percent@harpervale.example"]);
    expect(await emails({ subscriberUserName: "0%_s" })).toEqual(["percent@harpervale.example"]);
    expect(await emails({ subscriberUserName: "_" })).toEqual(["percent@harpervale.example"]);
    expect(await emails({ subscriberUserName: "sure\\" })).toEqual(["percent@harpervale.example"]);
    expect(await emails({ subscriberUserName: "a".repeat(5000) })).toEqual([]);
    expect(await emails({ subscriberUserName: "Zoë Ång" })).toEqual(["zoe@harpervale.example"]);
    expect(await emails({ subscriberUserName: "zoë" })).toEqual(["zoe@harpervale.example"]);
  });

  it("filters by status and role and sorts both ways, the same as sorting the answer", async () => {
    const suspended = await search({ status: ["Suspended"], roleNames: ["Workspace User"], sortBy: "email", sortOrder: "DESC", limit: 100 });
    const expected = Array.from({ length: 13 }, (_, k) => `scale${String(k * 100).padStart(4, "0")}@harpervale.example`);
    // The demo world's suspended Workspace User too.
    expect(suspended.records.map((user) => user.email)).toEqual(["suspended@harpervale.example", ...expected.toReversed()]);
    expect(suspended.page).toMatchObject({ totalRecords: 14, totalIsLowerBound: false });
    const byName = await search({ subscriberUserName: "zed00", sortBy: "firstName", sortOrder: "DESC", limit: 3 });
    expect(byName.records.map((user) => user.lastName)).toEqual(["Zed0099", "Zed0098", "Zed0097"]);
  });

  it("matches a role name with a quote or a backslash literally: nobody has such a role", async () => {
    for (const role of ["Workspace User' OR 'x'='x", "Workspace User\\", "Workspace User''"]) {
      const answer = await search({ roleNames: [role], status: ["Active"] });
      expect(answer.records, role).toEqual([]);
      expect(answer.page).toMatchObject({ totalRecords: 0, totalIsLowerBound: false });
    }
    // Beside a real role, an odd one changes nothing.
    const suspended = await search({ status: ["Suspended"], roleNames: ["Workspace User", "x' OR true --"], limit: 100 });
    expect(suspended.page).toMatchObject({ totalRecords: 14, totalIsLowerBound: false });
    // More roles than a user may hold, or a role longer than any, is refused, not searched.
    for (const roleNames of [Array.from({ length: 21 }, (_, i) => `Role ${i}`), ["x".repeat(101)]]) {
      const refused = await provider.call(manager, { method: "POST", url: "/api/subscriber/v1/subscriber-users/search", payload: { roleNames } });
      expect(refused.statusCode, refused.body).toBe(400);
    }
  });

  it("pages a large filtered answer in the same order as the unfiltered list, filtered", async () => {
    // Active: more than 1,000, so the page is read along the sort index; the unfiltered list says the same.
    const active = await search({ status: ["Active"], sortBy: "email", limit: 8 });
    expect(active.page).toMatchObject({ totalRecords: 1000, totalIsLowerBound: true });
    const all = (await search({ sortBy: "email", limit: 40 })).records;
    expect(active.records.map((user) => user.email)).toEqual(all.filter((user) => user.status === "Active").slice(0, 8).map((user) => user.email));
  });

  it("keeps no pending list in the users' GIN indexes: a search after a bulk insert reads only the index", async () => {
    // With a pending list (GIN's default) every search reads all entries not yet merged, and the embedded
    // database has no autovacuum to merge them (docs/decisions/0914).
    const { rows } = await sql<{ relname: string; reloptions: string[] | null }>`
      SELECT relname, reloptions FROM pg_class WHERE relname IN ('subscriber_users_search_key', 'user_subscribers_role_names') ORDER BY relname`.execute(provider.db);
    expect(rows).toEqual([
      { relname: "subscriber_users_search_key", reloptions: ["fastupdate=off"] },
      { relname: "user_subscribers_role_names", reloptions: ["fastupdate=off"] },
    ]);
  });

  it("continues the email order after a given email, and refuses it with another order", async () => {
    expect(await emails({ sortBy: "email", afterEmail: "scale1203@harpervale.example", limit: 3 })).toEqual([
      "scale1204@harpervale.example",
      "suspended@harpervale.example",
      "zoe@harpervale.example",
    ]);
    // A full page of 1,000 (the export's) is answered with the same page and total as the counted search:
    // "more than 1,000" while more than 1,000 follow, and exact at the end.
    const rest = await search({ sortBy: "email", afterEmail: "a", limit: 1000 });
    expect(rest.page).toMatchObject({ totalRecords: 1000, pageRecords: 1000, totalIsLowerBound: true });
    const counted = await search({ sortBy: "email", afterEmail: "a", status: ["Active", "Suspended", "Pending"], limit: 1000 });
    expect(counted.records.map((user) => user.email)).toEqual(rest.records.map((user) => user.email));
    const end = await search({ sortBy: "email", afterEmail: rest.records.at(-1)!.email, limit: 1000 });
    expect(end.page).toMatchObject({ totalRecords: MANY + 4 - 1000, pageRecords: MANY + 4 - 1000, totalIsLowerBound: false });
    expect(end.records.at(-1)!.email).toBe("zoe@harpervale.example");
    const refused = await provider.call(manager, {
      method: "POST",
      url: "/api/subscriber/v1/subscriber-users/search",
      payload: { afterEmail: "a@b.example" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/sortBy email and sortOrder ASC/);
  });

  // Last: the user it adds would sit among the emails the tests before it read.
  it("finds a user by their status at the subscriber as their membership and their account change", async () => {
    const shared = await personAt(provider, { harperVale: ["Workspace User"], keystone: ["Workspace User"] }, "Statia");
    const withStatus = async (status: "Active" | "Suspended" | "Pending") =>
      (await search({ subscriberUserName: "statia", status: [status] })).records.map((user) => user.status);
    const patch = async (token: string, body: Record<string, unknown>) => {
      const url = `${API}/subscriber-users/${shared.userId}`;
      const response = await provider.call(token, { method: "PATCH", url, ...(await versioned(provider.db, body, { table: "subscriber_users", id: shared.userId })) });
      expect(response.statusCode, response.body).toBe(200);
    };
    expect(await withStatus("Active")).toEqual(["Active"]);
    // Suspended by Harper & Vale's User Manager: at Harper & Vale only.
    await patch(manager, { status: "Suspended" });
    expect(await withStatus("Suspended")).toEqual(["Suspended"]);
    expect(await withStatus("Active")).toEqual([]);
    await patch(manager, { status: "Active" });
    expect(await withStatus("Active")).toEqual(["Active"]);
    // The account suspended by the helpdesk administrator: Suspended wherever they belong.
    const helpdesk = await provider.loginToken(DEMO_USERS.helpdesk.email);
    await patch(helpdesk, { status: "Suspended" });
    expect(await withStatus("Suspended")).toEqual(["Suspended"]);
    const atKeystone = await provider.call(helpdesk, {
      method: "POST",
      url: `${API}/subscriber-users/search`,
      payload: { subscriberId: DEMO_SUBSCRIBERS.keystone.subscriberId, subscriberUserName: "statia", status: ["Suspended"] },
    });
    expect(UserSearchResponseSchema.parse(atKeystone.json()).records.map((user) => user.email)).toEqual([shared.email]);
    await patch(helpdesk, { status: "Active" });
    expect(await withStatus("Active")).toEqual(["Active"]);
  });
});

describe("GET /api/subscriber/v1/subscribers?name= (the helpdesk's subscriber selector)", () => {
  it("finds subscribers by a part of their name, whatever its case, with %, _ and \\ taken literally", async () => {
    const helpdesk = await provider.loginToken(DEMO_USERS.helpdesk.email);
    const names = async (name: string) => {
      const response = await provider.call(helpdesk, { method: "GET", url: `/api/subscriber/v1/subscribers?limit=20&name=${encodeURIComponent(name)}` });
      expect(response.statusCode, response.body).toBe(200);
      return AssociatedSubscribersResponseSchema.parse(response.json()).records.map((subscriber) => subscriber.name);
    };
    expect(await names("HARPER")).toEqual([DEMO_SUBSCRIBERS.harperVale.name]);
    expect(await names("%")).toEqual([]);
    expect(await names("_")).toEqual([]);
    expect((await names("")).length).toBeGreaterThan(1);
  });
});
