import { describe, expect, it } from "vitest";
import { BANK_VERIFICATION_STATUSES, FINANCIAL_SETTLEMENT_SCHEDULE_STATUSES } from "./enums.js";
import {
  fundSourceView,
  bankVerificationBadge,
  bankVerificationOptions,
  canEditOrViewFunds,
  canReviewFrequentlyUsedAccount,
  financialApprovalStatus,
  financialsApprovalActions,
  FINANCIALS_TOOLTIPS,
  frequentlyUsedAccountDisplay,
  lineItemActions,
  lineItemsTotal,
  scheduleEditability,
  type LineItemState,
} from "./rules.js";

const participants = [
  { participantId: "p-lender", role: "INCOMING_LENDER" },
  { participantId: "p-buyer", role: "BUYER_REPRESENTATIVE" },
  { participantId: "p-seller", role: "SELLER_REPRESENTATIVE" },
];

describe("financialApprovalStatus", () => {
  it("without a seller representative, from the schedule status (every value)", () => {
    const byStatus = Object.fromEntries(
      FINANCIAL_SETTLEMENT_SCHEDULE_STATUSES.map((scheduleStatus) => [
        scheduleStatus,
        financialApprovalStatus({ scheduleStatus, hasSellerRepresentative: false, isHelpdeskAdministrator: false, participantRole: "BUYER_REPRESENTATIVE", participants, approvals: [] }),
      ]),
    );
    expect(byStatus).toEqual({ IN_PREPARATION: "NOT_READY", PREPARED: "READY", READY: "APPROVED", SETTLING: "APPROVED", APPROVED: "APPROVED", SETTLED: "APPROVED", CANCELLED: "NOT_READY" });
  });

  it("the helpdesk administrator always reads the schedule status", () => {
    expect(financialApprovalStatus({ scheduleStatus: "PREPARED", hasSellerRepresentative: true, isHelpdeskAdministrator: true, participants, approvals: [] })).toBe("READY");
  });

  it("with a seller representative, the user's own approval; a lender reads its representative's", () => {
    const approvals = [
      { participantId: "p-buyer", status: "APPROVED" },
      { participantId: "p-seller", status: "READY" },
    ];
    const input = { scheduleStatus: "PREPARED", hasSellerRepresentative: true, isHelpdeskAdministrator: false, participants, approvals };
    expect(financialApprovalStatus({ ...input, participantRole: "SELLER_REPRESENTATIVE" })).toBe("READY");
    expect(financialApprovalStatus({ ...input, participantRole: "BUYER_REPRESENTATIVE" })).toBe("APPROVED");
    expect(financialApprovalStatus({ ...input, participantRole: "INCOMING_LENDER" })).toBe("APPROVED");
    expect(financialApprovalStatus({ ...input, participantRole: "INCOMING_LENDER_REPRESENTATIVE" })).toBe("NOT_READY");
    expect(financialApprovalStatus({ ...input, participantRole: null })).toBe("NOT_READY");
    expect(financialApprovalStatus({ ...input, participantRole: "SELLER_REPRESENTATIVE", approvals: [{ participantId: "p-seller", status: "NOT_READY" }] })).toBe("NOT_READY");
    expect(financialApprovalStatus({ ...input, participantRole: "SELLER_REPRESENTATIVE", approvals: [{ participantId: "p-seller", status: "ODD" }] })).toBe("NOT_READY");
    const lenderRep = [{ participantId: "p-ilr", role: "INCOMING_LENDER_REPRESENTATIVE" }, participants[0]];
    expect(
      financialApprovalStatus({ ...input, participants: lenderRep, participantRole: "INCOMING_LENDER", approvals: [{ participantId: "p-ilr", status: "READY" }] }),
    ).toBe("READY");
  });
});

