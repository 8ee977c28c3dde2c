/**
 * Workspace forms (document 1 section 5, document 2 sections 5.1, 5.4, 5.7 and 5.8): create workspace
 * with its applicants, parties, references, law firm, confirm representation, title number, completion
 * date and cancellation.
 */
import { z } from "zod";
import { CANCELLATION_REASONS, LIMITS, TRANSACTION_TYPES } from "./enums.js";
import { PARTY_TYPES, REPRESENTATION_TYPES, REPRESENTATIVE_TYPES, VERIFICATION_OF_IDENTITY } from "../parties/enums.js";
import { isSelectableCompletionDate } from "../financials/completion-date.js";
import { addressSchema } from "../shared/address.js";
import { EVEN_WITH_FIELD_ERRORS, filled, PATTERNS, optionalText, requiredChoice, requiredText } from "../shared/fields.js";

export const REFERENCE_MAX = LIMITS.reference;

export const WorkspaceReferenceSchema = requiredText({ label: "Reference", max: REFERENCE_MAX, noLeadingWhitespace: true });

export const ForenamesSchema = requiredText({ label: "First name", max: LIMITS.forenames, pattern: PATTERNS.name });
export const MiddleNamesSchema = optionalText({ label: "Middle name", max: LIMITS.forenames, pattern: PATTERNS.name });
export const SurnameSchema = requiredText({ label: "Last name", max: LIMITS.surname, pattern: PATTERNS.name });
export const OrganisationNameSchema = requiredText({
  label: "Organisation name",
  max: LIMITS.organisationName,
  pattern: PATTERNS.organisationName,
});

/** Registration number: upper-cased on entry, 6 to 8 letters and digits. */
export const RegistrationNumberSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
  requiredText({
    label: "Registration number",
    min: LIMITS.registrationNumber.min,
    max: LIMITS.registrationNumber.max,
    pattern: PATTERNS.registrationNumber,
  }),
);

export const IndividualApplicantSchema = z.object({
  type: z.literal("INDIVIDUAL").default("INDIVIDUAL"),
  firstName: ForenamesSchema,
  middleNames: MiddleNamesSchema,
  lastName: SurnameSchema,
});

export const OrganisationApplicantSchema = z.object({
  type: z.literal("ORGANISATION").default("ORGANISATION"),
  organisationName: OrganisationNameSchema,
  registrationNumber: RegistrationNumberSchema,
  organisationType: z.literal("LIMITED_COMPANY").default("LIMITED_COMPANY"),
});

export const APPLICANTS_MESSAGES = {
  min: "At least one applicant is required",
  max: `No more than ${LIMITS.applicants} applicants are allowed`,
} as const;

/** Middle names are joined into forenames. */
export function forenamesOf(applicant: { firstName: string; middleNames?: string }): string {
  return [applicant.firstName, applicant.middleNames].filter((part) => part && part.trim()).join(" ");
}

export const CreateWorkspaceSchema = z
  .object({
    reference: WorkspaceReferenceSchema,
    transactionType: requiredChoice(TRANSACTION_TYPES, "Transaction type"),
    securityAddress: addressSchema(),
    applicantType: z.enum(PARTY_TYPES).default("INDIVIDUAL"),
    applicants: z.array(IndividualApplicantSchema).optional(),
    organisation: OrganisationApplicantSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.applicantType === "ORGANISATION") {
      if (!value.organisation || typeof value.organisation !== "object") ctx.addIssue({ code: "custom", message: "Organisation name is required", path: ["organisation", "organisationName"] });
      return;
    }
    const count = Array.isArray(value.applicants) ? value.applicants.length : 0;
    if (count < 1) ctx.addIssue({ code: "custom", message: APPLICANTS_MESSAGES.min, path: ["applicants"] });
    if (count > LIMITS.applicants) ctx.addIssue({ code: "custom", message: APPLICANTS_MESSAGES.max, path: ["applicants"] });
  }, EVEN_WITH_FIELD_ERRORS);
export type CreateWorkspaceInput = z.output<typeof CreateWorkspaceSchema>;

