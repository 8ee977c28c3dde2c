/** The HTTP contract every route shares: authentication, error bodies, correlation ids, OpenAPI, health. */
import { generateKeyPairSync } from "node:crypto";
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORRELATION_ID_HEADER, ErrorBodySchema } from "../../core/shared/contract.js";
import { startTestProvider, type TestProvider } from "./support.js";

let provider: TestProvider;
let token: string;

beforeAll(async () => {
  provider = await startTestProvider();
  token = await provider.scriptToken("harperVale");
});
afterAll(() => provider?.close());

/** Re-signs the claims of a real token with the given key, changing what `change` says. */
async function resign(
  realToken: string,
  key: Parameters<SignJWT["sign"]>[0],
  change: (claims: Record<string, unknown>) => void,
) {
  const header = decodeProtectedHeader(realToken);
  const claims = { ...decodeJwt(realToken) } as Record<string, unknown>;
  change(claims);
  return new SignJWT(claims).setProtectedHeader({ ...header, alg: header.alg ?? "RS256" }).sign(key);
}

function expectErrorBody(
  response: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  status: number,
  code?: string,
) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers["content-type"])).toMatch(/^application\/json/);
  const body = ErrorBodySchema.parse(response.json());
  expect(body.status).toBe(status);
  if (code) expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

const ME = { method: "GET", url: "/api/v1/me" } as const;

describe("authentication", () => {
  it("accepts a real access token", async () => {
    const response = await provider.call(token, ME);
    expect(response.statusCode).toBe(200);
  });

  it("answers 401 with a JSON body when the token is missing", async () => {
    const body = expectErrorBody(await provider.call(undefined, ME), 401, "UNAUTHORIZED");
    expect(body.message).toMatch(/access token is required/i);
  });

  it("answers 401 for a malformed Authorization header", async () => {
    for (const authorization of ["Basic abc", "Bearer", "Bearer not a token", token]) {
      const response = await provider.call(undefined, { ...ME, headers: { authorization } });
      expectErrorBody(response, 401, "UNAUTHORIZED");
      expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
    }
  });

  it("answers 401 for a token signed by another key", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const forged = await resign(token, privateKey, () => undefined);
    expectErrorBody(await provider.call(forged, ME), 401, "UNAUTHORIZED");
  });

  it("answers 401 for an unsigned token", async () => {
    const claims = Buffer.from(JSON.stringify(decodeJwt(token))).toString("base64url");
    const unsigned = `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString("base64url")}.${claims}.`;
    expectErrorBody(await provider.call(unsigned, ME), 401, "UNAUTHORIZED");
  });

  it("answers 401 for an expired token signed by the provider's own key", async () => {
    const jwk = provider.config.jwks.keys[0] as JWK;
    const key = await importJWK(jwk, String(jwk.alg ?? "RS256"));
    const now = Math.floor(Date.now() / 1000);
    const expired = await resign(token, key, (claims) => {
      claims.iat = now - 600;
      claims.exp = now - 300;
    });
    const body = expectErrorBody(await provider.call(expired, ME), 401, "UNAUTHORIZED");
    expect(body.message).toMatch(/exp/i);
  });
});

