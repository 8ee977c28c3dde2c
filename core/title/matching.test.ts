import { describe, expect, it } from "vitest";
import {
  matchProprietors,
  mustMatchTitle,
  normaliseNamePart,
  normaliseOrganisationName,
  normaliseRegistrationNumber,
  type MatchableParty,
  type RegisteredProprietor,
} from "./matching.js";
import { MISMATCH_ACTION_REFUSALS, mismatchActionRefusal } from "./proprietor-mismatch.js";

const person = (partyId: string, forenames: string, surname: string, role: MatchableParty["role"] = "BORROWER"): MatchableParty => ({
  partyId,
  role,
  type: "INDIVIDUAL",
  forenames,
  surname,
});
const company = (partyId: string, organisationName: string, registrationNumber: string, role: MatchableParty["role"] = "BORROWER"): MatchableParty => ({
  partyId,
  role,
  type: "ORGANISATION",
  organisationName,
  registrationNumber,
});
const owner = (proprietorId: string, forenames: string, surname: string): RegisteredProprietor => ({ proprietorId, type: "INDIVIDUAL", forenames, surname });
const ownerCompany = (proprietorId: string, organisationName: string, registrationNumber: string | null): RegisteredProprietor => ({
  proprietorId,
  type: "ORGANISATION",
  organisationName,
  registrationNumber,
});

function remortgage(parties: MatchableParty[], proprietors: RegisteredProprietor[] | null, ...count: [number | undefined] | []) {
  return matchProprietors({ transactionType: "REMORTGAGE", parties, proprietors, incomingProprietorCount: count.length === 0 ? 0 : count[0] });
}

describe("names as a conveyancer compares them", () => {
  it("ignores case, accents, spacing, hyphens, apostrophes and full stops", () => {
    expect(normaliseNamePart("  Zoë   O’Brien-Smith ")).toBe("zoe obrien smith");
    expect(normaliseNamePart("JOSÉ")).toBe(normaliseNamePart("jose"));
    expect(normaliseNamePart("St. John")).toBe("st john");
  });

  it("treats Ltd and Limited, PLC and Public Limited Company, & and and alike", () => {
    expect(normaliseOrganisationName("Acme Homes Ltd")).toBe(normaliseOrganisationName("ACME HOMES LIMITED"));
    expect(normaliseOrganisationName("Smith & Jones PLC")).toBe(normaliseOrganisationName("Smith and Jones Public Limited Company"));
    expect(normaliseOrganisationName("Acme Homes Ltd")).not.toBe(normaliseOrganisationName("Acme Holdings Ltd"));
  });

  it("pads an all-digit Companies House number to eight and ignores spaces and case", () => {
    expect(normaliseRegistrationNumber("1234567")).toBe("01234567");
    expect(normaliseRegistrationNumber("sc 123456")).toBe("SC123456");
  });
});

