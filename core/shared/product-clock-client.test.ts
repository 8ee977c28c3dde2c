import { describe, expect, it } from "vitest";
import { mockProviderPerTest } from "./mock-provider.test-helper.js";
import { PRODUCT_CLOCK_OFFSET_HEADER } from "./product-clock.js";
import { call } from "./provider-client.js";
import { productNow } from "./product-clock-client.js";
import { ProviderError } from "./provider-errors.js";

const provider = mockProviderPerTest();

describe("the product's time", () => {
  it("is the sandbox clock's time where the provider has one", async () => {
    provider.answer("GET", "/api/v1/clock", 200, { now: "2030-06-28T22:59:00.000Z", realNow: "2026-11-25T10:00:00.000Z", offsetMs: 5 });
    expect((await productNow(provider.ctx)).toISOString()).toBe("2030-06-28T22:59:00.000Z");
    expect(provider.seen[0].headers.authorization).toBe("Bearer access-token");
  });

  it("is real time where there is no sandbox clock (production answers 404)", async () => {
    provider.answer("GET", "/api/v1/clock", 404, { status: 404, code: "NOT_FOUND", message: "Not found" });
    const before = Date.now();
    const now = (await productNow(provider.ctx)).getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it("is real time plus the offset an earlier answer to the same context carried, without asking for the clock", async () => {
    const offsetMs = 3 * 365 * 24 * 3600_000;
    provider.answer("GET", "/api/workspace/v1/workspaces/w1", 200, {}, { [PRODUCT_CLOCK_OFFSET_HEADER]: String(offsetMs) });
    await call(provider.ctx, "GET", "/api/workspace/v1/workspaces/w1");
    const before = Date.now();
    const now = (await productNow(provider.ctx)).getTime();
    expect(now - offsetMs).toBeGreaterThanOrEqual(before);
    expect(now - offsetMs).toBeLessThanOrEqual(Date.now());
    expect(provider.seen.map((request) => request.path)).toEqual(["/api/workspace/v1/workspaces/w1"]);
  });

  it("asks for the clock when an answer's offset is not a whole number of milliseconds", async () => {
    provider.answer("GET", "/api/workspace/v1/workspaces/w1", 200, {}, { [PRODUCT_CLOCK_OFFSET_HEADER]: "soon" });
    await call(provider.ctx, "GET", "/api/workspace/v1/workspaces/w1");
    provider.answer("GET", "/api/v1/clock", 200, { now: "2030-06-28T22:59:00.000Z", realNow: "2026-11-25T10:00:00.000Z", offsetMs: 5 });
    expect((await productNow(provider.ctx)).toISOString()).toBe("2030-06-28T22:59:00.000Z");
  });

  it("passes on any other failure", async () => {
    provider.answer("GET", "/api/v1/clock", 401, { status: 401, code: "UNAUTHORIZED", message: "Sign in" });
    await expect(productNow(provider.ctx)).rejects.toBeInstanceOf(ProviderError);
  });
});
