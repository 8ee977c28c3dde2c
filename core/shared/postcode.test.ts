import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidPostcode, normalisePostcode, POSTCODE_MESSAGE, POSTCODE_REQUIRED_MESSAGE, PostcodeSchema } from "./postcode.js";

const messageOf = (input: unknown) => {
  const result = PostcodeSchema.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
};

const pick = (chars: string) => fc.constantFrom(...chars.split(""));
const digit = pick("0123456789");
const first = pick("ABCDEFGHIJKLMNOPRSTUWYZ");
const second = pick("ABCDEFGHKLMNOPQRSTUVWXY");
const third = pick("ABCDEFGHJKPSTUW");
const fourth = pick("ABEHMNPRVWXY");
const inwardLetter = pick("ABDEFGHJLNPQRSTUWXYZ");
const outward = fc.oneof(
  fc.tuple(first, digit).map((p) => p.join("")),
  fc.tuple(first, digit, digit).map((p) => p.join("")),
  fc.tuple(first, second, digit).map((p) => p.join("")),
  fc.tuple(first, second, digit, digit).map((p) => p.join("")),
  fc.tuple(first, digit, third).map((p) => p.join("")),
  fc.tuple(first, second, digit, fourth).map((p) => p.join("")),
);
const canonicalPostcode = fc.tuple(outward, digit, inwardLetter, inwardLetter).map(([o, d, a, b]) => `${o} ${d}${a}${b}`);

/** A canonical postcode as a person might type it: any case, with or without the space, padded. */
const typed = fc
  .tuple(canonicalPostcode, fc.boolean(), fc.boolean(), fc.constantFrom("", " ", "  ", "\t"))
  .map(([postcode, lower, space, pad]) => {
    const cased = lower ? postcode.toLowerCase() : postcode;
    return `${pad}${space ? cased : cased.replace(" ", "")}${pad}`;
  });

describe("PostcodeSchema", () => {
  it("outputs the canonical upper-case form with one space", () => {
    expect(PostcodeSchema.parse("sw1a1aa")).toBe("SW1A 1AA");
    expect(PostcodeSchema.parse("  SW1A 1AA ")).toBe("SW1A 1AA");
    expect(PostcodeSchema.parse("m11ae")).toBe("M1 1AE");
    expect(PostcodeSchema.parse("b338th")).toBe("B33 8TH");
    expect(PostcodeSchema.parse("cr2 6xh")).toBe("CR2 6XH");
    expect(PostcodeSchema.parse("DN55 1PT")).toBe("DN55 1PT");
    expect(PostcodeSchema.parse("w1a 0ax")).toBe("W1A 0AX");
    expect(PostcodeSchema.parse("ec1a 1bb")).toBe("EC1A 1BB");
  });

  it("accepts GIR 0AA", () => {
    expect(PostcodeSchema.parse("gir0aa")).toBe("GIR 0AA");
    expect(PostcodeSchema.parse("GIR 0AA")).toBe("GIR 0AA");
  });

  it("refuses what is not a postcode with 'Enter a valid Postcode'", () => {
    for (const bad of ["SW1A 1A", "1AA SW1", "SW1A 1CA", "QW1A 1AA", "XSW1A 1AA", "SW1A 1AAX", "SW1A-1AA", "GIR 0AB", "AA9A 9AAA", "12345"]) {
      expect(messageOf(bad), bad).toBe(POSTCODE_MESSAGE);
    }
  });

  it("anchors every alternative (no leading or trailing junk)", () => {
    expect(isValidPostcode("junk GIR 0AA")).toBe(false);
    expect(isValidPostcode("GIR 0AA junk")).toBe(false);
    expect(isValidPostcode("XM1 1AE")).toBe(false);
  });

  it("says a missing or blank postcode is required", () => {
    expect(messageOf(undefined)).toBe(POSTCODE_REQUIRED_MESSAGE);
    expect(messageOf("")).toBe(POSTCODE_REQUIRED_MESSAGE);
    expect(messageOf("   ")).toBe(POSTCODE_REQUIRED_MESSAGE);
    expect(messageOf(42)).toBe(POSTCODE_MESSAGE);
  });

  it("normalises spacing and case", () => {
    expect(normalisePostcode(" s w1a  1aa ")).toBe("SW1A 1AA");
    expect(normalisePostcode("ab")).toBe("AB");
  });

  it("round-trips every valid postcode however it is typed", () => {
    fc.assert(
      fc.property(typed, (input) => {
        const output = PostcodeSchema.parse(input);
        expect(output).toBe(normalisePostcode(input));
        expect(PostcodeSchema.parse(output)).toBe(output);
      }),
    );
  });

  it("refuses anything that is not a postcode with the spec's message", () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => text.trim() !== "" && !isValidPostcode(text)),
        (text) => void expect(messageOf(text)).toBe(POSTCODE_MESSAGE),
      ),
    );
  });

  it("never throws", () => {
    fc.assert(fc.property(fc.anything(), (input) => void PostcodeSchema.safeParse(input)));
  });
});
