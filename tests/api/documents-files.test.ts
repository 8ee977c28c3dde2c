/**
 * Lodgement files through the real provider (document 3 sections 3, 4.2, 5.1, 6, 7.1 and 9; issue 14
 * acceptance point 2): the upload streamed to storage with every refusal and its message (nothing stored:
 * no row, no object), the virus scan job's answers, the file-level view rule on list, read and download,
 * the policy edit with If-Match, delete, and the signed download link with its expiry.
 */
import { randomUUID } from "node:crypto";
import { readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import type { AddressInfo } from "node:net";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FilesResponseSchema, LodgementFileSchema, FileDownloadLinkSchema, MAX_FILE_BYTES, type LodgementFile } from "../../core/documents/files-api.js";
import * as filesClient from "../../core/documents/files-client.js";
import { UPLOAD_MESSAGES, UPLOAD_REJECTION_MESSAGES } from "../../core/documents/schemas.js";
import { DOCUMENT_MESSAGES } from "../../core/documents/messages.js";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { ProviderError } from "../../core/shared/provider-errors.js";
import { VERSION_REQUIRED_MESSAGE } from "../../core/shared/versions.js";
import { FILE_REFUSALS } from "../../provider/documents/files.js";
import { LINK_MESSAGES } from "../../provider/documents/files-links.js";
import { fileStorageFromEnvironment } from "../../provider/documents/storage.js";
import { ORPHAN_AGE_MS, sweepOrphanFiles } from "../../provider/documents/files-sweep.js";
import { EICAR_SIGNATURE } from "../../provider/documents/virus-scan.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { internalsIn } from "./generated-support.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, eventually, startTestProvider, type TestProvider, versionedCall } from "./support.js";

const L = "/api/lodgement/v1/lodgement-cases";

let provider: TestProvider;
let harper: string; // Harper & Vale LLP: the incoming lender's representative on the remortgage in preparation
let northgate: string; // Northgate Bank: the incoming lender there
let keystone: string; // Keystone Conveyancing: not a participant of that workspace
let helpdesk: string;
let caseId: string;
let cancelledCaseId: string;
let baseUrl: string;

async function caseOfWorkspace(workspaceId: string): Promise<string> {
  const row = await provider.db.selectFrom("lodgement_cases").select("lodgement_case_id").where("workspace_id", "=", workspaceId).executeTakeFirstOrThrow();
  return row.lodgement_case_id;
}

