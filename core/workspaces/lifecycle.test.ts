import { describe, expect, it } from "vitest";
import { QUICK_FILTERS } from "./enums.js";
import { type BorrowerValidationStatus } from "../parties/enums.js";
import { WORKSPACE_STATUSES, type WorkspaceStatus } from "./status.js";
import {
  approveTransition,
  cancelTransition,
  completeTasks,
  CREATE_REFUSALS,
  createWorkspaceRefusal,
  creatorParticipantRole,
  initialWorkspaceTasks,
  isOptionalTask,
  isRefusal,
  participantAssignmentRefusal,
  participantRoleOfReference,
  pendingQuickFilters,
  PREPARATION_TASKS,
  quickFilterBit,
  quickFilterMask,
  quickFiltersOfMask,
  tasksCompletedByJoining,
  unapproveTransition,
  workspaceFlags,
  workspaceTaskTitle,
  WORKSPACE_ACTION_REFUSALS,
  type WorkspaceFlags,
  type WorkspaceState,
  type WorkspaceTask,
} from "./lifecycle.js";

const at = "2025-01-01T10:00:00.000Z";
const actor = { userId: "user-1", at };

function ready(transactionType: "PURCHASE" | "REMORTGAGE" = "REMORTGAGE"): WorkspaceState {
  const tasks = completeTasks(initialWorkspaceTasks(transactionType, "INCOMING_LENDER"), PREPARATION_TASKS, "SYSTEM", at);
  return { status: "CREATED", tasks, borrowersValidationStatus: "VALID" };
}

describe("creation", () => {
  it("a lender creates remortgages as the incoming lender; firms create purchases as the buyer's representative", () => {
    expect(creatorParticipantRole("Lender", "REMORTGAGE")).toBe("INCOMING_LENDER");
    expect(creatorParticipantRole("Law Firm", "PURCHASE")).toBe("BUYER_REPRESENTATIVE");
    expect(creatorParticipantRole("Conveyancing Firm", "PURCHASE")).toBe("BUYER_REPRESENTATIVE");
    expect(creatorParticipantRole("Law Firm", "REMORTGAGE")).toBe("INCOMING_LENDER_REPRESENTATIVE");
    expect(creatorParticipantRole("Bank", "REMORTGAGE")).toBeNull();
  });

  it("refuses the other transaction type with the spec's wording, and a caller without a subscriber", () => {
    expect(createWorkspaceRefusal("Lender", "REMORTGAGE")).toBeNull();
    expect(createWorkspaceRefusal("Lender", "PURCHASE")).toBe(CREATE_REFUSALS.lenderRemortgageOnly);
    expect(createWorkspaceRefusal("Law Firm", "PURCHASE")).toBeNull();
    expect(createWorkspaceRefusal("Law Firm", "REMORTGAGE")).toBe("As a law firm you can only create a purchase workspace");
    expect(createWorkspaceRefusal("Conveyancing Firm", "REMORTGAGE")).toBe(CREATE_REFUSALS.lawFirmPurchaseOnly);
    expect(createWorkspaceRefusal("Law Firm", "REMORTGAGE", false)).toBeNull();
    expect(createWorkspaceRefusal(null, "PURCHASE")).toBe(CREATE_REFUSALS.noSubscriber);
  });

  it("starts with pending tasks, ordered, approval last in preparation", () => {
    const lender = initialWorkspaceTasks("REMORTGAGE", "INCOMING_LENDER");
    expect(lender.map((task) => task.taskName)).toEqual([
      "approve-workspace",
      "assign-law-firm",
      "complete-applicant-information",
      "enter-completion-date",
      "enter-fund-source-details",
    ]);
    expect(lender.every((task) => task.status === "PENDING")).toBe(true);
    const firm = initialWorkspaceTasks("PURCHASE", "BUYER_REPRESENTATIVE").map((task) => task.taskName);
    expect(firm).toContain("confirm-representations");
    expect(firm).toContain("add-onward-funds");
    expect(firm).not.toContain("assign-law-firm");
    expect(initialWorkspaceTasks("REMORTGAGE", "INCOMING_LENDER_REPRESENTATIVE").map((task) => task.taskName)).toContain("confirm-incoming-lender");
  });

  it("titles every task, optional ones from the dashboard catalogue", () => {
    expect(workspaceTaskTitle("approve-workspace")).toBe("Approve workspace");
    expect(workspaceTaskTitle("submit-applications-to-hmlr")).toBe("Submit applications to HMLR");
    expect(workspaceTaskTitle("something-new")).toBe("Something new");
    expect(isOptionalTask("add-onward-funds")).toBe(true);
    expect(isOptionalTask("approve-workspace")).toBe(false);
  });
});

