/**
 * Financial derivations (document 2 sections 4.6, 4.7, 4.7a and 4.10): the financials approval status, what
 * a line item allows, the bank verification badge and the frequently used account's display.
 */
import {
  isFundsReceived,
  type BankVerificationStatus,
  type FinancialApprovalStatus,
  type LineItemCategory,
  type LineItemType,
} from "./enums.js";
import { isFlagOn, type FlagSet } from "../shared/feature-flags.js";
import { editLock, EDIT_LOCK_TOOLTIPS, type WorkspaceLockFlags } from "../workspaces/status.js";

export interface FinancialApprovalInput {
  /** The financial settlement schedule's status. */
  scheduleStatus: string;
  /** The workspace has a seller representative participant. */
  hasSellerRepresentative: boolean;
  isHelpdeskAdministrator: boolean;
  /** The user's participant role in the workspace. */
  participantRole?: string | null;
  participants: readonly { participantId: string; role: string }[];
  approvals: readonly { participantId: string; status: string; isApproved?: boolean }[];
}

/**
 * Financials approval status (document 2 section 4.7a). Without a seller representative, or for the
 * helpdesk administrator: IN_PREPARATION or CANCELLED → NOT_READY, PREPARED → READY, anything else →
 * APPROVED. Otherwise the user's own participant's approval status; an incoming lender reads its buyer or
 * lender representative's. No approval record means NOT_READY.
 */
export function financialApprovalStatus(input: FinancialApprovalInput): FinancialApprovalStatus {
  if (!input.hasSellerRepresentative || input.isHelpdeskAdministrator) {
    if (input.scheduleStatus === "IN_PREPARATION" || input.scheduleStatus === "CANCELLED") return "NOT_READY";
    if (input.scheduleStatus === "PREPARED") return "READY";
    return "APPROVED";
  }
  const roles =
    input.participantRole === "INCOMING_LENDER"
      ? ["BUYER_REPRESENTATIVE", "INCOMING_LENDER_REPRESENTATIVE"]
      : input.participantRole
        ? [input.participantRole]
        : [];
  for (const role of roles) {
    const participant = input.participants.find((candidate) => candidate.role === role);
    const approval = participant && input.approvals.find((candidate) => candidate.participantId === participant.participantId);
    if (approval) {
      return approval.status === "APPROVED" || approval.status === "READY" ? approval.status : "NOT_READY";
    }
  }
  return "NOT_READY";
}

export const FINANCIALS_TOOLTIPS = {
  approved: "Financials have been approved. Unapprove them to make changes.",
  cancelled: EDIT_LOCK_TOOLTIPS.cancelled,
  locked: EDIT_LOCK_TOOLTIPS.locked,
  buyerFundsAutoAuthorised: "Buyer Funds are authorised automatically when they are received.",
  buyerFundsCreditReceived: "Buyer Funds cannot be edited once credit has been received. Please contact support.",
  creditExceedsExpected:
    "The credit received is more than the expected amount, so authorisation is pending. Please contact support.",
  notReady: "Financials are not ready for approval yet.",
  notSource: "Only fund sources can be authorised.",
  alreadyAuthorised: "This fund source has already been authorised.",
  notAuthorised: "This fund source has not been authorised.",
} as const;

export interface Availability {
  enabled: boolean;
  /** The tooltip of a disabled control. */
  reason: string | null;
}
const enabled: Availability = { enabled: true, reason: null };
const disabled = (reason: string): Availability => ({ enabled: false, reason });

/** Approve financials only when READY; unapprove only when APPROVED, not hard locked and not cancelled. */
export function financialsApprovalActions(
  status: FinancialApprovalStatus,
  workspace: WorkspaceLockFlags,
): { approve: Availability; unapprove: Availability } {
  const lock = editLock(workspace);
  return {
    approve:
      lock === "cancelled"
        ? disabled(FINANCIALS_TOOLTIPS.cancelled)
        : status === "READY"
          ? enabled
          : disabled(status === "APPROVED" ? FINANCIALS_TOOLTIPS.approved : FINANCIALS_TOOLTIPS.notReady),
    unapprove:
      status === "APPROVED" && !workspace.hardLocked && lock !== "cancelled"
        ? enabled
        : disabled(lock === "cancelled" ? FINANCIALS_TOOLTIPS.cancelled : FINANCIALS_TOOLTIPS.locked),
  };
}

