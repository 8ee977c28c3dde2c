import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSortCode } from "../parties/names.js";
import { LIMITS } from "../shared/limits.js";
import { lengthLimitTests, value } from "../shared/length-limits.test-helper.js";
import { ACCOUNT_NUMBER_MESSAGE, AccountNameSchema, AccountNumberSchema, DisplayNameSchema, SORT_CODE_MESSAGE, SortCodeSchema } from "./bank-account.js";

const messageOf = (schema: { safeParse(input: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error!.issues[0].message;
};

describe("SortCodeSchema", () => {
  it("accepts six digits or NN-NN-NN and outputs six digits", () => {
    expect(SortCodeSchema.parse("123456")).toBe("123456");
    expect(SortCodeSchema.parse(" 12-34-56 ")).toBe("123456");
  });
  it("refuses five or seven digits and other forms", () => {
    for (const bad of ["12345", "1234567", "12-3456", "12 34 56", "ab-cd-ef", "12--34-56"]) {
      expect(messageOf(SortCodeSchema, bad), bad).toBe(SORT_CODE_MESSAGE);
    }
    expect(messageOf(SortCodeSchema, undefined)).toBe("Sort code is required");
    expect(messageOf(SortCodeSchema, 123456)).toBe(SORT_CODE_MESSAGE);
  });
  const sixDigits = fc.stringMatching(/^[0-9]{6}$/);
  it("round-trips through the display form", () => {
    fc.assert(
      fc.property(sixDigits, (digits) => {
        expect(SortCodeSchema.parse(digits)).toBe(digits);
        expect(SortCodeSchema.parse(formatSortCode(digits))).toBe(digits);
      }),
    );
  });
  it("refuses anything else with the message and never throws", () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => text.trim() !== "" && !/^(\d{6}|\d\d-\d\d-\d\d)$/.test(text.trim())),
        (text) => void expect(messageOf(SortCodeSchema, text)).toBe(SORT_CODE_MESSAGE),
      ),
    );
    fc.assert(fc.property(fc.anything(), (input) => void SortCodeSchema.safeParse(input)));
  });
});

describe("AccountNumberSchema", () => {
  it("accepts exactly 8 digits", () => {
    expect(AccountNumberSchema.parse("12345678")).toBe("12345678");
    expect(messageOf(AccountNumberSchema, "1234567")).toBe(ACCOUNT_NUMBER_MESSAGE);
    expect(messageOf(AccountNumberSchema, "123456789")).toBe(ACCOUNT_NUMBER_MESSAGE);
    expect(messageOf(AccountNumberSchema, "1234567a")).toBe(ACCOUNT_NUMBER_MESSAGE);
    expect(messageOf(AccountNumberSchema, "")).toBe("Account number is required");
  });
  it("round-trips and refuses with its message, never throwing", () => {
    fc.assert(fc.property(fc.stringMatching(/^[0-9]{8}$/), (digits) => void expect(AccountNumberSchema.parse(digits)).toBe(digits)));
    fc.assert(
      fc.property(
        fc.string().filter((text) => text.trim() !== "" && !/^\d{8}$/.test(text.trim())),
        (text) => void expect(messageOf(AccountNumberSchema, text)).toBe(ACCOUNT_NUMBER_MESSAGE),
      ),
    );
    fc.assert(fc.property(fc.anything(), (input) => void AccountNumberSchema.safeParse(input)));
  });
});

describe("account and display names", () => {
  it("allow 35 characters, not 36", () => {
    expect(AccountNameSchema.parse("A".repeat(35))).toBe("A".repeat(35));
    expect(messageOf(AccountNameSchema, "A".repeat(36))).toBe("Account name must not exceed 35 characters");
    expect(messageOf(DisplayNameSchema, "A".repeat(36))).toBe("Display name must not exceed 35 characters");
    expect(messageOf(DisplayNameSchema, "")).toBe("Display name is required");
  });
  it("keep to their character sets", () => {
    expect(DisplayNameSchema.parse("Main [redemption] ~ #1")).toBe("Main [redemption] ~ #1");
    expect(messageOf(DisplayNameSchema, "Café")).toBe("Enter a valid Display name");
    expect(AccountNameSchema.parse("Smith & Co (Ltd).")).toBe("Smith & Co (Ltd).");
    expect(messageOf(AccountNameSchema, "Smith@Co")).toBe("Enter a valid Account name");
  });
});

describe("length limits: the limit is accepted, one more is refused with the message", () => {
  lengthLimitTests([
    [
      "account name",
      value(AccountNameSchema),
      LIMITS.accountName,
      "A",
      "Account name must not exceed 35 characters",
    ],
    [
      "display name",
      value(DisplayNameSchema),
      LIMITS.displayName,
      "A",
      "Display name must not exceed 35 characters",
    ],
  ]);
});
