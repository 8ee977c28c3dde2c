import { describe, expect, it } from "vitest";
import {
  AddPartyRequestSchema,
  ConfirmRepresentationRequestSchema,
  EditLawFirmRequestSchema,
  EditPartyRequestSchema,
  SecurityAddressRequestSchema,
  securityAddressBody,
} from "./api.js";
import { BUILDING_NAME_OR_NUMBER_MESSAGE } from "../shared/address.js";
import { CONFIRM_REPRESENTATION_MESSAGES, PARTY_REQUEST_MESSAGES } from "./messages.js";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

describe("the parties contract", () => {
  it("adds an individual with a correspondence address, upper-casing the postcode", () => {
    const parsed = AddPartyRequestSchema.parse({
      role: "BORROWER",
      type: "INDIVIDUAL",
      partyDetails: { forenames: "Ann", surname: "Lee" },
      addresses: [{ addressType: "CORRESPONDENCE_ADDRESS", buildingNumber: "3", postcode: "sw1a1aa" }],
    });
    expect(parsed.addresses?.[0]?.postcode).toBe("SW1A 1AA");
  });

  it("gives an organisation a registered address only, and upper-cases its registration number", () => {
    const wrong = AddPartyRequestSchema.safeParse({
      role: "BUYER",
      type: "ORGANISATION",
      partyDetails: { organisationName: "Acme Ltd", registrationNumber: "ab123456" },
      addresses: [{ addressType: "CORRESPONDENCE_ADDRESS", buildingNumber: "3", postcode: "SW1A 1AA" }],
    });
    expect(messages(wrong)).toContainEqual(["addresses.0.addressType", PARTY_REQUEST_MESSAGES.addressKind("REGISTERED_ADDRESS")]);
    const edit = EditPartyRequestSchema.parse({ type: "ORGANISATION", partyDetails: { organisationName: "Acme Ltd", registrationNumber: "ab123456" } });
    expect(edit.partyDetails).toEqual({ organisationName: "Acme Ltd", registrationNumber: "AB123456", organisationType: "LIMITED_COMPANY" });
  });

  it("sends type and partyDetails together, with the details of that type", () => {
    expect(messages(EditPartyRequestSchema.safeParse({ type: "INDIVIDUAL" }))).toEqual([["partyDetails", PARTY_REQUEST_MESSAGES.typeWithDetails]]);
    expect(messages(EditPartyRequestSchema.safeParse({ type: "INDIVIDUAL", partyDetails: { forenames: "Ann" } }))).toEqual([
      ["partyDetails.surname", "Last name is required"],
    ]);
    expect(EditPartyRequestSchema.parse({ verificationOfIdentity: "IDENTITY_EVIDENCE" })).toEqual({ verificationOfIdentity: "IDENTITY_EVIDENCE" });
  });

  it("needs the external law firm's name, reference, postcode and building name or number (5.4)", () => {
    const base = { partyId: "5c000000-0000-4000-8000-000000000001", verificationOfIdentity: "LAW_FIRM_CERTIFIED" };
    const missing = ConfirmRepresentationRequestSchema.safeParse({ ...base, representationType: "SEPARATE_REPRESENTATION", representativeType: "EXTERNAL_LAW_FIRM" });
    expect(messages(missing)).toEqual([
      ["name", CONFIRM_REPRESENTATION_MESSAGES.nameRequired],
      ["referenceNumber", CONFIRM_REPRESENTATION_MESSAGES.referenceRequired],
      ["address.postcode", "Postcode is required"],
      ["address.buildingName", BUILDING_NAME_OR_NUMBER_MESSAGE],
    ]);
    expect(messages(ConfirmRepresentationRequestSchema.safeParse({ ...base, representationType: "SEPARATE_REPRESENTATION" }))).toEqual([
      ["representativeType", CONFIRM_REPRESENTATION_MESSAGES.representativeTypeRequired],
    ]);
    expect(messages(ConfirmRepresentationRequestSchema.safeParse({ ...base, representationType: "SEPARATE_REPRESENTATION", representativeType: "PARTICIPANT" }))).toEqual([
      ["representativeRole", CONFIRM_REPRESENTATION_MESSAGES.representativeRoleRequired],
    ]);
    expect(ConfirmRepresentationRequestSchema.parse({ ...base, representationType: "DUAL_REPRESENTATION", address: { junk: true } }).address).toBeUndefined();
    expect(ConfirmRepresentationRequestSchema.safeParse({ partyId: base.partyId, representationType: "NO_REPRESENTATION" }).success).toBe(false);
  });

  it("edits a law firm with at least one field, within the limits of 5.4", () => {
    expect(EditLawFirmRequestSchema.safeParse({}).success).toBe(false);
    expect(messages(EditLawFirmRequestSchema.safeParse({ name: " Leading" }))).toHaveLength(1);
    expect(messages(EditLawFirmRequestSchema.safeParse({ referenceNumber: "x".repeat(26) }))).toHaveLength(1);
    expect(EditLawFirmRequestSchema.parse({ referenceNumber: "x".repeat(25) })).toEqual({ referenceNumber: "x".repeat(25) });
  });

  it("keeps the security address rules of 5.2", () => {
    expect(SecurityAddressRequestSchema.parse({ number: "3", postcode: "so239lp" }).postcode).toBe("SO23 9LP");
    expect(messages(SecurityAddressRequestSchema.safeParse({ postcode: "SO23 9LP" }))).toEqual([["name", BUILDING_NAME_OR_NUMBER_MESSAGE]]);
    for (const [field, value] of [["name", "x".repeat(51)], ["number", "12345"], ["flat", "x".repeat(31)], ["street", "x".repeat(61)], ["town", "x".repeat(31)], ["street", " Lane"]] as const) {
      expect(messages(SecurityAddressRequestSchema.safeParse({ number: "1", postcode: "SO23 9LP", [field]: value }))[0]?.[0], `${field} ${value}`).toBe(field);
    }
    expect(SecurityAddressRequestSchema.safeParse({ number: "1", postcode: "NOPE" }).success).toBe(false);
    expect(securityAddressBody({ buildingName: "Orchard House", postcode: "SO23 9LP" })).toEqual({
      name: "Orchard House",
      number: null,
      flat: null,
      street: null,
      town: null,
      postcode: "SO23 9LP",
    });
  });
});
