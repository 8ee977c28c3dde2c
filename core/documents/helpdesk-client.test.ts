import { describe, expect, it } from "vitest";
import type { LodgementCase, LodgementDocument, LodgementRequest } from "./api.js";
import type { LodgementFile } from "./files-api.js";
import { documentRows, lodgementStatusOf } from "./helpdesk-client.js";

const audit = (createdAt: string) => ({ createdAt, createdBy: "u1", lastModifiedAt: createdAt, lastModifiedBy: "u1" });

function file(fileId: string, createdAt: string, overrides: Partial<LodgementFile> = {}): LodgementFile {
  return {
    fileId,
    lodgementCaseId: "case",
    fileName: `${fileId}.pdf`,
    documentType: "MORTGAGE_OFFER",
    documentCategory: "WORKSPACE_SUPPORTING_DOCUMENT",
    documentSubType: "UPLOADED",
    fileUploadStatus: "SUCCESS",
    status: "READY",
    sizeBytes: 1000,
    auditAttributes: audit(createdAt),
    permission: { policyOwner: "s1", policy: [] },
    parentDocumentId: null,
    version: 1,
    ...overrides,
  };
}

function document(documentId: string, overrides: Partial<LodgementDocument> = {}): LodgementDocument {
  return {
    documentId,
    lodgementCaseId: "case",
    documentType: "MORTGAGE_DEED",
    documentCategory: "APPLICATION_DOCUMENT",
    parentDocumentId: null,
    status: "CREATED",
    subType: "GENERATED",
    submittedAt: null,
    rejectedAt: null,
    lodgementRequestId: null,
    name: "Mortgage charge",
    file: null,
    auditAttributes: audit("2030-01-01T10:00:00.000Z"),
    applicationType: null,
    documentAttributes: {
      certificationType: null,
      transactionValue: 25_000_000,
      considerationType: null,
      landRegistryFee: 4_500,
      mortgageDeedReference: null,
      mortgageDeedReferenceType: null,
      signature: null,
      restrictionType: null,
      chargeIdentifier: null,
      entryNumber: null,
    },
    expired: false,
    version: 1,
    applicationParties: [],
    supportingDocuments: [],
    actions: { remove: { enabled: true, tooltip: null }, edit: { enabled: true, tooltip: null } },
    ...overrides,
  };
}

describe("documentRows", () => {
  it("lists every file newest first with the application a file is attached to, and no application without a file", () => {
    const attached = { ...document("d2", { documentType: "DEED", documentCategory: "SUPPORTING_DOCUMENT", parentDocumentId: "d1", name: "deed.pdf", submittedAt: "2030-01-05T09:00:00.000Z" }), file: { fileId: "f1", fileName: "f1.pdf", fileUploadStatus: "SUCCESS" as const } };
    const rows = documentRows(
      [file("f1", "2030-01-02T09:00:00.000Z", { documentType: "DEED", documentCategory: "SUPPORTING_DOCUMENT" }), file("f2", "2030-01-03T15:30:00.000Z", { fileUploadStatus: "VIRUS_FOUND" })],
      [document("d1", { supportingDocuments: [attached] })],
    );
    expect(rows.map((row) => [row.id, row.status, row.application, row.submittedAt])).toEqual([
      ["f2", "VIRUS_FOUND", null, null],
      ["f1", "SUCCESS", "Mortgage charge", "2030-01-05T09:00:00.000Z"],
    ]);
    expect(rows[0].uploadedAtLabel).toBe("03/01/2030, 03:30PM");
    expect(rows[1].documentTypeLabel).toBe("Deed");
  });

  it("lists correspondence received from the land registry, which has no file of the case's own uploads", () => {
    const received = document("d3", { documentType: "LAND_REGISTRY_CORRESPONDENCE", documentCategory: "REQUISITION_DOCUMENT", subType: "RECEIVED", name: "Requisition", status: "LODGED" });
    const rows = documentRows([], [received]);
    expect(rows).toEqual([expect.objectContaining({ id: "d3", kind: "document", name: "Requisition", status: "LODGED", category: "REQUISITION_DOCUMENT" })]);
  });
});

describe("lodgementStatusOf", () => {
  it("shows the applications with money in pounds, the problems by message and the requests newest first", () => {
    const lodgementCase = {
      lodgementCaseId: "case",
      workspaceId: "w",
      lodgementCaseStatus: "REQUISITIONED",
      status: "REQUISITIONED",
      hardLocked: true,
      documentTypes: [],
      applicationTypes: ["MORTGAGE_DEED"],
      applicationsApproved: true,
      landRegistryFeeTotal: 4_500,
      canApprove: false,
      canUnapprove: false,
      submissionProblems: [{ code: "rejectedRequest", message: "A rejected lodgement request must be resubmitted." }],
      approvalStatements: [],
      activeLodgementRequestId: "r2",
      requisitionDeadline: "2030-02-01T12:00:00.000Z",
      version: 3,
    } as LodgementCase;
    const request = (id: string, submittedAt: string): LodgementRequest => ({
      lodgementRequestId: id,
      lodgementCaseId: "case",
      status: "PENDING",
      outcome: null,
      registryReference: null,
      submittedAt,
      rejectedAt: null,
      registeredAt: null,
      requisitionedAt: null,
      requisitionDeadline: null,
      landRegistryFee: 4_500,
      applications: [],
      correspondence: [],
    });
    const heading = {
      workspaceId: "w",
      workspaceReferenceId: "WS-0000011",
      workspaceStatus: "REQUISITIONED",
      workspaceStatusLabel: "Requisitioned",
      lodgementCaseId: "case",
      lodgementCaseStatus: "REQUISITIONED",
      lodgementCaseStatusLabel: "Requisitioned",
    };
    const status = lodgementStatusOf(heading, lodgementCase, [document("d1", { status: "LODGED" })], [request("r1", "2030-01-01T10:00:00.000Z"), request("r2", "2030-01-10T10:00:00.000Z")]);
    expect(status.landRegistryFeeTotal).toBe("£45.00");
    expect(status.submissionProblems).toEqual(["A rejected lodgement request must be resubmitted."]);
    expect(status.applications).toEqual([expect.objectContaining({ name: "Mortgage charge", transactionValue: "£250,000.00", landRegistryFee: "£45.00", status: "LODGED" })]);
    expect(status.requests.map((row) => row.lodgementRequestId)).toEqual(["r2", "r1"]);
  });
});
