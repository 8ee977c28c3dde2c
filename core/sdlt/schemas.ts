/**
 * The stamp duty land tax return (document 3 section 5.2): the three initial questions, the five sections
 * with their conditional rules, and consent. Messages the spec gives are used; the rest follow the common
 * messages of document 1 section 5.
 */
import { z } from "zod";
import {
  CERTIFICATE_ADDRESSES,
  CONSIDERATION_DESCRIPTIONS,
  FORMS_OF_CONSIDERATION,
  IDENTIFICATION_TYPES,
  INTERESTS_TRANSFERRED,
  LAND_AREA_UNITS,
  PROPERTY_TYPES,
  PURCHASER_TITLES,
  RELIEF_REASON_CODES,
  SCHEME_NUMBER_RELIEFS,
  SDLT_LIMITS,
  TAX_AUTHORITIES,
  TRANSACTION_DESCRIPTIONS,
} from "./enums.js";
import { isIsoDate, londonToday } from "../shared/london-time.js";
import { addressSchema, AddressFieldsSchema } from "../shared/address.js";
import { EVEN_WITH_FIELD_ERRORS, filled, optionalText, requiredChoice, requiredText, ticked, yesNo } from "../shared/fields.js";
import { invalid, required, tooLong } from "../shared/validation-messages.js";
import { sdltMoneySchema } from "../shared/money.js";

export const SELECT_ONE_OF_THE_RESPONSES = "select one of the responses";

/** Initial questions: each needs an answer; the authority when submission is needed; Q3 for HMRC. */
export const SdltInitialQuestionsSchema = z
  .object({
    needStampDutySubmission: yesNo(SELECT_ONE_OF_THE_RESPONSES),
    taxAuthority: z.enum(TAX_AUTHORITIES).optional(),
    submitThroughProduct: yesNo(SELECT_ONE_OF_THE_RESPONSES).optional(),
  })
  .superRefine((answers, ctx) => {
    if (!answers.needStampDutySubmission) return;
    if (!answers.taxAuthority) {
      ctx.addIssue({ code: "custom", message: SELECT_ONE_OF_THE_RESPONSES, path: ["taxAuthority"] });
      return;
    }
    if (answers.taxAuthority === "HM_REVENUE_AND_CUSTOMS" && answers.submitThroughProduct === undefined) {
      ctx.addIssue({ code: "custom", message: SELECT_ONE_OF_THE_RESPONSES, path: ["submitThroughProduct"] });
    }
  }, EVEN_WITH_FIELD_ERRORS);

export const SDLT_DATE_MESSAGES = {
  contractAfterEffective: "Contract date must not be after the effective date of the transaction",
  birthInFuture: "Date of birth must not be in the future",
  outOfRange: (label: string) => `${label} must be between 1900 and 2099`,
} as const;

function requiredDate(label: string) {
  return z
    .string({ error: () => required(label) })
    .superRefine((value, ctx) => {
      if (value.trim() === "") return void ctx.addIssue({ code: "custom", message: required(label) });
      if (!isIsoDate(value)) return void ctx.addIssue({ code: "custom", message: invalid(label) });
      const year = Number(value.slice(0, 4));
      if (year < SDLT_LIMITS.datePickerYears.from || year > SDLT_LIMITS.datePickerYears.to) {
        ctx.addIssue({ code: "custom", message: SDLT_DATE_MESSAGES.outOfRange(label) });
      }
    });
}

function optionalDate(label: string) {
  return z.preprocess((value) => (value === "" || value === null ? undefined : value), requiredDate(label).optional());
}

export const RESTRICTIONS_DETAILS_PATTERN = /^[A-Za-z0-9. ]*$/;