/** The create call's body from the form (jurisdiction fixed; applicants as BORROWER or BUYER parties). */
export function toCreateWorkspaceBody(input: CreateWorkspaceInput) {
  const role = input.transactionType === "REMORTGAGE" ? "BORROWER" : "BUYER";
  const parties =
    input.applicantType === "ORGANISATION" && input.organisation
      ? [
          {
            type: "ORGANISATION" as const,
            role,
            partyDetails: {
              organisationName: input.organisation.organisationName,
              registrationNumber: input.organisation.registrationNumber,
              organisationType: "LIMITED_COMPANY" as const,
            },
          },
        ]
      : (input.applicants ?? []).map((applicant) => ({
          type: "INDIVIDUAL" as const,
          role,
          partyDetails: { forenames: forenamesOf(applicant), surname: applicant.lastName },
        }));
  return {
    reference: input.reference,
    transactionType: input.transactionType,
    jurisdiction: "ENGLAND_WALES" as const,
    securityAddress: input.securityAddress,
    parties,
  };
}

/** An applicant can be deleted only when more than one remains and it is not externally represented. */
export function canDeleteApplicant(applicantCount: number, externallyRepresented = false): boolean {
  return applicantCount > 1 && !externallyRepresented;
}

/** Another applicant may be added while fewer than 4 exist and the first is not an organisation. */
export function canAddApplicant(applicants: readonly { type: string }[]): boolean {
  return applicants.length < LIMITS.applicants && applicants[0]?.type !== "ORGANISATION";
}

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
  referenceNumber: requiredText({ label: "Reference", max: REFERENCE_MAX, noLeadingWhitespace: true }),
});

export const LAW_FIRM_NAME_MAX = LIMITS.lawFirmName;
export const LawFirmNameSchema = requiredText({ label: "Law firm name", max: LAW_FIRM_NAME_MAX, noLeadingWhitespace: true });

/** Editing a law firm: name (required on edit), reference, and its address. */
export const LawFirmSchema = z.object({
  name: LawFirmNameSchema,
  referenceNumber: requiredText({ label: "Reference", max: REFERENCE_MAX, noLeadingWhitespace: true }),
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
    referenceNumber: optionalText({ label: "Reference", max: REFERENCE_MAX, noLeadingWhitespace: true }),
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

export const CANCELLATION_NOTES_MAX = LIMITS.cancellationNotes;

/** Cancellation: a reason; further details for OTHER only, at most 100 characters, no leading whitespace. */
export const CancellationSchema = z
  .object({
    cancellationReason: requiredChoice(CANCELLATION_REASONS, "Reason"),
    cancellationNotesForOther: optionalText({
      label: "Further details",
      max: CANCELLATION_NOTES_MAX,
      noLeadingWhitespace: true,
    }),
  })
  .transform((value) => ({
    cancellationReason: value.cancellationReason,
    cancellationNotesForOther: value.cancellationReason === "OTHER" ? value.cancellationNotesForOther : undefined,
  }));

/** The characters left in the cancellation notes counter. */
export function cancellationNotesRemaining(text: string): number {
  return CANCELLATION_NOTES_MAX - text.length;
}

export const COMPLETION_DATE_MESSAGES = {
  required: "Completion date is required",
  invalid: "Enter a valid Completion date",
  notSelectable: "Select a working day on or after the earliest completion date",
} as const;

/** The completion date form, checked against the picker's rule at `now`. */
export function completionDateSchema(now: () => Date, bankHolidays?: ReadonlySet<string>) {
  return z.object({
    completionDate: z
      .string({ error: () => COMPLETION_DATE_MESSAGES.required })
      .superRefine((value, ctx) => {
        if (value.trim() === "") return void ctx.addIssue({ code: "custom", message: COMPLETION_DATE_MESSAGES.required });
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return void ctx.addIssue({ code: "custom", message: COMPLETION_DATE_MESSAGES.invalid });
        if (!isSelectableCompletionDate(value, now(), bankHolidays)) {
          ctx.addIssue({ code: "custom", message: COMPLETION_DATE_MESSAGES.notSelectable });
        }
      }),
  });
}