describe("approval actions and editability", () => {
  it("approve only when READY; unapprove only when APPROVED, not hard locked, not cancelled", () => {
    expect(financialsApprovalActions("READY", {}).approve.enabled).toBe(true);
    expect(financialsApprovalActions("NOT_READY", {}).approve).toEqual({ enabled: false, reason: FINANCIALS_TOOLTIPS.notReady });
    expect(financialsApprovalActions("APPROVED", {}).approve.reason).toBe(FINANCIALS_TOOLTIPS.approved);
    expect(financialsApprovalActions("READY", { isCancelled: true }).approve.reason).toBe(FINANCIALS_TOOLTIPS.cancelled);
    expect(financialsApprovalActions("APPROVED", {}).unapprove.enabled).toBe(true);
    expect(financialsApprovalActions("APPROVED", { hardLocked: true }).unapprove.enabled).toBe(false);
    expect(financialsApprovalActions("APPROVED", { isCancelled: true }).unapprove.reason).toBe(FINANCIALS_TOOLTIPS.cancelled);
    expect(financialsApprovalActions("READY", {}).unapprove.enabled).toBe(false);
  });
  it("the schedule is editable until approved, locked or cancelled", () => {
    expect(scheduleEditability("READY", {})).toEqual({ enabled: true, reason: null });
    expect(scheduleEditability("APPROVED", {}).reason).toBe(FINANCIALS_TOOLTIPS.approved);
    expect(scheduleEditability("READY", { isLocked: true }).reason).toBe(FINANCIALS_TOOLTIPS.locked);
    expect(canEditOrViewFunds("PREPARED")).toBe(true);
    expect(canEditOrViewFunds("FUNDS_AUTHORISED")).toBe(true);
    expect(canEditOrViewFunds("IN_PREPARATION")).toBe(false);
  });
});

describe("lineItemActions", () => {
  const advance: LineItemState = { type: "SOURCE", category: "MORTGAGE_ADVANCE", authorised: false, amountPence: 100 };
  const context = { approvalStatus: "READY" as const, workspace: {}, autoAuthorisationEnabled: false };
  it("authorise: source items other than Buyer Funds, not cancelled", () => {
    expect(lineItemActions(advance, context).authorise.enabled).toBe(true);
    expect(lineItemActions({ ...advance, category: "BUYER_FUNDS" }, context).authorise.enabled).toBe(false);
    expect(lineItemActions({ ...advance, type: "DESTINATION", category: "REDEMPTION" }, context).authorise.reason).toBe(FINANCIALS_TOOLTIPS.notSource);
    expect(lineItemActions(advance, { ...context, workspace: { isCancelled: true } }).authorise.reason).toBe(FINANCIALS_TOOLTIPS.cancelled);
    expect(lineItemActions({ ...advance, authorised: true }, context).authorise.reason).toBe(FINANCIALS_TOOLTIPS.alreadyAuthorised);
    expect(lineItemActions(advance, { ...context, workspace: { hardLocked: true } }).authorise.enabled).toBe(true);
  });
  it("un-authorise: authorised and not hard locked", () => {
    expect(lineItemActions({ ...advance, authorised: true }, context).unauthorise.enabled).toBe(true);
    expect(lineItemActions({ ...advance, authorised: true }, { ...context, workspace: { hardLocked: true } }).unauthorise.reason).toBe(FINANCIALS_TOOLTIPS.locked);
    expect(lineItemActions({ ...advance, authorised: true }, { ...context, workspace: { isCancelled: true } }).unauthorise.reason).toBe(FINANCIALS_TOOLTIPS.cancelled);
    expect(lineItemActions(advance, context).unauthorise.reason).toBe(FINANCIALS_TOOLTIPS.notAuthorised);
  });
  it("edit and delete follow the schedule and the Buyer Funds rules", () => {
    expect(lineItemActions(advance, context).edit.enabled).toBe(true);
    expect(lineItemActions(advance, { ...context, approvalStatus: "APPROVED" }).edit.reason).toBe(FINANCIALS_TOOLTIPS.approved);
    expect(lineItemActions(advance, { ...context, approvalStatus: "APPROVED" }).delete.reason).toBe(FINANCIALS_TOOLTIPS.approved);
    const buyerFunds: LineItemState = { type: "SOURCE", category: "BUYER_FUNDS", authorised: false, amountPence: 10_000 };
    expect(lineItemActions(buyerFunds, { ...context, autoAuthorisationEnabled: true }).edit.reason).toBe(FINANCIALS_TOOLTIPS.buyerFundsAutoAuthorised);
    expect(lineItemActions(buyerFunds, { ...context, autoAuthorisationEnabled: true }).delete.enabled).toBe(true);
    const received = { ...buyerFunds, sourceFundsStatus: "FUNDS_RECEIVED_BALANCED" };
    expect(lineItemActions(received, context).edit.reason).toBe(FINANCIALS_TOOLTIPS.buyerFundsCreditReceived);
    expect(lineItemActions(received, context).delete.reason).toBe(FINANCIALS_TOOLTIPS.buyerFundsCreditReceived);
    expect(lineItemActions({ ...buyerFunds, creditReceivedPence: 10_001 }, context).notice).toBe(FINANCIALS_TOOLTIPS.creditExceedsExpected);
    expect(lineItemActions({ ...buyerFunds, creditReceivedPence: 10_000 }, context).notice).toBeNull();
  });
  it("totals", () => {
    expect(lineItemsTotal([{ amountPence: 100 }, { amountPence: 250 }])).toBe(350);
  });
});

