/** Field builders, addresses and the workspace forms, also through Conform's parseWithZod on FormData. */
import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addressLine, AddressSchema, addressSchema, BUILDING_NAME_OR_NUMBER_MESSAGE, BUILDING_NUMBER_OR_NAME_MESSAGE, toSecurityAddressBody } from "./address.js";
import { optionalText, PATTERNS, requiredText, ticked, yesNo } from "./fields.js";
import { VALIDATION_MESSAGES } from "./validation-messages.js";
import { APPLICANTS_MESSAGES, canAddApplicant, canDeleteApplicant, CancellationSchema, cancellationNotesRemaining, completionDateSchema, COMPLETION_DATE_MESSAGES, CreateWorkspaceSchema, toCreateWorkspaceBody } from "../workspaces/schemas.js";
import { ConfirmRepresentationSchema, LawFirmSchema, PartySchema, ReferenceSchema, RegistrationNumberSchema } from "../parties/schemas.js";

type Safe = { safeParse(input: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string; path: PropertyKey[] }[] } } };
const errors = (schema: Safe, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byPath: Record<string, string> = {};
  for (const issue of result.error!.issues) {
    const key = issue.path.join(".");
    byPath[key] ??= issue.message;
  }
  return byPath;
};
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
};

describe("common messages", () => {
  it("follow document 1 section 5", () => {
    expect(VALIDATION_MESSAGES.required("Town")).toBe("Town is required");
    expect(VALIDATION_MESSAGES.tooLong("Town", 30)).toBe("Town must not exceed 30 characters");
    expect(VALIDATION_MESSAGES.tooShort("Registration number", 6)).toBe("Registration number must contain at least 6 characters");
    expect(VALIDATION_MESSAGES.invalid("Postcode")).toBe("Enter a valid Postcode");
  });
});

