import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAmount } from "../format/money.js";
import {
  AMOUNT_PAYABLE_RULES,
  AmountPayableSchema,
  LINE_ITEM_AMOUNT_RULES,
  LineItemAmountSchema,
  penceToInput,
  sdltMoneySchema,
  TRANSACTION_VALUE_MESSAGES,
  transactionValueSchema,
  TransactionValueSchema,
} from "./money.js";

const messageOf = (schema: { safeParse(input: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error!.issues[0].message;
};

describe.each([
  ["LineItemAmountSchema", LineItemAmountSchema, LINE_ITEM_AMOUNT_RULES],
  ["AmountPayableSchema", AmountPayableSchema, AMOUNT_PAYABLE_RULES],
] as const)("%s", (_name, schema, rules) => {
  it("turns text into integer pence", () => {
    expect(schema.parse("1")).toBe(100);
    expect(schema.parse("1.5")).toBe(150);
    expect(schema.parse("1,234.56")).toBe(123456);
    expect(schema.parse(" 250000 ")).toBe(25_000_000);
    expect(schema.parse("0001.00")).toBe(100);
  });

  it("accepts 1.00 and refuses 0.99", () => {
    expect(schema.parse("1.00")).toBe(100);
    expect(messageOf(schema, "0.99")).toBe(rules.messages.minimum);
    expect(messageOf(schema, "0")).toBe(rules.messages.minimum);
  });

  it("accepts 12 integer digits and 2 decimals, not 13 or 3", () => {
    expect(schema.parse("999999999999.99")).toBe(99_999_999_999_999);
    expect(schema.parse("999,999,999,999.99")).toBe(99_999_999_999_999);
    expect(messageOf(schema, "1000000000000")).toBe(rules.messages.length);
    expect(messageOf(schema, "1.001")).toBe(rules.messages.length);
  });

  it("allows digits and a dot only", () => {
    for (const bad of ["£1", "-1", "1e3", "1.2.3", "abc", ".5", "1.", "1 000"]) {
      expect(messageOf(schema, bad), bad).toBe(rules.messages.invalid);
    }
  });

  it("requires a value", () => {
    expect(messageOf(schema, undefined)).toBe(rules.messages.required);
    expect(messageOf(schema, "")).toBe(rules.messages.required);
    expect(messageOf(schema, ",")).toBe(rules.messages.required);
  });

  const pence = fc.integer({ min: 100, max: 99_999_999_999_999 });

  it("round-trips every amount, typed plain or grouped", () => {
    fc.assert(
      fc.property(pence, fc.boolean(), (value, grouped) => {
        const text = grouped ? formatAmount(value) : penceToInput(value);
        expect(schema.parse(text)).toBe(value);
      }),
    );
  });

  it("refuses text with any other character with the invalid message", () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => /[^0-9.,\s]/.test(text.trim())),
        (text) => void expect(messageOf(schema, text)).toBe(rules.messages.invalid),
      ),
    );
  });

  it("refuses amounts under 1.00 with the minimum message", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), (value) => void expect(messageOf(schema, penceToInput(value))).toBe(rules.messages.minimum)),
    );
  });

  it("never throws", () => {
    fc.assert(fc.property(fc.anything(), (input) => void schema.safeParse(input)));
  });
});

describe("transaction value", () => {
  it("uses the spec's messages", () => {
    expect(messageOf(TransactionValueSchema, "")).toBe(TRANSACTION_VALUE_MESSAGES.required);
    expect(messageOf(TransactionValueSchema, "abc")).toBe(TRANSACTION_VALUE_MESSAGES.invalid);
    expect(messageOf(TransactionValueSchema, "0")).toBe(TRANSACTION_VALUE_MESSAGES.invalid);
    expect(messageOf(TransactionValueSchema, "1234567890123")).toBe(TRANSACTION_VALUE_MESSAGES.length);
    expect(TransactionValueSchema.parse("0.01")).toBe(1);
  });

  it("allows 0 only for a transfer of whole", () => {
    expect(transactionValueSchema({ transferOfWhole: true }).parse("0")).toBe(0);
    expect(transactionValueSchema({ transferOfWhole: true }).parse("250,000")).toBe(25_000_000);
  });
});

describe("SDLT money", () => {
  const schema = sdltMoneySchema("Tax payable");
  it("takes whole pounds up to 9999999999.99 (.00 only)", () => {
    expect(schema.parse("0")).toBe(0);
    expect(schema.parse("4750.00")).toBe(475_000);
    expect(schema.parse("9999999999")).toBe(999_999_999_900);
    expect(messageOf(schema, "10000000000")).toBe("Tax payable can have up to 10 digits");
    expect(messageOf(schema, "4750.50")).toBe("Tax payable must be in whole pounds, with 00 pence");
    expect(messageOf(schema, "-0")).toBe("Tax payable must be a valid amount in pounds");
    expect(messageOf(schema, "-5")).toBe("Tax payable must be a valid amount in pounds");
  });

  it("round-trips whole pounds", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (pounds) => void expect(schema.parse(String(pounds))).toBe(pounds * 100)));
  });

  it("never throws", () => {
    fc.assert(fc.property(fc.anything(), (input) => void schema.safeParse(input)));
  });
});

describe("penceToInput", () => {
  it("writes pence as plain text", () => {
    expect(penceToInput(123456)).toBe("1234.56");
    expect(penceToInput(5)).toBe("0.05");
  });
});
