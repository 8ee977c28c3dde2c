/** The SDLT return's derivations (document 3 sections 2.3 and 4.5). */
import type { TaxAuthority, TaxEligibilityStatus } from "./enums.js";

export interface InitialAnswers {
  needStampDutySubmission?: boolean | null;
  taxAuthority?: TaxAuthority | null;
  submitThroughProduct?: boolean | null;
}

/**
 * The tax eligibility status from the three initial answers: no to Q1 → NOT_REQUIRED; the Welsh authority
 * or no to Q3 → outside submission with the authority; yes to Q3 → through the product with HMRC. null
 * while the answers are incomplete.
 */
export function taxEligibility(answers: InitialAnswers): { taxEligibilityStatus: TaxEligibilityStatus; revenueAuthority: TaxAuthority | null } | null {
  if (answers.needStampDutySubmission === false) return { taxEligibilityStatus: "NOT_REQUIRED", revenueAuthority: null };
  if (answers.needStampDutySubmission !== true || !answers.taxAuthority) return null;
  if (answers.taxAuthority === "WELSH_REVENUE_AUTHORITY") {
    return { taxEligibilityStatus: "SUBMISSION_OUTSIDE_PEXA", revenueAuthority: "WELSH_REVENUE_AUTHORITY" };
  }
  if (answers.submitThroughProduct === true) {
    return { taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA", revenueAuthority: "HM_REVENUE_AND_CUSTOMS" };
  }
  if (answers.submitThroughProduct === false) {
    return { taxEligibilityStatus: "SUBMISSION_OUTSIDE_PEXA", revenueAuthority: "HM_REVENUE_AND_CUSTOMS" };
  }
  return null;
}

/** Which initial questions show: Q2 once Q1 is yes, Q3 once Q2 is HMRC. */
export function visibleInitialQuestions(answers: InitialAnswers): (1 | 2 | 3)[] {
  const shown: (1 | 2 | 3)[] = [1];
  if (answers.needStampDutySubmission === true) shown.push(2);
  if (answers.needStampDutySubmission === true && answers.taxAuthority === "HM_REVENUE_AND_CUSTOMS") shown.push(3);
  return shown;
}

/** Choosing the selected answer again clears it (and the answers after it). */
export function toggleInitialAnswer<K extends keyof InitialAnswers>(answers: InitialAnswers, question: K, value: InitialAnswers[K]): InitialAnswers {
  const order: (keyof InitialAnswers)[] = ["needStampDutySubmission", "taxAuthority", "submitThroughProduct"];
  const next: InitialAnswers = { ...answers, [question]: answers[question] === value ? null : value };
  for (const later of order.slice(order.indexOf(question) + 1)) next[later] = null;
  return next;
}

export type StampDutyView = "nothing" | "pending-notice" | "not-required-notice" | "outside-submission-notice" | "questions" | "form";

/**
 * What the stamp duty tab shows by eligibility: NOT_APPLICABLE nothing; PENDING a pending notice;
 * NOT_REQUIRED and outside submission their notices; through the product the form (or the consent form);
 * no status yet, the initial questions.
 */
export function stampDutyView(taxEligibilityStatus: string | null | undefined): StampDutyView {
  switch (taxEligibilityStatus) {
    case "NOT_APPLICABLE":
      return "nothing";
    case "PENDING":
      return "pending-notice";
    case "NOT_REQUIRED":
      return "not-required-notice";
    case "SUBMISSION_OUTSIDE_PEXA":
      return "outside-submission-notice";
    case "SUBMISSION_THROUGH_PEXA":
      return "form";
    default:
      return "questions";
  }
}

export const STAMP_DUTY_TEXTS = {
  pending: "The stamp duty return is pending.",
  notRequired: "A stamp duty return is not required for this transaction.",
  outsideSubmission: "The stamp duty return must be submitted outside the product.",
  guide: "Complete each section, then select Next to review and consent to the return.",
  prepared: "The stamp duty return has been prepared and will be submitted automatically on the completion date. To make changes, reopen it by clicking here.",
  noEditPermission: "You don't have permission to edit this",
  unauthorised: "You don't have permission to answer this question",
} as const;

/** The Next button: status CREATED, consent permission, and canBePrepared. */
export function canProceedToConsent(input: { taxApplicationStatus: string; canConsent: boolean; canBePrepared: boolean }): boolean {
  return input.taxApplicationStatus === "CREATED" && input.canConsent && input.canBePrepared;
}

/** A section's presentation: completed → summary (Edit with status CREATED and edit permission); pending → form with add permission, else summary. */
export function sdltSectionMode(input: {
  sectionStatus: string;
  taxApplicationStatus: string;
  canAdd: boolean;
  canEdit: boolean;
}): { mode: "summary" | "form"; showsEdit: boolean } {
  if (input.sectionStatus === "COMPLETED") {
    return { mode: "summary", showsEdit: input.taxApplicationStatus === "CREATED" && input.canEdit };
  }
  return { mode: input.canAdd ? "form" : "summary", showsEdit: false };
}

/** Users lacking add see 'to be provided' instead of 'not provided' for missing values. */
export function missingValueText(canAdd: boolean): string {
  return canAdd ? "not provided" : "to be provided";
}

/** VAT is shown as a truncated whole number of pounds. */
export function vatDisplay(pence: number): string {
  return String(Math.trunc(pence / 100));
}
