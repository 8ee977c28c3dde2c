/**
 * Lodgement document forms (document 3 section 5.1): upload, certification, transaction value, deed and
 * signature preference, consideration type, and the approval statements.
 */
import { z } from "zod";
import {
  CERTIFICATION_TYPES,
  CONSIDERATION_TYPES,
  DOCUMENT_TYPES,
  MAX_UPLOAD_BYTES,
  MORTGAGE_DEED_REFERENCE_TYPES,
  SIGNATURE_TYPES,
} from "./enums.js";
import { requiredChoice, ticked } from "../shared/fields.js";
import { transactionValueSchema } from "../shared/money.js";

export const UPLOAD_MESSAGES = {
  notPdf: "Your document should be in .pdf format",
  tooLarge: "Your document must be less than 20MB",
  certificationRequired: "Certification is required",
  participantsRequired: "Participants are required",
  documentTypeRequired: "Document type is required",
  fileRequired: "File is required",
} as const;

/** The file as a form or a CLI sees it; `encrypted` when the PDF is password protected or secured. */
export interface UploadFile {
  name: string;
  size: number;
  type?: string;
  encrypted?: boolean;
}

/** The two 400 messages of the upload call (document 3 section 5.1), shown as they come. */
export const UPLOAD_REJECTION_MESSAGES = {
  invalidPdf: "File type must be in a valid PDF format",
  secured:
    "Your file is secured or restricted from editing. Please check the file and remove any applicable restrictions and upload again.",
} as const;

/**
 * PDF only (by media type or, failing that, by name), under 20 MB (20971520 bytes), not password protected
 * or secured (document 1 section 5, document 3 section 5.1).
 */
