/**
 * The financial settlement schedule's state (document 2 sections 3.9, 4.6, 4.7, 4.7a;
 * docs/decisions/0610-settlement-status-transitions.md): when a schedule is prepared and approved, each
 * participant's approval status, the workspace's funds status, and the tasks derived from the schedule. Pure:
 * the provider computes them in every write's transaction and the screens can read them the same way.
 */
import type { FinancialApprovalStatus, FinancialSettlementScheduleStatus, LineItemCategory, LineItemType } from "./enums.js";
import type { WorkspaceTask, WorkspaceTaskName } from "../workspaces/lifecycle.js";
import type { ParticipantRole } from "../workspaces/enums.js";
import type { WorkspaceStatus } from "../workspaces/status.js";
import { orderTasks } from "../tasks/dashboard.js";

/** What the schedule rules read of a line item. */
export interface LineItemFacts {
  type: LineItemType;
  category: LineItemCategory;
  authorised: boolean;
  /** It uses a linked (saved or preconfigured) account. */
  hasLinkedAccount: boolean;
  /** It carries a bank account (typed or linked). */
  hasBankAccount: boolean;
  /** The account's verification detail says verified (by the name check, or accepted by hand). */
  verified: boolean;
}

/**
 * Whether a line item's account lets the schedule proceed (4.7: an unverified account cannot be used until
 * it is verified or accepted): no account of its own, a linked account, or a verified one.
 */
export function isAccountUsable(item: Pick<LineItemFacts, "hasBankAccount" | "hasLinkedAccount" | "verified">): boolean {
  return !item.hasBankAccount || item.hasLinkedAccount || item.verified;
}

/**
 * The sources that must be authorised before funds are authorised (4.6): every source but Buyer Funds
 * (which is authorised automatically when received).
 */
export function needsAuthorisation(item: Pick<LineItemFacts, "type" | "category">): boolean {
  return item.type === "SOURCE" && item.category !== "BUYER_FUNDS";
}

/** A schedule is prepared: a completion date, at least one fund source, and every account usable. */
export function isSchedulePrepared(input: { completionDate: string | null; lineItems: readonly LineItemFacts[] }): boolean {
  return (
    input.completionDate !== null &&
    input.lineItems.some((item) => item.type === "SOURCE") &&
    input.lineItems.every((item) => isAccountUsable(item))
  );
}

/**
 * The participants whose approval the financials need: with a seller representative, every participant
 * except the incoming lender (which reads its representative's approval); without one, any single approval
 * is enough (so the list is empty and `isFinanciallyApproved` looks for one approval).
 */
export function approvingRoles(participantRoles: readonly string[]): string[] {
  if (!participantRoles.includes("SELLER_REPRESENTATIVE")) return [];
  return participantRoles.filter((role) => role !== "INCOMING_LENDER");
}

/** Whether the approvals given (participant roles that approved) approve the financials. */
export function isFinanciallyApproved(participantRoles: readonly string[], approvedRoles: readonly string[]): boolean {
  const needed = approvingRoles(participantRoles);
  if (needed.length === 0) return approvedRoles.length > 0;
  return needed.every((role) => approvedRoles.includes(role));
}

/**
 * The schedule's status: CANCELLED with its workspace; APPROVED once the approvals it needs are given (and it
 * is still prepared); PREPARED when prepared; IN_PREPARATION otherwise.
 */
export function scheduleStatus(input: {
  workspaceStatus: string;
  completionDate: string | null;
  lineItems: readonly LineItemFacts[];
  approved: boolean;
}): FinancialSettlementScheduleStatus {
  if (input.workspaceStatus === "CANCELLED") return "CANCELLED";
  if (!isSchedulePrepared(input)) return "IN_PREPARATION";
  return input.approved ? "APPROVED" : "PREPARED";
}

/** A participant's own approval status (4.7a): approved by it, READY while the schedule is prepared, NOT_READY otherwise. */
export function participantApprovalStatus(scheduleStatusValue: string, approvedByIt: boolean): FinancialApprovalStatus {
  if (scheduleStatusValue === "CANCELLED" || scheduleStatusValue === "IN_PREPARATION") return "NOT_READY";
  if (scheduleStatusValue === "APPROVED" || approvedByIt) return "APPROVED";
  return "READY";
}

