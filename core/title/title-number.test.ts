import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidTitleNumber, TITLE_NUMBER_MESSAGE, TITLE_NUMBER_REQUIRED_MESSAGE, TitleNumberSchema } from "./title-number.js";

const messageOf = (input: unknown) => {
  const result = TitleNumberSchema.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
};

describe("TitleNumberSchema", () => {
  it("upper-cases and trims", () => {
    expect(TitleNumberSchema.parse(" dn12345 ")).toBe("DN12345");
    expect(TitleNumberSchema.parse("1")).toBe("1");
    expect(TitleNumberSchema.parse("abc12345z")).toBe("ABC12345Z");
    expect(TitleNumberSchema.parse("123456t")).toBe("123456T");
  });

  it("allows at most 9 characters in all", () => {
    expect(TitleNumberSchema.parse("ABC123456")).toBe("ABC123456");
    expect(messageOf("ABC123456Z")).toBe(TITLE_NUMBER_MESSAGE);
    expect(TitleNumberSchema.parse("AB123456Z")).toBe("AB123456Z");
  });

  it("refuses other shapes", () => {
    for (const bad of ["ABCD1", "A", "1234567", "12X", "Z", "DN 123", "DN123ZT", "-1"]) {
      expect(messageOf(bad), bad).toBe(TITLE_NUMBER_MESSAGE);
    }
  });

  it("requires a value", () => {
    expect(messageOf(undefined)).toBe(TITLE_NUMBER_REQUIRED_MESSAGE);
    expect(messageOf(" ")).toBe(TITLE_NUMBER_REQUIRED_MESSAGE);
    expect(messageOf(null)).toBe(TITLE_NUMBER_REQUIRED_MESSAGE);
    expect(messageOf(5)).toBe(TITLE_NUMBER_MESSAGE);
  });

  const letters = fc.stringMatching(/^[A-Za-z]{0,3}$/);
  const digits = fc.stringMatching(/^[0-9]{1,6}$/);
  const suffix = fc.constantFrom("", "Z", "T", "z", "t");
  const valid = fc
    .tuple(letters, digits, suffix)
    .map((parts) => parts.join(""))
    .filter((text) => text.length <= 9);

  it("round-trips valid title numbers", () => {
    fc.assert(
      fc.property(valid, (text) => {
        const output = TitleNumberSchema.parse(text);
        expect(output).toBe(text.toUpperCase());
        expect(TitleNumberSchema.parse(output)).toBe(output);
      }),
    );
  });

  it("refuses invalid text with the spec's message", () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => text.trim() !== "" && !isValidTitleNumber(text)),
        (text) => void expect(messageOf(text)).toBe(TITLE_NUMBER_MESSAGE),
      ),
    );
  });

  it("never throws", () => {
    fc.assert(fc.property(fc.anything(), (input) => void TitleNumberSchema.safeParse(input)));
  });
});
