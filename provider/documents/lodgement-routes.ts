/**
 * The lodgement calls, /api/lodgement/v1 (document 3 section 7.1): the workspace's lodgement case, its
 * documents, approval, submission, requisitions, the lodgement requests, the case's participants and a
 * lender's mortgage deed references. Shapes in core/documents/api.ts. Writes on the case take its version as
 * If-Match; a document's PATCH and DELETE take the document's; writes answer their version as ETag.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ApprovalRequestSchema,
  AttachDocumentRequestSchema,
  CasePatchRequestSchema,
  DocumentParamsSchema,
  DocumentPatchRequestSchema,
  DocumentSchema,
  DocumentsResponseSchema,
  LenderMortgageReferencesQuerySchema,
  LenderMortgageReferencesResponseSchema,
  LodgementCaseParamsSchema,
  LodgementCaseSchema,
  LodgementRequestSchema,
  LodgementRequestsQuerySchema,
  LodgementRequestsResponseSchema,
  ParticipantsQuerySchema,
  ParticipantsResponseSchema,
  RemoveDocumentResponseSchema,
  SubmitRequisitionsRequestSchema,
  UploadDocumentFieldsSchema,
  fieldErrorMessage,
  type DocumentPatchRequest,
} from "../../core/documents/api.js";
import { includesOf, LodgementCasesIncludeQuerySchema, LodgementCasesInFullResponseSchema } from "../../core/documents/case-read-api.js";
import { badRequest } from "../platform/errors.js";
import type { DB } from "../platform/db/index.js";
import { FILE_REFUSALS, checkedPolicy, findCaseForFiles, insertFileRow, requireUploadAllowed, type FilesDeps } from "./files.js";
import { fileStorageFromEnvironment } from "./storage.js";
import { closeAfterAnswer, discardUpload, receivePdfUpload, registerUploadParsing } from "./uploads.js";
import { IfMatchHeadersSchema } from "../../core/shared/versions.js";
import { requestMeta } from "../platform/http/auth.js";
import { errorResponses } from "../platform/http/errors.js";
import type { ApiDeps } from "../platform/route-deps.js";
import { requiredVersion } from "../platform/versions.js";
import { tagVersion } from "../workspaces/routes.js";
import {
  approveApplications,
  attachDocument,
  getDocument,
  listCaseParticipants,
  listDocuments,
  listLenderMortgageReferences,
  listLodgementCases,
  listLodgementRequests,
  patchLodgementCase,
  removeDocument,
  submitRequisitions,
  updateDocument,
  uploadDocument,
  type LodgementDeps,
} from "./lodgement.js";

const tags = ["Lodgement service: lodgement case, documents and requests"];
const ATTACH_BODY_REQUIRED = "Send the document as JSON (fileId, documentType, documentCategory) or as a multipart upload";

/** The multipart documents POST's text fields. */
const DOCUMENT_UPLOAD_FIELDS = ["documentType", "documentCategory", "certificationType", "parentDocumentId", "policy"] as const;

/**
 * POST documents, multipart: who may upload is checked before a byte is read; the body is streamed to storage
 * (receivePdfUpload: 20 MB, PDF, not secured); its fields are checked; then the file row (PENDING, its scan
 * scheduled) and the document are written in one transaction with every attach rule. Any refusal after the
 * bytes are stored deletes them: nothing is left.
 */
