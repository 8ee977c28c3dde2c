/**
 * Forms of parties, references, law firms and representation (document 2 sections 4 and 5): names,
 * registration numbers, party details, references, law firm edits and confirm representation.
 */
import { z } from "zod";
import { LIMITS } from "../shared/limits.js";
import { REPRESENTATION_TYPES, REPRESENTATIVE_TYPES, VERIFICATION_OF_IDENTITY } from "./enums.js";
import { addressSchema } from "../shared/address.js";
import { EVEN_WITH_FIELD_ERRORS, filled, PATTERNS, optionalText, requiredChoice, requiredText } from "../shared/fields.js";

export const ForenamesSchema = requiredText({ label: "First name", max: LIMITS.forenames, pattern: PATTERNS.name });
export const MiddleNamesSchema = optionalText({ label: "Middle name", max: LIMITS.forenames, pattern: PATTERNS.name });
export const SurnameSchema = requiredText({ label: "Last name", max: LIMITS.surname, pattern: PATTERNS.name });
export const OrganisationNameSchema = requiredText({
  label: "Organisation name",
  max: LIMITS.organisationName,
  pattern: PATTERNS.organisationName,
});

/** A registration number as the register writes it: trimmed and upper-cased (the form, the schema and the provider alike). */
export function normaliseRegistrationNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** Registration number: upper-cased on entry, 6 to 8 letters and digits. */
export const RegistrationNumberSchema = z.preprocess(
  (value) => (typeof value === "string" ? normaliseRegistrationNumber(value) : value),
  requiredText({
    label: "Registration number",
    min: LIMITS.registrationNumber.min,
    max: LIMITS.registrationNumber.max,
    pattern: PATTERNS.registrationNumber,
  }),
);

/** Party forms: an individual or an organisation, by `type`. */
export const IndividualPartySchema = z.object({
  type: z.literal("INDIVIDUAL"),
  forenames: requiredText({ label: "First name", max: LIMITS.forenames, pattern: PATTERNS.name }),
  surname: SurnameSchema,
});
export const OrganisationPartySchema = z.object({
  type: z.literal("ORGANISATION"),
  organisationName: OrganisationNameSchema,
  registrationNumber: RegistrationNumberSchema,
  organisationType: z.literal("LIMITED_COMPANY").default("LIMITED_COMPANY"),
});
export const PartySchema = z.discriminatedUnion("type", [IndividualPartySchema, OrganisationPartySchema], {
  error: () => "Party type is required",
});

/** References (law firm, lender, buyer and seller representatives): max 25, no leading whitespace, required. */
export const ReferenceSchema = z.object({
  referenceNumber: requiredText({ label: "Reference", max: LIMITS.reference, noLeadingWhitespace: true }),
});

export const LAW_FIRM_NAME_MAX = LIMITS.lawFirmName;
export const LawFirmNameSchema = requiredText({ label: "Law firm name", max: LAW_FIRM_NAME_MAX, noLeadingWhitespace: true });

/** Editing a law firm: name (required on edit), reference, and its address. */
export const LawFirmSchema = z.object({
  name: LawFirmNameSchema,
  referenceNumber: requiredText({ label: "Reference", max: LIMITS.reference, noLeadingWhitespace: true }),
  address: addressSchema(),
});

/**
 * Confirm representation (document 2 sections 4.5 and 5.4): the representation needs an option; with
 * separate representation by an external law firm, the firm's name, reference, postcode and a building
 * name or number are required.
 */
export const ConfirmRepresentationSchema = z
  .object({
    representationType: requiredChoice(REPRESENTATION_TYPES, "Representation"),
    representativeType: z.enum(REPRESENTATIVE_TYPES).optional(),
    verificationOfIdentity: requiredChoice(VERIFICATION_OF_IDENTITY, "Verification of identity"),
    name: optionalText({ label: "Law firm name", max: LAW_FIRM_NAME_MAX, noLeadingWhitespace: true }),
    referenceNumber: optionalText({ label: "Reference", max: LIMITS.reference, noLeadingWhitespace: true }),
    address: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.representativeType !== "EXTERNAL_LAW_FIRM") return;
    if (!filled(value.name)) ctx.addIssue({ code: "custom", message: "Law firm name is required", path: ["name"] });
    if (!filled(value.referenceNumber)) ctx.addIssue({ code: "custom", message: "Reference is required", path: ["referenceNumber"] });
    const address = addressSchema().safeParse(value.address ?? {});
    if (!address.success) {
      for (const issue of address.error.issues) {
        ctx.addIssue({ code: "custom", message: issue.message, path: ["address", ...issue.path] as (string | number)[] });
      }
    }
  }, EVEN_WITH_FIELD_ERRORS);
