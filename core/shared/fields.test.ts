/** Field builders and the common messages. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { optionalText, PATTERNS, requiredText, ticked, yesNo } from "./fields.js";
import { VALIDATION_MESSAGES } from "./validation-messages.js";
import { errors } from "./schema-errors.test-helper.js";

describe("common messages", () => {
  it("follow document 1 section 5", () => {
    expect(VALIDATION_MESSAGES.required("Town")).toBe("Town is required");
    expect(VALIDATION_MESSAGES.tooLong("Town", 30)).toBe("Town must not exceed 30 characters");
    expect(VALIDATION_MESSAGES.tooShort("Registration number", 6)).toBe("Registration number must contain at least 6 characters");
    expect(VALIDATION_MESSAGES.invalid("Postcode")).toBe("Enter a valid Postcode");
  });
});

describe("text fields", () => {
  const name = requiredText({ label: "First name", max: 5, min: 2, pattern: PATTERNS.name, noLeadingWhitespace: true });
  it("reports one message, in order", () => {
    expect(errors(name, undefined)).toEqual({ "": "First name is required" });
    expect(errors(name, "   ")).toEqual({ "": "First name is required" });
    expect(errors(name, "Abcdef")).toEqual({ "": "First name must not exceed 5 characters" });
    expect(errors(name, "A")).toEqual({ "": "First name must contain at least 2 characters" });
    expect(errors(name, " Ab")).toEqual({ "": "First name must not start with a space" });
    expect(errors(name, "A1")).toEqual({ "": "Enter a valid First name" });
    expect(errors(name, 5)).toEqual({ "": "Enter a valid First name" });
    expect(name.parse("Ab")).toBe("Ab");
  });
  it("treat empty optional text as missing", () => {
    const flat = optionalText({ label: "Flat", max: 3 });
    expect(flat.parse("")).toBeUndefined();
    expect(flat.parse(null)).toBeUndefined();
    expect(errors(flat, "abcd")).toEqual({ "": "Flat must not exceed 3 characters" });
    expect(errors(flat, 1)).toEqual({ "": "Enter a valid Flat" });
  });
  it("read yes/no answers and ticks", () => {
    const answer = yesNo("select one of the responses");
    expect(answer.parse("true")).toBe(true);
    expect(answer.parse("no")).toBe(false);
    expect(answer.parse(false)).toBe(false);
    expect(errors(answer, undefined)).toEqual({ "": "select one of the responses" });
    const tick = ticked("Tick it");
    expect(tick.parse("on")).toBe(true);
    expect(errors(tick, undefined)).toEqual({ "": "Tick it" });
  });
  it("the name pattern: starts with a letter; letters, hyphen, space, apostrophe", () => {
    fc.assert(fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z\-' ]{0,20}$/), (text) => void expect(PATTERNS.name.test(text)).toBe(true)));
    for (const bad of ["-Ann", "'O", "Ann1", "Zoë", " Ann"]) expect(PATTERNS.name.test(bad), bad).toBe(false);
  });
});