async function uploadThroughDocuments(deps: FilesDeps & LodgementDeps, request: FastifyRequest, reply: FastifyReply, lodgementCaseId: string) {
  const caller = request.caller;
  try {
    const { lodgementCase, workspace } = await findCaseForFiles(deps.db, caller, lodgementCaseId);
    await requireUploadAllowed(deps, deps.db, caller, lodgementCase, workspace);
    if (!caller.subscriberId) throw badRequest(FILE_REFUSALS.noSubscriber, "NO_SUBSCRIBER");
  } catch (error) {
    closeAfterAnswer(request, reply);
    throw error;
  }
  const received = await receivePdfUpload(request, reply, { storage: deps.storage, fieldNames: DOCUMENT_UPLOAD_FIELDS, fileField: "file" });
  try {
    const one = (name: string) => received.fields[name]?.[0];
    const parsed = UploadDocumentFieldsSchema.safeParse({
      documentType: one("documentType"),
      documentCategory: one("documentCategory"),
      certificationType: one("certificationType") || undefined,
      parentDocumentId: one("parentDocumentId") || undefined,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest(fieldErrorMessage(issue.path.join(".") || "body", issue.message), "VALIDATION_ERROR");
    }
    const owner = caller.subscriberId!;
    return await uploadDocument(deps, caller, lodgementCaseId, parsed.data, requestMeta(request), async (trx, context) => {
      // Inside the write's transaction (on PGlite's one connection, a read outside it would wait forever).
      await requireUploadAllowed({ db: trx as unknown as DB, environment: deps.environment }, trx, caller, context.state.lodgementCase, context.workspace);
      const policy = await checkedPolicy(trx, context.workspace.row.workspace_id, owner, received.fields.policy ?? []);
      return insertFileRow(trx, deps.jobs, caller, lodgementCaseId, received.file, {
        documentType: parsed.data.documentType,
        documentCategory: parsed.data.documentCategory,
        documentSubType: parsed.data.documentCategory === "WORKSPACE_SUPPORTING_DOCUMENT" ? "WORKSPACE_UPLOADED" : "UPLOADED",
        policy,
        policyOwner: owner,
      });
    });
  } catch (error) {
    await discardUpload(deps.storage, received.file).catch(() => undefined);
    throw error;
  }
}
const WRITE_ERRORS = [400, 401, 403, 404, 409, 428] as const;

export const lodgementRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { db, clock, config, jobs }) => {
  const deps: LodgementDeps = { db, clock, environment: config.environment };
  const filesDeps: FilesDeps & LodgementDeps = { ...deps, jobs, storage: fileStorageFromEnvironment(config.dataDir) };
  await registerUploadParsing(app);

  app.get(
    "/lodgement-cases",
    {
      schema: {
        tags,
        summary: "The workspace's lodgement case (one record), its applications brought in line with the workspace",
        description:
          "include (optional, comma-separated: documents, requests, files, participants): answers beside the case, as `included`, what those calls answer, from the same read.",
        querystring: LodgementCasesIncludeQuerySchema,
        response: { 200: LodgementCasesInFullResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listLodgementCases(deps, request.caller, request.query.workspace_id, includesOf(request.query.include)),
  );

  app.get(
    "/lodgement-cases/participants",
    {
      schema: {
        tags,
        summary: "The workspace's participant subscribers (grantees of a file, the incoming lender)",
        querystring: ParticipantsQuerySchema,
        response: { 200: ParticipantsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listCaseParticipants(deps, request.caller, request.query.workspace_id),
  );

  app.patch(
    "/lodgement-cases/:id",
    {
      schema: {
        tags,
        summary:
          "Submit the applications to the land registry (status LODGED), record a resubmission outside the product (REGISTERED_EXTERNALLY), or prepare a rejected case for resubmission (RESUBMISSION_PREPARED)",
        description:
          "LODGED: the applications approved, the workspace's funds exchanged and the case ready (document 3 section 4.3); a lodgement request goes to the registry, which answers later. REGISTERED_EXTERNALLY: only after a rejection; the workspace closes. RESUBMISSION_PREPARED: only after a rejection; the applications may be changed, approved and submitted again as a new request while the workspace stays REQUISITIONED (decision 0714). If-Match: the case's version.",
        params: LodgementCaseParamsSchema,
        headers: IfMatchHeadersSchema,
        body: CasePatchRequestSchema,
        response: { 200: LodgementCaseSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const lodgementCase = await patchLodgementCase(deps, request.caller, request.params.id, request.body.status, version, requestMeta(request));
      tagVersion(reply, lodgementCase.version);
      return lodgementCase;
    },
  );

  app.get(
    "/lodgement-cases/:id/documents",
    {
      schema: {
        tags,
        summary: "The case's documents: applications (with their supporting documents) first, then the documents held in the case",
        params: LodgementCaseParamsSchema,
        response: { 200: DocumentsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listDocuments(deps, request.caller, request.params.id),
  );

  app.post(
    "/lodgement-cases/:id/documents",
    {
      schema: {
        tags,
        summary: "Make a document: of an uploaded, scanned file of this case (JSON, fileId), or of a new upload (multipart: file and the same fields)",
        description:
          "JSON: the file must belong to this case (404 otherwise, nothing stored) and have passed its virus scan. Multipart (file, documentType, documentCategory, certificationType, parentDocumentId, repeated policy): streamed to storage with the upload's checks (20 MB, PDF, not secured); the document's file is PENDING until scanned. Attaching follows every rule of document 3 section 4.2; a refusal answers its tooltip text and stores nothing.",
        consumes: ["application/json", "multipart/form-data"],
        params: LodgementCaseParamsSchema,
        body: AttachDocumentRequestSchema.nullish(),
        response: { 201: DocumentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const lodgementCaseId = request.params.id;
      if (request.isMultipart()) {
        const document = await uploadThroughDocuments(filesDeps, request, reply, lodgementCaseId);
        tagVersion(reply, document.version);
        return reply.status(201).send(document);
      }
      if (!request.body) throw badRequest(`Invalid request. body: ${ATTACH_BODY_REQUIRED}`, "VALIDATION_ERROR");
      const document = await attachDocument(deps, request.caller, lodgementCaseId, request.body, requestMeta(request));
      tagVersion(reply, document.version);
      return reply.status(201).send(document);
    },
  );

  app.get(
    "/lodgement-cases/:id/documents/:documentId",
    {
      schema: { tags, summary: "One document of the case", params: DocumentParamsSchema, response: { 200: DocumentSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const document = await getDocument(deps, request.caller, request.params.id, request.params.documentId);
      tagVersion(reply, document.version);
      return document;
    },
  );

  app.patch(
    "/lodgement-cases/:id/documents/:documentId",
    {
      schema: {
        tags,
        summary: "Change a document: transaction value (pence), deed and signature preference, consideration type, certification or file",
        description: "Document 3 section 5.1: 0 only for a transfer of whole; the deed reference one of the incoming lender's. If-Match: the document's version.",
        params: DocumentParamsSchema,
        headers: IfMatchHeadersSchema,
        body: DocumentPatchRequestSchema,
        response: { 200: DocumentSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const { id, documentId } = request.params;
      const document = await updateDocument(deps, request.caller, id, documentId, request.body as DocumentPatchRequest, version, requestMeta(request));
      tagVersion(reply, document.version);
      return document;
    },
  );

  app.delete(
    "/lodgement-cases/:id/documents/:documentId",
    {
      schema: {
        tags,
        summary: "Detach a supporting document from its application, or delete a document held in the case",
        description: "Document 3 section 4.2: not once approved (attached before approval), not once submitted, not while the workspace is locked or cancelled. If-Match: the document's version.",
        params: DocumentParamsSchema,
        headers: IfMatchHeadersSchema,
        response: { 200: RemoveDocumentResponseSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request) => {
      const version = requiredVersion(request.headers["if-match"]);
      return removeDocument(deps, request.caller, request.params.id, request.params.documentId, version, requestMeta(request));
    },
  );

  app.post(
    "/lodgement-cases/:id/approvals",
    {
      schema: {
        tags,
        summary: "Approve (with every confirmation statement the case lists) or unapprove the applications",
        params: LodgementCaseParamsSchema,
        headers: IfMatchHeadersSchema,
        body: ApprovalRequestSchema,
        response: { 200: LodgementCaseSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const lodgementCase = await approveApplications(deps, request.caller, request.params.id, request.body, version, requestMeta(request));
      tagVersion(reply, lodgementCase.version);
      return lodgementCase;
    },
  );

  app.post(
    "/lodgement-cases/:id/submit-requisitions",
    {
      schema: {
        tags,
        summary: "Send the replies to the active requisition (correspondence documents not yet submitted)",
        params: LodgementCaseParamsSchema,
        headers: IfMatchHeadersSchema,
        body: SubmitRequisitionsRequestSchema,
        response: { 200: LodgementRequestSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request) => {
      const version = requiredVersion(request.headers["if-match"]);
      return submitRequisitions(deps, request.caller, request.params.id, request.body.correspondenceDocumentIds, version, requestMeta(request));
    },
  );

  app.get(
    "/lodgement-requests",
    {
      schema: {
        tags,
        summary: "The case's lodgement requests, newest first, with their correspondence",
        querystring: LodgementRequestsQuerySchema,
        response: { 200: LodgementRequestsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listLodgementRequests(deps, request.caller, request.query.lodgement_case_id),
  );

  app.get(
    "/lender-mortgage-references",
    {
      schema: {
        tags,
        summary: "A lender's mortgage deed references (the deed preference options)",
        querystring: LenderMortgageReferencesQuerySchema,
        response: { 200: LenderMortgageReferencesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listLenderMortgageReferences(deps, request.caller, request.query.subscriber_id),
  );
};
