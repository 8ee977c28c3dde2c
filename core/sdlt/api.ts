/**
 * The contract of the stamp duty land tax return (document 3 sections 2.3, 3, 4.5, 5.2 and 7.2), under
 * /api/lodgement/v1. One schema per request and answer, shared by the provider (fastify-type-provider-zod, the
 * OpenAPI document), the app and the CLI (core/sdlt/client.ts).
 *
 *   GET  /api/lodgement/v1/lodgement-cases/stamp-duty-details?workspace_id=                       → StampDutyDetails
 *   POST /api/lodgement/v1/lodgement-cases/{id}/tax-eligibility                                   TaxEligibilityRequest → StampDutyDetails
 *   PUT  /api/lodgement/v1/lodgement-cases/{id}/taxes/{taxId}/tax-applications/{taxApplicationId}/{section path}
 *        the section's payload → StampDutyDetails   (section paths: SDLT_SECTION_PATHS of enums.ts)
 *   POST /api/lodgement/v1/lodgement-cases/{id}/taxes/{taxId}/tax-applications/{taxApplicationId}/consent
 *        SdltConsentRequest → StampDutyDetails (CREATED → PREPARED; every section locked)
 *   POST /api/lodgement/v1/lodgement-cases/{id}/taxes/{taxId}/tax-applications/{taxApplicationId}/reopen
 *        no body → StampDutyDetails (PREPARED → CREATED; only before the completion date)
 *
 * Versions: one version per stamp duty return (the case's stamp duty details): every write takes it as
 * If-Match and answers the new one (and as ETag). Without If-Match 428; stale 409, nothing written.
 *
 * Money: a section's request carries money as the person typed it, in pounds (text such as "295000" or
 * "295000.00"; core/shared/money.ts sdltMoneySchema: whole pounds, up to 10 digits); everything the provider
 * answers is integer pence — the saved sections' money fields and the calculation's figures alike.
 *
 * Refusals: 400 `{ status, code, message }`: a field's message is `Invalid request. body.<field>: <text>` (the
 * messages of core/sdlt/schemas.ts); a rule's refusal carries a code of SDLT_REFUSAL_CODES and a message of
 * SDLT_MESSAGES; 403 without the permission; 404 outside the caller's workspaces, and "not available" when the
 * stamp duty tab's rule fails (flag off, not a purchase, no buyer party with dual representation).
 */
import { z } from "zod";
import {
  CERTIFICATE_ADDRESSES,
  FORMS_OF_CONSIDERATION,
  IDENTIFICATION_TYPES,
  INTERESTS_TRANSFERRED,
  LAND_AREA_UNITS,
  PROPERTY_TYPES,
  RELIEF_REASON_CODES,
  SDLT_SECTION_PATHS,
  type SdltSectionSlug,
  TaxApplicationStatusSchema,
  TaxAuthoritySchema,
  TaxEligibilityStatusSchema,
  TRANSACTION_DESCRIPTIONS,
} from "./enums.js";
import { fieldErrorMessage, fieldErrorsOf } from "../financials/api.js";

/** A field's 400 message and its reading back: the same shape as every provider request validation. */
export { fieldErrorMessage, fieldErrorsOf };

export const SDLT_API = "/api/lodgement/v1";
export const STAMP_DUTY_DETAILS_PATH = `${SDLT_API}/lodgement-cases/stamp-duty-details`;
export const SDLT_CASES_PATH = `${SDLT_API}/lodgement-cases`;

/** The path of a tax application (its sections, consent and reopen hang under it). */
export function taxApplicationPath(ids: SdltApplicationIds): string {
  const segment = encodeURIComponent;
  return `${SDLT_CASES_PATH}/${segment(ids.lodgementCaseId)}/taxes/${segment(ids.taxId)}/tax-applications/${segment(ids.taxApplicationId)}`;
}

/** The ids that name a tax application in its paths. */
export interface SdltApplicationIds {
  lodgementCaseId: string;
  taxId: string;
  taxApplicationId: string;
}

/** A section's PUT path segment by slug (re-exported for the provider's routes and the client). */
export const SDLT_SECTION_PUT_PATHS = SDLT_SECTION_PATHS;
export type SdltSectionPath = (typeof SDLT_SECTION_PATHS)[SdltSectionSlug];

// ---------------------------------------------------------------------------------------------------
// Answers: the saved sections (what the core schemas of schemas.ts give, money in pence)