beforeAll(async () => {
  provider = await startTestProvider();
  await provider.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(provider.app.server.address() as AddressInfo).port}`;
  [harper, northgate, keystone, helpdesk] = await Promise.all([
    provider.scriptToken("harperVale"),
    provider.scriptToken("northgate"),
    provider.scriptToken("keystone"),
    provider.loginToken(DEMO_USERS.helpdesk.email),
  ]);
  caseId = await caseOfWorkspace(DEMO_WORKSPACES.remortgagePreparing.workspaceId);
  cancelledCaseId = await caseOfWorkspace(DEMO_WORKSPACES.remortgageCancelled.workspaceId);
}, 60_000);
afterAll(() => provider?.close());

// ---------------------------------------------------------------------------------------------------
// Fixtures

async function aPdf(text = "Hello"): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([200, 200]);
  page.drawText(text, { x: 20, y: 100, size: 12 });
  return Buffer.from(await pdf.save());
}

/** A PDF whose trailer names a standard security handler's encryption dictionary (password protected). */
async function anEncryptedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  const encrypt = pdf.context.obj({
    Filter: PDFName.of("Standard"),
    V: 2,
    R: 3,
    Length: 128,
    P: -3904,
    O: PDFString.of("0123456789abcdef0123456789abcdef"),
    U: PDFString.of("fedcba9876543210fedcba9876543210"),
  });
  pdf.context.trailerInfo.Encrypt = pdf.context.register(encrypt);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** The first bytes of a PNG, under a .pdf name. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);

interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
}

function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----test${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName === undefined ? `form-data; name="${part.name}"` : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const type = part.fileName === undefined ? "" : "Content-Type: application/pdf\r\n";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function uploadParts(file: Buffer, options: { fileName?: string; documentType?: string; documentCategory?: string; policy?: string[] } = {}): Part[] {
  return [
    { name: "documentType", value: options.documentType ?? "EVIDENCE" },
    { name: "documentCategory", value: options.documentCategory ?? "SUPPORTING_DOCUMENT" },
    ...(options.policy ?? []).map((grantee) => ({ name: "policy", value: grantee })),
    { name: "file", value: file, fileName: options.fileName ?? "evidence.pdf" },
  ];
}

function upload(token: string, parts: Part[], lodgementCaseId = caseId) {
  const body = multipart(parts);
  return provider.call(token, {
    method: "POST",
    url: `${L}/${lodgementCaseId}/files`,
    payload: body.payload,
    headers: { "content-type": body.contentType },
  });
}

async function counts(): Promise<{ rows: number; objects: number }> {
  const row = await provider.db.selectFrom("lodgement_files").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return { rows: Number(row.n), objects: await storedObjects() };
}

/** The objects in the test's storage folder (memory:// keeps them in a temporary folder of its own). */
async function storedObjects(): Promise<number> {
  const storage = fileStorageFromEnvironment(provider.config.dataDir) as unknown as { ensureFolder(): Promise<string> };
  const folder = await storage.ensureFolder();
  return (await readdir(folder)).length;
}


async function fileOf(token: string, fileId: string, lodgementCaseId = caseId): Promise<LodgementFile> {
  const response = await provider.call(token, { method: "GET", url: `${L}/${lodgementCaseId}/files/${fileId}` });
  expect(response.statusCode, response.body).toBe(200);
  return LodgementFileSchema.parse(response.json());
}

async function scanned(token: string, fileId: string): Promise<LodgementFile> {
  return eventually(() => fileOf(token, fileId), (file) => file.fileUploadStatus !== "PENDING");
}

async function uploadedClean(token = harper, options: Parameters<typeof uploadParts>[1] = {}): Promise<LodgementFile> {
  const response = await upload(token, uploadParts(await aPdf(), options));
  expect(response.statusCode, response.body).toBe(201);
  const file = LodgementFileSchema.parse(response.json());
  return scanned(token, file.fileId);
}

function expectRefusal(response: { statusCode: number; body: string; json(): { message: string } }, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().message).toBe(message);
}

async function setFlag(name: string, enabled: boolean) {
  const response = await provider.call(helpdesk, {
    method: "PUT",
    url: `/api/v1/feature-flags/${name}`,
    payload: { enabled, environment: provider.config.environment },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

// ---------------------------------------------------------------------------------------------------

describe("uploading a PDF", () => {
  it("stores it, answers 201 PENDING with the owner's policy, then the scan makes it SUCCESS", async () => {
    const before = await counts();
    const response = await upload(harper, uploadParts(await aPdf(), { fileName: "Deed of gift.pdf", policy: [DEMO_SUBSCRIBERS.northgate.subscriberId] }));
    expect(response.statusCode, response.body).toBe(201);
    const file = LodgementFileSchema.parse(response.json());
    expect(file).toMatchObject({
      fileName: "Deed of gift.pdf",
      documentType: "EVIDENCE",
      documentCategory: "SUPPORTING_DOCUMENT",
      documentSubType: "UPLOADED",
      fileUploadStatus: "PENDING",
      status: "READY",
      lodgementCaseId: caseId,
      parentDocumentId: null,
      version: 1,
      permission: {
        policyOwner: DEMO_SUBSCRIBERS.harperVale.subscriberId,
        policy: [
          { principal: DEMO_SUBSCRIBERS.harperVale.subscriberId, decision: "ALLOW", action: "VIEW" },
          { principal: DEMO_SUBSCRIBERS.northgate.subscriberId, decision: "ALLOW", action: "VIEW" },
        ],
      },
    });
    expect(response.headers.etag).toBe('"1"');
    expect(await counts()).toEqual({ rows: before.rows + 1, objects: before.objects + 1 });
    expect((await scanned(harper, file.fileId)).fileUploadStatus).toBe("SUCCESS");
    const listed = FilesResponseSchema.parse((await provider.call(northgate, { method: "GET", url: `${L}/${caseId}/files` })).json());
    expect(listed.records[0]!.fileId).toBe(file.fileId);
  });

  it("refuses 20 MB + 1 byte with the specification's message, cut off while streaming: no row, no object", async () => {
    const before = await counts();
    const big = Buffer.concat([await aPdf(), Buffer.alloc(MAX_FILE_BYTES + 1)]);
    expectRefusal(await upload(harper, uploadParts(big)), 400, UPLOAD_MESSAGES.tooLarge);
    expect(await counts()).toEqual(before);
  });

  it("refuses exactly 20 MB (the limit is 'less than 20MB')", async () => {
    const before = await counts();
    const pdf = await aPdf();
    const exact = Buffer.concat([pdf, Buffer.alloc(MAX_FILE_BYTES - pdf.length)]);
    expect(exact.length).toBe(MAX_FILE_BYTES);
    expectRefusal(await upload(harper, uploadParts(exact)), 400, UPLOAD_MESSAGES.tooLarge);
    expect(await counts()).toEqual(before);
  });

  it("refuses an encrypted PDF: no row, no object", async () => {
    const before = await counts();
    expectRefusal(await upload(harper, uploadParts(await anEncryptedPdf())), 400, UPLOAD_REJECTION_MESSAGES.secured);
    expect(await counts()).toEqual(before);
  });

  it("refuses a PNG renamed .pdf, a file that only starts like a PDF, and an empty file", async () => {
    const before = await counts();
    expectRefusal(await upload(harper, uploadParts(PNG, { fileName: "photo.pdf" })), 400, UPLOAD_REJECTION_MESSAGES.invalidPdf);
    expectRefusal(await upload(harper, uploadParts(Buffer.from("%PDF-1.7\nnot really a pdf at all\n"))), 400, UPLOAD_REJECTION_MESSAGES.invalidPdf);
    expectRefusal(await upload(harper, uploadParts(Buffer.alloc(0))), 400, UPLOAD_REJECTION_MESSAGES.invalidPdf);
    expect(await counts()).toEqual(before);
  });

  it("stores the EICAR string, then the scan answers VIRUS_FOUND and deletes the object; it cannot be downloaded", async () => {
    const before = await counts();
    const pdf = await aPdf(EICAR_SIGNATURE.replace(/[^\x20-\x7e]/g, ""));
    // The EICAR string as bytes, inside a valid PDF (in a comment after the header), so it passes the PDF checks.
    const infected = Buffer.concat([pdf.subarray(0, 9), Buffer.from(`%${EICAR_SIGNATURE}\n`), pdf.subarray(9)]);
    const response = await upload(harper, uploadParts(infected));
    expect(response.statusCode, response.body).toBe(201);
    const file = LodgementFileSchema.parse(response.json());
    const done = await scanned(harper, file.fileId);
    expect(done.fileUploadStatus).toBe("VIRUS_FOUND");
    expect(await counts()).toEqual({ rows: before.rows + 1, objects: before.objects });
    expectRefusal(await provider.call(harper, { method: "GET", url: `${L}/${caseId}/files/${file.fileId}/content` }), 409, DOCUMENT_MESSAGES.virusFound);
  });

  it("a scan that keeps failing (the sandbox's SCAN-FAIL fixture) is tried again and ends FAILED; the object stays unserved", async () => {
    const response = await upload(harper, uploadParts(await aPdf(), { fileName: "SCAN-FAIL.pdf" }));
    expect(response.statusCode, response.body).toBe(201);
    const file = LodgementFileSchema.parse(response.json());
    expectRefusal(await provider.call(harper, { method: "GET", url: `${L}/${caseId}/files/${file.fileId}/content` }), 409, DOCUMENT_MESSAGES.virusScanUnsuccessful);
    // Retries wait on the product clock: move it on until the last attempt has run.
    let offsetMinutes = 0;
    try {
      const done = await eventually(
        async () => {
          offsetMinutes += 10;
          await provider.call(helpdesk, { method: "PUT", url: "/api/v1/clock", payload: { now: new Date(Date.now() + offsetMinutes * 60_000).toISOString() } });
          await sleep(400);
          return fileOf(harper, file.fileId);
        },
        (current) => current.fileUploadStatus !== "PENDING",
        40_000,
      );
      expect(done.fileUploadStatus).toBe("FAILED");
    } finally {
      await provider.call(helpdesk, { method: "DELETE", url: "/api/v1/clock" });
    }
    const jobs = await provider.call(helpdesk, { method: "GET", url: "/api/v1/jobs?name=scan-lodgement-file&limit=100" });
    const job = (jobs.json() as { records: { key: string | null; state: string; attempts?: number }[] }).records.find((record) => record.key === file.fileId);
    expect(job?.state).toBe("completed");
    expect(job?.attempts).toBe(4); // the first attempt and its three retries
    expectRefusal(await provider.call(harper, { method: "GET", url: `${L}/${caseId}/files/${file.fileId}/content` }), 409, DOCUMENT_MESSAGES.uploadUnsuccessful);
  }, 60_000);

  it("takes an upload in a locked workspace while its case is requisitioned (a requisition reply), not while merely locked", async () => {
    const requisitioned = await caseOfWorkspace(DEMO_WORKSPACES.purchaseRequisitioned.workspaceId);
    const status = await provider.db.selectFrom("lodgement_cases").select("status").where("lodgement_case_id", "=", requisitioned).executeTakeFirstOrThrow();
    expect(status.status).toBe("REQUISITIONED");
    const reply = await upload(harper, uploadParts(await aPdf(), { documentCategory: "REQUISITION_DOCUMENT", documentType: "CORRESPONDENCE" }), requisitioned);
    expect(reply.statusCode, reply.body).toBe(201);
    const before = await counts();
    const locked = await caseOfWorkspace(DEMO_WORKSPACES.remortgageApproved.workspaceId);
    expectRefusal(await upload(harper, uploadParts(await aPdf()), locked), 400, "You cannot make changes because the workspace is locked.");
    expect(await counts()).toEqual(before);
  });

  it("refuses bad fields with nothing stored: unknown type, received type, a grantee outside the workspace, two files, stray fields", async () => {
    const before = await counts();
    const pdf = await aPdf();
    expect((await upload(harper, uploadParts(pdf, { documentType: "NOPE" }))).statusCode).toBe(400);
    expectRefusal(await upload(harper, uploadParts(pdf, { documentType: "TITLE_REGISTER" })), 400, FILE_REFUSALS.typeNotUploadable);
    expectRefusal(
      await upload(harper, uploadParts(pdf, { policy: [DEMO_SUBSCRIBERS.keystone.subscriberId] })),
      400,
      FILE_REFUSALS.granteeNotParticipant(DEMO_SUBSCRIBERS.keystone.subscriberId),
    );
    expectRefusal(await upload(harper, [...uploadParts(pdf), { name: "file", value: pdf, fileName: "two.pdf" }]), 400, "Send one file only.");
    expect((await upload(harper, [{ name: "__proto__", value: "x" }, ...uploadParts(pdf)])).statusCode).toBe(400);
    expect((await upload(harper, [{ name: "surprise", value: "x" }, ...uploadParts(pdf)])).statusCode).toBe(400);
    expect((await upload(harper, uploadParts(pdf).filter((part) => part.name !== "file"))).statusCode).toBe(400);
    const notMultipart = await provider.call(harper, { method: "POST", url: `${L}/${caseId}/files`, payload: { documentType: "EVIDENCE" } });
    expect(notMultipart.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("refuses a caller outside the workspace (404), and a cancelled workspace with core's reason", async () => {
    const before = await counts();
    expect((await upload(keystone, uploadParts(await aPdf()))).statusCode).toBe(404);
    expect((await upload(harper, uploadParts(await aPdf()), randomUUID())).statusCode).toBe(404);
    expectRefusal(await upload(harper, uploadParts(await aPdf()), cancelledCaseId), 400, "You cannot make changes because the workspace has been cancelled.");
    expect(await counts()).toEqual(before);
  });
});

describe("the client's streamed upload", () => {
  it("uploads from a file-backed Blob and from a Node stream; a 20 MB + 1 byte stream is cut off with the message", async () => {
    const ctx = { apiUrl: baseUrl, accessToken: harper };
    const fromBlob = await filesClient.uploadFile(ctx, caseId, {
      documentType: "EVIDENCE",
      documentCategory: "SUPPORTING_DOCUMENT",
      file: { blob: new Blob([new Uint8Array(await aPdf())]), fileName: "blob.pdf" },
    });
    expect(fromBlob.fileName).toBe("blob.pdf");
    const fromStream = await filesClient.uploadFile(ctx, caseId, {
      documentType: "EVIDENCE",
      documentCategory: "SUPPORTING_DOCUMENT",
      file: { stream: Readable.from([await aPdf()]), fileName: "stream.pdf" },
    });
    expect(fromStream.fileUploadStatus).toBe("PENDING");

    const before = await counts();
    const head = await aPdf();
    let sent = 0;
    // 64 KB chunks made as they are read: the client never holds the whole body, and neither may the provider.
    async function* endless() {
      yield head;
      sent += head.length;
      const chunk = Buffer.alloc(64 * 1024);
      while (sent < MAX_FILE_BYTES * 2) {
        sent += chunk.length;
        yield chunk;
      }
    }
    const error = await filesClient
      .uploadFile(ctx, caseId, { documentType: "EVIDENCE", documentCategory: "SUPPORTING_DOCUMENT", file: { stream: Readable.from(endless()), fileName: "huge.pdf" } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(400);
    expect((error as ProviderError).message).toBe(UPLOAD_MESSAGES.tooLarge);
    // The provider stopped reading soon after the limit, not at the end of the (40 MB) body.
    expect(sent).toBeLessThan(MAX_FILE_BYTES * 2);
    expect(await counts()).toEqual(before);
  });
});

describe("refused before the body is read", () => {
  it("a caller outside the workspace gets 404 at once, without the provider reading their 20 MB body", async () => {
    let sent = 0;
    async function* big() {
      const chunk = Buffer.alloc(64 * 1024, 0x25);
      while (sent < MAX_FILE_BYTES) {
        sent += chunk.length;
        yield chunk;
      }
    }
    const before = await counts();
    const error = await filesClient
      .uploadFile({ apiUrl: baseUrl, accessToken: keystone }, caseId, { documentType: "EVIDENCE", documentCategory: "SUPPORTING_DOCUMENT", file: { stream: Readable.from(big()), fileName: "x.pdf" } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(404);
    expect(sent).toBeLessThan(MAX_FILE_BYTES);
    expect(await counts()).toEqual(before);
  });
});

describe("streaming, not buffering", () => {
  it("writes the bytes to storage while the body is still arriving (19 MB upload, paused half-way)", async () => {
    const ctx = { apiUrl: baseUrl, accessToken: harper };
    const pdf = await aPdf();
    const padding = 19 * 1024 * 1024;
    // A valid PDF with a 19 MB comment after its header line: still parses, and big.
    const head = Buffer.concat([pdf.subarray(0, 9), Buffer.from("%")]);
    const tail = Buffer.concat([Buffer.from("\n"), pdf.subarray(9)]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    async function* body() {
      yield head;
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      for (let sent = 0; sent < padding; sent += chunk.length) {
        if (sent === 8 * 1024 * 1024) await gate; // half-way: the provider must have stored what it got
        yield chunk;
      }
      yield tail;
    }
    const uploading = filesClient.uploadFile(ctx, caseId, { documentType: "EVIDENCE", documentCategory: "SUPPORTING_DOCUMENT", file: { stream: Readable.from(body()), fileName: "big.pdf" } });
    const storage = fileStorageFromEnvironment(provider.config.dataDir) as unknown as { ensureFolder(): Promise<string> };
    const folder = await storage.ensureFolder();
    const partialSize = async () => {
      const names = (await readdir(folder)).filter((name) => name.endsWith(".partial"));
      const sizes = await Promise.all(names.map(async (name) => (await stat(join(folder, name))).size));
      return Math.max(0, ...sizes);
    };
    try {
      expect(await eventually(partialSize, (size) => size >= 7 * 1024 * 1024)).toBeGreaterThanOrEqual(7 * 1024 * 1024);
    } finally {
      release();
    }
    const file = await uploading;
    expect(file.sizeBytes).toBe(head.length + padding + tail.length);
    expect(await partialSize()).toBe(0);
  }, 60_000);
});

describe("who sees and downloads a file", () => {
  it("keeps a file from an organisation its policy does not allow: not listed, 404 to read, 403 to download", async () => {
    const file = await uploadedClean(harper); // Harper's only
    const northgateList = FilesResponseSchema.parse((await provider.call(northgate, { method: "GET", url: `${L}/${caseId}/files` })).json());
    expect(northgateList.records.map((record) => record.fileId)).not.toContain(file.fileId);
    expect((await provider.call(northgate, { method: "GET", url: `${L}/${caseId}/files/${file.fileId}` })).statusCode).toBe(404);
    const download = await provider.call(northgate, { method: "GET", url: `${L}/${caseId}/files/${file.fileId}/content` });
    expectRefusal(download, 403, FILE_REFUSALS.noViewPermission);
    expect(download.body).not.toContain("downloadUrl");
    // The helpdesk administrator sees every file.
    expect((await provider.call(helpdesk, { method: "GET", url: `${L}/${caseId}/files/${file.fileId}` })).statusCode).toBe(200);
  });

  it("never reads or uses a file through another workspace's case", async () => {
    const file = await uploadedClean(harper);
    const otherCase = await caseOfWorkspace(DEMO_WORKSPACES.remortgageReady.workspaceId);
    for (const url of [`${L}/${otherCase}/files/${file.fileId}`, `${L}/${otherCase}/files/${file.fileId}/content`]) {
      expect((await provider.call(helpdesk, { method: "GET", url })).statusCode).toBe(404);
    }
    expect((await versionedCall(provider, helpdesk, "PATCH", `${L}/${otherCase}/files/${file.fileId}`, { policy: [] }, 1)).statusCode).toBe(404);
    expect((await versionedCall(provider, helpdesk, "DELETE", `${L}/${otherCase}/files/${file.fileId}`, undefined, 1)).statusCode).toBe(404);
  });

  it("serves the stored bytes through a signed link, with the fixed headers; the link expires after 60 seconds and cannot be altered", async () => {
    const bytes = await aPdf("download me");
    const created = LodgementFileSchema.parse((await upload(harper, uploadParts(bytes, { fileName: 'Tricky "name"\r\n.pdf' }))).json());
    await scanned(harper, created.fileId);
    const linkAnswer = await provider.call(harper, { method: "GET", url: `${L}/${caseId}/files/${created.fileId}/content` });
    expect(linkAnswer.statusCode, linkAnswer.body).toBe(200);
    const link = FileDownloadLinkSchema.parse(linkAnswer.json());
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    expect(link.downloadUrl.startsWith("/api/lodgement/v1/file-downloads/")).toBe(true);

    const download = await provider.app.inject({ method: "GET", url: link.downloadUrl }); // no bearer token
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="[A-Za-z0-9._ -]+"; filename\*=UTF-8''/);
    expect(download.headers["content-disposition"]).not.toMatch(/[\r\n]/);
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.headers["cache-control"]).toBe("private, no-store");

    const [prefix, signature] = [link.downloadUrl.slice(0, -43), link.downloadUrl.slice(-43)];
    const tampered = await provider.app.inject({ method: "GET", url: `${prefix}${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}` });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().message).toBe(LINK_MESSAGES.invalid);
    const longer = link.downloadUrl.replace(/\.(\d+)\./, (_, expiry: string) => `.${Number(expiry) + 3_600_000}.`);
    expect((await provider.app.inject({ method: "GET", url: longer })).statusCode).toBe(403);

    // Past its 60 seconds on the product clock: 410 and nothing served.
    const set = await provider.call(helpdesk, { method: "PUT", url: "/api/v1/clock", payload: { now: new Date(Date.now() + 61_000).toISOString() } });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const expired = await provider.app.inject({ method: "GET", url: link.downloadUrl });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().message).toBe(LINK_MESSAGES.expired);
    } finally {
      await provider.call(helpdesk, { method: "DELETE", url: "/api/v1/clock" });
    }
  });
});

describe("changing who may view a file", () => {
  it("needs If-Match (428), refuses a stale version (409) and changes nothing, then shares with the lender", async () => {
    const file = await uploadedClean(harper);
    const url = `${L}/${caseId}/files/${file.fileId}`;
    expectRefusal(await versionedCall(provider, harper, "PATCH", url, { policy: [DEMO_SUBSCRIBERS.northgate.subscriberId] }), 428, VERSION_REQUIRED_MESSAGE);
    expectRefusal(await versionedCall(provider, harper, "PATCH", url, { policy: [DEMO_SUBSCRIBERS.northgate.subscriberId] }, file.version + 1), 409, CONFLICT_MESSAGE);
    expect((await fileOf(harper, file.fileId)).permission.policy).toHaveLength(1);

    const changed = await versionedCall(provider, harper, "PATCH", url, { policy: [DEMO_SUBSCRIBERS.northgate.subscriberId] }, file.version);
    expect(changed.statusCode, changed.body).toBe(200);
    const updated = LodgementFileSchema.parse(changed.json());
    expect(updated.version).toBe(file.version + 1);
    expect(updated.permission.policy.map((entry) => entry.principal)).toEqual([DEMO_SUBSCRIBERS.harperVale.subscriberId, DEMO_SUBSCRIBERS.northgate.subscriberId]);
    expect((await provider.call(northgate, { method: "GET", url: `${url}/content` })).statusCode).toBe(200);

    // Only the owner organisation edits; a grantee outside the workspace is refused; the owner is always kept.
    expectRefusal(await versionedCall(provider, northgate, "PATCH", url, { policy: [] }, updated.version), 403, FILE_REFUSALS.notPolicyOwner);
    expectRefusal(
      await versionedCall(provider, harper, "PATCH", url, { policy: [DEMO_SUBSCRIBERS.keystone.subscriberId] }, updated.version),
      400,
      FILE_REFUSALS.granteeNotParticipant(DEMO_SUBSCRIBERS.keystone.subscriberId),
    );
    const narrowed = LodgementFileSchema.parse((await versionedCall(provider, harper, "PATCH", url, { policy: [] }, updated.version)).json());
    expect(narrowed.permission.policy.map((entry) => entry.principal)).toEqual([DEMO_SUBSCRIBERS.harperVale.subscriberId]);
  });
});

describe("deleting a file", () => {
  it("deletes the row and the object; not for another organisation, not with the delete flag off", async () => {
    const file = await uploadedClean(harper, { policy: [DEMO_SUBSCRIBERS.northgate.subscriberId] });
    const url = `${L}/${caseId}/files/${file.fileId}`;
    const before = await counts();

    await setFlag("delete-documents-enabled", false);
    try {
      expectRefusal(await versionedCall(provider, harper, "DELETE", url, undefined, file.version), 400, FILE_REFUSALS.deleteNotOffered);
    } finally {
      await setFlag("delete-documents-enabled", true);
    }
    expectRefusal(await versionedCall(provider, harper, "DELETE", url), 428, VERSION_REQUIRED_MESSAGE);
    const byGrantee = await versionedCall(provider, northgate, "DELETE", url, undefined, file.version);
    expect([403], byGrantee.body).toContain(byGrantee.statusCode);
    expect(await counts()).toEqual(before);

    expectRefusal(await versionedCall(provider, harper, "DELETE", url, undefined, file.version + 1), 409, CONFLICT_MESSAGE);
    const deleted = await versionedCall(provider, harper, "DELETE", url, undefined, file.version);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await counts()).toEqual({ rows: before.rows - 1, objects: before.objects - 1 });
    expect((await provider.call(harper, { method: "GET", url })).statusCode).toBe(404);
  });
});

describe("deleting in a locked workspace", () => {
  it("is refused with core's locked reason, and nothing goes", async () => {
    const lockedCase = await caseOfWorkspace(DEMO_WORKSPACES.remortgageApproved.workspaceId);
    const fileId = randomUUID();
    const storage = fileStorageFromEnvironment(provider.config.dataDir);
    await storage.put(`${fileId}.pdf`, Readable.from([await aPdf()]), { contentType: "application/pdf" });
    await provider.db
      .insertInto("lodgement_files")
      .values({
        file_id: fileId,
        lodgement_case_id: lockedCase,
        file_name: "locked.pdf",
        document_type: "EVIDENCE",
        document_category: "SUPPORTING_DOCUMENT",
        size_bytes: 10,
        sha256: "0".repeat(64),
        storage_key: `${fileId}.pdf`,
        upload_status: "SUCCESS",
        policy_owner: DEMO_SUBSCRIBERS.harperVale.subscriberId,
        policy: JSON.stringify([{ principal: DEMO_SUBSCRIBERS.harperVale.subscriberId, decision: "ALLOW", action: "VIEW" }]),
      })
      .execute();
    const before = await counts();
    expectRefusal(await versionedCall(provider, harper, "DELETE", `${L}/${lockedCase}/files/${fileId}`, undefined, 1), 400, "You cannot make changes because the workspace is locked.");
    expect(await counts()).toEqual(before);
    expect(await storage.exists(`${fileId}.pdf`)).toBe(true);
  });
});

describe("files held by lodgement documents", () => {
  async function heldBy(file: LodgementFile): Promise<string> {
    const documentId = randomUUID();
    await provider.db
      .insertInto("lodgement_documents")
      .values({ document_id: documentId, lodgement_case_id: caseId, document_type: "EVIDENCE", document_category: "SUPPORTING_DOCUMENT", sub_type: "UPLOADED", name: file.fileName, file_id: file.fileId })
      .execute();
    return documentId;
  }

  it("answers the application its document is attached to as parentDocumentId", async () => {
    const file = await uploadedClean(harper);
    const documentId = await heldBy(file);
    // Reading the case brings its applications in line with the workspace (the mortgage charge at least).
    const cases = await provider.call(harper, { method: "GET", url: `${L}?workspace_id=${DEMO_WORKSPACES.remortgagePreparing.workspaceId}` });
    expect(cases.statusCode, cases.body).toBe(200);
    const application = await provider.db
      .selectFrom("lodgement_documents")
      .select("document_id")
      .where("lodgement_case_id", "=", caseId)
      .where("document_category", "=", "APPLICATION_DOCUMENT")
      .executeTakeFirstOrThrow();
    await provider.db.updateTable("lodgement_documents").set({ parent_document_id: application.document_id }).where("document_id", "=", documentId).execute();
    expect((await fileOf(harper, file.fileId)).parentDocumentId).toBe(application.document_id);
    const listed = FilesResponseSchema.parse((await provider.call(harper, { method: "GET", url: `${L}/${caseId}/files` })).json());
    expect(listed.records.find((record) => record.fileId === file.fileId)?.parentDocumentId).toBe(application.document_id);
  });

  it("a deleted file takes its (unsubmitted) document with it; a submitted one is never deleted", async () => {
    const kept = await uploadedClean(harper);
    const keptDocument = await heldBy(kept);
    await provider.db.updateTable("lodgement_documents").set({ submitted_at: new Date() }).where("document_id", "=", keptDocument).execute();
    const before = await counts();
    expectRefusal(await versionedCall(provider, harper, "DELETE", `${L}/${caseId}/files/${kept.fileId}`, undefined, kept.version), 400, "A submitted document cannot be deleted.");
    expect(await counts()).toEqual(before);

    const gone = await uploadedClean(harper);
    const goneDocument = await heldBy(gone);
    const deleted = await versionedCall(provider, harper, "DELETE", `${L}/${caseId}/files/${gone.fileId}`, undefined, gone.version);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await provider.db.selectFrom("lodgement_documents").select("document_id").where("document_id", "=", goneDocument).executeTakeFirst()).toBeUndefined();
  });
});

describe("the sweep of orphan objects", () => {
  it("removes stored objects no row names once an hour old, and unfinished writes; keeps every file's bytes and young objects", async () => {
    const file = await uploadedClean(harper);
    const storage = fileStorageFromEnvironment(provider.config.dataDir);
    const orphan = `${randomUUID()}.pdf`;
    await storage.put(orphan, Readable.from([await aPdf()]), { contentType: "application/pdf" });
    const folder = await (storage as unknown as { ensureFolder(): Promise<string> }).ensureFolder();
    const partial = `${randomUUID()}.pdf.${process.pid}.${randomUUID()}.partial`;
    await writeFile(join(folder, partial), "half");

    expect(await sweepOrphanFiles(provider.db, storage)).toBe(0); // nothing is an hour old yet
    expect(await storage.exists(orphan)).toBe(true);

    const rows = (await counts()).rows;
    const later = new Date(Date.now() + 2 * ORPHAN_AGE_MS);
    expect(await sweepOrphanFiles(provider.db, storage, later)).toBe(2);
    expect(await storage.exists(orphan)).toBe(false);
    expect(await readdir(folder)).not.toContain(partial);
    expect(await storage.exists(`${file.fileId}.pdf`)).toBe(true);
    expect((await counts()).rows).toBe(rows);
  });
});

describe("hostile multipart bodies", () => {
  it("never answer a server error, never show the server's insides, and store nothing unless accepted", async () => {
    const pdf = await aPdf();
    const name = fc.oneof(
      fc.constantFrom("file", "documentType", "documentCategory", "policy", "__proto__", "constructor", "", "a".repeat(500), "file\r\nX-Injected: 1"),
      fc.string({ maxLength: 20 }),
    );
    const value = fc.oneof(
      fc.constantFrom("EVIDENCE", "SUPPORTING_DOCUMENT", DEMO_SUBSCRIBERS.northgate.subscriberId, "", "\u0000", "\ud800", "a".repeat(5000), '{"__proto__":1}'),
      fc.string({ maxLength: 40 }),
    );
    const part = fc.record({
      name,
      value,
      fileName: fc.option(fc.oneof(fc.constantFrom("../../etc/passwd.pdf", 'a"b.pdf', "\u0000.pdf", "😀.pdf", "x".repeat(2000)), fc.string({ maxLength: 30 })), { nil: undefined }),
      asPdf: fc.boolean(),
    });
    const shape = fc.record({
      parts: fc.array(part, { maxLength: 8 }),
      cut: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: undefined }),
      boundary: fc.constantFrom("b", "x".repeat(80), "with space", "", "--"),
      contentType: fc.constantFrom("multipart/form-data", "multipart/form-data; boundary=", "multipart/mixed", "text/plain", undefined),
    });
    const before = await counts();
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(shape, async ({ parts, cut, boundary, contentType }) => {
        const chunks: Buffer[] = [];
        for (const item of parts) {
          const disposition = item.fileName === undefined ? `form-data; name="${item.name}"` : `form-data; name="${item.name}"; filename="${item.fileName}"`;
          chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), item.asPdf ? pdf : Buffer.from(item.value), Buffer.from("\r\n"));
        }
        chunks.push(Buffer.from(`--${boundary}--\r\n`));
        let payload = Buffer.concat(chunks);
        if (cut !== undefined) payload = payload.subarray(0, cut);
        const headers: Record<string, string> = {};
        if (contentType !== undefined) headers["content-type"] = contentType.endsWith("=") || contentType === "multipart/form-data" ? `${contentType}${contentType.endsWith("=") ? "" : "; boundary="}${boundary}` : contentType;
        const response = await provider.call(harper, { method: "POST", url: `${L}/${caseId}/files`, payload, headers });
        if (response.statusCode >= 500) throw new Error(`answered ${response.statusCode} ${response.body.slice(0, 200)}`);
        if (internalsIn(response.body)) throw new Error(`showed its insides: ${response.body.slice(0, 200)}`);
        if (response.statusCode === 201) accepted++;
      }),
      { seed: 20_261_126, numRuns: 60 },
    );
    const after = await counts();
    expect(after.rows - before.rows).toBe(accepted);
    // Each accepted upload is one stored object (its scan may yet run; a clean PDF keeps its object).
    expect(after.objects - before.objects).toBe(accepted);
  }, 120_000);
});
