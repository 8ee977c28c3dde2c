/**
 * Enumerations of parties, representation, law firms and representatives (document 2 section 3), each as an
 * `as const` tuple, a zod enum and display labels.
 */
import { z } from "zod";
import { labelsFor } from "../shared/labels.js";
import { type TransactionType } from "../workspaces/enums.js";

export const PARTY_ROLES = ["BORROWER", "BUYER", "SELLER", "OUTGOING_PROPRIETOR", "INCOMING_LENDER", "OUTGOING_LENDER"] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];
export const PartyRoleSchema = z.enum(PARTY_ROLES);
export const PARTY_ROLE_LABELS = labelsFor(PARTY_ROLES);

/** The applicant's party role by transaction type: borrowers on a remortgage, buyers on a purchase. */
export const APPLICANT_ROLE: Readonly<Record<TransactionType, PartyRole>> = { REMORTGAGE: "BORROWER", PURCHASE: "BUYER" };

export const PARTY_TYPES = ["INDIVIDUAL", "ORGANISATION"] as const;
export type PartyType = (typeof PARTY_TYPES)[number];
export const PartyTypeSchema = z.enum(PARTY_TYPES);
export const PARTY_TYPE_LABELS = labelsFor(PARTY_TYPES);

export const ORGANISATION_TYPES = ["LIMITED_COMPANY"] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];
export const OrganisationTypeSchema = z.enum(ORGANISATION_TYPES);
export const ORGANISATION_TYPE_LABELS = labelsFor(ORGANISATION_TYPES, { LIMITED_COMPANY: "Limited Company" });

export const REPRESENTATION_TYPES = ["NO_REPRESENTATION", "DUAL_REPRESENTATION", "SEPARATE_REPRESENTATION"] as const;
export type RepresentationType = (typeof REPRESENTATION_TYPES)[number];
export const RepresentationTypeSchema = z.enum(REPRESENTATION_TYPES, { error: () => "Representation is required" });
export const REPRESENTATION_TYPE_LABELS = labelsFor(REPRESENTATION_TYPES, {
  NO_REPRESENTATION: "No representation",
  DUAL_REPRESENTATION: "Dual representation",
  SEPARATE_REPRESENTATION: "Separate representation",
});

export const REPRESENTATIVE_TYPES = ["EXTERNAL_LAW_FIRM", "PARTICIPANT"] as const;
export type RepresentativeType = (typeof REPRESENTATIVE_TYPES)[number];
export const RepresentativeTypeSchema = z.enum(REPRESENTATIVE_TYPES);
export const REPRESENTATIVE_TYPE_LABELS = labelsFor(REPRESENTATIVE_TYPES);

export const VERIFICATION_OF_IDENTITY = ["LAW_FIRM_CERTIFIED", "IDENTITY_EVIDENCE"] as const;
export type VerificationOfIdentity = (typeof VERIFICATION_OF_IDENTITY)[number];
export const VerificationOfIdentitySchema = z.enum(VERIFICATION_OF_IDENTITY, {
  error: () => "Verification of identity is required",
});
export const VERIFICATION_OF_IDENTITY_LABELS = labelsFor(VERIFICATION_OF_IDENTITY);

export const ADDRESS_KINDS = ["REGISTERED_ADDRESS", "CORRESPONDENCE_ADDRESS"] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];
export const AddressKindSchema = z.enum(ADDRESS_KINDS);
export const ADDRESS_KIND_LABELS = labelsFor(ADDRESS_KINDS);


/** Party actions, also the mismatch actions of document 2 section 3.1. */
export const PARTY_ACTIONS = [
  "UPDATE_NAME_IN_WORKSPACE",
  "CHANGE_OF_NAME_APPLICATION",
  "ORGANISATION_IS_A_BORROWER",
  "NO_ACTION_NEEDED",
  "UPDATE_REGISTRATION_NUMBER_IN_WORKSPACE",
  "SET_AS_OUTGOING_PROPRIETOR",
  "SET_AS_INCOMING_PROPRIETOR",
] as const;
export type PartyAction = (typeof PARTY_ACTIONS)[number];
export const PartyActionSchema = z.enum(PARTY_ACTIONS);
export const PARTY_ACTION_LABELS = labelsFor(PARTY_ACTIONS, {
  UPDATE_NAME_IN_WORKSPACE: "Update name in workspace",
  CHANGE_OF_NAME_APPLICATION: "Change of name application",
  ORGANISATION_IS_A_BORROWER: "Organisation is a borrower",
  NO_ACTION_NEEDED: "No action needed",
  UPDATE_REGISTRATION_NUMBER_IN_WORKSPACE: "Update registration number in workspace",
  SET_AS_OUTGOING_PROPRIETOR: "Set as outgoing proprietor",
  SET_AS_INCOMING_PROPRIETOR: "Set as incoming proprietor",
});


export const BORROWER_VALIDATION_STATUSES = [
  "VALID",
  "INVALID",
  "PENDING",
  "COUNT_INVALID",
  "TYPE_INVALID",
  "NOT_REQUIRED",
  "UNSUPPORTED_TYPE",
] as const;
export type BorrowerValidationStatus = (typeof BORROWER_VALIDATION_STATUSES)[number];
export const BorrowerValidationStatusSchema = z.enum(BORROWER_VALIDATION_STATUSES);
export const BORROWER_VALIDATION_STATUS_LABELS = labelsFor(BORROWER_VALIDATION_STATUSES);

export const REPRESENTATIVE_ROLES = [
  "BORROWER_REPRESENTATIVE",
  "INCOMING_LENDER",
  "WORKSPACE_LAW_FIRM",
  "BUYER_REPRESENTATIVE",
  "SELLER_REPRESENTATIVE",
  "INCOMING_LENDER_REPRESENTATIVE",
  "OUTGOING_PROPRIETOR_REPRESENTATIVE",
] as const;
export type RepresentativeRole = (typeof REPRESENTATIVE_ROLES)[number];
export const RepresentativeRoleSchema = z.enum(REPRESENTATIVE_ROLES);
export const REPRESENTATIVE_ROLE_LABELS = labelsFor(REPRESENTATIVE_ROLES);

export const LAW_FIRM_ROLES = ["WORKSPACE_REPRESENTATIVE", "SELLER_REPRESENTATIVE", "EXTERNAL_REPRESENTATIVE"] as const;
export type LawFirmRole = (typeof LAW_FIRM_ROLES)[number];
export const LawFirmRoleSchema = z.enum(LAW_FIRM_ROLES);
export const LAW_FIRM_ROLE_LABELS = labelsFor(LAW_FIRM_ROLES);
/** The shorthand kinds used for law firms: workspace, seller, external. */
export const LAW_FIRM_KIND: Readonly<Record<LawFirmRole, "workspace" | "seller" | "external">> = {
  WORKSPACE_REPRESENTATIVE: "workspace",
  SELLER_REPRESENTATIVE: "seller",
  EXTERNAL_REPRESENTATIVE: "external",
};
