import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddressOf, refusesRequest } from "./origin-guard";

const APP = "http://localhost:3000";
const request = (method: string, headers: Record<string, string>) => ({ method, headers }) as unknown as IncomingMessage;

describe("origin guard in front of the app server", () => {
  it("lets reads through whatever their origin", () => {
    expect(refusesRequest(request("GET", { origin: "https://attacker.example" }), APP)).toBe(false);
    expect(refusesRequest(request("HEAD", {}), APP)).toBe(false);
  });

  it("lets the app's own form posts through", () => {
    expect(refusesRequest(request("POST", { origin: APP, "sec-fetch-site": "same-origin" }), APP)).toBe(false);
    expect(refusesRequest(request("POST", { origin: APP }), APP)).toBe(false);
  });

  it("refuses a post from another origin, another site, or with neither header", () => {
    expect(refusesRequest(request("POST", { origin: "https://attacker.example" }), APP)).toBe(true);
    expect(refusesRequest(request("PATCH", { origin: APP, "sec-fetch-site": "cross-site" }), APP)).toBe(true);
    expect(refusesRequest(request("DELETE", { "sec-fetch-site": "same-site" }), APP)).toBe(true);
    expect(refusesRequest(request("POST", {}), APP)).toBe(true);
  });
});

describe("the end user's address", () => {
  const withSocket = (headers: Record<string, string>) =>
    ({ method: "GET", headers, socket: { remoteAddress: "198.51.100.7" } }) as unknown as IncomingMessage;

  it("is the socket's address, whatever X-Forwarded-For claims", () => {
    expect(clientAddressOf(withSocket({ "x-forwarded-for": "203.0.113.1" }), 0)).toBe("198.51.100.7");
  });

  it("is the address the trusted proxy appended, not one the client wrote before it", () => {
    // The client sent `X-Forwarded-For: 192.0.2.10` (an allowed address); its proxy appended the real one.
    expect(clientAddressOf(withSocket({ "x-forwarded-for": "192.0.2.10, 203.0.113.1" }), 1)).toBe("203.0.113.1");
    expect(clientAddressOf(withSocket({ "x-forwarded-for": "192.0.2.10, 203.0.113.1, 10.0.0.1" }), 2)).toBe("203.0.113.1");
    expect(clientAddressOf(withSocket({}), 1)).toBe("198.51.100.7");
  });
});
