/**
 * What the Documents tab shows (document 3 sections 2.1, 4.1 to 4.3, 5.1, 6 and 8.2), decided on the server
 * from the workspace, the lodgement case, its documents, files and lodgement requests, the participants and
 * the user: the upload area, the requisition list, the applications for lodgement with HMLR and their fee
 * total, the rejected applications, the workspace documents table and the correspondence, with every action
 * the user may take — hidden without the permission (section 6), disabled with its reason as visible text when
 * a rule refuses it (core/documents/rules.ts tooltips, the provider's own availability for each document).
 * Each action is a link to a modal route or a form with an intent, so it works without JavaScript. Pure: no I/O.
 */
import type { WorkspaceDetail } from "../../core/workspaces/api.js";
import type { CaseParticipant, LenderMortgageReference, LodgementCase, LodgementDocument, LodgementRequest, SupportingDocument } from "../../core/documents/api.js";
import type { LodgementFile } from "../../core/documents/files-api.js";
import { can, type Action, type PermissionSubject } from "../../core/shared/permissions/actions.js";
import { isHelpdeskAdministrator } from "../../core/shared/permissions/roles.js";
import { isFlagOn, type FlagSet } from "../../core/shared/feature-flags.js";
import { formatMoney } from "../../core/shared/format-money.js";
import { formatDocumentDateTime } from "../../core/shared/format-dates.js";
import { labelOf } from "../../core/shared/labels.js";
import { editLock } from "../../core/workspaces/status.js";
import {
  APPLICATION_DOCUMENT_TYPES,
  CERTIFICATION_TYPE_LABELS,
  CERTIFICATION_TYPES,
  CONSIDERATION_TYPE_LABELS,
  DELETABLE_FILE_SUB_TYPES,
  DOCUMENT_TYPE_LABELS,
  LODGEMENT_CASE_APPROVABLE_STATUSES,
  LODGEMENT_CASE_STATUS_LABELS,
  MORTGAGE_DEED_REFERENCE_TYPE_LABELS,
  RECEIVED_DOCUMENT_TYPES,
  SIGNATURE_TYPE_LABELS,
  SIGNED_APPLICATION_TYPES,
  WORKSPACE_SUPPORTING_DOCUMENT_TYPES,
  isRejectedRequest,
  type DocumentCategory,
} from "../../core/documents/enums.js";
import {
  applicationsEditLock,
  attachAvailability,
  canEditFileAccess,
  canViewFile,
  fileDeleteAvailability,
  isActionRequired,
  orderApplications,
  requisitionDocumentsToSubmit,
  uploadAvailability,
  DOCUMENT_TOOLTIPS,
} from "../../core/documents/rules.js";
import { LODGEMENT_MESSAGES } from "../../core/documents/api.js";
import { uploadOutcomeMessage } from "../../core/documents/messages.js";
import { workspaceContext } from "../workspaces/workspace-view";

/** An action: a link (to a modal route or an inline view) or a form post, or disabled with its reason. */
export interface Control {
  label: string;
  /** Where the link goes (modal routes, inline views). */
  href: string;
  /** Why it cannot be used now, shown as text beside it; null when it can. */
  reason: string | null;
}

export interface Option {
  value: string;
  label: string;
}

export interface FileRow {
  fileId: string;
  fileName: string;
  uploadDate: string;
  documentType: string;
  /** The scan's state as text when it is not clean yet (PENDING) or failed; null when SUCCESS. */
  scan: { status: string; label: string } | null;
  /** View (a new window on the signed link), or null when the file may not be viewed by this user. */
  viewHref: string | null;
  attach: Control | null;
  delete: Control | null;
  editPermission: Control | null;
}

export interface SupportingRow {
  documentId: string;
  version: number;
  fileName: string;
  viewHref: string | null;
  uploadDate: string;
  documentType: string;
  certification: string;
  /** Requisition documents only. */
  submitDate: string | null;
  /** Detach (a form post with the document's version), or disabled with its reason. */
  detach: { enabled: boolean; reason: string | null } | null;
}

export type ApplicationMode = "view" | "add" | "edit";