describe("flags", () => {
  const flags = (status: WorkspaceStatus, borrowers: BorrowerValidationStatus = "VALID", tasks: WorkspaceTask[] = []) =>
    workspaceFlags({ status, tasks, borrowersValidationStatus: borrowers });

  it("is ready for approval only before approval, prepared, with borrowers not blocking", () => {
    expect(workspaceFlags(ready()).readyForApproval).toBe(true);
    expect(flags("CREATED", "PENDING").readyForApproval).toBe(true);
    expect(flags("CREATED", "NOT_REQUIRED").readyForApproval).toBe(true);
    for (const borrowers of ["INVALID", "COUNT_INVALID", "TYPE_INVALID", "UNSUPPORTED_TYPE"] as const) {
      expect(flags("CREATED", borrowers).readyForApproval, borrowers).toBe(false);
    }
    expect(workspaceFlags({ ...ready(), tasks: initialWorkspaceTasks("REMORTGAGE", "INCOMING_LENDER") }).readyForApproval).toBe(false);
    expect(flags("PREPARED").readyForApproval).toBe(false);
  });

  it("an optional task pending does not hold approval up", () => {
    const state = ready("PURCHASE");
    expect(state.tasks.find((task) => task.taskName === "add-onward-funds")?.status).toBe("PENDING");
    expect(workspaceFlags(state).readyForApproval).toBe(true);
  });

  it("follows the status for every other flag", () => {
    const table = Object.fromEntries(
      WORKSPACE_STATUSES.map((status) => {
        const f = flags(status);
        return [status, [f.canBeCancelled, f.canBeUnapproved, f.isLocked, f.hardLocked, f.isCancelled].map(Number).join("")];
      }),
    );
    //                       cancel unapprove locked hard cancelled
    expect(table).toEqual({
      CREATED: "10000",
      READY: "10000",
      PREPARED: "01100",
      APPROVED: "01100",
      FUNDS_AUTHORISED: "00100",
      FUNDS_EXCHANGED: "00110",
      INITIATED: "00110",
      LODGED: "00110",
      REGISTERED: "00110",
      REQUISITIONED: "00110",
      REQUISITION_SUBMITTED: "00110",
      CLOSED: "00110",
      CANCELLED: "00001",
    });
  });
});

describe("lodgement delay", () => {
  const withSubmission = (status: WorkspaceStatus, submission: "PENDING" | "COMPLETED" | null): WorkspaceFlags =>
    workspaceFlags({
      status,
      borrowersValidationStatus: "VALID",
      tasks: submission ? [{ taskName: "submit-applications-to-hmlr", status: submission }] : [],
    });

  it("holds while the applications submitted after funds exchanged are finalised, before lodgement", () => {
    expect(withSubmission("FUNDS_EXCHANGED", "COMPLETED").lodgementDelayed).toBe(true);
    expect(withSubmission("INITIATED", "COMPLETED").lodgementDelayed).toBe(true);
  });

  it("does not hold before the submission, nor once lodged, nor outside the stretch after funds exchanged", () => {
    expect(withSubmission("FUNDS_EXCHANGED", "PENDING").lodgementDelayed).toBe(false);
    expect(withSubmission("FUNDS_EXCHANGED", null).lodgementDelayed).toBe(false);
    for (const status of WORKSPACE_STATUSES.filter((s) => s !== "FUNDS_EXCHANGED" && s !== "INITIATED")) {
      expect(withSubmission(status, "COMPLETED").lodgementDelayed, status).toBe(false);
    }
  });
});

