import { describe, expect, it } from "vitest";
import { ACTION_PERMISSIONS } from "../../core/shared/permissions/actions.js";
import { permissionsForRoles } from "../../core/shared/permissions/roles.js";
import { DOCUMENT_TOOLTIPS } from "../../core/documents/rules.js";
import type { LodgementCase, LodgementDocument, LodgementRequest, SupportingDocument } from "../../core/documents/api.js";
import type { LodgementFile } from "../../core/documents/files-api.js";
import { documentsView, uploadCategory, DOCUMENTS_TEXTS, type DocumentsViewInput } from "./documents-view";
import { applicationFormSchema, certificationFormSchema, uploadFieldsSchema } from "./documents-forms";

const everyContextual = [...new Set(Object.values(ACTION_PERMISSIONS).flatMap((rule) => [...((rule as { contextual?: readonly string[] }).contextual ?? [])]))];
const roles = ["Workspace Creator", "Workspace Approver"];
const conveyancer = { permissions: permissionsForRoles(roles), roles, subscriberId: "sub-own" };
const viewer = { permissions: permissionsForRoles(["Workspace Viewer"]), roles: ["Workspace Viewer"], subscriberId: "sub-own" };

const audit = (createdAt: string) => ({ createdAt, createdBy: "u1", lastModifiedAt: createdAt, lastModifiedBy: "u1" });
const attributes = (change: Partial<LodgementDocument["documentAttributes"]> = {}): LodgementDocument["documentAttributes"] => ({
  certificationType: null,
  transactionValue: null,
  considerationType: null,
  landRegistryFee: null,
  mortgageDeedReference: null,
  mortgageDeedReferenceType: null,
  signature: null,
  restrictionType: null,
  chargeIdentifier: null,
  entryNumber: null,
  ...change,
});

function supporting(documentId: string, change: Partial<SupportingDocument> = {}): SupportingDocument {
  return {
    documentId,
    lodgementCaseId: "case-1",
    documentType: "DEED",
    documentCategory: "SUPPORTING_DOCUMENT",
    parentDocumentId: "app-1",
    status: "PREPARED",
    subType: "UPLOADED",
    submittedAt: null,
    rejectedAt: null,
    lodgementRequestId: null,
    name: "deed.pdf",
    file: { fileId: "file-9", fileName: "deed.pdf", fileUploadStatus: "SUCCESS" },
    auditAttributes: audit("2026-07-01T15:04:00Z"),
    applicationType: null,
    documentAttributes: attributes({ certificationType: "CERTIFIED" }),
    expired: false,
    version: 3,
    ...change,
  };
}

function application(documentId: string, change: Partial<LodgementDocument> = {}): LodgementDocument {
  return {
    ...supporting(documentId, { documentType: "MORTGAGE_DEED", documentCategory: "APPLICATION_DOCUMENT", parentDocumentId: null, status: "CREATED", subType: "GENERATED", name: "Mortgage charge", file: null }),
    documentAttributes: attributes({ landRegistryFee: 2000 }),
    applicationParties: [{ partyId: "p1", name: "Nia Cole", role: "BORROWER" }],
    supportingDocuments: [],
    actions: { remove: { enabled: false, tooltip: null }, edit: { enabled: true, tooltip: null } },
    ...change,
  };
}

function file(fileId: string, change: Partial<LodgementFile> = {}): LodgementFile {
  return {
    fileId,
    lodgementCaseId: "case-1",
    fileName: `${fileId}.pdf`,
    documentType: "DEED",
    documentCategory: "SUPPORTING_DOCUMENT",
    documentSubType: "UPLOADED",
    fileUploadStatus: "SUCCESS",
    status: "READY",
    sizeBytes: 100,
    auditAttributes: audit("2026-01-05T09:07:00Z"),
    permission: { policyOwner: "sub-own", policy: [{ principal: "sub-own", decision: "ALLOW", action: "VIEW" }] },
    parentDocumentId: null,
    version: 1,
    ...change,
  };
}

function lodgementCase(change: Partial<LodgementCase> = {}): LodgementCase {
  return {
    lodgementCaseId: "case-1",
    workspaceId: "w1",
    lodgementCaseStatus: "CREATED",
    status: "CREATED",
    hardLocked: false,
    documentTypes: ["DEED", "MORTGAGE_DEED", "CHARGE"],
    applicationTypes: ["MORTGAGE_DEED"],
    applicationsApproved: false,
    landRegistryFeeTotal: 2000,
    canApprove: false,
    canUnapprove: false,
    submissionProblems: [],
    approvalStatements: ["applicantIdentity", "dataAccuracy"],
    activeLodgementRequestId: null,
    requisitionDeadline: null,
    version: 7,
    ...change,
  };
}

