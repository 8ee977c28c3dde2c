import { describe, expect, it } from "vitest";
import {
  approvingRoles,
  buyerFundsAuthorised,
  sourceFundsStatusOf,
  deriveFinancialTasks,
  fundsExchangeDue,
  isAccountUsable,
  isFinanciallyApproved,
  isSchedulePrepared,
  needsAuthorisation,
  participantApprovalStatus,
  scheduleStatus,
  workspaceStatusAfterAuthorisation,
  type LineItemFacts,
} from "./schedule.js";
import { fieldErrorsOf, fieldErrorMessage } from "./api.js";
import type { WorkspaceTask } from "../workspaces/lifecycle.js";

const item = (overrides: Partial<LineItemFacts> = {}): LineItemFacts => ({
  type: "SOURCE",
  category: "MORTGAGE_ADVANCE",
  authorised: false,
  hasLinkedAccount: false,
  hasBankAccount: false,
  verified: false,
  ...overrides,
});
const redemption = (verified: boolean, linked = false) =>
  item({ type: "DESTINATION", category: "REDEMPTION", hasBankAccount: true, verified, hasLinkedAccount: linked });
const task = (taskName: WorkspaceTask["taskName"], status: WorkspaceTask["status"] = "PENDING"): WorkspaceTask => ({
  taskName,
  status,
  assigneeRole: "INCOMING_LENDER_REPRESENTATIVE",
  completedBy: status === "COMPLETED" ? "SYSTEM" : null,
  completedAt: status === "COMPLETED" ? "2026-01-01T00:00:00.000Z" : null,
});

describe("accounts and authorisation", () => {
  it("an account is usable with no account of its own, linked, or verified", () => {
    expect(isAccountUsable(item())).toBe(true);
    expect(isAccountUsable(redemption(false))).toBe(false);
    expect(isAccountUsable(redemption(true))).toBe(true);
    expect(isAccountUsable(redemption(false, true))).toBe(true);
  });

  it("every source but Buyer Funds needs authorising; destinations never", () => {
    expect(needsAuthorisation(item())).toBe(true);
    expect(needsAuthorisation(item({ category: "BUYER_FUNDS" }))).toBe(false);
    expect(needsAuthorisation(redemption(true))).toBe(false);
  });
});

describe("the schedule's status", () => {
  const date = "2026-12-14";
  it("is prepared with a date, a source and every account usable", () => {
    expect(isSchedulePrepared({ completionDate: date, lineItems: [item()] })).toBe(true);
    expect(isSchedulePrepared({ completionDate: null, lineItems: [item()] })).toBe(false);
    expect(isSchedulePrepared({ completionDate: date, lineItems: [redemption(true)] })).toBe(false);
    expect(isSchedulePrepared({ completionDate: date, lineItems: [item(), redemption(false)] })).toBe(false);
  });

  it("moves IN_PREPARATION → PREPARED → APPROVED, and is CANCELLED with its workspace", () => {
    const base = { workspaceStatus: "CREATED", completionDate: date, approved: false };
    expect(scheduleStatus({ ...base, lineItems: [] })).toBe("IN_PREPARATION");
    expect(scheduleStatus({ ...base, lineItems: [item()] })).toBe("PREPARED");
    expect(scheduleStatus({ ...base, lineItems: [item()], approved: true })).toBe("APPROVED");
    expect(scheduleStatus({ ...base, lineItems: [redemption(false)], approved: true })).toBe("IN_PREPARATION");
    expect(scheduleStatus({ ...base, workspaceStatus: "CANCELLED", lineItems: [item()], approved: true })).toBe("CANCELLED");
  });

  it("needs every participant but the incoming lender to approve when there is a seller representative, else one", () => {
    expect(approvingRoles(["INCOMING_LENDER", "INCOMING_LENDER_REPRESENTATIVE"])).toEqual([]);
    expect(isFinanciallyApproved(["INCOMING_LENDER", "INCOMING_LENDER_REPRESENTATIVE"], [])).toBe(false);
    expect(isFinanciallyApproved(["INCOMING_LENDER", "INCOMING_LENDER_REPRESENTATIVE"], ["INCOMING_LENDER_REPRESENTATIVE"])).toBe(true);
    const withSeller = ["BUYER_REPRESENTATIVE", "INCOMING_LENDER", "SELLER_REPRESENTATIVE"];
    expect(approvingRoles(withSeller)).toEqual(["BUYER_REPRESENTATIVE", "SELLER_REPRESENTATIVE"]);
    expect(isFinanciallyApproved(withSeller, ["BUYER_REPRESENTATIVE"])).toBe(false);
    expect(isFinanciallyApproved(withSeller, ["BUYER_REPRESENTATIVE", "SELLER_REPRESENTATIVE"])).toBe(true);
  });

  it("gives each participant NOT_READY, READY or APPROVED", () => {
    expect(participantApprovalStatus("IN_PREPARATION", false)).toBe("NOT_READY");
    expect(participantApprovalStatus("CANCELLED", true)).toBe("NOT_READY");
    expect(participantApprovalStatus("PREPARED", false)).toBe("READY");
    expect(participantApprovalStatus("PREPARED", true)).toBe("APPROVED");
    expect(participantApprovalStatus("APPROVED", false)).toBe("APPROVED");
  });
});

