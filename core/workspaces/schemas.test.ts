/** The workspace forms: create workspace, cancellation and completion date, also through Conform's parseWithZod on FormData. */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { BUILDING_NAME_OR_NUMBER_MESSAGE } from "../shared/address.js";
import { field, lengthLimitTests, value } from "../shared/length-limits.test-helper.js";
import { LIMITS } from "../shared/limits.js";
import {
  APPLICANTS_MESSAGES,
  canAddApplicant,
  canDeleteApplicant,
  CancellationSchema,
  cancellationNotesRemaining,
  completionDateSchema,
  COMPLETION_DATE_MESSAGES,
  CreateWorkspaceSchema,
  toCreateWorkspaceBody,
  WorkspaceReferenceSchema,
} from "./schemas.js";
import { errors } from "../shared/schema-errors.test-helper.js";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
};

describe("create workspace", () => {
  const base = {
    reference: "REF-1",
    transactionType: "REMORTGAGE",
    securityAddress: { buildingNumber: "1", postcode: "M1 1AE" },
    applicants: [{ firstName: "Ann", lastName: "Smith" }],
  };
  it("accepts 1 to 4 individual applicants", () => {
    expect(CreateWorkspaceSchema.safeParse(base).success).toBe(true);
    const four = { ...base, applicants: Array.from({ length: 4 }, () => ({ firstName: "Ann", lastName: "Smith" })) };
    expect(CreateWorkspaceSchema.safeParse(four).success).toBe(true);
    const five = { ...base, applicants: Array.from({ length: 5 }, () => ({ firstName: "Ann", lastName: "Smith" })) };
    expect(errors(CreateWorkspaceSchema, five).applicants).toBe(APPLICANTS_MESSAGES.max);
    expect(errors(CreateWorkspaceSchema, { ...base, applicants: [] }).applicants).toBe(APPLICANTS_MESSAGES.min);
  });

  it("accepts one organisation applicant", () => {
    const organisation = { ...base, applicants: undefined, applicantType: "ORGANISATION", organisation: { organisationName: "Acme Ltd", registrationNumber: "ab123456" } };
    const parsed = CreateWorkspaceSchema.parse(organisation);
    expect(toCreateWorkspaceBody(parsed).parties).toEqual([
      { type: "ORGANISATION", role: "BORROWER", partyDetails: { organisationName: "Acme Ltd", registrationNumber: "AB123456", organisationType: "LIMITED_COMPANY" } },
    ]);
    expect(errors(CreateWorkspaceSchema, { ...organisation, organisation: undefined })["organisation.organisationName"]).toBe("Organisation name is required");
  });

  it("joins middle names into forenames and sets the applicant role by transaction type", () => {
    const parsed = CreateWorkspaceSchema.parse({ ...base, transactionType: "PURCHASE", applicants: [{ firstName: "Ann", middleNames: "Marie", lastName: "Smith" }] });
    expect(toCreateWorkspaceBody(parsed)).toMatchObject({
      jurisdiction: "ENGLAND_WALES",
      parties: [{ type: "INDIVIDUAL", role: "BUYER", partyDetails: { forenames: "Ann Marie", surname: "Smith" } }],
    });
  });

  it("holds reference to 25 and names to 90 and 50", () => {
    expect(errors(CreateWorkspaceSchema, { ...base, reference: "R".repeat(25) })).toEqual({});
    expect(errors(CreateWorkspaceSchema, { ...base, reference: "R".repeat(26) }).reference).toBe("Reference must not exceed 25 characters");
    expect(errors(CreateWorkspaceSchema, { ...base, applicants: [{ firstName: "A".repeat(90), lastName: "B".repeat(50) }] })).toEqual({});
    expect(errors(CreateWorkspaceSchema, { ...base, applicants: [{ firstName: "A".repeat(91), lastName: "B".repeat(51) }] })).toEqual({
      "applicants.0.firstName": "First name must not exceed 90 characters",
      "applicants.0.lastName": "Last name must not exceed 50 characters",
    });
  });

  it("gives the required messages for missing fields through Conform", () => {
    const submission = parseWithZod(form({ "securityAddress.postcode": "" }), { schema: CreateWorkspaceSchema });
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error?.reference).toEqual(["Reference is required"]);
    expect(reply.error?.transactionType).toEqual(["Transaction type is required"]);
    expect(reply.error?.["securityAddress.postcode"]).toEqual(["Postcode is required"]);
    expect(reply.error?.["securityAddress.buildingName"]).toEqual([BUILDING_NAME_OR_NUMBER_MESSAGE]);
  });

  it("parses a full form through Conform", () => {
    const submission = parseWithZod(
      form({
        reference: "REF-9",
        transactionType: "PURCHASE",
        "securityAddress.buildingNumber": "4",
        "securityAddress.postcode": "b338th",
        "applicants[0].firstName": "Ann",
        "applicants[0].lastName": "Smith",
      }),
      { schema: CreateWorkspaceSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.securityAddress.postcode).toBe("B33 8TH");
  });

  it("applicant add and delete rules", () => {
    expect(canDeleteApplicant(1)).toBe(false);
    expect(canDeleteApplicant(2)).toBe(true);
    expect(canDeleteApplicant(2, true)).toBe(false);
    expect(canAddApplicant([{ type: "INDIVIDUAL" }])).toBe(true);
    expect(canAddApplicant(Array.from({ length: 4 }, () => ({ type: "INDIVIDUAL" })))).toBe(false);
    expect(canAddApplicant([{ type: "ORGANISATION" }])).toBe(false);
  });
});

