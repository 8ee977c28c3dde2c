/**
 * What the Financials tab shows (document 2 sections 2.3, 4.6, 4.7, 4.7a, 5.5 to 5.7, 6 and 8), decided on
 * the server from the workspace, the financial settlement schedule and the user: the completion date card,
 * approve or unapprove financials, the fund source and fund destination cards with their line items, the
 * amount payable on completion, and every action the user may take — hidden when the user's permissions do
 * not allow it, disabled with its reason in visible text when a rule refuses it (approved, locked,
 * cancelled, 4.6). Each action is a link to an inline view of its own (`?view=edit-fund&item=<id>` …) so it
 * works without JavaScript. Pure: no I/O.
 */
import type { WorkspaceDetail } from "../../core/workspaces/api.js";
import { can, type Action, type PermissionSubject } from "../../core/shared/permissions/actions.js";
import { isHelpdeskAdministrator } from "../../core/shared/permissions/roles.js";
import type { FlagSet } from "../../core/shared/feature-flags.js";
import { isFlagOn } from "../../core/shared/feature-flags.js";
import { formatMoney } from "../../core/shared/format-money.js";
import { formatCompletionDate, formatDetailDate } from "../../core/shared/format-dates.js";
import { formatSortCode } from "../../core/parties/names.js";
import {
  ACCOUNT_TYPE_LABELS,
  availableLineItemCategories,
  COP_REASON_CODES,
  FINANCIAL_APPROVAL_STATUS_LABELS,
  LINE_ITEM_CATEGORY_LABELS,
  type FinancialApprovalStatus,
  type LineItemCategory,
  type LineItemType,
} from "../../core/financials/enums.js";
import {
  BANK_VERIFICATION_BADGE_LABELS,
  bankVerificationBadge,
  bankVerificationOptions,
  financialApprovalStatus,
  financialsApprovalActions,
  fundSourceView,
  lineItemActions,
  lineItemsTotal,
  scheduleEditability,
  type Availability,
  type BankVerificationBadge,
} from "../../core/financials/rules.js";
import { earliestCompletionDate } from "../../core/financials/completion-date.js";
import { workspaceContext } from "../workspaces/workspace-view";

/** The schedule as the tab reads it (the settlement contract's Schedule, structurally). */
export interface ScheduleRead {
  financialSettlementScheduleId: string;
  workspaceId: string;
  completionDate: string | null;
  amountPayableOnCompletion: number | null;
  approved: boolean;
  hardLocked: boolean;
  status: string;
  participants: readonly { participantId: string; role: string; subscriberId?: string | null }[];
  approvals: readonly { participantId: string; isApproved?: boolean; status: string }[];
  lineItems: readonly LineItemRead[];
  version: number;
}

export interface VerificationRead {
  verified: boolean;
  status: string;
  partnerReasonCode?: string | null;
  actualName?: string | null;
  acceptedBy?: string | null;
  acceptedAt?: string | null;
  isManualOverrideAllowed?: boolean;
}

export interface LineItemRead {
  lineItemId: string;
  lineItemReference?: string | null;
  type: LineItemType;
  category: LineItemCategory;
  amount: number;
  reference: string;
  authorised: boolean;
  hasLinkedAccount: boolean;
  financialAccountId?: string | null;
  sourceFundsStatus?: string | null;
  consent?: Record<string, boolean | undefined> | null;
  bankAccount?: { accountName: string; accountNumber: string; bankCode: string; displayName?: string | null; accountType: string } | null;
  verificationDetail?: VerificationRead | null;
  version: number;
}

/** The tab's inline views: one open at a time, each an address of its own. */
export const FINANCIALS_VIEWS = [
  "completion-date",
  "amount-payable",
  "approve",
  "unapprove",
  "add-fund",
  "edit-fund",
  "delete-fund",
  "authorise",
  "unauthorise",
  "accept",
] as const;
export type FinancialsViewKind = (typeof FINANCIALS_VIEWS)[number];

export interface OpenView {
  view: FinancialsViewKind;
  /** The line item (edit, delete, authorise, un-authorise, accept). */
  item?: string;
  /** SOURCE or DESTINATION (add). */
  type?: LineItemType;
}

