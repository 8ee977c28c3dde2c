/**
 * The workspace life cycle (document 1 sections 1, 3, 4 and 2.4; document 2 sections 4.8 and 4.9;
 * document 3 sections 3 and 4.4): who creates which workspace, the tasks a workspace carries, the flags
 * the screens read (readyForApproval, canBeUnapproved, canBeCancelled, isLocked, hardLocked, isCancelled),
 * the approve / unapprove / cancel transitions and the quick-filter labels a workspace is pending on.
 *
 * The flags are derived here from the status, the tasks and the borrower validation status; they are not
 * stored (docs/decisions/0200-workspace-state.md).
 */
import { APPLICANT_ROLE, type BorrowerValidationStatus, type RepresentativeRole } from "../parties/enums.js";
import { QUICK_FILTERS, type CancellationReason, type ExceptionKind, type ParticipantRole, type QuickFilter, type TransactionType } from "./enums.js";
import type { TaskStatus } from "../documents/enums.js";
import { isOptionalTask, orderTasks, type TaskName } from "../tasks/dashboard.js";
import { creatableTransactionTypes } from "../shared/permissions/screens.js";
import type { SubscriberEntityType } from "../administration/subscribers.js";
import { statusLabel, type WorkspaceStatus } from "./status.js";

// ---------------------------------------------------------------------------------------------------
// Tasks

/** A task name of the one task catalogue (core/tasks/dashboard.ts). */
export type WorkspaceTaskName = TaskName;
/** A task's title (the catalogue's); kept under this name for the provider. */
export { taskTitle as workspaceTaskTitle, isOptionalTask } from "../tasks/dashboard.js";

/** Tasks that must be completed before the workspace is ready for approval (optional ones never are). */
export const PREPARATION_TASKS: readonly WorkspaceTaskName[] = [
  "assign-law-firm",
  "confirm-incoming-lender",
  "complete-applicant-information",
  "enter-completion-date",
  "enter-fund-source-details",
  "confirm-representations",
  "add-transfer-of-whole-information",
  "review-title-information-mismatch",
  "verify-bank-account-details",
  "retry-title-search",
];

/** The exception kinds of the list's quick filter (document 1 section 2.4) and the task each raises. */
export const EXCEPTION_TASKS: Readonly<Record<ExceptionKind, WorkspaceTaskName>> = {
  BORROWER_MISMATCH: "review-title-information-mismatch",
  BANK_ACCOUNT_VERIFICATION: "verify-bank-account-details",
  TITLE_SEARCH_FAILED: "retry-title-search",
  RESPOND_TO_REQUISITION: "respond-to-requisition",
};

export interface WorkspaceTask {
  taskName: WorkspaceTaskName;
  status: TaskStatus;
  /** The participant role expected to do it; null when any participant may. */
  assigneeRole: ParticipantRole | null;
  /** A subscriber user id, or SYSTEM. */
  completedBy: string | null;
  /** ISO date-time. */
  completedAt: string | null;
}

export const SYSTEM_ACTOR = "SYSTEM";

const pending = (taskName: WorkspaceTaskName, assigneeRole: ParticipantRole | null): WorkspaceTask => ({
  taskName,
  status: "PENDING",
  assigneeRole,
  completedBy: null,
  completedAt: null,
});

export function isTaskPending(tasks: readonly { taskName: string; status: string }[], taskName: WorkspaceTaskName): boolean {
  return tasks.some((task) => task.taskName === taskName && task.status === "PENDING");
}

export function isTaskCompleted(tasks: readonly { taskName: string; status: string }[], taskName: WorkspaceTaskName): boolean {
  return tasks.some((task) => task.taskName === taskName && task.status === "COMPLETED");
}

// ---------------------------------------------------------------------------------------------------
// Creation

/**
 * The law-firm rule (document 1 section 1): law and conveyancing firms create purchases only. The
 * specification names the rule but not its flag; the provider applies it always.
 */
export const LAW_FIRM_PURCHASE_ONLY = true;

/** The participant role the creating subscriber takes in a new workspace. */
export function creatorParticipantRole(subscriberType: string, transactionType: TransactionType): ParticipantRole | null {
  if (subscriberType === "Lender") return "INCOMING_LENDER";
  if (subscriberType === "Law Firm" || subscriberType === "Conveyancing Firm") {
    return transactionType === "PURCHASE" ? "BUYER_REPRESENTATIVE" : "INCOMING_LENDER_REPRESENTATIVE";
  }
  return null;
}

