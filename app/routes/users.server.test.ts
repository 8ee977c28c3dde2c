/**
 * The /users loader when the provider stopped counting (docs/decisions/0901-users-search-total-bound.md):
 * the page says "more than 1,000" and keeps paging, instead of sending a page past 1,000 back to the last
 * "exact" page. Runs the loader against a provider stand-in (a local HTTP server) answering a search that
 * matches more than 1,000 users of the User Manager's subscriber.
 */
import { rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultFeatureFlags } from "../../core/shared/feature-flags.js";
import { ROLE_PERMISSIONS } from "../../core/shared/permissions/roles.js";

const fake = vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR ?? "/tmp"}/users-loader-${process.pid}`;
  return { apiUrl: "" };
});

vi.mock("../feature-flags.server", () => ({ featureFlags: async () => defaultFeatureFlags("local") }));
vi.mock("../session/user-session.server", async () => {
  const { signedInUser } = await import("../test/signed-in-user");
  const claims = { userId: "morgan", subscriberId: "sub-1", subscriberType: "Law Firm", roles: ["User Manager"], permissions: [...ROLE_PERMISSIONS["User Manager"]] };
  return { requireUser: async () => signedInUser(fake.apiUrl, claims) };
});

const { loader } = await import("./users");

let server: Server;
const searches: { page: number; limit: number }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const json = (status: number, body: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (request.url?.startsWith("/api/subscriber/v1/roles")) return json(200, { roles: [{ name: "Workspace User" }, { name: "User Manager" }] });
    if (request.url === "/api/subscriber/v1/subscriber-users/search") {
      let text = "";
      request.on("data", (chunk) => (text += chunk));
      request.on("end", () => {
        const { page, limit } = JSON.parse(text) as { page: number; limit: number };
        searches.push({ page, limit });
        json(200, { records: [], page: { page, limit, totalRecords: Math.max(1000, page * limit), pageRecords: limit, totalIsLowerBound: true } });
      });
      return;
    }
    return json(404, { status: 404, code: "NOT_FOUND", message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(process.env.DATA_DIR!, { recursive: true, force: true });
});

const load = (search: string) => loader({ request: new Request(`http://localhost/users${search}`), params: {}, context: {} });

describe("/users when more than 1,000 users match", () => {
  it("says 'more than 1,000' in the results message and keeps a page past 1,000", async () => {
    const data = (await load("?q=a")) as Awaited<ReturnType<typeof loader>> & { resultsMessage: string };
    expect(data).toMatchObject({ total: 1000, totalIsLowerBound: true });
    expect(data.resultsMessage).toBe("More than 1,000 result(s) found based on your search");

    // Page 150 of 10 is past the first 1,000: answered, not redirected to page 100.
    const far = (await load("?q=a&page=150")) as Awaited<ReturnType<typeof loader>>;
    expect(far).toMatchObject({ total: 1500, totalIsLowerBound: true, query: { page: 150 } });
    expect(searches.at(-1)).toEqual({ page: 150, limit: 10 });
  });
});
