/**
 * The contract of the lodgement area (document 3 sections 3, 4.1-4.3, 5.1 and 7.1), under /api/lodgement/v1.
 * One schema per request and answer, shared by the provider (fastify-type-provider-zod, the OpenAPI document),
 * the app and the CLI (core/documents/client.ts).
 *
 *   GET    /api/lodgement/v1/lodgement-cases?workspace_id=                     → LodgementCasesResponse
 *   PATCH  /api/lodgement/v1/lodgement-cases/{id}                              {status} → LodgementCase     (If-Match: the case's version)
 *          status LODGED = submit to the land registry; REGISTERED_EXTERNALLY = resubmitted outside the product;
 *          RESUBMISSION_PREPARED = a rejected case taken back to be resubmitted in the product (decision 0714)
 *   GET    /api/lodgement/v1/lodgement-cases/{id}/documents                    → DocumentsResponse
 *   POST   /api/lodgement/v1/lodgement-cases/{id}/documents                    AttachDocumentRequest (JSON, a scanned file
 *          of this case) or multipart (file + the same fields) → 201 Document
 *   GET    /api/lodgement/v1/lodgement-cases/{id}/documents/{documentId}       → Document
 *   PATCH  /api/lodgement/v1/lodgement-cases/{id}/documents/{documentId}       DocumentPatchRequest → Document (If-Match: the document's version)
 *   DELETE /api/lodgement/v1/lodgement-cases/{id}/documents/{documentId}       → RemoveDocumentResponse (If-Match: the document's version)
 *   POST   /api/lodgement/v1/lodgement-cases/{id}/approvals                    ApprovalRequest → LodgementCase (If-Match: the case's version)
 *   POST   /api/lodgement/v1/lodgement-cases/{id}/submit-requisitions          SubmitRequisitionsRequest → LodgementRequest (If-Match: the case's version)
 *   GET    /api/lodgement/v1/lodgement-requests?lodgement_case_id=             → LodgementRequestsResponse
 *   GET    /api/lodgement/v1/lodgement-cases/participants?workspace_id=        → ParticipantsResponse
 *   GET    /api/lodgement/v1/lender-mortgage-references?subscriber_id=         → LenderMortgageReferencesResponse
 *
 * Versions: the case's version moves on with every change to the case, its documents or its requests; each
 * document has its own version too. Without If-Match 428; stale 409 with the conflict message, nothing written.
 *
 * Money over the API is integer pence (transactionValue, landRegistryFee, landRegistryFeeTotal).
 *
 * Refusals: 400 `{ status, code, message }`: a field's message is `Invalid request. body.<field>: <text>`; a
 * rule's refusal carries a code of LODGEMENT_REFUSAL_CODES and the tooltip text of core/documents/rules.ts
 * (DOCUMENT_TOOLTIPS, READINESS_PROBLEMS) or LODGEMENT_MESSAGES below as its message; 403 without the
 * permission; 404 outside the caller's workspaces (a file or document of another case is "not found").
 */
import { z } from "zod";
import {
  APPLICATION_DOCUMENT_TYPES,
  CertificationTypeSchema,
  ConsiderationTypeSchema,
  DocumentCategorySchema,
  DocumentSubTypeSchema,
  DocumentTypeSchema,
  FileUploadStatusSchema,
  LodgementCaseStatusSchema,
  LodgementRequestStatusSchema,
  MortgageDeedReferenceTypeSchema,
  SignatureTypeSchema,
} from "./enums.js";
import { APPROVAL_STATEMENTS, DEED_PREFERENCE_MESSAGES } from "./schemas.js";
import { TRANSACTION_VALUE_MESSAGES } from "../shared/money.js";
import { fieldErrorMessage, fieldErrorsOf } from "../financials/api.js";

/** A field's 400 message and its reading back: the same shape as every provider request validation. */
export { fieldErrorMessage, fieldErrorsOf };

export const LODGEMENT_API = "/api/lodgement/v1";
export const LODGEMENT_CASES_PATH = `${LODGEMENT_API}/lodgement-cases`;
export const LODGEMENT_REQUESTS_PATH = `${LODGEMENT_API}/lodgement-requests`;
export const LODGEMENT_PARTICIPANTS_PATH = `${LODGEMENT_CASES_PATH}/participants`;
export const LENDER_MORTGAGE_REFERENCES_PATH = `${LODGEMENT_API}/lender-mortgage-references`;

/** The largest transaction value: 12 integer digits and 2 decimals, in pence. */
export const MAX_TRANSACTION_VALUE_PENCE = 99_999_999_999_999;

