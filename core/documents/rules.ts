/**
 * Documents and applications (document 3 sections 4.1 to 4.4 and 6): upload and attach availability with
 * the reason for each refusal, detach and delete, submission readiness, application ordering, the file
 * view policy and the land registry fee total.
 */
import { FEE_BEARING_APPLICATION_TYPES, LODGEMENT_CASE_APPROVABLE_STATUSES, POLICY_PRINCIPAL_ALL } from "./enums.js";
import { editLock, type EditLock, type WorkspaceLockFlags } from "../workspaces/status.js";

export const DOCUMENT_TOOLTIPS = {
  cancelled: "You cannot make changes because the workspace has been cancelled.",
  locked: "You cannot make changes because the workspace is locked.",
  applicationsApproved: "You cannot make changes because the applications have been approved.",
  noApplication: "There is no application to attach this document to.",
  noDeedPreference: "Confirm the deed preference before attaching documents.",
  signedCannotBeReplaced: "A signed document already exists and cannot be replaced.",
  requisitioned: "Documents cannot be attached while the case is requisitioned.",
  cannotDetach: "This document was attached before approval and cannot be detached.",
  notAvailable: "This document is not available for attachment.",
  noViewPermission: "You do not have permission to view this document.",
  submitted: "A submitted document cannot be deleted.",
  sellerRepresentativeUpload: "Uploading documents is not available to the seller's representative.",
} as const;
export type DocumentRefusal = keyof typeof DOCUMENT_TOOLTIPS;

export interface Refusable {
  enabled: boolean;
  reason: DocumentRefusal | null;
  tooltip: string | null;
}
const allow: Refusable = { enabled: true, reason: null, tooltip: null };
const refuse = (reason: DocumentRefusal): Refusable => ({ enabled: false, reason, tooltip: DOCUMENT_TOOLTIPS[reason] });

/**
 * The edit lock as a lodgement case's applications see it (decision 0714). A case prepared for resubmission
 * (RESUBMISSION_PREPARED, or APPROVED again since) has its applications changed, attached to, approved and
 * submitted while its workspace stays REQUISITIONED, which locks it: that is the one locked workspace whose
 * applications may change. Cancelled always wins, and every other lock holds.
 */
export function applicationsEditLock(workspace: WorkspaceLockFlags, resubmissionPrepared = false): EditLock {
  const lock = editLock(workspace);
  return lock === "locked" && resubmissionPrepared && workspace.status === "REQUISITIONED" ? null : lock;
}

export interface UploadContext {
  workspace: WorkspaceLockFlags & { transactionType: string; status: string };
  lodgementCaseStatus: string;
  /** A lodgement request of the case has been rejected. */
  hasRejectedRequest: boolean;
  /** The case holds a Transfer of Whole document. */
  hasTransferOfWhole: boolean;
  enhancedWorkspaceApprovalEnabled: boolean;
  transferOfWholePartyEnabled: boolean;
  /** The user's participant role in the workspace (null for the helpdesk administrator). */
  participantRole: string | null;
  /** allow-seller-representative-document-upload-enabled. */
  sellerRepresentativeDocumentUploadEnabled: boolean;
}

/**
 * Upload (document 3 sections 4.2 and 6): a seller representative uploads only with the seller
 * representative document upload flag on. Otherwise allowed unless the workspace is locked or cancelled. A locked workspace
 * still takes uploads while the case is requisitioned or rejected; after funds exchange on a purchase with
 * the case prepared (enhanced approval off) or approved; or on a remortgage holding a Transfer of Whole with
 * its flag on. A cancelled workspace never takes uploads.
 */