/**
 * Whether to offer creating a workspace: the permission, and a subscriber to create it for (the helpdesk
 * administrator has none, so is offered no Create workspace; decision 0213).
 */
export function offersWorkspaceCreation(permitted: boolean, subscriberType: string | null | undefined): boolean {
  return permitted && Boolean(subscriberType);
}

export const CREATE_REFUSALS = {
  noSubscriber:
    "The helpdesk administrator cannot create workspaces: a workspace belongs to a subscriber, and is created by a user of that subscriber.",
  lenderRemortgageOnly: "A lender can only create a remortgage workspace",
  lawFirmPurchaseOnly: "As a law firm you can only create a purchase workspace",
} as const;

/** Why this subscriber may not create a workspace of this type, or null when it may. */
export function createWorkspaceRefusal(
  subscriberType: SubscriberEntityType | string | null | undefined,
  transactionType: TransactionType,
  lawFirmPurchaseOnly = LAW_FIRM_PURCHASE_ONLY,
): string | null {
  if (!subscriberType) return CREATE_REFUSALS.noSubscriber;
  if (creatableTransactionTypes(subscriberType, lawFirmPurchaseOnly).includes(transactionType)) return null;
  return subscriberType === "Lender" ? CREATE_REFUSALS.lenderRemortgageOnly : CREATE_REFUSALS.lawFirmPurchaseOnly;
}

/** The party role of a workspace's applicants: borrowers on a remortgage, buyers on a purchase. */
export function applicantRoleOf(transactionType: TransactionType) {
  return APPLICANT_ROLE[transactionType];
}

/** The tasks a new workspace starts with. */
export function initialWorkspaceTasks(transactionType: TransactionType, creatorRole: ParticipantRole): WorkspaceTask[] {
  const lawFirm: ParticipantRole = transactionType === "PURCHASE" ? "BUYER_REPRESENTATIVE" : "INCOMING_LENDER_REPRESENTATIVE";
  const tasks: WorkspaceTask[] = [];
  if (creatorRole === "INCOMING_LENDER") tasks.push(pending("assign-law-firm", "INCOMING_LENDER"));
  if (creatorRole !== "INCOMING_LENDER" && transactionType === "REMORTGAGE") tasks.push(pending("confirm-incoming-lender", lawFirm));
  tasks.push(
    pending("complete-applicant-information", lawFirm),
    pending("enter-completion-date", lawFirm),
    pending("enter-fund-source-details", lawFirm),
  );
  if (transactionType === "PURCHASE") {
    tasks.push(pending("confirm-representations", lawFirm), pending("add-onward-funds", lawFirm));
  }
  tasks.push(pending("approve-workspace", lawFirm));
  return orderTasks(tasks);
}

/** The tasks a participant completes by joining a workspace in a role. */
export function tasksCompletedByJoining(role: ParticipantRole): WorkspaceTaskName[] {
  switch (role) {
    case "INCOMING_LENDER":
      return ["confirm-incoming-lender"];
    case "INCOMING_LENDER_REPRESENTATIVE":
    case "BUYER_REPRESENTATIVE":
      return ["assign-law-firm"];
    default:
      return [];
  }
}

/** Completes the named pending tasks (others unchanged). */
export function completeTasks(
  tasks: readonly WorkspaceTask[],
  names: readonly WorkspaceTaskName[],
  completedBy: string,
  completedAt: string,
): WorkspaceTask[] {
  return tasks.map((task) =>
    names.includes(task.taskName) && task.status === "PENDING" ? { ...task, status: "COMPLETED", completedBy, completedAt } : task,
  );
}

// ---------------------------------------------------------------------------------------------------
// Participants and references

/** The subscriber types that may take each participant role. */
export const PARTICIPANT_SUBSCRIBER_TYPES: Readonly<Record<ParticipantRole, readonly SubscriberEntityType[]>> = {
  INCOMING_LENDER: ["Lender"],
  INCOMING_LENDER_REPRESENTATIVE: ["Law Firm", "Conveyancing Firm"],
  BUYER_REPRESENTATIVE: ["Law Firm", "Conveyancing Firm"],
  SELLER_REPRESENTATIVE: ["Law Firm", "Conveyancing Firm"],
};