describe("transitions", () => {
  it("approves a ready workspace: prepared, approval task done, funds authorisation pending", () => {
    const result = approveTransition(ready(), actor);
    if (isRefusal(result)) throw new Error(result.refusal);
    expect(result.status).toBe("PREPARED");
    expect(result.tasks.find((task) => task.taskName === "approve-workspace")).toMatchObject({ status: "COMPLETED", completedBy: "user-1", completedAt: at });
    expect(result.tasks.find((task) => task.taskName === "authorise-mortgage-advance")).toMatchObject({ status: "PENDING", assigneeRole: "INCOMING_LENDER" });
  });

  it("says why approval is refused", () => {
    const notReady = { ...ready(), tasks: initialWorkspaceTasks("REMORTGAGE", "INCOMING_LENDER") };
    expect(approveTransition(notReady, actor)).toEqual({ refusal: WORKSPACE_ACTION_REFUSALS.approveNotReady });
    expect(approveTransition({ ...ready(), borrowersValidationStatus: "INVALID" }, actor)).toEqual({ refusal: WORKSPACE_ACTION_REFUSALS.approveBorrowers });
    expect(approveTransition({ ...ready(), status: "PREPARED" }, actor)).toEqual({ refusal: WORKSPACE_ACTION_REFUSALS.approveAlreadyApproved });
    expect(approveTransition({ ...ready(), status: "CANCELLED" }, actor)).toEqual({ refusal: WORKSPACE_ACTION_REFUSALS.approveCancelled });
  });

  it("unapproves back to created, undoing what approval did", () => {
    const approved = approveTransition(ready(), actor);
    if (isRefusal(approved)) throw new Error(approved.refusal);
    const result = unapproveTransition({ ...ready(), status: approved.status, tasks: approved.tasks });
    if (isRefusal(result)) throw new Error(result.refusal);
    expect(result.status).toBe("CREATED");
    expect(result.tasks.map((task) => [task.taskName, task.status])).toEqual(ready().tasks.map((task) => [task.taskName, task.status]));
    expect(workspaceFlags({ ...ready(), ...result }).readyForApproval).toBe(true);
  });

  it("refuses to unapprove what is not approved or gone further", () => {
    expect(unapproveTransition(ready())).toEqual({ refusal: WORKSPACE_ACTION_REFUSALS.unapproveNotApproved });
    expect(unapproveTransition({ ...ready(), status: "CANCELLED" })).toEqual({ refusal: WORKSPACE_ACTION_REFUSALS.unapproveCancelled });
    expect(unapproveTransition({ ...ready(), status: "FUNDS_AUTHORISED" })).toEqual({
      refusal: "The workspace can no longer be unapproved: its status is Funds authorised.",
    });
  });

  it("cancels before approval, keeping notes for OTHER only", () => {
    const other = cancelTransition(ready(), { cancellationReason: "OTHER", cancellationNotesForOther: "Moved abroad" });
    expect(other).toMatchObject({ status: "CANCELLED", remarks: { cancellationReason: "OTHER", cancellationNotesForOther: "Moved abroad" } });
    const reason = cancelTransition(ready(), { cancellationReason: "LENDER_DECIDED_NOT_TO_PROCEED", cancellationNotesForOther: "ignored" });
    expect(reason).toMatchObject({ remarks: { cancellationNotesForOther: null } });
    expect(cancelTransition({ ...ready(), status: "PREPARED" }, { cancellationReason: "OTHER" })).toEqual({ refusal: WORKSPACE_ACTION_REFUSALS.cancelApproved });
    expect(cancelTransition({ ...ready(), status: "CANCELLED" }, { cancellationReason: "OTHER" })).toEqual({ refusal: WORKSPACE_ACTION_REFUSALS.cancelCancelled });
    expect(cancelTransition({ ...ready(), status: "LODGED" }, { cancellationReason: "OTHER" })).toEqual({
      refusal: "The workspace can no longer be cancelled: its status is Lodged.",
    });
  });
});