describe("matchProprietors", () => {
  it("matches borrowers whatever the order of their forenames, and makes the borrowers VALID", () => {
    const result = remortgage(
      [person("p1", "Anne Marie", "Smith"), person("p2", "Robert", "Smith-Jones")],
      [owner("t1", "Robert", "SMITH JONES"), owner("t2", "Marie Anne", "smith")],
    );
    expect(result.parties).toEqual([
      { partyId: "p1", proprietorMatchStatus: ["MATCH"], nameOnTitle: "Marie Anne smith", sourceProprietorId: "t2", availableActions: [] },
      { partyId: "p2", proprietorMatchStatus: ["MATCH"], nameOnTitle: "Robert SMITH JONES", sourceProprietorId: "t1", availableActions: [] },
    ]);
    expect(result.unmatchedProprietors).toEqual([]);
    expect(result.borrowersValidationStatus).toBe("VALID");
  });

  it("pairs a close name as a name mismatch with its resolving actions, after exact matches took theirs", () => {
    const result = remortgage([person("p1", "Ann", "Smith"), person("p2", "Bob", "Smith")], [owner("t1", "Robert", "Smith"), owner("t2", "Ann", "Smith")]);
    expect(result.parties[0]).toMatchObject({ proprietorMatchStatus: ["MATCH"], sourceProprietorId: "t2" });
    expect(result.parties[1]).toMatchObject({
      proprietorMatchStatus: ["NAME_MISMATCH"],
      nameOnTitle: "Robert Smith",
      availableActions: ["UPDATE_NAME_IN_WORKSPACE", "CHANGE_OF_NAME_APPLICATION", "NO_ACTION_NEEDED"],
    });
    expect(result.borrowersValidationStatus).toBe("INVALID");
  });

  it("compares organisations by name and registration number, naming which differs", () => {
    const proprietors = [ownerCompany("t1", "Acme Homes Limited", "01234567")];
    expect(remortgage([company("p1", "ACME HOMES LTD", "1234567")], proprietors).parties[0]!.proprietorMatchStatus).toEqual(["MATCH"]);
    expect(remortgage([company("p1", "Acme Homes Ltd", "07654321")], proprietors).parties[0]).toMatchObject({
      proprietorMatchStatus: ["REGISTRATION_NUMBER_MISMATCH"],
      availableActions: ["UPDATE_REGISTRATION_NUMBER_IN_WORKSPACE"],
    });
    expect(remortgage([company("p1", "Acme Holdings Ltd", "01234567")], proprietors).parties[0]!.proprietorMatchStatus).toEqual(["NAME_MISMATCH"]);
    expect(remortgage([company("p1", "Other Ltd", "07654321")], proprietors).parties[0]!.proprietorMatchStatus).toEqual([
      "NAME_MISMATCH",
      "REGISTRATION_NUMBER_MISMATCH",
    ]);
  });

  it("calls a party whose type the title does not hold a type mismatch, and TYPE_INVALID when no borrower's type is there", () => {
    const result = remortgage([person("p1", "Ann", "Smith")], [ownerCompany("t1", "Acme Homes Ltd", "01234567")]);
    expect(result.parties[0]).toMatchObject({ proprietorMatchStatus: ["TYPE_MISMATCH"], availableActions: ["ORGANISATION_IS_A_BORROWER"] });
    expect(result.borrowersValidationStatus).toBe("TYPE_INVALID");
  });

  it("lists the proprietors no party matched, with the actions section 4.4 allows", () => {
    const result = remortgage([person("p1", "Ann", "Smith")], [owner("t1", "Ann", "Smith"), owner("t2", "Carl", "Jones")], 1);
    expect(result.unmatchedProprietors).toEqual([
      {
        proprietorId: "t2",
        individualDetails: { forenames: "Carl", surname: "Jones" },
        organisationDetails: null,
        availableActions: ["SET_AS_OUTGOING_PROPRIETOR", "SET_AS_INCOMING_PROPRIETOR"],
        mismatchedParties: [],
      },
    ]);
    expect(result.borrowersValidationStatus).toBe("VALID");
  });

  it("refuses setting as outgoing with one registered proprietor, and as incoming when the count is unknown or 3", () => {
    const alone = remortgage([person("p1", "Zed", "Other")], [ownerCompany("t1", "Acme Homes Ltd", null)], 1);
    expect(alone.unmatchedProprietors[0]!.availableActions).toEqual(["SET_AS_INCOMING_PROPRIETOR"]);
    const unknown = remortgage([], [owner("t1", "A", "B"), owner("t2", "C", "D")], undefined);
    expect(unknown.unmatchedProprietors[0]!.availableActions).toEqual(["SET_AS_OUTGOING_PROPRIETOR"]);
    const full = remortgage([], [owner("t1", "A", "B"), owner("t2", "C", "D")], 3);
    expect(full.unmatchedProprietors[0]!.availableActions).toEqual(["SET_AS_OUTGOING_PROPRIETOR"]);
    expect(mismatchActionRefusal("SET_AS_INCOMING_PROPRIETOR", { registeredProprietorCount: 2, incomingProprietorCount: 3 })).toBe(
      MISMATCH_ACTION_REFUSALS.SET_AS_INCOMING_PROPRIETOR,
    );
  });

  it("keeps a borrower INVALID when none stays an existing proprietor", () => {
    expect(remortgage([person("p1", "Ann", "Smith")], [owner("t1", "Carl", "Jones")]).borrowersValidationStatus).toBe("INVALID");
  });

  it("takes a resolved name mismatch as settled: a change-of-name application, or no action needed", () => {
    const changing = remortgage([{ ...person("p1", "Ann", "Jones"), resolution: "CHANGE_OF_NAME_APPLICATION" }], [owner("t1", "Ann", "Smith")]);
    expect(changing.parties[0]!.proprietorMatchStatus).toEqual(["PROPRIETOR_NAME_CHANGE_REQUIRED"]);
    expect(changing.borrowersValidationStatus).toBe("VALID");
    const noAction = remortgage([{ ...person("p1", "Annie", "Smith"), resolution: "NO_ACTION_NEEDED" }], [owner("t1", "Ann", "Smith")]);
    expect(noAction.parties[0]!.proprietorMatchStatus).toEqual(["MATCH"]);
  });

  it("shows a party whose name was taken from the title as PARTY_NAME_UPDATED, settled", () => {
    const updated = remortgage([{ ...person("p1", "Ann", "Smith"), resolution: "UPDATE_NAME_IN_WORKSPACE" }], [owner("t1", "Ann", "Smith")]);
    expect(updated.parties[0]).toMatchObject({ proprietorMatchStatus: ["PARTY_NAME_UPDATED"], sourceProprietorId: "t1", availableActions: [] });
    expect(updated.borrowersValidationStatus).toBe("VALID");
  });
  it("is PENDING until a title search succeeds, and compares only the parties the register must name", () => {
    const pending = remortgage([person("p1", "Ann", "Smith"), person("p2", "Lend", "Er", "OUTGOING_LENDER")], null);
    expect(pending.parties.map((party) => party.proprietorMatchStatus)).toEqual([["PENDING"], ["NOT_REQUIRED"]]);
    expect(pending.borrowersValidationStatus).toBe("PENDING");
    const purchase = matchProprietors({
      transactionType: "PURCHASE",
      parties: [person("b1", "Ann", "Buyer", "BUYER"), person("s1", "Sam", "Seller", "SELLER")],
      proprietors: [owner("t1", "Sam", "Seller")],
      incomingProprietorCount: 0,
    });
    expect(purchase.parties.map((party) => party.proprietorMatchStatus)).toEqual([["NOT_REQUIRED"], ["MATCH"]]);
    expect(purchase.borrowersValidationStatus).toBe("NOT_REQUIRED");
    expect(mustMatchTitle("OUTGOING_PROPRIETOR", "PURCHASE")).toBe(true);
    expect(mustMatchTitle("BUYER", "PURCHASE")).toBe(false);
  });
});
