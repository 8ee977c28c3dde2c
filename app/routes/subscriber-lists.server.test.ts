/**
 * The helpdesk administrator's subscriber lists never load every subscriber
 * (docs/decisions/0906-subscriber-lists-page.md): /users/new and /lodgement/identifiers find at most 20 by
 * name and the chosen one by its id, the user edit form reads its one subscriber, /subscribers shows 50 a
 * page with Previous and Next. The loaders run against a provider stand-in (a local HTTP server) holding
 * 120 subscribers, which records what each loader asked for.
 */
import { rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { defaultFeatureFlags } from "../../core/shared/feature-flags.js";

const fake = vi.hoisted(() => {
  // The app's configuration is read on import: a data folder of the test's own.
  process.env.DATA_DIR = `${process.env.TMPDIR ?? "/tmp"}/subscriber-lists-${process.pid}`;
  return { apiUrl: "" };
});

vi.mock("../feature-flags.server", () => ({ featureFlags: async () => ({ ...defaultFeatureFlags("local"), sdltEnabled: false }) }));
vi.mock("../session/user-session.server", async () => {
  const { signedInUser } = await import("../test/signed-in-user");
  return {
    requireUser: async () => signedInUser(fake.apiUrl),
  };
});

const addUser = await import("./users.new");
const editUser = await import("./users.$userId_.edit");
const identifiers = await import("./lodgement.identifiers");
const subscribersPage = await import("./subscribers._index");

/** Firm 001 … Firm 120, by name; every third a lender, the others law firms. */
const SUBSCRIBERS = Array.from({ length: 120 }, (_, index) => {
  const number = String(index + 1).padStart(3, "0");
  return { subscriberId: `sub-${number}`, name: `Firm ${number}`, entityType: index % 3 === 2 ? "Lender" : "Law Firm" };
});
const FIRM_077 = SUBSCRIBERS[76]!;

/** What the loaders asked the provider for: the subscriber list's queries, the details and the role types read. */
const asked = { lists: [] as URLSearchParams[], details: [] as string[], roleTypes: [] as (string | null)[] };

let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    const json = (status: number, body: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    const url = new URL(request.url ?? "/", "http://provider");
    const path = url.pathname.replace("/api/subscriber/v1", "");
    if (path === "/subscribers") {
      asked.lists.push(url.searchParams);
      const name = (url.searchParams.get("name") ?? "").toLowerCase();
      const page = Number(url.searchParams.get("page"));
      const limit = Number(url.searchParams.get("limit"));
      const matches = SUBSCRIBERS.filter((subscriber) => subscriber.name.toLowerCase().includes(name));
      const records = matches.slice((page - 1) * limit, page * limit).map((subscriber) => ({
        ...subscriber,
        status: "Active",
        isPrimary: false,
        authenticationType: "AUTH0_DATABASE_CONNECTION",
      }));
      return json(200, { records, page: { page, limit, totalRecords: matches.length, pageRecords: records.length } });
    }
    const details = /^\/subscribers\/([^/]+)\/details$/.exec(path);
    if (details) {
      asked.details.push(details[1]!);
      const subscriber = SUBSCRIBERS.find((candidate) => candidate.subscriberId === details[1]);
      if (!subscriber) return json(404, { status: 404, code: "NOT_FOUND", message: "Not found" });
      return json(200, { ...subscriber, status: "Active", version: 1, userAuthentication: null, ipAllow: null });
    }
    if (path === "/roles") {
      const type = url.searchParams.get("subscriber_type");
      asked.roleTypes.push(type);
      return json(200, { roles: (type === "Lender" ? ["Workspace User", "Funds Authoriser"] : ["Workspace User", "HMLR Administrator"]).map((name) => ({ name })) });
    }
    if (path === "/subscriber-users/user-1") {
      return json(200, {
        subscriberUserId: "user-1",
        firstName: "Lena",
        middleName: null,
        lastName: "Loan",
        preferredName: null,
        email: "lena@firm077.example",
        jobTitle: null,
        status: "Active",
        subscriberId: FIRM_077.subscriberId,
        subscriber: FIRM_077.name,
        roleNames: ["Workspace User"],
        authenticationType: "AUTH0_DATABASE_CONNECTION",
        version: 3,
        invitationSentAt: null,
      });
    }
    if (path === "/lodgement-identifiers") {
      return json(200, { subscriberId: url.searchParams.get("subscriberId"), identifiers: null, version: null, lastModifiedAt: null, lastModifiedBy: null });
    }
    return json(404, { status: 404, code: "NOT_FOUND", message: `Not found: ${path}` });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(process.env.DATA_DIR!, { recursive: true, force: true });
});
beforeEach(() => {
  asked.lists.length = 0;
  asked.details.length = 0;
  asked.roleTypes.length = 0;
});

const args = (path: string, params: Record<string, string> = {}) => ({ request: new Request(`http://localhost${path}`), params, context: {} });
/** The page sizes the loaders asked the subscriber list for. */
const limitsAsked = () => asked.lists.map((query) => Number(query.get("limit")));

