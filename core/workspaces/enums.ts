/**
 * Enumerations of workspaces, parties, participants and references (document 1 section 3, document 2
 * section 3), each as an `as const` tuple, a zod enum and display labels.
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

export const PARTY_ROLES = ["BORROWER", "BUYER", "SELLER", "OUTGOING_PROPRIETOR", "INCOMING_LENDER", "OUTGOING_LENDER"] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];
export const PartyRoleSchema = z.enum(PARTY_ROLES);
export const PARTY_ROLE_LABELS = labelsFor(PARTY_ROLES);

/** The applicant's party role by transaction type: borrowers on a remortgage, buyers on a purchase. */
export const APPLICANT_ROLE: Readonly<Record<TransactionType, PartyRole>> = { REMORTGAGE: "BORROWER", PURCHASE: "BUYER" };

export const PARTY_TYPES = ["INDIVIDUAL", "ORGANISATION"] as const;
export type PartyType = (typeof PARTY_TYPES)[number];
export const PartyTypeSchema = z.enum(PARTY_TYPES);
export const PARTY_TYPE_LABELS = labelsFor(PARTY_TYPES);

export const ORGANISATION_TYPES = ["LIMITED_COMPANY"] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];
export const OrganisationTypeSchema = z.enum(ORGANISATION_TYPES);
export const ORGANISATION_TYPE_LABELS = labelsFor(ORGANISATION_TYPES, { LIMITED_COMPANY: "Limited Company" });

export const REPRESENTATION_TYPES = ["NO_REPRESENTATION", "DUAL_REPRESENTATION", "SEPARATE_REPRESENTATION"] as const;
export type RepresentationType = (typeof REPRESENTATION_TYPES)[number];
export const RepresentationTypeSchema = z.enum(REPRESENTATION_TYPES, { error: () => "Representation is required" });
export const REPRESENTATION_TYPE_LABELS = labelsFor(REPRESENTATION_TYPES, {
  NO_REPRESENTATION: "No representation",
  DUAL_REPRESENTATION: "Dual representation",
  SEPARATE_REPRESENTATION: "Separate representation",
});

export const REPRESENTATIVE_TYPES = ["EXTERNAL_LAW_FIRM", "PARTICIPANT"] as const;
export type RepresentativeType = (typeof REPRESENTATIVE_TYPES)[number];
export const RepresentativeTypeSchema = z.enum(REPRESENTATIVE_TYPES);
export const REPRESENTATIVE_TYPE_LABELS = labelsFor(REPRESENTATIVE_TYPES);

export const VERIFICATION_OF_IDENTITY = ["LAW_FIRM_CERTIFIED", "IDENTITY_EVIDENCE"] as const;
export type VerificationOfIdentity = (typeof VERIFICATION_OF_IDENTITY)[number];
export const VerificationOfIdentitySchema = z.enum(VERIFICATION_OF_IDENTITY, {
  error: () => "Verification of identity is required",
});
export const VERIFICATION_OF_IDENTITY_LABELS = labelsFor(VERIFICATION_OF_IDENTITY);

export const ADDRESS_KINDS = ["REGISTERED_ADDRESS", "CORRESPONDENCE_ADDRESS"] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];
export const AddressKindSchema = z.enum(ADDRESS_KINDS);
export const ADDRESS_KIND_LABELS = labelsFor(ADDRESS_KINDS);

export const PROPRIETOR_MATCH_STATUSES = [
  "MATCH",
  "NAME_MISMATCH",
  "PENDING",
  "PROPRIETOR_NAME_CHANGE_REQUIRED",
  "TYPE_MISMATCH",
  "REGISTRATION_NUMBER_MISMATCH",
  "NOT_REQUIRED",
  "PARTY_NAME_UPDATED",
] as const;
export type ProprietorMatchStatus = (typeof PROPRIETOR_MATCH_STATUSES)[number];
export const ProprietorMatchStatusSchema = z.enum(PROPRIETOR_MATCH_STATUSES);
export const PROPRIETOR_MATCH_STATUS_LABELS = labelsFor(PROPRIETOR_MATCH_STATUSES);

