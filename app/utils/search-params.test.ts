import { describe, expect, it } from "vitest";
import { positiveIntParam } from "./search-params";

describe("positiveIntParam", () => {
  it("reads a whole number from 1 up to six digits", () => {
    expect(positiveIntParam("1")).toBe(1);
    expect(positiveIntParam("007")).toBe(7);
    expect(positiveIntParam("999999")).toBe(999999);
  });

  it("answers null for anything else, so the caller's default applies", () => {
    for (const value of [null, undefined, "", "0", "000", "-1", "1.5", "2e3", " 2", "1000000", "ten"]) {
      expect(positiveIntParam(value)).toBeNull();
    }
  });
});
