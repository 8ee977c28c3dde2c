import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applicantNameKeys,
  applicantNameMatches,
  applicantNameSearchKey,
  formatWorkspaceReferenceId,
  lenderReferenceSearchKey,
  postcodeSearchKey,
  workspaceReferenceIdMatch,
} from "./search-keys.js";

describe("workspace reference ids", () => {
  it("formats the sequence zero-padded behind WS-", () => {
    expect(formatWorkspaceReferenceId(1)).toBe("WS-0000001");
    expect(formatWorkspaceReferenceId(1234567)).toBe("WS-1234567");
    expect(formatWorkspaceReferenceId(12345678)).toBe("WS-12345678");
    expect(() => formatWorkspaceReferenceId(0)).toThrow(RangeError);
    expect(() => formatWorkspaceReferenceId(1.5)).toThrow(RangeError);
  });

  it("finds a number exactly, whatever its padding", () => {
    expect(workspaceReferenceIdMatch("42")).toEqual({ mode: "exact", value: "WS-0000042" });
    expect(workspaceReferenceIdMatch(" 0000042 ")).toEqual({ mode: "exact", value: "WS-0000042" });
    expect(workspaceReferenceIdMatch("ws-0000042")).toEqual({ mode: "exact", value: "WS-0000042" });
    expect(workspaceReferenceIdMatch("WS0000042")).toEqual({ mode: "exact", value: "WS-0000042" });
  });

  it("matches a partial reference as a prefix, and ignores a blank term", () => {
    expect(workspaceReferenceIdMatch("ws-00")).toEqual({ mode: "prefix", value: "WS-00" });
    expect(workspaceReferenceIdMatch("WS12")).toEqual({ mode: "prefix", value: "WS-12" });
    expect(workspaceReferenceIdMatch("   ")).toBeNull();
  });

  it("always finds the formatted reference of any sequence number", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), (n) => {
        const reference = formatWorkspaceReferenceId(n);
        expect(workspaceReferenceIdMatch(String(n))).toEqual({ mode: "exact", value: reference });
        expect(workspaceReferenceIdMatch(reference.toLowerCase())).toEqual({ mode: "exact", value: reference });
      }),
    );
  });
});

describe("postcode, lender reference and applicant name keys", () => {
  it("keys postcodes without spaces, upper case", () => {
    expect(postcodeSearchKey(" sw1a 1aa ")).toBe("SW1A1AA");
    expect(postcodeSearchKey("SW1A")).toBe("SW1A");
  });

  it("keys lender references trimmed, lower case", () => {
    expect(lenderReferenceSearchKey("  NG-MA-1 ")).toBe("ng-ma-1");
  });

  it("keys names lower case with commas as spaces and single spaces", () => {
    expect(applicantNameSearchKey("  Smith,  John ")).toBe("smith john");
    expect(applicantNameSearchKey("O'Neil")).toBe("o'neil");
  });

  it("matches a surname, forenames then surname, surname then forenames, or an organisation, by prefix", () => {
    const person = { type: "INDIVIDUAL", forenames: "Mary Jane", surname: "Watson" };
    expect(applicantNameKeys(person)).toEqual(["watson", "mary jane watson", "watson mary jane"]);
    for (const term of ["wat", "Watson", "Mary", "mary jane w", "Watson, Mary", "WATSON MARY JANE"]) {
      expect(applicantNameMatches(person, term), term).toBe(true);
    }
    for (const term of ["jane", "son", "mary watson", "", "  "]) {
      expect(applicantNameMatches(person, term), term).toBe(false);
    }
    const company = { type: "ORGANISATION", organisationName: "Brightwater Homes Ltd" };
    expect(applicantNameMatches(company, "brightwater h")).toBe(true);
    expect(applicantNameMatches(company, "homes")).toBe(false);
    expect(applicantNameKeys({ type: "INDIVIDUAL", forenames: "X", surname: null })).toEqual([]);
  });
});
