/**
 * The lodgement area through the real provider (document 3 sections 3, 4.1-4.3, 5.1, 6 and 7.1; decisions
 * 0710-0712): the applications derived from the workspace, attach with every refusal and nothing stored, the
 * transaction value and deed preference, approval with its statements, submission, the registry sandbox's
 * requisition answered and registered (workspace CLOSED), and the rejection path (deadline passed, resubmitted
 * outside, workspace CLOSED); 428 / 409 with nothing overwritten.
 *
 * Files come from the files pipeline (h-files: upload, scan); here they are stored as the pipeline leaves them
 * (a lodgement_files row, SUCCESS or PENDING), since only their scan status and case matter to a document.
 */
import { randomUUID } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DocumentSchema,
  DocumentsResponseSchema,
  LODGEMENT_MESSAGES,
  LenderMortgageReferencesResponseSchema,
  LodgementCaseSchema,
  LodgementCasesResponseSchema,
  LodgementRequestSchema,
  LodgementRequestsResponseSchema,
  ParticipantsResponseSchema,
  fieldErrorMessage,
  fieldErrorsOf,
  type LodgementCase,
  type LodgementDocument,
} from "../../core/documents/api.js";
import { LodgementCasesInFullResponseSchema } from "../../core/documents/case-read-api.js";
import { DOCUMENT_TOOLTIPS, READINESS_PROBLEMS } from "../../core/documents/rules.js";
import { UPLOAD_MESSAGES } from "../../core/documents/schemas.js";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { VERSION_REQUIRED_MESSAGE } from "../../core/shared/versions.js";
import { TRANSACTION_VALUE_MESSAGES } from "../../core/shared/money.js";
import { runRegistryJob } from "../../provider/documents/lodgement.js";
import type { ProductClock } from "../../provider/platform/clock.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { Permission } from "../../core/shared/permissions/roles.js";
import { personWith, rolesWithout } from "./generated-support.js";
import { DEMO_SUBSCRIBERS, eventually, startTestProvider, versionedCall, type TestProvider, type WriteMethod } from "./support.js";

const L = "/api/lodgement/v1";

let provider: TestProvider;
let harper: string; // Harper & Vale LLP: buyer's representative on WS-3, lender's representative on WS-2
let northgate: string; // Northgate Bank: the incoming lender
let keystone: string; // Keystone Conveyancing (viewer), a participant in neither workspace below

beforeAll(async () => {
  provider = await startTestProvider();
  [harper, northgate, keystone] = await Promise.all([provider.scriptToken("harperVale"), provider.scriptToken("northgate"), provider.scriptToken("keystone")]);
});
afterAll(() => provider?.close());

function call(token: string, method: WriteMethod, url: string, payload?: unknown, version?: number) {
  return versionedCall(provider, token, method, url, payload, version);
}
type Answer = Awaited<ReturnType<typeof call>>;

function expectRefusal(response: Answer, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().message).toBe(message);
}

async function caseOf(token: string, workspaceId: string): Promise<LodgementCase> {
  const response = await call(token, "GET", `${L}/lodgement-cases?workspace_id=${workspaceId}`);
  expect(response.statusCode, response.body).toBe(200);
  const { records } = LodgementCasesResponseSchema.parse(response.json());
  expect(records).toHaveLength(1);
  return records[0]!;
}

async function documentsOf(token: string, caseId: string): Promise<LodgementDocument[]> {
  const response = await call(token, "GET", `${L}/lodgement-cases/${caseId}/documents`);
  expect(response.statusCode, response.body).toBe(200);
  return DocumentsResponseSchema.parse(response.json()).records;
}

const application = (documents: LodgementDocument[], type: string) => documents.find((document) => document.documentType === type && document.documentCategory === "APPLICATION_DOCUMENT" && document.parentDocumentId === null)!;

/** A file as the files pipeline leaves it once stored (and scanned, unless PENDING). */
async function storedFile(lodgementCaseId: string, uploadStatus = "SUCCESS", documentType = "EVIDENCE"): Promise<string> {
  const fileId = randomUUID();
  await provider.db
    .insertInto("lodgement_files")
    .values({
      file_id: fileId,
      lodgement_case_id: lodgementCaseId,
      file_name: `${documentType.toLowerCase()}-${fileId.slice(0, 4)}.pdf`,
      document_type: documentType,
      document_category: "SUPPORTING_DOCUMENT",
      size_bytes: 1234,
      sha256: "0".repeat(64),
      storage_key: `test/${fileId}`,
      upload_status: uploadStatus,
      policy_owner: DEMO_SUBSCRIBERS.harperVale.subscriberId,
      policy: JSON.stringify([{ principal: DEMO_SUBSCRIBERS.harperVale.subscriberId, decision: "ALLOW", action: "VIEW" }]),
    })
    .execute();
  return fileId;
}

async function documentCount(lodgementCaseId: string): Promise<number> {
  const rows = await provider.db.selectFrom("lodgement_documents").select("document_id").where("lodgement_case_id", "=", lodgementCaseId).execute();
  return rows.length;
}

async function workspaceRow(workspaceId: string) {
  return provider.db.selectFrom("workspaces").select(["status", "version"]).where("workspace_id", "=", workspaceId).executeTakeFirstOrThrow();
}

async function taskStatus(workspaceId: string, taskName: string) {
  const row = await provider.db.selectFrom("workspace_tasks").select("status").where("workspace_id", "=", workspaceId).where("task_name", "=", taskName).executeTakeFirst();
  return row?.status ?? null;
}

/** The workspace approval and the funds' exchange on completion day are the financials' and the workspace's (tested there). */
async function fundsExchanged(workspaceId: string) {
  await provider.db.updateTable("workspaces").set({ status: "FUNDS_EXCHANGED" }).where("workspace_id", "=", workspaceId).execute();
}

const clockAt = (instant: Date) => ({ now: () => instant }) as unknown as ProductClock;
const hoursAfter = (iso: string, hours: number) => new Date(new Date(iso).getTime() + hours * 3_600_000);