export function uploadAvailability(context: UploadContext): Refusable {
  if (context.participantRole === "SELLER_REPRESENTATIVE" && !context.sellerRepresentativeDocumentUploadEnabled) {
    return refuse("sellerRepresentativeUpload");
  }
  const lock = editLock(context.workspace);
  if (lock === null) return allow;
  if (lock === "cancelled") return refuse("cancelled");
  const caseStatus = context.lodgementCaseStatus;
  if (caseStatus === "REQUISITIONED" || context.hasRejectedRequest) return allow;
  const { transactionType, status } = context.workspace;
  if (
    status === "FUNDS_EXCHANGED" &&
    transactionType === "PURCHASE" &&
    ((caseStatus === "PREPARED" && !context.enhancedWorkspaceApprovalEnabled) || caseStatus === "APPROVED")
  ) {
    return allow;
  }
  if (transactionType === "REMORTGAGE" && context.hasTransferOfWhole && context.transferOfWholePartyEnabled) return allow;
  return refuse("locked");
}

export interface AttachContext {
  workspace: WorkspaceLockFlags;
  lodgementCaseStatus: string;
  /** Applications in the case. */
  applicationCount: number;
  /** The target is a deed (mortgage deed or transfer) without a deed preference or signature. */
  deedWithoutPreference: boolean;
  /** Every application has been approved. */
  applicationsApproved: boolean;
  /** A signed mortgage deed, transfer or cancellation of the same type already exists. */
  signedDocumentExists: boolean;
  /** The document's type may be attached to the application. */
  documentTypeAvailable: boolean;
  /** The case was prepared for resubmission and not yet lodged again (lifts the workspace's lock, decision 0714). */
  resubmissionPrepared?: boolean;
}

/** Attach-to-application availability, refusals checked in the order of document 3 section 4.2. */
export function attachAvailability(context: AttachContext): Refusable {
  const lock = applicationsEditLock(context.workspace, context.resubmissionPrepared);
  if (lock === "cancelled") return refuse("cancelled");
  if (context.applicationCount === 0) return refuse("noApplication");
  if (context.deedWithoutPreference) return refuse("noDeedPreference");
  if (context.lodgementCaseStatus === "REQUISITIONED") return refuse("requisitioned");
  if (context.applicationsApproved) return refuse("applicationsApproved");
  if (lock === "locked") return refuse("locked");
  if (context.signedDocumentExists) return refuse("signedCannotBeReplaced");
  if (!context.documentTypeAvailable) return refuse("notAvailable");
  return allow;
}

/**
 * Detach: a document attached before approval cannot be detached once approved; never while cancelled or
 * locked (but for a case prepared for resubmission, decision 0714).
 */
export function detachAvailability(context: { workspace: WorkspaceLockFlags; applicationsApproved: boolean; resubmissionPrepared?: boolean }): Refusable {
  const lock = applicationsEditLock(context.workspace, context.resubmissionPrepared);
  if (lock) return refuse(lock);
  if (context.applicationsApproved) return refuse("cannotDetach");
  return allow;
}

/**
 * Delete a file (document 3 sections 4.2 and 6): only with delete-documents-enabled, only for deletable
 * sub-types, never once submitted, never while the workspace is locked or cancelled. null means the
 * action is not offered at all.
 */
export function fileDeleteAvailability(context: {
  workspace: WorkspaceLockFlags;
  deleteDocumentsEnabled: boolean;
  subType: string | null | undefined;
  submittedAt?: string | null;
  deletableSubTypes: readonly string[];
}): Refusable | null {
  if (!context.deleteDocumentsEnabled || !context.subType || !context.deletableSubTypes.includes(context.subType)) return null;
  const lock = editLock(context.workspace);
  if (lock) return refuse(lock);
  if (context.submittedAt) return refuse("submitted");
  return allow;
}

export interface FilePolicy {
  policyOwner?: string | null;
  policy?: readonly { principal: string; decision: string; action: string }[] | null;
}

/**
 * File-level view (document 3 section 6): viewable if the file-access feature is off, the user's
 * organisation owns the policy, a policy entry allows VIEW for the organisation or for all, or the user is
 * a helpdesk administrator.
 */