const AddressDataSchema = z.object({
  buildingName: z.string().optional(),
  buildingNumber: z.string().optional(),
  flat: z.string().optional(),
  street: z.string().optional(),
  town: z.string().optional(),
  postcode: z.string().optional(),
});
export type SdltAddress = z.infer<typeof AddressDataSchema>;

export const SdltTransactionDetailsDataSchema = z.object({
  propertyType: z.enum(PROPERTY_TYPES),
  /** Read-only: the workspace's completion (settlement) date when saved. */
  effectiveDateOfTransaction: z.string(),
  contractDate: z.string().optional(),
  transactionDescription: z.enum(TRANSACTION_DESCRIPTIONS),
  interestTransferred: z.enum(INTERESTS_TRANSFERRED),
  restrictionsAffecting: z.boolean(),
  restrictionsDetails: z.string().optional(),
  landExchanged: z.boolean(),
  landExchangedAddress: AddressDataSchema.optional(),
  pursuantToOption: z.boolean(),
});
export type SdltTransactionDetailsData = z.infer<typeof SdltTransactionDetailsDataSchema>;

export const SdltTaxCalculationDataSchema = z.object({
  isClaimingRelief: z.boolean(),
  reasonCode: z.enum(RELIEF_REASON_CODES).optional(),
  schemeNumber: z.string().optional(),
  /** Pence, as every money field below. */
  amountChargeable: z.number().int().optional(),
  totalConsideration: z.number().int().optional(),
  vatAmountCharged: z.number().int().optional(),
  /** Only for transaction descriptions F, A and O. */
  formCode: z.array(z.enum(FORMS_OF_CONSIDERATION)).optional(),
  isLinkedTransaction: z.boolean(),
  linkedTransactionTotal: z.number().int().optional(),
  taxPayable: z.number().int(),
  amountPaid: z.number().int(),
  isAmountPaidIncludePenalties: z.boolean(),
});
export type SdltTaxCalculationData = z.infer<typeof SdltTaxCalculationDataSchema>;

export const SdltPropertyDetailsDataSchema = z.object({
  /** Read-only, from the workspace: one property per transaction. */
  noOfProperties: z.number().int(),
  /** Read-only, from the workspace's title. */
  propertyAddress: z.string().nullable(),
  titleNumber: z.string(),
  laNumber: z.string(),
  planAttached: z.boolean(),
  nlpgUprn: z.string().optional(),
  landDetails: z.object({ landArea: z.string().optional(), landAreaUnit: z.enum(LAND_AREA_UNITS) }),
});
export type SdltPropertyDetailsData = z.infer<typeof SdltPropertyDetailsDataSchema>;

const purchaserCommon = {
  /** The buyer party's id. */
  id: z.string().optional(),
  /** The title; "Other" is saved as the free text. */
  title: z.string(),
  /** Read-only: the buyer party's name. */
  name: z.string().optional(),
  address: AddressDataSchema,
  actingAsTrustee: z.boolean(),
};

export const SdltPurchaserDetailsDataSchema = z.object({
  primaryPurchaser: z.object({
    ...purchaserCommon,
    identification: z.object({
      type: z.enum(IDENTIFICATION_TYPES),
      identificationNumber: z.string().optional(),
      dateOfBirth: z.string().optional(),
    }),
    hasNonUKResident: z.boolean().optional(),
    controlledByNonUKResident: z.boolean().optional(),
    claimingCrownEmploymentRelief: z.boolean().optional(),
    connectedToVendor: z.boolean(),
    certificateAddress: z.enum(CERTIFICATE_ADDRESSES),
    authorisedAgent: z.boolean(),
  }),
  additionalPurchaser: z.object(purchaserCommon).optional(),
  stampDuty2Purchasers: z.array(z.object({ ...purchaserCommon, connectedToVendor: z.boolean() })),
});
export type SdltPurchaserDetailsData = z.infer<typeof SdltPurchaserDetailsDataSchema>;

export const SdltAgentDetailsDataSchema = z.object({
  agentName: z.string().optional(),
  agentReference: z.string().optional(),
  agentPhoneNumber: z.string().optional(),
  agentAddress: AddressDataSchema.optional(),
});
export type SdltAgentDetailsData = z.infer<typeof SdltAgentDetailsDataSchema>;

