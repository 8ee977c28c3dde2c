import { describe, expect, it } from "vitest";
import { CreateWorkspaceSchema, toCreateWorkspaceBody } from "./schemas.js";
import {
  CreateWorkspaceRequestSchema,
  isWorkspaceId,
  QuickFilterCountsResponseSchema,
  WorkspaceSearchQuerySchema,
  WorkspaceSearchRequestSchema,
  WorkspaceUpdateRequestSchema,
} from "./api.js";

const address = { buildingNumber: "14", street: "Willow Lane", town: "Harrogate", postcode: "hg12ab" };
const person = (forenames: string, surname: string, role = "BORROWER") => ({
  type: "INDIVIDUAL",
  role,
  partyDetails: { forenames, surname },
});

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("CreateWorkspaceRequestSchema", () => {
  it("accepts what the create form's body builder produces, for both applicant kinds", () => {
    const individuals = CreateWorkspaceSchema.parse({
      reference: "NG-1",
      transactionType: "REMORTGAGE",
      securityAddress: address,
      applicants: [
        { firstName: "Ann", middleNames: "Marie", lastName: "Smith" },
        { firstName: "Bob", lastName: "Smith" },
        { firstName: "Cy", lastName: "Smith" },
      ],
    });
    const body = CreateWorkspaceRequestSchema.parse(toCreateWorkspaceBody(individuals));
    expect(body.parties.map((party) => party.partyDetails)).toEqual([
      { forenames: "Ann Marie", surname: "Smith" },
      { forenames: "Bob", surname: "Smith" },
      { forenames: "Cy", surname: "Smith" },
    ]);
    expect(body.securityAddress.postcode).toBe("HG1 2AB");
    expect(body.jurisdiction).toBe("ENGLAND_WALES");
    expect(body.transferOfEquity).toBe(false);

    const company = CreateWorkspaceSchema.parse({
      reference: "HV/1",
      transactionType: "PURCHASE",
      securityAddress: address,
      applicantType: "ORGANISATION",
      organisation: { organisationName: "Acme Homes Ltd", registrationNumber: "ab123456" },
    });
    const companyBody = CreateWorkspaceRequestSchema.parse(toCreateWorkspaceBody(company));
    expect(companyBody.parties).toEqual([
      {
        type: "ORGANISATION",
        role: "BUYER",
        partyDetails: {
          organisationName: "Acme Homes Ltd",
          registrationNumber: "AB123456",
          organisationType: "LIMITED_COMPANY",
        },
      },
    ]);
  });

  const body = (overrides: Record<string, unknown>) => ({
    reference: "R1",
    transactionType: "REMORTGAGE",
    securityAddress: address,
    parties: [person("Ann", "Smith")],
    ...overrides,
  });

  it("allows 1 to 4 individual applicants", () => {
    expect(messages(CreateWorkspaceRequestSchema.safeParse(body({ parties: [] })))).toEqual([
      "parties: At least one applicant is required",
    ]);
    const four = Array.from({ length: 4 }, (_, i) => person(`Name${"abcd"[i]}`, "Smith"));
    expect(CreateWorkspaceRequestSchema.safeParse(body({ parties: four })).success).toBe(true);
    expect(
      messages(CreateWorkspaceRequestSchema.safeParse(body({ parties: [...four, person("Eve", "Smith")] }))),
    ).toEqual(["parties: No more than 4 applicants are allowed"]);
  });

  it("allows an organisation only alone, and applicants only in the transaction's applicant role", () => {
    const company = {
      type: "ORGANISATION",
      role: "BORROWER",
      partyDetails: { organisationName: "Acme Ltd", registrationNumber: "12345678" },
    };
    expect(
      messages(CreateWorkspaceRequestSchema.safeParse(body({ parties: [company, person("Ann", "Smith")] }))),
    ).toEqual(["parties: An organisation applicant must be the only applicant"]);
    expect(
      messages(CreateWorkspaceRequestSchema.safeParse(body({ parties: [person("Ann", "Smith", "BUYER")] }))),
    ).toEqual(["parties.0.role: The applicants of a remortgage workspace have the role BORROWER"]);
  });

  it("names each invalid field with core's messages", () => {
    const result = CreateWorkspaceRequestSchema.safeParse(
      body({
        reference: "x".repeat(26),
        securityAddress: { street: "A", town: "B", postcode: "nope" },
        parties: [person("1Ann", "")],
      }),
    );
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        "reference: Reference must not exceed 25 characters",
        "securityAddress.postcode: Enter a valid Postcode",
        "securityAddress.buildingName: Enter at least one of building name or building number",
        "parties.0.partyDetails.forenames: Enter a valid First name",
        "parties.0.partyDetails.surname: Last name is required",
      ]),
    );
    expect(messages(CreateWorkspaceRequestSchema.safeParse(body({ transactionType: "SALE" })))).toEqual([
      "transactionType: Transaction type is required",
    ]);
    expect(CreateWorkspaceRequestSchema.safeParse(body({ jurisdiction: "SCOTLAND" })).success).toBe(false);
  });
});