export function canViewFile(input: {
  featureEnabled: boolean;
  subscriberId: string | null | undefined;
  isHelpdeskAdministrator: boolean;
  permission: FilePolicy | null | undefined;
}): boolean {
  if (!input.featureEnabled || input.isHelpdeskAdministrator) return true;
  const permission = input.permission;
  if (!permission) return false;
  if (input.subscriberId && permission.policyOwner === input.subscriberId) return true;
  return (permission.policy ?? []).some(
    (entry) =>
      entry.decision === "ALLOW" &&
      entry.action === "VIEW" &&
      (entry.principal === POLICY_PRINCIPAL_ALL || (input.subscriberId !== null && input.subscriberId !== undefined && entry.principal === input.subscriberId)),
  );
}

/** Editing a file's viewing permission: EDIT_LODGEMENT_FILE_ACCESS and the user's organisation owns the policy. */
export function canEditFileAccess(hasPermission: boolean, subscriberId: string | null | undefined, permission: FilePolicy | null | undefined): boolean {
  return hasPermission && !!subscriberId && permission?.policyOwner === subscriberId;
}

/** The policy sent for an upload or an access change: the owner always, then the chosen organisations. */
export function filePolicyFor(ownerSubscriberId: string, grantees: readonly string[]) {
  const principals = [ownerSubscriberId, ...new Set(grantees.filter((id) => id !== ownerSubscriberId))];
  return principals.map((principal) => ({ principal, decision: "ALLOW" as const, action: "VIEW" as const }));
}

export interface ApplicationForOrdering {
  title: string;
  documentType: string;
  chargeIdentifier?: string | null;
}

function chargeNumber(identifier: string | null | undefined): number {
  const match = /\d+/.exec(identifier ?? "");
  return match ? Number(match[0]) : Number.POSITIVE_INFINITY;
}

/** Applications by title; with the discharge feature, discharges first by charge identifier number. */
export function orderApplications<T extends ApplicationForOrdering>(applications: readonly T[], dischargeFirst: boolean): T[] {
  return [...applications].sort((a, b) => {
    if (dischargeFirst) {
      const aDischarge = a.documentType === "DISCHARGE";
      const bDischarge = b.documentType === "DISCHARGE";
      if (aDischarge !== bDischarge) return aDischarge ? -1 : 1;
      if (aDischarge && bDischarge) {
        const difference = chargeNumber(a.chargeIdentifier) - chargeNumber(b.chargeIdentifier);
        if (difference !== 0 && Number.isFinite(difference)) return difference;
      }
    }
    return a.title.localeCompare(b.title, "en-GB");
  });
}

/** The land registry fee total in pence: the sum over mortgage-charge and transfer applications. */
export function landRegistryFeeTotal(applications: readonly { documentType: string; landRegistryFee?: number | null }[]): number {
  return applications
    .filter((application) => (FEE_BEARING_APPLICATION_TYPES as readonly string[]).includes(application.documentType))
    .reduce((total, application) => total + (application.landRegistryFee ?? 0), 0);
}

export interface ReadinessInput {
  lodgementCaseStatus: string;
  applications: readonly {
    documentType: string;
    /** The application's signed copy exists (subType SIGNED). */
    signed: boolean;
    supportingDocumentTypes: readonly string[];
    signatureType?: string | null;
  }[];
  /** Organisation parties in the workspace. */
  organisationPartyCount: number;
  /** Parties whose verification of identity is IDENTITY_EVIDENCE. */
  partiesWithIdentityEvidence: number;
  /** IDENTITY_FORM documents in the case. */
  identityFormCount: number;
  /** The case has a rejected lodgement request. */
  hasRejectedRequest: boolean;
  /** The rejected case was prepared for resubmission (its first state again, decision 0714). */
  resubmissionPrepared?: boolean;
  /** All documents of the case, by type (Companies House documents may sit anywhere). */
  documentTypes: readonly string[];
}

export const READINESS_PROBLEMS = {
  transferNotSigned: "The transfer of whole has not been signed.",
  restrictionIncomplete: "The cancellation of the restriction needs its signed form and supporting document.",
  pg82Missing: "A PG82 certificate is needed for a mortgage deed signed with CCES.",
  companiesHouseMissing: "Companies House evidence and certificate are needed for organisation parties.",
  identityFormsMissing: "An identity form is needed for each party with identity evidence.",
  rejectedRequest: "A rejected lodgement request must be resubmitted.",
} as const;
export type ReadinessProblem = keyof typeof READINESS_PROBLEMS;

