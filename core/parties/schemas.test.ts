/** The party forms: registration number, parties, references, law firms and representation. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUILDING_NAME_OR_NUMBER_MESSAGE } from "../shared/address.js";
import { field, lengthLimitTests, value } from "../shared/length-limits.test-helper.js";
import { LIMITS } from "../shared/limits.js";
import {
  ConfirmRepresentationSchema,
  ForenamesSchema,
  LawFirmNameSchema,
  LawFirmSchema,
  OrganisationNameSchema,
  PartySchema,
  ReferenceSchema,
  RegistrationNumberSchema,
  SurnameSchema,
} from "./schemas.js";
import { errors } from "../shared/schema-errors.test-helper.js";

describe("registration number", () => {
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

describe("length limits: the limit is accepted, one more is refused with the message", () => {
  lengthLimitTests([
    [
      "law firm or lender reference",
      field(ReferenceSchema, "referenceNumber"),
      LIMITS.reference,
      "R",
      "Reference must not exceed 25 characters",
    ],
    ["forenames", value(ForenamesSchema), LIMITS.forenames, "A", "First name must not exceed 90 characters"],
    ["surname", value(SurnameSchema), LIMITS.surname, "A", "Last name must not exceed 50 characters"],
    [
      "organisation name",
      value(OrganisationNameSchema),
      LIMITS.organisationName,
      "A",
      "Organisation name must not exceed 160 characters",
    ],
    [
      "law firm name",
      value(LawFirmNameSchema),
      LIMITS.lawFirmName,
      "A",
      "Law firm name must not exceed 160 characters",
    ],
  ]);
});