describe("WorkspaceUpdateRequestSchema", () => {
  it("takes an approval, or a cancellation with remarks", () => {
    expect(WorkspaceUpdateRequestSchema.parse({ approved: true })).toEqual({ approved: true });
    expect(
      WorkspaceUpdateRequestSchema.parse({
        status: "CANCELLED",
        remarks: { cancellationReason: "OTHER", cancellationNotesForOther: "Gone" },
      }),
    ).toEqual({
      status: "CANCELLED",
      remarks: { cancellationReason: "OTHER", cancellationNotesForOther: "Gone" },
    });
  });

  it("refuses both, neither, a cancellation without a reason, and notes too long", () => {
    expect(messages(WorkspaceUpdateRequestSchema.safeParse({}))).toEqual([
      ": Send either approved (true or false) or status CANCELLED with remarks",
    ]);
    expect(
      messages(
        WorkspaceUpdateRequestSchema.safeParse({
          approved: true,
          status: "CANCELLED",
          remarks: { cancellationReason: "OTHER" },
        }),
      ),
    ).toContain(": Send either approved (true or false) or status CANCELLED with remarks");
    expect(messages(WorkspaceUpdateRequestSchema.safeParse({ status: "CANCELLED" }))).toEqual([
      "remarks.cancellationReason: Reason is required",
    ]);
    expect(
      messages(
        WorkspaceUpdateRequestSchema.safeParse({
          status: "CANCELLED",
          remarks: { cancellationReason: "OTHER", cancellationNotesForOther: "x".repeat(101) },
        }),
      ),
    ).toEqual(["remarks.cancellationNotesForOther: Further details must not exceed 100 characters"]);
  });
});

describe("search", () => {
  it("pages 1-based with at most 100 per page", () => {
    expect(WorkspaceSearchQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(WorkspaceSearchQuerySchema.parse({ page: "3", limit: "12" })).toEqual({ page: 3, limit: 12 });
    expect(WorkspaceSearchQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
    expect(WorkspaceSearchQuerySchema.safeParse({ page: "0" }).success).toBe(false);
  });

  it("takes statuses, a type, the search fields, a sort and one quick filter", () => {
    const body = {
      status: ["CREATED", "LODGED"],
      transactionType: "PURCHASE",
      postcode: "SW1A",
      workspaceReferenceId: "12",
      applicantName: "smith",
      incomingLenderReference: "NG",
      completionDateSort: "ASC",
      quickFilter: "APPROVAL_PENDING",
    };
    expect(WorkspaceSearchRequestSchema.parse(body)).toEqual(body);
    expect(WorkspaceSearchRequestSchema.safeParse({ status: ["OPEN"] }).success).toBe(false);
    expect(WorkspaceSearchRequestSchema.safeParse({ quickFilter: "EVERYTHING" }).success).toBe(false);
  });

  it("answers a count for every quick filter", () => {
    expect(QuickFilterCountsResponseSchema.safeParse({ counts: { APPROVAL_PENDING: 1 } }).success).toBe(
      false,
    );
  });
});

describe("isWorkspaceId", () => {
  it("accepts what the provider takes for a workspace's path, and nothing else", () => {
    expect(isWorkspaceId("5c000000-0000-4000-8000-000000000001")).toBe(true);
    expect(isWorkspaceId("5C000000-0000-4000-8000-000000000001")).toBe(true);
    // Hex-shaped but not a UUID (version 0): the provider would refuse the path with 400.
    expect(isWorkspaceId("00000000-0000-0000-0000-000000000001")).toBe(false);
    expect(isWorkspaceId("WS-0000001")).toBe(false);
    expect(isWorkspaceId("")).toBe(false);
    expect(isWorkspaceId(undefined)).toBe(false);
  });
});
