import { describe, expect, it } from "vitest";
import { ifMatch, versionOfIfMatch } from "./versions.js";

describe("If-Match", () => {
  it("round-trips a version", () => {
    expect(versionOfIfMatch(ifMatch(7))).toBe(7);
  });

  it.each([
    ['"7"', 7],
    ['W/"12"', 12],
    ["3", 3],
    [undefined, null],
    ["", null],
    ['"0"', "invalid"],
    ['"-1"', "invalid"],
    ["abc", "invalid"],
    ['"7", "8"', "invalid"],
  ] as const)("%s → %s", (header, version) => {
    expect(versionOfIfMatch(header)).toBe(version);
  });
});
