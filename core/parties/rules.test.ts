import { describe, expect, it } from "vitest";
import {
  addPartyRefusal,
  deletePartyRefusal,
  deriveTasks,
  editPartyAction,
  editPartyRefusal,
  partyRefusalMessage,
  partyTasksDone,
  type PartyFacts,
} from "./rules.js";
import type { WorkspaceTask } from "../workspaces/lifecycle.js";

const borrower = (change: Partial<PartyFacts> = {}): PartyFacts => ({ role: "BORROWER", type: "INDIVIDUAL", ...change });
const buyer = (change: Partial<PartyFacts> = {}): PartyFacts => ({ role: "BUYER", type: "INDIVIDUAL", ...change });
const seller = (change: Partial<PartyFacts> = {}): PartyFacts => ({ role: "SELLER", type: "INDIVIDUAL", ...change });

describe("adding parties (document 2 section 5.1)", () => {
  it("allows at most 4 applicants", () => {
    const three = [borrower(), borrower(), borrower()];
    expect(addPartyRefusal({ transactionType: "REMORTGAGE", parties: three, role: "BORROWER", type: "INDIVIDUAL" })).toBeNull();
    expect(addPartyRefusal({ transactionType: "REMORTGAGE", parties: [...three, borrower()], role: "BORROWER", type: "INDIVIDUAL" })).toBe(
      "tooManyApplicants",
    );
    expect(partyRefusalMessage("tooManyApplicants")).toBe("No more than 4 applicants can be added to a workspace");
  });

  it("adds no applicant when the first applicant is an organisation, and an organisation only alone", () => {
    expect(
      addPartyRefusal({ transactionType: "PURCHASE", parties: [buyer({ type: "ORGANISATION" })], role: "BUYER", type: "INDIVIDUAL" }),
    ).toBe("organisationApplicant");
    expect(addPartyRefusal({ transactionType: "PURCHASE", parties: [buyer()], role: "BUYER", type: "ORGANISATION" })).toBe("organisationNotAlone");
  });

  it("does not count sellers and outgoing proprietors as applicants", () => {
    const parties = [buyer({ type: "ORGANISATION" }), seller()];
    expect(addPartyRefusal({ transactionType: "PURCHASE", parties, role: "SELLER", type: "INDIVIDUAL" })).toBeNull();
  });

  it("keeps roles to their transaction type", () => {
    expect(addPartyRefusal({ transactionType: "REMORTGAGE", parties: [borrower()], role: "SELLER", type: "INDIVIDUAL" })).toBe(
      "roleNotInTransaction",
    );
    expect(addPartyRefusal({ transactionType: "PURCHASE", parties: [buyer()], role: "BORROWER", type: "INDIVIDUAL" })).toBe("roleNotInTransaction");
    expect(partyRefusalMessage("roleNotInTransaction", { role: "SELLER", transactionType: "REMORTGAGE" })).toBe(
      "A seller cannot be added to a remortgage workspace",
    );
    expect(addPartyRefusal({ transactionType: "REMORTGAGE", parties: [borrower()], role: "OUTGOING_PROPRIETOR", type: "INDIVIDUAL" })).toBeNull();
  });
});

describe("deleting and editing parties", () => {
  it("refuses the last applicant, an externally represented applicant, any seller and a locked party", () => {
    const only = borrower();
    expect(deletePartyRefusal(only, [only])).toBe("lastApplicant");
    const external = borrower({ representationType: "SEPARATE_REPRESENTATION", representativeType: "EXTERNAL_LAW_FIRM" });
    expect(deletePartyRefusal(external, [borrower(), external])).toBe("externallyRepresented");
    const dual = borrower({ representationType: "DUAL_REPRESENTATION" });
    expect(deletePartyRefusal(dual, [borrower(), dual])).toBeNull();
    const theSeller = seller();
    expect(deletePartyRefusal(theSeller, [buyer(), theSeller, seller()])).toBe("sellerNotDeletable");
    const locked = borrower({ locked: true });
    expect(deletePartyRefusal(locked, [borrower(), locked])).toBe("locked");
    expect(partyRefusalMessage("sellerNotDeletable")).toBe("Seller parties cannot be deleted");
  });

  it("refuses edits of a locked party and an applicant becoming an organisation beside others", () => {
    expect(editPartyRefusal(borrower({ locked: true }), [])).toBe("locked");
    expect(editPartyRefusal(borrower(), [borrower(), borrower()], "ORGANISATION")).toBe("applicantTypeChange");
    expect(editPartyRefusal(borrower(), [borrower()], "ORGANISATION")).toBeNull();
  });

  it("guards edits by the party's role", () => {
    expect(editPartyAction("BUYER")).toBe("editApplicantParty");
    expect(editPartyAction("SELLER")).toBe("editSellerParty");
    expect(editPartyAction("OUTGOING_PROPRIETOR")).toBe("editOtherParty");
  });
});

