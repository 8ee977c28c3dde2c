/**
 * `await readUpload(request)` opens the Documents tab's upload action: the multipart counterpart of
 * readForm (app/components/form/read-form.server.ts), which refuses multipart bodies over 1 MB.
 *
 * In order, before any byte of a file is written:
 * 1. the request must come from the app's own origin (Origin / Sec-Fetch-Site) and belong to a session that
 *    holds a CSRF token, or it is refused (403) without its body being read;
 * 2. the body is parsed as it streams (Remix's unstable_parseMultipartFormData); its first part must be the
 *    CSRF token field (the form puts it first) and match the session's token (403 otherwise), so a forged
 *    post never gets a file onto disk;
 * 3. text fields are small (FIELD_LIMIT each, MAX_FIELDS in all) and checked for unstorable text (400);
 *    at most one file part;
 * 4. the file goes to a temporary folder through unstable_createFileUploadHandler with maxPartSize
 *    MAX_UPLOAD_BYTES: a larger file is cut off there (the part on disk is deleted) and the rest of the body
 *    is read and dropped, up to DRAIN_LIMIT, so that the browser, still sending, gets the answer and the
 *    page shows the specification's message ('Your document must be less than 20MB').
 * The caller sends the file on with fs.openAsBlob (streamed from disk) and must call `cleanUp()` in a
 * finally: the temporary file never outlives the request.
 */
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  unstable_createFileUploadHandler as createFileUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  MaxPartSizeExceededError,
  type UploadHandler,
  type UploadHandlerPart,
} from "@remix-run/node";
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

async function readText(data: AsyncIterable<Uint8Array>, limit: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > limit) throw refuse(413, "A field of the form is too large.");
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * The part's data, passed on chunk by chunk, keeping hold of the source iterator so that, when the file
 * handler gives up at the limit, the rest can still be drained (a for-await would close the source).
 */
function tracked(data: AsyncIterable<Uint8Array>) {
  const iterator = data[Symbol.asyncIterator]();
  const passOn: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]: () => ({ next: () => iterator.next() }),
  };
  async function drain(limit: number): Promise<void> {
    let size = 0;
    for (;;) {
      const { done, value } = await iterator.next();
      if (done) return;
      size += value.byteLength;
      if (size > limit) throw refuse(413, UPLOAD_MESSAGES.tooLarge);
    }
  }
  return { passOn, drain };
}

/** Parses an upload whose origin has been checked, against the session's token (see the top of this file). */
export async function parseUpload(
  request: Request,
  options: { expectedToken: string; directory?: string; maxFileBytes?: number },
): Promise<ReadUpload> {
  const directory = options.directory ?? UPLOAD_DIRECTORY;
  const maxFileBytes = options.maxFileBytes ?? MAX_UPLOAD_BYTES;
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw refuse(415, "The form could not be read.");
  const fileHandler = createFileUploadHandler({ directory, maxPartSize: maxFileBytes, avoidFileConflicts: true });
  let tokenChecked = false;
  let fieldCount = 0;
  let file: UploadedFile | null = null;
  let fileProblem: string | null = null;
  const written: string[] = [];

  const handler: UploadHandler = async (part: UploadHandlerPart) => {
    if (!tokenChecked) {
      // The token comes first: nothing else is read, and nothing written, before it is verified.
      if (part.name !== CSRF_FIELD || part.filename !== undefined) throw refuse(403, FORBIDDEN);
      const token = await readText(part.data, FIELD_LIMIT);
      if (!tokensMatch(options.expectedToken, token)) throw refuse(403, FORBIDDEN);
      tokenChecked = true;
      return token;
    }
    if (++fieldCount > MAX_FIELDS) throw refuse(400, "The form has too many fields.");
    if (hasUnstorableCharacters(part.name)) throw refuse(400, UNSTORABLE_TEXT_MESSAGE);
    if (typeof part.filename === "string") {
      if (file !== null || fileProblem !== null) throw refuse(400, "Choose one file at a time.");
      if (part.filename === "") {
        // No file chosen: the browser still sends the part, empty.
        await readText(part.data, 0).catch(() => undefined);
        return undefined;
      }
      const source = tracked(part.data);
      try {
        const saved = await fileHandler({ ...part, data: source.passOn });
        if (!saved || typeof saved === "string") return undefined;
        const path = (saved as unknown as { filepath: string }).filepath;
        written.push(path);
        file = { path, fileName: part.filename, contentType: part.contentType, size: saved.size };
      } catch (error) {
        if (!(error instanceof MaxPartSizeExceededError)) throw error;
        fileProblem = UPLOAD_MESSAGES.tooLarge;
        await source.drain(DRAIN_LIMIT);
      }
      return undefined;
    }
    const value = await readText(part.data, FIELD_LIMIT);
    if (hasUnstorableCharacters(value)) throw refuse(400, UNSTORABLE_TEXT_MESSAGE);
    return value;
  };

  const cleanUp = async () => {
    await Promise.all(written.map((path) => rm(path, { force: true })));
  };
  try {
    const fields = await parseMultipartFormData(request, handler);
    if (!tokenChecked) throw refuse(403, FORBIDDEN);
    return { fields, file, fileProblem, cleanUp };
  } catch (error) {
    await cleanUp();
    if (error instanceof Response) throw error;
    if (error instanceof TypeError) throw refuse(400, "The form could not be read.");
    throw error;
  }
}

/** Reads and checks a posted upload form (see the top of this file); throws the refusal as a Response. */
export async function readUpload(request: Request): Promise<ReadUpload> {
  const [{ config }, { readSession }] = await Promise.all([import("../config.server"), import("../session/session.server")]);
  if (!isSameOriginRequest(request.headers, new URL(config.appUrl).origin)) throw refuse(403, FORBIDDEN);
  const session = await readSession(request);
  const expected = session.get("csrfToken");
  if (!expected) throw refuse(403, FORBIDDEN);
  return parseUpload(request, { expectedToken: expected });
}
