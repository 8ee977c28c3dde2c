/**
 * The lodgement file calls, /api/lodgement/v1 (document 3 section 7.1; contract in core/documents/files-api.ts):
 * upload (multipart, streamed to storage), list, read, policy edit (If-Match), delete, a signed download
 * link, and the link's own route, which needs no bearer token (`fileDownloadRoutes`, registered outside the
 * authenticated scope).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  FileDownloadLinkSchema,
  FilesResponseSchema,
  LodgementFileSchema,
  UPLOAD_FIELDS,
  UpdateFilePolicyRequestSchema,
} from "../../core/documents/files-api.js";
import { IfMatchHeadersSchema } from "../../core/shared/versions.js";
import { requestMeta } from "../platform/http/auth.js";
import { errorResponses } from "../platform/http/errors.js";
import type { ApiDeps } from "../platform/route-deps.js";
import { requiredVersion } from "../platform/versions.js";
import { tagVersion } from "../workspaces/routes.js";
import { ApiError, notFound } from "../platform/errors.js";
import {
  FILE_NOT_FOUND_MESSAGE,
  createUploadedFile,
  deleteFile,
  downloadableFile,
  findCaseForFiles,
  getFile,
  isUuid,
  listFiles,
  requireUploadAllowed,
  updateFilePolicy,
  type FilesDeps,
} from "./files.js";
import { DownloadLinkSigner } from "./files-links.js";
import { fileStorageFromEnvironment, StoredObjectMissingError, type FileStorage } from "./storage.js";
import { closeAfterAnswer, receivePdfUpload, registerUploadParsing } from "./uploads.js";
import { setFileScanSeams } from "./virus-scan-job.js";
import { setSweptStorage } from "./files-sweep.js";
import { virusScannerFromEnvironment } from "./virus-scan.js";

const tags = ["Lodgement service: files"];
const READ_ERRORS = [400, 401, 403, 404] as const;
const WRITE_ERRORS = [400, 401, 403, 404, 409, 428] as const;

const CaseParamsSchema = z.object({ lodgementCaseId: z.string().uuid({ error: () => "lodgementCaseId must be a lodgement case id" }) });
const FileParamsSchema = CaseParamsSchema.extend({ fileId: z.string().max(100) });
const TokenParamsSchema = z.object({ token: z.string().max(200) });

/** `Content-Disposition: attachment` with an ASCII-safe name and the exact name encoded (RFC 6266 / 8187). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._ -]/g, "_").slice(0, 150) || "document.pdf";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).slice(0, 600)}`;
}

/** One storage and one signer per provider: the routes, the job and the public download route share them. */
const sharedSeams = new WeakMap<object, { storage: FileStorage; signer: DownloadLinkSigner }>();
function seamsOf(deps: ApiDeps): { storage: FileStorage; signer: DownloadLinkSigner } {
  let seams = sharedSeams.get(deps.config);
  if (!seams) {
    const storage = fileStorageFromEnvironment(deps.config.dataDir);
    seams = { storage, signer: new DownloadLinkSigner(deps.config.encryptionKey) };
    sharedSeams.set(deps.config, seams);
    setFileScanSeams({ storage, scanner: virusScannerFromEnvironment() });
    setSweptStorage(storage);
  }
  return seams;
}