describe("the demo world's lodgement cases follow their workspaces", () => {
  it("(before any registry job runs here) WS-9 (funds exchanged) is approved and ready to submit; WS-11 is requisitioned with its deadline; WS-12 registered; WS-10 lodged", async () => {
    const exchanged = await caseOf(harper, DEMO_WORKSPACES.remortgageExchanged.workspaceId);
    expect(exchanged).toMatchObject({ lodgementCaseStatus: "APPROVED", applicationsApproved: true, submissionProblems: [] });
    const requisitioned = await caseOf(harper, DEMO_WORKSPACES.purchaseRequisitioned.workspaceId);
    expect(requisitioned.lodgementCaseStatus).toBe("REQUISITIONED");
    expect(requisitioned.requisitionDeadline).not.toBeNull();
    const requests = LodgementRequestsResponseSchema.parse((await call(harper, "GET", `${L}/lodgement-requests?lodgement_case_id=${requisitioned.lodgementCaseId}`)).json()).records;
    expect(requests[0]!.correspondence.map((document) => document.subType)).toEqual(["RECEIVED"]);
    expect((await caseOf(northgate, DEMO_WORKSPACES.remortgageClosed.workspaceId)).lodgementCaseStatus).toBe("REGISTERED");
    expect((await caseOf(harper, DEMO_WORKSPACES.remortgageLodged.workspaceId)).lodgementCaseStatus).toBe("LODGED");
    expect((await caseOf(northgate, DEMO_WORKSPACES.remortgageLodgementDelayed.workspaceId)).lodgementCaseStatus).toBe("INITIATED");
  });

  it("a requisitioned case takes uploads although its workspace is locked (the files part reads the case's status)", async () => {
    const requisitioned = await caseOf(harper, DEMO_WORKSPACES.purchaseRequisitioned.workspaceId);
    const upload = multipart({ documentType: "CERTIFIED_COPY", documentCategory: "SUPPORTING_DOCUMENT" }, { name: "reply.pdf", bytes: await aPdf() });
    const answer = await provider.call(harper, { method: "POST", url: `${L}/lodgement-cases/${requisitioned.lodgementCaseId}/files`, ...upload });
    expect(answer.statusCode, answer.body).toBe(201);
    // The scan job answers in the background; later tests read this case and must not see it change mid-read.
    const fileUrl = `${L}/lodgement-cases/${requisitioned.lodgementCaseId}/files/${answer.json().fileId}`;
    const scanned = await eventually(async () => (await call(harper, "GET", fileUrl)).json(), (file) => file.fileUploadStatus !== "PENDING");
    expect(scanned.fileUploadStatus).toBe("SUCCESS");
  });
});

/** A multipart body with text fields and one file part. */
function multipart(fields: Record<string, string>, file: { name: string; bytes: Uint8Array }) {
  const boundary = `----lodgement${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`));
  parts.push(Buffer.from(file.bytes), Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function aPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText("Signed transfer");
  return pdf.save();
}

describe("the multipart documents POST: an upload made a document in one step", () => {
  const workspaceId = DEMO_WORKSPACES.purchaseTwoSided.workspaceId;

  it("stores the file (PENDING until scanned) and its document attached to the transfer; a refused one stores nothing", async () => {
    const lodgementCase = await caseOf(harper, workspaceId);
    const transfer = application(await documentsOf(harper, lodgementCase.lodgementCaseId), "TRANSFER_OF_WHOLE");
    // The transfer needs its signature preference before anything is attached.
    const files = async () => (await provider.db.selectFrom("lodgement_files").select("file_id").where("lodgement_case_id", "=", lodgementCase.lodgementCaseId).execute()).length;
    const before = [await files(), await documentCount(lodgementCase.lodgementCaseId)];
    const refused = multipart({ documentType: "TRANSFER_OF_WHOLE", documentCategory: "SUPPORTING_DOCUMENT", parentDocumentId: transfer.documentId }, { name: "tr1.pdf", bytes: await aPdf() });
    const answer = await provider.call(harper, { method: "POST", url: `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents`, ...refused });
    expectRefusal(answer, 400, DOCUMENT_TOOLTIPS.noDeedPreference);
    expect([await files(), await documentCount(lodgementCase.lodgementCaseId)]).toEqual(before);

    const signature = await call(harper, "PATCH", `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents/${transfer.documentId}`, { signature: { type: "WET_INK_SIGNATURE", format: "PAPER" } }, transfer.version);
    expect(signature.statusCode, signature.body).toBe(200);
    const upload = multipart({ documentType: "TRANSFER_OF_WHOLE", documentCategory: "SUPPORTING_DOCUMENT", parentDocumentId: transfer.documentId }, { name: "tr1.pdf", bytes: await aPdf() });
    const made = await provider.call(harper, { method: "POST", url: `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents`, ...upload });
    expect(made.statusCode, made.body).toBe(201);
    const document = DocumentSchema.parse(made.json());
    expect(document.parentDocumentId).toBe(transfer.documentId);
    expect(document.file).toMatchObject({ fileName: "tr1.pdf", fileUploadStatus: "PENDING" });
    expect(await files()).toBe(before[0]! + 1);

    // Deleting the file takes its document with it (before approval): the transfer is no longer signed.
    const fileRow = await provider.db.selectFrom("lodgement_files").select(["file_id", "version"]).where("file_id", "=", document.file!.fileId).executeTakeFirstOrThrow();
    const deleted = await call(harper, "DELETE", `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/files/${fileRow.file_id}`, undefined, fileRow.version);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await call(harper, "GET", `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents/${document.documentId}`)).statusCode).toBe(404);
    expect(application(await documentsOf(harper, lodgementCase.lodgementCaseId), "TRANSFER_OF_WHOLE").subType).toBe("GENERATED");

    const notPdf = multipart({ documentType: "EVIDENCE", documentCategory: "SUPPORTING_DOCUMENT" }, { name: "picture.pdf", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) });
    const answerNotPdf = await provider.call(harper, { method: "POST", url: `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents`, ...notPdf });
    expect(answerNotPdf.statusCode, answerNotPdf.body).toBe(400);
    expect(await files()).toBe(before[0]!);
  });
});

