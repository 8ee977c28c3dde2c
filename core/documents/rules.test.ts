import { describe, expect, it } from "vitest";
import { caseStatusBeforeLodgement } from "./applications.js";
import {
  applicationsEditLock,
  attachAvailability,
  canApproveApplications,
  canUnapproveApplications,
  canEditFileAccess,
  canViewFile,
  detachAvailability,
  fileDeleteAvailability,
  filePolicyFor,
  isActionRequired,
  landRegistryFeeTotal,
  orderApplications,
  requisitionDocumentsToSubmit,
  submissionReadiness,
  uploadAvailability,
  type AttachContext,
  type ReadinessInput,
  type UploadContext,
} from "./rules.js";

describe("upload availability", () => {
  const base: UploadContext = {
    workspace: { transactionType: "PURCHASE", status: "CREATED" },
    lodgementCaseStatus: "CREATED",
    hasRejectedRequest: false,
    hasTransferOfWhole: false,
    enhancedWorkspaceApprovalEnabled: false,
    transferOfWholePartyEnabled: true,
    participantRole: "BUYER_REPRESENTATIVE",
    sellerRepresentativeDocumentUploadEnabled: false,
  };
  const locked = { ...base, workspace: { ...base.workspace, isLocked: true } };
  it("lets a seller representative upload only with the seller representative upload flag", () => {
    const seller = { ...base, participantRole: "SELLER_REPRESENTATIVE" };
    expect(uploadAvailability(seller)).toEqual({
      enabled: false,
      reason: "sellerRepresentativeUpload",
      tooltip: "Uploading documents is not available to the seller's representative.",
    });
    expect(uploadAvailability({ ...seller, sellerRepresentativeDocumentUploadEnabled: true }).enabled).toBe(true);
    expect(uploadAvailability({ ...seller, sellerRepresentativeDocumentUploadEnabled: true, workspace: { ...base.workspace, isLocked: true } })).toMatchObject({ reason: "locked" });
    expect(uploadAvailability({ ...base, participantRole: null }).enabled).toBe(true);
  });
  it("allowed unless locked or cancelled", () => {
    expect(uploadAvailability(base).enabled).toBe(true);
    expect(uploadAvailability(locked)).toMatchObject({ enabled: false, reason: "locked" });
    expect(uploadAvailability({ ...base, workspace: { ...base.workspace, isCancelled: true }, lodgementCaseStatus: "REQUISITIONED" })).toMatchObject({ reason: "cancelled" });
  });
  it("the exceptions while locked", () => {
    expect(uploadAvailability({ ...locked, lodgementCaseStatus: "REQUISITIONED" }).enabled).toBe(true);
    expect(uploadAvailability({ ...locked, hasRejectedRequest: true }).enabled).toBe(true);
    const exchanged = { ...locked, workspace: { ...locked.workspace, status: "FUNDS_EXCHANGED" } };
    expect(uploadAvailability({ ...exchanged, lodgementCaseStatus: "PREPARED" }).enabled).toBe(true);
    expect(uploadAvailability({ ...exchanged, lodgementCaseStatus: "PREPARED", enhancedWorkspaceApprovalEnabled: true }).enabled).toBe(false);
    expect(uploadAvailability({ ...exchanged, lodgementCaseStatus: "APPROVED", enhancedWorkspaceApprovalEnabled: true }).enabled).toBe(true);
    const remortgage = { ...locked, workspace: { ...locked.workspace, transactionType: "REMORTGAGE" }, hasTransferOfWhole: true };
    expect(uploadAvailability(remortgage).enabled).toBe(true);
    expect(uploadAvailability({ ...remortgage, transferOfWholePartyEnabled: false }).enabled).toBe(false);
  });
});