function request(id: string, change: Partial<LodgementRequest> = {}): LodgementRequest {
  return {
    lodgementRequestId: id,
    lodgementCaseId: "case-1",
    status: "PENDING",
    outcome: null,
    registryReference: null,
    submittedAt: "2026-08-01T10:00:00Z",
    rejectedAt: null,
    registeredAt: null,
    requisitionedAt: null,
    requisitionDeadline: null,
    landRegistryFee: 2000,
    applications: [{ documentId: "app-1", documentType: "MORTGAGE_DEED", name: "Mortgage charge" }],
    correspondence: [],
    ...change,
  };
}

function input(change: Partial<Omit<DocumentsViewInput, "workspace">> & { workspace?: Partial<DocumentsViewInput["workspace"]> } = {}): DocumentsViewInput {
  return {
    user: conveyancer,
    flags: { "delete-documents-enabled": true, displayDischargeApplicationEnabled: true },
    lodgementCase: lodgementCase(),
    documents: [application("app-1")],
    files: [],
    requests: [],
    participants: [
      { subscriberId: "sub-own", subscriberName: "Harper & Vale", role: "INCOMING_LENDER_REPRESENTATIVE" },
      { subscriberId: "sub-z", subscriberName: "Zed Bank", role: "INCOMING_LENDER" },
      { subscriberId: "sub-a", subscriberName: "Ashdown Law", role: "SELLER_REPRESENTATIVE" },
    ],
    deedReferences: [{ subscriberId: "sub-z", mortgageDeedReference: "MD1234", mortgageDeedReferenceType: "STANDARD", applicableSignatures: [{ type: "WET_INK_SIGNATURE", format: "PAPER" }] }],
    ...change,
    workspace: {
      workspaceId: "w1",
      transactionType: "REMORTGAGE",
      participantRole: "INCOMING_LENDER_REPRESENTATIVE",
      contextualPermissions: everyContextual,
      isLocked: false,
      hardLocked: false,
      isCancelled: false,
      status: "PREPARED",
      ...change.workspace,
    },
  };
}

