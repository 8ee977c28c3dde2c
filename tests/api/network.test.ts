/**
 * The provider on the network: the client's address behind trusted proxies (two hops here, as behind a
 * load balancer and the app server) decides the IP allow list, a client-written X-Forwarded-For entry
 * never does; JSON answers are neither sniffed nor cached, errors included; the request log never holds
 * an authorization request's state nor a token passed in a query.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API } from "./administration-support.js";
import { DEMO_SUBSCRIBERS, startTestProvider, versioned, type TestProvider } from "./support.js";
import { DEMO_USERS } from "./support.js";

const logLines: string[] = [];
let provider: TestProvider;
let lender: string; // the Northgate script client
let helpdesk: string;
const northgate = DEMO_SUBSCRIBERS.northgate.subscriberId;

beforeAll(async () => {
  provider = await startTestProvider({
    env: { TRUST_PROXY: "true", TRUSTED_PROXY_HOPS: "2" },
    logLevel: "info",
    logStream: { write: (line) => void logLines.push(line) },
  });
  [lender, helpdesk] = await Promise.all([provider.scriptToken("northgate"), provider.loginToken(DEMO_USERS.helpdesk.email)]);
});
afterAll(() => provider?.close());

async function setIpAllowList(metadata: string[]) {
  const write = await versioned(provider.db, { type: "USER_IP_WHITELIST", data: { metadata } }, { table: "subscribers", id: northgate });
  const response = await provider.call(helpdesk, {
    method: "PATCH",
    url: `${API}/idp-metadata/${northgate}/USER_IP_WHITELIST`,
    payload: write.payload,
    headers: write.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe("the client's address behind two trusted proxies", () => {
  const me = (forwardedFor: string) => provider.call(lender, { method: "GET", url: "/api/v1/me", headers: { "x-forwarded-for": forwardedFor } });

  it("is the second entry from the right: an allowed address written by the client to the left does not pass", async () => {
    await setIpAllowList(["203.0.113.0/24"]);
    try {
      // <client-written> , <client as the load balancer saw it> , <load balancer as the app saw it>
      expect((await me("198.51.100.1, 203.0.113.42, 10.0.0.1")).statusCode).toBe(200);
      const spoofed = await me("203.0.113.42, 198.51.100.1, 10.0.0.1");
      expect(spoofed.statusCode).toBe(403);
      expect(spoofed.json().code).toBe("IP_ADDRESS_NOT_ALLOWED");
      expect(spoofed.headers["x-content-type-options"]).toBe("nosniff");
      expect(spoofed.headers["cache-control"]).toBe("no-store");
      expect((await me("203.0.113.42, 203.0.113.43, 198.51.100.1, 10.0.0.1")).statusCode).toBe(403);
      // Only as many entries as there are proxies: the farthest known address.
      expect((await me("203.0.113.42")).statusCode).toBe(200);
    } finally {
      await setIpAllowList([]);
    }
  });
});

describe("answers' headers", () => {
  const expectJsonHeaders = (response: { statusCode: number; headers: Record<string, unknown> }, status: number) => {
    expect(response.statusCode).toBe(status);
    expect(String(response.headers["content-type"])).toMatch(/^application\/json/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("no-store");
  };

  it("JSON answers of the API are not sniffed nor cached: reads, and 400, 401, 404 refusals (403: above)", async () => {
    expectJsonHeaders(await provider.call(lender, { method: "GET", url: "/api/v1/me" }), 200);
    expectJsonHeaders(await provider.call(helpdesk, { method: "GET", url: `${API}/subscribers` }), 200);
    expectJsonHeaders(await provider.call(undefined, { method: "GET", url: "/api/v1/me" }), 401);
    expectJsonHeaders(await provider.call("not-a-token", { method: "GET", url: "/api/v1/me" }), 401);
    expectJsonHeaders(await provider.call(lender, { method: "GET", url: "/api/v1/no-such-operation" }), 404);
    expectJsonHeaders(await provider.call(undefined, { method: "GET", url: "/no-such-page" }), 404);
    expectJsonHeaders(
      await provider.call(helpdesk, {
        method: "PATCH",
        url: `${API}/idp-metadata/${northgate}/USER_IP_WHITELIST`,
        headers: { "content-type": "application/json", "if-match": '"1"' },
        payload: "{ not json",
      }),
      400,
    );
    expectJsonHeaders(await provider.call(undefined, { method: "GET", url: "/health" }), 200);
    expectJsonHeaders(await provider.call(undefined, { method: "GET", url: "/api/docs/openapi.json" }), 200);
  });

  it("the identity provider's answers are not sniffed, and its token answers not cached", async () => {
    const discovery = await provider.app.inject({ method: "GET", url: "/oidc/.well-known/openid-configuration", headers: { host: new URL(provider.config.publicUrl).host } });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.headers["x-content-type-options"]).toBe("nosniff");
    const token = await provider.app.inject({
      method: "POST",
      url: "/oidc/token",
      headers: { host: new URL(provider.config.publicUrl).host, "content-type": "application/x-www-form-urlencoded" },
      payload: "grant_type=client_credentials",
    });
    expect(token.statusCode).toBe(400);
    expect(token.headers["x-content-type-options"]).toBe("nosniff");
    expect(token.headers["cache-control"]).toBe("no-store");
  });
});

describe("the request log", () => {
  it("never holds an authorization request's state, a logout's id token hint, nor a token in a query", async () => {
    const host = new URL(provider.config.publicUrl).host;
    const urls = [
      `/oidc/auth?client_id=convey-web&response_type=code&scope=openid&state=Secret-State-1&code_challenge=abc&code_challenge_method=S256`,
      `/oidc/session/end?id_token_hint=Secret-Hint-2&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A3000%2F`,
      `/api/v1/me?access_token=Secret-Token-3&Refresh_Token=Secret-Token-4&code=Secret-Code-5`,
    ];
    for (const url of urls) await provider.app.inject({ method: "GET", url, headers: { host } });
    const log = logLines.join("\n");
    expect(log).toContain("state=[redacted]");
    expect(log).toContain("/oidc/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=");
    expect(log).toContain("/api/v1/me?access_token=[redacted]&Refresh_Token=[redacted]&code=[redacted]");
    expect(log).not.toMatch(/Secret-(State|Hint|Token|Code)/);
  });
});