export interface ApplicationView {
  documentId: string;
  version: number;
  title: string;
  documentType: string;
  status: string;
  actionRequired: boolean;
  banners: string[];
  transferOfWhole: boolean;
  transactionValue: string | null;
  /** The value as the form shows it (pounds), when there is one. */
  transactionValueInput: string;
  takesDeedPreference: boolean;
  /** Mortgage charge and transfer of whole: a signature preference. */
  takesSignature: boolean;
  deedPreference: string | null;
  signaturePreference: string | null;
  considerationType: string | null;
  /** DISCHARGE only. */
  entryNumber: string | null;
  landRegistryFee: string | null;
  parties: string[];
  supportingDocuments: SupportingRow[];
  /** view: the values; add: the form for values not given yet; edit: the form over the current values. */
  mode: ApplicationMode;
  /** Edit (opens edit mode) or null without permission; disabled with its reason when refused. */
  edit: Control | null;
  /** The provider's verdict on changing it (approved, locked …). */
  editRefusal: string | null;
  deedOptions: { value: string; label: string; type: string; signatures: Option[] }[];
  signatureOptions: Option[];
  considerationOptions: Option[];
  considerationRequired: boolean;
  signatureRequired: boolean;
  current: { mortgageDeedReference: string; signatureType: string; considerationType: string };
}

export interface CorrespondenceRow {
  documentId: string;
  name: string;
  date: string;
  viewHref: string | null;
  expired: boolean;
  received: boolean;
  submitted: string | null;
}

export interface RequestView {
  lodgementRequestId: string;
  submittedAt: string;
  rejectedAt: string | null;
  fee: string;
  registryReference: string | null;
  applications: string[];
  correspondence: CorrespondenceRow[];
}

export interface UploadArea {
  /** Why upload cannot be used now (locked, cancelled …); null when it can. */
  reason: string | null;
  documentTypes: Option[];
  certificationTypes: Option[];
  certificationRequired: boolean;
  /** The user's own organisation: always granted, shown checked and disabled. */
  own: Option | null;
  /** The other participant subscribers, alphabetically. */
  grantees: Option[];
  participantSelection: boolean;
}

/** The state of the upload the address names (`?uploaded=<fileId>`), for the message of section 8.2. */
export interface UploadState {
  fileId: string;
  fileName: string;
  status: string;
  /** Null while PENDING. */
  outcome: { kind: "success" | "error"; message: string } | null;
}

export interface DocumentsView {
  workspaceId: string;
  basePath: string;
  lodgementCaseId: string;
  caseVersion: number;
  caseStatus: string;
  caseStatusLabel: string;
  requisitioned: boolean;
  /** Why editing is closed (cancelled or locked workspace), or null. */
  lockReason: string | null;
  upload: UploadArea | null;
  uploadState: UploadState | null;
  /** Files still being scanned: with JavaScript the tab asks again until they are done. */
  pendingFileIds: string[];
  applications: ApplicationView[];
  feeTotal: string;
  approve: Control | null;
  unapprove: Control | null;
  submit: Control | null;
  submissionProblems: string[];
  requisition: {
    deadline: string | null;
    received: CorrespondenceRow[];
    replies: CorrespondenceRow[];
    /** Submit the replies not yet submitted: enabled when there are some. */
    submit: { enabled: boolean; reason: string | null; documentIds: string[] } | null;
  } | null;
  rejected: RequestView[];
  resubmit: Control | null;
  /** Take the rejected case back to change, approve and submit again in the product (decision 0714). */
  prepareResubmission: Control | null;
  /** Shown to a user who may not resubmit when a request was rejected. */
  rejectedMessage: string | null;
  workspaceDocuments: FileRow[];
  correspondence: RequestView[];
}

export interface DocumentsViewInput {
  workspace: Pick<WorkspaceDetail, "workspaceId" | "transactionType" | "participantRole" | "contextualPermissions" | "isLocked" | "hardLocked" | "isCancelled" | "status">;
  user: PermissionSubject & { subscriberId: string | null };
  flags: FlagSet;
  lodgementCase: LodgementCase;
  documents: readonly LodgementDocument[];
  files: readonly LodgementFile[];
  requests: readonly LodgementRequest[];
  participants: readonly CaseParticipant[];
  deedReferences: readonly LenderMortgageReference[];
  /** `?uploaded=<fileId>`: the upload whose outcome to show. */
  uploadedFileId?: string | null;
  /** `?edit=<documentId>`: the application opened in edit mode. */
  editDocumentId?: string | null;
}

