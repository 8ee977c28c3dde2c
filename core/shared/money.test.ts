import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAmount } from "./format-money.js";
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

/** Any text with a character other than digits, dots, commas and spaces is refused with `message`. */
function refusesOtherCharacters(schema: Parameters<typeof messageOf>[0], message: string) {
  fc.assert(
    fc.property(
      fc.string().filter((text) => /[^0-9.,\s]/.test(text.trim())),
      (text) => void expect(messageOf(schema, text)).toBe(message),
    ),
  );
}

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
    refusesOtherCharacters(schema, rules.messages.invalid);
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

  describe.each([
    ["any application", TransactionValueSchema, 1],
    ["a transfer of whole", transactionValueSchema({ transferOfWhole: true }), 0],
  ] as const)("for %s", (_name, schema, minPence) => {
    it("round-trips every value from the minimum up, typed plain or grouped", () => {
      fc.assert(
        fc.property(fc.integer({ min: minPence, max: 99_999_999_999_999 }), fc.boolean(), (value, grouped) => {
          expect(schema.parse(grouped ? formatAmount(value) : penceToInput(value))).toBe(value);
        }),
      );
    });

    it("refuses any other character with 'Enter a valid transaction value'", () => {
      refusesOtherCharacters(schema, "Enter a valid transaction value");
    });

    it("refuses more than 12 integer digits or 2 decimals with the spec's length message", () => {
      fc.assert(
        fc.property(
          fc.oneof(fc.stringMatching(/^[1-9][0-9]{12,16}$/), fc.stringMatching(/^[0-9]{1,12}\.[0-9]{3,5}$/)),
          (text) => void expect(messageOf(schema, text)).toBe("Transaction value can have upto 12 digits & 2 decimal places"),
        ),
      );
    });

    it("never throws", () => {
      fc.assert(fc.property(fc.anything(), (input) => void schema.safeParse(input)));
    });
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

  it("round-trips whole pounds, with or without .00 and grouping", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), fc.boolean(), (pounds, grouped) => {
        expect(schema.parse(grouped ? formatAmount(pounds * 100) : String(pounds))).toBe(pounds * 100);
      }),
    );
  });

  it("refuses signs, letters and other characters as not a valid amount", () => {
    refusesOtherCharacters(schema, "Tax payable must be a valid amount in pounds");
  });

  it("refuses pence other than .00 and more than 10 integer digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), fc.integer({ min: 1, max: 99 }), (pounds, pence) => {
        expect(messageOf(schema, penceToInput(pounds * 100 + pence))).toBe("Tax payable must be in whole pounds, with 00 pence");
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9][0-9]{10,14}$/), (text) => void expect(messageOf(schema, text)).toBe("Tax payable can have up to 10 digits")),
    );
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
