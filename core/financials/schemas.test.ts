import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { lengthLimitTests, value } from "../shared/length-limits.test-helper.js";
import { LIMITS } from "../shared/limits.js";
import { AmountPayableFormSchema, CONSENT_MESSAGES, frequentlyUsedAccountSchema, lineItemSchema, LineItemReferenceSchema, needsBankAccount } from "./schemas.js";
import { errors } from "../shared/schema-errors.test-helper.js";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
};

describe("line items", () => {
  const account = { accountName: "Bank Ltd", accountNumber: "12345678", bankCode: "12-34-56", accountType: "BUSINESS" };
  it("asks for a bank account only where the category has one", () => {
    expect(needsBankAccount("MORTGAGE_ADVANCE")).toBe(false);
    expect(needsBankAccount("SURPLUS")).toBe(true);
    expect(lineItemSchema("MORTGAGE_ADVANCE").parse({ amount: "150,000", reference: "ADV 1" })).toEqual({ amount: 15_000_000, reference: "ADV 1" });
    expect(lineItemSchema("REDEMPTION").parse({ amount: "1", reference: "R", bankAccount: account })).toMatchObject({ bankAccount: { bankCode: "123456" } });
    expect(lineItemSchema("REDEMPTION", { hasLinkedAccount: true }).parse({ amount: "1", reference: "R" })).toEqual({ amount: 100, reference: "R" });
  });
  it("limits the account type by category", () => {
    expect(errors(lineItemSchema("REDEMPTION"), { amount: "1", reference: "R", bankAccount: { ...account, accountType: "PERSONAL" } })["bankAccount.accountType"]).toBe(
      "Account type is required",
    );
    expect(lineItemSchema("SURPLUS").safeParse({ amount: "1", reference: "R", bankAccount: { ...account, accountType: "PERSONAL" } }).success).toBe(true);
  });
  it("holds the reference to 18 and its character set", () => {
    const schema = lineItemSchema("MORTGAGE_ADVANCE");
    expect(schema.safeParse({ amount: "1", reference: "R".repeat(18) }).success).toBe(true);
    expect(errors(schema, { amount: "1", reference: "R".repeat(19) }).reference).toBe("Reference must not exceed 18 characters");
    expect(errors(schema, { amount: "1", reference: "R$" }).reference).toBe("Enter a valid Reference");
    expect(schema.safeParse({ amount: "1", reference: `a/-?:().,'+#=!` }).success).toBe(true);
    expect(schema.safeParse({ amount: "1", reference: `"%&;<>@{ 9` }).success).toBe(true);
  });
  it("needs both consent ticks for Buyer Funds, or the single box with auto-authorisation", () => {
    const two = lineItemSchema("BUYER_FUNDS");
    expect(errors(two, { amount: "1", reference: "B", consent: {} })).toEqual({
      "consent.financialCheck": CONSENT_MESSAGES.financialCheck,
      "consent.sourceOfFunds": CONSENT_MESSAGES.sourceOfFunds,
    });
    expect(two.safeParse({ amount: "1", reference: "B", consent: { financialCheck: "on", sourceOfFunds: "on" } }).success).toBe(true);
    const one = lineItemSchema("BUYER_FUNDS", { autoAuthorisationEnabled: true });
    expect(errors(one, { amount: "1", reference: "B", consent: {} })["consent.autoAuthorisation"]).toBe(CONSENT_MESSAGES.autoAuthorisation);
  });
  it("gives required messages through Conform", () => {
    const submission = parseWithZod(form([]), { schema: lineItemSchema("REDEMPTION") });
    const error = submission.reply().error ?? {};
    expect(error.amount).toEqual(["Amount is required"]);
    expect(error.reference).toEqual(["Reference is required"]);
    expect(error["bankAccount.accountName"]).toEqual(["Account name is required"]);
    expect(error["bankAccount.accountNumber"]).toEqual(["Account number is required"]);
    expect(error["bankAccount.bankCode"]).toEqual(["Sort code is required"]);
  });
  it("amount payable form", () => {
    expect(AmountPayableFormSchema.parse({ amountPayableOnCompletion: "1,000.5" })).toEqual({ amountPayableOnCompletion: 100_050 });
  });
});

describe("frequently used accounts", () => {
  const account = { type: "REDEMPTION", displayName: "Main", accountName: "Bank", accountNumber: "12345678", bankCode: "123456" };
  it("rejects a duplicate the server reports with blank messages on both fields", () => {
    const schema = frequentlyUsedAccountSchema(({ bankCode, accountNumber }) => bankCode === "123456" && accountNumber === "12345678");
    expect(errors(schema, account)).toEqual({ "": "This financial account already exists.", bankCode: " ", accountNumber: " " });
    expect(schema.safeParse({ ...account, accountNumber: "87654321" }).success).toBe(true);
    expect(errors(frequentlyUsedAccountSchema(), { ...account, type: undefined }).type).toBe("Category is required");
  });
});

describe("length limits: the limit is accepted, one more is refused with the message", () => {
  lengthLimitTests([
    [
      "line item reference",
      value(LineItemReferenceSchema),
      LIMITS.lineItemReference,
      "R",
      "Reference must not exceed 18 characters",
    ],
  ]);
});
