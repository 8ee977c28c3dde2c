/**
 * Receiving a PDF upload (document 3 section 5.1, docs/decisions/0700-uploads.md): a multipart body read with
 * @fastify/multipart (busboy), its one file part streamed straight into file storage, never held whole.
 *
 * While the bytes stream: they are counted and the upload is cut off as soon as it reaches 20 MB
 * (20,971,520 bytes: 'Your document must be less than 20MB'); the first five must be `%PDF-` ('File type must
 * be in a valid PDF format'); a SHA-256 is taken. Once stored whole, the stored object is parsed with pdf-lib
 * (provider/documents/pdf-check.ts): a file that does not parse is refused as not a PDF, an encrypted one
 * with 'Your file is secured or restricted…'. Every refusal deletes what was stored and answers 400; nothing
 * else (no row) has been written by then.
 *
 * Everything a caller controls is bounded: one file part, a few short text fields, short field names, few
 * header pairs (busboy limits), the file name cut to 255 characters of safe text.
 *
 * `receivePdfUpload` is shared: the files route uses it, and any other route taking a PDF (a multipart
 * `POST …/documents`) can reuse it with its own field names. The caller writes its row(s) afterwards (see
 * files.ts `insertFileRow`) and, if its own checks refuse the fields, calls `discardUpload`.
 */
import { createHash, randomUUID } from "node:crypto";
import { Transform, pipeline, type Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import { MAX_FILE_BYTES, MAX_FILE_NAME_LENGTH, MAX_POLICY_ENTRIES } from "../../core/documents/files-api.js";
import { UPLOAD_MESSAGES, UPLOAD_REJECTION_MESSAGES, looksLikePdf } from "../../core/documents/schemas.js";
import { ApiError, badRequest } from "../platform/errors.js";
import { checkStoredPdf } from "./pdf-check.js";
import type { FileStorage } from "./storage.js";

export const UPLOAD_REFUSAL_CODES = {
  tooLarge: "FILE_TOO_LARGE",
  invalidPdf: "FILE_NOT_PDF",
  secured: "FILE_SECURED",
  malformed: "UPLOAD_MALFORMED",
  fileRequired: "FILE_REQUIRED",
} as const;

export const UPLOAD_PROBLEM_MESSAGES = {
  notMultipart: "The upload must be a multipart/form-data body.",
  oneFile: "Send one file only.",
  tooManyFields: "The upload has too many fields.",
  fieldTooLong: "A field of the upload is too long.",
  cutShort: "The upload was cut short before it ended.",
  unknownField: (name: string) => `The upload has an unexpected field: ${name.slice(0, 40)}.`,
} as const;

/**
 * The parser's limits (busboy): the file is cut at the upload limit (and refused there), text fields short
 * and few (a policy names at most MAX_POLICY_ENTRIES organisations, plus a handful of other fields).
 */
export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 1000,
  fields: MAX_POLICY_ENTRIES + 10,
  fileSize: MAX_FILE_BYTES,
  files: 1,
  parts: MAX_POLICY_ENTRIES + 11,
  headerPairs: 20,
} as const;

/**
 * Registers multipart parsing in a route plugin (each plugin that takes uploads registers it in its own
 * encapsulated scope). Parts are read with `request.parts()`; nothing is buffered by the plugin.
 */
export async function registerUploadParsing(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { ...MULTIPART_LIMITS }, throwFileSizeLimit: true });
}

/** The stored bytes of an accepted upload. */
export interface StoredUpload {
  storageKey: string;
  /** The name as sent, made safe for storage and headers. */
  fileName: string;
  sizeBytes: number;
  sha256: string;
  contentType: "application/pdf";
}

export interface ReceivedPdf {
  /** Every text field by name, in the order sent (a repeated field has several values). */
  fields: Record<string, string[]>;
  file: StoredUpload;
}

export interface ReceiveOptions {
  storage: FileStorage;
  /** The text fields the caller accepts; any other is refused (400). */
  fieldNames: readonly string[];
  /** The file part's field name ("file"). */
  fileField?: string;
}

class UploadRefusal extends Error {
  constructor(readonly refusal: ApiError) {
    super(refusal.message);
  }
}

const tooLarge = () => badRequest(UPLOAD_MESSAGES.tooLarge, UPLOAD_REFUSAL_CODES.tooLarge);
const invalidPdf = () => badRequest(UPLOAD_REJECTION_MESSAGES.invalidPdf, UPLOAD_REFUSAL_CODES.invalidPdf);
const secured = () => badRequest(UPLOAD_REJECTION_MESSAGES.secured, UPLOAD_REFUSAL_CODES.secured);
const malformed = (message: string) => badRequest(message, UPLOAD_REFUSAL_CODES.malformed);

