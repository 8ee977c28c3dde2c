/**
 * Use-cases over the lodgement case, its documents and its lodgement requests (document 3 section 7.1),
 * shared by the app and the CLI. Shapes in core/documents/api.ts. A stale version answers 409 (ProviderError)
 * and nothing changes; a refusal is a ProviderError 400 whose message is the tooltip text.
 */
import {
  DocumentSchema,
  DocumentsResponseSchema,
  LODGEMENT_CASES_PATH,
  LODGEMENT_PARTICIPANTS_PATH,
  LODGEMENT_REQUESTS_PATH,
  LodgementCaseSchema,
  LodgementCasesResponseSchema,
  LodgementRequestSchema,
  LodgementRequestsResponseSchema,
  ParticipantsResponseSchema,
  RemoveDocumentResponseSchema,
  type ApprovalRequest,
  type AttachDocumentRequest,
  type CasePatchStatus,
  type CaseParticipant,
  type DocumentPatchRequest,
  type LenderMortgageReference,
  type LodgementCase,
  type LodgementDocument,
  type LodgementRequest,
  type RemoveDocumentResponse,
} from "./api.js";
import type { ApprovalStatement } from "./schemas.js";
import { CASE_INCLUDES, LodgementCasesInFullResponseSchema } from "./case-read-api.js";
import type { LodgementFile } from "./files-api.js";
import { call, type RequestContext } from "../shared/provider-client.js";
import { ProviderError } from "../shared/provider-errors.js";

const segment = (value: string) => encodeURIComponent(value);
const casePath = (lodgementCaseId: string) => `${LODGEMENT_CASES_PATH}/${segment(lodgementCaseId)}`;
const documentPath = (lodgementCaseId: string, documentId: string) => `${casePath(lodgementCaseId)}/documents/${segment(documentId)}`;

/** The workspace's lodgement cases (every workspace has exactly one). */
export async function listLodgementCases(ctx: RequestContext, workspaceId: string): Promise<LodgementCase[]> {
  return (await call(ctx, "GET", LODGEMENT_CASES_PATH, { query: { workspace_id: workspaceId }, schema: LodgementCasesResponseSchema })).data.records;
}

/** The workspace's lodgement case (the first record); 404 ProviderError when there is none. */
export async function getLodgementCase(ctx: RequestContext, workspaceId: string): Promise<LodgementCase> {
  const { data, correlationId } = await call(ctx, "GET", LODGEMENT_CASES_PATH, {
    query: { workspace_id: workspaceId },
    schema: LodgementCasesResponseSchema,
  });
  const lodgementCase = data.records[0];
  if (!lodgementCase) throw new ProviderError(404, "NOT_FOUND", "The workspace has no lodgement case.", correlationId);
  return lodgementCase;
}

/** The workspace's case with its documents, requests, files (those the caller may view) and participants: one call, one consistent read. */
export async function getLodgementCaseInFull(
  ctx: RequestContext,
  workspaceId: string,
): Promise<{
  lodgementCase: LodgementCase;
  documents: LodgementDocument[];
  requests: LodgementRequest[];
  files: LodgementFile[];
  participants: CaseParticipant[];
  /** The incoming lender's deed references; null when the caller may not read them. */
  deedReferences: LenderMortgageReference[] | null;
}> {
  const { data, correlationId } = await call(ctx, "GET", LODGEMENT_CASES_PATH, {
    query: { workspace_id: workspaceId, include: CASE_INCLUDES.join(",") },
    schema: LodgementCasesInFullResponseSchema,
  });
  const lodgementCase = data.records[0];
  if (!lodgementCase || !data.included) throw new ProviderError(404, "NOT_FOUND", "The workspace has no lodgement case.", correlationId);
  const { documents = [], requests = [], files = [], participants = [], deedReferences = null } = data.included;
  return { lodgementCase, documents, requests, files, participants, deedReferences };
}

/** Every document of the case: applications (with their supporting documents) first, then the others. */
export async function listDocuments(ctx: RequestContext, lodgementCaseId: string): Promise<LodgementDocument[]> {
  return (await call(ctx, "GET", `${casePath(lodgementCaseId)}/documents`, { schema: DocumentsResponseSchema })).data.records;
}

export async function getDocument(ctx: RequestContext, lodgementCaseId: string, documentId: string): Promise<LodgementDocument> {
  return (await call(ctx, "GET", documentPath(lodgementCaseId, documentId), { schema: DocumentSchema })).data;
}