export const SdltSectionStatusSchema = z.enum(["PENDING", "COMPLETED"]);

function sectionOf<T extends z.ZodType>(data: T) {
  return z.object({ status: SdltSectionStatusSchema, data: data.nullable() });
}

export const SdltSectionsSchema = z.object({
  transactionDetails: sectionOf(SdltTransactionDetailsDataSchema),
  propertyDetails: sectionOf(SdltPropertyDetailsDataSchema),
  taxCalculation: sectionOf(SdltTaxCalculationDataSchema),
  /** null when the workspace has no buyer party (the section is not shown and not needed). */
  purchaserDetails: sectionOf(SdltPurchaserDetailsDataSchema).nullable(),
  purchaserAgentDetails: sectionOf(SdltAgentDetailsDataSchema),
});
export type SdltSections = z.infer<typeof SdltSectionsSchema>;

/** The sections' keys in the answer by slug. */
export const SDLT_SECTION_KEYS: Readonly<Record<SdltSectionSlug, keyof SdltSections>> = {
  "transaction-details": "transactionDetails",
  "property-details": "propertyDetails",
  "tax-calculation": "taxCalculation",
  "purchaser-details": "purchaserDetails",
  "purchaser-agent-details": "purchaserAgentDetails",
};

/** A band of the calculation, in pence (calculateSdlt's pounds × 100); `to` null for the open top band. */
export const SdltCalculationBandSchema = z.object({
  from: z.number().int(),
  to: z.number().int().nullable(),
  /** Percent, for example 5 for 5%. */
  rate: z.number(),
  tax: z.number().int(),
});

/**
 * The tax the product calculated (core/sdlt/calculation.ts calculateSdlt) when tax calculation details were
 * saved (and again when the transaction or purchaser details it depends on change), beside the tax entered.
 * Every figure in pence. `calculated` false (with the reason in `note`) when there is nothing to calculate
 * from — no total consideration (a new lease, description L) or no effective date; then tax and bands are
 * empty.
 */
export const SdltCalculationSchema = z.object({
  calculated: z.boolean(),
  /** Pence; null when not calculated. */
  tax: z.number().int().nullable(),
  bands: z.array(SdltCalculationBandSchema),
  /** The rule set used (calculateSdlt's `rules`); null when not calculated. */
  rules: z.string().nullable(),
  /** The input it was calculated from (price in pence). */
  input: z
    .object({
      price: z.number().int(),
      kind: z.enum(["residential", "non-residential", "mixed"]),
      effectiveDate: z.string(),
      firstTimeBuyer: z.boolean(),
      additionalDwelling: z.boolean(),
      nonResident: z.boolean(),
    })
    .nullable(),
  /** Pence: the taxPayable the user entered. */
  enteredTaxPayable: z.number().int(),
  /** The entered tax differs from the calculated one (false when not calculated). */
  differs: z.boolean(),
  /** What the figure leaves out (linked transactions, reliefs other than first-time buyers) or why there is none. */
  note: z.string(),
});
export type SdltCalculation = z.infer<typeof SdltCalculationSchema>;

/** The revenue filing of a prepared return (the revenue sandbox or a real adapter, provider/sdlt/revenue.ts). */
export const SdltFilingSchema = z.object({
  /** The revenue's unique transaction reference number once FILED. */
  transactionReferenceNumber: z.string().nullable(),
  submittedAt: z.string().nullable(),
  filedAt: z.string().nullable(),
  /** Why the revenue refused or the submission failed (FAILED, SUBMISSION_FAILED, POLL_FAILED). */
  failureReason: z.string().nullable(),
  /** Submission attempts made so far. */
  attempts: z.number().int(),
});
export type SdltFiling = z.infer<typeof SdltFilingSchema>;

export const SdltTaxApplicationSchema = z.object({
  taxId: z.string(),
  taxApplicationId: z.string(),
  taxApplicationStatus: TaxApplicationStatusSchema,
  /** Every section needed is COMPLETED (and the status CREATED). */
  canBePrepared: z.boolean(),
  /** PREPARED and before the completion date: the return may be reopened. */
  canBeReopened: z.boolean(),
  sections: SdltSectionsSchema,
  calculation: SdltCalculationSchema.nullable(),
  filing: SdltFilingSchema,
});
export type SdltTaxApplication = z.infer<typeof SdltTaxApplicationSchema>;

