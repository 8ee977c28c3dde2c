/**
 * Use-cases over lodgement files (document 3 section 7.1), shared by the app and the CLI. Shapes and paths in
 * core/documents/files-api.ts. The upload streams the file as a multipart body (never read whole into
 * memory): give it a Node Readable with its name, or a Blob (the app passes a file-backed Blob from
 * `fs.openAsBlob`). A refusal is a ProviderError 400 with the specification's message; a stale policy edit
 * 409; a file outside the caller's case 404.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type * as Undici from "undici";
import type { Dispatcher } from "undici";
import {
  FileDownloadLinkSchema,
  FilesResponseSchema,
  LodgementFileSchema,
  UPLOAD_FIELDS,
  fileContentPath,
  filePath,
  filesPath,
  type FileDownloadLink,
  type LodgementFile,
} from "./files-api.js";
import type { DocumentCategory, DocumentType } from "./enums.js";
import { CORRELATION_ID_HEADER, ErrorBodySchema } from "../shared/contract.js";
import { call, type RequestContext } from "../shared/provider-client.js";
import { ProviderAnswerLostError, ProviderError, ProviderUnavailableError } from "../shared/provider-errors.js";

/** The files of a lodgement case the caller may view, newest first. */
export async function listFiles(ctx: RequestContext, lodgementCaseId: string): Promise<LodgementFile[]> {
  return (await call(ctx, "GET", filesPath(lodgementCaseId), { schema: FilesResponseSchema })).data.records;
}

/** One file (poll its fileUploadStatus after an upload). */
export async function getFile(ctx: RequestContext, lodgementCaseId: string, fileId: string): Promise<LodgementFile> {
  return (await call(ctx, "GET", filePath(lodgementCaseId, fileId), { schema: LodgementFileSchema })).data;
}

/** Replaces the file's grantees (subscriber ids); `version` is the file's. The owner's organisation stays. */
export async function updateFilePolicy(
  ctx: RequestContext,
  lodgementCaseId: string,
  fileId: string,
  version: number,
  grantees: readonly string[],
): Promise<LodgementFile> {
  return (await call(ctx, "PATCH", filePath(lodgementCaseId, fileId), { body: { policy: [...grantees] }, version, schema: LodgementFileSchema })).data;
}

/** Deletes the file and its stored bytes; `version` is the file's (If-Match: 409 when someone changed it since). */
export async function deleteFile(ctx: RequestContext, lodgementCaseId: string, fileId: string, version: number): Promise<void> {
  await call(ctx, "DELETE", filePath(lodgementCaseId, fileId), { version });
}

/**
 * A signed download link valid 60 seconds: `downloadUrl` is a path under the provider's URL (resolve it
 * against `ctx.apiUrl` with `absoluteDownloadUrl`, or proxy it).
 */
export async function fileDownloadLink(ctx: RequestContext, lodgementCaseId: string, fileId: string): Promise<FileDownloadLink> {
  return (await call(ctx, "GET", fileContentPath(lodgementCaseId, fileId), { schema: FileDownloadLinkSchema })).data;
}

/** The download link as an absolute URL of the provider. */
export function absoluteDownloadUrl(ctx: Pick<RequestContext, "apiUrl">, link: FileDownloadLink): string {
  return new URL(link.downloadUrl, ctx.apiUrl).toString();
}

/** The file to upload: a Blob (its own size), or a Node Readable with a name. */
export type UploadSource = { blob: Blob; fileName: string } | { stream: Readable | AsyncIterable<Uint8Array>; fileName: string };

export interface UploadFileRequest {
  documentType: DocumentType;
  documentCategory: DocumentCategory;
  /** Grantee subscriber ids (the uploader's organisation is always added by the provider). */
  policy?: readonly string[];
  file: UploadSource;
}

const HTTP_LIBRARY = "undici";
let httpLibrary: Promise<typeof Undici> | undefined;
function loadHttpLibrary(): Promise<typeof Undici> {
  return (httpLibrary ??= import(HTTP_LIBRARY));
}

/** A multipart header value made safe: no quotes, no line breaks, no control characters. */
function headerSafe(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f"\\]/g, "_");
}

/** The multipart body, streamed: the text fields, then the file part's bytes as they are read. */
async function* multipartBody(boundary: string, request: UploadFileRequest): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  const field = (name: string, value: string) =>
    encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  yield field(UPLOAD_FIELDS.documentType, request.documentType);
  yield field(UPLOAD_FIELDS.documentCategory, request.documentCategory);
  for (const grantee of request.policy ?? []) yield field(UPLOAD_FIELDS.policy, grantee);
  yield encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="${UPLOAD_FIELDS.file}"; filename="${headerSafe(request.file.fileName)}"\r\n` +
      `Content-Type: application/pdf\r\n\r\n`,
  );
  const source = "blob" in request.file ? (request.file.blob.stream() as unknown as AsyncIterable<Uint8Array>) : request.file.stream;
  for await (const chunk of source) yield chunk;
  yield encoder.encode(`\r\n--${boundary}--\r\n`);
}

/**
 * Uploads a PDF to the case's files (201: the new file, PENDING until its virus scan). Streamed: memory use
 * does not grow with the file. A refusal is a ProviderError with the specification's message.
 */
export async function uploadFile(ctx: RequestContext, lodgementCaseId: string, request: UploadFileRequest): Promise<LodgementFile> {
  const correlationId = ctx.correlationId ?? randomUUID();
  const url = new URL(filesPath(lodgementCaseId), ctx.apiUrl);
  const boundary = `----convey-${randomBytes(16).toString("hex")}`;
  const headers: Record<string, string> = {
    accept: "application/json",
    "content-type": `multipart/form-data; boundary=${boundary}`,
    [CORRELATION_ID_HEADER]: correlationId,
  };
  if (ctx.accessToken) headers.authorization = `Bearer ${ctx.accessToken}`;
  if (ctx.clientIp) headers["x-forwarded-for"] = ctx.clientIp;
  let response: Dispatcher.ResponseData;
  try {
    const { request: send } = await loadHttpLibrary();
    response = await send(url, {
      method: "POST",
      headers,
      body: Readable.from(multipartBody(boundary, request)),
      dispatcher: ctx.dispatcher,
      headersTimeout: 120_000,
      bodyTimeout: 120_000,
    });
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "UND_ERR_CONNECT_TIMEOUT") {
      throw new ProviderUnavailableError(`The provider at ${url.origin} could not be reached (${(error as Error).message})`, correlationId);
    }
    throw new ProviderAnswerLostError(`The connection to the provider at ${url.origin} was lost before its answer came (${(error as Error).message})`, correlationId);
  }
  const text = await response.body.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.statusCode >= 400) {
    const parsed = ErrorBodySchema.safeParse(json);
    const problem = parsed.success ? parsed.data : { code: "HTTP_ERROR", message: `The provider answered ${response.statusCode}` };
    throw new ProviderError(response.statusCode, problem.code, problem.message, correlationId);
  }
  ctx.onWrite?.();
  return LodgementFileSchema.parse(json);
}
