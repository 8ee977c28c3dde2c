import { describe, expect, it } from "vitest";
import type { WorkspaceTask } from "../workspaces/lifecycle.js";
import { applyTitleTasks, assessTitle, MAX_REGISTERED_PROPRIETORS, PROPRIETOR_RULE_MESSAGES, titleTasksNeeded, type AssessmentInput } from "./assessment.js";
import type { MatchableParty, RegisteredProprietor } from "./matching.js";
import { MISMATCH_ACTION_REFUSALS } from "./proprietor-mismatch.js";

const borrower = (partyId: string, forenames: string, surname: string): MatchableParty => ({ partyId, role: "BORROWER", type: "INDIVIDUAL", forenames, surname });
const owner = (proprietorId: string, forenames: string, surname: string): RegisteredProprietor => ({ proprietorId, type: "INDIVIDUAL", forenames, surname });

const input = (overrides: Partial<AssessmentInput>): AssessmentInput => ({
  transactionType: "REMORTGAGE",
  transferOfEquity: false,
  parties: [borrower("p1", "Ann", "Smith")],
  proprietors: [owner("t1", "Ann", "Smith")],
  choices: [],
  unsupportedReasons: [],
  ...overrides,
});

describe("assessTitle", () => {
  it("is PENDING with an unknown incoming count before a title is held", () => {
    const result = assessTitle(input({ proprietors: null }));
    expect(result).toMatchObject({ borrowersValidationStatus: "PENDING", incomingProprietorCount: undefined, registeredProprietorCount: 0 });
    expect(result.parties[0]).toMatchObject({ isIncomingProprietor: null, titleStatus: null });
  });

  it("makes a matched borrower an incoming proprietor and counts the proprietors who stay", () => {
    const result = assessTitle(input({ proprietors: [owner("t1", "Ann", "Smith"), owner("t2", "Bob", "Jones")] }));
    expect(result.parties[0]).toMatchObject({ proprietorMatchStatus: ["MATCH"], isIncomingProprietor: true, titleStatus: "INCOMING" });
    expect(result.incomingProprietorCount).toBe(1);
    expect(result.unmatchedProprietors[0]).toMatchObject({ proprietorId: "t2", refusedActions: [] });
    const chosen = assessTitle(input({ proprietors: [owner("t1", "Ann", "Smith"), owner("t2", "Bob", "Jones")], choices: [{ proprietorId: "t2", titleStatus: "INCOMING" }] }));
    expect(chosen.incomingProprietorCount).toBe(2);
    expect(chosen.unmatchedProprietors).toEqual([]);
  });

  it("is UNSUPPORTED_TYPE whenever the title holds an unsupported charge, before any other rule", () => {
    expect(assessTitle(input({ unsupportedReasons: ["NOTED_CHARGE"] })).borrowersValidationStatus).toBe("UNSUPPORTED_TYPE");
    expect(assessTitle(input({ transactionType: "PURCHASE", unsupportedReasons: ["EQUITABLE_CHARGE"] })).borrowersValidationStatus).toBe("UNSUPPORTED_TYPE");
  });

  it("is COUNT_INVALID with more borrowers than proprietors (without a transfer of equity) or too many proprietors", () => {
    const two = [borrower("p1", "Ann", "Smith"), borrower("p2", "Bob", "Smith")];
    expect(assessTitle(input({ parties: two })).borrowersValidationStatus).toBe("COUNT_INVALID");
    expect(assessTitle(input({ parties: two, transferOfEquity: true })).borrowersValidationStatus).toBe("INVALID");
    const many = Array.from({ length: MAX_REGISTERED_PROPRIETORS + 1 }, (_, index) => owner(`t${index}`, `Name${String.fromCharCode(65 + index)}`, "Smith"));
    expect(assessTitle(input({ proprietors: many })).borrowersValidationStatus).toBe("COUNT_INVALID");
  });

  it("breaks section 4.4 when no borrower stays an existing proprietor", () => {
    const result = assessTitle(input({ proprietors: [owner("t1", "Ann", "Smith"), owner("t2", "Bob", "Jones")], choices: [{ proprietorId: "t1", titleStatus: "OUTGOING" }] }));
    expect(result.problems).toContain(PROPRIETOR_RULE_MESSAGES.borrowerMustStay);
    expect(result.borrowersValidationStatus).toBe("INVALID");
    expect(result.parties[0]).toMatchObject({ titleStatus: "OUTGOING", isIncomingProprietor: false });
  });

  it("lists the refused unmatched-proprietor actions with section 4.4's reasons", () => {
    const result = assessTitle(input({ parties: [{ partyId: "p1", role: "BORROWER", type: "ORGANISATION", organisationName: "Acme Ltd", registrationNumber: "01234567" }] }));
    expect(result.unmatchedProprietors[0]).toMatchObject({
      availableActions: ["SET_AS_INCOMING_PROPRIETOR"],
      refusedActions: [{ action: "SET_AS_OUTGOING_PROPRIETOR", reason: MISMATCH_ACTION_REFUSALS.SET_AS_OUTGOING_PROPRIETOR }],
    });
    const three = [owner("t1", "Ann", "Smith"), owner("t2", "Bo", "Smith"), owner("t3", "Cy", "Smith"), owner("t4", "Di", "Jones")];
    const full = assessTitle(input({ transferOfEquity: true, parties: [borrower("p1", "Ann", "Smith"), borrower("p2", "Bo", "Smith"), borrower("p3", "Cy", "Smith")], proprietors: three }));
    expect(full.incomingProprietorCount).toBe(3);
    expect(full.unmatchedProprietors[0]!.refusedActions).toEqual([{ action: "SET_AS_INCOMING_PROPRIETOR", reason: MISMATCH_ACTION_REFUSALS.SET_AS_INCOMING_PROPRIETOR }]);
  });
});