export const SdltPurchaserSchema = z.object({ id: z.string(), name: z.string() });

/** The read-only transaction summary, derived from the workspace. */
export const SdltTransactionSummarySchema = z.object({
  /** The workspace's completion (settlement) date, YYYY-MM-DD; null until set. */
  effectiveDateOfTransaction: z.string().nullable(),
  titleNumber: z.string().nullable(),
  propertyAddress: z.string().nullable(),
  /** The buyer parties. */
  purchasers: z.array(SdltPurchaserSchema),
  transactionType: z.string(),
});
export type SdltTransactionSummary = z.infer<typeof SdltTransactionSummarySchema>;

export const StampDutyDetailsSchema = z.object({
  lodgementCaseId: z.string(),
  workspaceId: z.string(),
  version: z.number().int(),
  /** null until the initial questions are answered (the tab then shows them). */
  taxEligibilityStatus: TaxEligibilityStatusSchema.nullable(),
  revenueAuthority: TaxAuthoritySchema.nullable(),
  transactionDetails: SdltTransactionSummarySchema,
  /** Only for SUBMISSION_THROUGH_PEXA. */
  taxApplication: SdltTaxApplicationSchema.nullable(),
});
export type StampDutyDetails = z.infer<typeof StampDutyDetailsSchema>;

// ---------------------------------------------------------------------------------------------------
// Requests

const uuid = (name: string) => z.uuid({ error: () => `${name} must be a UUID` });

export const StampDutyDetailsQuerySchema = z.object({ workspace_id: uuid("workspace_id") });
export const SdltCaseParamsSchema = z.object({ id: uuid("id") });
export const SdltApplicationParamsSchema = SdltCaseParamsSchema.extend({
  taxId: uuid("taxId"),
  taxApplicationId: uuid("taxApplicationId"),
});

/** The statuses the initial questions give (core/sdlt/rules.ts taxEligibility). */
export const DECIDED_ELIGIBILITY_STATUSES = [
  "NOT_REQUIRED",
  "SUBMISSION_OUTSIDE_PEXA",
  "SUBMISSION_THROUGH_PEXA",
] as const;

export const TaxEligibilityRequestSchema = z.strictObject({
  taxEligibilityStatus: z.enum(DECIDED_ELIGIBILITY_STATUSES, { error: () => "select one of the responses" }),
  /** Required unless NOT_REQUIRED (then null or absent). */
  revenueAuthority: TaxAuthoritySchema.nullable().optional(),
});
export type TaxEligibilityRequest = z.infer<typeof TaxEligibilityRequestSchema>;

/**
 * A section's body: the form's fields as core/sdlt/schemas.ts reads them (money as text in pounds; yes/no as
 * booleans or "true"/"false"). Checked by the provider with the section's schema and its context (the saved
 * transaction and purchaser details); the read-only fields (effective date, title number) are the workspace's,
 * whatever is sent.
 */
export const SdltSectionBodySchema = z.looseObject({});

/** A documented field of a section body: any JSON value here, checked by the section's core schema. */
const field = (description: string) => z.unknown().optional().describe(description);
const addressField = (description: string) =>
  field(`${description}: { buildingNumber, buildingName, flat, street, town, postcode }`);

