/**
 * A workspace's documents and lodgement for the helpdesk (`convey documents list <workspace>` and `convey
 * lodgement status <workspace>`): the use-cases find the workspace by id or reference (WS-…), read its
 * lodgement case, then its files and documents, or its applications and lodgement requests, and shape what
 * the terminal prints. Dates are ISO strings in the JSON and dd/MM/yyyy, hh:mma in Europe/London in the table.
 */
import { formatDocumentDateTime } from "../shared/format-dates.js";
import { formatMoney } from "../shared/format-money.js";
import type { RequestContext } from "../shared/provider-client.js";
import { findWorkspace } from "../workspaces/overview-client.js";
import { statusLabel } from "../workspaces/status.js";
import type { LodgementCase, LodgementDocument, LodgementRequest } from "./api.js";
import { getLodgementCase, listDocuments, listLodgementRequests } from "./client.js";
import { DOCUMENT_TYPE_LABELS, LODGEMENT_CASE_STATUS_LABELS } from "./enums.js";
import type { LodgementFile } from "./files-api.js";
import { listFiles } from "./files-client.js";

interface WorkspaceHeading {
  workspaceId: string;
  workspaceReferenceId: string;
  workspaceStatus: string;
  workspaceStatusLabel: string;
  lodgementCaseId: string;
  lodgementCaseStatus: string;
  lodgementCaseStatusLabel: string;
}

export interface DocumentRow {
  /** The file's id (uploaded files) or the document's id (documents without a file of their own). */
  id: string;
  kind: "file" | "document";
  name: string;
  documentType: string;
  documentTypeLabel: string;
  category: string;
  /** The file's scan status, or the document's status. */
  status: string;
  /** The application it is attached to (its name), when it is. */
  application: string | null;
  uploadedAt: string;
  uploadedAtLabel: string;
  submittedAt: string | null;
}

export interface WorkspaceDocuments extends WorkspaceHeading {
  documents: DocumentRow[];
}

export interface ApplicationRow {
  documentId: string;
  name: string;
  documentType: string;
  status: string;
  transactionValue: string | null;
  landRegistryFee: string | null;
  supportingDocuments: number;
  submittedAt: string | null;
}

export interface RequestRow {
  lodgementRequestId: string;
  status: string;
  outcome: string | null;
  registryReference: string | null;
  submittedAt: string;
  requisitionDeadline: string | null;
  rejectedAt: string | null;
  registeredAt: string | null;
  landRegistryFee: string;
  correspondence: number;
}

export interface LodgementStatus extends WorkspaceHeading {
  hardLocked: boolean;
  applicationsApproved: boolean;
  landRegistryFeeTotal: string;
  /** Why it cannot be submitted yet; [] when it can (or it has been). */
  submissionProblems: string[];
  requisitionDeadline: string | null;
  applications: ApplicationRow[];
  requests: RequestRow[];
}

async function caseOf(ctx: RequestContext, referenceOrId: string): Promise<{ heading: WorkspaceHeading; lodgementCase: LodgementCase }> {
  const workspace = await findWorkspace(ctx, referenceOrId);
  const lodgementCase = await getLodgementCase(ctx, workspace.workspaceId);
  return {
    lodgementCase,
    heading: {
      workspaceId: workspace.workspaceId,
      workspaceReferenceId: workspace.workspaceReferenceId,
      workspaceStatus: workspace.status,
      workspaceStatusLabel: statusLabel(workspace.status),
      lodgementCaseId: lodgementCase.lodgementCaseId,
      lodgementCaseStatus: lodgementCase.lodgementCaseStatus,
      lodgementCaseStatusLabel: LODGEMENT_CASE_STATUS_LABELS[lodgementCase.lodgementCaseStatus],
    },
  };
}