describe("errors", () => {
  it("answers 404 with a JSON body for an unknown API route, with or without a token", async () => {
    expectErrorBody(
      await provider.call(token, { method: "GET", url: "/api/v1/nothing-here" }),
      404,
      "NOT_FOUND",
    );
    expectErrorBody(
      await provider.call(undefined, { method: "DELETE", url: "/api/subscriber/v1/nowhere" }),
      404,
      "NOT_FOUND",
    );
  });

  it("answers 400 naming the field for a request that fails its schema", async () => {
    const response = await provider.call(token, {
      method: "POST",
      url: "/api/subscriber/v1/subscriber-users/search",
      payload: { page: 0, sortBy: "age" },
    });
    const body = expectErrorBody(response, 400, "VALIDATION_ERROR");
    expect(body.message).toContain("body.page");
    expect(body.message).toContain("body.sortBy");
  });

  it("answers 400 naming the query parameter", async () => {
    const response = await provider.call(token, {
      method: "GET",
      url: "/api/subscriber/v1/subscribers?limit=abc",
    });
    expect(expectErrorBody(response, 400, "VALIDATION_ERROR").message).toContain("querystring.limit");
  });

  it("answers 400 with a JSON body for malformed JSON", async () => {
    const response = await provider.call(token, {
      method: "POST",
      url: "/api/subscriber/v1/subscriber-users/search",
      headers: { "content-type": "application/json" },
      payload: "{ not json",
    });
    expectErrorBody(response, 400);
  });

  it("answers 415 with a JSON body for a body of the wrong type", async () => {
    const response = await provider.call(token, {
      method: "POST",
      url: "/api/subscriber/v1/subscriber-users/search",
      headers: { "content-type": "text/csv" },
      payload: "a,b",
    });
    expectErrorBody(response, 415);
  });

  it("answers a path the router refuses (bad percent-encoding, a parameter too long) with the JSON body, without echoing the path", async () => {
    const badUrl = await provider.app.inject({ method: "GET", url: "/api/workspace/v1/workspaces/%ED%A0%80", headers: { [CORRELATION_ID_HEADER]: "bad-url-1" } });
    expectErrorBody(badUrl, 400, "BAD_URL");
    expect(badUrl.headers[CORRELATION_ID_HEADER]).toBe("bad-url-1");
    const long = "a".repeat(10_000);
    const tooLong = await provider.app.inject({ method: "GET", url: `/api/workspace/v1/workspaces/${long}`, headers: { authorization: `Bearer ${token}` } });
    const body = expectErrorBody(tooLong, 414, "URI_TOO_LONG");
    expect(body.message).not.toContain(long.slice(0, 100));
  });
});

describe("correlation id", () => {
  it("echoes the caller's correlation id", async () => {
    const response = await provider.call(token, {
      ...ME,
      headers: { [CORRELATION_ID_HEADER]: "test-correlation-123" },
    });
    expect(response.headers[CORRELATION_ID_HEADER]).toBe("test-correlation-123");
  });

  it("generates one when the request has none, also on errors", async () => {
    for (const response of [
      await provider.call(token, ME),
      await provider.call(undefined, ME),
      await provider.call(token, { method: "GET", url: "/api/v1/unknown" }),
      await provider.call(undefined, { method: "GET", url: "/health" }),
    ]) {
      expect(response.headers[CORRELATION_ID_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("replaces a correlation id that could forge log lines or headers", async () => {
    const response = await provider.call(token, {
      ...ME,
      headers: { [CORRELATION_ID_HEADER]: "bad id\twith spaces" },
    });
    expect(response.headers[CORRELATION_ID_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("OpenAPI document and health", () => {
  it("serves the OpenAPI document without a token, listing the API routes", async () => {
    const response = await provider.call(undefined, { method: "GET", url: "/api/docs/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/me",
        "/api/v1/feature-flags",
        "/api/v1/feature-flags/{name}",
        "/api/subscriber/v1/subscribers",
        "/api/subscriber/v1/subscribers/subscriber-users",
        "/api/subscriber/v1/subscriber-users/search",
        "/api/subscriber/v1/subscriber-users/{id}",
        "/health",
      ]),
    );
    expect(Object.keys(document.paths["/api/subscriber/v1/subscriber-users/{id}"])).toEqual(
      expect.arrayContaining(["get", "patch"]),
    );
    expect(Object.keys(document.paths).some((path) => path.startsWith("/oidc"))).toBe(false);
    expect(Object.keys(document.paths)).not.toContain("/api/docs/openapi.json");
  });

  it("describes request and response schemas from the zod contract", async () => {
    const document = (
      await provider.call(undefined, { method: "GET", url: "/api/docs/openapi.json" })
    ).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    const patch = document.paths["/api/subscriber/v1/subscriber-users/{id}"].patch;
    expect(JSON.stringify(patch.requestBody)).toContain("Suspended");
    expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404"]));
  });

  it("answers /health", async () => {
    const response = await provider.call(undefined, { method: "GET", url: "/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });
});