/**
 * Makes a document of an uploaded, scanned file of this case: attached to an application when
 * parentDocumentId is given (the 4.2 rules apply), otherwise kept in the case.
 */
export async function attachDocument(ctx: RequestContext, lodgementCaseId: string, body: AttachDocumentRequest): Promise<LodgementDocument> {
  return (await call(ctx, "POST", `${casePath(lodgementCaseId)}/documents`, { body, schema: DocumentSchema })).data;
}

/** Changes a document (transaction value in pence, deed and signature preference, consideration, certification, file). */
export async function updateDocument(
  ctx: RequestContext,
  lodgementCaseId: string,
  documentId: string,
  version: number,
  body: DocumentPatchRequest,
): Promise<LodgementDocument> {
  return (await call(ctx, "PATCH", documentPath(lodgementCaseId, documentId), { body, version, schema: DocumentSchema })).data;
}

/** Detaches a supporting document from its application, or deletes a document held in the case. */
export async function removeDocument(ctx: RequestContext, lodgementCaseId: string, documentId: string, version: number): Promise<RemoveDocumentResponse> {
  return (await call(ctx, "DELETE", documentPath(lodgementCaseId, documentId), { version, schema: RemoveDocumentResponseSchema })).data;
}

/** Approves (with the confirmed statements) or unapproves the applications. `version` is the case's. */
export async function approveApplications(
  ctx: RequestContext,
  lodgementCaseId: string,
  version: number,
  approved: boolean,
  statements: readonly ApprovalStatement[] = [],
): Promise<LodgementCase> {
  const body: ApprovalRequest = approved ? { approved, statements: [...statements] } : { approved };
  return (await call(ctx, "POST", `${casePath(lodgementCaseId)}/approvals`, { body, version, schema: LodgementCaseSchema })).data;
}

async function patchCase(ctx: RequestContext, lodgementCaseId: string, version: number, status: CasePatchStatus) {
  return (await call(ctx, "PATCH", casePath(lodgementCaseId), { body: { status }, version, schema: LodgementCaseSchema })).data;
}

/** Submits the approved applications to the land registry (the case becomes LODGED, the workspace LODGED). */
export function submitLodgement(ctx: RequestContext, lodgementCaseId: string, version: number): Promise<LodgementCase> {
  return patchCase(ctx, lodgementCaseId, version, "LODGED");
}

/** Records that a rejected lodgement was resubmitted outside the product (REGISTERED_EXTERNALLY; the workspace closes). */
export function resubmitOutside(ctx: RequestContext, lodgementCaseId: string, version: number): Promise<LodgementCase> {
  return patchCase(ctx, lodgementCaseId, version, "REGISTERED_EXTERNALLY");
}

/**
 * Takes a rejected lodgement back to be resubmitted in the product (RESUBMISSION_PREPARED): the applications
 * may be changed and approved again, then submitted as a new lodgement request (decision 0714).
 */
export function prepareResubmission(ctx: RequestContext, lodgementCaseId: string, version: number): Promise<LodgementCase> {
  return patchCase(ctx, lodgementCaseId, version, "RESUBMISSION_PREPARED");
}

/** The case's lodgement requests, newest first, each with its correspondence. */
export async function listLodgementRequests(ctx: RequestContext, lodgementCaseId: string): Promise<LodgementRequest[]> {
  return (await call(ctx, "GET", LODGEMENT_REQUESTS_PATH, { query: { lodgement_case_id: lodgementCaseId }, schema: LodgementRequestsResponseSchema }))
    .data.records;
}

/** Sends the requisition replies (correspondence documents not yet submitted). `version` is the case's. */
export async function submitRequisitions(
  ctx: RequestContext,
  lodgementCaseId: string,
  version: number,
  correspondenceDocumentIds: readonly string[],
): Promise<LodgementRequest> {
  return (
    await call(ctx, "POST", `${casePath(lodgementCaseId)}/submit-requisitions`, {
      body: { correspondenceDocumentIds: [...correspondenceDocumentIds] },
      version,
      schema: LodgementRequestSchema,
    })
  ).data;
}

/** The workspace's participant subscribers (grantees of a file, the incoming lender). */
export async function listCaseParticipants(ctx: RequestContext, workspaceId: string): Promise<CaseParticipant[]> {
  return (await call(ctx, "GET", LODGEMENT_PARTICIPANTS_PATH, { query: { workspace_id: workspaceId }, schema: ParticipantsResponseSchema })).data.records;
}