/**
 * Whether the schedule can be changed: add, edit and delete of line items, the amount payable and the
 * completion date are disabled once approved or cancelled, and while the workspace is locked.
 */
export function scheduleEditability(status: FinancialApprovalStatus, workspace: WorkspaceLockFlags): Availability {
  const lock = editLock(workspace);
  if (lock) return disabled(EDIT_LOCK_TOOLTIPS[lock]);
  if (status === "APPROVED") return disabled(FINANCIALS_TOOLTIPS.approved);
  return enabled;
}

/** Funds may be edited or viewed while the schedule is PREPARED or FUNDS_AUTHORISED. */
export function canEditOrViewFunds(scheduleStatus: string): boolean {
  return scheduleStatus === "PREPARED" || scheduleStatus === "FUNDS_AUTHORISED";
}

export interface LineItemState {
  type: LineItemType;
  category: LineItemCategory;
  authorised: boolean;
  sourceFundsStatus?: string | null;
  /** Total credit received against the item, in pence. */
  creditReceivedPence?: number | null;
  /** The item's expected amount, in pence. */
  amountPence: number;
}

export interface LineItemActions {
  authorise: Availability;
  unauthorise: Availability;
  edit: Availability;
  delete: Availability;
  /** Shown on a Buyer Funds item whose credit exceeds the expected amount. */
  notice: string | null;
}

/**
 * What a line item allows (document 2 section 4.6). Authorise: SOURCE items other than Buyer Funds, not
 * yet authorised, in a workspace that is not cancelled. Un-authorise: authorised and not hard locked.
 * Edit and delete: while the schedule is editable; Buyer Funds not while auto-authorisation is on (edit),
 * nor once credit has been received.
 */
export function lineItemActions(
  item: LineItemState,
  context: { approvalStatus: FinancialApprovalStatus; workspace: WorkspaceLockFlags; autoAuthorisationEnabled: boolean },
): LineItemActions {
  const lock = editLock(context.workspace);
  const buyerFunds = item.category === "BUYER_FUNDS";
  const creditReceived = buyerFunds && isFundsReceived(item.sourceFundsStatus);
  const schedule = scheduleEditability(context.approvalStatus, context.workspace);

  let authorise: Availability;
  if (item.type !== "SOURCE") authorise = disabled(FINANCIALS_TOOLTIPS.notSource);
  else if (buyerFunds) authorise = disabled(FINANCIALS_TOOLTIPS.buyerFundsAutoAuthorised);
  else if (lock === "cancelled") authorise = disabled(FINANCIALS_TOOLTIPS.cancelled);
  else if (item.authorised) authorise = disabled(FINANCIALS_TOOLTIPS.alreadyAuthorised);
  else authorise = enabled;

  const unauthorise = !item.authorised
    ? disabled(FINANCIALS_TOOLTIPS.notAuthorised)
    : lock === "cancelled"
      ? disabled(FINANCIALS_TOOLTIPS.cancelled)
      : context.workspace.hardLocked
        ? disabled(FINANCIALS_TOOLTIPS.locked)
        : enabled;

  let edit = schedule;
  if (edit.enabled && buyerFunds && context.autoAuthorisationEnabled) edit = disabled(FINANCIALS_TOOLTIPS.buyerFundsAutoAuthorised);
  if (edit.enabled && creditReceived) edit = disabled(FINANCIALS_TOOLTIPS.buyerFundsCreditReceived);
  const remove = schedule.enabled && creditReceived ? disabled(FINANCIALS_TOOLTIPS.buyerFundsCreditReceived) : schedule;

  const exceeds =
    buyerFunds && typeof item.creditReceivedPence === "number" && item.creditReceivedPence > item.amountPence;
  return { authorise, unauthorise, edit, delete: remove, notice: exceeds ? FINANCIALS_TOOLTIPS.creditExceedsExpected : null };
}