// ---------------------------------------------------------------------------------------------------
// Statuses of this contract

/**
 * A document's status (document 3 section 4.1: CREATED means "action required"):
 * - CREATED: an application still missing something the user must give (its signed copy, transaction value,
 *   deed preference) — the action-required badge; approval is not offered while any application is CREATED.
 * - PREPARED: ready to approve (applications) or held in the case (supporting documents, correspondence).
 * - APPROVED: approved for submission.
 * - LODGED: sent to the land registry in a lodgement request (submittedAt set).
 * - REGISTERED: the land registry registered it.
 * - REJECTED: the request it went in was rejected (rejectedAt set).
 */
export const DOCUMENT_STATUSES = ["CREATED", "PREPARED", "APPROVED", "LODGED", "REGISTERED", "REJECTED"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DocumentStatusSchema = z.enum(DOCUMENT_STATUSES);

/** What the land registry answered a lodgement request with (null while it has not answered). */
export const LODGEMENT_OUTCOMES = ["REGISTERED", "REQUISITIONED", "REJECTED"] as const;
export type LodgementOutcome = (typeof LODGEMENT_OUTCOMES)[number];
export const LodgementOutcomeSchema = z.enum(LODGEMENT_OUTCOMES);

/**
 * The statuses a user may set on a case with PATCH: submit (LODGED), resubmitted outside the product, and
 * prepared for resubmission in the product (decision 0714).
 */
export const CASE_PATCH_STATUSES = ["LODGED", "REGISTERED_EXTERNALLY", "RESUBMISSION_PREPARED"] as const;
export type CasePatchStatus = (typeof CASE_PATCH_STATUSES)[number];

// ---------------------------------------------------------------------------------------------------
// Answers

export const AuditAttributesSchema = z.object({
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastModifiedAt: z.string(),
  lastModifiedBy: z.string().nullable(),
});

export const SignatureSchema = z.object({
  type: SignatureTypeSchema,
  /** How the signature is given: ELECTRONIC or PAPER. */
  format: z.string(),
});
export type Signature = z.infer<typeof SignatureSchema>;

export const DocumentAttributesSchema = z.object({
  certificationType: CertificationTypeSchema.nullable(),
  /** Pence; null until given. */
  transactionValue: z.number().int().nullable(),
  considerationType: ConsiderationTypeSchema.nullable(),
  /** Pence, from the dated fee table of core/documents/fees.ts; null for documents that are not applications. */
  landRegistryFee: z.number().int().nullable(),
  mortgageDeedReference: z.string().nullable(),
  mortgageDeedReferenceType: MortgageDeedReferenceTypeSchema.nullable(),
  signature: SignatureSchema.nullable(),
  /** CANCEL_A_RESTRICTION: the restriction's type (e.g. FORM_A). */
  restrictionType: z.string().nullable(),
  /** DISCHARGE: the charge's identifier on the title (e.g. C1). */
  chargeIdentifier: z.string().nullable(),
  /** DISCHARGE / CANCEL_A_RESTRICTION: the register entry number. */
  entryNumber: z.string().nullable(),
});
export type DocumentAttributes = z.infer<typeof DocumentAttributesSchema>;

export const DocumentFileSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  fileUploadStatus: FileUploadStatusSchema,
});

export const ApplicationPartySchema = z.object({
  partyId: z.string(),
  name: z.string(),
  /** The party's role in the workspace (BORROWER, BUYER, SELLER, OUTGOING_PROPRIETOR, …) or the lender's. */
  role: z.string(),
});

/** A refusable action on a document, with the tooltip of core/documents/rules.ts when refused. */
export const ActionAvailabilitySchema = z.object({ enabled: z.boolean(), tooltip: z.string().nullable() });

const documentFields = {
  documentId: z.string(),
  lodgementCaseId: z.string(),
  documentType: DocumentTypeSchema,
  documentCategory: DocumentCategorySchema,
  /** The application a supporting or requisition document is attached to; null for applications. */
  parentDocumentId: z.string().nullable(),
  status: DocumentStatusSchema,
  subType: DocumentSubTypeSchema,
  submittedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  /** The lodgement request it was submitted in (or, for correspondence, received in). */
  lodgementRequestId: z.string().nullable(),
  /** The title of the accordion or the row ("Mortgage charge", "Discharge of charge C1", the file name, …). */
  name: z.string(),
  file: DocumentFileSchema.nullable(),
  auditAttributes: AuditAttributesSchema,
  applicationType: z.object({ landRegistryApplicationName: z.string() }).nullable(),
  documentAttributes: DocumentAttributesSchema,
  /** Correspondence of a rejected request shows the 'Expired' chip. */
  expired: z.boolean(),
  version: z.number().int(),
};