/** The participant roles a workspace of a transaction type can hold. */
export function participantRolesFor(transactionType: TransactionType): ParticipantRole[] {
  return transactionType === "PURCHASE"
    ? ["INCOMING_LENDER", "INCOMING_LENDER_REPRESENTATIVE", "BUYER_REPRESENTATIVE", "SELLER_REPRESENTATIVE"]
    : ["INCOMING_LENDER", "INCOMING_LENDER_REPRESENTATIVE"];
}

/** Why a subscriber may not join a workspace in a role, or null when it may. */
export function participantAssignmentRefusal(input: {
  role: ParticipantRole;
  transactionType: TransactionType;
  subscriberType: string;
  subscriberStatus: string;
  takenRoles: readonly string[];
  subscriberAlreadyParticipates: boolean;
}): string | null {
  const roleLabel = input.role.toLowerCase().replace(/_/g, " ");
  if (!participantRolesFor(input.transactionType).includes(input.role)) {
    return `A ${input.transactionType.toLowerCase()} workspace has no ${roleLabel} participant.`;
  }
  if (input.subscriberStatus !== "Active") return "Only an active subscriber can be added to a workspace.";
  if (!(PARTICIPANT_SUBSCRIBER_TYPES[input.role] as readonly string[]).includes(input.subscriberType)) {
    return `A ${input.subscriberType} cannot be the ${roleLabel}: that role is for a ${PARTICIPANT_SUBSCRIBER_TYPES[input.role].join(" or ")}.`;
  }
  if (input.takenRoles.includes(input.role)) return `The workspace already has a participant in the role ${input.role}.`;
  if (input.subscriberAlreadyParticipates) return "That subscriber is already a participant in this workspace.";
  return null;
}

/** The reference role a participant's own reference is filed under. */
export const PARTICIPANT_REFERENCE_ROLE: Readonly<Record<ParticipantRole, RepresentativeRole>> = {
  INCOMING_LENDER: "INCOMING_LENDER",
  INCOMING_LENDER_REPRESENTATIVE: "INCOMING_LENDER_REPRESENTATIVE",
  BUYER_REPRESENTATIVE: "BUYER_REPRESENTATIVE",
  SELLER_REPRESENTATIVE: "SELLER_REPRESENTATIVE",
};

/** The participant role that represents a reference role, when a participant does. */
export function participantRoleOfReference(role: RepresentativeRole): ParticipantRole | null {
  const entry = (Object.entries(PARTICIPANT_REFERENCE_ROLE) as [ParticipantRole, RepresentativeRole][]).find(([, r]) => r === role);
  return entry ? entry[0] : null;
}

/** Which permission rule guards adding or editing a reference of a role: the lender's own, or a law firm's. */
export function referenceKind(role: RepresentativeRole): "lender" | "lawFirm" {
  return role === "INCOMING_LENDER" ? "lender" : "lawFirm";
}

// ---------------------------------------------------------------------------------------------------
// Flags and transitions

const PRE_APPROVAL: readonly WorkspaceStatus[] = ["CREATED", "READY"];
const APPROVED_UNLOCKABLE: readonly WorkspaceStatus[] = ["PREPARED", "APPROVED"];
/** Funds exchanged, not yet lodged: the stretch in which the applications go to HMLR. */
const BEFORE_LODGEMENT: readonly WorkspaceStatus[] = ["FUNDS_EXCHANGED", "INITIATED"];
const HARD_LOCKED: readonly WorkspaceStatus[] = [
  "FUNDS_EXCHANGED",
  "INITIATED",
  "LODGED",
  "REGISTERED",
  "REQUISITIONED",
  "REQUISITION_SUBMITTED",
  "CLOSED",
];
/** Borrower validation outcomes that stop approval until resolved (a mismatch) or for good (cancel). */
const BORROWERS_BLOCKING: readonly BorrowerValidationStatus[] = ["INVALID", "COUNT_INVALID", "TYPE_INVALID", "UNSUPPORTED_TYPE"];

export interface WorkspaceStateInput {
  status: WorkspaceStatus;
  tasks: readonly { taskName: string; status: string }[];
  borrowersValidationStatus: BorrowerValidationStatus;
}

/** A workspace's state with its full tasks, as the transitions take it. */
export interface WorkspaceState extends Omit<WorkspaceStateInput, "tasks"> {
  tasks: readonly WorkspaceTask[];
}

export interface WorkspaceFlags {
  readyForApproval: boolean;
  canBeUnapproved: boolean;
  canBeCancelled: boolean;
  isLocked: boolean;
  hardLocked: boolean;
  isCancelled: boolean;
  /** The applications have been submitted to HMLR and are being finalised before they are lodged (the lodgement delay banner). */
  lodgementDelayed: boolean;
}