describe("the journey: attach, value, deed, approve, submit, requisition, reply, registered", () => {
  const workspaceId = DEMO_WORKSPACES.purchaseReady.workspaceId;
  let lodgementCase: LodgementCase;
  let mortgage: LodgementDocument;

  it("the case holds the applications the workspace needs: the mortgage charge and, for a purchase, the transfer", async () => {
    lodgementCase = await caseOf(harper, workspaceId);
    expect(lodgementCase.lodgementCaseStatus).toBe("CREATED");
    expect(lodgementCase.applicationTypes).toContain("MORTGAGE_DEED");
    expect(lodgementCase.applicationTypes).toContain("TRANSFER_OF_WHOLE");
    expect(lodgementCase.canApprove).toBe(false);
    expect(lodgementCase.submissionProblems[0]!.message).toBe(LODGEMENT_MESSAGES.notApproved);
    const documents = await documentsOf(harper, lodgementCase.lodgementCaseId);
    mortgage = application(documents, "MORTGAGE_DEED");
    expect(mortgage.status).toBe("CREATED");
    expect(mortgage.applicationParties.map((party) => party.name)).toEqual(["Priya Shah", "Arjun Shah", "Meera Shah"]);
    expect(application(documents, "TRANSFER_OF_WHOLE").documentAttributes.considerationType).toBe("MONETARY_CONSIDERATION");
    // Reading again changes nothing: the version stays.
    expect((await caseOf(harper, workspaceId)).version).toBe(lodgementCase.version);
  });

  it("a workspace the caller is not in answers 404, for the case and its documents", async () => {
    expect((await call(keystone, "GET", `${L}/lodgement-cases?workspace_id=${workspaceId}`)).statusCode).toBe(404);
    expect((await call(keystone, "GET", `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents`)).statusCode).toBe(404);
  });

  it("the participants and the lender's mortgage deed references", async () => {
    const participants = ParticipantsResponseSchema.parse((await call(harper, "GET", `${L}/lodgement-cases/participants?workspace_id=${workspaceId}`)).json()).records;
    expect(participants.map((participant) => participant.role).sort()).toEqual(["BUYER_REPRESENTATIVE", "INCOMING_LENDER"]);
    const references = LenderMortgageReferencesResponseSchema.parse(
      (await call(harper, "GET", `${L}/lender-mortgage-references?subscriber_id=${DEMO_SUBSCRIBERS.northgate.subscriberId}`)).json(),
    ).records;
    expect(references.map((reference) => reference.mortgageDeedReferenceType)).toEqual(["STANDARD", "DIGITAL"]);
  });

  it("attach before the deed preference is refused with its tooltip, and nothing is stored", async () => {
    const fileId = await storedFile(lodgementCase.lodgementCaseId, "SUCCESS", "MORTGAGE_DEED");
    const before = await documentCount(lodgementCase.lodgementCaseId);
    const response = await call(harper, "POST", `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents`, {
      fileId,
      documentType: "MORTGAGE_DEED",
      documentCategory: "SUPPORTING_DOCUMENT",
      parentDocumentId: mortgage.documentId,
    });
    expectRefusal(response, 400, DOCUMENT_TOOLTIPS.noDeedPreference);
    expect(await documentCount(lodgementCase.lodgementCaseId)).toBe(before);
  });

  it("the transaction value and deed preference: If-Match required, stale refused, 0 only for a transfer, the lender's references only", async () => {
    const url = `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents/${mortgage.documentId}`;
    const body = { transactionValue: 250_999_00, mortgageDeedReference: "", mortgageDeedReferenceType: "STANDARD" };
    const references = LenderMortgageReferencesResponseSchema.parse(
      (await call(harper, "GET", `${L}/lender-mortgage-references?subscriber_id=${DEMO_SUBSCRIBERS.northgate.subscriberId}`)).json(),
    ).records;
    body.mortgageDeedReference = references[0]!.mortgageDeedReference;
    expectRefusal(await call(harper, "PATCH", url, body), 428, VERSION_REQUIRED_MESSAGE);
    expectRefusal(await call(harper, "PATCH", url, body, mortgage.version + 5), 409, CONFLICT_MESSAGE);
    const zero = await call(harper, "PATCH", url, { transactionValue: 0 }, mortgage.version);
    expect(fieldErrorsOf(zero.json().message).transactionValue).toBe(TRANSACTION_VALUE_MESSAGES.invalid);
    const unknown = await call(harper, "PATCH", url, { mortgageDeedReference: "MD0000Z", mortgageDeedReferenceType: "STANDARD" }, mortgage.version);
    expect(fieldErrorsOf(unknown.json().message).mortgageDeedReference).toBe(LODGEMENT_MESSAGES.unknownDeedReference);
    // A purchase is offered standard deeds only.
    const digital = await call(harper, "PATCH", url, { mortgageDeedReference: references[1]!.mortgageDeedReference, mortgageDeedReferenceType: "DIGITAL" }, mortgage.version);
    expect(fieldErrorsOf(digital.json().message).mortgageDeedReference).toBe(LODGEMENT_MESSAGES.unknownDeedReference);
    const unchanged = DocumentSchema.parse((await call(harper, "GET", url)).json());
    expect(unchanged.documentAttributes.transactionValue).toBeNull();
    expect(unchanged.version).toBe(mortgage.version);

    const saved = await call(harper, "PATCH", url, { ...body, signature: { type: "WET_INK_SIGNATURE", format: "PAPER" } }, mortgage.version);
    expect(saved.statusCode, saved.body).toBe(200);
    mortgage = DocumentSchema.parse(saved.json());
    expect(mortgage.documentAttributes).toMatchObject({ transactionValue: 250_999_00, mortgageDeedReferenceType: "STANDARD", signature: { type: "WET_INK_SIGNATURE" } });
    // Lodged with the transfer it secures: no separate fee (article 5(2)).
    expect(mortgage.documentAttributes.landRegistryFee).toBe(0);
    expect(saved.headers.etag).toBe(`"${mortgage.version}"`);
  });

  it("attach refuses a file not scanned clean, and a file of another workspace (404), storing nothing", async () => {
    const before = await documentCount(lodgementCase.lodgementCaseId);
    const pending = await storedFile(lodgementCase.lodgementCaseId, "PENDING");
    const otherCase = await caseOf(harper, DEMO_WORKSPACES.remortgageReady.workspaceId);
    const foreign = await storedFile(otherCase.lodgementCaseId);
    const url = `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents`;
    const base = { documentType: "EVIDENCE", documentCategory: "SUPPORTING_DOCUMENT", parentDocumentId: mortgage.documentId };
    expectRefusal(await call(harper, "POST", url, { ...base, fileId: pending }), 400, LODGEMENT_MESSAGES.fileNotReady);
    const refused = await call(harper, "POST", url, { ...base, fileId: foreign });
    expect(refused.statusCode, refused.body).toBe(404);
    expect(await documentCount(lodgementCase.lodgementCaseId)).toBe(before);
    expect(await documentCount(otherCase.lodgementCaseId)).toBe((await documentsOf(harper, otherCase.lodgementCaseId)).length);
  });

  it("attaches the signed deed to the mortgage charge; a second signed copy cannot replace it", async () => {
    const url = `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents`;
    const fileId = await storedFile(lodgementCase.lodgementCaseId, "SUCCESS", "MORTGAGE_DEED");
    const attached = await call(harper, "POST", url, { fileId, documentType: "MORTGAGE_DEED", documentCategory: "SUPPORTING_DOCUMENT", parentDocumentId: mortgage.documentId });
    expect(attached.statusCode, attached.body).toBe(201);
    expect(DocumentSchema.parse(attached.json()).parentDocumentId).toBe(mortgage.documentId);
    const again = await call(harper, "POST", url, { fileId, documentType: "EVIDENCE", documentCategory: "SUPPORTING_DOCUMENT", parentDocumentId: mortgage.documentId });
    expectRefusal(again, 400, LODGEMENT_MESSAGES.fileAlreadyAttached);
    const second = await storedFile(lodgementCase.lodgementCaseId, "SUCCESS", "MORTGAGE_DEED");
    expectRefusal(
      await call(harper, "POST", url, { fileId: second, documentType: "MORTGAGE_DEED", documentCategory: "SUPPORTING_DOCUMENT", parentDocumentId: mortgage.documentId }),
      400,
      DOCUMENT_TOOLTIPS.signedCannotBeReplaced,
    );
    const documents = await documentsOf(harper, lodgementCase.lodgementCaseId);
    mortgage = application(documents, "MORTGAGE_DEED");
    expect(mortgage.subType).toBe("SIGNED");
    expect(mortgage.status).toBe("PREPARED");
    expect(mortgage.supportingDocuments).toHaveLength(1);
  });

  it("detach keeps the document in the case, delete removes it; an application cannot be removed; versions required", async () => {
    const url = `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents`;
    const fileId = await storedFile(lodgementCase.lodgementCaseId, "SUCCESS", "EVIDENCE");
    const attached = DocumentSchema.parse((await call(harper, "POST", url, { fileId, documentType: "EVIDENCE", documentCategory: "SUPPORTING_DOCUMENT", parentDocumentId: mortgage.documentId })).json());
    expectRefusal(await call(harper, "DELETE", `${url}/${attached.documentId}`), 428, VERSION_REQUIRED_MESSAGE);
    expectRefusal(await call(harper, "DELETE", `${url}/${attached.documentId}`, undefined, attached.version + 1), 409, CONFLICT_MESSAGE);
    const detached = await call(harper, "DELETE", `${url}/${attached.documentId}`, undefined, attached.version);
    expect(detached.json()).toEqual({ documentId: attached.documentId, outcome: "DETACHED" });
    const held = DocumentSchema.parse((await call(harper, "GET", `${url}/${attached.documentId}`)).json());
    expect(held.parentDocumentId).toBeNull();
    const deleted = await call(harper, "DELETE", `${url}/${attached.documentId}`, undefined, held.version);
    expect(deleted.json()).toEqual({ documentId: attached.documentId, outcome: "DELETED" });
    expect((await call(harper, "GET", `${url}/${attached.documentId}`)).statusCode).toBe(404);
    const current = application(await documentsOf(harper, lodgementCase.lodgementCaseId), "MORTGAGE_DEED");
    expectRefusal(await call(harper, "DELETE", `${url}/${current.documentId}`, undefined, current.version), 400, LODGEMENT_MESSAGES.applicationNotRemovable);
    expect(current.subType).toBe("SIGNED");
    mortgage = current;
  });

  it("the transfer takes 0 and its signature preference; the fee total follows (Scale 1)", async () => {
    let transfer = application(await documentsOf(harper, lodgementCase.lodgementCaseId), "TRANSFER_OF_WHOLE");
    const url = `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents/${transfer.documentId}`;
    expectRefusal(
      await call(harper, "PATCH", url, { mortgageDeedReference: "MD1A", mortgageDeedReferenceType: "STANDARD" }, transfer.version),
      400,
      LODGEMENT_MESSAGES.deedPreferenceNotForType,
    );
    const zero = await call(harper, "PATCH", url, { transactionValue: 0, signature: { type: "WET_INK_SIGNATURE", format: "PAPER" } }, transfer.version);
    expect(zero.statusCode, zero.body).toBe(200);
    transfer = DocumentSchema.parse(zero.json());
    const valued = await call(harper, "PATCH", url, { transactionValue: 325_000_00 }, transfer.version);
    transfer = DocumentSchema.parse(valued.json());
    expect(transfer.documentAttributes.landRegistryFee).toBe(150_00);
    expect(transfer.status).toBe("PREPARED");
    // A signed transfer for readiness (4.3).
    const fileId = await storedFile(lodgementCase.lodgementCaseId, "SUCCESS", "TRANSFER_OF_WHOLE");
    const signed = await call(harper, "POST", `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents`, {
      fileId,
      documentType: "TRANSFER_OF_WHOLE",
      documentCategory: "SUPPORTING_DOCUMENT",
      parentDocumentId: transfer.documentId,
    });
    expect(signed.statusCode, signed.body).toBe(201);
    lodgementCase = await caseOf(harper, workspaceId);
    expect(lodgementCase.landRegistryFeeTotal).toBe(150_00);
    expect(await taskStatus(workspaceId, "add-transfer-of-whole-information")).not.toBe("PENDING");
  });

  it("approval needs every statement, then the case is APPROVED and its task completed", async () => {
    lodgementCase = await caseOf(harper, workspaceId);
    const pendingApplications = (await documentsOf(harper, lodgementCase.lodgementCaseId)).filter((document) => document.documentCategory === "APPLICATION_DOCUMENT" && document.status === "CREATED");
    // Any other application the workspace needs (e.g. a discharge of the seller's charge) needs nothing here.
    expect(pendingApplications).toEqual([]);
    expect(lodgementCase.canApprove).toBe(true);
    const url = `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/approvals`;
    expectRefusal(await call(harper, "POST", url, { approved: true }), 428, VERSION_REQUIRED_MESSAGE);
    const missing = await call(harper, "POST", url, { approved: true, statements: ["applicantIdentity"] }, lodgementCase.version);
    expect(fieldErrorsOf(missing.json().message).statements).toBe(LODGEMENT_MESSAGES.statementsRequired);
    expect((await caseOf(harper, workspaceId)).lodgementCaseStatus).toBe("PREPARED");
    const approved = await call(harper, "POST", url, { approved: true, statements: lodgementCase.approvalStatements }, lodgementCase.version);
    expect(approved.statusCode, approved.body).toBe(200);
    lodgementCase = LodgementCaseSchema.parse(approved.json());
    expect(lodgementCase.lodgementCaseStatus).toBe("APPROVED");
    expect(lodgementCase.applicationsApproved).toBe(true);
    expect(await taskStatus(workspaceId, "approve-hmlr-applications-for-settlement")).toBe("COMPLETED");
    // Once approved, nothing is attached or changed.
    const fileId = await storedFile(lodgementCase.lodgementCaseId);
    expectRefusal(
      await call(harper, "POST", `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents`, { fileId, documentType: "EVIDENCE", documentCategory: "SUPPORTING_DOCUMENT", parentDocumentId: mortgage.documentId }),
      400,
      DOCUMENT_TOOLTIPS.applicationsApproved,
    );
    const signed = (await documentsOf(harper, lodgementCase.lodgementCaseId)).find((document) => document.documentId === mortgage.documentId)!.supportingDocuments[0]!;
    expectRefusal(await call(harper, "DELETE", `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents/${signed.documentId}`, undefined, signed.version), 400, DOCUMENT_TOOLTIPS.cannotDetach);
  });

  it("submission waits for the funds' exchange, then lodges: case and workspace LODGED, a request to the registry", async () => {
    const url = `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}`;
    expectRefusal(await call(harper, "PATCH", url, { status: "LODGED" }, lodgementCase.version), 400, LODGEMENT_MESSAGES.notSubmittable);
    await fundsExchanged(workspaceId);
    // The workspace is locked now: the approval can no longer be withdrawn (it could never be given again).
    expectRefusal(await call(harper, "POST", `${url}/approvals`, { approved: false }, lodgementCase.version), 400, DOCUMENT_TOOLTIPS.locked);
    expect((await caseOf(harper, workspaceId)).canUnapprove).toBe(false);
    expectRefusal(await call(harper, "PATCH", url, { status: "LODGED" }, lodgementCase.version - 1), 409, CONFLICT_MESSAGE);
    expectRefusal(await call(harper, "PATCH", url, { status: "REGISTERED_EXTERNALLY" }, lodgementCase.version), 400, LODGEMENT_MESSAGES.resubmitOnlyRejected);
    // Readiness (4.3): a party with identity evidence needs an identity form in the case.
    const parties = await provider.db.selectFrom("workspace_parties").select("party_id").where("workspace_id", "=", workspaceId).where("verification_of_identity", "=", "IDENTITY_EVIDENCE").execute();
    expect(parties.length).toBeGreaterThan(0);
    expectRefusal(await call(harper, "PATCH", url, { status: "LODGED" }, lodgementCase.version), 400, READINESS_PROBLEMS.identityFormsMissing);
    for (const _party of parties) {
      const fileId = await storedFile(lodgementCase.lodgementCaseId, "SUCCESS", "IDENTITY_FORM");
      const held = await call(harper, "POST", `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents`, { fileId, documentType: "IDENTITY_FORM", documentCategory: "IDENTITY_SUPPORTING_DOCUMENT" });
      expect(held.statusCode, held.body).toBe(201);
    }
    lodgementCase = await caseOf(harper, workspaceId);
    expect(lodgementCase.submissionProblems).toEqual([]);
    const lodged = await call(harper, "PATCH", url, { status: "LODGED" }, lodgementCase.version);
    expect(lodged.statusCode, lodged.body).toBe(200);
    lodgementCase = LodgementCaseSchema.parse(lodged.json());
    expect(lodgementCase).toMatchObject({ lodgementCaseStatus: "LODGED", hardLocked: true });
    expect((await workspaceRow(workspaceId)).status).toBe("LODGED");
    const requests = LodgementRequestsResponseSchema.parse((await call(harper, "GET", `${L}/lodgement-requests?lodgement_case_id=${lodgementCase.lodgementCaseId}`)).json()).records;
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ status: "PENDING", outcome: null, landRegistryFee: 150_00 });
    expect(requests[0]!.applications.map((entry) => entry.documentType)).toContain("MORTGAGE_DEED");
    expectRefusal(await call(harper, "PATCH", url, { status: "LODGED" }, lodgementCase.version), 400, LODGEMENT_MESSAGES.alreadyLodged);
  });

  it("the registry answers later with a requisition (pounds ending in 999): correspondence, a 15-business-day deadline, workspace REQUISITIONED", async () => {
    const request = LodgementRequestsResponseSchema.parse((await call(harper, "GET", `${L}/lodgement-requests?lodgement_case_id=${lodgementCase.lodgementCaseId}`)).json()).records[0]!;
    expect((await runRegistryJob(provider.db, clockAt(new Date(request.submittedAt)), "test")).answered).toEqual([]);
    const { answered } = await runRegistryJob(provider.db, clockAt(hoursAfter(request.submittedAt, 30)), "test");
    expect(answered).toEqual([request.lodgementRequestId]);
    lodgementCase = await caseOf(harper, workspaceId);
    expect(lodgementCase.lodgementCaseStatus).toBe("REQUISITIONED");
    expect(lodgementCase.requisitionDeadline).not.toBeNull();
    expect(new Date(lodgementCase.requisitionDeadline!).getTime()).toBeGreaterThan(hoursAfter(request.submittedAt, 30 + 24 * 15).getTime());
    expect((await workspaceRow(workspaceId)).status).toBe("REQUISITIONED");
    expect(await taskStatus(workspaceId, "respond-to-requisition")).toBe("PENDING");
    const after = LodgementRequestsResponseSchema.parse((await call(harper, "GET", `${L}/lodgement-requests?lodgement_case_id=${lodgementCase.lodgementCaseId}`)).json()).records[0]!;
    expect(after.outcome).toBe("REQUISITIONED");
    expect(after.correspondence).toHaveLength(1);
    expect(after.correspondence[0]).toMatchObject({ subType: "RECEIVED", documentCategory: "REQUISITION_DOCUMENT", expired: false });
  });

  it("a reply needs its certification; sending the registry's own letter is refused; the reply is sent and the registry registers", async () => {
    const url = `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents`;
    const fileId = await storedFile(lodgementCase.lodgementCaseId, "SUCCESS", "CERTIFIED_COPY");
    const uncertified = await call(harper, "POST", url, { fileId, documentType: "CERTIFIED_COPY", documentCategory: "REQUISITION_DOCUMENT" });
    expect(fieldErrorsOf(uncertified.json().message).certificationType).toBe(UPLOAD_MESSAGES.certificationRequired);
    const reply = await call(harper, "POST", url, { fileId, documentType: "CERTIFIED_COPY", documentCategory: "REQUISITION_DOCUMENT", certificationType: "CERTIFIED" });
    expect(reply.statusCode, reply.body).toBe(201);
    const replyId = DocumentSchema.parse(reply.json()).documentId;
    lodgementCase = await caseOf(harper, workspaceId);
    const request = LodgementRequestsResponseSchema.parse((await call(harper, "GET", `${L}/lodgement-requests?lodgement_case_id=${lodgementCase.lodgementCaseId}`)).json()).records[0]!;
    const received = request.correspondence.find((document) => document.subType === "RECEIVED")!;
    const submitUrl = `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/submit-requisitions`;
    expectRefusal(await call(harper, "POST", submitUrl, { correspondenceDocumentIds: [received.documentId] }, lodgementCase.version), 400, LODGEMENT_MESSAGES.correspondenceNotSubmittable);
    expectRefusal(await call(harper, "POST", submitUrl, { correspondenceDocumentIds: [replyId] }), 428, VERSION_REQUIRED_MESSAGE);
    const sent = await call(harper, "POST", submitUrl, { correspondenceDocumentIds: [replyId] }, lodgementCase.version);
    expect(sent.statusCode, sent.body).toBe(200);
    const answered = LodgementRequestSchema.parse(sent.json());
    expect(answered.correspondence.find((document) => document.documentId === replyId)!.submittedAt).not.toBeNull();
    expect((await caseOf(harper, workspaceId)).lodgementCaseStatus).toBe("REQUISITION_SUBMITTED");
    expect(await taskStatus(workspaceId, "respond-to-requisition")).toBe("COMPLETED");

    await runRegistryJob(provider.db, clockAt(hoursAfter(new Date().toISOString(), 48)), "test");
    lodgementCase = await caseOf(harper, workspaceId);
    expect(lodgementCase.lodgementCaseStatus).toBe("REGISTERED");
    expect((await workspaceRow(workspaceId)).status).toBe("CLOSED");
    const registered = LodgementRequestsResponseSchema.parse((await call(harper, "GET", `${L}/lodgement-requests?lodgement_case_id=${lodgementCase.lodgementCaseId}`)).json()).records[0]!;
    expect(registered).toMatchObject({ outcome: "REGISTERED", status: "SUCCESS" });
  });
});

