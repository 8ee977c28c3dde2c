/**
 * The contract of lodgement files (document 3 sections 3 "File", 6 and 7.1):
 *
 *   POST   /api/lodgement/v1/lodgement-cases/{lodgementCaseId}/files            multipart: file, documentType,
 *          documentCategory, optional repeated policy (grantee subscriber ids)   → 201 LodgementFile (PENDING)
 *   GET    /api/lodgement/v1/lodgement-cases/{lodgementCaseId}/files            → 200 { records: [LodgementFile] } newest first,
 *          only the files the caller may view (core/documents/rules.ts canViewFile)
 *   GET    /api/lodgement/v1/lodgement-cases/{lodgementCaseId}/files/{fileId}   → 200 LodgementFile (poll fileUploadStatus)
 *   PATCH  /api/lodgement/v1/lodgement-cases/{lodgementCaseId}/files/{fileId}   JSON { policy: [subscriberId] }, If-Match
 *          → 200 LodgementFile (the owner's organisation is always kept)
 *   DELETE /api/lodgement/v1/lodgement-cases/{lodgementCaseId}/files/{fileId}   If-Match → 204
 *   GET    /api/lodgement/v1/lodgement-cases/{lodgementCaseId}/files/{fileId}/content
 *          → 200 { downloadUrl, expiresAt }: a signed link valid 60 seconds, a path under the provider's URL
 *   GET    /api/lodgement/v1/file-downloads/{token}     (no bearer token: the browser opens it) → the PDF,
 *          `Content-Disposition: attachment`; an expired link 410, a tampered one 403.
 *
 * Upload refusals (400, nothing stored): over 20 MB 'Your document must be less than 20MB'; not a PDF 'File
 * type must be in a valid PDF format'; encrypted 'Your file is secured or restricted from editing…'
 * (core/documents/schemas.ts). A new file is PENDING until the virus scan job answers SUCCESS, VIRUS_FOUND
 * or FAILED.
 */
import { z } from "zod";
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_SUB_TYPES,
  DOCUMENT_TYPES,
  FILE_UPLOAD_STATUSES,
  MAX_UPLOAD_BYTES,
  POLICY_ACTIONS,
  POLICY_DECISIONS,
} from "./enums.js";

export const LODGEMENT_API = "/api/lodgement/v1";
export const LODGEMENT_CASES_PATH = `${LODGEMENT_API}/lodgement-cases`;
/** Where the signed download links point (under the provider's public URL). */
export const FILE_DOWNLOADS_PATH = `${LODGEMENT_API}/file-downloads`;

const segment = (value: string) => encodeURIComponent(value);
export const filesPath = (lodgementCaseId: string) => `${LODGEMENT_CASES_PATH}/${segment(lodgementCaseId)}/files`;
export const filePath = (lodgementCaseId: string, fileId: string) => `${filesPath(lodgementCaseId)}/${segment(fileId)}`;
export const fileContentPath = (lodgementCaseId: string, fileId: string) => `${filePath(lodgementCaseId, fileId)}/content`;

/** The multipart field names of the upload (document 3 section 7.1). */
export const UPLOAD_FIELDS = {
  file: "file",
  documentType: "documentType",
  documentCategory: "documentCategory",
  policy: "policy",
} as const;

/** The largest upload, in bytes (20 MB = 20,971,520; an upload reaching it is refused). */
export const MAX_FILE_BYTES = MAX_UPLOAD_BYTES;
/** How long a signed download link lasts (document 3 section 9): 60 seconds. */
export const DOWNLOAD_LINK_TTL_MS = 60_000;
/** The most grantees one policy names (bounds what a caller may send). */
export const MAX_POLICY_ENTRIES = 50;
/** The longest file name kept (longer names are cut). */
export const MAX_FILE_NAME_LENGTH = 255;

export const PolicyEntrySchema = z.object({
  principal: z.string(),
  decision: z.enum(POLICY_DECISIONS),
  action: z.enum(POLICY_ACTIONS),
});
export type PolicyEntry = z.infer<typeof PolicyEntrySchema>;

export const FilePermissionSchema = z.object({
  policy: z.array(PolicyEntrySchema),
  /** The subscriber (organisation) that uploaded the file and owns its policy. */
  policyOwner: z.string(),
});
export type FilePermission = z.infer<typeof FilePermissionSchema>;

export const AuditAttributesSchema = z.object({
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastModifiedAt: z.string(),
  lastModifiedBy: z.string().nullable(),
});
export type AuditAttributes = z.infer<typeof AuditAttributesSchema>;

/** A file as document 3 section 3 names it, plus its version (for If-Match) and its size. */
export const LodgementFileSchema = z.object({
  fileId: z.string(),
  lodgementCaseId: z.string(),
  fileName: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  documentCategory: z.enum(DOCUMENT_CATEGORIES),
  documentSubType: z.enum(DOCUMENT_SUB_TYPES),
  fileUploadStatus: z.enum(FILE_UPLOAD_STATUSES),
  /** Always READY once the row exists (the bytes are fully stored before it is written). */
  status: z.literal("READY"),
  sizeBytes: z.number().int().nonnegative(),
  auditAttributes: AuditAttributesSchema,
  permission: FilePermissionSchema,
  /** The application document the file is attached to, when it is (set by the documents part). */
  parentDocumentId: z.string().nullable(),
  version: z.number().int().positive(),
});
export type LodgementFile = z.infer<typeof LodgementFileSchema>;

export const FilesResponseSchema = z.object({ records: z.array(LodgementFileSchema) });
export type FilesResponse = z.infer<typeof FilesResponseSchema>;

/** PATCH body: the grantees (subscriber ids); the owner's organisation is kept whether named or not. */
export const UpdateFilePolicyRequestSchema = z.object({
  policy: z.array(z.string().min(1).max(100)).max(MAX_POLICY_ENTRIES),
});
export type UpdateFilePolicyRequest = z.infer<typeof UpdateFilePolicyRequestSchema>;

export const FileDownloadLinkSchema = z.object({
  /** A path under the provider's public URL, e.g. /api/lodgement/v1/file-downloads/<token>. */
  downloadUrl: z.string(),
  expiresAt: z.string(),
});
export type FileDownloadLink = z.infer<typeof FileDownloadLinkSchema>;