/** Required preparation tasks still pending. */
export function outstandingPreparationTasks(tasks: WorkspaceStateInput["tasks"]): WorkspaceTaskName[] {
  return PREPARATION_TASKS.filter((name) => !isOptionalTask(name) && isTaskPending(tasks, name));
}

/**
 * The flags of a workspace:
 * - readyForApproval: before approval, every required preparation task done, the borrowers not blocking;
 * - canBeUnapproved: approved (PREPARED) and funds not yet authorised;
 * - canBeCancelled: before approval (cancelled is reached from created);
 * - isLocked: approved or later (approval locks the workspace); hardLocked: from funds exchanged, before
 *   and after lodgement; isCancelled: cancelled (view-only for good);
 * - lodgementDelayed: funds exchanged and the applications submitted to HMLR, but not yet lodged: they are
 *   being finalised (docs/decisions/0202-lodgement-delay.md).
 */
export function workspaceFlags(state: WorkspaceStateInput): WorkspaceFlags {
  const { status } = state;
  const isCancelled = status === "CANCELLED";
  const preApproval = PRE_APPROVAL.includes(status);
  return {
    readyForApproval:
      preApproval &&
      outstandingPreparationTasks(state.tasks).length === 0 &&
      !BORROWERS_BLOCKING.includes(state.borrowersValidationStatus),
    canBeUnapproved: APPROVED_UNLOCKABLE.includes(status),
    canBeCancelled: preApproval,
    isLocked: !preApproval && !isCancelled,
    hardLocked: HARD_LOCKED.includes(status),
    isCancelled,
    lodgementDelayed: BEFORE_LODGEMENT.includes(status) && isTaskCompleted(state.tasks, "submit-applications-to-hmlr"),
  };
}

/** Bit i of a workspace's pending-label mask is QUICK_FILTERS[i]. */
export function quickFilterBit(filter: QuickFilter): number {
  return 1 << QUICK_FILTERS.indexOf(filter);
}

export function quickFilterMask(filters: readonly QuickFilter[]): number {
  return filters.reduce((mask, filter) => mask | quickFilterBit(filter), 0);
}

export function quickFiltersOfMask(mask: number): QuickFilter[] {
  return QUICK_FILTERS.filter((filter) => (mask & quickFilterBit(filter)) !== 0);
}

/**
 * The quick-filter labels a workspace is pending on (document 1 section 2.4), from its pending tasks:
 * approval pending when it is ready for approval; the separate financial and lodgement approval labels
 * from their approval tasks; exception tasks from any exception kind's task; funds authorisation from the
 * mortgage advance; Companies House registration from the evidence upload; lodgement submission from the
 * submission to HMLR. A closed or cancelled workspace is pending on nothing.
 */
export function pendingQuickFilters(state: WorkspaceStateInput): QuickFilter[] {
  if (state.status === "CANCELLED" || state.status === "CLOSED") return [];
  const has = (name: WorkspaceTaskName) => isTaskPending(state.tasks, name);
  const labels: QuickFilter[] = [];
  if (has("approve-hmlr-applications-for-settlement")) labels.push("LODGEMENT_APPROVAL_PENDING");
  if (has("approve-financials")) labels.push("FINANCIAL_APPROVAL_PENDING");
  if (workspaceFlags(state).readyForApproval) labels.push("APPROVAL_PENDING");
  if (Object.values(EXCEPTION_TASKS).some(has)) labels.push("EXCEPTION_TASKS_PENDING");
  if (has("authorise-mortgage-advance")) labels.push("FUNDS_AUTHORISATION_PENDING");
  if (has("upload-companies-house-evidence")) labels.push("COMPANIES_HOUSE_REGISTRATION_PENDING");
  if (has("submit-applications-to-hmlr")) labels.push("LODGEMENT_SUBMISSION_PENDING");
  return labels;
}

