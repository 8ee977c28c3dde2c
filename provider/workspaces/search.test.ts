import { describe, expect, it } from "vitest";
import { prefixSuccessor } from "./search.js";

describe("prefixSuccessor", () => {
  it("raises the last character, so every string with the prefix sorts below it and no other string between", () => {
    expect(prefixSuccessor("WS-0")).toBe("WS-1");
    expect(prefixSuccessor("SW1A")).toBe("SW1B");
    const strings = ["WS-0", "WS-09", "WS-0999999", "WS-1", "WS-", "WS-/", "WS-0\u{10ffff}", "WS-00001"].sort();
    const above = prefixSuccessor("WS-0")!;
    for (const s of strings) expect(s.startsWith("WS-0"), s).toBe(s >= "WS-0" && s < above);
  });

  it("steps over the surrogates and drops a last character that has no successor", () => {
    expect(prefixSuccessor("a\ud7ff")).toBe("a\ue000");
    expect(prefixSuccessor("a\u{10ffff}")).toBe("b");
    expect(prefixSuccessor("\u{10ffff}")).toBeNull();
    expect(prefixSuccessor("")).toBeNull();
  });
});
