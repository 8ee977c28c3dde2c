import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSOCIATED_SUBSCRIBER, mockProviderPerTest, SUBSCRIBER_USER } from "../shared/mock-provider.test-helper.js";
import { checkStanding, getMe, getSubscriberUserNames, listAssociatedSubscribers } from "./subscriber-users-client.js";

const provider = mockProviderPerTest();

const subscriber = ASSOCIATED_SUBSCRIBER;
const user = SUBSCRIBER_USER;
const page = { page: 1, limit: 1, totalRecords: 1, pageRecords: 1 };

describe("the subscriber client", () => {
  it("reads the caller as the token describes them", async () => {
    const me = {
      user,
      selectedSubscriber: subscriber,
      roles: ["Workspace User"],
      permissions: ["view:workspaces"],
    };
    provider.answer("GET", "/api/v1/me", 200, me);
    expect(await getMe(provider.ctx)).toEqual(me);
    expect(provider.seen[0].headers["x-correlation-id"]).toBe("correlation-1");
  });

  it("checks the token's standing: resolves on 204, rejects with the provider's refusal", async () => {
    provider.answer("GET", "/api/v1/me/standing", 204, null);
    await expect(checkStanding(provider.ctx)).resolves.toBeUndefined();
    provider.answer("GET", "/api/v1/me/standing", 401, { status: 401, code: "UNAUTHORISED", message: "user is suspended" });
    await expect(checkStanding(provider.ctx)).rejects.toMatchObject({ status: 401, message: "user is suspended" });
  });

  it("asks for the user's associated subscribers on page 1, 20 at a time", async () => {
    provider.answer("GET", "/api/subscriber/v1/subscribers", 200, { records: [subscriber], page });
    expect(await listAssociatedSubscribers(provider.ctx, "user 1")).toEqual([subscriber]);
    expect(provider.seen[0].path).toBe(
      "/api/subscriber/v1/subscribers?page=1&limit=20&subscriber-user-id=user+1",
    );
  });

  it("looks up user names by comma-separated ids", async () => {
    const names = [{ subscriberUserId: "user-1", firstName: "Ann", lastName: "Smith" }];
    provider.answer("GET", "/api/subscriber/v1/subscribers/subscriber-users", 200, { records: names });
    expect(await getSubscriberUserNames(provider.ctx, ["user-1", "user-2"])).toEqual(names);
    expect(provider.seen[0].path).toBe("/api/subscriber/v1/subscribers/subscriber-users?ids=user-1%2Cuser-2");
  });

  it("turns the provider's error body into a ProviderError", async () => {
    provider.answer("GET", "/api/v1/me", 401, { status: 401, code: "UNAUTHORISED", message: "Log in again" });
    const refusal = await getMe(provider.ctx).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      status: 401,
      code: "UNAUTHORISED",
      message: "Log in again",
      correlationId: "correlation-1",
    });
  });
});

/** The same use-cases over a real socket: a stand-in provider answering by method and path. */
const PAGE = { page: 1, limit: 20, totalRecords: 1, pageRecords: 1 };
const USE_CASES: Record<string, (url: URL) => [number, unknown]> = {
  "GET /api/v1/me": () => [
    200,
    {
      user,
      selectedSubscriber: subscriber,
      roles: ["Workspace User"],
      permissions: ["view:workspaces"],
    },
  ],
  "GET /api/subscriber/v1/subscribers": () => [200, { records: [subscriber], page: PAGE }],
  "GET /api/subscriber/v1/subscribers/subscriber-users": (url) => [
    200,
    {
      records: (url.searchParams.get("ids") ?? "")
        .split(",")
        .map((id) => ({ subscriberUserId: id, firstName: "A", lastName: "B" })),
    },
  ],
};

let server: Server;
let apiUrl: string;
const seen: { url: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      seen.push({ url: request.url ?? "" });
      const url = new URL(request.url ?? "/", "http://localhost");
      const [status, payload] = USE_CASES[`${request.method} ${url.pathname}`]?.(url) ?? [
        404,
        { status: 404, code: "NOT_FOUND", message: "No such route" },
      ];
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const last = () => seen[seen.length - 1];

describe("the use-cases over call()", () => {
  const ctx = () => ({ apiUrl, accessToken: "t" });
  it("reads the caller, subscribers and user names", async () => {
    expect((await getMe(ctx())).user.firstName).toBe("Ann");
    expect(await listAssociatedSubscribers(ctx(), "u1")).toHaveLength(1);
    expect(last().url).toContain("subscriber-user-id=u1");
    expect((await getSubscriberUserNames(ctx(), ["u1", "u2"])).map((r) => r.subscriberUserId)).toEqual(
      ["u1", "u2"],
    );
  });
});
