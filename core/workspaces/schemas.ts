/**
 * Workspace forms (document 1 section 5, document 2 sections 5.7 and 5.8): create workspace with its
 * applicants, the workspace reference, completion date and cancellation.
 */
import { z } from "zod";
import { CANCELLATION_REASONS, TRANSACTION_TYPES } from "./enums.js";
import { LIMITS } from "../shared/limits.js";
import { PARTY_TYPES } from "../parties/enums.js";
import { isSelectableCompletionDate } from "../financials/completion-date.js";
import { addressSchema } from "../shared/address.js";
import { EVEN_WITH_FIELD_ERRORS, optionalText, requiredChoice, requiredText } from "../shared/fields.js";
import { ForenamesSchema, MiddleNamesSchema, OrganisationNameSchema, RegistrationNumberSchema, SurnameSchema } from "../parties/schemas.js";

export const REFERENCE_MAX = LIMITS.reference;

export const WorkspaceReferenceSchema = requiredText({ label: "Reference", max: REFERENCE_MAX, noLeadingWhitespace: true });

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
export function completionDateSchema(now: () => Date, bankHolidays: ReadonlySet<string>) {
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
