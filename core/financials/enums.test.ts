import { describe, expect, it } from "vitest";
import { statusEnumerationTests } from "../shared/enumerations.test-helper.js";
import * as financials from "./enums.js";
import {
  ALLOWED_ACCOUNT_TYPES,
  availableLineItemCategories,
  COP_REASON_CODE_VALUES,
  COP_REASON_CODES,
  copStatus,
  isFundsReceived,
  LINE_ITEM_CATEGORIES,
  LINE_ITEM_CATEGORY_LABELS,
  lineItemTypeOf,
} from "./enums.js";

describe("every status enumeration has a zod enum and a label for each value", () => {
  statusEnumerationTests([
    ["schedule statuses", financials.FINANCIAL_SETTLEMENT_SCHEDULE_STATUSES, financials.FinancialSettlementScheduleStatusSchema, financials.FINANCIAL_SETTLEMENT_SCHEDULE_STATUS_LABELS],
    ["bank verification statuses", financials.BANK_VERIFICATION_STATUSES, financials.BankVerificationStatusSchema, financials.BANK_VERIFICATION_STATUS_LABELS],
  ]);

  it("labels values in words, never the brand inside a contract value", () => {
    expect(financials.FINANCIAL_SETTLEMENT_SCHEDULE_STATUS_LABELS.IN_PREPARATION).toBe("In preparation");
  });
});

describe("financial enumerations", () => {
  it("categories, types and allowed account types", () => {
    expect(LINE_ITEM_CATEGORIES.map((c) => LINE_ITEM_CATEGORY_LABELS[c])).toEqual(["Mortgage Advance", "Buyer Funds", "Redemption", "Surplus", "Conveyancing Fees", "Onward Funds"]);
    expect(lineItemTypeOf("BUYER_FUNDS")).toBe("SOURCE");
    expect(lineItemTypeOf("ONWARD_FUNDS")).toBe("DESTINATION");
    expect(ALLOWED_ACCOUNT_TYPES).toMatchObject({ REDEMPTION: ["BUSINESS"], SURPLUS: ["PERSONAL", "BUSINESS"], CONVEYANCING_FEES: ["BUSINESS"], ONWARD_FUNDS: ["BUSINESS"] });
  });
  it("Buyer Funds only on a purchase with the sourcing flag", () => {
    expect(availableLineItemCategories("SOURCE", "PURCHASE", true)).toEqual(["MORTGAGE_ADVANCE", "BUYER_FUNDS"]);
    expect(availableLineItemCategories("SOURCE", "PURCHASE", false)).toEqual(["MORTGAGE_ADVANCE"]);
    expect(availableLineItemCategories("SOURCE", "REMORTGAGE", true)).toEqual(["MORTGAGE_ADVANCE"]);
    expect(availableLineItemCategories("DESTINATION", "REMORTGAGE", false)).toHaveLength(4);
  });
  it("funds received statuses", () => {
    for (const status of ["FUNDS_RECEIVED_BALANCED", "FUNDS_RECEIVED_UNDERPAID", "FUNDS_RECEIVED_OVERPAID"]) expect(isFundsReceived(status)).toBe(true);
    expect(isFundsReceived("AWAITING_FUNDS")).toBe(false);
    expect(isFundsReceived(null)).toBe(false);
  });
  it("classifies every CoP reason code", () => {
    expect(COP_REASON_CODE_VALUES).toHaveLength(12);
    expect(Object.fromEntries(COP_REASON_CODE_VALUES.map((code) => [code, copStatus(code)]))).toEqual({
      MBAM: "NAME_PARTIAL_MATCH",
      BANM: "TYPE_NO_MATCH",
      PANM: "TYPE_NO_MATCH",
      BAMM: "NAME_PARTIAL_MATCH_TYPE_NO_MATCH",
      PAMM: "NAME_PARTIAL_MATCH_TYPE_NO_MATCH",
      ANNM: "NO_MATCH",
      AC01: "UNABLE_TO_MATCH",
      OPTO: "UNABLE_TO_MATCH",
      ACNS: "UNABLE_TO_MATCH",
      CASS: "UNABLE_TO_MATCH",
      SCNS: "UNABLE_TO_MATCH",
      IVCR: "UNABLE_TO_MATCH",
    });
    expect(copStatus(undefined)).toBe("MATCH");
    expect(copStatus("")).toBe("MATCH");
    expect(copStatus("ZZZZ")).toBe("UNABLE_TO_MATCH");
    expect(COP_REASON_CODES.MBAM.returnsName).toBe(true);
    expect(COP_REASON_CODES.ANNM.returnsName).toBe(false);
  });
});
