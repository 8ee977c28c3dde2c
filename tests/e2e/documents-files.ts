/**
 * Files for the Documents tab's browser journeys, made at test time (no binary fixtures): a real PDF with
 * pdf-lib, the same PDF marked encrypted (its trailer names an /Encrypt dictionary, which is what makes a PDF
 * password protected or restricted), a PNG renamed .pdf, and the EICAR anti-virus test string in a .pdf.
 */
import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A one-page PDF saying `text`. */
export async function pdfFile(name: string, text = name): Promise<TestFile> {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  page.drawText(text, { x: 72, y: 760, size: 14, font });
  return { name, mimeType: "application/pdf", buffer: Buffer.from(await document.save()) };
}

/** A PDF whose trailer names an encryption dictionary (standard security handler, revision 3). */
export async function encryptedPdfFile(name: string): Promise<TestFile> {
  const document = await PDFDocument.create();
  document.addPage([595, 842]);
  const encrypt = document.context.obj({
    Filter: PDFName.of("Standard"),
    V: 2,
    R: 3,
    Length: 128,
    P: -3904,
    O: document.context.obj(new Array(32).fill(0)),
    U: document.context.obj(new Array(32).fill(0)),
  });
  document.context.trailerInfo.Encrypt = document.context.register(encrypt);
  return { name, mimeType: "application/pdf", buffer: Buffer.from(await document.save({ useObjectStreams: false })) };
}

/** A 1×1 PNG named as a PDF: a file that lies about its type. */
export function renamedPngFile(name: string): TestFile {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  return { name, mimeType: "application/pdf", buffer: png };
}

/** The EICAR anti-virus test string (harmless, recognised by every scanner) inside an otherwise valid PDF. */
export async function eicarPdfFile(name: string): Promise<TestFile> {
  const eicar = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*";
  const pdf = await pdfFile(name);
  return { ...pdf, buffer: Buffer.concat([pdf.buffer, Buffer.from(`\n% ${eicar}\n`)]) };
}
