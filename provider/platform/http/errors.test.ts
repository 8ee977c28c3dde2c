import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "../errors.js";
import { errorBodyFor, errorHandler, INTERNAL_ERROR_MESSAGE, notFoundHandler } from "./errors.js";

function appWith(handler: () => unknown) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.get(
    "/boom",
    { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
    async () => handler() as { ok: boolean },
  );
  return app;
}

describe("errorBodyFor", () => {
  it("passes an ApiError through", () => {
    expect(errorBodyFor(new ApiError(409, "CONFLICT", "changed"))).toEqual({
      status: 409,
      code: "CONFLICT",
      message: "changed",
    });
  });

  it("hides everything about an unexpected error", () => {
    const body = errorBodyFor(new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2"));
    expect(body).toEqual({ status: 500, code: "INTERNAL_SERVER_ERROR", message: INTERNAL_ERROR_MESSAGE });
  });

  it("hides a library error that claims a 5xx status", () => {
    expect(errorBodyFor(Object.assign(new Error("upstream detail"), { statusCode: 502 })).message).toBe(
      INTERNAL_ERROR_MESSAGE,
    );
  });
});

describe("errorHandler", () => {
  it("answers a thrown error with a generic 500 body and no stack", async () => {
    const app = appWith(() => {
      throw new TypeError("Cannot read properties of undefined (reading 'secret')");
    });
    const response = await app.inject({ method: "GET", url: "/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 500,
      code: "INTERNAL_SERVER_ERROR",
      message: INTERNAL_ERROR_MESSAGE,
    });
    expect(response.body).not.toMatch(/secret|TypeError|at /);
  });

  it("answers a response that breaks its schema with a generic 500, leaking nothing of it", async () => {
    const app = appWith(() => ({ ok: "yes", passwordHash: "scrypt$..." }));
    const response = await app.inject({ method: "GET", url: "/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: "INTERNAL_SERVER_ERROR" });
    expect(response.body).not.toContain("scrypt");
  });

  it("strips fields the response schema does not name", async () => {
    const app = appWith(() => ({ ok: true, passwordHash: "scrypt$..." }));
    const response = await app.inject({ method: "GET", url: "/boom" });
    expect(response.json()).toEqual({ ok: true });
  });

  it("answers unknown routes 404 in the same shape", async () => {
    const response = await appWith(() => ({ ok: true })).inject({ method: "GET", url: "/nowhere?token=abc" });
    expect(response.json()).toEqual({ status: 404, code: "NOT_FOUND", message: "There is no GET /nowhere." });
  });
});