/** Submission readiness (document 3 section 4.3): the problems that stop submission; [] when ready. */
export function submissionReadiness(input: ReadinessInput): ReadinessProblem[] {
  const problems: ReadinessProblem[] = [];
  for (const application of input.applications) {
    if (application.documentType === "TRANSFER_OF_WHOLE" && !application.signed && application.supportingDocumentTypes.length === 0) {
      problems.push("transferNotSigned");
    }
    if (application.documentType === "CANCEL_A_RESTRICTION" && (!application.signed || application.supportingDocumentTypes.length === 0)) {
      problems.push("restrictionIncomplete");
    }
    if (
      application.documentType === "MORTGAGE_DEED" &&
      application.signatureType === "CONVEYANCER_CERTIFIED_ELECTRONIC_SIGNATURE" &&
      !application.supportingDocumentTypes.includes("PG82_CERTIFICATE") &&
      !input.documentTypes.includes("PG82_CERTIFICATE")
    ) {
      problems.push("pg82Missing");
    }
  }
  if (
    input.organisationPartyCount > 0 &&
    !(input.documentTypes.includes("COMPANIES_HOUSE_EVIDENCE") && input.documentTypes.includes("COMPANIES_HOUSE_CERTIFICATE"))
  ) {
    problems.push("companiesHouseMissing");
  }
  if (input.identityFormCount < input.partiesWithIdentityEvidence) problems.push("identityFormsMissing");
  // "No rejected requests unless in the first state": a case prepared for resubmission is in it again.
  const firstState = input.lodgementCaseStatus === "CREATED" || input.lodgementCaseStatus === "RESUBMISSION_PREPARED" || input.resubmissionPrepared;
  if (input.hasRejectedRequest && !firstState) problems.push("rejectedRequest");
  return [...new Set(problems)];
}

/**
 * Approve applications (document 3 section 4.1): every application approved-ready (no CREATED document,
 * which means action required), the case in its first two states and the workspace not locked or cancelled;
 * or the case prepared for resubmission (RESUBMISSION_PREPARED), its workspace still REQUISITIONED (0714).
 */
export function canApproveApplications(input: {
  lodgementCaseStatus: string;
  applicationStatuses: readonly string[];
  workspace: WorkspaceLockFlags;
}): boolean {
  return (
    (LODGEMENT_CASE_APPROVABLE_STATUSES as readonly string[]).includes(input.lodgementCaseStatus) &&
    input.applicationStatuses.length > 0 &&
    !input.applicationStatuses.includes("CREATED") &&
    applicationsEditLock(input.workspace, input.lodgementCaseStatus === "RESUBMISSION_PREPARED") === null
  );
}

/**
 * Unapprove: the case APPROVED and not lodged, and the workspace neither locked nor cancelled (approval needs
 * an open workspace, so an unapproval in a locked one could never be undone) — but for a case prepared for
 * resubmission, which is approved again in its locked workspace (decision 0714).
 */
export function canUnapproveApplications(input: {
  lodgementCaseStatus: string;
  hardLocked: boolean;
  workspace: WorkspaceLockFlags;
  resubmissionPrepared: boolean;
}): boolean {
  return input.lodgementCaseStatus === "APPROVED" && !input.hardLocked && applicationsEditLock(input.workspace, input.resubmissionPrepared) === null;
}

/** A document with status CREATED shows the action-required badge. */
export function isActionRequired(documentStatus: string | null | undefined): boolean {
  return documentStatus === "CREATED";
}

/** The correspondence to send with submit-requisitions: the active request's documents not yet submitted. */
export function requisitionDocumentsToSubmit(documents: readonly { documentId: string; lodgementRequestId?: string | null; submittedAt?: string | null }[], activeRequestId: string): string[] {
  return documents.filter((document) => document.lodgementRequestId === activeRequestId && !document.submittedAt).map((document) => document.documentId);
}