/** Reads the open view from the address; anything incomplete is no view. */
export function parseOpenView(search: URLSearchParams): OpenView | null {
  const view = search.get("view");
  if (!view || !(FINANCIALS_VIEWS as readonly string[]).includes(view)) return null;
  const kind = view as FinancialsViewKind;
  if (kind === "add-fund") {
    const type = search.get("type");
    return type === "SOURCE" || type === "DESTINATION" ? { view: kind, type } : null;
  }
  if (["edit-fund", "delete-fund", "authorise", "unauthorise", "accept"].includes(kind)) {
    const item = search.get("item");
    return item ? { view: kind, item } : null;
  }
  return { view: kind };
}

export function openViewSearch(open: OpenView): string {
  const params = new URLSearchParams({ view: open.view });
  if (open.item) params.set("item", open.item);
  if (open.type) params.set("type", open.type);
  return `?${params.toString()}`;
}

/** A control of the tab: a link opening an inline view, or a disabled button with its reason. Hidden controls are absent. */
export type Control = { label: string; href: string; disabled: false } | { label: string; disabled: true; reason: string };

export const FINANCIALS_TEXTS = {
  noSources: "No fund sources have been added yet.",
  noDestinations: "No fund destinations have been added yet.",
  amountPayableNotSet: "Not set",
  completionDateNotSet: "To be provided",
  noSourceView: "Your role in this workspace does not show the fund sources.",
  noDestinationView: "Your role in this workspace does not show the fund destinations.",
  authorised: "Authorised",
  notAuthorised: "Not authorised",
  unverifiedUse: "This account is not verified: the workspace cannot proceed with this line item until it is verified or accepted.",
  linkedAccount: "Paid to a linked account of the participant.",
} as const;

/** The message of the account verification alert (document 2 section 4.7) for an unverified status. */
export function verificationMessage(detail: VerificationRead): string {
  switch (detail.status) {
    case "NAME_PARTIAL_MATCH":
      return "The account name is a close match to the name held by the bank.";
    case "NAME_PARTIAL_MATCH_TYPE_NO_MATCH":
      return "The account name is a close match, and the account type does not match the bank's record.";
    case "TYPE_NO_MATCH":
      return "The account name matches, but the account type does not match the bank's record.";
    case "NO_MATCH":
      return "The account name does not match the name held by the bank.";
    case "UNABLE_TO_MATCH": {
      const reason = detail.partnerReasonCode ? (COP_REASON_CODES as Record<string, { meaning: string }>)[detail.partnerReasonCode]?.meaning : null;
      return `The bank could not check this account${reason ? `: ${reason.toLowerCase()}` : ""}.`;
    }
    case "ERROR":
      return "The account check service is unavailable, so the account could not be verified.";
    case "TIMEOUT":
      return "The account check did not answer in time, so the account could not be verified.";
    case "ACCOUNT_VERIFICATION_NOT_RUN":
      return "The account has not been checked.";
    default:
      return "The account needs review.";
  }
}

export interface VerificationAlert {
  message: string;
  /** The name the bank returned (close matches). */
  actualName: string | null;
  /** Accept the close match, or proceed without verification (both with consent). */
  accept: Control | null;
  /** A service failure (time-out, error): send the same account again. */
  retry: { enabled: true } | { enabled: false; reason: string } | null;
  /** The label of the accept control: "Accept" for a result, "Proceed without verification" for a failure. */
  acceptKind: "accept" | "proceed";
}

export interface ItemCard {
  lineItemId: string;
  version: number;
  type: LineItemType;
  category: LineItemCategory;
  categoryLabel: string;
  amount: string;
  amountPence: number;
  reference: string;
  lineItemReference: string | null;
  bankAccount: { accountName: string; sortCode: string; accountNumber: string; accountType: string; displayName: string | null } | null;
  linkedAccount: boolean;
  badge: BankVerificationBadge | null;
  badgeLabel: string | null;
  /** "Accepted by <name> on <date>" after a manual acceptance. */
  accepted: string | null;
  authorised: boolean;
  authorisedLabel: string;
  alert: VerificationAlert | null;
  notice: string | null;
  edit: Control | null;
  delete: Control | null;
  authorise: Control | null;
  unauthorise: Control | null;
  isOpen: boolean;
}

