import { describe, expect, it } from "vitest";
import { PARTY_ACTIONS } from "../parties/enums.js";
import { availableMismatchActions, isPartyMenuDisabled, MISMATCH_MESSAGES, mismatchActionRefusal, mismatchMessage, proprietorRuleProblems } from "./proprietor-mismatch.js";

describe("mismatch actions", () => {
  it("refuses set-as-outgoing with one proprietor or fewer, set-as-incoming when unknown or 3", () => {
    expect(mismatchActionRefusal("SET_AS_OUTGOING_PROPRIETOR", { registeredProprietorCount: 1, incomingProprietorCount: 0 })).not.toBeNull();
    expect(mismatchActionRefusal("SET_AS_OUTGOING_PROPRIETOR", { registeredProprietorCount: 2, incomingProprietorCount: 0 })).toBeNull();
    expect(mismatchActionRefusal("SET_AS_INCOMING_PROPRIETOR", { registeredProprietorCount: 2, incomingProprietorCount: undefined })).not.toBeNull();
    expect(mismatchActionRefusal("SET_AS_INCOMING_PROPRIETOR", { registeredProprietorCount: 2, incomingProprietorCount: 3 })).not.toBeNull();
    expect(mismatchActionRefusal("SET_AS_INCOMING_PROPRIETOR", { registeredProprietorCount: 2, incomingProprietorCount: 2 })).toBeNull();
    expect(availableMismatchActions(PARTY_ACTIONS, { registeredProprietorCount: 1, incomingProprietorCount: 3 })).toEqual([
      "UPDATE_NAME_IN_WORKSPACE",
      "CHANGE_OF_NAME_APPLICATION",
      "ORGANISATION_IS_A_BORROWER",
      "NO_ACTION_NEEDED",
      "UPDATE_REGISTRATION_NUMBER_IN_WORKSPACE",
    ]);
  });
  it("disables the party menu on MATCH or VALID borrowers", () => {
    expect(isPartyMenuDisabled("MATCH", "INVALID")).toBe(true);
    expect(isPartyMenuDisabled(["NAME_MISMATCH"], "VALID")).toBe(true);
    expect(isPartyMenuDisabled(["NAME_MISMATCH"], "INVALID")).toBe(false);
  });
  it("mismatch messages name the name, the number or both", () => {
    expect(mismatchMessage(["NAME_MISMATCH"])).toBe(MISMATCH_MESSAGES.name);
    expect(mismatchMessage(["REGISTRATION_NUMBER_MISMATCH"])).toBe(MISMATCH_MESSAGES.registrationNumber);
    expect(mismatchMessage(["NAME_MISMATCH", "REGISTRATION_NUMBER_MISMATCH"])).toBe(MISMATCH_MESSAGES.both);
    expect(mismatchMessage(["MATCH"])).toBeNull();
  });
  it("proprietor rules", () => {
    expect(proprietorRuleProblems([{ role: "BORROWER", isIncomingProprietor: false, titleStatus: "INCOMING" }])).toHaveLength(2);
    expect(proprietorRuleProblems([{ role: "BORROWER", isIncomingProprietor: true, titleStatus: "OUTGOING" }])).toEqual([]);
    expect(proprietorRuleProblems([])).toEqual([]);
  });
});