/** The category an upload of this type belongs to (document 3 section 3's categories). */
export function uploadCategory(documentType: string, requisitioned: boolean): DocumentCategory {
  if (requisitioned) return "REQUISITION_DOCUMENT";
  if ((APPLICATION_DOCUMENT_TYPES as readonly string[]).includes(documentType)) return "APPLICATION_DOCUMENT";
  if ((WORKSPACE_SUPPORTING_DOCUMENT_TYPES as readonly string[]).includes(documentType)) return "WORKSPACE_SUPPORTING_DOCUMENT";
  if (documentType === "IDENTITY_EVIDENCE" || documentType === "IDENTITY_FORM") return "IDENTITY_SUPPORTING_DOCUMENT";
  return "SUPPORTING_DOCUMENT";
}

export const SCAN_LABELS: Readonly<Record<string, string>> = {
  PENDING: "Virus scan in progress",
  VIRUS_FOUND: "Virus found",
  FAILED: "Upload failed",
};

export const DOCUMENTS_TEXTS = {
  empty: "No documents have been attached to this workspace yet",
  noApplications: "There are no applications for this workspace yet.",
  notProvided: "Not provided",
  rejectedMessage: "The land registry rejected an application. The applications must be resubmitted.",
  approveBlocked: LODGEMENT_MESSAGES.cannotApprove,
  nothingToSubmit: "Upload the requisition replies first.",
  deedBanner: DOCUMENT_TOOLTIPS.noDeedPreference,
  approvedBanner: "The applications have been approved.",
  lodgedBanner: "Submitted to the land registry.",
  signedBanner: "The signed application has been received.",
} as const;

const typeLabel = (type: string) => labelOf(DOCUMENT_TYPE_LABELS, type);
const certificationLabel = (type: string | null) => (type ? labelOf(CERTIFICATION_TYPE_LABELS, type) : "");