export interface FundCard {
  type: LineItemType;
  title: string;
  items: ItemCard[];
  total: string;
  add: Control | null;
  empty: string;
  /** Why the user sees no line items here (permissions), instead of the list. */
  hiddenReason: string | null;
}

export interface FinancialsView {
  basePath: string;
  scheduleId: string;
  version: number;
  approvalStatus: FinancialApprovalStatus;
  approvalStatusLabel: string;
  /** The reason the schedule cannot be changed now (approved, locked, cancelled), shown once at the top. */
  editReason: string | null;
  completionDate: { value: string | null; display: string; earliest: string; edit: Control | null };
  approve: Control | null;
  unapprove: Control | null;
  amountPayable: { display: string; pence: number | null; edit: Control | null } | null;
  source: FundCard | null;
  destination: FundCard;
  cancelWorkspace: Control | null;
  open: OpenView | null;
}

export interface FinancialsInput {
  workspace: Pick<WorkspaceDetail, "workspaceId" | "transactionType" | "participantRole" | "contextualPermissions" | "isLocked" | "hardLocked" | "isCancelled" | "status">;
  user: PermissionSubject;
  schedule: ScheduleRead;
  flags: FlagSet;
  now: Date;
  bankHolidays: ReadonlySet<string>;
  /** Subscriber user id → "First Last", for manual acceptances. */
  userNames?: Readonly<Record<string, string>>;
  open: OpenView | null;
  /** The line item whose accordion is open (after a save), when no view is. */
  openItem?: string | null;
}

function link(label: string, basePath: string, open: OpenView): Control {
  return { label, href: `${basePath}${openViewSearch(open)}`, disabled: false };
}

function controlOf(label: string, availability: Availability, basePath: string, open: OpenView): Control {
  return availability.enabled ? link(label, basePath, open) : { label, disabled: true, reason: availability.reason ?? "Not available now." };
}

/** The badge, alert and acceptance text of an item's bank account. */
function verificationOf(item: LineItemRead, userNames: Readonly<Record<string, string>>, basePath: string, editable: Availability, canEdit: boolean) {
  if (item.hasLinkedAccount) return { badge: "linked-account" as const, accepted: null, alert: null };
  if (!item.bankAccount) return { badge: null, accepted: null, alert: null };
  const detail = item.verificationDetail ?? null;
  const badge = bankVerificationBadge({ hasLinkedAccount: item.hasLinkedAccount, verificationDetail: detail });
  const accepted =
    detail?.verified && detail.acceptedBy
      ? `Accepted by ${userNames[detail.acceptedBy] ?? "a user of this workspace"}${detail.acceptedAt ? ` on ${formatDetailDate(detail.acceptedAt)}` : ""}`
      : null;
  if (!detail || detail.verified) return { badge, accepted, alert: null };
  const options = bankVerificationOptions(detail.status);
  const acceptKind = options.retry ? ("proceed" as const) : ("accept" as const);
  const label = acceptKind === "proceed" ? "Proceed without verification" : "Accept";
  const allowed = canEdit && (detail.isManualOverrideAllowed ?? true);
  return {
    badge,
    accepted,
    alert: {
      message: verificationMessage(detail),
      actualName: detail.actualName ?? null,
      acceptKind,
      accept: allowed ? controlOf(label, editable, basePath, { view: "accept", item: item.lineItemId }) : null,
      retry: options.retry && canEdit ? (editable.enabled ? { enabled: true as const } : { enabled: false as const, reason: editable.reason ?? "" }) : null,
    },
  };
}

const ACTIONS_BY_TYPE: Readonly<Record<LineItemType, { view: Action; add: Action; edit: Action; delete: Action }>> = {
  SOURCE: { view: "viewSourceLineItems", add: "addSourceLineItem", edit: "editSourceLineItem", delete: "deleteSourceLineItem" },
  DESTINATION: { view: "viewDestinationLineItems", add: "addDestinationLineItem", edit: "editDestinationLineItem", delete: "deleteDestinationLineItem" },
};

