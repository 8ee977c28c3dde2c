/**
 * The Documents tab's forms (document 3 section 5.1) on the core schemas, the same in the browser and in the
 * actions: the upload's fields (the file itself is checked as it streams, app/documents/read-upload.server.ts,
 * and by the provider), an application's transaction value with its deed, signature and consideration
 * preferences, the certification dialog, the approval statements, the viewing permission, and the plain
 * confirmations (delete, unapprove, submit, resubmit outside).
 */
import { z } from "zod";
import { CERTIFICATION_TYPES, CONSIDERATION_TYPES, SIGNATURE_TYPES } from "../../core/documents/enums.js";
import { DEED_PREFERENCE_MESSAGES, UPLOAD_MESSAGES, approvalStatementsSchema } from "../../core/documents/schemas.js";
import { requiredChoice } from "../../core/shared/fields.js";
import { transactionValueSchema } from "../../core/shared/money.js";

export const DOCUMENTS_INTENTS = ["upload", "application", "detach", "submit-requisitions"] as const;
export type DocumentsIntent = (typeof DOCUMENTS_INTENTS)[number];

/** The multipart field names of the upload form; the CSRF token comes first (see read-upload.server.ts). */
export const UPLOAD_FORM_FIELDS = { file: "file", documentType: "documentType", certificationType: "certificationType", grantees: "grantees" } as const;

const choice = (values: readonly string[], message: string) =>
  z.string({ error: () => message }).refine((value) => values.includes(value), { message });

/** The upload's text fields: a document type the case takes now; certification when requisitioned; grantees. */
export function uploadFieldsSchema(options: { documentTypes: readonly string[]; requisitioned: boolean; granteeIds: readonly string[] }) {
  return z.object({
    documentType: choice(options.documentTypes, UPLOAD_MESSAGES.documentTypeRequired),
    certificationType: options.requisitioned
      ? requiredChoice(CERTIFICATION_TYPES, "Certification", UPLOAD_MESSAGES.certificationRequired)
      : z.enum(CERTIFICATION_TYPES).optional(),
    grantees: z.array(choice(options.granteeIds, "Choose participants of this workspace")).max(50).optional(),
  });
}

/**
 * An application's form: the transaction value (0 allowed only for a transfer of whole), for a mortgage charge
 * the lender's deed reference, for a mortgage charge or a transfer the signature preference, for a transfer
 * its consideration type.
 */
export function applicationFormSchema(options: { transferOfWhole: boolean; takesDeedPreference: boolean; takesSignature?: boolean; deedReferences: readonly string[] }) {
  const takesSignature = options.takesSignature ?? options.takesDeedPreference;
  return z.object({
    documentId: z.string().min(1),
    transactionValue: transactionValueSchema({ transferOfWhole: options.transferOfWhole }),
    mortgageDeedReference: options.takesDeedPreference ? choice(options.deedReferences, DEED_PREFERENCE_MESSAGES.deed) : z.string().optional(),
    signatureType: takesSignature ? requiredChoice(SIGNATURE_TYPES, "Signature preference", DEED_PREFERENCE_MESSAGES.signature) : z.string().optional(),
    considerationType: options.transferOfWhole
      ? requiredChoice(CONSIDERATION_TYPES, "Consideration type", DEED_PREFERENCE_MESSAGES.consideration)
      : z.string().optional(),
  });
}

/** The certification dialog: a certification, and the application (optional only for a requisition reply). */
export function certificationFormSchema(options: { applicationIds: readonly string[]; applicationRequired: boolean }) {
  return z.object({
    certificationType: requiredChoice(CERTIFICATION_TYPES, "Certification", UPLOAD_MESSAGES.certificationRequired),
    parentDocumentId: options.applicationRequired
      ? choice(options.applicationIds, "Application is required")
      : z.string().optional().refine((value) => value === undefined || options.applicationIds.includes(value), { message: "Choose an application of this workspace" }),
  });
}

/** The approve dialog: each statement shown must be ticked (core approvalStatementsSchema). */
export const approvalFormSchema = approvalStatementsSchema;

/** The viewing permission: the other organisations that may view the file. */
export function permissionFormSchema(granteeIds: readonly string[]) {
  return z.object({ grantees: z.array(choice(granteeIds, "Choose participants of this workspace")).max(50).optional() });
}

/** A confirmation with nothing to fill in. */
export const ConfirmSchema = z.object({});

export const DetachSchema = z.object({ documentId: z.string().min(1) });
export const SubmitRequisitionsSchema = z.object({ documentIds: z.array(z.string().min(1)).min(1, "Upload the requisition replies first.").max(100) });
