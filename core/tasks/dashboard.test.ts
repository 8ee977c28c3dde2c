import { describe, expect, it } from "vitest";
import { WORKSPACE_TABS } from "../documents/enums.js";
import { permissionsForRoles } from "../shared/permissions/roles.js";
import { ACTIONS } from "../shared/permissions/actions.js";
import {
  completedByText,
  groupTasks,
  isOptionalTask,
  isTaskForUser,
  orderTasks,
  TASK_CATALOGUE,
  TASK_NAMES,
  taskDefinition,
  taskTarget,
  taskTitle,
  usesNewDashboard,
  type TaskUser,
} from "./dashboard.js";

const user = (roles: string[], overrides: Partial<TaskUser> = {}): TaskUser => ({
  roles,
  permissions: permissionsForRoles(roles),
  subscriberId: "firm",
  subscriberType: "Law Firm",
  workspace: { participantRole: "BUYER_REPRESENTATIVE", transactionType: "PURCHASE" },
  ...overrides,
});
const firmApprover = user(["Workspace Approver"]);
const lenderAuthoriser = user(["Funds Authoriser"], {
  subscriberId: "lender",
  subscriberType: "Lender",
  workspace: { participantRole: "INCOMING_LENDER", transactionType: "PURCHASE" },
});

describe("the task catalogue", () => {
  it("holds every task the workspaces carry, including the list's exception and quick-filter tasks", () => {
    expect(TASK_NAMES).toEqual(Object.keys(TASK_CATALOGUE));
    for (const name of [
      "enter-completion-date",
      "complete-applicant-information",
      "enter-fund-source-details",
      "add-onward-funds",
      "confirm-representations",
      "add-transfer-of-whole-information",
      "approve-workspace",
      "review-title-information-mismatch",
      "prepare-change-of-name-application",
      "authorise-mortgage-advance",
      "assign-law-firm",
      "confirm-incoming-lender",
      "approve-hmlr-applications-for-settlement",
      "verify-bank-account-details",
      "retry-title-search",
      "approve-financials",
      "upload-companies-house-evidence",
      "submit-applications-to-hmlr",
      "respond-to-requisition",
    ]) {
      expect(taskDefinition(name), name).toBeDefined();
    }
  });

  it("gives every task an action of the permission table and a redirect tab or the approval modal", () => {
    for (const name of TASK_NAMES) {
      const definition = TASK_CATALOGUE[name];
      expect(ACTIONS, name).toContain(definition.action);
      expect([...WORKSPACE_TABS, "approval-modal"], name).toContain(definition.target);
      expect(definition.title.length, name).toBeGreaterThan(0);
    }
  });

  it("lets entering the completion date be the task of whoever may edit the completion date", () => {
    expect(TASK_CATALOGUE["enter-completion-date"].action).toBe("editCompletionDate");
    expect(
      isTaskForUser({ taskName: "enter-completion-date", status: "PENDING" }, user(["Workspace User"])),
    ).toBe(true);
    expect(
      isTaskForUser({ taskName: "enter-completion-date", status: "PENDING" }, user(["Workspace Viewer"])),
    ).toBe(false);
  });

  it("marks the optional tasks", () => {
    expect(TASK_NAMES.filter(isOptionalTask)).toEqual([
      "add-onward-funds",
      "prepare-change-of-name-application",
    ]);
    expect(isOptionalTask("not-a-task")).toBe(false);
    expect(taskDefinition("toString")).toBeUndefined();
  });
});