export const fileRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, apiDeps) => {
  const { db, clock, jobs, config } = apiDeps;
  const { storage, signer } = seamsOf(apiDeps);
  const deps: FilesDeps = { db, clock, jobs, storage, environment: config.environment };
  if (config.production && virusScannerFromEnvironment().kind === "sandbox") {
    app.log.warn("Uploaded files are scanned by the sandbox scanner, which finds only the EICAR test string: set VIRUS_SCANNER=clamav in production.");
  }
  await registerUploadParsing(app);

  app.post(
    "/lodgement-cases/:lodgementCaseId/files",
    {
      schema: {
        tags,
        summary: "Upload a PDF to the case (multipart: file, documentType, documentCategory, repeated policy)",
        description:
          "Streamed to storage. Refused with 400 and nothing stored: 20 MB or more ('Your document must be less than 20MB'), not a PDF ('File type must be in a valid PDF format'), encrypted ('Your file is secured or restricted from editing…'). The new file is PENDING until its virus scan.",
        consumes: ["multipart/form-data"],
        params: CaseParamsSchema,
        response: { 201: LodgementFileSchema, ...errorResponses(...READ_ERRORS) },
      },
    },
    async (request, reply) => {
      const { lodgementCaseId } = request.params;
      // Who may upload is known before a byte of the body is read.
      try {
        const { lodgementCase, workspace } = await findCaseForFiles(db, request.caller, lodgementCaseId);
        await requireUploadAllowed(deps, db, request.caller, lodgementCase, workspace);
      } catch (error) {
        closeAfterAnswer(request, reply);
        throw error;
      }
      const received = await receivePdfUpload(request, reply, {
        storage,
        fieldNames: [UPLOAD_FIELDS.documentType, UPLOAD_FIELDS.documentCategory, UPLOAD_FIELDS.policy],
        fileField: UPLOAD_FIELDS.file,
      });
      const file = await createUploadedFile(deps, request.caller, lodgementCaseId, received, requestMeta(request));
      tagVersion(reply, file.version);
      return reply.status(201).send(file);
    },
  );

  app.get(
    "/lodgement-cases/:lodgementCaseId/files",
    {
      schema: {
        tags,
        summary: "The files of the case the caller's organisation may view, newest first",
        params: CaseParamsSchema,
        response: { 200: FilesResponseSchema, ...errorResponses(...READ_ERRORS) },
      },
    },
    async (request) => listFiles(db, request.caller, request.params.lodgementCaseId),
  );

  app.get(
    "/lodgement-cases/:lodgementCaseId/files/:fileId",
    {
      schema: {
        tags,
        summary: "One file (poll its fileUploadStatus after an upload)",
        params: FileParamsSchema,
        response: { 200: LodgementFileSchema, ...errorResponses(...READ_ERRORS) },
      },
    },
    async (request, reply) => {
      const file = await getFile(db, request.caller, request.params.lodgementCaseId, request.params.fileId);
      tagVersion(reply, file.version);
      return file;
    },
  );

  app.patch(
    "/lodgement-cases/:lodgementCaseId/files/:fileId",
    {
      schema: {
        tags,
        summary: "Change who may view the file (the owner organisation only; the owner is always kept)",
        description: "policy: the grantee subscriber ids, each a participant of the workspace. If-Match: the file's version.",
        params: FileParamsSchema,
        headers: IfMatchHeadersSchema,
        body: UpdateFilePolicyRequestSchema,
        response: { 200: LodgementFileSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const { lodgementCaseId, fileId } = request.params;
      const file = await updateFilePolicy(deps, request.caller, lodgementCaseId, fileId, request.body.policy, version, requestMeta(request));
      tagVersion(reply, file.version);
      return file;
    },
  );

  app.delete(
    "/lodgement-cases/:lodgementCaseId/files/:fileId",
    {
      schema: {
        tags,
        summary: "Delete the file and its stored bytes",
        description:
          "Needs DELETE_LODGEMENT_FILES, delete-documents-enabled, an uploaded sub-type, the owner organisation, a workspace neither locked nor cancelled, and a file not submitted. If-Match: the file's version.",
        params: FileParamsSchema,
        headers: IfMatchHeadersSchema,
        response: { 204: z.null(), ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const { lodgementCaseId, fileId } = request.params;
      await deleteFile(deps, request.caller, lodgementCaseId, fileId, version, requestMeta(request), request.log);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/lodgement-cases/:lodgementCaseId/files/:fileId/content",
    {
      schema: {
        tags,
        summary: "A signed download link for the file, valid 60 seconds",
        description:
          "Only for an organisation the file's policy allows (403 otherwise) and a file whose scan found it clean (409 otherwise). downloadUrl is a path under the provider's URL; it needs no bearer token.",
        params: FileParamsSchema,
        response: { 200: FileDownloadLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const row = await downloadableFile(db, request.caller, request.params.lodgementCaseId, request.params.fileId);
      void reply.header("cache-control", "private, no-store");
      return signer.sign(row.file_id, clock.now());
    },
  );
};

/** The signed link's route: no bearer token (the browser opens it); the link is the authority, for 60 seconds. */
export const fileDownloadRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, apiDeps) => {
  const { db, clock } = apiDeps;
  const { storage, signer } = seamsOf(apiDeps);

  app.get(
    "/file-downloads/:token",
    {
      schema: {
        tags,
        summary: "The file a signed link names, as a PDF attachment (403 tampered, 410 expired)",
        description: "No bearer token: the signed link (from …/files/{fileId}/content, valid 60 seconds) is the authority.",
        security: [],
        params: TokenParamsSchema,
        produces: ["application/pdf"],
        response: { 200: z.any().describe("application/pdf"), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const fileId = signer.verify(request.params.token, clock.now());
      if (!isUuid(fileId)) throw new ApiError(403, "INVALID_LINK", "This download link is not valid.");
      const row = await db
        .selectFrom("lodgement_files")
        .select(["file_name", "storage_key", "upload_status", "size_bytes"])
        .where("file_id", "=", fileId)
        .executeTakeFirst();
      if (!row || row.upload_status !== "SUCCESS") throw notFound(FILE_NOT_FOUND_MESSAGE);
      let body;
      try {
        body = await storage.get(row.storage_key);
      } catch (error) {
        if (error instanceof StoredObjectMissingError) throw notFound(FILE_NOT_FOUND_MESSAGE);
        throw error;
      }
      return reply
        .header("content-type", "application/pdf")
        .header("content-length", String(row.size_bytes))
        .header("content-disposition", attachmentDisposition(row.file_name))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .send(body);
    },
  );
};