/**
 * The workspace's status as funds are authorised (4.6): an approved workspace (PREPARED) becomes
 * FUNDS_AUTHORISED when it has sources needing authorisation and every one of them is authorised; it goes back
 * to PREPARED when one is un-authorised. Any other status is left as it is.
 */
export function workspaceStatusAfterAuthorisation(status: WorkspaceStatus, lineItems: readonly LineItemFacts[]): WorkspaceStatus {
  if (status !== "PREPARED" && status !== "FUNDS_AUTHORISED") return status;
  const sources = lineItems.filter(needsAuthorisation);
  const allAuthorised = sources.length > 0 && sources.every((item) => item.authorised);
  return allAuthorised ? "FUNDS_AUTHORISED" : "PREPARED";
}

/**
 * Whether the funds of a workspace are due to be exchanged: funds authorised and its completion date reached
 * (London date `today`, YYYY-MM-DD). The completion-day job calls this to move the workspace to FUNDS_EXCHANGED.
 */
export function fundsExchangeDue(input: { workspaceStatus: string; completionDate: string | null; today: string }): boolean {
  return input.workspaceStatus === "FUNDS_AUTHORISED" && input.completionDate !== null && input.completionDate <= input.today;
}

/** The tasks the schedule brings up to date. */
export const FINANCIAL_DERIVED_TASKS = [
  "enter-completion-date",
  "enter-fund-source-details",
  "add-onward-funds",
  "authorise-mortgage-advance",
  "verify-bank-account-details",
] as const satisfies readonly WorkspaceTaskName[];

const APPROVED_STATUSES: readonly string[] = ["PREPARED", "FUNDS_AUTHORISED"];

/**
 * The workspace's tasks after a change to its schedule:
 * - enter-completion-date, enter-fund-source-details and add-onward-funds complete when there is a completion
 *   date, a fund source, an Onward Funds destination; pending again when not (only where the workspace has them);
 * - verify-bank-account-details is added (pending) while a line item's account is not usable, and completed
 *   once none is (it is never added when every account is usable);
 * - authorise-mortgage-advance (added by workspace approval) completes when every Mortgage Advance is
 *   authorised, and is pending again when one is not.
 * A task that becomes done is completed by `actor` at `at`.
 */
export function deriveFinancialTasks(
  tasks: readonly WorkspaceTask[],
  input: { workspaceStatus: string; completionDate: string | null; lineItems: readonly LineItemFacts[]; lawFirmRole: ParticipantRole },
  actor: string,
  at: string,
): WorkspaceTask[] {
  const mortgageAdvances = input.lineItems.filter((item) => item.category === "MORTGAGE_ADVANCE");
  const done: Record<(typeof FINANCIAL_DERIVED_TASKS)[number], boolean> = {
    "enter-completion-date": input.completionDate !== null,
    "enter-fund-source-details": input.lineItems.some((item) => item.type === "SOURCE"),
    "add-onward-funds": input.lineItems.some((item) => item.category === "ONWARD_FUNDS"),
    "authorise-mortgage-advance":
      APPROVED_STATUSES.includes(input.workspaceStatus) || input.workspaceStatus === "FUNDS_AUTHORISED"
        ? mortgageAdvances.length > 0 && mortgageAdvances.every((item) => item.authorised)
        : false,
    "verify-bank-account-details": input.lineItems.every((item) => isAccountUsable(item)),
  };
  let next = tasks.map((task) => {
    if (!(FINANCIAL_DERIVED_TASKS as readonly string[]).includes(task.taskName)) return task;
    if (task.taskName === "authorise-mortgage-advance" && !APPROVED_STATUSES.includes(input.workspaceStatus)) return task;
    const isDone = done[task.taskName as keyof typeof done];
    if (isDone && task.status !== "COMPLETED") return { ...task, status: "COMPLETED" as const, completedBy: actor, completedAt: at };
    if (!isDone && task.status === "COMPLETED") return { ...task, status: "PENDING" as const, completedBy: null, completedAt: null };
    return task;
  });
  if (!done["verify-bank-account-details"] && !next.some((task) => task.taskName === "verify-bank-account-details")) {
    next = [
      ...next,
      { taskName: "verify-bank-account-details", status: "PENDING", assigneeRole: input.lawFirmRole, completedBy: null, completedAt: null },
    ];
  }
  return orderTasks(next);
}
