/**
 * For the client tests: contract-shaped fixtures, and a provider stand-in on an undici MockAgent (no
 * socket) whose `answer` serves one request to a method and path and records what the client sent.
 */
import { MockAgent } from "undici";
import { afterEach } from "vitest";
import type { RequestContext } from "./provider-client.js";

export interface SeenRequest {
  method: string;
  /** Path and query string. */
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export function mockProvider() {
  const origin = "http://provider.test";
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(origin);
  const seen: SeenRequest[] = [];
  const ctx: RequestContext = {
    apiUrl: origin,
    accessToken: "access-token",
    correlationId: "correlation-1",
    dispatcher: agent,
  };

  /** Serves the next request to `method` `path` (query string ignored when matching) with `status`, `body` and any `headers`. */
  function answer(method: string, path: string, status: number, body: unknown, headers: Record<string, string> = {}) {
    pool.intercept({ method, path: (asked) => asked.split("?")[0] === path }).reply((request) => {
      const text = typeof request.body === "string" ? request.body : "";
      seen.push({
        method: request.method,
        path: request.path,
        headers: Object.fromEntries(
          Object.entries(request.headers ?? {}).map(([key, value]) => [key.toLowerCase(), String(value)]),
        ),
        body: text ? JSON.parse(text) : undefined,
      });
      return {
        statusCode: status,
        data: JSON.stringify(body),
        responseOptions: { headers: { "content-type": "application/json", ...headers } },
      };
    });
  }

  return { ctx, seen, answer, close: () => agent.close() };
}

/** A fresh stand-in for each test of the file calling this (at its top level). */
export function mockProviderPerTest() {
  let current = mockProvider();
  afterEach(async () => {
    await current.close();
    current = mockProvider();
  });
  return {
    get ctx() {
      return current.ctx;
    },
    get seen() {
      return current.seen;
    },
    answer: (method: string, path: string, status: number, body: unknown, headers?: Record<string, string>) =>
      current.answer(method, path, status, body, headers),
  };
}

/** A subscriber user as the contract answers one. */
export const SUBSCRIBER_USER = {
  subscriberUserId: "u1",
  firstName: "Ann",
  middleName: null,
  lastName: "Smith",
  preferredName: null,
  email: "ann@example.com",
  jobTitle: null,
  status: "Active",
  subscriberId: "s1",
  subscriber: "Acme Law",
  roleNames: ["Workspace User"],
  authenticationType: "AUTH0_DATABASE_CONNECTION",
};

/** An associated subscriber as the contract answers one. */
export const ASSOCIATED_SUBSCRIBER = {
  subscriberId: "s1",
  name: "Acme Law",
  entityType: "Law Firm",
  status: "Active",
  isPrimary: true,
  authenticationType: "AUTH0_DATABASE_CONNECTION",
};
