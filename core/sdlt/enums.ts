/** Enumerations of the stamp duty land tax return (document 3 sections 3 and 4.5). */
import { z } from "zod";
import { labelsFor } from "../shared/labels.js";

export const PURCHASER_TITLES = ["Mr", "Mrs", "Miss", "Ms", "Mx", "Other"] as const;
export type PurchaserTitle = (typeof PURCHASER_TITLES)[number];
export const PurchaserTitleSchema = z.enum(PURCHASER_TITLES, { error: () => "Title is required" });

export const TRANSACTION_DESCRIPTIONS = ["F", "L", "O", "A"] as const;
export type TransactionDescription = (typeof TRANSACTION_DESCRIPTIONS)[number];
export const TransactionDescriptionSchema = z.enum(TRANSACTION_DESCRIPTIONS, {
  error: () => "Transaction description is required",
});
/** The revenue's codes: F freehold, L new lease, O assignment of a lease, A other. */
export const TRANSACTION_DESCRIPTION_LABELS: Readonly<Record<TransactionDescription, string>> = {
  F: "Conveyance or transfer of freehold",
  L: "Grant of a new lease",
  O: "Assignment of a lease",
  A: "Other transaction",
};
/** Descriptions for which total consideration and forms of consideration are asked (not L). */
export const CONSIDERATION_DESCRIPTIONS: readonly TransactionDescription[] = ["F", "A", "O"];

export const INTERESTS_TRANSFERRED = ["FG", "FP", "FT", "LG", "LP", "LT", "OT"] as const;
export type InterestTransferred = (typeof INTERESTS_TRANSFERRED)[number];
export const InterestTransferredSchema = z.enum(INTERESTS_TRANSFERRED, { error: () => "Interest transferred is required" });
export const INTEREST_TRANSFERRED_LABELS: Readonly<Record<InterestTransferred, string>> = {
  FG: "Freehold, grant",
  FP: "Freehold, freehold part",
  FT: "Freehold, transfer",
  LG: "Leasehold, grant",
  LP: "Leasehold, leasehold part",
  LT: "Leasehold, transfer",
  OT: "Other",
};