describe("attach availability", () => {
  const ok: AttachContext = {
    workspace: {},
    lodgementCaseStatus: "CREATED",
    applicationCount: 1,
    deedWithoutPreference: false,
    applicationsApproved: false,
    signedDocumentExists: false,
    documentTypeAvailable: true,
  };
  it("gives the reason for each refusal, in order", () => {
    expect(attachAvailability(ok).enabled).toBe(true);
    expect(attachAvailability({ ...ok, workspace: { isCancelled: true }, applicationCount: 0 }).reason).toBe("cancelled");
    expect(attachAvailability({ ...ok, applicationCount: 0 }).reason).toBe("noApplication");
    expect(attachAvailability({ ...ok, deedWithoutPreference: true }).reason).toBe("noDeedPreference");
    expect(attachAvailability({ ...ok, lodgementCaseStatus: "REQUISITIONED" }).reason).toBe("requisitioned");
    expect(attachAvailability({ ...ok, applicationsApproved: true }).reason).toBe("applicationsApproved");
    expect(attachAvailability({ ...ok, workspace: { isLocked: true } }).reason).toBe("locked");
    expect(attachAvailability({ ...ok, signedDocumentExists: true }).reason).toBe("signedCannotBeReplaced");
    expect(attachAvailability({ ...ok, documentTypeAvailable: false })).toMatchObject({ reason: "notAvailable", tooltip: "This document is not available for attachment." });
  });
  it("detach and delete", () => {
    expect(detachAvailability({ workspace: {}, applicationsApproved: true }).reason).toBe("cannotDetach");
    expect(detachAvailability({ workspace: { hardLocked: true }, applicationsApproved: false }).reason).toBe("locked");
    expect(detachAvailability({ workspace: {}, applicationsApproved: false }).enabled).toBe(true);
    const deletable = ["UPLOADED"];
    expect(fileDeleteAvailability({ workspace: {}, deleteDocumentsEnabled: false, subType: "UPLOADED", deletableSubTypes: deletable })).toBeNull();
    expect(fileDeleteAvailability({ workspace: {}, deleteDocumentsEnabled: true, subType: "SIGNED", deletableSubTypes: deletable })).toBeNull();
    expect(fileDeleteAvailability({ workspace: {}, deleteDocumentsEnabled: true, subType: "UPLOADED", deletableSubTypes: deletable })?.enabled).toBe(true);
    expect(fileDeleteAvailability({ workspace: {}, deleteDocumentsEnabled: true, subType: "UPLOADED", submittedAt: "x", deletableSubTypes: deletable })?.reason).toBe("submitted");
    expect(fileDeleteAvailability({ workspace: { isCancelled: true }, deleteDocumentsEnabled: true, subType: "UPLOADED", deletableSubTypes: deletable })?.reason).toBe("cancelled");
  });
});

describe("file view policy", () => {
  const permission = { policyOwner: "owner", policy: [{ principal: "friend", decision: "ALLOW", action: "VIEW" }] };
  it("owner, granted organisation, everyone, helpdesk, or feature off", () => {
    expect(canViewFile({ featureEnabled: true, subscriberId: "owner", isHelpdeskAdministrator: false, permission })).toBe(true);
    expect(canViewFile({ featureEnabled: true, subscriberId: "friend", isHelpdeskAdministrator: false, permission })).toBe(true);
    expect(canViewFile({ featureEnabled: true, subscriberId: "stranger", isHelpdeskAdministrator: false, permission })).toBe(false);
    expect(canViewFile({ featureEnabled: true, subscriberId: "stranger", isHelpdeskAdministrator: false, permission: { policy: [{ principal: "*", decision: "ALLOW", action: "VIEW" }] } })).toBe(true);
    expect(canViewFile({ featureEnabled: true, subscriberId: null, isHelpdeskAdministrator: true, permission: null })).toBe(true);
    expect(canViewFile({ featureEnabled: false, subscriberId: "stranger", isHelpdeskAdministrator: false, permission })).toBe(true);
    expect(canViewFile({ featureEnabled: true, subscriberId: "stranger", isHelpdeskAdministrator: false, permission: null })).toBe(false);
    expect(canViewFile({ featureEnabled: true, subscriberId: null, isHelpdeskAdministrator: false, permission: { policy: [{ principal: "friend", decision: "ALLOW", action: "VIEW" }] } })).toBe(false);
  });
  it("file access editing and policies", () => {
    expect(canEditFileAccess(true, "owner", permission)).toBe(true);
    expect(canEditFileAccess(true, "friend", permission)).toBe(false);
    expect(canEditFileAccess(false, "owner", permission)).toBe(false);
    expect(filePolicyFor("me", ["you", "me"])).toEqual([
      { principal: "me", decision: "ALLOW", action: "VIEW" },
      { principal: "you", decision: "ALLOW", action: "VIEW" },
    ]);
  });
});