/** Transaction details. landExchangedAddress is kept only when landExchanged is true. */
export const SdltTransactionDetailsSchema = z
  .object({
    propertyType: requiredChoice(PROPERTY_TYPES, "Property type"),
    effectiveDateOfTransaction: requiredDate("Effective date of transaction"),
    contractDate: optionalDate("Contract date"),
    transactionDescription: requiredChoice(TRANSACTION_DESCRIPTIONS, "Transaction description"),
    interestTransferred: requiredChoice(INTERESTS_TRANSFERRED, "Interest transferred"),
    restrictionsAffecting: yesNo(SELECT_ONE_OF_THE_RESPONSES),
    restrictionsDetails: optionalText({
      label: "Restrictions details",
      max: SDLT_LIMITS.restrictionsDetails,
      pattern: RESTRICTIONS_DETAILS_PATTERN,
    }),
    landExchanged: yesNo(SELECT_ONE_OF_THE_RESPONSES),
    landExchangedAddress: z.unknown().optional(),
    pursuantToOption: yesNo(SELECT_ONE_OF_THE_RESPONSES),
  })
  .superRefine((details, ctx) => {
    if (details.restrictionsAffecting === true && !filled(details.restrictionsDetails)) {
      ctx.addIssue({ code: "custom", message: required("Restrictions details"), path: ["restrictionsDetails"] });
    }
    if (
      typeof details.contractDate === "string" &&
      typeof details.effectiveDateOfTransaction === "string" &&
      details.contractDate > details.effectiveDateOfTransaction
    ) {
      ctx.addIssue({ code: "custom", message: SDLT_DATE_MESSAGES.contractAfterEffective, path: ["contractDate"] });
    }
    if (details.landExchanged === true) {
      const address = addressSchema({ numberFirst: true }).safeParse(details.landExchangedAddress ?? {});
      if (!address.success) {
        for (const issue of address.error.issues) {
          ctx.addIssue({ code: "custom", message: issue.message, path: ["landExchangedAddress", ...issue.path] as (string | number)[] });
        }
      }
    }
  }, EVEN_WITH_FIELD_ERRORS)
  .transform((details) => ({
    ...details,
    restrictionsDetails: details.restrictionsAffecting ? details.restrictionsDetails : undefined,
    landExchangedAddress: details.landExchanged ? AddressFieldsSchema.parse(details.landExchangedAddress) : undefined,
  }));

export const SCHEME_NUMBER_PATTERN = /^[A-Za-z0-9 \-/.,'()&]*$/;
export const FORM_CODE_MAX_MESSAGE = `Select no more than ${SDLT_LIMITS.formsOfConsideration} forms of consideration`;

const optionalMoney = (label: string) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), sdltMoneySchema(label).optional());

/**
 * Tax calculation, given the transaction's property type and description (from transaction details).
 * formCode is sent only for descriptions F, A and O.
 */