describe("the workspace's funds", () => {
  it("is FUNDS_AUTHORISED once approved and every source needing it is authorised, and back on un-authorise", () => {
    const authorised = item({ authorised: true });
    expect(workspaceStatusAfterAuthorisation("PREPARED", [authorised, item({ category: "BUYER_FUNDS" })])).toBe("FUNDS_AUTHORISED");
    expect(workspaceStatusAfterAuthorisation("FUNDS_AUTHORISED", [authorised, item()])).toBe("PREPARED");
    expect(workspaceStatusAfterAuthorisation("PREPARED", [item({ category: "BUYER_FUNDS" })])).toBe("PREPARED");
    expect(workspaceStatusAfterAuthorisation("CREATED", [authorised])).toBe("CREATED");
    expect(workspaceStatusAfterAuthorisation("FUNDS_EXCHANGED", [item()])).toBe("FUNDS_EXCHANGED");
  });

  it("is due to be exchanged on and after the completion date once authorised", () => {
    expect(fundsExchangeDue({ workspaceStatus: "FUNDS_AUTHORISED", completionDate: "2026-12-14", today: "2026-12-14" })).toBe(true);
    expect(fundsExchangeDue({ workspaceStatus: "FUNDS_AUTHORISED", completionDate: "2026-12-14", today: "2026-12-13" })).toBe(false);
    expect(fundsExchangeDue({ workspaceStatus: "PREPARED", completionDate: "2026-12-14", today: "2026-12-15" })).toBe(false);
    expect(fundsExchangeDue({ workspaceStatus: "FUNDS_AUTHORISED", completionDate: null, today: "2026-12-15" })).toBe(false);
  });
});

describe("the tasks derived from the schedule", () => {
  const input = { workspaceStatus: "CREATED", completionDate: null, lineItems: [] as LineItemFacts[], lawFirmRole: "INCOMING_LENDER_REPRESENTATIVE" as const };
  const statuses = (tasks: WorkspaceTask[]) => Object.fromEntries(tasks.map((one) => [one.taskName, one.status]));

  it("completes the date, source and onward funds tasks when done, and reopens them when not", () => {
    const tasks = [task("enter-completion-date"), task("enter-fund-source-details"), task("add-onward-funds"), task("approve-workspace")];
    const done = deriveFinancialTasks(
      tasks,
      { ...input, completionDate: "2026-12-14", lineItems: [item(), item({ type: "DESTINATION", category: "ONWARD_FUNDS", hasBankAccount: true, verified: true })] },
      "user-1",
      "2026-11-26T07:00:00.000Z",
    );
    expect(statuses(done)).toEqual({
      "enter-completion-date": "COMPLETED",
      "enter-fund-source-details": "COMPLETED",
      "add-onward-funds": "COMPLETED",
      "approve-workspace": "PENDING",
    });
    expect(done.find((one) => one.taskName === "enter-completion-date")).toMatchObject({ completedBy: "user-1", completedAt: "2026-11-26T07:00:00.000Z" });
    expect(statuses(deriveFinancialTasks(done, input, "user-2", "2026-11-26T08:00:00.000Z"))["enter-fund-source-details"]).toBe("PENDING");
  });

  it("adds verify-bank-account-details while an account is unusable and completes it after; never adds it otherwise", () => {
    expect(deriveFinancialTasks([], { ...input, lineItems: [item()] }, "u", "t")).toEqual([]);
    const raised = deriveFinancialTasks([], { ...input, lineItems: [redemption(false)] }, "u", "t");
    expect(raised).toEqual([expect.objectContaining({ taskName: "verify-bank-account-details", status: "PENDING", assigneeRole: "INCOMING_LENDER_REPRESENTATIVE" })]);
    expect(statuses(deriveFinancialTasks(raised, { ...input, lineItems: [redemption(true)] }, "u", "t"))["verify-bank-account-details"]).toBe("COMPLETED");
  });

  it("completes authorise-mortgage-advance once approved and every Mortgage Advance is authorised", () => {
    const tasks = [task("authorise-mortgage-advance")];
    expect(statuses(deriveFinancialTasks(tasks, { ...input, workspaceStatus: "PREPARED", lineItems: [item({ authorised: true })] }, "u", "t"))["authorise-mortgage-advance"]).toBe("COMPLETED");
    expect(statuses(deriveFinancialTasks(tasks, { ...input, workspaceStatus: "PREPARED", lineItems: [item({ authorised: true }), item()] }, "u", "t"))["authorise-mortgage-advance"]).toBe("PENDING");
    // Before approval the task is left as it is.
    expect(statuses(deriveFinancialTasks(tasks, { ...input, lineItems: [item({ authorised: true })] }, "u", "t"))["authorise-mortgage-advance"]).toBe("PENDING");
  });
});

describe("field errors of a 400", () => {
  it("reads the provider's validation message back by field", () => {
    const message = `${fieldErrorMessage("bankAccount.accountNumber", "Enter a valid Account number")}; body.amount: Amount is required`;
    expect(fieldErrorsOf(message)).toEqual({ "bankAccount.accountNumber": "Enter a valid Account number", amount: "Amount is required" });
    expect(fieldErrorsOf("Financials have been approved.")).toEqual({});
  });
});

describe("Buyer Funds received", () => {
  it("is balanced, underpaid or overpaid by the credits' total, and authorised only when balanced", () => {
    expect(sourceFundsStatusOf(1000, [])).toBeNull();
    expect(sourceFundsStatusOf(1000, [{ amount: 400 }, { amount: 600 }])).toBe("FUNDS_RECEIVED_BALANCED");
    expect(sourceFundsStatusOf(1000, [{ amount: 999 }])).toBe("FUNDS_RECEIVED_UNDERPAID");
    expect(sourceFundsStatusOf(1000, [{ amount: 1001 }])).toBe("FUNDS_RECEIVED_OVERPAID");
    expect(buyerFundsAuthorised("FUNDS_RECEIVED_BALANCED")).toBe(true);
    expect(buyerFundsAuthorised("FUNDS_RECEIVED_OVERPAID")).toBe(false);
    expect(buyerFundsAuthorised(null)).toBe(false);
  });
});