/** Pence as the form shows it: `123456` → `1234.56`. */
function penceInput(pence: number | null): string {
  if (pence === null) return "";
  return `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;
}

export function documentsView(input: DocumentsViewInput): DocumentsView {
  const { workspace, user, flags, lodgementCase } = input;
  const context = workspaceContext(workspace);
  const allowed = (action: Action) => can(user, action, context);
  const helpdesk = isHelpdeskAdministrator(user.roles);
  const basePath = `/workspaces/${workspace.workspaceId}/documents`;
  const lockFlags = { isCancelled: workspace.isCancelled, isLocked: workspace.isLocked, hardLocked: workspace.hardLocked, status: workspace.status };
  const lock = editLock(lockFlags);
  const caseStatus = lodgementCase.lodgementCaseStatus;
  const requisitioned = caseStatus === "REQUISITIONED";
  const hasRejectedRequest = input.requests.some(isRejectedRequest);
  // A rejected case is hard locked until prepared for resubmission, and again once lodged (decision 0714).
  const resubmissionPrepared = hasRejectedRequest && !lodgementCase.hardLocked && (caseStatus === "RESUBMISSION_PREPARED" || caseStatus === "APPROVED");
  // The applications' lock: the workspace's, but for a case prepared for resubmission in its REQUISITIONED workspace.
  const applicationsLock = applicationsEditLock(lockFlags, resubmissionPrepared);
  const lockReason = applicationsLock ? DOCUMENT_TOOLTIPS[applicationsLock] : null;
  const filesById = new Map(input.files.map((file) => [file.fileId, file]));
  // The provider lists only the files the caller may view; the file-level rule (section 6) is applied again
  // here so that a file listed under a document shows no View link to a user its policy leaves out.
  const fileViewFeature = true;

  const viewHrefOf = (fileId: string | null | undefined): string | null => {
    if (!fileId || !allowed("viewDocument")) return null;
    const file = filesById.get(fileId);
    // A file the provider did not list to this user is not viewable by them (the file-level rule of section 6).
    if (file && !canViewFile({ featureEnabled: fileViewFeature, subscriberId: user.subscriberId, isHelpdeskAdministrator: helpdesk, permission: file.permission })) return null;
    return `${basePath}/files/${encodeURIComponent(fileId)}/view`;
  };

  // Upload area (4.2, 5.1).
  let upload: UploadArea | null = null;
  if (allowed(requisitioned ? "uploadRequisitionDocument" : "uploadFile")) {
    const availability = uploadAvailability({
      workspace: { ...lockFlags, transactionType: workspace.transactionType, status: workspace.status },
      lodgementCaseStatus: caseStatus,
      hasRejectedRequest,
      hasTransferOfWhole: input.documents.some((document) => document.documentType === "TRANSFER_OF_WHOLE"),
      enhancedWorkspaceApprovalEnabled: isFlagOn(flags, "enhanced-workspace-approval-enabled"),
      transferOfWholePartyEnabled: isFlagOn(flags, "transfer-of-equity-enabled"),
      participantRole: workspace.participantRole,
      sellerRepresentativeDocumentUploadEnabled: isFlagOn(flags, "allow-seller-representative-document-upload-enabled"),
    });
    const own = input.participants.find((participant) => participant.subscriberId === user.subscriberId) ?? null;
    const others = input.participants
      .filter((participant) => participant.subscriberId !== user.subscriberId)
      .filter((participant, index, all) => all.findIndex((other) => other.subscriberId === participant.subscriberId) === index)
      .sort((a, b) => a.subscriberName.localeCompare(b.subscriberName, "en-GB"))
      .map((participant) => ({ value: participant.subscriberId, label: participant.subscriberName }));
    upload = {
      reason: availability.tooltip,
      documentTypes: lodgementCase.documentTypes.map((type) => ({ value: type, label: typeLabel(type) })).sort((a, b) => a.label.localeCompare(b.label, "en-GB")),
      certificationTypes: CERTIFICATION_TYPES.map((type) => ({ value: type, label: CERTIFICATION_TYPE_LABELS[type] })),
      certificationRequired: requisitioned,
      own: own ? { value: own.subscriberId, label: own.subscriberName } : user.subscriberId ? { value: user.subscriberId, label: "Your organisation" } : null,
      grantees: others,
      participantSelection: !requisitioned,
    };
  }

  // The upload the address names.
  let uploadState: UploadState | null = null;
  if (input.uploadedFileId) {
    const file = filesById.get(input.uploadedFileId);
    if (file) {
      uploadState = { fileId: file.fileId, fileName: file.fileName, status: file.fileUploadStatus, outcome: uploadOutcomeMessage(file.fileUploadStatus, file.fileName) };
    }
  }

  // Applications (2.1, 5.1).
  const applicationDocuments = orderApplications(
    input.documents
      .filter((document) => document.documentCategory === "APPLICATION_DOCUMENT" && document.parentDocumentId === null)
      .map((document) => ({ ...document, title: document.name, chargeIdentifier: document.documentAttributes.chargeIdentifier })),
    isFlagOn(flags, "displayDischargeApplicationEnabled"),
  );
  const mayEdit = allowed("editTransactionValue");
  const standardOnly = workspace.transactionType === "PURCHASE";
  const deedOptions = [...input.deedReferences]
    .filter((reference) => !standardOnly || reference.mortgageDeedReferenceType === "STANDARD")
    .sort((a, b) => a.mortgageDeedReferenceType.localeCompare(b.mortgageDeedReferenceType))
    .map((reference) => ({
      value: reference.mortgageDeedReference,
      type: reference.mortgageDeedReferenceType,
      label: `${MORTGAGE_DEED_REFERENCE_TYPE_LABELS[reference.mortgageDeedReferenceType]}: ${reference.mortgageDeedReference}`,
      // The signatures this deed allows (the provider refuses any other pairing).
      signatures: reference.applicableSignatures.map((signature) => ({ value: signature.type, label: labelOf(SIGNATURE_TYPE_LABELS, signature.type) })),
    }));
  const signaturesOffered = [...new Set(input.deedReferences.flatMap((reference) => reference.applicableSignatures.map((signature) => signature.type)))];
  const signatureOptions = (signaturesOffered.length > 0 ? signaturesOffered : Object.keys(SIGNATURE_TYPE_LABELS)).map((type) => ({
    value: type,
    label: labelOf(SIGNATURE_TYPE_LABELS, type),
  }));
  const considerationOptions = Object.entries(CONSIDERATION_TYPE_LABELS).map(([value, label]) => ({ value, label }));

  const supportingRow = (document: SupportingDocument): SupportingRow => ({
    documentId: document.documentId,
    version: document.version,
    fileName: document.file?.fileName ?? document.name,
    viewHref: viewHrefOf(document.file?.fileId),
    uploadDate: formatDocumentDateTime(document.auditAttributes.createdAt),
    documentType: typeLabel(document.documentType),
    certification: certificationLabel(document.documentAttributes.certificationType),
    submitDate: document.documentCategory === "REQUISITION_DOCUMENT" && document.submittedAt ? formatDocumentDateTime(document.submittedAt) : null,
    detach: null,
  });

  const applications: ApplicationView[] = applicationDocuments.map((document) => {
    const attributes = document.documentAttributes;
    // The lender's deed reference is the mortgage charge's; a transfer takes a signature preference only (5.1).
    const takesDeedPreference = document.documentType === "MORTGAGE_DEED";
    const transferOfWhole = document.documentType === "TRANSFER_OF_WHOLE";
    const takesValue = takesDeedPreference || transferOfWhole;
    const missingValue = attributes.transactionValue === null;
    const missingDeed = (takesDeedPreference && !attributes.mortgageDeedReference) || (takesValue && !attributes.signature);
    const editRefusal = document.actions.edit.enabled ? null : (document.actions.edit.tooltip ?? lockReason ?? DOCUMENT_TOOLTIPS.applicationsApproved);
    const canChange = mayEdit && editRefusal === null;
    // Add mode for what readiness needs (a mortgage charge's or a transfer's value, deed, consideration); other
    // applications take a value through Edit.
    const missingConsideration = transferOfWhole && !attributes.considerationType;
    const mode: ApplicationMode =
      canChange && takesValue && input.editDocumentId === document.documentId ? "edit" : canChange && takesValue && (missingValue || missingDeed || missingConsideration) ? "add" : "view";
    const banners: string[] = [];
    if (missingDeed && !lodgementCase.applicationsApproved) banners.push(DOCUMENTS_TEXTS.deedBanner);
    if (document.subType === "SIGNED") banners.push(DOCUMENTS_TEXTS.signedBanner);
    if (document.status === "APPROVED") banners.push(DOCUMENTS_TEXTS.approvedBanner);
    if (document.submittedAt) banners.push(`${DOCUMENTS_TEXTS.lodgedBanner} ${formatDocumentDateTime(document.submittedAt)}`);
    const detach = (child: SupportingDocument) => {
      if (!allowed("detachDocument")) return null;
      // The provider's verdict for the application covers every child: approved, locked, cancelled.
      const refused = lodgementCase.applicationsApproved ? DOCUMENT_TOOLTIPS.cannotDetach : lockReason ?? (child.submittedAt ? DOCUMENT_TOOLTIPS.submitted : null);
      return { enabled: refused === null, reason: refused };
    };
    return {
      documentId: document.documentId,
      version: document.version,
      title: document.name,
      documentType: document.documentType,
      status: document.status,
      actionRequired: isActionRequired(document.status),
      banners,
      transferOfWhole,
      transactionValue: attributes.transactionValue === null ? null : formatMoney(attributes.transactionValue),
      transactionValueInput: penceInput(attributes.transactionValue),
      takesDeedPreference,
      takesSignature: takesValue,
      deedPreference: attributes.mortgageDeedReference
        ? `${attributes.mortgageDeedReferenceType ? MORTGAGE_DEED_REFERENCE_TYPE_LABELS[attributes.mortgageDeedReferenceType] : ""}: ${attributes.mortgageDeedReference}`
        : null,
      signaturePreference: attributes.signature ? labelOf(SIGNATURE_TYPE_LABELS, attributes.signature.type) : null,
      considerationType: attributes.considerationType ? labelOf(CONSIDERATION_TYPE_LABELS, attributes.considerationType) : null,
      entryNumber: document.documentType === "DISCHARGE" ? (attributes.entryNumber ?? attributes.chargeIdentifier) : null,
      landRegistryFee: attributes.landRegistryFee === null ? null : formatMoney(attributes.landRegistryFee),
      parties: document.applicationParties.map((party) => party.name),
      supportingDocuments: document.supportingDocuments.map((child) => ({ ...supportingRow(child), detach: detach(child) })),
      mode,
      edit: mayEdit && takesValue && mode === "view" ? { label: `Edit ${document.name}`, href: `${basePath}?edit=${encodeURIComponent(document.documentId)}#application-${document.documentId}`, reason: editRefusal } : null,
      editRefusal,
      deedOptions,
      signatureOptions,
      considerationOptions,
      considerationRequired: transferOfWhole,
      signatureRequired: takesValue,
      current: {
        mortgageDeedReference: attributes.mortgageDeedReference ?? (deedOptions.length === 1 ? deedOptions[0].value : ""),
        signatureType: attributes.signature?.type ?? (deedOptions.length === 1 && deedOptions[0].signatures.length === 1 ? deedOptions[0].signatures[0].value : ""),
        considerationType: attributes.considerationType ?? (transferOfWhole && workspace.transactionType === "PURCHASE" ? "MONETARY_CONSIDERATION" : ""),
      },
    };
  });

  // Approve, unapprove, submit (4.1, 4.3, 5.1).
  const approvable = (LODGEMENT_CASE_APPROVABLE_STATUSES as readonly string[]).includes(caseStatus);
  const approve: Control | null =
    allowed("approveApplications") && approvable && applications.length > 0
      ? { label: "Approve applications", href: `${basePath}/approve`, reason: lodgementCase.canApprove ? null : (lockReason ?? DOCUMENTS_TEXTS.approveBlocked) }
      : null;
  const unapprove: Control | null =
    allowed("unapproveApplications") && lodgementCase.canUnapprove ? { label: "Unapprove applications", href: `${basePath}/unapprove`, reason: null } : null;
  const submissionProblems = lodgementCase.submissionProblems.map((problem) => problem.message);
  const submit: Control | null =
    allowed("submitApplications") && caseStatus === "APPROVED"
      ? { label: "Submit to the land registry", href: `${basePath}/submit`, reason: submissionProblems.length > 0 ? submissionProblems.join(" ") : (lockReason === DOCUMENT_TOOLTIPS.cancelled ? lockReason : null) }
      : null;

  // Lodgement requests: requisitions, rejected, correspondence.
  const correspondenceRow = (document: SupportingDocument): CorrespondenceRow => ({
    documentId: document.documentId,
    name: document.file?.fileName ?? document.name,
    date: formatDocumentDateTime(document.auditAttributes.createdAt),
    viewHref: viewHrefOf(document.file?.fileId),
    expired: document.expired,
    received: document.subType === "RECEIVED",
    submitted: document.submittedAt ? formatDocumentDateTime(document.submittedAt) : null,
  });
  const requestView = (request: LodgementRequest): RequestView => ({
    lodgementRequestId: request.lodgementRequestId,
    submittedAt: formatDocumentDateTime(request.submittedAt),
    rejectedAt: request.rejectedAt ? formatDocumentDateTime(request.rejectedAt) : null,
    fee: formatMoney(request.landRegistryFee),
    registryReference: request.registryReference,
    applications: request.applications.map((application) => application.name),
    correspondence: request.correspondence.map(correspondenceRow),
  });
  const active = lodgementCase.activeLodgementRequestId ? input.requests.find((request) => request.lodgementRequestId === lodgementCase.activeLodgementRequestId) : undefined;
  let requisition: DocumentsView["requisition"] = null;
  if (active && (requisitioned || active.requisitionedAt)) {
    const rows = active.correspondence.map(correspondenceRow);
    const toSubmit = requisitionDocumentsToSubmit(
      active.correspondence.filter((document) => document.subType !== "RECEIVED"),
      active.lodgementRequestId,
    );
    requisition = {
      deadline: active.requisitionDeadline ? formatDocumentDateTime(active.requisitionDeadline) : null,
      received: rows.filter((row) => row.received),
      replies: rows.filter((row) => !row.received),
      submit:
        requisitioned && allowed("submitRequisitions")
          ? { enabled: toSubmit.length > 0, reason: toSubmit.length > 0 ? null : DOCUMENTS_TEXTS.nothingToSubmit, documentIds: toSubmit }
          : null,
    };
  }
  const rejected = input.requests.filter(isRejectedRequest).map(requestView);
  // Both resubmissions start from the rejected case (the provider refuses either from any other status).
  const resubmittable = caseStatus === "REGISTRATION_REJECTED";
  const resubmit: Control | null =
    resubmittable && allowed("resubmitOutsideProduct") ? { label: "Resubmit outside the product", href: `${basePath}/resubmit`, reason: null } : null;
  // The resubmission link needs EDIT_LODGEMENT_CASES, as the outside one does (document 3 section 5).
  const prepareResubmission: Control | null =
    resubmittable && allowed("resubmitOutsideProduct") ? { label: "Prepare resubmission", href: `${basePath}/prepare-resubmission`, reason: null } : null;

  // Workspace documents: the files not attached to an application (2.1, 4.2, 6).
  const applicationsByType = new Map(applications.map((application) => [application.documentType, application]));
  // A file that became a document (attached, a requisition reply) is listed where that document is.
  const usedFileIds = new Set(
    [
      ...input.documents.flatMap((document) => [document.file?.fileId, ...document.supportingDocuments.map((child) => child.file?.fileId)]),
      ...input.requests.flatMap((request) => request.correspondence.map((document) => document.file?.fileId)),
    ].filter((fileId): fileId is string => Boolean(fileId)),
  );
  const workspaceDocuments: FileRow[] = input.files
    .filter((file) => file.parentDocumentId === null && !usedFileIds.has(file.fileId))
    .map((file) => {
      const scanned = file.fileUploadStatus === "SUCCESS";
      const receivedType = (RECEIVED_DOCUMENT_TYPES as readonly string[]).includes(file.documentType);
      const sameType = applicationsByType.get(file.documentType);
      const signedType = (SIGNED_APPLICATION_TYPES as readonly string[]).includes(file.documentType);
      const signedExists = signedType && input.documents.some((document) => document.documentType === file.documentType && document.subType === "SIGNED");
      let attach: Control | null = null;
      if (allowed("attachDocument") && file.documentCategory !== "REQUISITION_DOCUMENT") {
        const availability = attachAvailability({
          workspace: lockFlags,
          lodgementCaseStatus: caseStatus,
          applicationCount: applications.length,
          deedWithoutPreference: Boolean(sameType && sameType.takesDeedPreference && !sameType.deedPreference),
          applicationsApproved: lodgementCase.applicationsApproved,
          signedDocumentExists: signedExists,
          documentTypeAvailable: scanned && !receivedType,
          resubmissionPrepared,
        });
        attach = { label: "Attach to application", href: `${basePath}/attach/${encodeURIComponent(file.fileId)}`, reason: availability.tooltip };
      } else if (requisitioned && file.documentCategory === "REQUISITION_DOCUMENT" && allowed("uploadRequisitionDocument")) {
        attach = { label: "Add to requisition reply", href: `${basePath}/attach/${encodeURIComponent(file.fileId)}`, reason: scanned ? null : DOCUMENT_TOOLTIPS.notAvailable };
      }
      const deletable = allowed("deleteFile")
        ? fileDeleteAvailability({
            workspace: lockFlags,
            deleteDocumentsEnabled: isFlagOn(flags, "delete-documents-enabled"),
            subType: file.documentSubType,
            submittedAt: null,
            deletableSubTypes: DELETABLE_FILE_SUB_TYPES,
          })
        : null;
      const ownsPolicy = canEditFileAccess(allowed("editFileAccess"), user.subscriberId, file.permission);
      return {
        fileId: file.fileId,
        fileName: file.fileName,
        uploadDate: formatDocumentDateTime(file.auditAttributes.createdAt),
        documentType: typeLabel(file.documentType),
        scan: scanned ? null : { status: file.fileUploadStatus, label: SCAN_LABELS[file.fileUploadStatus] ?? file.fileUploadStatus },
        viewHref: scanned && allowed("viewFile") ? `${basePath}/files/${encodeURIComponent(file.fileId)}/view` : null,
        attach,
        delete: deletable ? { label: "Delete", href: `${basePath}/delete/${encodeURIComponent(file.fileId)}`, reason: deletable.tooltip } : null,
        editPermission: ownsPolicy
          ? { label: "Edit viewing permission", href: `${basePath}/permissions/${encodeURIComponent(file.fileId)}`, reason: lock ? DOCUMENT_TOOLTIPS[lock] : null }
          : null,
      };
    });

  return {
    workspaceId: workspace.workspaceId,
    basePath,
    lodgementCaseId: lodgementCase.lodgementCaseId,
    caseVersion: lodgementCase.version,
    caseStatus,
    caseStatusLabel: labelOf(LODGEMENT_CASE_STATUS_LABELS, caseStatus),
    requisitioned,
    lockReason,
    upload,
    uploadState,
    pendingFileIds: input.files.filter((file) => file.fileUploadStatus === "PENDING").map((file) => file.fileId),
    applications,
    feeTotal: formatMoney(lodgementCase.landRegistryFeeTotal),
    approve,
    unapprove,
    submit,
    submissionProblems,
    requisition,
    rejected,
    resubmit,
    prepareResubmission,
    rejectedMessage: hasRejectedRequest && !resubmit && resubmittable ? DOCUMENTS_TEXTS.rejectedMessage : null,
    workspaceDocuments,
    correspondence: input.requests.filter((request) => request.correspondence.length > 0).map(requestView),
  };
}
