import { describe, expect, it } from "vitest";
import { ProductClockSchema, ProductClockSetSchema } from "./product-clock.js";

describe("the sandbox clock contract", () => {
  it("takes a date and time with its offset, and nothing vaguer", () => {
    expect(ProductClockSetSchema.parse({ now: "2030-06-28T16:24:00+01:00" })).toEqual({
      now: "2030-06-28T16:24:00+01:00",
    });
    expect(ProductClockSetSchema.parse({ now: "2030-06-28T15:24:00Z" }).now).toBe("2030-06-28T15:24:00Z");
    for (const now of ["tomorrow", "2030-06-28", "2030-06-28T16:24:00"]) {
      expect(ProductClockSetSchema.safeParse({ now }).success, now).toBe(false);
    }
  });

  it("describes the clock as product time, real time and the offset between them", () => {
    const clock = {
      now: "2030-06-28T15:24:00.000Z",
      realNow: "2026-11-24T12:00:00.000Z",
      offsetMs: 113_541_840_000,
    };
    expect(ProductClockSchema.parse(clock)).toEqual(clock);
    expect(ProductClockSchema.safeParse({ ...clock, offsetMs: 1.5 }).success).toBe(false);
  });
});