describe("cancellation", () => {
  it("needs a reason; notes only for OTHER, at most 100, no leading whitespace", () => {
    expect(errors(CancellationSchema, {}).cancellationReason).toBe("Reason is required");
    expect(CancellationSchema.parse({ cancellationReason: "OTHER", cancellationNotesForOther: "N".repeat(100) }).cancellationNotesForOther).toHaveLength(100);
    expect(errors(CancellationSchema, { cancellationReason: "OTHER", cancellationNotesForOther: "N".repeat(101) }).cancellationNotesForOther).toBe(
      "Further details must not exceed 100 characters",
    );
    expect(errors(CancellationSchema, { cancellationReason: "OTHER", cancellationNotesForOther: " x" }).cancellationNotesForOther).toBe(
      "Further details must not start with a space",
    );
    expect(CancellationSchema.parse({ cancellationReason: "LAW_FIRM_NO_LONGER_ACTING", cancellationNotesForOther: "ignored" })).toEqual({
      cancellationReason: "LAW_FIRM_NO_LONGER_ACTING",
      cancellationNotesForOther: undefined,
    });
    expect(cancellationNotesRemaining("abc")).toBe(97);
  });
});

describe("completion date", () => {
  const schema = completionDateSchema(() => new Date("2025-03-28T12:00:00Z"), new Set(["2025-04-18", "2025-04-21"]));
  it("accepts selectable dates only", () => {
    expect(schema.parse({ completionDate: "2025-03-31" })).toEqual({ completionDate: "2025-03-31" });
    expect(errors(schema, {}).completionDate).toBe(COMPLETION_DATE_MESSAGES.required);
    expect(errors(schema, { completionDate: " " }).completionDate).toBe(COMPLETION_DATE_MESSAGES.required);
    expect(errors(schema, { completionDate: "31/03/2025" }).completionDate).toBe(COMPLETION_DATE_MESSAGES.invalid);
    expect(errors(schema, { completionDate: "2025-03-29" }).completionDate).toBe(COMPLETION_DATE_MESSAGES.notSelectable);
    expect(errors(schema, { completionDate: "2025-04-18" }).completionDate).toBe(COMPLETION_DATE_MESSAGES.notSelectable);
  });
});

describe("length limits: the limit is accepted, one more is refused with the message", () => {
  lengthLimitTests([
    [
      "workspace reference",
      value(WorkspaceReferenceSchema),
      LIMITS.reference,
      "R",
      "Reference must not exceed 25 characters",
    ],
    [
      "cancellation notes",
      field(CancellationSchema, "cancellationNotesForOther", { cancellationReason: "OTHER" }),
      LIMITS.cancellationNotes,
      "n",
      "Further details must not exceed 100 characters",
    ],
  ]);
});