describe("applications", () => {
  const apps = [
    { title: "Transfer", documentType: "TRANSFER_OF_WHOLE" },
    { title: "Discharge B", documentType: "DISCHARGE", chargeIdentifier: "Charge 2" },
    { title: "Change of name", documentType: "CHANGE_OF_NAME" },
    { title: "Discharge A", documentType: "DISCHARGE", chargeIdentifier: "Charge 10" },
    { title: "Discharge C", documentType: "DISCHARGE", chargeIdentifier: null },
  ];
  it("ordering by title, discharges first by charge number with the feature", () => {
    expect(orderApplications(apps, false).map((a) => a.title)).toEqual(["Change of name", "Discharge A", "Discharge B", "Discharge C", "Transfer"]);
    expect(orderApplications(apps, true).map((a) => a.title)).toEqual(["Discharge B", "Discharge A", "Discharge C", "Change of name", "Transfer"]);
  });
  it("land registry fee total over mortgage charge and transfer", () => {
    expect(landRegistryFeeTotal([
      { documentType: "MORTGAGE_DEED", landRegistryFee: 2000 },
      { documentType: "TRANSFER_OF_WHOLE", landRegistryFee: 15000 },
      { documentType: "DISCHARGE", landRegistryFee: 999 },
      { documentType: "TRANSFER_OF_WHOLE", landRegistryFee: null },
    ])).toBe(17000);
  });
  it("approval, action required and requisitions", () => {
    expect(canApproveApplications({ lodgementCaseStatus: "PREPARED", applicationStatuses: ["PREPARED"], workspace: {} })).toBe(true);
    expect(canApproveApplications({ lodgementCaseStatus: "PREPARED", applicationStatuses: ["CREATED"], workspace: {} })).toBe(false);
    expect(canApproveApplications({ lodgementCaseStatus: "APPROVED", applicationStatuses: ["PREPARED"], workspace: {} })).toBe(false);
    expect(canApproveApplications({ lodgementCaseStatus: "CREATED", applicationStatuses: [], workspace: {} })).toBe(false);
    expect(canApproveApplications({ lodgementCaseStatus: "CREATED", applicationStatuses: ["PREPARED"], workspace: { isLocked: true } })).toBe(false);
    expect(isActionRequired("CREATED")).toBe(true);
    expect(isActionRequired("PREPARED")).toBe(false);
    expect(requisitionDocumentsToSubmit([
      { documentId: "a", lodgementRequestId: "r1" },
      { documentId: "b", lodgementRequestId: "r1", submittedAt: "x" },
      { documentId: "c", lodgementRequestId: "r0" },
    ], "r1")).toEqual(["a"]);
  });
});

describe("submission readiness", () => {
  const ready: ReadinessInput = {
    lodgementCaseStatus: "PREPARED",
    applications: [{ documentType: "MORTGAGE_DEED", signed: true, supportingDocumentTypes: [], signatureType: "WET_INK_SIGNATURE" }],
    organisationPartyCount: 0,
    partiesWithIdentityEvidence: 1,
    identityFormCount: 1,
    hasRejectedRequest: false,
    documentTypes: [],
  };
  it("is ready when every rule holds", () => {
    expect(submissionReadiness(ready)).toEqual([]);
  });
  it("names each unmet rule", () => {
    expect(submissionReadiness({ ...ready, applications: [{ documentType: "TRANSFER_OF_WHOLE", signed: false, supportingDocumentTypes: [] }] })).toEqual(["transferNotSigned"]);
    expect(submissionReadiness({ ...ready, applications: [{ documentType: "TRANSFER_OF_WHOLE", signed: false, supportingDocumentTypes: ["EVIDENCE"] }] })).toEqual([]);
    expect(submissionReadiness({ ...ready, applications: [{ documentType: "CANCEL_A_RESTRICTION", signed: true, supportingDocumentTypes: [] }] })).toEqual(["restrictionIncomplete"]);
    const cces = { documentType: "MORTGAGE_DEED", signed: true, supportingDocumentTypes: [], signatureType: "CONVEYANCER_CERTIFIED_ELECTRONIC_SIGNATURE" };
    expect(submissionReadiness({ ...ready, applications: [cces] })).toEqual(["pg82Missing"]);
    expect(submissionReadiness({ ...ready, applications: [cces], documentTypes: ["PG82_CERTIFICATE"] })).toEqual([]);
    expect(submissionReadiness({ ...ready, organisationPartyCount: 1, documentTypes: ["COMPANIES_HOUSE_EVIDENCE"] })).toEqual(["companiesHouseMissing"]);
    expect(submissionReadiness({ ...ready, organisationPartyCount: 1, documentTypes: ["COMPANIES_HOUSE_EVIDENCE", "COMPANIES_HOUSE_CERTIFICATE"] })).toEqual([]);
    expect(submissionReadiness({ ...ready, identityFormCount: 0 })).toEqual(["identityFormsMissing"]);
    expect(submissionReadiness({ ...ready, hasRejectedRequest: true })).toEqual(["rejectedRequest"]);
    expect(submissionReadiness({ ...ready, hasRejectedRequest: true, lodgementCaseStatus: "CREATED" })).toEqual([]);
  });
});

