/**
 * The task catalogue and the dashboard (document 3 sections 2.2, 3 and 4.4): every task name with its title,
 * redirect tab (or the approval modal), the action whose permissions make it the user's, and the subscriber
 * types it is for; 'for you' / 'for others' grouping, ordering, and the new-dashboard cutoff.
 */
import type { WorkspaceTab } from "../documents/enums.js";
import { can, type Action, type PermissionSubject, type WorkspaceContext } from "../shared/permissions/actions.js";

export type TaskTarget = WorkspaceTab | "approval-modal";
export type TaskSubscriberKind = "firm" | "lender" | "any";

export interface TaskDefinition {
  title: string;
  target: TaskTarget;
  /** The action (core/shared/permissions/actions.ts) a user must be allowed in the workspace for the task to be theirs. */
  action: Action;
  subscriberKind: TaskSubscriberKind;
  /** Optional tasks carry an 'if applicable' badge and never hold up approval. */
  optional?: boolean;
}

/**
 * The one task catalogue (docs/decisions/0114-task-catalogue.md): the names the specification lists and the
 * tasks behind the workspace list's quick filters and exceptions.
 */
export const TASK_CATALOGUE = {
  "assign-law-firm": { title: "Assign law firm", target: "participants", action: "addIncomingLenderRepresentative", subscriberKind: "lender" },
  "confirm-incoming-lender": { title: "Confirm incoming lender", target: "participants", action: "addParty", subscriberKind: "firm" },
  "complete-applicant-information": { title: "Complete applicant information", target: "participants", action: "editApplicantParty", subscriberKind: "any" },
  "enter-completion-date": { title: "Enter completion date", target: "financials", action: "editCompletionDate", subscriberKind: "firm" },
  "enter-fund-source-details": { title: "Enter fund source details", target: "financials", action: "addSourceLineItem", subscriberKind: "any" },
  "add-onward-funds": { title: "Add onward funds", target: "financials", action: "addDestinationLineItem", subscriberKind: "firm", optional: true },
  "confirm-representations": { title: "Confirm representations", target: "participants", action: "confirmRepresentation", subscriberKind: "firm" },
  "add-transfer-of-whole-information": { title: "Add transfer of whole information", target: "documents", action: "editDocument", subscriberKind: "firm" },
  "review-title-information-mismatch": { title: "Review title information mismatch", target: "participants", action: "resolveMismatch", subscriberKind: "firm" },
  "prepare-change-of-name-application": { title: "Prepare change of name application", target: "documents", action: "editDocument", subscriberKind: "firm", optional: true },
  "verify-bank-account-details": { title: "Verify bank account details", target: "financials", action: "editDestinationLineItem", subscriberKind: "any" },
  "retry-title-search": { title: "Retry title search", target: "property-details", action: "retrieveTitle", subscriberKind: "any" },
  "approve-financials": { title: "Approve financials", target: "financials", action: "approveFinancials", subscriberKind: "any" },
  "approve-hmlr-applications-for-settlement": { title: "Approve HMLR applications for settlement", target: "documents", action: "approveApplications", subscriberKind: "firm" },
  "approve-workspace": { title: "Approve workspace", target: "approval-modal", action: "approveWorkspace", subscriberKind: "firm" },
  "authorise-mortgage-advance": { title: "Authorise mortgage advance", target: "financials", action: "authoriseFunds", subscriberKind: "lender" },
  "upload-companies-house-evidence": { title: "Upload Companies House evidence", target: "documents", action: "uploadFile", subscriberKind: "firm" },
  "submit-applications-to-hmlr": { title: "Submit applications to HMLR", target: "documents", action: "submitApplications", subscriberKind: "firm" },
  "respond-to-requisition": { title: "Respond to requisition", target: "documents", action: "submitRequisitions", subscriberKind: "firm" },
} as const satisfies Record<string, TaskDefinition>;

export type TaskName = keyof typeof TASK_CATALOGUE;
export const TASK_NAMES = Object.keys(TASK_CATALOGUE) as [TaskName, ...TaskName[]];

export function isTaskName(name: string): name is TaskName {
  return Object.hasOwn(TASK_CATALOGUE, name);
}

/** A task's entry in the catalogue; undefined for a name the catalogue does not hold. */
export function taskDefinition(taskName: string): TaskDefinition | undefined {
  return isTaskName(taskName) ? TASK_CATALOGUE[taskName] : undefined;
}

/** An 'if applicable' task: it never holds up approval. */
export function isOptionalTask(taskName: string): boolean {
  return taskDefinition(taskName)?.optional === true;
}

export interface Task {
  taskName: string;
  status: string;
  title?: string | null;
  /** The subscriber the task is assigned to, if any. */
  assignee?: string | null;
}

export interface TaskUser extends PermissionSubject {
  subscriberId: string | null;
  subscriberType: string | null;
  /** The user's participant role and the transaction type (or the provider's contextual set) in the workspace. */
  workspace: WorkspaceContext | null;
}

/**
 * A task is 'for you' when you may take its action in the workspace, your subscriber type fits and it is
 * not assigned to another subscriber. A task the catalogue does not know is never yours: nobody can say
 * who may do it.
 */
export function isTaskForUser(task: Task, user: TaskUser): boolean {
  const definition = taskDefinition(task.taskName);
  if (!definition) return false;
  if (task.assignee && task.assignee !== user.subscriberId) return false;
  if (!can(user, definition.action, user.workspace)) return false;
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
  return taskDefinition(taskName)?.target ?? "overview";
}

/** A task's title: the one it carries, else the catalogue's, else its name in words. */
export function taskTitle(task: Task | string): string {
  const { taskName, title } = typeof task === "string" ? { taskName: task, title: null } : task;
  if (title) return title;
  const definition = taskDefinition(taskName);
  if (definition) return definition.title;
  const words = taskName.split("-").join(" ");
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
