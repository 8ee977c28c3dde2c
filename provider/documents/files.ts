/**
 * Lodgement files (document 3 sections 3, 4.2, 6 and 7.1): the rows of `lodgement_files` (migration 0070) as
 * callers see them, and every rule that protects them, enforced here.
 *
 * - A file is reached only through its case: a case of a workspace the caller cannot see is 404, and a file
 *   id of another case (another workspace's) is 404 as if it did not exist.
 * - The file-level view rule (core canViewFile) is always applied by the provider: the list holds only the
 *   files the caller's organisation may view, one file outside it is 404, its download 403
 *   (docs/decisions/0700-uploads.md).
 * - Upload: uploadFile (uploadRequisitionDocument while the case is REQUISITIONED), functional and contextual
 *   (the helpdesk administrator exempt from contextual), core's uploadAvailability; the policy's owner is the
 *   uploader's subscriber, its grantees must be participant subscribers of the workspace. The row (PENDING)
 *   and its scan job are written in one transaction, after the bytes are stored whole.
 * - Policy edit: editFileAccess and the caller's organisation owns the policy; If-Match on the file's version.
 * - Delete: deleteFile, delete-documents-enabled, deletable sub-types, not locked or cancelled, not
 *   submitted, by the owner organisation; a lodgement document made of the file goes with it under the
 *   document rules (lodgement.ts releaseFileDocuments); the row goes first, then the stored object.
 */
import type { Selectable } from "kysely";
import {
  APPLICATION_DOCUMENT_TYPES,
  DELETABLE_FILE_SUB_TYPES,
  DOCUMENT_CATEGORIES,
  DOCUMENT_TYPES,
  RECEIVED_DOCUMENT_TYPES,
  WORKSPACE_SUPPORTING_DOCUMENT_TYPES,
  type DocumentCategory,
  type DocumentSubType,
  type DocumentType,
  type FileUploadStatus,
} from "../../core/documents/enums.js";
import { MAX_POLICY_ENTRIES, UPLOAD_FIELDS, type LodgementFile, type PolicyEntry } from "../../core/documents/files-api.js";
import { DOCUMENT_MESSAGES } from "../../core/documents/messages.js";
import { canEditFileAccess, canViewFile, fileDeleteAvailability, filePolicyFor, uploadAvailability } from "../../core/documents/rules.js";
import { UPLOAD_MESSAGES } from "../../core/documents/schemas.js";
import type { Environment } from "../../core/shared/feature-flags.js";
import { EXTRA_FLAG_DEFAULTS, isFlagOn } from "../../core/shared/feature-flags.js";
import type { BorrowerValidationStatus } from "../../core/parties/enums.js";
import { workspaceFlags } from "../../core/workspaces/lifecycle.js";
import type { WorkspaceStatus } from "../../core/workspaces/status.js";
import type { RequestMeta } from "../platform/access.js";
import { AuditAction, recordAuditEvent } from "../platform/audit.js";
import type { ProductClock } from "../platform/clock.js";
import type { DB, Trx } from "../platform/db/index.js";
import type { LodgementCasesTable, LodgementFilesTable } from "../platform/db/schema.js";
import { ApiError, badRequest, conflict, forbidden, notFound } from "../platform/errors.js";
import { getFeatureFlags } from "../platform/feature-flags.js";
import type { JobQueue } from "../platform/jobs/queue.js";
import { moveVersionOn } from "../platform/versions.js";
import type { VerifiedCaller } from "../identity/verify.js";
import { findVisibleWorkspace, requireAction, type CallerWorkspace } from "../workspaces/access.js";
import { releaseFileDocuments } from "./lodgement.js";
import { scanLodgementFileJob } from "./virus-scan-job.js";
import type { FileStorage } from "./storage.js";
import type { ReceivedPdf, StoredUpload } from "./uploads.js";