describe("/users/new as the helpdesk administrator", () => {
  it("finds at most 20 subscribers by name, and says how many match", async () => {
    const data = (await addUser.loader(args("/users/new?subscriber=firm+0"))) as Awaited<ReturnType<typeof addUser.loader>>;
    expect(data.subscriberId).toBeNull();
    expect(data.subscriberSearch!.subscribers).toHaveLength(20);
    expect(data.subscriberSearch!.subscribers[0]).toEqual({ subscriberId: "sub-001", name: "Firm 001" });
    expect(data.subscriberSearch!.found).toEqual({ name: "firm 0", shown: 20, total: 99 });
    expect(limitsAsked()).toEqual([20]);
    expect(asked.lists[0]!.get("name")).toBe("firm 0");
  });

  it("reads the chosen subscriber by its id, even one the first 20 leave out, and offers its type's roles", async () => {
    const data = (await addUser.loader(args(`/users/new?subscriberId=${FIRM_077.subscriberId}`))) as Awaited<ReturnType<typeof addUser.loader>>;
    expect(data).toMatchObject({ subscriberId: FIRM_077.subscriberId, subscriberName: FIRM_077.name, subscriberSearch: null });
    expect(data.roleOptions).toContain("HMLR Administrator");
    expect(asked.roleTypes).toEqual(["Law Firm"]);
    expect(asked.lists).toEqual([]);
  });

  it("asks again when the subscriber chosen does not exist", async () => {
    const data = (await addUser.loader(args("/users/new?subscriberId=gone"))) as Awaited<ReturnType<typeof addUser.loader>>;
    expect(data.subscriberId).toBeNull();
    expect(data.subscriberSearch!.subscribers).toHaveLength(20);
    expect(limitsAsked()).toEqual([20]);
  });
});

describe("the user edit form as the helpdesk administrator", () => {
  it("offers the roles of the type of the user's one subscriber, read by its id, not from a list", async () => {
    const data = (await editUser.loader(args("/users/user-1/edit", { userId: "user-1" }))) as Awaited<ReturnType<typeof editUser.loader>>;
    expect(data.roleOptions).toEqual(["HMLR Administrator", "Workspace User"]);
    expect(asked.details).toEqual([FIRM_077.subscriberId]);
    expect(asked.roleTypes).toEqual(["Law Firm"]);
    expect(asked.lists).toEqual([]);
  });
});

describe("/lodgement/identifiers as the helpdesk administrator", () => {
  it("offers the chosen subscriber first when the search leaves it out, then the matches", async () => {
    const data = (await identifiers.loader(args(`/lodgement/identifiers?subscriberId=${FIRM_077.subscriberId}&subscriber=firm+11`))) as Extract<
      Awaited<ReturnType<typeof identifiers.loader>>,
      { hidden: false }
    >;
    expect(data.subscriberId).toBe(FIRM_077.subscriberId);
    expect(data.subscriberSearch!.subscribers.map((subscriber) => subscriber.name)).toEqual([
      FIRM_077.name,
      ...SUBSCRIBERS.filter((subscriber) => subscriber.name.includes("Firm 11")).map((subscriber) => subscriber.name),
    ]);
    expect(data.subscriberSearch!.found).toEqual({ name: "firm 11", shown: 10, total: 10 });
    expect(data.identifiers).toMatchObject({ mode: "create" });
    expect(limitsAsked()).toEqual([20]);
  });

  it("without a subscriber chosen, offers the first 20 and shows no identifiers", async () => {
    const data = (await identifiers.loader(args("/lodgement/identifiers"))) as Extract<Awaited<ReturnType<typeof identifiers.loader>>, { hidden: false }>;
    expect(data.identifiers).toBeNull();
    expect(data.subscriberSearch!.found).toEqual({ name: "", shown: 20, total: 120 });
    expect(limitsAsked()).toEqual([20]);
  });
});

describe("/subscribers", () => {
  type Page = Awaited<ReturnType<typeof subscribersPage.loader>>;

  it("shows 50 a page, sorted by the provider, with the range and Previous and Next", async () => {
    const first = (await subscribersPage.loader(args("/subscribers"))) as Page;
    expect(first.subscribers).toHaveLength(50);
    expect(first).toMatchObject({ total: 120, range: "1-50 of 120", previous: null, next: "/subscribers?page=2" });
    const second = (await subscribersPage.loader(args("/subscribers?page=2"))) as Page;
    expect(second.subscribers[0]!.name).toBe("Firm 051");
    expect(second).toMatchObject({ range: "51-100 of 120", previous: "/subscribers", next: "/subscribers?page=3" });
    const last = (await subscribersPage.loader(args("/subscribers?page=3"))) as Page;
    expect(last).toMatchObject({ range: "101-120 of 120", previous: "/subscribers?page=2", next: null });
    expect(limitsAsked()).toEqual([50, 50, 50]);
  });

  it("finds subscribers by name, paging the matches", async () => {
    const found = (await subscribersPage.loader(args("/subscribers?name=++firm++1"))) as Page;
    // Firm 100 to Firm 120: the names are numbered with three digits.
    expect(found).toMatchObject({ name: "firm 1", total: 21, range: "1-21 of 21", previous: null, next: null });
    expect(found.subscribers.map((subscriber) => subscriber.name)).toEqual(SUBSCRIBERS.slice(99).map((subscriber) => subscriber.name));
    expect(asked.lists[0]!.get("name")).toBe("firm 1");
    const none = (await subscribersPage.loader(args("/subscribers?name=bank"))) as Page;
    expect(none).toMatchObject({ total: 0, subscribers: [], range: "0-0 of 0" });
  });

  it("sends a page past the last to the last, keeping the search", async () => {
    const response = await subscribersPage.loader(args("/subscribers?name=firm&page=9")).catch((thrown: unknown) => thrown);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get("location")).toBe("/subscribers?name=firm&page=3");
  });
});