/** A supporting document as its application lists it. */
export const SupportingDocumentSchema = z.object(documentFields);
export type SupportingDocument = z.infer<typeof SupportingDocumentSchema>;

export const DocumentSchema = z.object({
  ...documentFields,
  /** Applications: the parties the application is for. */
  applicationParties: z.array(ApplicationPartySchema),
  /** Applications: the documents attached to it. */
  supportingDocuments: z.array(SupportingDocumentSchema),
  /** Detach (supporting documents) or delete, as the caller may now. */
  actions: z.object({ remove: ActionAvailabilitySchema, edit: ActionAvailabilitySchema }),
});
export type LodgementDocument = z.infer<typeof DocumentSchema>;

export const DocumentsResponseSchema = z.object({ records: z.array(DocumentSchema) });
export type DocumentsResponse = z.infer<typeof DocumentsResponseSchema>;

export const SubmissionProblemSchema = z.object({ code: z.string(), message: z.string() });

export const LodgementCaseSchema = z.object({
  lodgementCaseId: z.string(),
  workspaceId: z.string(),
  lodgementCaseStatus: LodgementCaseStatusSchema,
  /** The same as lodgementCaseStatus (document 3 section 3 names both). */
  status: LodgementCaseStatusSchema,
  /** Once lodged the case is locked for good: no attach, detach, approval changes. */
  hardLocked: z.boolean(),
  /** The document types that may be uploaded now (supporting types; requisition documents when requisitioned). */
  documentTypes: z.array(DocumentTypeSchema),
  /** The application types the case holds (derived from the workspace), ordered as shown. */
  applicationTypes: z.array(z.enum(APPLICATION_DOCUMENT_TYPES)),
  /** Every application is APPROVED (or beyond). */
  applicationsApproved: z.boolean(),
  /** Pence: the sum over mortgage-charge and transfer applications (core landRegistryFeeTotal). */
  landRegistryFeeTotal: z.number().int(),
  /** Approve is offered (core canApproveApplications). */
  canApprove: z.boolean(),
  /** Unapprove is offered: approved, not lodged, the workspace neither locked nor cancelled (as for approval). */
  canUnapprove: z.boolean(),
  /** Why submission is not possible yet (4.3 readiness and the status rules); [] when it is. */
  submissionProblems: z.array(SubmissionProblemSchema),
  /** The approval statements the approve call needs (core approvalStatements). */
  approvalStatements: z.array(z.enum(Object.keys(APPROVAL_STATEMENTS) as [keyof typeof APPROVAL_STATEMENTS])),
  /** The request the land registry is dealing with now (lodged or requisitioned); null otherwise. */
  activeLodgementRequestId: z.string().nullable(),
  /** Reply deadline of the active requisition (ISO date-time), null when none. */
  requisitionDeadline: z.string().nullable(),
  version: z.number().int(),
});
export type LodgementCase = z.infer<typeof LodgementCaseSchema>;

export const LodgementCasesResponseSchema = z.object({ records: z.array(LodgementCaseSchema) });
export type LodgementCasesResponse = z.infer<typeof LodgementCasesResponseSchema>;

export const LodgementRequestSchema = z.object({
  lodgementRequestId: z.string(),
  lodgementCaseId: z.string(),
  status: LodgementRequestStatusSchema,
  /** What the land registry answered last (null while waiting). */
  outcome: LodgementOutcomeSchema.nullable(),
  /** The land registry's application reference. */
  registryReference: z.string().nullable(),
  submittedAt: z.string(),
  rejectedAt: z.string().nullable(),
  registeredAt: z.string().nullable(),
  requisitionedAt: z.string().nullable(),
  /** 12:00 London on the 15th business day after the requisition; null when none. */
  requisitionDeadline: z.string().nullable(),
  /** Pence: the fees of the applications lodged. */
  landRegistryFee: z.number().int(),
  /** The applications lodged in it (documentId, type, name). */
  applications: z.array(z.object({ documentId: z.string(), documentType: DocumentTypeSchema, name: z.string() })),
  /** REQUISITION_DOCUMENT documents: RECEIVED from the registry, UPLOADED as replies. */
  correspondence: z.array(SupportingDocumentSchema),
});
export type LodgementRequest = z.infer<typeof LodgementRequestSchema>;

export const LodgementRequestsResponseSchema = z.object({ records: z.array(LodgementRequestSchema) });
export type LodgementRequestsResponse = z.infer<typeof LodgementRequestsResponseSchema>;

