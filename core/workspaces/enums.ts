/**
 * Enumerations of workspaces, participants and the workspace list (document 1 section 3), each as an
 * `as const` tuple, a zod enum and display labels.
 */
import { z } from "zod";
import { isFlagOn, type FlagSet } from "../shared/feature-flags.js";
import { labelsFor } from "../shared/labels.js";

export const TRANSACTION_TYPES = ["PURCHASE", "REMORTGAGE"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES, { error: () => "Transaction type is required" });
export const TRANSACTION_TYPE_LABELS = labelsFor(TRANSACTION_TYPES);
/** The transfer-of-equity indicator's tag text (behind transfer-of-equity-enabled). */
export const TRANSFER_OF_EQUITY_LABEL = "Transfer of equity";

export const JURISDICTIONS = ["ENGLAND_WALES"] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];
export const JurisdictionSchema = z.enum(JURISDICTIONS);
export const JURISDICTION_LABELS = labelsFor(JURISDICTIONS, { ENGLAND_WALES: "England and Wales" });

export const PARTICIPANT_ROLES = [
  "INCOMING_LENDER",
  "INCOMING_LENDER_REPRESENTATIVE",
  "BUYER_REPRESENTATIVE",
  "SELLER_REPRESENTATIVE",
] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];
export const ParticipantRoleSchema = z.enum(PARTICIPANT_ROLES);
export const PARTICIPANT_ROLE_LABELS = labelsFor(PARTICIPANT_ROLES);

/** The product's brand segment inside the cancellation reason value (docs/decisions/0102-brand-in-contract-values.md). */
export const PROVIDER_BRAND = "PEXA";