describe("tasks for you and for others", () => {
  const tasks = [
    { taskName: "approve-workspace", status: "COMPLETED" },
    { taskName: "confirm-incoming-lender", status: "PENDING" },
    { taskName: "complete-applicant-information", status: "PENDING" },
    { taskName: "authorise-mortgage-advance", status: "PENDING" },
    { taskName: "complete-applicant-information", status: "PENDING", assignee: "other" },
  ];

  it("orders pending before completed, each by name", () => {
    expect(orderTasks(tasks).map((t) => `${t.status}:${t.taskName}`)).toEqual([
      "PENDING:authorise-mortgage-advance",
      "PENDING:complete-applicant-information",
      "PENDING:complete-applicant-information",
      "PENDING:confirm-incoming-lender",
      "COMPLETED:approve-workspace",
    ]);
  });

  it("groups by permission in the workspace, subscriber type and assignee", () => {
    const { forYou, forOthers } = groupTasks(tasks, firmApprover);
    expect(forYou.map((t) => t.taskName)).toEqual([
      "complete-applicant-information",
      "confirm-incoming-lender",
      "approve-workspace",
    ]);
    expect(forOthers.map((t) => t.taskName)).toEqual([
      "authorise-mortgage-advance",
      "complete-applicant-information",
    ]);
    expect(groupTasks(tasks, lenderAuthoriser).forYou.map((t) => t.taskName)).toEqual([
      "authorise-mortgage-advance",
    ]);
  });

  it("needs the subscriber type the task is for", () => {
    const confirm = { taskName: "confirm-incoming-lender", status: "PENDING" };
    expect(isTaskForUser(confirm, firmApprover)).toBe(true);
    expect(isTaskForUser(confirm, { ...firmApprover, subscriberType: "Conveyancing Firm" })).toBe(true);
    expect(isTaskForUser(confirm, { ...firmApprover, subscriberType: "Lender" })).toBe(false);
    expect(isTaskForUser(confirm, { ...firmApprover, subscriberType: null })).toBe(false);
  });

  it("needs the action's contextual permission in the workspace, not only the functional one", () => {
    const authorise = { taskName: "authorise-mortgage-advance", status: "PENDING" };
    expect(isTaskForUser(authorise, lenderAuthoriser)).toBe(true);
    expect(
      isTaskForUser(authorise, {
        ...lenderAuthoriser,
        workspace: { participantRole: "SELLER_REPRESENTATIVE", transactionType: "PURCHASE" },
      }),
    ).toBe(false);
    expect(isTaskForUser(authorise, { ...lenderAuthoriser, workspace: null })).toBe(false);
  });

  it("never puts an unknown task under 'for you'", () => {
    expect(isTaskForUser({ taskName: "unknown-task", status: "PENDING" }, firmApprover)).toBe(false);
    const helpdesk = user(["Helpdesk Administrator"], { subscriberType: null, subscriberId: null });
    expect(isTaskForUser({ taskName: "unknown-task", status: "PENDING" }, helpdesk)).toBe(false);
    expect(isTaskForUser({ taskName: "retry-title-search", status: "PENDING" }, helpdesk)).toBe(true);
  });
});

describe("targets, titles and the dashboard", () => {
  it("leads to the task's tab, the approval modal, or the overview when unknown", () => {
    expect(taskTarget("approve-workspace")).toBe("approval-modal");
    expect(taskTarget("enter-completion-date")).toBe("financials");
    expect(taskTarget("retry-title-search")).toBe("property-details");
    expect(taskTarget("something-new")).toBe("overview");
  });

  it("titles a task from itself, the catalogue, or its name", () => {
    expect(taskTitle({ taskName: "assign-law-firm", status: "PENDING" })).toBe("Assign law firm");
    expect(taskTitle("submit-applications-to-hmlr")).toBe("Submit applications to HMLR");
    expect(taskTitle({ taskName: "do-the-thing", status: "PENDING" })).toBe("Do the thing");
    expect(taskTitle({ taskName: "x", status: "PENDING", title: "Given" })).toBe("Given");
  });

  it("uses the new dashboard only after the cutoff", () => {
    expect(usesNewDashboard("2023-02-28T03:00:00Z")).toBe(false);
    expect(usesNewDashboard("2023-02-28T03:00:00.001Z")).toBe(true);
    expect(usesNewDashboard(new Date("2022-01-01"))).toBe(false);
    expect(completedByText("05 Mar 2025", "Ann Smith")).toBe("05 Mar 2025 | Ann Smith");
  });
});
