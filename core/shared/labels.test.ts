import { describe, expect, it } from "vitest";
import { labelOf, labelsFor, sentenceCase } from "./labels.js";

describe("labels", () => {
  it("sentence case and exceptions", () => {
    expect(sentenceCase("FUNDS_AUTHORISED")).toBe("Funds authorised");
    expect(labelOf({ A: "Alpha" }, "A")).toBe("Alpha");
    expect(labelOf({}, "NOT_REQUIRED")).toBe("Not required");
    expect(labelsFor(["X_Y", "Z"] as const, { Z: "Zed" })).toEqual({ X_Y: "X y", Z: "Zed" });
  });
});