export const CaseParticipantSchema = z.object({
  subscriberId: z.string(),
  subscriberName: z.string(),
  /** The participant's role (INCOMING_LENDER, BUYER_REPRESENTATIVE, …). */
  role: z.string(),
});
export type CaseParticipant = z.infer<typeof CaseParticipantSchema>;
export const ParticipantsResponseSchema = z.object({ records: z.array(CaseParticipantSchema) });

export const LenderMortgageReferenceSchema = z.object({
  subscriberId: z.string(),
  mortgageDeedReference: z.string(),
  mortgageDeedReferenceType: MortgageDeedReferenceTypeSchema,
  applicableSignatures: z.array(SignatureSchema),
});
export type LenderMortgageReference = z.infer<typeof LenderMortgageReferenceSchema>;
export const LenderMortgageReferencesResponseSchema = z.object({ records: z.array(LenderMortgageReferenceSchema) });

export const RemoveDocumentResponseSchema = z.object({
  documentId: z.string(),
  /** DETACHED: a supporting document taken off its application (kept in the case); DELETED: gone. */
  outcome: z.enum(["DETACHED", "DELETED"]),
});
export type RemoveDocumentResponse = z.infer<typeof RemoveDocumentResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Requests

const uuid = (name: string) => z.uuid({ error: () => `${name} must be a UUID` });

export const LodgementCasesQuerySchema = z.object({ workspace_id: uuid("workspace_id") });
export const LodgementCaseParamsSchema = z.object({ id: uuid("id") });
export const DocumentParamsSchema = LodgementCaseParamsSchema.extend({ documentId: uuid("documentId") });
export const LodgementRequestsQuerySchema = z.object({ lodgement_case_id: uuid("lodgement_case_id") });
export const ParticipantsQuerySchema = z.object({ workspace_id: uuid("workspace_id") });
export const LenderMortgageReferencesQuerySchema = z.object({
  subscriber_id: z.string({ error: () => "subscriber_id is required" }).min(1, { error: () => "subscriber_id is required" }).max(100),
});

export const CasePatchRequestSchema = z.strictObject({
  status: z.enum(CASE_PATCH_STATUSES, { error: () => "status must be LODGED (submit), REGISTERED_EXTERNALLY (resubmitted outside) or RESUBMISSION_PREPARED (resubmit in the product)" }),
});
export type CasePatchRequest = z.infer<typeof CasePatchRequestSchema>;

export const AttachDocumentRequestSchema = z.strictObject({
  fileId: uuid("fileId"),
  documentType: DocumentTypeSchema,
  documentCategory: DocumentCategorySchema,
  certificationType: CertificationTypeSchema.optional(),
  /** The application to attach to; absent keeps the document in the case without an application. */
  parentDocumentId: uuid("parentDocumentId").optional(),
});
export type AttachDocumentRequest = z.infer<typeof AttachDocumentRequestSchema>;

/** The multipart variant's fields (everything but the file itself), as text. */
export const UploadDocumentFieldsSchema = AttachDocumentRequestSchema.omit({ fileId: true });
export type UploadDocumentFields = z.infer<typeof UploadDocumentFieldsSchema>;

export const TransactionValuePenceSchema = z
  .number({ error: () => TRANSACTION_VALUE_MESSAGES.required })
  .int({ error: () => TRANSACTION_VALUE_MESSAGES.invalid })
  .min(0, { error: () => TRANSACTION_VALUE_MESSAGES.invalid })
  .max(MAX_TRANSACTION_VALUE_PENCE, { error: () => TRANSACTION_VALUE_MESSAGES.length });

export const DOCUMENT_PATCH_MESSAGES = {
  nothing: "Send at least one change: fileId, certificationType, transactionValue, mortgageDeedReference, mortgageDeedReferenceType, considerationType or signature",
  deedPair: DEED_PREFERENCE_MESSAGES.deed,
} as const;

/**
 * A document's changes (empty values omitted): replace its file, its certification, and for applications the
 * transaction value (pence; 0 only for a transfer of whole — checked by the provider), the deed preference
 * (reference and its type together), the signature preference and the consideration type.
 */
