/**
 * The transaction settings tab when the credentials cannot be loaded (document 3 section 8.4: 'Unable to
 * load credentials'; the failure itself is only logged). No realistic request makes the provider fail this
 * one call in the browser, so the loader runs here against a provider (a local HTTP server) that answers the
 * subscriber's details but fails the identifiers call, as an outage of the authority identifiers would.
 */
import { rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultFeatureFlags } from "../../core/shared/feature-flags.js";

const fake = vi.hoisted(() => {
  // The app's configuration is read on import: a data folder of the test's own.
  process.env.DATA_DIR = `${process.env.TMPDIR ?? "/tmp"}/organisation-loader-${process.pid}`;
  return { apiUrl: "" };
});

vi.mock("../feature-flags.server", () => ({
  featureFlags: async () => ({ ...defaultFeatureFlags("local"), notificationEnabled: true, sdltEnabled: true }),
}));
vi.mock("../session/user-session.server", async () => {
  const { signedInUser } = await import("../test/signed-in-user");
  return {
    requireUser: async () => signedInUser(fake.apiUrl),
    endSessionAndLogin: async () => new Response(null, { status: 302, headers: { Location: "/login" } }),
  };
});

const { organisationLoader } = await import("./organisation.server");
const { TransactionSettings } = await import("./organisation-page");

const SUBSCRIBER = "5b000000-0000-4000-8000-000000000002";
let server: Server;
const calls: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    calls.push(`${request.method} ${request.url}`);
    const json = (status: number, body: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (request.url === `/api/subscriber/v1/subscribers/${SUBSCRIBER}/details`) {
      return json(200, {
        subscriberId: SUBSCRIBER,
        name: "Harper & Vale LLP",
        entityType: "Law Firm",
        status: "Active",
        version: 1,
        userAuthentication: { type: "AUTH0_DATABASE_CONNECTION", sso: [] },
        ipAllow: { ipAddresses: [], lastModifiedAt: null, lastModifiedBy: null },
      });
    }
    if (request.url === `/api/subscriber/v1/lodging-party/${SUBSCRIBER}/ext-authority-identifiers`) {
      return json(503, { status: 503, code: "SERVICE_UNAVAILABLE", message: "The authority identifiers are not available." });
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

describe("the transaction settings tab when the credentials cannot be loaded", () => {
  it("shows the page with 'Unable to load credentials' instead of the cards, and only logs the failure", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const view = await organisationLoader(new Request(`http://localhost/subscribers/${SUBSCRIBER}?tab=transaction`), {
      kind: "subscriber",
      subscriberId: SUBSCRIBER,
    });

    expect(calls).toContain(`GET /api/subscriber/v1/lodging-party/${SUBSCRIBER}/ext-authority-identifiers`);
    expect(view).toMatchObject({ name: "Harper & Vale LLP", tab: "transaction", transaction: { state: "failed" } });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("The authority identifiers are not available."));
    warn.mockRestore();

    const html = renderToStaticMarkup(<TransactionSettings transaction={view.transaction!} />);
    expect(html).toContain("These credentials are used to lodge applications with HMLR and submit returns to HMRC.");
    expect(html).toContain('<p role="alert">Unable to load credentials</p>');
    expect(html).not.toContain("User name");
  });
});