describe("tasks derived from the parties and participants", () => {
  const task = (taskName: WorkspaceTask["taskName"], status: WorkspaceTask["status"] = "PENDING"): WorkspaceTask => ({
    taskName,
    status,
    assigneeRole: "BUYER_REPRESENTATIVE",
    completedBy: status === "COMPLETED" ? "someone" : null,
    completedAt: status === "COMPLETED" ? "2026-01-01T00:00:00.000Z" : null,
  });

  it("completes applicant information when every applicant has an address", () => {
    expect(partyTasksDone({ parties: [buyer({ hasAddress: true }), buyer()], participantRoles: [] })["complete-applicant-information"]).toBe(false);
    expect(partyTasksDone({ parties: [buyer({ hasAddress: true })], participantRoles: [] })["complete-applicant-information"]).toBe(true);
  });

  it("confirms representations when there is a seller and everyone's representation is confirmed", () => {
    const confirmed = { representationType: "DUAL_REPRESENTATION", verificationOfIdentity: "IDENTITY_EVIDENCE" };
    expect(partyTasksDone({ parties: [buyer(confirmed)], participantRoles: [] })["confirm-representations"]).toBe(false);
    expect(partyTasksDone({ parties: [buyer(confirmed), seller()], participantRoles: [] })["confirm-representations"]).toBe(false);
    expect(partyTasksDone({ parties: [buyer(confirmed), seller(confirmed)], participantRoles: [] })["confirm-representations"]).toBe(true);
  });

  it("reads the law firm and the incoming lender from the participants (or a lender party)", () => {
    const done = partyTasksDone({ parties: [borrower()], participantRoles: ["INCOMING_LENDER", "INCOMING_LENDER_REPRESENTATIVE"] });
    expect(done["assign-law-firm"]).toBe(true);
    expect(done["confirm-incoming-lender"]).toBe(true);
    const lenderParty = partyTasksDone({ parties: [buyer(), { role: "INCOMING_LENDER", type: "ORGANISATION" }], participantRoles: ["BUYER_REPRESENTATIVE"] });
    expect(lenderParty["confirm-incoming-lender"]).toBe(true);
  });

  it("completes and reopens only the derived tasks the workspace has", () => {
    const tasks = [task("complete-applicant-information"), task("confirm-representations", "COMPLETED"), task("enter-completion-date")];
    const next = deriveTasks(
      tasks,
      { "complete-applicant-information": true, "confirm-representations": false, "assign-law-firm": true, "confirm-incoming-lender": true },
      "user-1",
      "2026-02-02T00:00:00.000Z",
    );
    expect(next).toEqual([
      { ...tasks[0], status: "COMPLETED", completedBy: "user-1", completedAt: "2026-02-02T00:00:00.000Z" },
      { ...tasks[1], status: "PENDING", completedBy: null, completedAt: null },
      tasks[2],
    ]);
  });
});

describe("who holds a reference", () => {
  it("covers every representative role of document 2 section 3.7", async () => {
    const { REPRESENTATIVE_ROLES } = await import("./enums.js");
    const { referenceHolder } = await import("./rules.js");
    for (const role of REPRESENTATIVE_ROLES) expect(referenceHolder(role, "PURCHASE"), role).not.toBeNull();
    expect(referenceHolder("WORKSPACE_LAW_FIRM", "PURCHASE")).toEqual({ participantRole: "BUYER_REPRESENTATIVE" });
    expect(referenceHolder("WORKSPACE_LAW_FIRM", "REMORTGAGE")).toEqual({ participantRole: "INCOMING_LENDER_REPRESENTATIVE" });
    expect(referenceHolder("BORROWER_REPRESENTATIVE", "REMORTGAGE")).toEqual({ representingPartyRole: "BORROWER" });
    expect(referenceHolder("OUTGOING_PROPRIETOR_REPRESENTATIVE", "REMORTGAGE")).toEqual({ representingPartyRole: "OUTGOING_PROPRIETOR" });
  });
});
