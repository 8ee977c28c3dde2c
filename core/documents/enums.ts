/** Enumerations of lodgement cases, documents, files and tasks (document 3 section 3). */
import { z } from "zod";
import { labelsFor } from "../shared/labels.js";

export const LODGEMENT_CASE_STATUSES = [
  "CREATED",
  "PREPARED",
  "APPROVED",
  "INITIATED",
  "LODGED",
  "PARTIALLY_REGISTERED",
  "REGISTRATION_REJECTED",
  "REGISTERED",
  "REQUISITIONED",
  "REQUISITION_SUBMITTED",
  "REGISTERED_EXTERNALLY",
  "RESUBMISSION_PREPARED",
] as const;
export type LodgementCaseStatus = (typeof LODGEMENT_CASE_STATUSES)[number];
export const LodgementCaseStatusSchema = z.enum(LODGEMENT_CASE_STATUSES);
export const LODGEMENT_CASE_STATUS_LABELS = labelsFor(LODGEMENT_CASE_STATUSES);
/** Approval is offered while the case is in its first two states, or prepared for resubmission (decision 0714). */
export const LODGEMENT_CASE_APPROVABLE_STATUSES: readonly LodgementCaseStatus[] = ["CREATED", "PREPARED", "RESUBMISSION_PREPARED"];

export const LODGEMENT_REQUEST_STATUSES = ["INITIATED", "PENDING", "SUCCESS", "FAILED", "ERROR"] as const;
export type LodgementRequestStatus = (typeof LODGEMENT_REQUEST_STATUSES)[number];
export const LodgementRequestStatusSchema = z.enum(LODGEMENT_REQUEST_STATUSES);
export const LODGEMENT_REQUEST_STATUS_LABELS = labelsFor(LODGEMENT_REQUEST_STATUSES);
/** A request with a rejection date counts as rejected. */
export function isRejectedRequest(request: { rejectedAt?: string | null }): boolean {
  return Boolean(request.rejectedAt);
}