describe("documents view", () => {
  it("shows the empty workspace documents table, the fee total in pounds and the application in add mode", () => {
    const view = documentsView(input());
    expect(view.workspaceDocuments).toEqual([]);
    expect(DOCUMENTS_TEXTS.empty).toBe("No documents have been attached to this workspace yet");
    expect(view.feeTotal).toBe("£20.00");
    const [charge] = view.applications;
    expect(charge).toMatchObject({ title: "Mortgage charge", actionRequired: true, mode: "add", transactionValue: null, takesDeedPreference: true, landRegistryFee: "£20.00", parties: ["Nia Cole"] });
    // One deed reference and one signature: chosen for the user.
    expect(charge!.current).toMatchObject({ mortgageDeedReference: "MD1234", signatureType: "WET_INK_SIGNATURE" });
    expect(charge!.banners).toContain(DOCUMENT_TOOLTIPS.noDeedPreference);
  });

  it("lists the upload's document types, certification (required when requisitioned) and the other participants alphabetically, the own organisation apart", () => {
    const view = documentsView(input());
    expect(view.upload).toMatchObject({ reason: null, certificationRequired: false, participantSelection: true, own: { value: "sub-own", label: "Harper & Vale" } });
    expect(view.upload!.grantees.map((option) => option.label)).toEqual(["Ashdown Law", "Zed Bank"]);
    expect(view.upload!.documentTypes.map((option) => option.label)).toEqual(["Charge", "Deed", "Mortgage charge"]);
    const requisitioned = documentsView(input({ lodgementCase: lodgementCase({ lodgementCaseStatus: "REQUISITIONED", status: "REQUISITIONED" }) }));
    expect(requisitioned.upload).toMatchObject({ certificationRequired: true, participantSelection: false });
  });

  it("refuses upload in a cancelled workspace with the reason, and hides it from a viewer", () => {
    expect(documentsView(input({ workspace: { isCancelled: true, status: "CANCELLED" } })).upload?.reason).toBe(DOCUMENT_TOOLTIPS.cancelled);
    expect(documentsView(input({ user: viewer })).upload).toBeNull();
  });

  it("formats file rows dd/MM/yyyy, hh:mma in London, shows the scan state, and offers attach, view, delete and viewing permission", () => {
    const view = documentsView(
      input({
        documents: [application("app-1", { documentAttributes: attributes({ mortgageDeedReference: "MD1234", mortgageDeedReferenceType: "STANDARD", transactionValue: 100, landRegistryFee: 2000 }) })],
        files: [file("f-clean", { auditAttributes: audit("2026-07-01T15:04:00Z") }), file("f-pending", { fileUploadStatus: "PENDING" }), file("f-attached", { parentDocumentId: "app-1" })],
      }),
    );
    expect(view.workspaceDocuments.map((row) => row.fileId)).toEqual(["f-clean", "f-pending"]);
    const [clean, pending] = view.workspaceDocuments;
    // 15:04 UTC in July is 16:04 in London (BST).
    expect(clean!.uploadDate).toBe("01/07/2026, 04:04PM");
    expect(clean).toMatchObject({ scan: null, viewHref: "/workspaces/w1/documents/files/f-clean/view" });
    expect(clean!.attach).toMatchObject({ href: "/workspaces/w1/documents/attach/f-clean", reason: null });
    expect(clean!.delete).toMatchObject({ href: "/workspaces/w1/documents/delete/f-clean", reason: null });
    expect(clean!.editPermission).toMatchObject({ href: "/workspaces/w1/documents/permissions/f-clean", reason: null });
    expect(pending!.scan).toMatchObject({ status: "PENDING", label: "Virus scan in progress" });
    expect(pending!.attach?.reason).toBe(DOCUMENT_TOOLTIPS.notAvailable);
    expect(pending!.viewHref).toBeNull();
    expect(view.pendingFileIds).toEqual(["f-pending"]);
  });

  it("gives each refused attach its tooltip: no deed preference, approved, requisitioned, cancelled", () => {
    const noDeed = documentsView(input({ files: [file("f", { documentType: "MORTGAGE_DEED" })] }));
    expect(noDeed.workspaceDocuments[0]!.attach?.reason).toBe(DOCUMENT_TOOLTIPS.noDeedPreference);
    const approved = documentsView(input({ lodgementCase: lodgementCase({ applicationsApproved: true, lodgementCaseStatus: "APPROVED", status: "APPROVED" }), files: [file("f")] }));
    expect(approved.workspaceDocuments[0]!.attach?.reason).toBe(DOCUMENT_TOOLTIPS.applicationsApproved);
    const cancelled = documentsView(input({ workspace: { isCancelled: true, status: "CANCELLED" }, files: [file("f")] }));
    expect(cancelled.workspaceDocuments[0]!.attach?.reason).toBe(DOCUMENT_TOOLTIPS.cancelled);
    expect(cancelled.workspaceDocuments[0]!.delete?.reason).toBe(DOCUMENT_TOOLTIPS.cancelled);
  });

  it("shows the upload's outcome with the messages of 8.2", () => {
    const done = documentsView(input({ files: [file("f", { fileName: "Deed.pdf" })], uploadedFileId: "f" }));
    expect(done.uploadState?.outcome).toEqual({ kind: "success", message: "Deed.pdf uploaded successfully" });
    const virus = documentsView(input({ files: [file("f", { fileUploadStatus: "VIRUS_FOUND" })], uploadedFileId: "f" }));
    expect(virus.uploadState?.outcome?.message).toBe("A virus has been detected in the document. Please check and upload again.");
    const pending = documentsView(input({ files: [file("f", { fileUploadStatus: "PENDING" })], uploadedFileId: "f" }));
    expect(pending.uploadState).toMatchObject({ status: "PENDING", outcome: null });
  });

  it("offers approve with its reason until the case allows it, then unapprove and submit with the readiness problems", () => {
    const blocked = documentsView(input());
    expect(blocked.approve).toMatchObject({ href: "/workspaces/w1/documents/approve", reason: DOCUMENTS_TEXTS.approveBlocked });
    expect(documentsView(input({ lodgementCase: lodgementCase({ canApprove: true }) })).approve?.reason).toBeNull();
    const approved = documentsView(
      input({ lodgementCase: lodgementCase({ lodgementCaseStatus: "APPROVED", status: "APPROVED", applicationsApproved: true, canUnapprove: true, submissionProblems: [{ code: "x", message: "A PG82 certificate is needed." }] }) }),
    );
    expect(approved.approve).toBeNull();
    expect(approved.unapprove).toMatchObject({ reason: null });
    expect(approved.submit?.reason).toBe("A PG82 certificate is needed.");
    expect(documentsView(input({ user: viewer })).approve).toBeNull();
  });

  it("opens an application in edit mode from the address, and shows view mode with the values", () => {
    const given = application("app-1", {
      documentAttributes: attributes({ transactionValue: 25_000_000, mortgageDeedReference: "MD1234", mortgageDeedReferenceType: "STANDARD", signature: { type: "WET_INK_SIGNATURE", format: "PAPER" }, landRegistryFee: 2000 }),
    });
    const viewMode = documentsView(input({ documents: [given] }));
    expect(viewMode.applications[0]).toMatchObject({ mode: "view", transactionValue: "£250,000.00", deedPreference: "Standard deed: MD1234", signaturePreference: "Wet ink signature" });
    expect(viewMode.applications[0]!.edit?.href).toBe("/workspaces/w1/documents?edit=app-1#application-app-1");
    const editMode = documentsView(input({ documents: [given], editDocumentId: "app-1" }));
    expect(editMode.applications[0]).toMatchObject({ mode: "edit", transactionValueInput: "250000.00" });
    const refused = documentsView(input({ documents: [{ ...given, actions: { remove: { enabled: false, tooltip: null }, edit: { enabled: false, tooltip: DOCUMENT_TOOLTIPS.applicationsApproved } } }] }));
    expect(refused.applications[0]).toMatchObject({ mode: "view", editRefusal: DOCUMENT_TOOLTIPS.applicationsApproved });
    expect(refused.applications[0]!.edit?.reason).toBe(DOCUMENT_TOOLTIPS.applicationsApproved);
  });

  it("lists supporting documents with certification, and refuses detaching once approved", () => {
    const withChild = application("app-1", { supportingDocuments: [supporting("s1")] });
    const open = documentsView(input({ documents: [withChild] }));
    expect(open.applications[0]!.supportingDocuments[0]).toMatchObject({ uploadDate: "01/07/2026, 04:04PM", certification: "Certified", documentType: "Deed", detach: { enabled: true, reason: null } });
    const approved = documentsView(input({ documents: [withChild], lodgementCase: lodgementCase({ applicationsApproved: true }) }));
    expect(approved.applications[0]!.supportingDocuments[0]!.detach).toEqual({ enabled: false, reason: DOCUMENT_TOOLTIPS.cannotDetach });
  });

  it("shows the requisition with the replies to submit, and the rejected requests with their expired correspondence", () => {
    const received = supporting("r1", { documentCategory: "REQUISITION_DOCUMENT", subType: "RECEIVED", parentDocumentId: null, lodgementRequestId: "req-1" });
    const replyDoc = supporting("r2", { documentCategory: "REQUISITION_DOCUMENT", subType: "UPLOADED", parentDocumentId: null, lodgementRequestId: "req-1" });
    const requisitioned = documentsView(
      input({
        lodgementCase: lodgementCase({ lodgementCaseStatus: "REQUISITIONED", status: "REQUISITIONED", activeLodgementRequestId: "req-1" }),
        requests: [request("req-1", { requisitionedAt: "2026-08-02T10:00:00Z", requisitionDeadline: "2026-08-21T11:00:00Z", correspondence: [received, replyDoc] })],
      }),
    );
    expect(requisitioned.requisition).toMatchObject({ deadline: "21/08/2026, 12:00PM", submit: { enabled: true, documentIds: ["r2"] } });
    expect(requisitioned.requisition!.received.map((row) => row.documentId)).toEqual(["r1"]);
    const rejected = documentsView(
      input({
        lodgementCase: lodgementCase({ lodgementCaseStatus: "REGISTRATION_REJECTED", status: "REGISTRATION_REJECTED" }),
        requests: [request("req-1", { rejectedAt: "2026-09-01T10:00:00Z", correspondence: [{ ...received, expired: true }] })],
      }),
    );
    expect(rejected.rejected[0]).toMatchObject({ fee: "£20.00", rejectedAt: "01/09/2026, 11:00AM" });
    expect(rejected.rejected[0]!.correspondence[0]!.expired).toBe(true);
    expect(rejected.resubmit).toMatchObject({ href: "/workspaces/w1/documents/resubmit", reason: null });
    expect(rejected.prepareResubmission).toMatchObject({ label: "Prepare resubmission", href: "/workspaces/w1/documents/prepare-resubmission", reason: null });
    const rejectedCase = lodgementCase({ lodgementCaseStatus: "REGISTRATION_REJECTED", status: "REGISTRATION_REJECTED", hardLocked: true });
    const viewerSees = documentsView(input({ user: viewer, lodgementCase: rejectedCase, requests: [request("req-1", { rejectedAt: "2026-09-01T10:00:00Z" })] }));
    expect(viewerSees.resubmit).toBeNull();
    expect(viewerSees.prepareResubmission).toBeNull();
    expect(viewerSees.rejectedMessage).toBe(DOCUMENTS_TEXTS.rejectedMessage);
  });

  it("a case prepared for resubmission (decision 0714): editable and approvable in its REQUISITIONED workspace, the rejected request still listed", () => {
    const rejectedRequest = request("req-1", { rejectedAt: "2026-09-01T10:00:00Z" });
    const view = documentsView(
      input({
        workspace: { isLocked: true, hardLocked: true, status: "REQUISITIONED" },
        lodgementCase: lodgementCase({ lodgementCaseStatus: "RESUBMISSION_PREPARED", status: "RESUBMISSION_PREPARED", hardLocked: false, canApprove: true }),
        requests: [rejectedRequest],
      }),
    );
    expect(view.lockReason).toBeNull();
    expect(view.approve).toMatchObject({ label: "Approve applications", reason: null });
    expect(view.rejected).toHaveLength(1);
    // Neither resubmission is offered again, nor the rejected message.
    expect([view.resubmit, view.prepareResubmission, view.rejectedMessage]).toEqual([null, null, null]);
    // The same locked workspace without the resubmission keeps its lock.
    const locked = documentsView(input({ workspace: { isLocked: true, hardLocked: true, status: "REQUISITIONED" }, lodgementCase: lodgementCase({ hardLocked: true }) }));
    expect(locked.lockReason).toBe(DOCUMENT_TOOLTIPS.locked);
  });

  it("puts an upload in the category of its type", () => {
    expect(uploadCategory("DEED", false)).toBe("SUPPORTING_DOCUMENT");
    expect(uploadCategory("MORTGAGE_DEED", false)).toBe("APPLICATION_DOCUMENT");
    expect(uploadCategory("MORTGAGE_OFFER", false)).toBe("WORKSPACE_SUPPORTING_DOCUMENT");
    expect(uploadCategory("IDENTITY_FORM", false)).toBe("IDENTITY_SUPPORTING_DOCUMENT");
    expect(uploadCategory("DEED", true)).toBe("REQUISITION_DOCUMENT");
  });
});