export const LODGEMENT_CASE_NOT_FOUND_MESSAGE = "There is no lodgement case with that id, or you are not a participant in its workspace.";
export const FILE_NOT_FOUND_MESSAGE = "There is no file with that id in this lodgement case.";

export const FILE_REFUSALS = {
  noSubscriber: "Select an organisation before uploading a file.",
  documentType: "Document type is required",
  documentCategory: "Document category is required",
  typeNotUploadable: "This document type is received from the land registry and cannot be uploaded.",
  typeNotInCategory: "The document type does not belong to the document category.",
  tooManyGrantees: `A file can be shared with at most ${MAX_POLICY_ENTRIES} organisations.`,
  granteeNotParticipant: (id: string) => `The organisation ${id.slice(0, 60)} is not a participant in this workspace.`,
  notPolicyOwner: "Only the organisation that uploaded the file can change who may view it.",
  notOwnerDelete: "Only the organisation that uploaded the file can delete it.",
  deleteNotOffered: "This file cannot be deleted.",
  noViewPermission: "You do not have permission to view this document.",
  notReady: {
    PENDING: DOCUMENT_MESSAGES.virusScanUnsuccessful,
    VIRUS_FOUND: DOCUMENT_MESSAGES.virusFound,
    FAILED: DOCUMENT_MESSAGES.uploadUnsuccessful,
  } as Record<string, string>,
} as const;

export interface FilesDeps {
  db: DB;
  clock: ProductClock;
  jobs: JobQueue;
  storage: FileStorage;
  environment: Environment;
}

export type FileRow = Selectable<LodgementFilesTable>;
type CaseRow = Selectable<LodgementCasesTable>;

// ---------------------------------------------------------------------------------------------------
// Reading

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function policyOf(row: FileRow): PolicyEntry[] {
  const raw = typeof row.policy === "string" ? (JSON.parse(row.policy) as unknown) : row.policy;
  return (Array.isArray(raw) ? raw : []) as PolicyEntry[];
}

/**
 * The application each file is attached to: the parent of the lodgement document made of the file
 * (lodgement_documents.file_id, one document per file), or null.
 */
async function parentsOf(db: DB | Trx, fileIds: readonly string[]): Promise<Map<string, string | null>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("lodgement_documents")
    .select(["file_id", "parent_document_id"])
    .where("file_id", "in", [...fileIds])
    .execute();
  return new Map(rows.map((row) => [row.file_id!, row.parent_document_id]));
}

export function fileRecord(row: FileRow, parentDocumentId: string | null = null): LodgementFile {
  return {
    fileId: row.file_id,
    lodgementCaseId: row.lodgement_case_id,
    fileName: row.file_name,
    documentType: row.document_type as DocumentType,
    documentCategory: row.document_category as DocumentCategory,
    documentSubType: row.document_sub_type as DocumentSubType,
    fileUploadStatus: row.upload_status as FileUploadStatus,
    status: "READY",
    sizeBytes: Number(row.size_bytes),
    auditAttributes: {
      createdAt: iso(row.created_at),
      createdBy: row.created_by,
      lastModifiedAt: iso(row.last_modified_at),
      lastModifiedBy: row.last_modified_by,
    },
    permission: { policy: policyOf(row), policyOwner: row.policy_owner },
    parentDocumentId,
    version: row.version,
  };
}

/** The case and its workspace as the caller sees it; 404 for a case of a workspace the caller cannot see. */
export async function findCaseForFiles(
  db: DB | Trx,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  options: { lock?: boolean } = {},
): Promise<{ lodgementCase: CaseRow; workspace: CallerWorkspace }> {
  const found = await db.selectFrom("lodgement_cases").selectAll().where("lodgement_case_id", "=", lodgementCaseId).executeTakeFirst();
  if (!found) throw notFound(LODGEMENT_CASE_NOT_FOUND_MESSAGE);
  try {
    const workspace = await findVisibleWorkspace(db, caller, found.workspace_id, options);
    return { lodgementCase: found, workspace };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound(LODGEMENT_CASE_NOT_FOUND_MESSAGE);
    throw error;
  }
}

