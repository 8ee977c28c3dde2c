/**
 * A workspace's lodgement at a glance, for helpdesk staff (`convey documents list <workspace>` and
 * `convey lodgement status <workspace>`): the workspace found by its id or reference (WS-…), then its lodgement
 * case, documents and lodgement requests as the provider answers them. No rule here: every status, fee and
 * readiness problem is the provider's.
 */
import type { LodgementCase, LodgementDocument, LodgementRequest } from "./api.js";
import { getLodgementCase, listDocuments, listLodgementRequests } from "./client.js";
import { landRegistryFeeTotal } from "./rules.js";
import { findWorkspace } from "../workspaces/overview-client.js";
import type { RequestContext } from "../shared/provider-client.js";

export interface LodgementOverview {
  workspace: { workspaceId: string; workspaceReferenceId: string; status: string };
  lodgementCase: LodgementCase;
  documents: LodgementDocument[];
  requests: LodgementRequest[];
}

/** One row per document: applications, then each one's supporting documents, then the documents held in the case. */
export interface DocumentRow {
  documentId: string;
  level: "application" | "attached" | "case";
  documentType: string;
  documentCategory: string;
  name: string;
  status: string;
  subType: string;
  fileName: string | null;
  fileUploadStatus: string | null;
  /** Pence. */
  landRegistryFee: number | null;
  submittedAt: string | null;
  rejectedAt: string | null;
}

export async function lodgementOverview(ctx: RequestContext, referenceOrId: string): Promise<LodgementOverview> {
  const workspace = await findWorkspace(ctx, referenceOrId);
  const lodgementCase = await getLodgementCase(ctx, workspace.workspaceId);
  const [documents, requests] = await Promise.all([listDocuments(ctx, lodgementCase.lodgementCaseId), listLodgementRequests(ctx, lodgementCase.lodgementCaseId)]);
  return {
    workspace: { workspaceId: workspace.workspaceId, workspaceReferenceId: workspace.workspaceReferenceId, status: workspace.status },
    lodgementCase,
    documents,
    requests,
  };
}

function rowOf(document: Omit<LodgementDocument, "applicationParties" | "supportingDocuments" | "actions">, level: DocumentRow["level"]): DocumentRow {
  return {
    documentId: document.documentId,
    level,
    documentType: document.documentType,
    documentCategory: document.documentCategory,
    name: document.name,
    status: document.status,
    subType: document.subType,
    fileName: document.file?.fileName ?? null,
    fileUploadStatus: document.file?.fileUploadStatus ?? null,
    landRegistryFee: document.documentAttributes.landRegistryFee,
    submittedAt: document.submittedAt,
    rejectedAt: document.rejectedAt,
  };
}

/** The documents as rows, in the order the Documents tab shows them. */
export function documentRows(documents: readonly LodgementDocument[]): DocumentRow[] {
  return documents.flatMap((document) =>
    document.documentCategory === "APPLICATION_DOCUMENT" && document.parentDocumentId === null
      ? [rowOf(document, "application"), ...document.supportingDocuments.map((child) => rowOf(child, "attached"))]
      : [rowOf(document, "case")],
  );
}

/** The fee total of the case's applications, pence (as the provider answers it on the case). */
export function feeTotalOf(documents: readonly LodgementDocument[]): number {
  return landRegistryFeeTotal(documents.map((document) => ({ documentType: document.documentType, landRegistryFee: document.documentAttributes.landRegistryFee })));
}
