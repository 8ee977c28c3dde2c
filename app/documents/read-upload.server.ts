/**
 * `await readUpload(request)` opens the Documents tab's upload action: the multipart counterpart of
 * readForm (app/components/form/read-form.server.ts), which refuses multipart bodies over 1 MB.
 *
 * In order, before any byte of a file is written:
 * 1. the request must come from the app's own origin (Origin / Sec-Fetch-Site) and belong to a session that
 *    holds a CSRF token, or it is refused (403) without its body being read;
 * 2. the body is parsed as it streams (@fastify/busboy, docs/decisions/0702-app-upload-parser.md); its first
 *    part must be the CSRF token field (the form puts it first) and match the session's token (403
 *    otherwise), so a forged post never gets a file onto disk;
 * 3. text fields are small (FIELD_LIMIT each, MAX_FIELDS in all) and checked for unstorable text (400);
 *    at most one file part;
 * 4. the file goes to a temporary folder, cut off at MAX_UPLOAD_BYTES: a larger file is deleted there and
 *    the rest of the body is read and dropped, up to DRAIN_LIMIT, so that the browser, still sending, gets
 *    the answer and the page shows the specification's message ('Your document must be less than 20MB').
 * The caller sends the file on with fs.openAsBlob (streamed from disk) and must call `cleanUp()` in a
 * finally: the temporary file never outlives the request.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import { MAX_UPLOAD_BYTES } from "../../core/documents/enums.js";
import { UPLOAD_MESSAGES } from "../../core/documents/schemas.js";
import { hasUnstorableCharacters, UNSTORABLE_TEXT_MESSAGE } from "../../core/shared/text.js";
import { CSRF_FIELD } from "../security/csrf-field";
import { isSameOriginRequest, tokensMatch } from "../security/csrf";

/** Most text fields an upload form has (document type, certification, version, grantees …), by far. */
export const MAX_FIELDS = 100;
/** The largest text field of an upload form. */
export const FIELD_LIMIT = 4_096;
/** After a file passes the limit, how much more of the body is read (and dropped) to answer the browser. */
export const DRAIN_LIMIT = 64 * 1_048_576;
/** Where uploads wait while they are sent on to the provider. */
export const UPLOAD_DIRECTORY = join(tmpdir(), "convey-app-uploads");

const FORBIDDEN = "Forbidden: the form could not be verified. Reload the page and try again.";