export const CANCELLATION_REASONS = [
  "APPLICANT_DECIDED_NOT_TO_PROCEED",
  `TITLE_COMPLICATIONS_OUTSIDE_${PROVIDER_BRAND}_SCOPE`,
  "LAW_FIRM_NO_LONGER_ACTING",
  "LENDER_DECIDED_NOT_TO_PROCEED",
  "LOAN_INVOLVES_MULTIPLE_TITLES",
  "OTHER",
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
export const CancellationReasonSchema = z.enum(CANCELLATION_REASONS, { error: () => "Reason is required" });
export const CANCELLATION_REASON_LABELS: Readonly<Record<CancellationReason, string>> = {
  APPLICANT_DECIDED_NOT_TO_PROCEED: "Applicant decided not to proceed",
  TITLE_COMPLICATIONS_OUTSIDE_PEXA_SCOPE: "Title complications outside platform scope",
  LAW_FIRM_NO_LONGER_ACTING: "Law firm no longer acting",
  LENDER_DECIDED_NOT_TO_PROCEED: "Lender decided not to proceed",
  LOAN_INVOLVES_MULTIPLE_TITLES: "Loan involves multiple titles",
  OTHER: "Other",
};

export const SORT_ORDERS = ["ASC", "DESC"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SortOrderSchema = z.enum(SORT_ORDERS);

/** Completion date sort of the newer list layout: nearest to furthest, furthest to nearest, or cleared. */
export const COMPLETION_DATE_SORT_LABELS: Readonly<Record<SortOrder, string>> = {
  ASC: "Nearest to furthest",
  DESC: "Furthest to nearest",
};

/** The marker a list record carries when no completion date is set. */
export const TO_BE_PROVIDED = "TO_BE_PROVIDED";
export const TO_BE_PROVIDED_TEXT = "To be provided";
export const NOT_PROVIDED_TEXT = "not provided";

export const WORKSPACE_SEARCH_FIELDS = ["applicantName", "postcode", "workspaceReferenceId", "incomingLenderReference"] as const;
export type WorkspaceSearchField = (typeof WORKSPACE_SEARCH_FIELDS)[number];
export const WORKSPACE_SEARCH_FIELD_LABELS: Readonly<Record<WorkspaceSearchField, string>> = {
  applicantName: "Applicant name",
  postcode: "Postcode",
  workspaceReferenceId: "Workspace ID",
  incomingLenderReference: "Incoming lender reference",
};
/** The newer layout's search-by choices: postcode or workspace ID, one clearing the other. */
export const ENHANCED_SEARCH_OPTIONS = ["postcode", "workspaceReferenceId"] as const;
export type EnhancedSearchOption = (typeof ENHANCED_SEARCH_OPTIONS)[number];

/** The default search field: the helpdesk administrator searches by workspace reference, others by party name. */
export function defaultWorkspaceSearchField(isHelpdeskAdministrator: boolean): WorkspaceSearchField {
  return isHelpdeskAdministrator ? "workspaceReferenceId" : "applicantName";
}

export const QUICK_FILTERS = [
  "LODGEMENT_APPROVAL_PENDING",
  "FINANCIAL_APPROVAL_PENDING",
  "APPROVAL_PENDING",
  "EXCEPTION_TASKS_PENDING",
  "FUNDS_AUTHORISATION_PENDING",
  "COMPANIES_HOUSE_REGISTRATION_PENDING",
  "LODGEMENT_SUBMISSION_PENDING",
] as const;
export type QuickFilter = (typeof QUICK_FILTERS)[number];
export const QuickFilterSchema = z.enum(QUICK_FILTERS);
export const QUICK_FILTER_LABELS = labelsFor(QUICK_FILTERS, {
  COMPANIES_HOUSE_REGISTRATION_PENDING: "Companies House registration pending",
});

/**
 * The quick-filter chips shown: the separate lodgement and financial approval chips with the
 * enhanced-approval flag on, the combined approval chip with it off.
 */
export function visibleQuickFilters(enhancedWorkspaceApprovalEnabled: boolean): QuickFilter[] {
  return QUICK_FILTERS.filter((filter) =>
    enhancedWorkspaceApprovalEnabled
      ? filter !== "APPROVAL_PENDING"
      : filter !== "LODGEMENT_APPROVAL_PENDING" && filter !== "FINANCIAL_APPROVAL_PENDING",
  );
}

export const EXCEPTION_KINDS = [
  "BORROWER_MISMATCH",
  "BANK_ACCOUNT_VERIFICATION",
  "TITLE_SEARCH_FAILED",
  "RESPOND_TO_REQUISITION",
] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];
export const EXCEPTION_KIND_LABELS = labelsFor(EXCEPTION_KINDS);

/** Workspace list page sizes (document 1 section 9) of the older (table) and newer (cards) layouts. */
export const WORKSPACE_LIST_PAGE_SIZES = {
  table: { default: 10, options: [10, 20] },
  cards: { default: 6, options: [6, 12] },
} as const;
export type WorkspaceListLayout = keyof typeof WORKSPACE_LIST_PAGE_SIZES;

/** The newer (cards) layout is behind upliftWorkspaceListEnabled (document 1 section 2.4). */
export function workspaceListLayout(flags: FlagSet): WorkspaceListLayout {
  return isFlagOn(flags, "upliftWorkspaceListEnabled") ? "cards" : "table";
}
/** The newer layout's pager appears only when total records exceed this. */
export const CARD_PAGER_THRESHOLD = 6;
export function showsCardPager(totalRecords: number): boolean {
  return totalRecords > CARD_PAGER_THRESHOLD;
}

/** Business constants of document 1 section 9 and document 2 section 9. */
export const QUERY_CACHE_MS = 900_000;
export const INITIAL_STATUS_CODE = 200;
export const DEFAULT_ERROR_STATUS = 500;
export const BREAKPOINTS = { xs: 0, sm: 600, md: 1024, lg: 1400, xl: 1920 } as const;
export const NESTED_MENU_MAX_HEIGHT_PX = 250;
export const TOOLTIP_MAX_WIDTH_PX = 1050;

/** Subscribers the participant selection list never offers (document 2 section 5.4); names decided in 0103. */
export const EXCLUDED_LARGE_BANK_SUBSCRIBERS = ["Barclays", "HSBC", "Lloyds", "NatWest"] as const;
export function isSelectableSubscriber(name: string): boolean {
  return !(EXCLUDED_LARGE_BANK_SUBSCRIBERS as readonly string[]).includes(name.trim());
}

/** Header tooltip when a law or conveyancing firm's transaction type is fixed (document 1 section 1). */
export const LAW_FIRM_PURCHASE_ONLY_TOOLTIP = "As a law firm you can only create a purchase workspace";