/** The section bodies as the OpenAPI document lists them (the fields of 7.2; the provider checks them with 5.2's rules). */
export const SDLT_SECTION_BODY_SCHEMAS: Readonly<Record<SdltSectionSlug, z.ZodType>> = {
  "transaction-details": z.looseObject({
    propertyType: field("RESIDENTIAL | MIXED_USE | NON_RESIDENTIAL | RESIDENTIAL_ADDITIONAL_PROPERTIES"),
    transactionDescription: field("F | L | O | A"),
    contractDate: field("YYYY-MM-DD, not after the effective date"),
    interestTransferred: field("FG | FP | FT | LG | LP | LT | OT"),
    restrictionsAffecting: field("yes/no"),
    restrictionsDetails: field("when restrictions apply: letters, digits, dot and space, at most 42"),
    landExchanged: field("yes/no"),
    landExchangedAddress: addressField("when land was exchanged"),
    pursuantToOption: field("yes/no"),
  }),
  "tax-calculation": z.looseObject({
    isClaimingRelief: field("yes/no"),
    reasonCode: field("a relief reason code, when claiming relief"),
    schemeNumber: field("for PART_EXCHANGE and CHARITIES_RELIEF, at most 14"),
    amountChargeable: field("pounds, whole; when claiming relief on a mixed-use property"),
    totalConsideration: field("pounds, whole; for descriptions F, A and O"),
    vatAmountCharged: field("pounds, whole"),
    formCode: field("forms of consideration (at most 4); for descriptions F, A and O"),
    isLinkedTransaction: field("yes/no"),
    linkedTransactionTotal: field("pounds, whole; when linked"),
    taxPayable: field("pounds, whole"),
    amountPaid: field("pounds, whole"),
    isAmountPaidIncludePenalties: field("yes/no"),
  }),
  "property-details": z.looseObject({
    laNumber: field("4 digits"),
    planAttached: field("yes/no"),
    nlpgUprn: field("letters and digits, at most 14"),
    landDetails: field(
      "{ landArea (at most 14 characters, 3 decimals), landAreaUnit HECTARES | SQUARE_METERS }",
    ),
  }),
  "purchaser-details": z.looseObject({
    primaryPurchaser: field(
      "{ id (a buyer party), title, otherTitle, address, identification { type, identificationNumber, dateOfBirth }, hasNonUKResident, controlledByNonUKResident, claimingCrownEmploymentRelief, actingAsTrustee, connectedToVendor, certificateAddress, authorisedAgent }",
    ),
    additionalPurchaser: field("{ id, title, otherTitle, address, actingAsTrustee }"),
    stampDuty2Purchasers: field("[{ id, title, otherTitle, address, actingAsTrustee, connectedToVendor }]"),
  }),
  "purchaser-agent-details": z.looseObject({
    agentName: field(
      "at most 28; required when the primary purchaser is an authorised agent or the certificate goes to the agent",
    ),
    agentReference: field("at most 14"),
    agentPhoneNumber: field("digits, plus, hyphen, space and brackets, at most 14"),
    agentAddress: addressField("checked when sent or when the agent is required"),
  }),
};
export type SdltSectionBody =
  | SdltTransactionDetailsInput
  | SdltTaxCalculationInput
  | SdltPropertyDetailsInput
  | SdltPurchaserDetailsInput
  | SdltAgentDetailsInput;

/** Yes/no as JSON booleans or as a form posts them. */
type YesNo = boolean | "true" | "false";
/** Money as typed, in pounds ("295000" or "295,000.00"). */
type MoneyText = string;

export interface SdltAddressInput {
  buildingName?: string;
  buildingNumber?: string;
  flat?: string;
  street?: string;
  town?: string;
  postcode?: string;
}

export interface SdltTransactionDetailsInput {
  propertyType?: string;
  /** Ignored: the workspace's completion date is used. */
  effectiveDateOfTransaction?: string;
  contractDate?: string;
  transactionDescription?: string;
  interestTransferred?: string;
  restrictionsAffecting?: YesNo;
  restrictionsDetails?: string;
  landExchanged?: YesNo;
  landExchangedAddress?: SdltAddressInput;
  pursuantToOption?: YesNo;
}

export interface SdltTaxCalculationInput {
  isClaimingRelief?: YesNo;
  reasonCode?: string;
  schemeNumber?: string;
  amountChargeable?: MoneyText;
  totalConsideration?: MoneyText;
  vatAmountCharged?: MoneyText;
  formCode?: string | string[];
  isLinkedTransaction?: YesNo;
  linkedTransactionTotal?: MoneyText;
  taxPayable?: MoneyText;
  amountPaid?: MoneyText;
  isAmountPaidIncludePenalties?: YesNo;
}

export interface SdltPropertyDetailsInput {
  laNumber?: string;
  /** Ignored: the workspace's title number is used. */
  titleNumber?: string;
  planAttached?: YesNo;
  nlpgUprn?: string;
  landDetails?: { landArea?: string; landAreaUnit?: string };
}

interface PurchaserInputCommon {
  id?: string;
  title?: string;
  otherTitle?: string;
  address?: SdltAddressInput;
  actingAsTrustee?: YesNo;
}

