/**
 * The register PDF of a title (document 2 section 2.2's registered title document with its pdf chip): an
 * official-copy-style document of the register held, made with pdf-lib (docs/decisions/0503-register-pdf.md)
 * and kept under the data folder (title-documents/, 0700) so the title panel can link to it. The document is
 * made from the register stored in the database at its first download (a title search does not wait for it),
 * and a file that goes missing is made again the same way.
 */
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { TitleRegister } from "./land-registry.js";

/** Standard fonts write WinAnsi only: accents are dropped and other characters replaced. */
function printable(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\x20-\x7e]/g, "?");
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of printable(text).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

export async function renderRegisterPdf(register: TitleRegister, retrievedAt: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Register of title ${register.titleNumber}`);
  pdf.setSubject("Official copy of the register (sandbox)");
  pdf.setProducer("convey");
  pdf.setCreator("convey land registry sandbox");
  pdf.setCreationDate(retrievedAt);
  pdf.setModificationDate(retrievedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  let page: PDFPage = pdf.addPage([595.28, 841.89]);
  let y = page.getHeight() - margin;
  const width = page.getWidth() - 2 * margin;
  const write = (text: string, font = regular, size = 10, gap = 4) => {
    for (const line of wrap(text, font, size, width)) {
      if (y < margin + size) {
        page = pdf.addPage([595.28, 841.89]);
        y = page.getHeight() - margin;
      }
      page.drawText(line, { x: margin, y, size, font, color: rgb(0, 0, 0) });
      y -= size + gap;
    }
  };
  const section = (heading: string) => {
    y -= 8;
    write(heading, bold, 12, 6);
  };

  write("Official copy of register of title", bold, 16, 8);
  write(`Title number ${register.titleNumber}`, bold, 12);
  write(`Edition date ${register.metaData.lastEditionDate ?? "not given"} (first registered ${register.metaData.initialEditionDate ?? "not given"})`);
  write(`This copy shows the entries on the register on ${retrievedAt.toISOString().slice(0, 10)}. Land registry sandbox: not an official document.`);

  section("A: Property Register");
  const address = [register.address.lineOne, register.address.lineTwo, register.address.lineThree, register.address.lineFour, register.address.lineFive, register.address.postcode]
    .filter(Boolean)
    .join(", ");
  write(`1 The Freehold land shown edged with red on the plan of the above title filed at the Registry and being ${address}.`);

  section("B: Proprietorship Register");
  for (const entry of register.entries.filter((e) => e.type === "PROPRIETOR" || e.type === "RESTRICTION" || e.type === "NOTE")) {
    write(`${entry.entryNumber} ${entry.text}`);
  }

  section("C: Charges Register");
  const charges = register.entries.filter((entry) => entry.type === "CHARGE");
  if (charges.length === 0) write("There are no charges on this title.");
  for (const entry of charges) write(`${entry.entryNumber} ${entry.text}`);

  y -= 8;
  write("End of register", bold, 10);
  return pdf.save({ useObjectStreams: false });
}

/** Where register PDFs are kept: DATA_DIR/title-documents, or a private temporary folder for an in-memory database. */
export class TitleDocumentStore {
  private folder: Promise<string> | undefined;

  constructor(private readonly dataDir: string) {}

  private async ensureFolder(): Promise<string> {
    return (this.folder ??= (async () => {
      if (this.dataDir === "memory://") return mkdtemp(join(tmpdir(), "convey-title-documents-"));
      const folder = join(this.dataDir, "title-documents");
      await mkdir(folder, { recursive: true, mode: 0o700 });
      return folder;
    })());
  }

  private static fileName(fileId: string): string {
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(fileId)) throw new Error("Not a title document id");
    return `${fileId}.pdf`;
  }

  async write(fileId: string, bytes: Uint8Array): Promise<void> {
    const folder = await this.ensureFolder();
    const target = join(folder, TitleDocumentStore.fileName(fileId));
    const partial = `${target}.${process.pid}.${randomUUID()}.partial`;
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, target);
  }

  /** The file's bytes, or null when it is not there. */
  async read(fileId: string): Promise<Buffer | null> {
    const folder = await this.ensureFolder();
    try {
      return await readFile(join(folder, TitleDocumentStore.fileName(fileId)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }
}

const stores = new Map<string, TitleDocumentStore>();
export function titleDocumentStore(dataDir: string): TitleDocumentStore {
  let store = stores.get(dataDir);
  if (!store) stores.set(dataDir, (store = new TitleDocumentStore(dataDir)));
  return store;
}
