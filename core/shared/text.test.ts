import { describe, expect, it } from "vitest";
import { containsUnstorableText, hasUnstorableCharacters } from "./text.js";

describe("text that cannot be stored", () => {
  it.each([
    ["a NUL", "ab\u0000c"],
    ["a lone high surrogate", "ab\ud83d"],
    ["a lone low surrogate", "\ude00ab"],
    ["two high surrogates", "\ud83d\ud83d"],
  ])("refuses %s", (_name, text) => {
    expect(hasUnstorableCharacters(text)).toBe(true);
  });

  it.each([["plain", "Ann O'Neil-Smith"], ["accents", "Zoë Brontë"], ["a whole emoji", "house 🏠"], ["empty", ""]])("accepts %s", (_name, text) => {
    expect(hasUnstorableCharacters(text)).toBe(false);
  });

  it("looks inside arrays and objects, keys included", () => {
    expect(containsUnstorableText({ parties: [{ name: "ok" }, { name: "x\u0000" }] })).toBe(true);
    expect(containsUnstorableText({ ["k\u0000"]: 1 })).toBe(true);
    expect(containsUnstorableText({ parties: [{ name: "ok", age: 3, flag: null }] })).toBe(false);
  });
});