export interface SdltPurchaserDetailsInput {
  primaryPurchaser: PurchaserInputCommon & {
    identification?: { type?: string; identificationNumber?: string; dateOfBirth?: string };
    hasNonUKResident?: YesNo;
    controlledByNonUKResident?: YesNo;
    claimingCrownEmploymentRelief?: YesNo;
    connectedToVendor?: YesNo;
    certificateAddress?: string;
    authorisedAgent?: YesNo;
  };
  additionalPurchaser?: PurchaserInputCommon;
  stampDuty2Purchasers?: (PurchaserInputCommon & { connectedToVendor?: YesNo })[];
}

export interface SdltAgentDetailsInput {
  agentName?: string;
  agentReference?: string;
  agentPhoneNumber?: string;
  /** Validated only when sent (the form shows it) or when the agent rule applies. */
  agentAddress?: SdltAddressInput;
}

/** The section bodies by slug, for the client's typing. */
export interface SdltSectionBodies {
  "transaction-details": SdltTransactionDetailsInput;
  "tax-calculation": SdltTaxCalculationInput;
  "property-details": SdltPropertyDetailsInput;
  "purchaser-details": SdltPurchaserDetailsInput;
  "purchaser-agent-details": SdltAgentDetailsInput;
}

/** Consent: both statements ticked (core/sdlt/schemas.ts SdltConsentSchema; true or "on"). */
export const SdltConsentRequestSchema = z.looseObject({
  accuracy: z.unknown().optional(),
  autoSubmit: z.unknown().optional(),
});
export type SdltConsentRequest = { accuracy: boolean | "on"; autoSubmit: boolean | "on" };

// ---------------------------------------------------------------------------------------------------
// Refusals (400 / 409) that are rules rather than a field

export const SDLT_REFUSAL_CODES = {
  /** The stamp duty decision was already confirmed differently (409). */
  decisionConfirmed: "DECISION_CONFIRMED",
  /** The decision is not a possible one (Welsh authority through the product, a missing authority). */
  decisionRefused: "DECISION_REFUSED",
  /** A section, consent or reopen that the application's status does not allow. */
  statusRefused: "STATUS_REFUSED",
  /** Consent while a needed section is pending. */
  notReady: "NOT_READY",
  /** A section that does not apply (purchaser details with no buyer party). */
  sectionRefused: "SECTION_REFUSED",
  /** Reopen on or after the completion date. */
  reopenRefused: "REOPEN_REFUSED",
} as const;

export const SDLT_MESSAGES = {
  notAvailable: "Stamp duty is not available for this workspace.",
  decisionConfirmed: "The stamp duty decision cannot be changed once confirmed",
  welshOutside: "Returns to the Welsh Revenue Authority must be submitted outside the product.",
  authorityRequired: "Choose the tax authority the return goes to.",
  noAuthorityWhenNotRequired: "No tax authority is given when a stamp duty return is not required.",
  throughOnlyHmrc: "Only returns to HM Revenue and Customs can be submitted through the product.",
  notThroughProduct: "The stamp duty return is not submitted through the product for this workspace.",
  applicationNotFound: "The stamp duty return was not found.",
  locked: "The stamp duty return has been prepared and is locked. Reopen it to make changes.",
  notEditable: "The stamp duty return can no longer be changed.",
  noPurchasers: "Purchaser details are only needed when the workspace has buyer parties.",
  notReady: "Complete every section before consenting to the return.",
  notPrepared: "Only a prepared stamp duty return can be reopened.",
  reopenTooLate: "The stamp duty return can only be reopened before the completion date.",
  noEffectiveDate:
    "The workspace has no completion date yet, so the effective date of the transaction is not known.",
  noTitle: "The workspace has no title yet, so the title number is not known.",
  editPermission: "You don't have permission to edit this",
  transactionDetailsFirst:
    "Save the transaction details first: the tax calculation depends on the property type and the transaction description.",
  notABuyer: "Choose one of the workspace's buyers.",
  purchaserTwice: "Each buyer can be given only once.",
  tooManyPurchasers: "There are more purchasers than buyers in the workspace.",
} as const;

/**
 * Why there is no calculated figure. Beside a calculated figure the note is the calculation's own
 * (SDLT_CALCULATION_NOTE of core/sdlt/calculation.ts, also printed by the CLI).
 */
export const SDLT_CALCULATION_NOTES = {
  noConsideration:
    "No tax is calculated: there is no total consideration for a grant of a new lease (description L).",
  noEffectiveDate: "No tax is calculated: the effective date of the transaction is not known.",
  unavailable: "No tax is calculated: the calculation is not available for this transaction.",
} as const;