export const DOCUMENT_CATEGORIES = [
  "APPLICATION_DOCUMENT",
  "SUPPORTING_DOCUMENT",
  "IDENTITY_SUPPORTING_DOCUMENT",
  "WORKSPACE_SUPPORTING_DOCUMENT",
  "REQUISITION_DOCUMENT",
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export const DocumentCategorySchema = z.enum(DOCUMENT_CATEGORIES);
export const DOCUMENT_CATEGORY_LABELS = labelsFor(DOCUMENT_CATEGORIES);

export const DOCUMENT_SUB_TYPES = ["GENERATED", "SIGNED", "PRIMED", "UPLOADED", "RECEIVED", "WORKSPACE_UPLOADED"] as const;
export type DocumentSubType = (typeof DOCUMENT_SUB_TYPES)[number];
export const DocumentSubTypeSchema = z.enum(DOCUMENT_SUB_TYPES);
export const DOCUMENT_SUB_TYPE_LABELS = labelsFor(DOCUMENT_SUB_TYPES);
/** The file sub-types that may be deleted (with delete-documents-enabled); decided in 0107. */
export const DELETABLE_FILE_SUB_TYPES: readonly DocumentSubType[] = ["UPLOADED", "WORKSPACE_UPLOADED"];

export const APPLICATION_DOCUMENT_TYPES = [
  "MORTGAGE_DEED",
  "TRANSFER_OF_WHOLE",
  "CHANGE_OF_NAME",
  "CHANGE_OF_ADDRESS",
  "DISCHARGE",
  "DEATH_OF_JOINT_PROPRIETOR",
  "CANCEL_A_RESTRICTION",
  "WITHDRAW_A_RESTRICTION",
  "CHANGE_OF_PROPERTY_DESCRIPTION",
] as const;
export type ApplicationDocumentType = (typeof APPLICATION_DOCUMENT_TYPES)[number];
export const ApplicationDocumentTypeSchema = z.enum(APPLICATION_DOCUMENT_TYPES);
export const APPLICATION_DOCUMENT_TYPE_LABELS = labelsFor(APPLICATION_DOCUMENT_TYPES, {
  MORTGAGE_DEED: "Mortgage charge",
  TRANSFER_OF_WHOLE: "Transfer of whole (TR1)",
  CANCEL_A_RESTRICTION: "Cancel a restriction (RX3)",
});
/** Applications whose land registry fee counts in the total (mortgage charge and transfer). */
export const FEE_BEARING_APPLICATION_TYPES: readonly ApplicationDocumentType[] = ["MORTGAGE_DEED", "TRANSFER_OF_WHOLE"];
/** Applications signed by deed, whose signed copy cannot be replaced once it exists. */
export const SIGNED_APPLICATION_TYPES: readonly ApplicationDocumentType[] = [
  "MORTGAGE_DEED",
  "TRANSFER_OF_WHOLE",
  "CANCEL_A_RESTRICTION",
];

export const SUPPORTING_DOCUMENT_TYPES = [
  "BIRTH_CERTIFICATE",
  "CHARGE",
  "CORRESPONDENCE",
  "DEATH_CERTIFICATE",
  "DEED",
  "DISCHARGE_EVIDENCE",
  "EVIDENCE",
  "IDENTITY_EVIDENCE",
  "IDENTITY_FORM",
  "LAND_REGISTRY_CORRESPONDENCE",
  "MARRIAGE_CERTIFICATE",
  "STATEMENT_OF_TRUTH",
  "STATUTORY_DECLARATION",
  "WITNESS_STATEMENT",
  "LAND_TRANSACTION_TAX",
  "STAMP_DUTY_LAND_TAX",
  "PG82_CERTIFICATE",
  "COMPANIES_HOUSE_EVIDENCE",
  "COMPANIES_HOUSE_CERTIFICATE",
  "CONSENT",
  "CERTIFIED_COPY",
  "POWER_OF_ATTORNEY",
  "GRANT_OF_PROBATE",
  "DEED_POLL",
  "CIVIL_PARTNERSHIP_CERTIFICATE",
  "OTHER",
] as const;
export const WORKSPACE_SUPPORTING_DOCUMENT_TYPES = ["MORTGAGE_OFFER", "REDEMPTION_STATEMENT"] as const;
export const RECEIVED_DOCUMENT_TYPES = [
  "TITLE_REGISTER",
  "TITLE_INFORMATION_DOCUMENT",
  "EARLY_COMPLETION_TITLE_INFORMATION_DOCUMENT",
  "EARLY_COMPLETION_REMINDER",
  "LODGEMENT_CANCELLATION_DOCUMENT",
  "COMPLETION_OF_REGISTRATION",
  "LAND_REGISTRY_DOCUMENT",
] as const;
export const DOCUMENT_TYPES = [
  ...APPLICATION_DOCUMENT_TYPES,
  ...SUPPORTING_DOCUMENT_TYPES,
  ...WORKSPACE_SUPPORTING_DOCUMENT_TYPES,
  ...RECEIVED_DOCUMENT_TYPES,
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES, { error: () => "Document type is required" });
export const DOCUMENT_TYPE_LABELS = labelsFor(DOCUMENT_TYPES, {
  ...APPLICATION_DOCUMENT_TYPE_LABELS,
  PG82_CERTIFICATE: "PG82 certificate",
  COMPANIES_HOUSE_EVIDENCE: "Companies House evidence",
  COMPANIES_HOUSE_CERTIFICATE: "Companies House certificate",
});

/** Lender types left out of the lender list. */
export const EXCLUDED_LENDER_TYPES = ["INDIVIDUAL_LENDER", "NOTED_CHARGE", "EQUITABLE_CHARGE"] as const;

export const CERTIFICATION_TYPES = ["ORIGINAL", "CERTIFIED", "SCANNED"] as const;
export type CertificationType = (typeof CERTIFICATION_TYPES)[number];
export const CertificationTypeSchema = z.enum(CERTIFICATION_TYPES, { error: () => "Certification is required" });
export const CERTIFICATION_TYPE_LABELS = labelsFor(CERTIFICATION_TYPES);

export const SIGNATURE_TYPES = [
  "WET_INK_SIGNATURE",
  "CONVEYANCER_CERTIFIED_ELECTRONIC_SIGNATURE",
  "ADVANCED_ELECTRONIC_SIGNATURE",
] as const;
export type SignatureType = (typeof SIGNATURE_TYPES)[number];
export const SignatureTypeSchema = z.enum(SIGNATURE_TYPES, { error: () => "Signature preference is required" });
export const SIGNATURE_TYPE_LABELS = labelsFor(SIGNATURE_TYPES, {
  CONVEYANCER_CERTIFIED_ELECTRONIC_SIGNATURE: "Conveyancer certified electronic signature (CCES)",
});

export const MORTGAGE_DEED_REFERENCE_TYPES = ["STANDARD", "DIGITAL"] as const;
export type MortgageDeedReferenceType = (typeof MORTGAGE_DEED_REFERENCE_TYPES)[number];
export const MortgageDeedReferenceTypeSchema = z.enum(MORTGAGE_DEED_REFERENCE_TYPES);
export const MORTGAGE_DEED_REFERENCE_TYPE_LABELS: Readonly<Record<MortgageDeedReferenceType, string>> = {
  STANDARD: "Standard deed",
  DIGITAL: "Digital deed",
};

export const CONSIDERATION_TYPES = [
  "MONETARY_CONSIDERATION",
  "NO_MONETARY_CONSIDERATION",
  "TRANSFER_OF_MATRIMONIAL_OR_CIVIL_PARTNERSHIP_HOME",
] as const;
export type ConsiderationType = (typeof CONSIDERATION_TYPES)[number];
export const ConsiderationTypeSchema = z.enum(CONSIDERATION_TYPES, { error: () => "Consideration type is required" });
export const CONSIDERATION_TYPE_LABELS = labelsFor(CONSIDERATION_TYPES);

export const FILE_UPLOAD_STATUSES = ["PENDING", "SUCCESS", "VIRUS_FOUND", "FAILED"] as const;
export type FileUploadStatus = (typeof FILE_UPLOAD_STATUSES)[number];
export const FileUploadStatusSchema = z.enum(FILE_UPLOAD_STATUSES);
export const FILE_UPLOAD_STATUS_LABELS = labelsFor(FILE_UPLOAD_STATUSES);

/** Upload phases of document 3 section 4.2. */
export const UPLOAD_PHASES = ["idle", "uploading", "getting-document", "polling-virus-scan"] as const;
export type UploadPhase = (typeof UPLOAD_PHASES)[number];

export const POLICY_DECISIONS = ["ALLOW"] as const;
export const POLICY_ACTIONS = ["VIEW"] as const;
/** The principal of a policy entry that grants every organisation (decided in 0107). */
export const POLICY_PRINCIPAL_ALL = "*";

export const TASK_STATUSES = ["PENDING", "COMPLETED"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TaskStatusSchema = z.enum(TASK_STATUSES);
export const TASK_STATUS_LABELS = labelsFor(TASK_STATUSES);

export const WORKSPACE_TABS = ["overview", "participants", "property-details", "financials", "documents", "stamp-duty"] as const;
export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];
export const WORKSPACE_TAB_LABELS: Readonly<Record<WorkspaceTab, string>> = {
  overview: "Overview",
  participants: "Participants",
  "property-details": "Property details",
  financials: "Financials",
  documents: "Documents",
  "stamp-duty": "Stamp duty",
};

/** The upload success banner clears after 4 seconds; download URLs are cached for 60 seconds. */
export const UPLOAD_SUCCESS_BANNER_MS = 4000;
export const DOWNLOAD_URL_CACHE_MS = 60_000;
/** Upload files: PDF only, under 20 MB. */
export const MAX_UPLOAD_BYTES = 20_971_520;