export function sdltTaxCalculationSchema(context: { propertyType?: string; transactionDescription?: string }) {
  const considerationAsked = (CONSIDERATION_DESCRIPTIONS as readonly (string | undefined)[]).includes(
    context.transactionDescription,
  );
  return z
    .object({
      isClaimingRelief: yesNo(SELECT_ONE_OF_THE_RESPONSES),
      reasonCode: z.enum(RELIEF_REASON_CODES).optional(),
      schemeNumber: optionalText({ label: "Scheme number", max: SDLT_LIMITS.schemeNumber, pattern: SCHEME_NUMBER_PATTERN }),
      amountChargeable: optionalMoney("Amount chargeable"),
      totalConsideration: optionalMoney("Total consideration"),
      vatAmountCharged: optionalMoney("VAT amount charged"),
      formCode: z.preprocess(
        (value) => (typeof value === "string" ? [value] : value ?? []),
        z.array(z.enum(FORMS_OF_CONSIDERATION)).max(SDLT_LIMITS.formsOfConsideration, FORM_CODE_MAX_MESSAGE),
      ),
      isLinkedTransaction: yesNo(SELECT_ONE_OF_THE_RESPONSES),
      linkedTransactionTotal: optionalMoney("Linked transaction total"),
      taxPayable: sdltMoneySchema("Tax payable"),
      amountPaid: sdltMoneySchema("Amount paid"),
      isAmountPaidIncludePenalties: yesNo(SELECT_ONE_OF_THE_RESPONSES),
    })
    .superRefine((tax, ctx) => {
      const need = (ok: boolean, path: string, message: string) => {
        if (!ok) ctx.addIssue({ code: "custom", message, path: [path] });
      };
      if (tax.isClaimingRelief === true) {
        need(filled(tax.reasonCode), "reasonCode", required("Relief reason"));
        if (tax.reasonCode && SCHEME_NUMBER_RELIEFS.includes(tax.reasonCode)) {
          need(filled(tax.schemeNumber), "schemeNumber", required("Scheme number"));
        }
        if (context.propertyType === "MIXED_USE") {
          need(tax.amountChargeable !== undefined, "amountChargeable", required("Amount chargeable"));
        }
      }
      if (tax.isLinkedTransaction === true) {
        need(tax.linkedTransactionTotal !== undefined, "linkedTransactionTotal", required("Linked transaction total"));
      }
      if (considerationAsked) {
        need(tax.totalConsideration !== undefined, "totalConsideration", required("Total consideration"));
        need(Array.isArray(tax.formCode) && tax.formCode.length > 0, "formCode", required("Form of consideration"));
      }
    }, EVEN_WITH_FIELD_ERRORS)
    .transform((tax) => ({
      ...tax,
      reasonCode: tax.isClaimingRelief ? tax.reasonCode : undefined,
      schemeNumber: tax.isClaimingRelief ? tax.schemeNumber : undefined,
      amountChargeable: tax.isClaimingRelief ? tax.amountChargeable : undefined,
      linkedTransactionTotal: tax.isLinkedTransaction ? tax.linkedTransactionTotal : undefined,
      formCode: considerationAsked ? tax.formCode : undefined,
      totalConsideration: considerationAsked ? tax.totalConsideration : undefined,
    }));
}

/** Choices of the form-of-consideration checkboxes disabled once 4 are chosen. */
export function disabledFormCodes(selected: readonly string[]): string[] {
  return selected.length >= SDLT_LIMITS.formsOfConsideration
    ? FORMS_OF_CONSIDERATION.filter((code) => !selected.includes(code))
    : [];
}

export const LAND_AREA_MESSAGES = {
  invalid: invalid("land area"),
  tooLong: tooLong("Land area", SDLT_LIMITS.landArea),
  decimals: "Land area can have up to 3 decimal places",
  both: "Land area must not exceed 14 characters and can have up to 3 decimal places",
} as const;

/** Land area: digits with an optional decimal part, at most 14 characters and 3 decimal places. */
export function landAreaProblem(text: string): string | null {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text)) return LAND_AREA_MESSAGES.invalid;
  const tooLongText = text.length > SDLT_LIMITS.landArea;
  const tooManyDecimals = (text.split(".")[1] ?? "").length > SDLT_LIMITS.landAreaDecimals;
  if (tooLongText && tooManyDecimals) return LAND_AREA_MESSAGES.both;
  if (tooLongText) return LAND_AREA_MESSAGES.tooLong;
  if (tooManyDecimals) return LAND_AREA_MESSAGES.decimals;
  return null;
}

export const SdltPropertyDetailsSchema = z.object({
  laNumber: requiredText({ label: "Local authority number", pattern: /^[0-9]{4}$/ }),
  titleNumber: requiredText({ label: "Title number" }),
  planAttached: yesNo(SELECT_ONE_OF_THE_RESPONSES),
  nlpgUprn: optionalText({ label: "NLPG UPRN", max: SDLT_LIMITS.nlpgUprn, pattern: /^[A-Za-z0-9]*$/ }),
  landDetails: z
    .object({
      landArea: z.preprocess(
        (value) => (value === "" || value === null ? undefined : value),
        z
          .string()
          .superRefine((value, ctx) => {
            const problem = landAreaProblem(value.trim());
            if (problem) ctx.addIssue({ code: "custom", message: problem });
          })
          .optional(),
      ),
      landAreaUnit: z.enum(LAND_AREA_UNITS).default("HECTARES"),
    })
    .default({ landAreaUnit: "HECTARES" }),
});

