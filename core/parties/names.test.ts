import { describe, expect, it } from "vitest";
import { applicantListName, applicantName, applicantSummary, formatSortCode } from "./names.js";

describe("names and sort codes", () => {
  it("sort code NN-NN-NN", () => {
    expect(formatSortCode("123456")).toBe("12-34-56");
    expect(formatSortCode("12-34-56")).toBe("12-34-56");
    expect(formatSortCode("12345")).toBe("12345");
  });
  it("applicant names", () => {
    expect(applicantListName({ forenames: "Ann Marie", surname: "Smith" })).toBe("Smith, Ann Marie");
    expect(applicantListName({ partyDetails: { organisationName: "Acme Ltd" } })).toBe("Acme Ltd");
    expect(applicantListName({ surname: "Smith" })).toBe("Smith");
    expect(applicantListName(null)).toBe("-");
    expect(applicantListName({})).toBe("-");
    expect(applicantName({ partyDetails: { forenames: "Ann", surname: "Smith" } })).toBe("Ann Smith");
    expect(applicantName({ organisationName: "Acme" })).toBe("Acme");
  });
  it("summary: the first applicant plus a count whose tooltip lists all", () => {
    const applicants = [{ forenames: "Ann", surname: "Smith" }, { forenames: "Bob", surname: "Jones" }, { forenames: "Cy", surname: "Young" }];
    expect(applicantSummary(applicants)).toEqual({ text: "Ann Smith", more: 2, tooltip: "Ann Smith, Bob Jones, Cy Young" });
    expect(applicantSummary(applicants, 2)).toEqual({ text: "Ann Smith, Bob Jones", more: 1, tooltip: "Ann Smith, Bob Jones, Cy Young" });
    expect(applicantSummary(applicants.slice(0, 1))).toEqual({ text: "Ann Smith", more: 0, tooltip: null });
    expect(applicantSummary([])).toEqual({ text: "-", more: 0, tooltip: null });
  });
});
