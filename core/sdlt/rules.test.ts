import { describe, expect, it } from "vitest";
import { TAX_ELIGIBILITY_STATUSES } from "./enums.js";
import {
  canProceedToConsent,
  missingValueText,
  sdltSectionMode,
  stampDutyView,
  taxEligibility,
  toggleInitialAnswer,
  vatDisplay,
  visibleInitialQuestions,
} from "./rules.js";

describe("SDLT", () => {
  it("tax eligibility from the three answers", () => {
    expect(taxEligibility({ needStampDutySubmission: false })).toEqual({ taxEligibilityStatus: "NOT_REQUIRED", revenueAuthority: null });
    expect(taxEligibility({ needStampDutySubmission: true, taxAuthority: "WELSH_REVENUE_AUTHORITY" })).toEqual({ taxEligibilityStatus: "SUBMISSION_OUTSIDE_PEXA", revenueAuthority: "WELSH_REVENUE_AUTHORITY" });
    expect(taxEligibility({ needStampDutySubmission: true, taxAuthority: "HM_REVENUE_AND_CUSTOMS", submitThroughProduct: false })).toEqual({ taxEligibilityStatus: "SUBMISSION_OUTSIDE_PEXA", revenueAuthority: "HM_REVENUE_AND_CUSTOMS" });
    expect(taxEligibility({ needStampDutySubmission: true, taxAuthority: "HM_REVENUE_AND_CUSTOMS", submitThroughProduct: true })).toEqual({ taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA", revenueAuthority: "HM_REVENUE_AND_CUSTOMS" });
    expect(taxEligibility({ needStampDutySubmission: true, taxAuthority: "HM_REVENUE_AND_CUSTOMS" })).toBeNull();
    expect(taxEligibility({ needStampDutySubmission: true })).toBeNull();
    expect(taxEligibility({})).toBeNull();
  });
  it("questions shown and toggling", () => {
    expect(visibleInitialQuestions({})).toEqual([1]);
    expect(visibleInitialQuestions({ needStampDutySubmission: true })).toEqual([1, 2]);
    expect(visibleInitialQuestions({ needStampDutySubmission: true, taxAuthority: "HM_REVENUE_AND_CUSTOMS" })).toEqual([1, 2, 3]);
    expect(toggleInitialAnswer({ needStampDutySubmission: true, taxAuthority: "HM_REVENUE_AND_CUSTOMS", submitThroughProduct: true }, "needStampDutySubmission", true)).toEqual({
      needStampDutySubmission: null,
      taxAuthority: null,
      submitThroughProduct: null,
    });
    expect(toggleInitialAnswer({ needStampDutySubmission: true }, "taxAuthority", "WELSH_REVENUE_AUTHORITY")).toEqual({
      needStampDutySubmission: true,
      taxAuthority: "WELSH_REVENUE_AUTHORITY",
      submitThroughProduct: null,
    });
  });
  it("the view for every eligibility status", () => {
    expect(Object.fromEntries(TAX_ELIGIBILITY_STATUSES.map((status) => [status, stampDutyView(status)]))).toEqual({
      NOT_REQUIRED: "not-required-notice",
      SUBMISSION_OUTSIDE_PEXA: "outside-submission-notice",
      SUBMISSION_THROUGH_PEXA: "form",
      PENDING: "pending-notice",
      NOT_APPLICABLE: "nothing",
    });
    expect(stampDutyView(null)).toBe("questions");
  });
  it("sections, consent and display", () => {
    expect(canProceedToConsent({ taxApplicationStatus: "CREATED", canConsent: true, canBePrepared: true })).toBe(true);
    expect(canProceedToConsent({ taxApplicationStatus: "PREPARED", canConsent: true, canBePrepared: true })).toBe(false);
    expect(canProceedToConsent({ taxApplicationStatus: "CREATED", canConsent: true, canBePrepared: false })).toBe(false);
    expect(sdltSectionMode({ sectionStatus: "COMPLETED", taxApplicationStatus: "CREATED", canAdd: true, canEdit: true })).toEqual({ mode: "summary", showsEdit: true });
    expect(sdltSectionMode({ sectionStatus: "COMPLETED", taxApplicationStatus: "PREPARED", canAdd: true, canEdit: true })).toEqual({ mode: "summary", showsEdit: false });
    expect(sdltSectionMode({ sectionStatus: "PENDING", taxApplicationStatus: "CREATED", canAdd: true, canEdit: false })).toEqual({ mode: "form", showsEdit: false });
    expect(sdltSectionMode({ sectionStatus: "PENDING", taxApplicationStatus: "CREATED", canAdd: false, canEdit: false })).toEqual({ mode: "summary", showsEdit: false });
    expect(missingValueText(true)).toBe("not provided");
    expect(missingValueText(false)).toBe("to be provided");
    expect(vatDisplay(123_499)).toBe("1234");
  });
});
