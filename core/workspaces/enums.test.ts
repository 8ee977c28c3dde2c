import { describe, expect, it } from "vitest";
import {
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  CancellationReasonSchema,
  defaultWorkspaceSearchField,
  isSelectableSubscriber,
  showsCardPager,
  TransactionTypeSchema,
  visibleQuickFilters,
  workspaceListLayout,
} from "./enums.js";

describe("workspace enumerations", () => {
  it("cancellation reasons embed the brand and read 'platform scope'", () => {
    expect(CANCELLATION_REASONS).toContain("TITLE_COMPLICATIONS_OUTSIDE_PEXA_SCOPE");
    expect(CANCELLATION_REASON_LABELS.TITLE_COMPLICATIONS_OUTSIDE_PEXA_SCOPE).toBe("Title complications outside platform scope");
    expect(CancellationReasonSchema.safeParse(undefined).error?.issues[0].message).toBe("Reason is required");
    expect(TransactionTypeSchema.safeParse("").error?.issues[0].message).toBe("Transaction type is required");
  });
  it("quick filters by the enhanced-approval flag", () => {
    expect(visibleQuickFilters(true)).toEqual([
      "LODGEMENT_APPROVAL_PENDING",
      "FINANCIAL_APPROVAL_PENDING",
      "EXCEPTION_TASKS_PENDING",
      "FUNDS_AUTHORISATION_PENDING",
      "COMPANIES_HOUSE_REGISTRATION_PENDING",
      "LODGEMENT_SUBMISSION_PENDING",
    ]);
    expect(visibleQuickFilters(false)).toContain("APPROVAL_PENDING");
    expect(visibleQuickFilters(false)).not.toContain("FINANCIAL_APPROVAL_PENDING");
  });
  it("search defaults, pager and subscriber list", () => {
    expect(defaultWorkspaceSearchField(true)).toBe("workspaceReferenceId");
    expect(defaultWorkspaceSearchField(false)).toBe("applicantName");
    expect(showsCardPager(6)).toBe(false);
    expect(showsCardPager(7)).toBe(true);
    expect(isSelectableSubscriber(" HSBC ")).toBe(false);
    expect(isSelectableSubscriber("Small Building Society")).toBe(true);
  });
});

describe("workspaceListLayout", () => {
  it("uses the newer card layout only behind upliftWorkspaceListEnabled", () => {
    expect(workspaceListLayout({ upliftWorkspaceListEnabled: true })).toBe("cards");
    expect(workspaceListLayout({ upliftWorkspaceListEnabled: false })).toBe("table");
    expect(workspaceListLayout({})).toBe("table");
  });
});