describe("text fields", () => {
  const name = requiredText({ label: "First name", max: 5, min: 2, pattern: PATTERNS.name, noLeadingWhitespace: true });
  it("reports one message, in order", () => {
    expect(errors(name, undefined)).toEqual({ "": "First name is required" });
    expect(errors(name, "   ")).toEqual({ "": "First name is required" });
    expect(errors(name, "Abcdef")).toEqual({ "": "First name must not exceed 5 characters" });
    expect(errors(name, "A")).toEqual({ "": "First name must contain at least 2 characters" });
    expect(errors(name, " Ab")).toEqual({ "": "First name must not start with a space" });
    expect(errors(name, "A1")).toEqual({ "": "Enter a valid First name" });
    expect(errors(name, 5)).toEqual({ "": "Enter a valid First name" });
    expect(name.parse("Ab")).toBe("Ab");
  });
  it("treat empty optional text as missing", () => {
    const flat = optionalText({ label: "Flat", max: 3 });
    expect(flat.parse("")).toBeUndefined();
    expect(flat.parse(null)).toBeUndefined();
    expect(errors(flat, "abcd")).toEqual({ "": "Flat must not exceed 3 characters" });
    expect(errors(flat, 1)).toEqual({ "": "Enter a valid Flat" });
  });
  it("read yes/no answers and ticks", () => {
    const answer = yesNo("select one of the responses");
    expect(answer.parse("true")).toBe(true);
    expect(answer.parse("no")).toBe(false);
    expect(answer.parse(false)).toBe(false);
    expect(errors(answer, undefined)).toEqual({ "": "select one of the responses" });
    const tick = ticked("Tick it");
    expect(tick.parse("on")).toBe(true);
    expect(errors(tick, undefined)).toEqual({ "": "Tick it" });
  });
  it("the name pattern: starts with a letter; letters, hyphen, space, apostrophe", () => {
    fc.assert(fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z\-' ]{0,20}$/), (text) => void expect(PATTERNS.name.test(text)).toBe(true)));
    for (const bad of ["-Ann", "'O", "Ann1", "Zoë", " Ann"]) expect(PATTERNS.name.test(bad), bad).toBe(false);
  });
});

describe("addresses", () => {
  const valid = { buildingNumber: "10", street: "Downing Street", town: "London", postcode: "sw1a2aa" };
  it("needs a building name or number", () => {
    expect(AddressSchema.parse(valid).postcode).toBe("SW1A 2AA");
    expect(AddressSchema.parse({ buildingName: "Rose Cottage", postcode: "M1 1AE" }).buildingName).toBe("Rose Cottage");
    // Once, on the field the message names first (the error summary lists it once).
    expect(errors(AddressSchema, { postcode: "M1 1AE" })).toEqual({ buildingName: BUILDING_NAME_OR_NUMBER_MESSAGE });
    expect(errors(addressSchema({ numberFirst: true }), { postcode: "M1 1AE" })).toEqual({ buildingNumber: BUILDING_NUMBER_OR_NAME_MESSAGE });
  });

  it("holds each field to its limit, one past refused", () => {
    const limits = { buildingName: ["Building name", 50], buildingNumber: ["Building number", 4], flat: ["Flat", 30], street: ["Street", 60], town: ["Town", 30] } as const;
    for (const [field, [label, max]] of Object.entries(limits)) {
      expect(errors(AddressSchema, { ...valid, [field]: "a".repeat(max) })).toEqual({});
      expect(errors(AddressSchema, { ...valid, [field]: "a".repeat(max + 1) })[field]).toBe(`${label} must not exceed ${max} characters`);
    }
  });

  it("refuses leading whitespace in any text", () => {
    expect(errors(AddressSchema, { ...valid, street: " Downing Street" }).street).toBe("Street must not start with a space");
    expect(errors(AddressSchema, { ...valid, postcode: undefined }).postcode).toBe("Postcode is required");
  });

  it("maps to the security address body and one display line", () => {
    const address = AddressSchema.parse({ ...valid, flat: "2", buildingName: "Number Ten" });
    expect(toSecurityAddressBody(address)).toEqual({ name: "Number Ten", number: "10", flat: "2", street: "Downing Street", town: "London", postcode: "SW1A 2AA" });
    expect(toSecurityAddressBody(AddressSchema.parse({ buildingName: "X", postcode: "M1 1AE" }))).toEqual({ name: "X", number: null, flat: null, street: null, town: null, postcode: "M1 1AE" });
    expect(addressLine(address)).toBe("Flat 2, Number Ten, 10 Downing Street, London, SW1A 2AA");
    expect(addressLine({ name: "Mill", number: "3", flat: "Flat B", postcode: "M1 1AE" })).toBe("Flat B, Mill, 3, M1 1AE");
  });
});

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

  it("registration number: 6 to 8, upper-cased", () => {
    expect(RegistrationNumberSchema.parse(" ab1234 ")).toBe("AB1234");
    expect(errors(RegistrationNumberSchema, "AB123")).toEqual({ "": "Registration number must contain at least 6 characters" });
    expect(errors(RegistrationNumberSchema, "AB1234567")).toEqual({ "": "Registration number must not exceed 8 characters" });
    expect(errors(RegistrationNumberSchema, "AB-1234")).toEqual({ "": "Enter a valid Registration number" });
  });

  it("registration number: any 6 to 8 letters and digits, in any case and padding, come back upper-cased", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{6,8}$/), fc.stringMatching(/^ {0,3}$/), (text, padding) => {
        expect(RegistrationNumberSchema.parse(`${padding}${text}${padding}`)).toBe(text.toUpperCase());
      }),
    );
  });

  it("registration number: refuses other characters, and lengths outside 6 to 8, with the spec's messages", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9]{0,4}[^A-Za-z0-9\s][A-Za-z0-9]{0,3}$/).filter((text) => text.trim().length >= 6),
        (text) => void expect(errors(RegistrationNumberSchema, text)).toEqual({ "": "Enter a valid Registration number" }),
      ),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{1,5}$/), (text) => {
        expect(errors(RegistrationNumberSchema, text)).toEqual({ "": "Registration number must contain at least 6 characters" });
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{9,20}$/), (text) => {
        expect(errors(RegistrationNumberSchema, text)).toEqual({ "": "Registration number must not exceed 8 characters" });
      }),
    );
  });

  it("registration number: never throws", () => {
    fc.assert(fc.property(fc.anything(), (input) => void RegistrationNumberSchema.safeParse(input)));
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

describe("parties, references and law firms", () => {
  it("validates individuals and organisations", () => {
    expect(PartySchema.safeParse({ type: "INDIVIDUAL", forenames: "Ann", surname: "Smith" }).success).toBe(true);
    expect(errors(PartySchema, { type: "ORGANISATION", organisationName: "O".repeat(161), registrationNumber: "12345678" }).organisationName).toBe(
      "Organisation name must not exceed 160 characters",
    );
    expect(errors(PartySchema, {}).type).toBe("Party type is required");
  });
  it("references: 25, no leading whitespace, required", () => {
    expect(ReferenceSchema.parse({ referenceNumber: "X".repeat(25) }).referenceNumber).toHaveLength(25);
    expect(errors(ReferenceSchema, { referenceNumber: "X".repeat(26) }).referenceNumber).toBe("Reference must not exceed 25 characters");
    expect(errors(ReferenceSchema, { referenceNumber: " X" }).referenceNumber).toBe("Reference must not start with a space");
    expect(errors(ReferenceSchema, {}).referenceNumber).toBe("Reference is required");
  });
  it("law firm: name 160, reference and address", () => {
    const firm = { name: "L".repeat(160), referenceNumber: "R1", address: { buildingName: "House", postcode: "M1 1AE" } };
    expect(LawFirmSchema.safeParse(firm).success).toBe(true);
    expect(errors(LawFirmSchema, { ...firm, name: "L".repeat(161) }).name).toBe("Law firm name must not exceed 160 characters");
    expect(errors(LawFirmSchema, { ...firm, name: "" }).name).toBe("Law firm name is required");
  });
  it("confirm representation with an external law firm needs its details", () => {
    const base = { representationType: "SEPARATE_REPRESENTATION", verificationOfIdentity: "IDENTITY_EVIDENCE" };
    expect(ConfirmRepresentationSchema.safeParse({ ...base, representativeType: "PARTICIPANT" }).success).toBe(true);
    expect(errors(ConfirmRepresentationSchema, { ...base, representativeType: "EXTERNAL_LAW_FIRM" })).toEqual({
      name: "Law firm name is required",
      referenceNumber: "Reference is required",
      "address.postcode": "Postcode is required",
      "address.buildingName": BUILDING_NAME_OR_NUMBER_MESSAGE,
    });
    expect(
      ConfirmRepresentationSchema.safeParse({ ...base, representativeType: "EXTERNAL_LAW_FIRM", name: "Firm", referenceNumber: "R", address: { buildingNumber: "1", postcode: "M1 1AE" } }).success,
    ).toBe(true);
    expect(errors(ConfirmRepresentationSchema, {}).representationType).toBe("Representation is required");
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
  const schema = completionDateSchema(() => new Date("2025-03-28T12:00:00Z"));
  it("accepts selectable dates only", () => {
    expect(schema.parse({ completionDate: "2025-03-31" })).toEqual({ completionDate: "2025-03-31" });
    expect(errors(schema, {}).completionDate).toBe(COMPLETION_DATE_MESSAGES.required);
    expect(errors(schema, { completionDate: " " }).completionDate).toBe(COMPLETION_DATE_MESSAGES.required);
    expect(errors(schema, { completionDate: "31/03/2025" }).completionDate).toBe(COMPLETION_DATE_MESSAGES.invalid);
    expect(errors(schema, { completionDate: "2025-03-29" }).completionDate).toBe(COMPLETION_DATE_MESSAGES.notSelectable);
    expect(errors(schema, { completionDate: "2025-04-18" }).completionDate).toBe(COMPLETION_DATE_MESSAGES.notSelectable);
  });
});