export const PROPERTY_TYPES = ["RESIDENTIAL", "MIXED_USE", "NON_RESIDENTIAL", "RESIDENTIAL_ADDITIONAL_PROPERTIES"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const PropertyTypeSchema = z.enum(PROPERTY_TYPES, { error: () => "Property type is required" });
export const PROPERTY_TYPE_LABELS = labelsFor(PROPERTY_TYPES, {
  RESIDENTIAL_ADDITIONAL_PROPERTIES: "Residential additional properties",
});

export const LAND_AREA_UNITS = ["HECTARES", "SQUARE_METERS"] as const;
export type LandAreaUnit = (typeof LAND_AREA_UNITS)[number];
export const LandAreaUnitSchema = z.enum(LAND_AREA_UNITS);
export const DEFAULT_LAND_AREA_UNIT: LandAreaUnit = "HECTARES";
export const LAND_AREA_UNIT_LABELS = labelsFor(LAND_AREA_UNITS, { SQUARE_METERS: "Square metres" });

export const FORMS_OF_CONSIDERATION = [
  "CASH",
  "DEBT",
  "BUILDING_WORKS",
  "EMPLOYMENT",
  "OTHER",
  "LISTED_SHARES",
  "UNLISTED_SHARES",
  "OTHER_LAND",
  "SERVICES",
  "CONTINGENT_CONSIDERATION",
] as const;
export type FormOfConsideration = (typeof FORMS_OF_CONSIDERATION)[number];
export const FormOfConsiderationSchema = z.enum(FORMS_OF_CONSIDERATION);
export const FORM_OF_CONSIDERATION_LABELS = labelsFor(FORMS_OF_CONSIDERATION);
export const MAX_FORMS_OF_CONSIDERATION = 4;

export const IDENTIFICATION_TYPES = [
  "NATIONAL_INSURANCE_NUMBER",
  "VAT_REGISTRATION_NUMBER",
  "UK_COMPANY_UTR_OR_UK_PARTNERSHIP_UTR",
  "NON_UK_TAX_REFERENCE_NUMBER",
] as const;
export type IdentificationType = (typeof IDENTIFICATION_TYPES)[number];
export const IdentificationTypeSchema = z.enum(IDENTIFICATION_TYPES, { error: () => "Identification type is required" });
export const IDENTIFICATION_TYPE_LABELS: Readonly<Record<IdentificationType, string>> = {
  NATIONAL_INSURANCE_NUMBER: "National Insurance number",
  VAT_REGISTRATION_NUMBER: "VAT registration number",
  UK_COMPANY_UTR_OR_UK_PARTNERSHIP_UTR: "UK company UTR or UK partnership UTR",
  NON_UK_TAX_REFERENCE_NUMBER: "Non-UK tax reference number",
};

export const CERTIFICATE_ADDRESSES = ["PROPERTY", "PURCHASER", "AGENT"] as const;
export type CertificateAddress = (typeof CERTIFICATE_ADDRESSES)[number];
export const CertificateAddressSchema = z.enum(CERTIFICATE_ADDRESSES, { error: () => "Certificate address is required" });
export const CERTIFICATE_ADDRESS_LABELS = labelsFor(CERTIFICATE_ADDRESSES);

export const TAX_AUTHORITIES = ["HM_REVENUE_AND_CUSTOMS", "WELSH_REVENUE_AUTHORITY"] as const;
export type TaxAuthority = (typeof TAX_AUTHORITIES)[number];
export const TaxAuthoritySchema = z.enum(TAX_AUTHORITIES, { error: () => "select one of the responses" });
export const TAX_AUTHORITY_LABELS: Readonly<Record<TaxAuthority, string>> = {
  HM_REVENUE_AND_CUSTOMS: "HM Revenue and Customs",
  WELSH_REVENUE_AUTHORITY: "Welsh Revenue Authority",
};

/** The 31 relief reason codes, in the enumeration's order. */
export const RELIEF_REASON_CODES = [
  "PART_EXCHANGE",
  "RELOCATION_OF_EMPLOYMENT",
  "COMPULSORY_PURCHASE",
  "COMPLIANCE_WITH_PLANNING",
  "GROUP_RELIEF",
  "RECONSTRUCTION_RELIEF",
  "ACQUISITION_RELIEF",
  "DEMUTUALISATION_INSURANCE",
  "DEMUTUALISATION_BUILDING",
  "INCORPORATION_LLP",
  "TRANSFERS_PUBLIC_BODIES",
  "REORGANISATION_PARLIAMENTARY_CONSTITUENCIES",
  "CHARITIES_RELIEF",
  "ACQUISITION_NATIONAL_PURPOSES",
  "RIGHT_TO_BUY_RELIEF",
  "REGISTERED_SOCIAL_LANDLORDS",
  "ALTERNATIVE_PROPERTY_FINANCE",
  "COLLECTIVE_ENFRANCHISEMENT",
  "CROFTING_COMMUNITY_RIGHT_TO_BUY",
  "DIPLOMATIC_PRIVILEGES_RELIEF",
  "SOVEREIGN_BODIES_ORGANISATIONS",
  "OTHER_RELIEF",
  "COMBINATION_OF_RELIEFS",
  "ZERO_CARBON_HOMES_RELIEF",
  "ALTERNATIVE_FINANCE_BONDS",
  "FIRST_TIME_BUYERS_RELIEF",
  "MULTIPLE_DWELLINGS_RELIEF",
  "PRE_COMPLETION_TRANSACTION",
  "RELIEF_FROM_15_PERCENT_RATE",
  "FREEPORT_TAX_SITE_RELIEF",
  "INVESTMENT_ZONE_TAX_SITE_RELIEF",
] as const;
export type ReliefReasonCode = (typeof RELIEF_REASON_CODES)[number];
export const ReliefReasonCodeSchema = z.enum(RELIEF_REASON_CODES, { error: () => "Relief reason is required" });
/** Reliefs that need a scheme number. */
export const SCHEME_NUMBER_RELIEFS: readonly ReliefReasonCode[] = ["PART_EXCHANGE", "CHARITIES_RELIEF"];
/**
 * Labels with the revenue's relief numbers 08 to 37 (SDLT1 question 9). Sovereign bodies has no number
 * of its own in that list (docs/decisions/0108-sdlt-relief-labels.md).
 */
export const RELIEF_REASON_CODE_LABELS: Readonly<Record<ReliefReasonCode, string>> = {
  PART_EXCHANGE: "08 Part exchange (house-building company)",
  RELOCATION_OF_EMPLOYMENT: "09 Relocation of employment",
  COMPULSORY_PURCHASE: "10 Compulsory purchase facilitating development",
  COMPLIANCE_WITH_PLANNING: "11 Compliance with planning obligations",
  GROUP_RELIEF: "12 Group relief",
  RECONSTRUCTION_RELIEF: "13 Reconstruction relief",
  ACQUISITION_RELIEF: "14 Acquisition relief",
  DEMUTUALISATION_INSURANCE: "15 Demutualisation of insurance company",
  DEMUTUALISATION_BUILDING: "16 Demutualisation of building society",
  INCORPORATION_LLP: "17 Incorporation of limited liability partnership",
  TRANSFERS_PUBLIC_BODIES: "18 Transfers involving public bodies",
  REORGANISATION_PARLIAMENTARY_CONSTITUENCIES: "19 Reorganisation of parliamentary constituencies",
  CHARITIES_RELIEF: "20 Charities relief",
  ACQUISITION_NATIONAL_PURPOSES: "21 Acquisition by bodies established for national purposes",
  RIGHT_TO_BUY_RELIEF: "22 Right to buy transactions",
  REGISTERED_SOCIAL_LANDLORDS: "23 Registered social landlords",
  ALTERNATIVE_PROPERTY_FINANCE: "24 Alternative property finance",
  COLLECTIVE_ENFRANCHISEMENT: "25 Collective enfranchisement by leaseholders",
  CROFTING_COMMUNITY_RIGHT_TO_BUY: "26 Crofting community right to buy",
  DIPLOMATIC_PRIVILEGES_RELIEF: "27 Diplomatic privileges",
  SOVEREIGN_BODIES_ORGANISATIONS: "Sovereign bodies and international organisations",
  OTHER_RELIEF: "28 Other relief",
  COMBINATION_OF_RELIEFS: "29 Combination of reliefs",
  ZERO_CARBON_HOMES_RELIEF: "30 Zero-carbon homes relief",
  ALTERNATIVE_FINANCE_BONDS: "31 Alternative finance investment bonds",
  FIRST_TIME_BUYERS_RELIEF: "32 First-time buyers relief",
  MULTIPLE_DWELLINGS_RELIEF: "33 Multiple dwellings relief",
  PRE_COMPLETION_TRANSACTION: "34 Pre-completion transaction",
  RELIEF_FROM_15_PERCENT_RATE: "35 Relief from the 15% rate",
  FREEPORT_TAX_SITE_RELIEF: "36 Freeport tax site relief",
  INVESTMENT_ZONE_TAX_SITE_RELIEF: "37 Investment zone tax site relief",
};

export const TAX_ELIGIBILITY_STATUSES = [
  "NOT_REQUIRED",
  "SUBMISSION_OUTSIDE_PEXA",
  "SUBMISSION_THROUGH_PEXA",
  "PENDING",
  "NOT_APPLICABLE",
] as const;
export type TaxEligibilityStatus = (typeof TAX_ELIGIBILITY_STATUSES)[number];
export const TaxEligibilityStatusSchema = z.enum(TAX_ELIGIBILITY_STATUSES);
/** The brand inside two values is never shown (docs/decisions/0102-brand-in-contract-values.md). */
export const TAX_ELIGIBILITY_STATUS_LABELS = labelsFor(TAX_ELIGIBILITY_STATUSES, {
  SUBMISSION_OUTSIDE_PEXA: "Submission outside the product",
  SUBMISSION_THROUGH_PEXA: "Submission through the product",
});

export const TAX_APPLICATION_STATUSES = [
  "CREATED",
  "PREPARED",
  "READY",
  "SUBMITTED",
  "POLL_INITIATED",
  "POLL_FAILED",
  "FILED",
  "FAILED",
  "SUBMISSION_FAILED",
] as const;
export type TaxApplicationStatus = (typeof TAX_APPLICATION_STATUSES)[number];
export const TaxApplicationStatusSchema = z.enum(TAX_APPLICATION_STATUSES);
export const TAX_APPLICATION_STATUS_LABELS = labelsFor(TAX_APPLICATION_STATUSES);

export const SDLT_SECTION_STATUSES = ["PENDING", "COMPLETED"] as const;
export type SdltSectionStatus = (typeof SDLT_SECTION_STATUSES)[number];
export const SDLT_SECTION_STATUS_LABELS: Readonly<Record<SdltSectionStatus, string>> = { PENDING: "Pending", COMPLETED: "Completed" };

/** The form's sections in order, with their slugs. */
export const SDLT_SECTIONS = [
  { slug: "transaction-details", title: "Transaction details" },
  { slug: "property-details", title: "Property details" },
  { slug: "tax-calculation", title: "Tax calculation" },
  { slug: "purchaser-details", title: "Purchaser details" },
  { slug: "purchaser-agent-details", title: "Purchaser agent details" },
] as const;
export type SdltSectionSlug = (typeof SDLT_SECTIONS)[number]["slug"];
export const SDLT_SECTION_SLUGS = SDLT_SECTIONS.map((section) => section.slug) as SdltSectionSlug[];

/** The sections shown: purchaser details only when purchaser data exists. */
export function visibleSdltSections(hasPurchaserData: boolean): SdltSectionSlug[] {
  return SDLT_SECTION_SLUGS.filter((slug) => slug !== "purchaser-details" || hasPurchaserData);
}

/** The PUT path segment each section is saved to. */
export const SDLT_SECTION_PATHS: Readonly<Record<SdltSectionSlug, string>> = {
  "transaction-details": "transaction-details",
  "property-details": "property-details",
  "tax-calculation": "tax-calculation-details",
  "purchaser-details": "purchaser-details",
  "purchaser-agent-details": "purchaser-agent-details",
};

/** SDLT limits of document 3 section 9. */
export const SDLT_LIMITS = {
  maxMoneyPence: 999_999_999_999,
  schemeNumber: 14,
  agentName: 28,
  agentReference: 14,
  agentPhoneNumber: 14,
  otherTitle: 6,
  laNumber: 4,
  nlpgUprn: 14,
  landArea: 14,
  landAreaDecimals: 3,
  restrictionsDetails: 42,
  nationalInsuranceNumber: { min: 8, max: 9 },
  vatRegistrationNumber: 9,
  utr: 10,
  formsOfConsideration: 4,
  propertiesPerTransaction: 1,
  datePickerYears: { from: 1900, to: 2099 },
} as const;