describe("documents forms", () => {
  it("needs a document type the case takes, and certification when requisitioned", () => {
    const schema = uploadFieldsSchema({ documentTypes: ["DEED"], requisitioned: true, granteeIds: ["a"] });
    const refused = schema.safeParse({ documentType: "CHARGE" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(["Document type is required", "Certification is required"]);
    expect(schema.safeParse({ documentType: "DEED", certificationType: "ORIGINAL", grantees: ["b"] }).success).toBe(false);
  });

  it("checks the transaction value by the rules of 5.1 and the deed against the lender's references", () => {
    const charge = applicationFormSchema({ transferOfWhole: false, takesDeedPreference: true, deedReferences: ["MD1"] });
    const zero = charge.safeParse({ documentId: "d", transactionValue: "0", mortgageDeedReference: "MD1", signatureType: "WET_INK_SIGNATURE" });
    expect(zero.error?.issues[0]?.message).toBe("Enter a valid transaction value");
    const ok = charge.safeParse({ documentId: "d", transactionValue: "250,000.5", mortgageDeedReference: "MD1", signatureType: "WET_INK_SIGNATURE" });
    expect(ok.data?.transactionValue).toBe(25_000_050);
    expect(charge.safeParse({ documentId: "d", transactionValue: "1", mortgageDeedReference: "OTHER", signatureType: "WET_INK_SIGNATURE" }).error?.issues[0]?.message).toBe("Deed preference is required");
    const transfer = applicationFormSchema({ transferOfWhole: true, takesDeedPreference: true, deedReferences: ["MD1"] });
    expect(transfer.safeParse({ documentId: "d", transactionValue: "0", mortgageDeedReference: "MD1", signatureType: "WET_INK_SIGNATURE", considerationType: "MONETARY_CONSIDERATION" }).success).toBe(true);
    expect(charge.safeParse({ documentId: "d", transactionValue: "1234567890123", mortgageDeedReference: "MD1", signatureType: "WET_INK_SIGNATURE" }).error?.issues[0]?.message).toBe(
      "Transaction value can have upto 12 digits & 2 decimal places",
    );
  });

  it("needs a certification and an application in the certification dialog (optional for a requisition reply)", () => {
    const schema = certificationFormSchema({ applicationIds: ["a1"], applicationRequired: true });
    expect(schema.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual(["Certification is required", "Application is required"]);
    expect(certificationFormSchema({ applicationIds: ["a1"], applicationRequired: false }).safeParse({ certificationType: "SCANNED" }).success).toBe(true);
  });
});
