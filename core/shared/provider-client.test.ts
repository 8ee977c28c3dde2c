import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CORRELATION_ID_HEADER } from "./contract.js";
import { call } from "./provider-client.js";
import { ProviderAnswerLostError, ProviderError, ProviderUnavailableError } from "./provider-errors.js";
import * as flags from "./feature-flags-client.js";

/** Canned answers of the use-cases in core/client, by method and path. */
const USE_CASES: Record<string, (url: URL, body: string) => [number, unknown]> = {
  "GET /api/v1/feature-flags": (url) => [
    200,
    { environment: url.searchParams.get("environment") ?? "local", flags: { sdltEnabled: false } },
  ],
  "PUT /api/v1/feature-flags/sdltEnabled": (_url, body) => [
    200,
    { environment: "local", flags: { sdltEnabled: JSON.parse(body).enabled } },
  ],
};

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server;
let apiUrl: string;
const seen: Seen[] = [];

/** Answers by path: /status/{n} answers n with the API's error body; others as below. */
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      seen.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
      const url = new URL(request.url ?? "/", "http://localhost");
      const send = (status: number, payload?: unknown, raw?: string) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(raw ?? (payload === undefined ? "" : JSON.stringify(payload)));
      };
      const useCase = USE_CASES[`${request.method} ${url.pathname}`];
      if (useCase) return send(...useCase(url, body));
      const status = /^\/status\/(\d+)$/.exec(url.pathname);
      if (status)
        return send(Number(status[1]), {
          status: Number(status[1]),
          code: "SOME_CODE",
          message: `failed ${status[1]}`,
        });
      switch (url.pathname) {
        case "/ok":
          return send(200, { hello: "world", query: Object.fromEntries(url.searchParams) });
        case "/echo":
          return send(201, { body: JSON.parse(body || "null") });
        case "/empty":
          return send(204);
        case "/oauth-error":
          return send(400, { error: "invalid_grant", error_description: "Grant expired" });
        case "/oauth-error-bare":
          return send(401, { error: "invalid_client" });
        case "/not-json":
          return send(502, undefined, "<html>Bad gateway</html>");
        case "/bad-shape":
          return send(200, { hello: 42 });
        default:
          return send(404, { status: 404, code: "NOT_FOUND", message: "No such route" });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const last = () => seen[seen.length - 1];

describe("call", () => {
  it("sends the bearer token, a correlation id, the client address and the query; parses with the schema", async () => {
    const result = await call({ apiUrl, accessToken: "token-1", clientIp: "203.0.113.9" }, "GET", "/ok", {
      query: { page: 1, active: true, skipped: undefined },
      schema: z.object({ hello: z.string(), query: z.record(z.string(), z.string()) }),
    });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ hello: "world", query: { page: "1", active: "true" } });
    expect(last().headers.authorization).toBe("Bearer token-1");
    expect(last().headers["x-forwarded-for"]).toBe("203.0.113.9");
    expect(last().headers.accept).toBe("application/json");
    const correlationId = last().headers[CORRELATION_ID_HEADER];
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.correlationId).toBe(correlationId);
  });

  it("reuses a given correlation id and sends no authorization without a token", async () => {
    const result = await call({ apiUrl, correlationId: "corr-123" }, "GET", "/ok");
    expect(last().headers[CORRELATION_ID_HEADER]).toBe("corr-123");
    expect(last().headers.authorization).toBeUndefined();
    expect(result.correlationId).toBe("corr-123");
  });

  it("sends JSON bodies", async () => {
    const result = await call({ apiUrl }, "POST", "/echo", { body: { a: 1, b: ["x"] } });
    expect(result).toMatchObject({ status: 201, data: { body: { a: 1, b: ["x"] } } });
    expect(last().headers["content-type"]).toBe("application/json");
    expect(last().method).toBe("POST");
  });

  it("sends form bodies", async () => {
    await call({ apiUrl }, "POST", "/echo-form", {
      form: { grant_type: "client_credentials", scope: "a b" },
    }).catch(() => undefined);
    expect(last().headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(last().body).toBe("grant_type=client_credentials&scope=a+b");
  });

  it("passes extra headers and handles empty answers", async () => {
    const result = await call({ apiUrl }, "DELETE", "/empty", { headers: { "if-match": "3" } });
    expect(result).toMatchObject({ status: 204, data: undefined });
    expect(last().headers["if-match"]).toBe("3");
  });

  it.each([400, 401, 403, 404, 409, 424, 500, 503, 504])(
    "turns %i into a ProviderError with the provider's code and message",
    async (status) => {
      const error = await call({ apiUrl, correlationId: "c-1" }, "PATCH", `/status/${status}`, {
        body: {},
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({
        status,
        code: "SOME_CODE",
        message: `failed ${status}`,
        correlationId: "c-1",
        name: "ProviderError",
      });
    },
  );

  it("reads OAuth error bodies", async () => {
    await expect(call({ apiUrl }, "POST", "/oauth-error")).rejects.toMatchObject({
      status: 400,
      code: "invalid_grant",
      message: "Grant expired",
    });
    await expect(call({ apiUrl }, "POST", "/oauth-error-bare")).rejects.toMatchObject({
      status: 401,
      code: "invalid_client",
      message: "invalid_client",
    });
  });

  it("describes an answer that is not JSON", async () => {
    await expect(call({ apiUrl }, "GET", "/not-json")).rejects.toMatchObject({
      status: 502,
      code: "HTTP_ERROR",
      message: "The provider answered 502",
    });
  });

  it("rejects a success body that does not match the schema", async () => {
    await expect(
      call({ apiUrl }, "GET", "/bad-shape", { schema: z.object({ hello: z.string() }) }),
    ).rejects.toBeInstanceOf(z.ZodError);
  });

  it("turns an unreachable host into ProviderUnavailableError (503)", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await call(
      { apiUrl: `http://127.0.0.1:${port}`, correlationId: "c-9" },
      "GET",
      "/ok",
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      status: 503,
      code: "PROVIDER_UNAVAILABLE",
      correlationId: "c-9",
      name: "ProviderUnavailableError",
    });
    expect((error as Error).message).toContain(`http://127.0.0.1:${port}`);
    expect(error).not.toBeInstanceOf(ProviderAnswerLostError);
  });

  it.each(["before answering", "half-way through the answer"])(
    "turns a connection dropped %s into ProviderAnswerLostError: the request may have been acted on",
    async (when) => {
      const dropping = createServer((request, response) => {
        request.resume();
        request.on("end", () => {
          if (when === "before answering") return void request.socket.destroy();
          response.writeHead(200, { "content-type": "application/json", "content-length": "100" });
          response.write('{"ok":', () => request.socket.destroy());
        });
      });
      await new Promise<void>((resolve) => dropping.listen(0, "127.0.0.1", resolve));
      const port = (dropping.address() as AddressInfo).port;
      try {
        const error = await call({ apiUrl: `http://127.0.0.1:${port}`, correlationId: "c-10" }, "POST", "/bulk", { body: {} }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ProviderAnswerLostError);
        expect(error).toBeInstanceOf(ProviderUnavailableError);
        expect(error).toMatchObject({ status: 503, correlationId: "c-10", name: "ProviderAnswerLostError" });
        expect((error as Error).message).toMatch(/^The connection to the provider at http:\/\/127\.0\.0\.1:\d+ was lost before its answer came \(.+\)$/);
      } finally {
        await new Promise<void>((resolve) => dropping.close(() => resolve()));
      }
    },
  );
});

describe("the use-cases over call()", () => {
  const ctx = () => ({ apiUrl, accessToken: "t" });
  it("reads and sets feature flags", async () => {
    expect((await flags.getFeatureFlags(ctx(), "sandbox")).environment).toBe("sandbox");
    expect((await flags.setFeatureFlag(ctx(), "sdltEnabled", true)).flags.sdltEnabled).toBe(true);
  });
});