function refuse(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The uploaded file as the action sees it: where it waits on disk, its name as the user's browser sent it. */
export interface UploadedFile {
  path: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface ReadUpload {
  /** The text fields, in order (repeated names kept: grantees). */
  fields: FormData;
  /** The file, or null when none was chosen (an empty file input sends a part without a name). */
  file: UploadedFile | null;
  /** The problem with the file found while reading it (too large), shown beside the file field. */
  fileProblem: string | null;
  /** Removes the temporary file; call it in a finally. */
  cleanUp: () => Promise<void>;
}

/** Parses an upload whose origin has been checked, against the session's token (see the top of this file). */
export async function parseUpload(
  request: Request,
  options: { expectedToken: string; directory?: string; maxFileBytes?: number },
): Promise<ReadUpload> {
  const directory = options.directory ?? UPLOAD_DIRECTORY;
  const maxFileBytes = options.maxFileBytes ?? MAX_UPLOAD_BYTES;
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data") || !request.body)
    throw refuse(415, "The form could not be read.");
  let parser: InstanceType<typeof Busboy>;
  try {
    // Two files and one field past the limits are still reported, so that they are refused rather than dropped.
    parser = new Busboy({
      headers: { "content-type": type },
      // A file is a part with a file name (browsers send filename="" for an empty file input), whatever its type.
      isPartAFile: (_name, _contentType, fileName) => fileName !== undefined,
      limits: {
        fieldSize: FIELD_LIMIT,
        fieldNameSize: FIELD_LIMIT,
        fields: MAX_FIELDS + 1,
        files: 2,
        fileSize: maxFileBytes,
      },
    });
  } catch {
    throw refuse(400, "The form could not be read.");
  }
  const fields = new FormData();
  const written: string[] = [];
  const fileStreams: BusboyFileStream[] = [];
  const fileWrites: Promise<void>[] = [];
  let tokenChecked = false;
  let fileSeen = false;
  let file: UploadedFile | null = null;
  let fileProblem: string | null = null;
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);

  const parsed = new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (refusal: Response) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      for (const stream of fileStreams) stream.destroy();
      reject(refusal);
    };
    let received = 0;
    source.on("data", (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > maxFileBytes + DRAIN_LIMIT) fail(refuse(413, UPLOAD_MESSAGES.tooLarge));
    });
    source.on("error", () => fail(refuse(400, "The form could not be read.")));
    parser.on("error", () => fail(refuse(400, "The form could not be read.")));
    parser.on("fieldsLimit", () => fail(refuse(400, "The form has too many fields.")));
    parser.on("field", (name, value, nameTruncated, valueTruncated) => {
      if (!tokenChecked) {
        // The token comes first: nothing else is read, and nothing written, before it is verified.
        if (name !== CSRF_FIELD || !tokensMatch(options.expectedToken, value))
          return fail(refuse(403, FORBIDDEN));
        tokenChecked = true;
      } else {
        if (nameTruncated || valueTruncated) return fail(refuse(413, "A field of the form is too large."));
        if (hasUnstorableCharacters(name) || hasUnstorableCharacters(value))
          return fail(refuse(400, UNSTORABLE_TEXT_MESSAGE));
      }
      fields.append(name, value);
    });
    parser.on("file", (name, stream, fileName, _encoding, contentType) => {
      fileStreams.push(stream);
      if (!tokenChecked) return fail(refuse(403, FORBIDDEN));
      if (hasUnstorableCharacters(name)) return fail(refuse(400, UNSTORABLE_TEXT_MESSAGE));
      // No file chosen: the browser still sends the part, empty.
      if (fileName === "") return void stream.resume();
      if (fileSeen) return fail(refuse(400, "Choose one file at a time."));
      fileSeen = true;
      const path = join(directory, `${randomUUID()}.upload`);
      written.push(path);
      const write = pipeline(stream, createWriteStream(path, { flags: "wx", mode: 0o600 })).then(() => {
        if (stream.truncated) {
          fileProblem = UPLOAD_MESSAGES.tooLarge;
          return rm(path, { force: true });
        }
        file = { path, fileName, contentType, size: stream.bytesRead };
      });
      // Awaited below (or, for a refused form, settled before clean-up): never an unhandled rejection.
      write.catch(() => undefined);
      fileWrites.push(write);
    });
    parser.on("finish", () => {
      Promise.all(fileWrites).then(
        () => {
          settled = true;
          resolve();
        },
        () => fail(refuse(400, "The form could not be read.")),
      );
    });
    source.pipe(parser);
  });

  const cleanUp = async () => {
    await Promise.all(written.map((path) => rm(path, { force: true })));
  };
  try {
    await parsed;
    if (!tokenChecked) throw refuse(403, FORBIDDEN);
    return { fields, file, fileProblem, cleanUp };
  } catch (error) {
    // A refused form: every write started has ended (its stream destroyed) before its file goes.
    await Promise.allSettled(fileWrites);
    await cleanUp();
    throw error;
  }
}

/** Reads and checks a posted upload form (see the top of this file); throws the refusal as a Response. */
export async function readUpload(request: Request): Promise<ReadUpload> {
  const [{ config }, { readSession }] = await Promise.all([
    import("../config.server"),
    import("../session/session.server"),
  ]);
  if (!isSameOriginRequest(request.headers, new URL(config.appUrl).origin)) throw refuse(403, FORBIDDEN);
  const session = await readSession(request);
  const expected = session.get("csrfToken");
  if (!expected) throw refuse(403, FORBIDDEN);
  return parseUpload(request, { expectedToken: expected });
}