export function financialsView(input: FinancialsInput): FinancialsView {
  const { workspace, user, schedule, flags } = input;
  const basePath = `/workspaces/${workspace.workspaceId}/financials`;
  const context = workspaceContext(workspace);
  const allowed = (action: Action) => can(user, action, context);
  const lockFlags = { isCancelled: workspace.isCancelled, isLocked: workspace.isLocked, hardLocked: workspace.hardLocked || schedule.hardLocked, status: workspace.status };
  const hasSellerRepresentative = schedule.participants.some((participant) => participant.role === "SELLER_REPRESENTATIVE");
  const approvalStatus = financialApprovalStatus({
    scheduleStatus: schedule.status,
    hasSellerRepresentative,
    isHelpdeskAdministrator: isHelpdeskAdministrator(user.roles),
    participantRole: workspace.participantRole,
    participants: schedule.participants,
    approvals: schedule.approvals,
  });
  const editable = scheduleEditability(approvalStatus, lockFlags);
  const approvalActions = financialsApprovalActions(approvalStatus, lockFlags);
  const autoAuthorisationEnabled = isFlagOn(flags, "autoAuthorisationCommonEnabled");
  const userNames = input.userNames ?? {};

  const itemCard = (item: LineItemRead): ItemCard => {
    const actions = ACTIONS_BY_TYPE[item.type];
    const rules = lineItemActions(
      { type: item.type, category: item.category, authorised: item.authorised, sourceFundsStatus: item.sourceFundsStatus, amountPence: item.amount },
      { approvalStatus, workspace: lockFlags, autoAuthorisationEnabled },
    );
    const canEdit = allowed(actions.edit);
    const verification = verificationOf(item, userNames, basePath, editable, canEdit);
    const categoryLabel = LINE_ITEM_CATEGORY_LABELS[item.category] ?? item.category;
    const isSource = item.type === "SOURCE";
    const canAuthorise = isSource && item.category !== "BUYER_FUNDS" && allowed("authoriseFunds");
    return {
      lineItemId: item.lineItemId,
      version: item.version,
      type: item.type,
      category: item.category,
      categoryLabel,
      amount: formatMoney(item.amount),
      amountPence: item.amount,
      reference: item.reference,
      lineItemReference: item.lineItemReference ?? null,
      bankAccount:
        item.bankAccount && !item.hasLinkedAccount
          ? {
              accountName: item.bankAccount.accountName,
              sortCode: formatSortCode(item.bankAccount.bankCode),
              accountNumber: item.bankAccount.accountNumber,
              accountType: ACCOUNT_TYPE_LABELS[item.bankAccount.accountType as "PERSONAL"] ?? item.bankAccount.accountType,
              displayName: item.bankAccount.displayName ?? null,
            }
          : null,
      linkedAccount: item.hasLinkedAccount,
      badge: verification.badge,
      badgeLabel: verification.badge ? BANK_VERIFICATION_BADGE_LABELS[verification.badge] : null,
      accepted: verification.accepted,
      authorised: item.authorised,
      authorisedLabel: isSource ? (item.authorised ? FINANCIALS_TEXTS.authorised : FINANCIALS_TEXTS.notAuthorised) : "",
      alert: verification.alert,
      notice: rules.notice,
      edit: canEdit ? controlOf("Edit", rules.edit, basePath, { view: "edit-fund", item: item.lineItemId }) : null,
      delete: allowed(actions.delete) ? controlOf("Delete", rules.delete, basePath, { view: "delete-fund", item: item.lineItemId }) : null,
      authorise: canAuthorise && !item.authorised ? controlOf("Authorise", rules.authorise, basePath, { view: "authorise", item: item.lineItemId }) : null,
      unauthorise: canAuthorise && item.authorised ? controlOf("Un-authorise", rules.unauthorise, basePath, { view: "unauthorise", item: item.lineItemId }) : null,
      isOpen: input.open?.item === item.lineItemId || input.openItem === item.lineItemId,
    };
  };

  const card = (type: LineItemType): FundCard => {
    const actions = ACTIONS_BY_TYPE[type];
    const items = schedule.lineItems.filter((item) => item.type === type);
    // A participant sees the line items of a type it may view, add or edit (the seller's representative its destinations).
    const visible = allowed(actions.view) || allowed(actions.add) || allowed(actions.edit);
    const categories = availableLineItemCategories(type, workspace.transactionType === "REMORTGAGE" ? "REMORTGAGE" : "PURCHASE", isFlagOn(flags, "sourcing-of-funds-enabled"));
    return {
      type,
      title: type === "SOURCE" ? "Fund source" : "Fund destination",
      items: visible ? items.map(itemCard) : [],
      total: formatMoney(lineItemsTotal(visible ? items.map((item) => ({ amountPence: item.amount })) : [])),
      add: allowed(actions.add) && categories.length > 0 ? controlOf(type === "SOURCE" ? "Add fund source" : "Add fund destination", editable, basePath, { view: "add-fund", type }) : null,
      empty: type === "SOURCE" ? FINANCIALS_TEXTS.noSources : FINANCIALS_TEXTS.noDestinations,
      hiddenReason: visible ? null : type === "SOURCE" ? FINANCIALS_TEXTS.noSourceView : FINANCIALS_TEXTS.noDestinationView,
    };
  };

  const sourceView = fundSourceView(workspace.participantRole, flags);
  const canEditAmountPayable = allowed("editAmountPayable");
  const showsAmountPayable = sourceView === "amount-payable" || workspace.participantRole === "SELLER_REPRESENTATIVE" || canEditAmountPayable;
  const amountPayable = showsAmountPayable
    ? {
        display: schedule.amountPayableOnCompletion === null ? FINANCIALS_TEXTS.amountPayableNotSet : formatMoney(schedule.amountPayableOnCompletion),
        pence: schedule.amountPayableOnCompletion,
        edit: canEditAmountPayable
          ? controlOf(schedule.amountPayableOnCompletion === null ? "Add amount payable" : "Edit amount payable", editable, basePath, { view: "amount-payable" })
          : null,
      }
    : null;

  return {
    basePath,
    scheduleId: schedule.financialSettlementScheduleId,
    version: schedule.version,
    approvalStatus,
    approvalStatusLabel: FINANCIAL_APPROVAL_STATUS_LABELS[approvalStatus],
    editReason: editable.enabled ? null : editable.reason,
    completionDate: {
      value: schedule.completionDate,
      display: formatCompletionDate(schedule.completionDate),
      earliest: earliestCompletionDate(input.now, input.bankHolidays),
      edit: allowed("editCompletionDate")
        ? controlOf(schedule.completionDate ? "Change completion date" : "Set completion date", editable, basePath, { view: "completion-date" })
        : null,
    },
    approve: allowed("approveFinancials") && approvalStatus !== "APPROVED" ? controlOf("Approve financials", approvalActions.approve, basePath, { view: "approve" }) : null,
    unapprove: allowed("unapproveFinancials") && approvalStatus === "APPROVED" ? controlOf("Unapprove financials", approvalActions.unapprove, basePath, { view: "unapprove" }) : null,
    amountPayable,
    source: sourceView === "amount-payable" ? null : card("SOURCE"),
    destination: card("DESTINATION"),
    cancelWorkspace: allowed("cancelWorkspace") ? { label: "Cancel workspace", href: `/workspaces/${workspace.workspaceId}/cancel`, disabled: false } : null,
    open: input.open,
  };
}

/** Whether the open view is one the view model offers this user now (its opener is an enabled control). */
export function isOffered(view: FinancialsView, open: OpenView): boolean {
  const href = `${view.basePath}${openViewSearch(open)}`;
  const controls: (Control | null)[] = [view.completionDate.edit, view.approve, view.unapprove, view.amountPayable?.edit ?? null, view.source?.add ?? null, view.destination.add];
  for (const card of [view.source, view.destination]) {
    for (const item of card?.items ?? []) controls.push(item.edit, item.delete, item.authorise, item.unauthorise, item.alert?.accept ?? null);
  }
  return controls.some((control) => control !== null && !control.disabled && control.href === href);
}