/** Party actions, also the mismatch actions of document 2 section 3.1. */
export const PARTY_ACTIONS = [
  "UPDATE_NAME_IN_WORKSPACE",
  "CHANGE_OF_NAME_APPLICATION",
  "ORGANISATION_IS_A_BORROWER",
  "NO_ACTION_NEEDED",
  "UPDATE_REGISTRATION_NUMBER_IN_WORKSPACE",
  "SET_AS_OUTGOING_PROPRIETOR",
  "SET_AS_INCOMING_PROPRIETOR",
] as const;
export type PartyAction = (typeof PARTY_ACTIONS)[number];
export const PartyActionSchema = z.enum(PARTY_ACTIONS);
export const PARTY_ACTION_LABELS = labelsFor(PARTY_ACTIONS, {
  UPDATE_NAME_IN_WORKSPACE: "Update name in workspace",
  CHANGE_OF_NAME_APPLICATION: "Change of name application",
  ORGANISATION_IS_A_BORROWER: "Organisation is a borrower",
  NO_ACTION_NEEDED: "No action needed",
  UPDATE_REGISTRATION_NUMBER_IN_WORKSPACE: "Update registration number in workspace",
  SET_AS_OUTGOING_PROPRIETOR: "Set as outgoing proprietor",
  SET_AS_INCOMING_PROPRIETOR: "Set as incoming proprietor",
});

export const TITLE_STATUSES = ["INCOMING", "OUTGOING"] as const;
export type TitleStatus = (typeof TITLE_STATUSES)[number];
export const TitleStatusSchema = z.enum(TITLE_STATUSES);
export const TITLE_STATUS_LABELS = labelsFor(TITLE_STATUSES);

export const BORROWER_VALIDATION_STATUSES = [
  "VALID",
  "INVALID",
  "PENDING",
  "COUNT_INVALID",
  "TYPE_INVALID",
  "NOT_REQUIRED",
  "UNSUPPORTED_TYPE",
] as const;
export type BorrowerValidationStatus = (typeof BORROWER_VALIDATION_STATUSES)[number];
export const BorrowerValidationStatusSchema = z.enum(BORROWER_VALIDATION_STATUSES);
export const BORROWER_VALIDATION_STATUS_LABELS = labelsFor(BORROWER_VALIDATION_STATUSES);

export const REPRESENTATIVE_ROLES = [
  "BORROWER_REPRESENTATIVE",
  "INCOMING_LENDER",
  "WORKSPACE_LAW_FIRM",
  "BUYER_REPRESENTATIVE",
  "SELLER_REPRESENTATIVE",
  "INCOMING_LENDER_REPRESENTATIVE",
  "OUTGOING_PROPRIETOR_REPRESENTATIVE",
] as const;
export type RepresentativeRole = (typeof REPRESENTATIVE_ROLES)[number];
export const RepresentativeRoleSchema = z.enum(REPRESENTATIVE_ROLES);
export const REPRESENTATIVE_ROLE_LABELS = labelsFor(REPRESENTATIVE_ROLES);

export const LAW_FIRM_ROLES = ["WORKSPACE_REPRESENTATIVE", "SELLER_REPRESENTATIVE", "EXTERNAL_REPRESENTATIVE"] as const;
export type LawFirmRole = (typeof LAW_FIRM_ROLES)[number];
export const LawFirmRoleSchema = z.enum(LAW_FIRM_ROLES);
export const LAW_FIRM_ROLE_LABELS = labelsFor(LAW_FIRM_ROLES);
/** The shorthand kinds used for law firms: workspace, seller, external. */
export const LAW_FIRM_KIND: Readonly<Record<LawFirmRole, "workspace" | "seller" | "external">> = {
  WORKSPACE_REPRESENTATIVE: "workspace",
  SELLER_REPRESENTATIVE: "seller",
  EXTERNAL_REPRESENTATIVE: "external",
};

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
export const LIMITS = {
  buildingName: 50,
  buildingNumber: 4,
  flat: 30,
  street: 60,
  town: 30,
  postcode: 8,
  forenames: 90,
  surname: 50,
  organisationName: 160,
  registrationNumber: { min: 6, max: 8 },
  applicants: 4,
  reference: 25,
  lineItemReference: 18,
  lawFirmName: 160,
  accountName: 35,
  displayName: 35,
  accountNumber: 8,
  sortCode: 6,
  cancellationNotes: 100,
  uploadBytes: 20_971_520,
  subscriberListPageSize: 500,
  frequentlyUsedAccountsPageSize: 10,
} as const;

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