export const WORKSPACE_ACTION_REFUSALS = {
  approveCancelled: "The workspace has been cancelled, so it cannot be approved.",
  approveAlreadyApproved: "The workspace has already been approved.",
  approveNotReady: "The workspace is not ready for approval: complete the outstanding tasks first.",
  approveBorrowers: "The workspace is not ready for approval: resolve the borrower mismatch first, or cancel the workspace.",
  unapproveCancelled: "The workspace has been cancelled, so it cannot be unapproved.",
  unapproveNotApproved: "The workspace has not been approved, so it cannot be unapproved.",
  unapproveTooLate: (status: WorkspaceStatus) => `The workspace can no longer be unapproved: its status is ${statusLabel(status)}.`,
  cancelCancelled: "The workspace has already been cancelled.",
  cancelApproved: "An approved workspace cannot be cancelled: unapprove it first.",
  cancelTooLate: (status: WorkspaceStatus) => `The workspace can no longer be cancelled: its status is ${statusLabel(status)}.`,
} as const;

export interface Transition {
  status: WorkspaceStatus;
  tasks: WorkspaceTask[];
}

export interface TransitionActor {
  userId: string;
  /** ISO date-time. */
  at: string;
}

type Refusal = { refusal: string };

function approvalRefusal(state: WorkspaceStateInput): string {
  if (state.status === "CANCELLED") return WORKSPACE_ACTION_REFUSALS.approveCancelled;
  if (!PRE_APPROVAL.includes(state.status)) return WORKSPACE_ACTION_REFUSALS.approveAlreadyApproved;
  if (BORROWERS_BLOCKING.includes(state.borrowersValidationStatus)) return WORKSPACE_ACTION_REFUSALS.approveBorrowers;
  return WORKSPACE_ACTION_REFUSALS.approveNotReady;
}

/** Approve: allowed only when readyForApproval; the workspace becomes PREPARED (approved and locked). */
export function approveTransition(state: WorkspaceState, actor: TransitionActor): Transition | Refusal {
  if (!workspaceFlags(state).readyForApproval) return { refusal: approvalRefusal(state) };
  let tasks = completeTasks(state.tasks, ["approve-workspace"], actor.userId, actor.at);
  if (!tasks.some((task) => task.taskName === "authorise-mortgage-advance")) {
    tasks = [...tasks, pending("authorise-mortgage-advance", "INCOMING_LENDER")];
  } else {
    tasks = tasks.map((task) => (task.taskName === "authorise-mortgage-advance" ? pending(task.taskName, task.assigneeRole) : task));
  }
  return { status: "PREPARED", tasks: orderTasks(tasks) };
}

/** Unapprove: allowed only when canBeUnapproved; the workspace goes back to CREATED. */
export function unapproveTransition(state: WorkspaceState): Transition | Refusal {
  if (!workspaceFlags(state).canBeUnapproved) {
    if (state.status === "CANCELLED") return { refusal: WORKSPACE_ACTION_REFUSALS.unapproveCancelled };
    if (PRE_APPROVAL.includes(state.status)) return { refusal: WORKSPACE_ACTION_REFUSALS.unapproveNotApproved };
    return { refusal: WORKSPACE_ACTION_REFUSALS.unapproveTooLate(state.status) };
  }
  const tasks = state.tasks
    .filter((task) => !(task.taskName === "authorise-mortgage-advance" && task.status === "PENDING"))
    .map((task) => (task.taskName === "approve-workspace" ? pending(task.taskName, task.assigneeRole) : task));
  return { status: "CREATED", tasks: orderTasks(tasks) };
}

export interface CancellationRemarks {
  cancellationReason: CancellationReason;
  cancellationNotesForOther?: string | null;
}

/** Cancel: allowed only when canBeCancelled; irreversible. The notes are kept for OTHER only. */
export function cancelTransition(
  state: WorkspaceState,
  remarks: CancellationRemarks,
): (Transition & { remarks: { cancellationReason: CancellationReason; cancellationNotesForOther: string | null } }) | Refusal {
  if (!workspaceFlags(state).canBeCancelled) {
    if (state.status === "CANCELLED") return { refusal: WORKSPACE_ACTION_REFUSALS.cancelCancelled };
    if (APPROVED_UNLOCKABLE.includes(state.status)) return { refusal: WORKSPACE_ACTION_REFUSALS.cancelApproved };
    return { refusal: WORKSPACE_ACTION_REFUSALS.cancelTooLate(state.status) };
  }
  return {
    status: "CANCELLED",
    tasks: [...state.tasks],
    remarks: {
      cancellationReason: remarks.cancellationReason,
      cancellationNotesForOther: remarks.cancellationReason === "OTHER" ? remarks.cancellationNotesForOther ?? null : null,
    },
  };
}

export function isRefusal(result: object): result is Refusal {
  return "refusal" in result;
}