describe("the title tasks", () => {
  const state = { transactionType: "REMORTGAGE" as const, borrowersValidationStatus: "VALID" as const, lastTitleSearchStatus: "SUCCESS", changeOfNameApplications: 0 };

  it("are needed from state: a mismatch under review, a change-of-name application, a search to retry", () => {
    expect(titleTasksNeeded(state)).toEqual({ "review-title-information-mismatch": false, "prepare-change-of-name-application": false, "retry-title-search": false });
    expect(titleTasksNeeded({ ...state, borrowersValidationStatus: "INVALID", changeOfNameApplications: 1, lastTitleSearchStatus: "ERROR" })).toEqual({
      "review-title-information-mismatch": true,
      "prepare-change-of-name-application": true,
      "retry-title-search": true,
    });
    expect(titleTasksNeeded({ ...state, lastTitleSearchStatus: "NOT_FOUND" })["retry-title-search"]).toBe(true);
  });

  it("are added pending, closed by the system when no longer needed, reopened only when the system closed them", () => {
    const added = applyTitleTasks([], { ...state, borrowersValidationStatus: "INVALID" }, "2026-01-01T00:00:00.000Z", "SYSTEM");
    expect(added).toEqual([{ taskName: "review-title-information-mismatch", status: "PENDING", assigneeRole: "INCOMING_LENDER_REPRESENTATIVE", completedBy: null, completedAt: null }]);
    const closed = applyTitleTasks(added, state, "2026-01-02T00:00:00.000Z", "SYSTEM");
    expect(closed[0]).toMatchObject({ status: "COMPLETED", completedBy: "SYSTEM", completedAt: "2026-01-02T00:00:00.000Z" });
    expect(applyTitleTasks(closed, { ...state, borrowersValidationStatus: "INVALID" }, "x", "SYSTEM")[0]).toMatchObject({ status: "PENDING" });
    const byUser: WorkspaceTask[] = [{ taskName: "prepare-change-of-name-application", status: "COMPLETED", assigneeRole: null, completedBy: "user-1", completedAt: "x" }];
    expect(applyTitleTasks(byUser, { ...state, changeOfNameApplications: 1 }, "y", "SYSTEM")).toEqual(byUser);
    expect(applyTitleTasks([], { ...state, lastTitleSearchStatus: "ERROR" }, "z", "SYSTEM")[0]).toMatchObject({ taskName: "retry-title-search", assigneeRole: null });
  });
});