export const DocumentPatchRequestSchema = z
  .strictObject({
    fileId: uuid("fileId").optional(),
    certificationType: CertificationTypeSchema.optional(),
    transactionValue: TransactionValuePenceSchema.optional(),
    mortgageDeedReference: z.string().trim().min(1, { error: () => DEED_PREFERENCE_MESSAGES.deed }).max(100).optional(),
    mortgageDeedReferenceType: MortgageDeedReferenceTypeSchema.optional(),
    considerationType: ConsiderationTypeSchema.optional(),
    signature: z.strictObject({ type: SignatureTypeSchema, format: z.string().min(1).max(40) }).optional(),
  })
  .superRefine((body, ctx) => {
    if (Object.keys(body).length === 0) ctx.addIssue({ code: "custom", message: DOCUMENT_PATCH_MESSAGES.nothing, path: [] });
    if ((body.mortgageDeedReference === undefined) !== (body.mortgageDeedReferenceType === undefined)) {
      ctx.addIssue({ code: "custom", message: DOCUMENT_PATCH_MESSAGES.deedPair, path: ["mortgageDeedReference"] });
    }
  });
export type DocumentPatchRequest = z.input<typeof DocumentPatchRequestSchema>;

export const ApprovalStatementKeySchema = z.enum(Object.keys(APPROVAL_STATEMENTS) as [keyof typeof APPROVAL_STATEMENTS]);

/**
 * Approve (approved: true, with every statement the case's approvalStatements lists confirmed) or unapprove
 * (approved: false, no statements). The provider checks the statements (decision 0710).
 */
export const ApprovalRequestSchema = z.strictObject({
  approved: z.boolean({ error: () => "approved must be true or false" }),
  statements: z.array(ApprovalStatementKeySchema).max(3).optional(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;

export const SubmitRequisitionsRequestSchema = z.strictObject({
  correspondenceDocumentIds: z
    .array(uuid("correspondenceDocumentIds"))
    .min(1, { error: () => "Choose at least one correspondence document to submit" })
    .max(100),
});
export type SubmitRequisitionsRequest = z.infer<typeof SubmitRequisitionsRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Refusals (400 / 409) that are rules rather than a field

export const LODGEMENT_REFUSAL_CODES = {
  /** Attach / detach / delete refused by a 4.2 rule: message is the DOCUMENT_TOOLTIPS text. */
  documentRefused: "DOCUMENT_REFUSED",
  /** The file is not scanned clean (PENDING, VIRUS_FOUND, FAILED). */
  fileNotReady: "FILE_NOT_READY",
  /** A transaction value, deed or signature preference or consideration type that 5.1 refuses. */
  attributeRefused: "ATTRIBUTE_REFUSED",
  /** Approve / unapprove not possible now. */
  approvalRefused: "APPROVAL_REFUSED",
  /** Submission readiness (4.3) or status refuses the submission. */
  submissionRefused: "SUBMISSION_REFUSED",
  /** A case status change that is not allowed from the current status. */
  statusRefused: "STATUS_REFUSED",
  /** Submit requisitions refused. */
  requisitionRefused: "REQUISITION_REFUSED",
} as const;

export const LODGEMENT_MESSAGES = {
  fileNotReady: "The file has not passed its virus scan, so it cannot be attached.",
  fileAlreadyAttached: "This file is already attached to a document.",
  parentNotApplication: "The document can only be attached to an application of this case.",
  applicationNotRemovable: "An application comes from the workspace and cannot be removed.",
  zeroValueOnlyTransfer: TRANSACTION_VALUE_MESSAGES.invalid,
  valueNotForType: "Only a mortgage charge or a transfer of whole takes a transaction value.",
  signatureNotForDeed: "Choose a signature preference the deed reference allows.",
  notAnApplication: "Only an application takes a transaction value, deed or signature preference or consideration type.",
  deedPreferenceNotForType: "Only a mortgage charge or a transfer of whole takes a deed or signature preference.",
  considerationOnlyTransfer: "Only a transfer of whole takes a consideration type.",
  unknownDeedReference: "Choose one of the lender's mortgage deed references.",
  statementsRequired: "Confirm every statement to approve the applications.",
  cannotApprove: "The applications cannot be approved: each needs its information first, and the case must not be approved or lodged.",
  cannotUnapprove: "The applications are not approved, or have already been submitted.",
  notApproved: "Approve the applications before submitting them to the land registry.",
  notSubmittable: "The workspace must have exchanged funds before the applications are submitted to the land registry.",
  alreadyLodged: "The applications have already been submitted to the land registry.",
  resubmitOnlyRejected: "Only a case whose lodgement was rejected can be marked as resubmitted outside the product.",
  prepareResubmissionOnlyRejected: "Only a case whose lodgement was rejected can be prepared for resubmission.",
  notRequisitioned: "There is no requisition to answer.",
  correspondenceNotSubmittable: "Only correspondence of the active requisition not yet submitted can be sent.",
  approvalNotCase: "The documents cannot be changed now.",
} as const;