/** The case's status (migration 0075; CREATED until its applications are ready). */
export function lodgementCaseStatusOf(lodgementCase: CaseRow): string {
  return lodgementCase.status;
}

function mayView(caller: VerifiedCaller, workspace: CallerWorkspace, row: FileRow): boolean {
  return canViewFile({
    featureEnabled: true,
    subscriberId: caller.subscriberId,
    isHelpdeskAdministrator: workspace.helpdesk,
    permission: { policyOwner: row.policy_owner, policy: policyOf(row) },
  });
}

async function fileOfCase(db: DB | Trx, lodgementCaseId: string, fileId: string, options: { lock?: boolean } = {}): Promise<FileRow | undefined> {
  if (!isUuid(fileId)) return undefined;
  let query = db.selectFrom("lodgement_files").selectAll().where("file_id", "=", fileId).where("lodgement_case_id", "=", lodgementCaseId);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** The files of a case the caller may view, newest first. */
export async function listFiles(db: DB, caller: VerifiedCaller, lodgementCaseId: string): Promise<{ records: LodgementFile[] }> {
  const { workspace } = await findCaseForFiles(db, caller, lodgementCaseId);
  requireAction(caller, "viewWorkspace", workspace);
  return { records: await visibleFiles(db, caller, workspace, lodgementCaseId) };
}

/** The files of a case the caller may view, newest first, the case's workspace already found visible to the caller (in `db`'s transaction). */
export async function visibleFiles(db: DB | Trx, caller: VerifiedCaller, workspace: CallerWorkspace, lodgementCaseId: string): Promise<LodgementFile[]> {
  const rows = await db
    .selectFrom("lodgement_files")
    .selectAll()
    .where("lodgement_case_id", "=", lodgementCaseId)
    .orderBy("created_at", "desc")
    .orderBy("file_id", "desc")
    .execute();
  const visible = rows.filter((row) => mayView(caller, workspace, row));
  const parents = await parentsOf(db, visible.map((row) => row.file_id));
  return visible.map((row) => fileRecord(row, parents.get(row.file_id) ?? null));
}

/**
 * The same answer from rows already read: the case's files newest first, and its documents (each file is made
 * into at most one document, of the same case, so the documents tell every file's application).
 */
export function visibleFilesOf(
  caller: VerifiedCaller,
  workspace: CallerWorkspace,
  rows: readonly FileRow[],
  documents: readonly { file_id: string | null; parent_document_id: string | null }[],
): LodgementFile[] {
  const parents = new Map(documents.filter((document) => document.file_id !== null).map((document) => [document.file_id!, document.parent_document_id]));
  return rows.filter((row) => mayView(caller, workspace, row)).map((row) => fileRecord(row, parents.get(row.file_id) ?? null));
}

/** One file of the case, if the caller may view it (404 otherwise: nothing about it is told). */
export async function getFile(db: DB, caller: VerifiedCaller, lodgementCaseId: string, fileId: string): Promise<LodgementFile> {
  const { workspace } = await findCaseForFiles(db, caller, lodgementCaseId);
  requireAction(caller, "viewWorkspace", workspace);
  const row = await fileOfCase(db, lodgementCaseId, fileId);
  if (!row || !mayView(caller, workspace, row)) throw notFound(FILE_NOT_FOUND_MESSAGE);
  return fileRecord(row, (await parentsOf(db, [row.file_id])).get(row.file_id) ?? null);
}

/**
 * The stored file a caller may download: viewFile, the file-level view rule (403), and a finished clean
 * scan (409 with the status's message otherwise).
 */
export async function downloadableFile(db: DB, caller: VerifiedCaller, lodgementCaseId: string, fileId: string): Promise<FileRow> {
  const { workspace } = await findCaseForFiles(db, caller, lodgementCaseId);
  const row = await fileOfCase(db, lodgementCaseId, fileId);
  if (!row) throw notFound(FILE_NOT_FOUND_MESSAGE);
  requireAction(caller, "viewFile", workspace);
  if (!mayView(caller, workspace, row)) throw forbidden(FILE_REFUSALS.noViewPermission);
  if (row.upload_status !== "SUCCESS") {
    throw new ApiError(409, "FILE_NOT_READY", FILE_REFUSALS.notReady[row.upload_status] ?? DOCUMENT_MESSAGES.somethingWentWrong);
  }
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Upload

/** Whether a lodgement request of the case has been rejected. */
async function caseHasRejectedRequest(db: DB | Trx, lodgementCaseId: string): Promise<boolean> {
  const rejected = await db
    .selectFrom("lodgement_requests")
    .select("lodgement_request_id")
    .where("lodgement_case_id", "=", lodgementCaseId)
    .where("rejected_at", "is not", null)
    .executeTakeFirst();
  return rejected !== undefined;
}

/** Whether the case holds a Transfer of Whole document (an application of the case). */
async function caseHasTransferOfWhole(db: DB | Trx, lodgementCaseId: string): Promise<boolean> {
  const document = await db
    .selectFrom("lodgement_documents")
    .select("document_id")
    .where("lodgement_case_id", "=", lodgementCaseId)
    .where("document_type", "=", "TRANSFER_OF_WHOLE")
    .executeTakeFirst();
  return document !== undefined;
}

function lockFlagsOf(workspace: CallerWorkspace) {
  return workspaceFlags({
    status: workspace.row.status as WorkspaceStatus,
    tasks: [],
    borrowersValidationStatus: workspace.row.borrowers_validation_status as BorrowerValidationStatus,
  });
}

/**
 * Whether the caller may upload to the case now: the action (uploadFile, or uploadRequisitionDocument while
 * the case is requisitioned) and core's uploadAvailability (its tooltip as the 400 message).
 */
export async function requireUploadAllowed(
  deps: Pick<FilesDeps, "db" | "environment">,
  executor: DB | Trx,
  caller: VerifiedCaller,
  lodgementCase: CaseRow,
  workspace: CallerWorkspace,
): Promise<void> {
  const caseStatus = lodgementCaseStatusOf(lodgementCase);
  requireAction(caller, caseStatus === "REQUISITIONED" ? "uploadRequisitionDocument" : "uploadFile", workspace);
  // Read through the caller's executor: inside a transaction, a second connection may not exist (PGlite).
  const flags = await getFeatureFlags(executor as DB, deps.environment);
  const availability = uploadAvailability({
    workspace: { ...lockFlagsOf(workspace), transactionType: workspace.row.transaction_type, status: workspace.row.status },
    lodgementCaseStatus: caseStatus,
    hasRejectedRequest: await caseHasRejectedRequest(executor, lodgementCase.lodgement_case_id),
    hasTransferOfWhole: await caseHasTransferOfWhole(executor, lodgementCase.lodgement_case_id),
    enhancedWorkspaceApprovalEnabled: isFlagOn(flags, "enhanced-workspace-approval-enabled"),
    transferOfWholePartyEnabled: EXTRA_FLAG_DEFAULTS["transfer-of-whole-party-enabled"],
    participantRole: workspace.participant?.role ?? null,
    sellerRepresentativeDocumentUploadEnabled: isFlagOn(flags, "allow-seller-representative-document-upload-enabled"),
  });
  if (!availability.enabled) throw badRequest(availability.tooltip ?? "Uploading is not available for this case.", "UPLOAD_NOT_AVAILABLE");
}

/** The subscriber ids of the workspace's participants. */
async function participantSubscribers(db: DB | Trx, workspaceId: string): Promise<Set<string>> {
  const rows = await db.selectFrom("workspace_participants").select("subscriber_id").where("workspace_id", "=", workspaceId).execute();
  return new Set(rows.map((row) => row.subscriber_id).filter((id): id is string => typeof id === "string"));
}

/** The policy for an owner and grantees: each grantee a participant subscriber of the workspace (400 otherwise). */
export async function checkedPolicy(db: DB | Trx, workspaceId: string, owner: string, grantees: readonly string[]): Promise<PolicyEntry[]> {
  if (grantees.length > MAX_POLICY_ENTRIES) throw badRequest(FILE_REFUSALS.tooManyGrantees, "INVALID_POLICY");
  const participants = await participantSubscribers(db, workspaceId);
  for (const grantee of grantees) {
    if (grantee !== owner && !participants.has(grantee)) throw badRequest(FILE_REFUSALS.granteeNotParticipant(grantee), "INVALID_POLICY");
  }
  return filePolicyFor(owner, grantees);
}

const UPLOADABLE_TYPES = new Set<string>(DOCUMENT_TYPES.filter((type) => !(RECEIVED_DOCUMENT_TYPES as readonly string[]).includes(type)));

/** The upload's documentType and documentCategory, checked (one of each, known, consistent). */
export function uploadClassification(fields: Record<string, string[]>): { documentType: DocumentType; documentCategory: DocumentCategory } {
  const [documentType, ...extraType] = fields[UPLOAD_FIELDS.documentType] ?? [];
  const [documentCategory, ...extraCategory] = fields[UPLOAD_FIELDS.documentCategory] ?? [];
  if (!documentType || extraType.length || !(DOCUMENT_TYPES as readonly string[]).includes(documentType)) {
    throw badRequest(`Invalid request. body.documentType: ${UPLOAD_MESSAGES.documentTypeRequired}`, "VALIDATION_ERROR");
  }
  if (!documentCategory || extraCategory.length || !(DOCUMENT_CATEGORIES as readonly string[]).includes(documentCategory)) {
    throw badRequest(`Invalid request. body.documentCategory: ${FILE_REFUSALS.documentCategory}`, "VALIDATION_ERROR");
  }
  if (!UPLOADABLE_TYPES.has(documentType)) throw badRequest(FILE_REFUSALS.typeNotUploadable, "VALIDATION_ERROR");
  const isApplication = (APPLICATION_DOCUMENT_TYPES as readonly string[]).includes(documentType);
  const isWorkspace = (WORKSPACE_SUPPORTING_DOCUMENT_TYPES as readonly string[]).includes(documentType);
  const consistent =
    documentCategory === "APPLICATION_DOCUMENT"
      ? isApplication
      : documentCategory === "WORKSPACE_SUPPORTING_DOCUMENT"
        ? isWorkspace
        : !isWorkspace;
  if (!consistent) throw badRequest(FILE_REFUSALS.typeNotInCategory, "VALIDATION_ERROR");
  return { documentType: documentType as DocumentType, documentCategory: documentCategory as DocumentCategory };
}

export interface NewFile {
  documentType: DocumentType;
  documentCategory: DocumentCategory;
  documentSubType: DocumentSubType;
  policy: PolicyEntry[];
  policyOwner: string;
}

/**
 * Writes the row of a stored upload (PENDING) and schedules its virus scan, in the caller's transaction.
 * Shared with the documents part (an upload through `POST …/documents`).
 */
export async function insertFileRow(
  trx: Trx,
  jobs: JobQueue,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  stored: StoredUpload,
  file: NewFile,
): Promise<FileRow> {
  const fileId = stored.storageKey.replace(/\.pdf$/, "");
  const row = await trx
    .insertInto("lodgement_files")
    .values({
      file_id: fileId,
      lodgement_case_id: lodgementCaseId,
      file_name: stored.fileName,
      document_type: file.documentType,
      document_category: file.documentCategory,
      document_sub_type: file.documentSubType,
      content_type: stored.contentType,
      size_bytes: stored.sizeBytes,
      sha256: stored.sha256,
      storage_key: stored.storageKey,
      upload_status: "PENDING",
      policy_owner: file.policyOwner,
      policy: JSON.stringify(file.policy),
      created_by: caller.userId,
      last_modified_by: caller.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await jobs.schedule(trx, scanLodgementFileJob, { fileId }, { key: fileId });
  return row;
}

/**
 * The upload's row, once `receivePdfUpload` stored the bytes: the fields checked, the permission and the
 * availability checked again with the workspace locked, the row and its scan job written together. Any
 * refusal deletes the stored object.
 */
export async function createUploadedFile(
  deps: FilesDeps,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  received: ReceivedPdf,
  meta: RequestMeta,
): Promise<LodgementFile> {
  try {
    const owner = caller.subscriberId;
    if (!owner) throw badRequest(FILE_REFUSALS.noSubscriber, "NO_SUBSCRIBER");
    const { documentType, documentCategory } = uploadClassification(received.fields);
    const row = await deps.db.transaction().execute(async (trx) => {
      const { lodgementCase, workspace } = await findCaseForFiles(trx, caller, lodgementCaseId, { lock: true });
      await requireUploadAllowed(deps, trx, caller, lodgementCase, workspace);
      const policy = await checkedPolicy(trx, workspace.row.workspace_id, owner, received.fields[UPLOAD_FIELDS.policy] ?? []);
      const inserted = await insertFileRow(trx, deps.jobs, caller, lodgementCaseId, received.file, {
        documentType,
        documentCategory,
        documentSubType: documentCategory === "WORKSPACE_SUPPORTING_DOCUMENT" ? "WORKSPACE_UPLOADED" : "UPLOADED",
        policy,
        policyOwner: owner,
      });
      await recordAuditEvent(
        trx,
        {
          actorUserId: caller.userId,
          subscriberId: caller.subscriberId,
          action: AuditAction.LODGEMENT_FILE_UPLOADED,
          target: inserted.file_id,
          details: { lodgementCaseId, documentType, sizeBytes: received.file.sizeBytes, sha256: received.file.sha256 },
        },
        meta,
      );
      return inserted;
    });
    return fileRecord(row);
  } catch (error) {
    await deps.storage.delete(received.file.storageKey).catch(() => undefined);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// Policy edit and delete

/** Replaces the grantees of a file's policy (the owner always kept): owner organisation only, If-Match. */
export async function updateFilePolicy(
  deps: Pick<FilesDeps, "db">,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  fileId: string,
  grantees: readonly string[],
  expectedVersion: number,
  meta: RequestMeta,
): Promise<LodgementFile> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const { workspace } = await findCaseForFiles(trx, caller, lodgementCaseId);
    const current = await fileOfCase(trx, lodgementCaseId, fileId);
    if (!current || !mayView(caller, workspace, current)) throw notFound(FILE_NOT_FOUND_MESSAGE);
    requireAction(caller, "editFileAccess", workspace);
    const permission = { policyOwner: current.policy_owner, policy: policyOf(current) };
    if (!canEditFileAccess(true, caller.subscriberId, permission)) throw forbidden(FILE_REFUSALS.notPolicyOwner);
    if (lockFlagsOf(workspace).isCancelled) throw badRequest("You cannot make changes because the workspace has been cancelled.", "WORKSPACE_CANCELLED");
    const policy = await checkedPolicy(trx, workspace.row.workspace_id, current.policy_owner, grantees);
    await moveVersionOn(trx, { table: "lodgement_files", id: fileId, expected: expectedVersion, missing: () => notFound(FILE_NOT_FOUND_MESSAGE) });
    const updated = await trx
      .updateTable("lodgement_files")
      .set({ policy: JSON.stringify(policy), last_modified_at: new Date(), last_modified_by: caller.userId })
      .where("file_id", "=", fileId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAuditEvent(
      trx,
      {
        actorUserId: caller.userId,
        subscriberId: caller.subscriberId,
        action: AuditAction.LODGEMENT_FILE_POLICY_CHANGED,
        target: fileId,
        details: { lodgementCaseId, grantees: policy.map((entry) => entry.principal) },
      },
      meta,
    );
    return updated;
  });
  return fileRecord(row, (await parentsOf(deps.db, [row.file_id])).get(row.file_id) ?? null);
}

/** The lodgement document made of the file, if any, and whether it has been submitted to the land registry. */
export async function documentHoldingFile(db: DB | Trx, fileId: string): Promise<{ documentId: string; submitted: boolean } | null> {
  const document = await db.selectFrom("lodgement_documents").select(["document_id", "submitted_at"]).where("file_id", "=", fileId).executeTakeFirst();
  return document ? { documentId: document.document_id, submitted: document.submitted_at !== null } : null;
}

/** Whether the file has been submitted to the land registry (then it can no longer be deleted). */
export async function fileIsSubmitted(db: DB | Trx, fileId: string): Promise<boolean> {
  return (await documentHoldingFile(db, fileId))?.submitted ?? false;
}

/** Deletes a file and its stored bytes (the rules of the module comment), made against the file's version (409 when stale). */
export async function deleteFile(
  deps: Pick<FilesDeps, "db" | "storage" | "environment">,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  fileId: string,
  expectedVersion: number,
  meta: RequestMeta,
  log?: { error(object: object, message: string): void },
): Promise<void> {
  const storageKey = await deps.db.transaction().execute(async (trx) => {
    const { workspace } = await findCaseForFiles(trx, caller, lodgementCaseId, { lock: true });
    const current = await fileOfCase(trx, lodgementCaseId, fileId, { lock: true });
    if (!current || !mayView(caller, workspace, current)) throw notFound(FILE_NOT_FOUND_MESSAGE);
    requireAction(caller, "deleteFile", workspace);
    const flags = await getFeatureFlags(trx as DB, deps.environment);
    const holder = await documentHoldingFile(trx, fileId);
    const availability = fileDeleteAvailability({
      workspace: lockFlagsOf(workspace),
      deleteDocumentsEnabled: isFlagOn(flags, "delete-documents-enabled"),
      subType: current.document_sub_type,
      submittedAt: holder?.submitted ? "submitted" : null,
      deletableSubTypes: DELETABLE_FILE_SUB_TYPES,
    });
    if (!availability) throw badRequest(FILE_REFUSALS.deleteNotOffered, "DELETE_NOT_AVAILABLE");
    if (!availability.enabled) throw badRequest(availability.tooltip ?? FILE_REFUSALS.deleteNotOffered, "DELETE_NOT_AVAILABLE");
    if (!workspace.helpdesk && current.policy_owner !== caller.subscriberId) throw forbidden(FILE_REFUSALS.notOwnerDelete);
    if (current.version !== expectedVersion) throw conflict();
    // The document made of the file goes with it, under the document rules (provider/documents/lodgement.ts).
    await releaseFileDocuments(trx, fileId);
    await trx.deleteFrom("lodgement_files").where("file_id", "=", fileId).execute();
    await recordAuditEvent(
      trx,
      {
        actorUserId: caller.userId,
        subscriberId: caller.subscriberId,
        action: AuditAction.LODGEMENT_FILE_DELETED,
        target: fileId,
        details: { lodgementCaseId, fileName: current.file_name },
      },
      meta,
    );
    return current.storage_key;
  });
  // The row is gone first: an object left behind by a failure here is unreachable, never a row without bytes.
  await deps.storage.delete(storageKey).catch((error: unknown) => log?.error({ err: error, storageKey }, "A deleted file's object could not be removed"));
}