describe("quick filters", () => {
  const pendingTask = (taskName: WorkspaceTask["taskName"]): WorkspaceTask => ({ taskName, status: "PENDING", assigneeRole: null, completedBy: null, completedAt: null });

  it("maps each filter to one bit and back", () => {
    expect(QUICK_FILTERS.map(quickFilterBit)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(quickFiltersOfMask(quickFilterMask(["APPROVAL_PENDING", "LODGEMENT_SUBMISSION_PENDING"]))).toEqual(["APPROVAL_PENDING", "LODGEMENT_SUBMISSION_PENDING"]);
  });

  it("derives each label from the pending tasks", () => {
    const base = { status: "CREATED" as const, borrowersValidationStatus: "PENDING" as const };
    const cases: [WorkspaceTask["taskName"], string][] = [
      ["approve-hmlr-applications-for-settlement", "LODGEMENT_APPROVAL_PENDING"],
      ["approve-financials", "FINANCIAL_APPROVAL_PENDING"],
      ["review-title-information-mismatch", "EXCEPTION_TASKS_PENDING"],
      ["verify-bank-account-details", "EXCEPTION_TASKS_PENDING"],
      ["retry-title-search", "EXCEPTION_TASKS_PENDING"],
      ["respond-to-requisition", "EXCEPTION_TASKS_PENDING"],
      ["authorise-mortgage-advance", "FUNDS_AUTHORISATION_PENDING"],
      ["upload-companies-house-evidence", "COMPANIES_HOUSE_REGISTRATION_PENDING"],
      ["submit-applications-to-hmlr", "LODGEMENT_SUBMISSION_PENDING"],
    ];
    for (const [task, label] of cases) {
      expect(pendingQuickFilters({ ...base, status: "PREPARED", tasks: [pendingTask(task)] }), task).toEqual([label]);
    }
    expect(pendingQuickFilters(ready())).toEqual(["APPROVAL_PENDING"]);
    expect(pendingQuickFilters({ ...ready(), tasks: initialWorkspaceTasks("REMORTGAGE", "INCOMING_LENDER") })).toEqual([]);
  });

  it("leaves closed and cancelled workspaces pending on nothing", () => {
    for (const status of ["CLOSED", "CANCELLED"] as const) {
      expect(pendingQuickFilters({ status, tasks: [pendingTask("respond-to-requisition")], borrowersValidationStatus: "VALID" })).toEqual([]);
    }
  });
});

describe("participants and references", () => {
  const base = {
    role: "INCOMING_LENDER" as const,
    transactionType: "REMORTGAGE" as const,
    subscriberType: "Lender",
    subscriberStatus: "Active",
    takenRoles: [] as string[],
    subscriberAlreadyParticipates: false,
  };

  it("lets a fitting active subscriber take a free role", () => {
    expect(participantAssignmentRefusal(base)).toBeNull();
    expect(participantAssignmentRefusal({ ...base, role: "SELLER_REPRESENTATIVE", transactionType: "PURCHASE", subscriberType: "Law Firm" })).toBeNull();
  });

  it("says why a participant cannot be added", () => {
    expect(participantAssignmentRefusal({ ...base, subscriberType: "Law Firm" })).toBe(
      "A Law Firm cannot be the incoming lender: that role is for a Lender.",
    );
    expect(participantAssignmentRefusal({ ...base, role: "SELLER_REPRESENTATIVE", subscriberType: "Law Firm" })).toBe(
      "A remortgage workspace has no seller representative participant.",
    );
    expect(participantAssignmentRefusal({ ...base, takenRoles: ["INCOMING_LENDER"] })).toBe(
      "The workspace already has a participant in the role INCOMING_LENDER.",
    );
    expect(participantAssignmentRefusal({ ...base, subscriberAlreadyParticipates: true })).toBe("That subscriber is already a participant in this workspace.");
    expect(participantAssignmentRefusal({ ...base, subscriberStatus: "Suspended" })).toBe("Only an active subscriber can be added to a workspace.");
  });

  it("joining completes the matching task; references map to participant roles", () => {
    expect(tasksCompletedByJoining("INCOMING_LENDER")).toEqual(["confirm-incoming-lender"]);
    expect(tasksCompletedByJoining("INCOMING_LENDER_REPRESENTATIVE")).toEqual(["assign-law-firm"]);
    expect(tasksCompletedByJoining("SELLER_REPRESENTATIVE")).toEqual([]);
    expect(participantRoleOfReference("BUYER_REPRESENTATIVE")).toBe("BUYER_REPRESENTATIVE");
    expect(participantRoleOfReference("WORKSPACE_LAW_FIRM")).toBeNull();
  });
});