describe("the rejection path: the deadline passes, the request is rejected, resubmitted outside", () => {
  const workspaceId = DEMO_WORKSPACES.remortgageReady.workspaceId;
  let lodgementCase: LodgementCase;

  it("a remortgage with a held title: the mortgage charge and a discharge per registered charge", async () => {
    lodgementCase = await caseOf(northgate, workspaceId);
    const documents = await documentsOf(northgate, lodgementCase.lodgementCaseId);
    const types = documents.filter((document) => document.documentCategory === "APPLICATION_DOCUMENT").map((document) => document.documentType);
    expect(types.filter((type) => type === "DISCHARGE")).toHaveLength(2);
    // Discharges come first, by charge number (the discharge feature is on).
    expect(documents[0]!.documentAttributes.chargeIdentifier).toBe("C1");
    expect(types).toContain("MORTGAGE_DEED");
  });

  it("a digital deed is signed in the lender's service: value and deed make the case ready; approve, lodge, requisitioned", async () => {
    const mortgage = application(await documentsOf(harper, lodgementCase.lodgementCaseId), "MORTGAGE_DEED");
    const references = LenderMortgageReferencesResponseSchema.parse(
      (await call(harper, "GET", `${L}/lender-mortgage-references?subscriber_id=${DEMO_SUBSCRIBERS.northgate.subscriberId}`)).json(),
    ).records;
    const digital = references.find((reference) => reference.mortgageDeedReferenceType === "DIGITAL")!;
    const wrongSignature = await call(
      harper,
      "PATCH",
      `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents/${mortgage.documentId}`,
      { mortgageDeedReference: digital.mortgageDeedReference, mortgageDeedReferenceType: "DIGITAL", signature: { type: "WET_INK_SIGNATURE", format: "PAPER" } },
      mortgage.version,
    );
    expect(fieldErrorsOf(wrongSignature.json().message).signature).toBe(LODGEMENT_MESSAGES.signatureNotForDeed);
    const saved = await call(
      harper,
      "PATCH",
      `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/documents/${mortgage.documentId}`,
      { transactionValue: 180_999_00, mortgageDeedReference: digital.mortgageDeedReference, mortgageDeedReferenceType: "DIGITAL", signature: digital.applicableSignatures[0] },
      mortgage.version,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(DocumentSchema.parse(saved.json()).documentAttributes.landRegistryFee).toBe(30_00);
    lodgementCase = await caseOf(harper, workspaceId);
    expect(lodgementCase.lodgementCaseStatus).toBe("PREPARED");
    expect(lodgementCase.landRegistryFeeTotal).toBe(30_00);
    const approved = await call(harper, "POST", `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/approvals`, { approved: true, statements: lodgementCase.approvalStatements }, lodgementCase.version);
    lodgementCase = LodgementCaseSchema.parse(approved.json());
    // Unapprove and approve again: the approval goes and comes back.
    const unapproved = await call(harper, "POST", `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/approvals`, { approved: false }, lodgementCase.version);
    lodgementCase = LodgementCaseSchema.parse(unapproved.json());
    expect(lodgementCase.lodgementCaseStatus).toBe("PREPARED");
    lodgementCase = LodgementCaseSchema.parse(
      (await call(harper, "POST", `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/approvals`, { approved: true, statements: lodgementCase.approvalStatements }, lodgementCase.version)).json(),
    );
    await fundsExchanged(workspaceId);
    const lodged = await call(harper, "PATCH", `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}`, { status: "LODGED" }, lodgementCase.version);
    expect(lodged.statusCode, lodged.body).toBe(200);
    const request = LodgementRequestsResponseSchema.parse((await call(harper, "GET", `${L}/lodgement-requests?lodgement_case_id=${lodgementCase.lodgementCaseId}`)).json()).records[0]!;
    await runRegistryJob(provider.db, clockAt(hoursAfter(request.submittedAt, 30)), "test");
    expect((await caseOf(harper, workspaceId)).lodgementCaseStatus).toBe("REQUISITIONED");
  });

  it("past the deadline the request is rejected: rejectedAt, correspondence Expired, case REGISTRATION_REJECTED", async () => {
    lodgementCase = await caseOf(harper, workspaceId);
    const deadline = new Date(lodgementCase.requisitionDeadline!);
    const requestId = lodgementCase.activeLodgementRequestId!;
    // (The job looks at every request: the demo world's own requisition may fall due first.)
    expect((await runRegistryJob(provider.db, clockAt(new Date(deadline.getTime() - 60_000)), "test")).rejected).not.toContain(requestId);
    expect((await caseOf(harper, workspaceId)).lodgementCaseStatus).toBe("REQUISITIONED");
    const { rejected } = await runRegistryJob(provider.db, clockAt(deadline), "test");
    expect(rejected).toContain(requestId);
    lodgementCase = await caseOf(harper, workspaceId);
    expect(lodgementCase.lodgementCaseStatus).toBe("REGISTRATION_REJECTED");
    const request = LodgementRequestsResponseSchema.parse((await call(harper, "GET", `${L}/lodgement-requests?lodgement_case_id=${lodgementCase.lodgementCaseId}`)).json()).records[0]!;
    expect(request.rejectedAt).not.toBeNull();
    expect(request.outcome).toBe("REJECTED");
    expect(request.correspondence.every((document) => document.expired)).toBe(true);
    // Submitting requisitions of a rejected request is refused.
    expectRefusal(
      await call(harper, "POST", `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}/submit-requisitions`, { correspondenceDocumentIds: [request.correspondence[0]!.documentId] }, lodgementCase.version),
      400,
      LODGEMENT_MESSAGES.notRequisitioned,
    );
    expect(lodgementCase.submissionProblems.map((problem) => problem.message)).toContain(LODGEMENT_MESSAGES.alreadyLodged);
    expect(READINESS_PROBLEMS.rejectedRequest).toBeTruthy();
  });

  it("resubmitted outside the product: REGISTERED_EXTERNALLY closes the workspace", async () => {
    const url = `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}`;
    expectRefusal(await call(harper, "PATCH", url, { status: "REGISTERED_EXTERNALLY" }), 428, VERSION_REQUIRED_MESSAGE);
    const closed = await call(harper, "PATCH", url, { status: "REGISTERED_EXTERNALLY" }, lodgementCase.version);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(LodgementCaseSchema.parse(closed.json()).lodgementCaseStatus).toBe("REGISTERED_EXTERNALLY");
    expect((await workspaceRow(workspaceId)).status).toBe("CLOSED");
  });
});

describe("the case read in full (include): what the separate calls answer, in one call", () => {
  const INCLUDE = "documents,requests,files,participants,deedReferences";

  it("answers, beside the case, its documents, requests, files, participants and deed references exactly as their own calls do", async () => {
    const workspaces = [
      [harper, DEMO_WORKSPACES.purchaseRequisitioned.workspaceId],
      [harper, DEMO_WORKSPACES.remortgageExchanged.workspaceId],
      [northgate, DEMO_WORKSPACES.remortgageClosed.workspaceId],
      [northgate, DEMO_WORKSPACES.remortgageLodgementDelayed.workspaceId],
    ] as const;
    for (const [token, workspaceId] of workspaces) {
      const full = await call(token, "GET", `${L}/lodgement-cases?workspace_id=${workspaceId}&include=${INCLUDE}`);
      expect(full.statusCode, full.body).toBe(200);
      const body = LodgementCasesInFullResponseSchema.parse(full.json());
      const lodgementCase = await caseOf(token, workspaceId);
      expect(body.records).toEqual([lodgementCase]);
      const caseId = lodgementCase.lodgementCaseId;
      const separate = async (url: string) => (await call(token, "GET", url)).json().records;
      const participants = await separate(`${L}/lodgement-cases/participants?workspace_id=${workspaceId}`);
      const lender = participants.find((participant: { role: string }) => participant.role === "INCOMING_LENDER");
      expect(lender, "each of these workspaces has an incoming lender").toBeDefined();
      expect(body.included).toEqual({
        documents: await separate(`${L}/lodgement-cases/${caseId}/documents`),
        requests: await separate(`${L}/lodgement-requests?lodgement_case_id=${caseId}`),
        files: await separate(`${L}/lodgement-cases/${caseId}/files`),
        participants,
        deedReferences: await separate(`${L}/lender-mortgage-references?subscriber_id=${lender.subscriberId}`),
      });
      expect(body.included?.deedReferences?.length).toBeGreaterThan(0);
    }
  });

  it("leaves the deed references out for a caller the references call refuses, and answers the rest", async () => {
    const workspaceId = DEMO_WORKSPACES.purchaseRequisitioned.workspaceId;
    const person = await personWith(provider, { harperVale: rolesWithout([Permission.VIEW_LODGEMENT_DOCUMENTS]) }, "Lacking the documents view");
    const token = person.tokens.harperVale!;
    const lender = (await call(token, "GET", `${L}/lodgement-cases/participants?workspace_id=${workspaceId}`)).json().records.find((participant: { role: string }) => participant.role === "INCOMING_LENDER");
    expect((await call(token, "GET", `${L}/lender-mortgage-references?subscriber_id=${lender.subscriberId}`)).statusCode).toBe(403);
    const full = await call(token, "GET", `${L}/lodgement-cases?workspace_id=${workspaceId}&include=${INCLUDE}`);
    expect(full.statusCode, full.body).toBe(200);
    const included = LodgementCasesInFullResponseSchema.parse(full.json()).included;
    expect(included).not.toHaveProperty("deedReferences");
    expect(included?.participants?.length).toBeGreaterThan(0);
  });

  it("answers only what is named; without include the answer is the plain one; an unknown name is refused (400)", async () => {
    const workspaceId = DEMO_WORKSPACES.purchaseRequisitioned.workspaceId;
    const some = LodgementCasesInFullResponseSchema.parse((await call(harper, "GET", `${L}/lodgement-cases?workspace_id=${workspaceId}&include=requests`)).json());
    expect(Object.keys(some.included ?? {})).toEqual(["requests"]);
    expect((await call(harper, "GET", `${L}/lodgement-cases?workspace_id=${workspaceId}`)).json()).not.toHaveProperty("included");
    expect((await call(harper, "GET", `${L}/lodgement-cases?workspace_id=${workspaceId}&include=secrets`)).statusCode).toBe(400);
  });

  it("a workspace the caller is not in answers 404, with nothing included", async () => {
    const response = await call(keystone, "GET", `${L}/lodgement-cases?workspace_id=${DEMO_WORKSPACES.purchaseRequisitioned.workspaceId}&include=${INCLUDE}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).not.toHaveProperty("included");
  });
});

describe("resubmission in the product (decision 0714): a rejected case prepared, changed, approved, submitted again and registered", () => {
  const workspaceId = DEMO_WORKSPACES.purchaseRequisitioned.workspaceId; // WS-11: requisitioned, its mortgage charge £276,999
  let lodgementCase: LodgementCase;
  let rejectedRequestId: string;
  const caseUrl = () => `${L}/lodgement-cases/${lodgementCase.lodgementCaseId}`;
  const requestsOf = async () =>
    LodgementRequestsResponseSchema.parse((await call(harper, "GET", `${L}/lodgement-requests?lodgement_case_id=${lodgementCase.lodgementCaseId}`)).json()).records;
  /** A refused call changes nothing: the case's version and status, and the workspace's status, are as before. */
  async function expectUnchanged(before: LodgementCase, workspaceStatus: string) {
    const after = await caseOf(harper, workspaceId);
    expect({ version: after.version, status: after.lodgementCaseStatus }).toEqual({ version: before.version, status: before.lodgementCaseStatus });
    expect((await workspaceRow(workspaceId)).status).toBe(workspaceStatus);
  }

  it("is refused while the case is requisitioned, not rejected", async () => {
    lodgementCase = await caseOf(harper, workspaceId);
    if (lodgementCase.lodgementCaseStatus === "REQUISITIONED") {
      expectRefusal(await call(harper, "PATCH", caseUrl(), { status: "RESUBMISSION_PREPARED" }, lodgementCase.version), 400, LODGEMENT_MESSAGES.prepareResubmissionOnlyRejected);
      await expectUnchanged(lodgementCase, "REQUISITIONED");
      // The deadline passes (the rejection path above may already have run the job past it).
      await runRegistryJob(provider.db, clockAt(new Date(lodgementCase.requisitionDeadline!)), "test");
    }
    lodgementCase = await caseOf(harper, workspaceId);
    expect(lodgementCase).toMatchObject({ lodgementCaseStatus: "REGISTRATION_REJECTED", hardLocked: true, canApprove: false });
    rejectedRequestId = (await requestsOf())[0]!.lodgementRequestId;
  });

  it("a rejected case still refuses changes to its applications until prepared", async () => {
    const mortgage = application(await documentsOf(harper, lodgementCase.lodgementCaseId), "MORTGAGE_DEED");
    expect(mortgage.actions.edit).toEqual({ enabled: false, tooltip: DOCUMENT_TOOLTIPS.locked });
    expectRefusal(await call(harper, "PATCH", `${caseUrl()}/documents/${mortgage.documentId}`, { transactionValue: 276_000_00 }, mortgage.version), 400, DOCUMENT_TOOLTIPS.locked);
    const fileId = await storedFile(lodgementCase.lodgementCaseId, "SUCCESS", "EVIDENCE");
    expectRefusal(
      await call(harper, "POST", `${caseUrl()}/documents`, { fileId, documentType: "EVIDENCE", documentCategory: "SUPPORTING_DOCUMENT", parentDocumentId: mortgage.documentId }),
      400,
      DOCUMENT_TOOLTIPS.applicationsApproved,
    );
    await expectUnchanged(lodgementCase, "REQUISITIONED");
  });

  it("the prepare call: If-Match required, a stale version 409, a caller outside the workspace 404, an unknown status 400; each changes nothing", async () => {
    expectRefusal(await call(harper, "PATCH", caseUrl(), { status: "RESUBMISSION_PREPARED" }), 428, VERSION_REQUIRED_MESSAGE);
    expectRefusal(await call(harper, "PATCH", caseUrl(), { status: "RESUBMISSION_PREPARED" }, lodgementCase.version - 1), 409, CONFLICT_MESSAGE);
    expect((await call(keystone, "PATCH", caseUrl(), { status: "RESUBMISSION_PREPARED" }, lodgementCase.version)).statusCode).toBe(404);
    const unknown = await call(harper, "PATCH", caseUrl(), { status: "PREPARED" }, lodgementCase.version);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain("RESUBMISSION_PREPARED (resubmit in the product)");
    // Submitting a rejected case is refused: it must be prepared (and approved) first.
    expectRefusal(await call(harper, "PATCH", caseUrl(), { status: "LODGED" }, lodgementCase.version), 400, LODGEMENT_MESSAGES.alreadyLodged);
    await expectUnchanged(lodgementCase, "REQUISITIONED");
  });

  it("prepared: the lock lifted, the applications back to prepared with no approval, the workspace still REQUISITIONED, the rejected request kept", async () => {
    const prepared = await call(harper, "PATCH", caseUrl(), { status: "RESUBMISSION_PREPARED" }, lodgementCase.version);
    expect(prepared.statusCode, prepared.body).toBe(200);
    lodgementCase = LodgementCaseSchema.parse(prepared.json());
    expect(lodgementCase).toMatchObject({ lodgementCaseStatus: "RESUBMISSION_PREPARED", hardLocked: false, applicationsApproved: false, canApprove: true, activeLodgementRequestId: null });
    expect(prepared.headers.etag).toBe(`"${lodgementCase.version}"`);
    expect((await workspaceRow(workspaceId)).status).toBe("REQUISITIONED");
    expect(await taskStatus(workspaceId, "submit-applications-to-hmlr")).toBe("PENDING");
    const applications = (await documentsOf(harper, lodgementCase.lodgementCaseId)).filter((document) => document.documentCategory === "APPLICATION_DOCUMENT");
    expect(applications.map((document) => [document.status, document.submittedAt, document.rejectedAt, document.actions.edit.enabled])).toEqual(
      applications.map(() => ["PREPARED", null, null, true]),
    );
    const [rejected] = await requestsOf();
    expect(rejected).toMatchObject({ lodgementRequestId: rejectedRequestId, outcome: "REJECTED" });
    expect(rejected!.applications.map((entry) => entry.documentType).sort()).toEqual(["MORTGAGE_DEED", "TRANSFER_OF_WHOLE"]);
    expect(rejected!.correspondence.every((document) => document.expired)).toBe(true);
    // Neither transition applies to a prepared case any more; a refused one changes nothing.
    expectRefusal(await call(harper, "PATCH", caseUrl(), { status: "RESUBMISSION_PREPARED" }, lodgementCase.version), 400, LODGEMENT_MESSAGES.prepareResubmissionOnlyRejected);
    expectRefusal(await call(harper, "PATCH", caseUrl(), { status: "REGISTERED_EXTERNALLY" }, lodgementCase.version), 400, LODGEMENT_MESSAGES.resubmitOnlyRejected);
    expectRefusal(await call(harper, "PATCH", caseUrl(), { status: "LODGED" }, lodgementCase.version), 400, LODGEMENT_MESSAGES.notApproved);
    await expectUnchanged(lodgementCase, "REQUISITIONED");
  });

  it("the applications are changed, attached to and detached from, approved and unapproved, in the locked workspace", async () => {
    let mortgage = application(await documentsOf(harper, lodgementCase.lodgementCaseId), "MORTGAGE_DEED");
    // £276,000: the sandbox registers it without a requisition this time.
    const saved = await call(harper, "PATCH", `${caseUrl()}/documents/${mortgage.documentId}`, { transactionValue: 276_000_00 }, mortgage.version);
    expect(saved.statusCode, saved.body).toBe(200);
    const fileId = await storedFile(lodgementCase.lodgementCaseId, "SUCCESS", "EVIDENCE");
    const attached = await call(harper, "POST", `${caseUrl()}/documents`, { fileId, documentType: "EVIDENCE", documentCategory: "SUPPORTING_DOCUMENT", parentDocumentId: mortgage.documentId });
    expect(attached.statusCode, attached.body).toBe(201);
    const evidence = DocumentSchema.parse(attached.json());
    const detached = await call(harper, "DELETE", `${caseUrl()}/documents/${evidence.documentId}`, undefined, evidence.version);
    expect(detached.json()).toEqual({ documentId: evidence.documentId, outcome: "DETACHED" });
    mortgage = application(await documentsOf(harper, lodgementCase.lodgementCaseId), "MORTGAGE_DEED");
    expect(mortgage.documentAttributes.transactionValue).toBe(276_000_00);
    lodgementCase = await caseOf(harper, workspaceId);
    expect(lodgementCase.lodgementCaseStatus).toBe("RESUBMISSION_PREPARED");
    // What readiness (4.3) still asks of this case is given as on a first submission: an identity form per party
    // with identity evidence (the demo seed lodged WS-11 without them).
    const evidenced = await provider.db
      .selectFrom("workspace_parties")
      .select("party_id")
      .where("workspace_id", "=", workspaceId)
      .where("verification_of_identity", "=", "IDENTITY_EVIDENCE")
      .execute();
    for (const _party of evidenced) {
      const identityForm = await storedFile(lodgementCase.lodgementCaseId, "SUCCESS", "IDENTITY_FORM");
      const held = await call(harper, "POST", `${caseUrl()}/documents`, { fileId: identityForm, documentType: "IDENTITY_FORM", documentCategory: "IDENTITY_SUPPORTING_DOCUMENT" });
      expect(held.statusCode, held.body).toBe(201);
    }
    lodgementCase = await caseOf(harper, workspaceId);
    const approvals = `${caseUrl()}/approvals`;
    expectRefusal(await call(harper, "POST", approvals, { approved: true, statements: [] }, lodgementCase.version), 400, fieldErrorMessage("statements", LODGEMENT_MESSAGES.statementsRequired));
    lodgementCase = LodgementCaseSchema.parse((await call(harper, "POST", approvals, { approved: true, statements: lodgementCase.approvalStatements }, lodgementCase.version)).json());
    // Readiness accepts the rejected request: the case was prepared for resubmission.
    expect(lodgementCase).toMatchObject({ lodgementCaseStatus: "APPROVED", canUnapprove: true, submissionProblems: [] });
    lodgementCase = LodgementCaseSchema.parse((await call(harper, "POST", approvals, { approved: false }, lodgementCase.version)).json());
    expect(lodgementCase).toMatchObject({ lodgementCaseStatus: "RESUBMISSION_PREPARED", applicationsApproved: false });
    lodgementCase = LodgementCaseSchema.parse((await call(harper, "POST", approvals, { approved: true, statements: lodgementCase.approvalStatements }, lodgementCase.version)).json());
    expect(lodgementCase.lodgementCaseStatus).toBe("APPROVED");
    expect((await workspaceRow(workspaceId)).status).toBe("REQUISITIONED");
  });

  it("submitted again: a new request with every application, the case hard locked, the workspace REQUISITIONED → LODGED; registered, the workspace CLOSED", async () => {
    expectRefusal(await call(harper, "PATCH", caseUrl(), { status: "LODGED" }, lodgementCase.version - 1), 409, CONFLICT_MESSAGE);
    const lodged = await call(harper, "PATCH", caseUrl(), { status: "LODGED" }, lodgementCase.version);
    expect(lodged.statusCode, lodged.body).toBe(200);
    lodgementCase = LodgementCaseSchema.parse(lodged.json());
    expect(lodgementCase).toMatchObject({ lodgementCaseStatus: "LODGED", hardLocked: true, canApprove: false, canUnapprove: false });
    expect((await workspaceRow(workspaceId)).status).toBe("LODGED");
    expect(await taskStatus(workspaceId, "submit-applications-to-hmlr")).toBe("COMPLETED");
    const events = await provider.db.selectFrom("audit_events").select("action").where("target", "=", workspaceId).execute();
    expect(events.map((event) => event.action)).toEqual(expect.arrayContaining(["LODGEMENT_RESUBMISSION_PREPARED", "LODGEMENT_LODGED"]));
    const [fresh, rejected] = await requestsOf();
    expect(fresh!.lodgementRequestId).not.toBe(rejectedRequestId);
    expect(fresh!.applications.map((entry) => entry.documentType).sort()).toEqual(["MORTGAGE_DEED", "TRANSFER_OF_WHOLE"]);
    expect(rejected).toMatchObject({ lodgementRequestId: rejectedRequestId, outcome: "REJECTED" });
    expect(rejected!.applications).toHaveLength(2);
    await runRegistryJob(provider.db, clockAt(hoursAfter(fresh!.submittedAt, 30)), "test");
    lodgementCase = await caseOf(harper, workspaceId);
    expect(lodgementCase.lodgementCaseStatus).toBe("REGISTERED");
    expect((await workspaceRow(workspaceId)).status).toBe("CLOSED");
    const applications = (await documentsOf(harper, lodgementCase.lodgementCaseId)).filter((document) => document.documentCategory === "APPLICATION_DOCUMENT");
    expect(applications.every((document) => document.status === "REGISTERED")).toBe(true);
  });
});
