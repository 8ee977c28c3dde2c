/**
 * The dashboard (document 3 sections 2.2 and 4.4): the task catalogue (permission, redirect tab and
 * subscriber types per task name), 'for you' / 'for others' grouping, ordering, and the new-dashboard cutoff.
 */
import { Permission } from "../permissions.js";
import type { WorkspaceTab } from "../catalogue/lodgement.js";

export type TaskTarget = WorkspaceTab | "approval-modal";
export type TaskSubscriberKind = "firm" | "lender" | "any";

export interface TaskDefinition {
  title: string;
  target: TaskTarget;
  /** The functional permission a user needs for the task to be theirs. */
  permission: Permission;
  subscriberKind: TaskSubscriberKind;
  /** Optional tasks carry an 'if applicable' badge. */
  optional?: boolean;
}

/** The task names the specification lists, with the rule for each (docs/decisions/0114-task-catalogue.md). */
export const TASK_CATALOGUE: Readonly<Record<string, TaskDefinition>> = {
  "enter-completion-date": { title: "Enter completion date", target: "financials", permission: Permission.EDIT_FSS_LINE_ITEMS, subscriberKind: "firm" },
  "complete-applicant-information": { title: "Complete applicant information", target: "participants", permission: Permission.EDIT_WORKSPACE_PARTIES, subscriberKind: "any" },
  "enter-fund-source-details": { title: "Enter fund source details", target: "financials", permission: Permission.ADD_FSS_LINE_ITEMS, subscriberKind: "any" },
  "add-onward-funds": { title: "Add onward funds", target: "financials", permission: Permission.ADD_FSS_LINE_ITEMS, subscriberKind: "firm", optional: true },
  "confirm-representations": { title: "Confirm representations", target: "participants", permission: Permission.ADD_LEGAL_REPRESENTATION_DETAILS, subscriberKind: "firm" },
  "add-transfer-of-whole-information": { title: "Add transfer of whole information", target: "documents", permission: Permission.EDIT_LODGEMENT_DOCUMENTS, subscriberKind: "firm" },
  "approve-workspace": { title: "Approve workspace", target: "approval-modal", permission: Permission.APPROVE_WORKSPACES, subscriberKind: "firm" },
  "review-title-information-mismatch": { title: "Review title information mismatch", target: "participants", permission: Permission.EDIT_LODGEMENT_PROPRIETORS, subscriberKind: "firm" },
  "prepare-change-of-name-application": { title: "Prepare change of name application", target: "documents", permission: Permission.EDIT_LODGEMENT_DOCUMENTS, subscriberKind: "firm", optional: true },
  "authorise-mortgage-advance": { title: "Authorise mortgage advance", target: "financials", permission: Permission.AUTHORISE_FUNDS, subscriberKind: "lender" },
  "assign-law-firm": { title: "Assign law firm", target: "participants", permission: Permission.ADD_WORKSPACE_PARTICIPANTS, subscriberKind: "lender" },
  "confirm-incoming-lender": { title: "Confirm incoming lender", target: "participants", permission: Permission.ADD_WORKSPACE_PARTIES, subscriberKind: "firm" },
  "approve-hmlr-applications-for-settlement": { title: "Approve HMLR applications for settlement", target: "documents", permission: Permission.APPROVE_LODGEMENT_DOCUMENTS, subscriberKind: "firm" },
};

export interface Task {
  taskName: string;
  status: string;
  title?: string | null;
  /** The subscriber the task is assigned to, if any. */
  assignee?: string | null;
}

export interface TaskUser {
  permissions: readonly string[];
  subscriberId: string | null;
  subscriberType: string | null;
}

/** A task is 'for you' when permitted, its subscriber kind fits and it is not assigned to another subscriber. */
export function isTaskForUser(task: Task, user: TaskUser): boolean {
  const definition = TASK_CATALOGUE[task.taskName];
  if (task.assignee && task.assignee !== user.subscriberId) return false;
  if (!definition) return true;
  if (!user.permissions.includes(definition.permission)) return false;
  if (definition.subscriberKind === "any") return true;
  const kind = user.subscriberType === "Lender" ? "lender" : user.subscriberType ? "firm" : null;
  return kind === definition.subscriberKind;
}

/** Pending tasks before completed ones, each group sorted by name. */
export function orderTasks<T extends Task>(tasks: readonly T[]): T[] {
  const rank = (task: T) => (task.status === "PENDING" ? 0 : 1);
  return [...tasks].sort((a, b) => rank(a) - rank(b) || a.taskName.localeCompare(b.taskName));
}

export function groupTasks<T extends Task>(tasks: readonly T[], user: TaskUser): { forYou: T[]; forOthers: T[] } {
  const ordered = orderTasks(tasks);
  return {
    forYou: ordered.filter((task) => isTaskForUser(task, user)),
    forOthers: ordered.filter((task) => !isTaskForUser(task, user)),
  };
}

/** Where a task leads: its tab, or the approval modal; unknown tasks open the overview. */
export function taskTarget(taskName: string): TaskTarget {
  return TASK_CATALOGUE[taskName]?.target ?? "overview";
}

export function taskTitle(task: Task): string {
  if (task.title) return task.title;
  const definition = TASK_CATALOGUE[task.taskName];
  if (definition) return definition.title;
  const words = task.taskName.split("-").join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The new dashboard applies only to workspaces created after this instant. */
export const DASHBOARD_CUTOFF = "2023-02-28T03:00:00.000Z";

export function usesNewDashboard(workspaceCreatedAt: string | Date): boolean {
  const created = typeof workspaceCreatedAt === "string" ? new Date(workspaceCreatedAt) : workspaceCreatedAt;
  return created.getTime() > Date.parse(DASHBOARD_CUTOFF);
}

/** Completed-by shown as 'date | name'; SYSTEM and the provider show as such. */
export function completedByText(formattedDate: string, completedByName: string): string {
  return `${formattedDate} | ${completedByName}`;
}
