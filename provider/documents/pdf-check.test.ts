/** The stored-PDF check: a real PDF passes; a broken, page-less or encrypted one is refused with its reason. */
import { Readable } from "node:stream";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "../../core/documents/files-api.js";
import { checkStoredPdf } from "./pdf-check.js";

const streamOf = (bytes: Buffer) => Readable.from([bytes.subarray(0, 7), bytes.subarray(7)]);

async function pdfBytes(options: { pages?: number; encrypted?: boolean } = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let page = 0; page < (options.pages ?? 1); page++) pdf.addPage([100, 100]);
  if (options.encrypted) {
    pdf.context.trailerInfo.Encrypt = pdf.context.register(
      pdf.context.obj({ Filter: PDFName.of("Standard"), V: 1, R: 2, P: -4, O: PDFString.of("o".repeat(32)), U: PDFString.of("u".repeat(32)) }),
    );
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false, addDefaultPage: false }));
}

describe("checkStoredPdf", () => {
  it("passes a PDF with pages, read from a stream in pieces", async () => {
    expect(await checkStoredPdf(streamOf(await pdfBytes({ pages: 3 })))).toEqual({ ok: true, pageCount: 3 });
  });

  it("refuses an encrypted PDF as secured, a page-less or broken one as invalid", async () => {
    expect(await checkStoredPdf(streamOf(await pdfBytes({ encrypted: true })))).toEqual({ ok: false, problem: "secured" });
    expect(await checkStoredPdf(streamOf(await pdfBytes({ pages: 0 })))).toEqual({ ok: false, problem: "invalid" });
    expect(await checkStoredPdf(streamOf(Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF")))).toEqual({ ok: false, problem: "invalid" });
    expect(await checkStoredPdf(streamOf(Buffer.from("%PDF-1.7 garbage garbage garbage")))).toEqual({ ok: false, problem: "invalid" });
  });

  it("refuses a stored object over the upload limit without reading it all", async () => {
    let read = 0;
    const endless = Readable.from(
      (async function* () {
        for (;;) {
          read += 1024 * 1024;
          yield Buffer.alloc(1024 * 1024);
        }
      })(),
    );
    expect(await checkStoredPdf(endless)).toEqual({ ok: false, problem: "invalid" });
    expect(read).toBeLessThanOrEqual(MAX_FILE_BYTES + 2 * 1024 * 1024);
  });

  it("runs many checks at once (they queue for a parse slot) and answers each", async () => {
    const bytes = await pdfBytes({ pages: 2 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkStoredPdf(streamOf(bytes))));
    expect(answers.every((answer) => answer.ok)).toBe(true);
  });
});
