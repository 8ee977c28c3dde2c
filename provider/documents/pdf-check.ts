/**
 * Whether stored bytes are a PDF the land registry can take (document 3 section 5.1): parsed with pdf-lib
 * (already the product's PDF library, docs/decisions/0700-uploads.md) from the stored object once the upload
 * has been stored whole, so no request body is ever kept in memory while it streams. The bytes read for the
 * parse (at most 20 MB, the upload limit) are dropped as soon as the answer is known.
 */
import type { Readable } from "node:stream";
import { PDFDocument } from "pdf-lib";
import { MAX_FILE_BYTES } from "../../core/documents/files-api.js";

/**
 * At most this many parses at once in the process: each holds up to 20 MB and its objects, so concurrent
 * uploads wait here rather than multiply the memory held (an upload's bytes are already safe in storage).
 */
export const MAX_CONCURRENT_PARSES = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function withParseSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finishing parse hands its slot straight to the next waiter, so the count never goes over the limit.
  if (running < MAX_CONCURRENT_PARSES) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export type PdfCheck = { ok: true; pageCount: number } | { ok: false; problem: "invalid" | "secured" };

async function readBounded(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    if (size > limit) {
      stream.destroy();
      return null;
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}

/**
 * "invalid" when the bytes do not parse as a PDF with at least one page; "secured" when the PDF carries an
 * encryption dictionary (password protected or restricted from editing, ISO 32000-1 section 7.6).
 */
export function checkStoredPdf(stream: Readable): Promise<PdfCheck> {
  return withParseSlot(() => parseStoredPdf(stream));
}

async function parseStoredPdf(stream: Readable): Promise<PdfCheck> {
  const bytes = await readBounded(stream, MAX_FILE_BYTES);
  if (!bytes) return { ok: false, problem: "invalid" };
  let pdf: PDFDocument;
  try {
    // ignoreEncryption lets the parse finish so an encrypted file is told apart from a broken one.
    pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    return { ok: false, problem: "invalid" };
  }
  if (pdf.isEncrypted) return { ok: false, problem: "secured" };
  let pageCount: number;
  try {
    pageCount = pdf.getPageCount();
  } catch {
    return { ok: false, problem: "invalid" };
  }
  if (pageCount < 1) return { ok: false, problem: "invalid" };
  return { ok: true, pageCount };
}
