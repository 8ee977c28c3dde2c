import { describe, expect, it } from "vitest";
import type { FinancialAccount } from "../../core/financials/accounts-api.js";
import { accountPath, accountView, statusBadgeClass } from "./accounts-view";

const account = (detail: Partial<FinancialAccount["accountVerificationDetail"]>): FinancialAccount => ({
  financialAccountId: "fa000000-0000-4000-8000-000000000002",
  subscriberId: "5b000000-0000-4000-8000-000000000001",
  type: "REDEMPTION",
  displayName: "Riverside mortgages",
  accountName: "Riverside Property",
  accountNumber: "10000016",
  bankCode: "089999",
  accountType: "BUSINESS",
  accountVerificationDetail: {
    verified: false,
    status: "NAME_PARTIAL_MATCH",
    partnerReasonCode: "MBAM",
    actualName: "Riverside Property Ltd",
    acceptedBy: null,
    acceptedAt: null,
    isManualOverrideAllowed: true,
    ...detail,
  },
  version: 3,
  createdAt: "2026-11-20T10:00:00.000Z",
  lastModifiedAt: "2026-11-25T10:00:00.000Z",
});

describe("an account as the screens show it", () => {
  it("shows the category, the sort code as NN-NN-NN, the business type and the bank's name", () => {
    expect(accountView(account({}), true)).toMatchObject({
      category: "Redemption",
      sortCode: "08-99-99",
      accountType: "Business",
      actualName: "Riverside Property Ltd",
      status: "Requires review",
      canReview: true,
      version: 3,
    });
  });

  it("offers the review only with edit permission and only while not verified (4.10)", () => {
    expect(accountView(account({}), false).canReview).toBe(false);
    expect(accountView(account({ verified: true }), true)).toMatchObject({ canReview: false, status: "Manually verified" });
    expect(accountView(account({ verified: true, status: "MATCH" }), true).status).toBe("Account verified");
  });

  it("gives each status its own badge and each view its own address", () => {
    expect(new Set(["Account verified", "Manually verified", "Requires review"].map(statusBadgeClass)).size).toBe(3);
    expect(accountPath("abc", "review")).toBe("/edit-financial-account/abc?view=review");
    expect(accountPath("abc")).toBe("/edit-financial-account/abc");
  });
});
