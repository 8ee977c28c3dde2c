import { describe, expect, it } from "vitest";
import { creditTotal, isAuthorisedByReceipt, sourceFundsStatusOf } from "./credit-information.js";
import { isFundsReceived } from "./enums.js";

describe("credit information", () => {
  it("gives the funds-received status of a Buyer Funds item from its credits", () => {
    expect(sourceFundsStatusOf(10_000, 0)).toBeNull();
    expect(sourceFundsStatusOf(10_000, 10_000)).toBe("FUNDS_RECEIVED_BALANCED");
    expect(sourceFundsStatusOf(10_000, 9_999)).toBe("FUNDS_RECEIVED_UNDERPAID");
    expect(sourceFundsStatusOf(10_000, 10_001)).toBe("FUNDS_RECEIVED_OVERPAID");
    for (const received of [1, 10_000, 20_000]) expect(isFundsReceived(sourceFundsStatusOf(10_000, received))).toBe(true);
  });

  it("authorises only a balanced receipt: an over-payment leaves authorisation pending", () => {
    expect(isAuthorisedByReceipt("FUNDS_RECEIVED_BALANCED")).toBe(true);
    expect(isAuthorisedByReceipt("FUNDS_RECEIVED_OVERPAID")).toBe(false);
    expect(isAuthorisedByReceipt("FUNDS_RECEIVED_UNDERPAID")).toBe(false);
    expect(isAuthorisedByReceipt(null)).toBe(false);
  });

  it("adds the credits up in pence", () => {
    expect(creditTotal([{ amount: 150 }, { amount: 250 }])).toBe(400);
    expect(creditTotal([])).toBe(0);
  });
});