export const BANK_VERIFICATION_BADGES = [
  "linked-account",
  "verified",
  "verification-failed",
  "partial-match",
  "no-match",
  "unable-to-verify",
  "not-run",
  "requires-review",
] as const;
export type BankVerificationBadge = (typeof BANK_VERIFICATION_BADGES)[number];
export const BANK_VERIFICATION_BADGE_LABELS: Readonly<Record<BankVerificationBadge, string>> = {
  "linked-account": "Linked account",
  verified: "Verified",
  "verification-failed": "Verification failed",
  "partial-match": "Partial match",
  "no-match": "No match",
  "unable-to-verify": "Unable to verify",
  "not-run": "Not run",
  "requires-review": "Requires review",
};

/**
 * The line item's bank verification badge (document 2 section 4.7). A linked account shows as such; a
 * verified account (by the scheme or accepted by hand) as verified; otherwise by the status.
 */
export function bankVerificationBadge(input: {
  hasLinkedAccount?: boolean | null;
  verificationDetail?: { verified?: boolean | null; status?: string | null } | null;
}): BankVerificationBadge {
  if (input.hasLinkedAccount) return "linked-account";
  const detail = input.verificationDetail;
  if (detail?.verified) return "verified";
  switch (detail?.status as BankVerificationStatus | undefined) {
    case "MATCH":
      return "verified";
    case "ERROR":
    case "TIMEOUT":
      return "verification-failed";
    case "NAME_PARTIAL_MATCH":
    case "NAME_PARTIAL_MATCH_TYPE_NO_MATCH":
      return "partial-match";
    case "NO_MATCH":
      return "no-match";
    case "UNABLE_TO_MATCH":
      return "unable-to-verify";
    case "ACCOUNT_VERIFICATION_NOT_RUN":
      return "not-run";
    default:
      return "requires-review";
  }
}

/**
 * What a person may do after a name check (document 2 section 4.7): MATCH is verified; any other result
 * lets them review, delete, or proceed without verification with consent; a service failure also offers a
 * retry. An unverified account cannot be used until verified or accepted.
 */
export function bankVerificationOptions(status: string | null | undefined): {
  verified: boolean;
  review: boolean;
  delete: boolean;
  proceedWithConsent: boolean;
  retry: boolean;
} {
  if (status === "MATCH") return { verified: true, review: false, delete: false, proceedWithConsent: false, retry: false };
  const serviceFailure = status === "ERROR" || status === "TIMEOUT" || status === null || status === undefined;
  return { verified: false, review: true, delete: true, proceedWithConsent: true, retry: serviceFailure };
}

export const FREQUENTLY_USED_ACCOUNT_DISPLAY = {
  verified: "Account verified",
  manuallyVerified: "Manually verified",
  requiresReview: "Requires review",
} as const;

/** The frequently used account's verification text (document 2 section 4.10). */
export function frequentlyUsedAccountDisplay(detail: { verified?: boolean | null; status?: string | null } | null | undefined): string {
  if (!detail?.verified) return FREQUENTLY_USED_ACCOUNT_DISPLAY.requiresReview;
  return detail.status === "MATCH" ? FREQUENTLY_USED_ACCOUNT_DISPLAY.verified : FREQUENTLY_USED_ACCOUNT_DISPLAY.manuallyVerified;
}

/** The review action: only with edit permission and only while the account is not verified. */
export function canReviewFrequentlyUsedAccount(canEdit: boolean, detail: { verified?: boolean | null } | null | undefined): boolean {
  return canEdit && !detail?.verified;
}

/** Total of a set of line items in pence. */
export function lineItemsTotal(items: readonly { amountPence: number }[]): number {
  return items.reduce((total, item) => total + item.amountPence, 0);
}

/**
 * What the fund source card shows (document 2 section 2.3): a seller representative sees the amount payable
 * on completion instead of the source line items when funds visibility is on (the "relevant feature",
 * docs/decisions/0117-flag-conditions.md); everyone else sees the line items their permissions allow.
 */
export function fundSourceView(participantRole: string | null | undefined, flags: FlagSet): "amount-payable" | "line-items" {
  return participantRole === "SELLER_REPRESENTATIVE" && isFlagOn(flags, "fundsVisibilityEnabled") ? "amount-payable" : "line-items";
}