describe("bank verification", () => {
  it("a badge for every status", () => {
    const badges = Object.fromEntries(BANK_VERIFICATION_STATUSES.map((status) => [status, bankVerificationBadge({ verificationDetail: { verified: false, status } })]));
    expect(badges).toEqual({
      MATCH: "verified",
      NAME_PARTIAL_MATCH: "partial-match",
      NAME_PARTIAL_MATCH_TYPE_NO_MATCH: "partial-match",
      TYPE_NO_MATCH: "requires-review",
      NO_MATCH: "no-match",
      UNABLE_TO_MATCH: "unable-to-verify",
      ERROR: "verification-failed",
      TIMEOUT: "verification-failed",
      ACCOUNT_VERIFICATION_NOT_RUN: "not-run",
    });
    expect(bankVerificationBadge({ hasLinkedAccount: true, verificationDetail: { status: "NO_MATCH" } })).toBe("linked-account");
    expect(bankVerificationBadge({ verificationDetail: { verified: true, status: "NO_MATCH" } })).toBe("verified");
    expect(bankVerificationBadge({})).toBe("requires-review");
  });
  it("options after a name check", () => {
    expect(bankVerificationOptions("MATCH").verified).toBe(true);
    expect(bankVerificationOptions("NO_MATCH")).toEqual({ verified: false, review: true, delete: true, proceedWithConsent: true, retry: false });
    expect(bankVerificationOptions("TIMEOUT").retry).toBe(true);
    expect(bankVerificationOptions(null).retry).toBe(true);
  });
  it("frequently used account display and review", () => {
    expect(frequentlyUsedAccountDisplay({ verified: true, status: "MATCH" })).toBe("Account verified");
    expect(frequentlyUsedAccountDisplay({ verified: true, status: "NO_MATCH" })).toBe("Manually verified");
    expect(frequentlyUsedAccountDisplay({ verified: false, status: "MATCH" })).toBe("Requires review");
    expect(frequentlyUsedAccountDisplay(null)).toBe("Requires review");
    expect(canReviewFrequentlyUsedAccount(true, { verified: false })).toBe(true);
    expect(canReviewFrequentlyUsedAccount(true, { verified: true })).toBe(false);
    expect(canReviewFrequentlyUsedAccount(false, { verified: false })).toBe(false);
  });
});

describe("fundSourceView", () => {
  it("shows a seller representative the amount payable instead of source line items when funds visibility is on", () => {
    expect(fundSourceView("SELLER_REPRESENTATIVE", { fundsVisibilityEnabled: true })).toBe("amount-payable");
    expect(fundSourceView("SELLER_REPRESENTATIVE", { fundsVisibilityEnabled: false })).toBe("line-items");
    for (const role of ["INCOMING_LENDER", "INCOMING_LENDER_REPRESENTATIVE", "BUYER_REPRESENTATIVE", null]) {
      expect(fundSourceView(role, { fundsVisibilityEnabled: true }), String(role)).toBe("line-items");
    }
  });
});