/** Files and documents as one list, newest first: every file, then the documents no file stands for. */
export function documentRows(files: readonly LodgementFile[], documents: readonly LodgementDocument[]): DocumentRow[] {
  const all = documents.flatMap((document) => [document, ...document.supportingDocuments]);
  const names = new Map(documents.map((document) => [document.documentId, document.name]));
  const filesShown = new Set(files.map((file) => file.fileId));
  const attachedTo = new Map(all.filter((document) => document.file && document.parentDocumentId).map((document) => [document.file!.fileId, document]));
  const rows: DocumentRow[] = files.map((file) => {
    const parent = file.parentDocumentId ?? attachedTo.get(file.fileId)?.parentDocumentId ?? null;
    return {
      id: file.fileId,
      kind: "file",
      name: file.fileName,
      documentType: file.documentType,
      documentTypeLabel: DOCUMENT_TYPE_LABELS[file.documentType],
      category: file.documentCategory,
      status: file.fileUploadStatus,
      application: parent ? (names.get(parent) ?? null) : null,
      uploadedAt: file.auditAttributes.createdAt,
      uploadedAtLabel: formatDocumentDateTime(file.auditAttributes.createdAt),
      submittedAt: attachedTo.get(file.fileId)?.submittedAt ?? null,
    };
  });
  for (const document of all) {
    if (document.file && filesShown.has(document.file.fileId)) continue;
    if (document.documentCategory === "APPLICATION_DOCUMENT" && !document.file) continue;
    rows.push({
      id: document.documentId,
      kind: "document",
      name: document.file?.fileName ?? document.name,
      documentType: document.documentType,
      documentTypeLabel: DOCUMENT_TYPE_LABELS[document.documentType],
      category: document.documentCategory,
      status: document.status,
      application: document.parentDocumentId ? (names.get(document.parentDocumentId) ?? null) : null,
      uploadedAt: document.auditAttributes.createdAt,
      uploadedAtLabel: formatDocumentDateTime(document.auditAttributes.createdAt),
      submittedAt: document.submittedAt,
    });
  }
  return rows.sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
}

/** `convey documents list`: the workspace's files and documents. */
export async function workspaceDocuments(ctx: RequestContext, referenceOrId: string): Promise<WorkspaceDocuments> {
  const { heading, lodgementCase } = await caseOf(ctx, referenceOrId);
  const [files, documents] = await Promise.all([listFiles(ctx, lodgementCase.lodgementCaseId), listDocuments(ctx, lodgementCase.lodgementCaseId)]);
  return { ...heading, documents: documentRows(files, documents) };
}

const money = (pence: number | null) => (pence === null ? null : formatMoney(pence));

/** The status of a case from what was read: its applications and its lodgement requests, newest first. */
export function lodgementStatusOf(
  heading: WorkspaceHeading,
  lodgementCase: LodgementCase,
  documents: readonly LodgementDocument[],
  requests: readonly LodgementRequest[],
): LodgementStatus {
  return {
    ...heading,
    hardLocked: lodgementCase.hardLocked,
    applicationsApproved: lodgementCase.applicationsApproved,
    landRegistryFeeTotal: formatMoney(lodgementCase.landRegistryFeeTotal),
    submissionProblems: lodgementCase.submissionProblems.map((problem) => problem.message),
    requisitionDeadline: lodgementCase.requisitionDeadline,
    applications: documents
      .filter((document) => document.documentCategory === "APPLICATION_DOCUMENT")
      .map((application) => ({
        documentId: application.documentId,
        name: application.name,
        documentType: application.documentType,
        status: application.status,
        transactionValue: money(application.documentAttributes.transactionValue),
        landRegistryFee: money(application.documentAttributes.landRegistryFee),
        supportingDocuments: application.supportingDocuments.length,
        submittedAt: application.submittedAt,
      })),
    requests: [...requests]
      .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt))
      .map((request) => ({
        lodgementRequestId: request.lodgementRequestId,
        status: request.status,
        outcome: request.outcome,
        registryReference: request.registryReference,
        submittedAt: request.submittedAt,
        requisitionDeadline: request.requisitionDeadline,
        rejectedAt: request.rejectedAt,
        registeredAt: request.registeredAt,
        landRegistryFee: formatMoney(request.landRegistryFee),
        correspondence: request.correspondence.length,
      })),
  };
}

/** `convey lodgement status`: the case, its applications and its lodgement requests. */
export async function lodgementStatus(ctx: RequestContext, referenceOrId: string): Promise<LodgementStatus> {
  const { heading, lodgementCase } = await caseOf(ctx, referenceOrId);
  const [documents, requests] = await Promise.all([
    listDocuments(ctx, lodgementCase.lodgementCaseId),
    listLodgementRequests(ctx, lodgementCase.lodgementCaseId),
  ]);
  return lodgementStatusOf(heading, lodgementCase, documents, requests);
}
