/**
 * Request rate limits per client address on the login form and the token endpoints (provider/identity/
 * rate-limits.ts): an address over the limit is answered 429 before anything else runs; other addresses and
 * the web app's server (the web client with its secret) go on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InjectOptions } from "fastify";
import { LOGIN_RATE_LIMITS } from "../../provider/identity/rate-limits.js";
import { startTestProvider, type TestProvider } from "./support.js";

let provider: TestProvider;
beforeAll(async () => {
  provider = await startTestProvider();
});
afterAll(() => provider?.close());

const send = (options: InjectOptions) =>
  provider.app.inject({ ...options, headers: { host: new URL(provider.config.publicUrl).host, ...options.headers } });

const tokenRequest = (remoteAddress: string, authorization?: string) =>
  send({
    method: "POST",
    url: "/oidc/token",
    remoteAddress,
    headers: { "content-type": "application/x-www-form-urlencoded", ...(authorization ? { authorization } : {}) },
    payload: authorization ? "grant_type=refresh_token&refresh_token=not-a-token" : "grant_type=client_credentials&client_id=nobody&client_secret=nothing",
  });

describe("rate limits per address", () => {
  it("limits the token endpoint per address, but not the web app's server", async () => {
    for (let i = 0; i < LOGIN_RATE_LIMITS.tokenPerMinute; i++) expect((await tokenRequest("198.51.100.20")).statusCode).not.toBe(429);
    const over = await tokenRequest("198.51.100.20");
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: 429, code: "TOO_MANY_REQUESTS", message: expect.stringMatching(/^Too many requests from your address: try again in \d+ seconds\.$/) });
    expect(over.headers["retry-after"]).toBeDefined();
    expect((await tokenRequest("198.51.100.21")).statusCode).not.toBe(429);

    const { clientId, clientSecret } = provider.config.webClient;
    const webClient = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
    for (let i = 0; i <= LOGIN_RATE_LIMITS.tokenPerMinute; i++) expect((await tokenRequest("198.51.100.20", webClient)).statusCode).toBe(400);
  });

  it("limits the login form per address", async () => {
    const login = (remoteAddress: string) =>
      send({ method: "POST", url: "/oidc/interaction/some-uid/login", remoteAddress, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "email=a%40b.example&password=x" });
    for (let i = 0; i < LOGIN_RATE_LIMITS.loginPerMinute; i++) expect((await login("198.51.100.30")).statusCode).not.toBe(429);
    expect((await login("198.51.100.30")).statusCode).toBe(429);
    expect((await login("198.51.100.31")).statusCode).not.toBe(429);
    // Other pages from the limited address are not limited.
    expect((await send({ method: "GET", url: "/oidc/.well-known/openid-configuration", remoteAddress: "198.51.100.30" })).statusCode).toBe(200);
  });
});