/** A file name safe to keep and to put in a header: no path, no control or quote characters, at most 255. */
export function safeFileName(raw: string | undefined): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  // Half surrogate pairs cannot be stored as text: made well-formed (U+FFFD) first.
  const wellFormed = base.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
  // eslint-disable-next-line no-control-regex
  const cleaned = wellFormed.normalize("NFC").replace(/[\u0000-\u001f\u007f-\u009f"<>|:*?]/g, "_").trim();
  const cut = Array.from(cleaned).slice(0, MAX_FILE_NAME_LENGTH).join("");
  return cut === "" || cut === "." || cut === ".." ? "document.pdf" : cut;
}

/** The framework's multipart errors as the refusals the caller sees. */
function refusalOf(error: unknown): ApiError | null {
  if (error instanceof UploadRefusal) return error.refusal;
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return tooLarge();
    case "FST_FILES_LIMIT":
      return malformed(UPLOAD_PROBLEM_MESSAGES.oneFile);
    case "FST_FIELDS_LIMIT":
    case "FST_PARTS_LIMIT":
      return malformed(UPLOAD_PROBLEM_MESSAGES.tooManyFields);
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
    case "FST_NO_FORM_DATA":
      return malformed(UPLOAD_PROBLEM_MESSAGES.notMultipart);
    case "FST_PROTO_VIOLATION":
    case "FST_INVALID_JSON_FIELD_ERROR":
      return malformed(UPLOAD_PROBLEM_MESSAGES.unknownField("?"));
    case "FST_REQ_PREMATURE_CLOSE":
    case "ERR_STREAM_PREMATURE_CLOSE":
      return malformed(UPLOAD_PROBLEM_MESSAGES.cutShort);
  }
  const message = (error as Error | undefined)?.message ?? "";
  if (/Unexpected end of (form|multipart data)|Malformed|boundary|terminated early|Malformed part header/i.test(message)) {
    return malformed(UPLOAD_PROBLEM_MESSAGES.cutShort);
  }
  return null;
}

/**
 * Ends a refused upload's connection soon after the answer: the rest of a body (perhaps endless) is not read
 * beyond a short grace that lets the client see the answer.
 */
export function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  if (request.raw.readableEnded) return;
  void reply.header("connection", "close");
  reply.raw.once("finish", () => {
    // Destroying the request ends its connection (a real socket) or the simulated one (inject).
    setTimeout(() => request.raw.destroy(), 1000).unref();
  });
}

/**
 * Reads the multipart body: text fields (only `fieldNames`) and exactly one file part, streamed into storage
 * under a new key and checked as a PDF. 400 with the specification's message for every refusal, with
 * nothing left in storage. Returns the fields and the stored file.
 */
export async function receivePdfUpload(request: FastifyRequest, reply: FastifyReply, options: ReceiveOptions): Promise<ReceivedPdf> {
  const { storage } = options;
  const fileField = options.fileField ?? "file";
  const allowed = new Set(options.fieldNames);
  const fields: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  let stored: StoredUpload | null = null;
  try {
    if (!request.isMultipart()) throw malformed(UPLOAD_PROBLEM_MESSAGES.notMultipart);
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (!allowed.has(part.fieldname)) throw malformed(UPLOAD_PROBLEM_MESSAGES.unknownField(part.fieldname));
        if (part.valueTruncated || part.fieldnameTruncated) throw malformed(UPLOAD_PROBLEM_MESSAGES.fieldTooLong);
        (fields[part.fieldname] ??= []).push(String(part.value));
        continue;
      }
      if (part.fieldname !== fileField) {
        part.file.resume();
        throw malformed(UPLOAD_PROBLEM_MESSAGES.unknownField(part.fieldname));
      }
      if (stored) throw malformed(UPLOAD_PROBLEM_MESSAGES.oneFile);
      stored = await streamToStorage(storage, part.file, safeFileName(part.filename));
      if ((part.file as Readable & { truncated?: boolean }).truncated) throw tooLarge();
    }
    if (!stored) throw badRequest(UPLOAD_MESSAGES.fileRequired, UPLOAD_REFUSAL_CODES.fileRequired);
    const check = await checkStoredPdf(await storage.get(stored.storageKey));
    if (!check.ok) throw check.problem === "secured" ? secured() : invalidPdf();
    return { fields, file: stored };
  } catch (error) {
    const refusal = refusalOf(error);
    // The key of a store that failed half-way is known only through the error; a finished one through `stored`.
    const key = stored?.storageKey ?? (error as { storageKey?: string }).storageKey;
    if (key) await storage.delete(key).catch((cause: unknown) => request.log.error({ err: cause, key }, "A refused upload's object could not be deleted"));
    if (refusal) {
      closeAfterAnswer(request, reply);
      throw refusal;
    }
    throw error;
  }
}

/**
 * Streams one file part into storage under a new key: counted (cut off at the limit), its first bytes
 * checked for `%PDF-`, hashed. A refusal mid-stream fails the store, which leaves nothing under the key.
 */
async function streamToStorage(storage: FileStorage, file: Readable, fileName: string): Promise<StoredUpload> {
  const storageKey = `${randomUUID()}.pdf`;
  const hash = createHash("sha256");
  let size = 0;
  let head = Buffer.alloc(0);
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size >= MAX_FILE_BYTES) return done(new UploadRefusal(tooLarge()));
      if (head.length < 5) {
        head = Buffer.concat([head, chunk.subarray(0, 5 - head.length)]);
        if (head.length === 5 && !looksLikePdf(head)) return done(new UploadRefusal(invalidPdf()));
      }
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      if (head.length < 5) return done(new UploadRefusal(invalidPdf()));
      done();
    },
  });
  // pipeline destroys both on an error of either: a cut-short body fails the store as well.
  const body = pipeline(file, guard, () => undefined);
  try {
    await storage.put(storageKey, body, { contentType: "application/pdf" });
  } catch (error) {
    // Drain what is left of this part so the parser can report the request's own error, if any.
    file.resume();
    if (error && typeof error === "object") Object.assign(error, { storageKey });
    throw error;
  }
  return { storageKey, fileName, sizeBytes: size, sha256: hash.digest("hex"), contentType: "application/pdf" };
}

/** Removes an accepted upload's bytes when the caller's own checks refuse it after all. */
export async function discardUpload(storage: FileStorage, file: StoredUpload): Promise<void> {
  await storage.delete(file.storageKey);
}
