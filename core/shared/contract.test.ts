import { describe, expect, it } from "vitest";
import { ErrorBodySchema, FeatureFlagUpdateSchema, FlagNameSchema, PagingQuerySchema } from "./contract.js";

describe("the shared contract", () => {
  it("pages from query text: numbers coerced, page from 1, limit 1 to 1000, defaults 1 and 20", () => {
    expect(PagingQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(PagingQuerySchema.parse({ page: "3", limit: "1000" })).toEqual({ page: 3, limit: 1000 });
    for (const bad of [{ page: "0" }, { limit: "0" }, { limit: "1001" }, { page: "1.5" }, { page: "x" }]) {
      expect(PagingQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("names only known flags and environments", () => {
    expect(FlagNameSchema.parse("sdltEnabled")).toBe("sdltEnabled");
    expect(FlagNameSchema.safeParse("newThing").success).toBe(false);
    expect(FeatureFlagUpdateSchema.safeParse({ enabled: true, environment: "production" }).success).toBe(
      true,
    );
    expect(FeatureFlagUpdateSchema.safeParse({ enabled: "yes" }).success).toBe(false);
  });

  it("carries errors as status, code and message", () => {
    expect(ErrorBodySchema.safeParse({ status: 409, code: "CONFLICT", message: "changed" }).success).toBe(
      true,
    );
    expect(ErrorBodySchema.safeParse({ error: "invalid_grant" }).success).toBe(false);
  });
});