export function uploadFileProblem(file: UploadFile): string | null {
  const isPdf = file.type ? file.type === "application/pdf" : /\.pdf$/i.test(file.name);
  if (!isPdf) return UPLOAD_MESSAGES.notPdf;
  if (file.size >= MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (file.encrypted) return UPLOAD_REJECTION_MESSAGES.secured;
  return null;
}

/** Whether bytes start like a PDF (`%PDF-`), for the server's own check. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const signature = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return signature.every((byte, index) => bytes[index] === byte);
}

const ENCRYPT_KEY = new TextEncoder().encode("/Encrypt");

/**
 * Whether a PDF is password protected or restricted: its trailer names an encryption dictionary
 * (`/Encrypt`, ISO 32000-1 section 7.6). For the server's own check and the `encrypted` flag of an UploadFile.
 */
export function looksSecured(bytes: Uint8Array): boolean {
  outer: for (let start = 0; start <= bytes.length - ENCRYPT_KEY.length; start++) {
    for (let offset = 0; offset < ENCRYPT_KEY.length; offset++) {
      if (bytes[start + offset] !== ENCRYPT_KEY[offset]) continue outer;
    }
    return true;
  }
  return false;
}

export const UploadFileSchema = z
  .custom<UploadFile>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      typeof (value as UploadFile).name === "string" &&
      typeof (value as UploadFile).size === "number",
    { error: () => UPLOAD_MESSAGES.fileRequired },
  )
  .superRefine((file, ctx) => {
    const problem = uploadFileProblem(file);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export interface UploadFormOptions {
  /** The lodgement case is REQUISITIONED: certification is required, participants are not asked. */
  requisitioned: boolean;
  /** The participant (grant permission) feature is on. */
  participantSelectionEnabled: boolean;
}

/** The upload form: file, document type, certification (requisitioned cases) and participants. */
export function documentUploadSchema(options: UploadFormOptions) {
  return z.object({
    file: UploadFileSchema,
    documentType: requiredChoice(DOCUMENT_TYPES, "Document type", UPLOAD_MESSAGES.documentTypeRequired),
    certificationType: options.requisitioned
      ? requiredChoice(CERTIFICATION_TYPES, "Certification", UPLOAD_MESSAGES.certificationRequired)
      : z.enum(CERTIFICATION_TYPES).optional(),
    participants:
      options.participantSelectionEnabled && !options.requisitioned
        ? z.array(z.string().min(1), { error: () => UPLOAD_MESSAGES.participantsRequired }).min(1, UPLOAD_MESSAGES.participantsRequired)
        : z.array(z.string()).optional(),
  });
}

/**
 * The grantees of an upload: the user's own organisation always included (and first), the others as
 * chosen, each once.
 */
export function uploadGrantees(ownSubscriberId: string, chosen: readonly string[]): string[] {
  return [ownSubscriberId, ...new Set(chosen.filter((id) => id !== ownSubscriberId))];
}

/** The certification dialog: a certification and the application it relates to. */
export const CertificationSchema = z.object({
  certificationType: requiredChoice(CERTIFICATION_TYPES, "Certification", UPLOAD_MESSAGES.certificationRequired),
  parentDocumentId: z.string({ error: () => "Application is required" }).min(1, "Application is required"),
});

/** The transaction value form: 0 allowed (and only sent) for a transfer of whole. */
export function transactionValueFormSchema(options: { transferOfWhole: boolean }) {
  return z.object({ transactionValue: transactionValueSchema(options) });
}

export const DEED_PREFERENCE_MESSAGES = {
  deed: "Deed preference is required",
  signature: "Signature preference is required",
  consideration: "Consideration type is required",
} as const;

export interface DeedPreferenceOptions {
  signaturePreferenceEnabled: boolean;
  /** A transfer of whole with the consideration type feature on. */
  considerationTypeRequired: boolean;
}

/** Deed preference (mortgage deed reference and its type), signature preference and consideration type. */
export function deedPreferenceSchema(options: DeedPreferenceOptions) {
  return z.object({
    mortgageDeedReference: z
      .string({ error: () => DEED_PREFERENCE_MESSAGES.deed })
      .refine((value) => value.trim() !== "", DEED_PREFERENCE_MESSAGES.deed),
    mortgageDeedReferenceType: requiredChoice(MORTGAGE_DEED_REFERENCE_TYPES, "Deed preference", DEED_PREFERENCE_MESSAGES.deed),
    signatureType: options.signaturePreferenceEnabled
      ? requiredChoice(SIGNATURE_TYPES, "Signature preference", DEED_PREFERENCE_MESSAGES.signature)
      : z.enum(SIGNATURE_TYPES).optional(),
    considerationType: options.considerationTypeRequired
      ? requiredChoice(CONSIDERATION_TYPES, "Consideration type", DEED_PREFERENCE_MESSAGES.consideration)
      : z.enum(CONSIDERATION_TYPES).optional(),
  });
}

/** The consideration type defaults to monetary for a purchase. */
export function defaultConsiderationType(transactionType: string): (typeof CONSIDERATION_TYPES)[number] | undefined {
  return transactionType === "PURCHASE" ? "MONETARY_CONSIDERATION" : undefined;
}

/**
 * Deed reference options: for purchases or organisation parties only STANDARD references are offered;
 * the list is sorted by type; with one option the dropdown is disabled and auto-selected.
 */
export function deedReferenceOptions<T extends { mortgageDeedReferenceType: string }>(
  references: readonly T[],
  context: { transactionType: string; hasOrganisationParty: boolean },
): { options: T[]; autoSelected: T | null } {
  const standardOnly = context.transactionType === "PURCHASE" || context.hasOrganisationParty;
  const options = references
    .filter((reference) => !standardOnly || reference.mortgageDeedReferenceType === "STANDARD")
    .sort((a, b) => a.mortgageDeedReferenceType.localeCompare(b.mortgageDeedReferenceType));
  return { options, autoSelected: options.length === 1 ? options[0] : null };
}

export const APPROVAL_STATEMENTS = {
  applicantIdentity:
    "I confirm that the identity of each applicant has been verified in line with the land registry's requirements.",
  dataAccuracy: "I confirm that the information in the applications is accurate and complete.",
  lawFirmIdentity: "I confirm that the identity of each external law firm has been verified.",
} as const;
export type ApprovalStatement = keyof typeof APPROVAL_STATEMENTS;
export const APPROVAL_STATEMENT_MESSAGE = "Confirm this statement to approve the applications";

/** Which statements the approve modal shows: two always, the third when a party has an external law firm. */
export function approvalStatements(anyPartyExternallyRepresented: boolean): ApprovalStatement[] {
  return anyPartyExternallyRepresented
    ? ["applicantIdentity", "dataAccuracy", "lawFirmIdentity"]
    : ["applicantIdentity", "dataAccuracy"];
}

/** The approve modal's form: every statement shown must be ticked. */
export function approvalStatementsSchema(anyPartyExternallyRepresented: boolean) {
  const shape: Record<string, ReturnType<typeof ticked>> = {};
  for (const statement of approvalStatements(anyPartyExternallyRepresented)) shape[statement] = ticked(APPROVAL_STATEMENT_MESSAGE);
  return z.object(shape);
}