export const AGENT_NAME_PATTERN = /^(?!\s)[A-Za-z0-9 \-'.,&()/]*$/;
export const AGENT_PHONE_PATTERN = /^[0-9+\- ()]*$/;

/**
 * Purchaser agent details. The agent name is required when the primary purchaser is an authorised agent
 * or the certificate address is AGENT; the address is validated only when shown.
 */
export function sdltAgentDetailsSchema(context: { agentRequired: boolean; addressShown: boolean }) {
  const name = { label: "Agent name", max: SDLT_LIMITS.agentName, noLeadingWhitespace: true, pattern: AGENT_NAME_PATTERN };
  return z.object({
    agentName: context.agentRequired ? requiredText(name) : optionalText(name),
    agentReference: optionalText({ label: "Agent reference", max: SDLT_LIMITS.agentReference, noLeadingWhitespace: true }),
    agentPhoneNumber: optionalText({
      label: "Agent phone number",
      max: SDLT_LIMITS.agentPhoneNumber,
      noLeadingWhitespace: true,
      pattern: AGENT_PHONE_PATTERN,
    }),
    agentAddress: context.addressShown ? addressSchema() : z.unknown().optional().transform(() => undefined),
  });
}

/** Whether the agent is required: the primary purchaser is an authorised agent, or the certificate goes to the agent. */
export function isAgentRequired(primary: { authorisedAgent?: boolean; certificateAddress?: string }): boolean {
  return primary.authorisedAgent === true || primary.certificateAddress === "AGENT";
}

export const OTHER_TITLE_PATTERN = /^[A-Za-z.]+$/;

const titleFields = {
  title: requiredChoice(PURCHASER_TITLES, "Title"),
  otherTitle: optionalText({ label: "Other title", max: SDLT_LIMITS.otherTitle, pattern: OTHER_TITLE_PATTERN }),
};

function requireOtherTitle(value: { title: string; otherTitle?: string }, ctx: z.RefinementCtx) {
  if (value.title === "Other" && !filled(value.otherTitle)) {
    ctx.addIssue({ code: "custom", message: required("Other title"), path: ["otherTitle"] });
  }
}

/** On save, Other maps to the free text. */
function savedTitle<T extends { title: string; otherTitle?: string }>(value: T): Omit<T, "otherTitle"> & { title: string } {
  const { otherTitle, ...rest } = value;
  return { ...rest, title: value.title === "Other" && otherTitle ? otherTitle : value.title };
}

const { nationalInsuranceNumber: NINO, vatRegistrationNumber: VAT, utr: UTR } = SDLT_LIMITS;
const NINO_PATTERN = new RegExp(`^[A-Za-z0-9]{${NINO.min},${NINO.max}}$`);
const VAT_PATTERN = new RegExp(`^[0-9]{${VAT}}$`);
const UTR_PATTERN = new RegExp(`^[0-9]{1,${UTR}}$`);

export function identificationNumberProblem(type: string, number: string | undefined): string | null {
  const value = typeof number === "string" ? number.trim() : "";
  const label = "Identification number";
  switch (type) {
    case "NATIONAL_INSURANCE_NUMBER":
      if (!value) return required("National Insurance number");
      return NINO_PATTERN.test(value) ? null : invalid("National Insurance number");
    case "VAT_REGISTRATION_NUMBER":
      if (!value) return required("VAT registration number");
      return VAT_PATTERN.test(value) ? null : invalid("VAT registration number");
    case "UK_COMPANY_UTR_OR_UK_PARTNERSHIP_UTR":
      if (!value) return required("UTR");
      return UTR_PATTERN.test(value) ? null : invalid("UTR");
    default:
      return value.length > 20 ? tooLong(label, 20) : null;
  }
}

/**
 * Purchaser details. The date of birth must not be in the future: `now` is the caller's clock (core reads
 * none), asked at each parse, so one schema built at start-up stays right across midnight.
 */
export function sdltPurchaserDetailsSchema(now: () => Date) {
  const address = addressSchema();
  const primary = z
    .object({
      id: z.string().optional(),
      ...titleFields,
      address,
      identification: z.object({
        type: requiredChoice(IDENTIFICATION_TYPES, "Identification type"),
        identificationNumber: z.string().optional(),
        dateOfBirth: z.preprocess((value) => (value === "" ? undefined : value), z.string().optional()),
      }),
      hasNonUKResident: yesNo(SELECT_ONE_OF_THE_RESPONSES).optional(),
      controlledByNonUKResident: yesNo(SELECT_ONE_OF_THE_RESPONSES).optional(),
      claimingCrownEmploymentRelief: yesNo(SELECT_ONE_OF_THE_RESPONSES).optional(),
      actingAsTrustee: yesNo(SELECT_ONE_OF_THE_RESPONSES),
      connectedToVendor: yesNo(SELECT_ONE_OF_THE_RESPONSES),
      certificateAddress: requiredChoice(CERTIFICATE_ADDRESSES, "Certificate address"),
      authorisedAgent: yesNo(SELECT_ONE_OF_THE_RESPONSES),
    })
    .superRefine((purchaser, ctx) => {
      requireOtherTitle(purchaser, ctx);
      if (typeof purchaser.identification !== "object" || purchaser.identification === null) return;
      const { type, identificationNumber, dateOfBirth } = purchaser.identification;
      const problem = identificationNumberProblem(type, identificationNumber);
      if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["identification", "identificationNumber"] });
      if (type === "NATIONAL_INSURANCE_NUMBER") {
        const path = ["identification", "dateOfBirth"];
        if (!dateOfBirth) ctx.addIssue({ code: "custom", message: required("Date of birth"), path });
        else if (!isIsoDate(dateOfBirth) || Number(dateOfBirth.slice(0, 4)) < SDLT_LIMITS.datePickerYears.from) {
          ctx.addIssue({ code: "custom", message: invalid("Date of birth"), path });
        } else if (dateOfBirth > londonToday(now())) {
          ctx.addIssue({ code: "custom", message: SDLT_DATE_MESSAGES.birthInFuture, path });
        }
      }
    }, EVEN_WITH_FIELD_ERRORS)
    .transform(savedTitle);
  const additional = z
    .object({ id: z.string().optional(), ...titleFields, address, actingAsTrustee: yesNo(SELECT_ONE_OF_THE_RESPONSES) })
    .superRefine(requireOtherTitle, EVEN_WITH_FIELD_ERRORS)
    .transform(savedTitle);
  const second = z
    .object({
      id: z.string().optional(),
      ...titleFields,
      address,
      actingAsTrustee: yesNo(SELECT_ONE_OF_THE_RESPONSES),
      connectedToVendor: yesNo(SELECT_ONE_OF_THE_RESPONSES),
    })
    .superRefine(requireOtherTitle, EVEN_WITH_FIELD_ERRORS)
    .transform(savedTitle);
  return z.object({
    primaryPurchaser: primary,
    additionalPurchaser: additional.optional(),
    stampDuty2Purchasers: z.array(second).default([]),
  });
}

export const SDLT_CONSENT_MESSAGE = "Confirm this statement to continue";
export const SDLT_CONSENT_STATEMENTS = {
  accuracy: "I confirm that the information in this return is correct and complete to the best of my knowledge.",
  autoSubmit:
    "I consent to this return being saved and submitted automatically to the revenue authority on the completion date.",
} as const;

/** Consent: both checkboxes required. */
export const SdltConsentSchema = z.object({
  accuracy: ticked(SDLT_CONSENT_MESSAGE),
  autoSubmit: ticked(SDLT_CONSENT_MESSAGE),
});