describe("resubmission in the product (decision 0714): the one locked workspace whose applications may change", () => {
  const requisitioned = { isLocked: true, hardLocked: true, status: "REQUISITIONED" };
  const ok: AttachContext = {
    workspace: requisitioned,
    lodgementCaseStatus: "RESUBMISSION_PREPARED",
    applicationCount: 1,
    deedWithoutPreference: false,
    applicationsApproved: false,
    signedDocumentExists: false,
    documentTypeAvailable: true,
    resubmissionPrepared: true,
  };
  it("lifts the lock of a REQUISITIONED workspace for a case prepared for resubmission, and no other lock", () => {
    expect(applicationsEditLock(requisitioned, true)).toBeNull();
    expect(applicationsEditLock(requisitioned, false)).toBe("locked");
    // Another locked workspace (lodged, funds exchanged), or one without its status, stays locked; cancelled always wins.
    expect(applicationsEditLock({ isLocked: true, hardLocked: true, status: "LODGED" }, true)).toBe("locked");
    expect(applicationsEditLock({ isLocked: true, status: "FUNDS_EXCHANGED" }, true)).toBe("locked");
    expect(applicationsEditLock({ isLocked: true }, true)).toBe("locked");
    expect(applicationsEditLock({ isCancelled: true, status: "CANCELLED" }, true)).toBe("cancelled");
  });
  it("attach and detach: allowed on the prepared case, refused once approved or without the resubmission", () => {
    expect(attachAvailability(ok).enabled).toBe(true);
    expect(attachAvailability({ ...ok, resubmissionPrepared: false }).reason).toBe("locked");
    expect(attachAvailability({ ...ok, applicationsApproved: true }).reason).toBe("applicationsApproved");
    expect(attachAvailability({ ...ok, workspace: { ...requisitioned, status: "LODGED" } }).reason).toBe("locked");
    expect(detachAvailability({ workspace: requisitioned, applicationsApproved: false, resubmissionPrepared: true }).enabled).toBe(true);
    expect(detachAvailability({ workspace: requisitioned, applicationsApproved: false }).reason).toBe("locked");
    expect(detachAvailability({ workspace: requisitioned, applicationsApproved: true, resubmissionPrepared: true }).reason).toBe("cannotDetach");
  });
  it("approve from RESUBMISSION_PREPARED in the REQUISITIONED workspace; unapprove the approved resubmission; nothing else while locked", () => {
    expect(canApproveApplications({ lodgementCaseStatus: "RESUBMISSION_PREPARED", applicationStatuses: ["PREPARED"], workspace: requisitioned })).toBe(true);
    expect(canApproveApplications({ lodgementCaseStatus: "RESUBMISSION_PREPARED", applicationStatuses: ["CREATED"], workspace: requisitioned })).toBe(false);
    expect(canApproveApplications({ lodgementCaseStatus: "REGISTRATION_REJECTED", applicationStatuses: ["PREPARED"], workspace: requisitioned })).toBe(false);
    expect(canApproveApplications({ lodgementCaseStatus: "PREPARED", applicationStatuses: ["PREPARED"], workspace: requisitioned })).toBe(false);
    const unapprove = { lodgementCaseStatus: "APPROVED", hardLocked: false, workspace: requisitioned, resubmissionPrepared: true };
    expect(canUnapproveApplications(unapprove)).toBe(true);
    expect(canUnapproveApplications({ ...unapprove, resubmissionPrepared: false })).toBe(false);
    expect(canUnapproveApplications({ ...unapprove, hardLocked: true })).toBe(false);
    expect(canUnapproveApplications({ ...unapprove, workspace: {}, resubmissionPrepared: false })).toBe(true);
  });
  it("readiness accepts the rejected request once the case is prepared for resubmission (its first state again)", () => {
    const base: ReadinessInput = {
      lodgementCaseStatus: "APPROVED",
      applications: [{ documentType: "MORTGAGE_DEED", signed: true, supportingDocumentTypes: [] }],
      organisationPartyCount: 0,
      partiesWithIdentityEvidence: 0,
      identityFormCount: 0,
      hasRejectedRequest: true,
      documentTypes: [],
    };
    expect(submissionReadiness(base)).toEqual(["rejectedRequest"]);
    expect(submissionReadiness({ ...base, resubmissionPrepared: true })).toEqual([]);
    expect(submissionReadiness({ ...base, lodgementCaseStatus: "RESUBMISSION_PREPARED" })).toEqual([]);
  });
  it("the case status before lodgement stays RESUBMISSION_PREPARED until approved", () => {
    expect(caseStatusBeforeLodgement(["PREPARED"], false, true)).toBe("RESUBMISSION_PREPARED");
    expect(caseStatusBeforeLodgement(["CREATED"], false, true)).toBe("RESUBMISSION_PREPARED");
    expect(caseStatusBeforeLodgement(["PREPARED"], true, true)).toBe("APPROVED");
    expect(caseStatusBeforeLodgement(["PREPARED"], false)).toBe("PREPARED");
  });
});
