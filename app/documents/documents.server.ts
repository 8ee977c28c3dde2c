/**
 * The Documents tab's loaders and actions (document 3 sections 2.1, 4.1 to 4.3, 5.1, 6, 7.1 and 8.2), server
 * side. Every page of the tab (the tab, its modal routes, the status and view resource routes) reads the same
 * state: the workspace (shared with the shell), the lodgement case, its documents, files and requests, the
 * participants and the lender's mortgage deed references, and builds the view model (documents-view.ts) from
 * it; an action is accepted only when the view offers it to this user now, and is sent with the version the
 * user saw (If-Match), so a stale page gets the conflict message and changes nothing. Every write answers a
 * redirect to the tab with a flash toast; a refusal keeps the user's input beside the provider's message.
 */
import { openAsBlob } from "node:fs";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { ProviderError } from "../../core/shared/provider-errors.js";
import type { Toast } from "../../core/shared/errors.js";
import { isWorkspaceId } from "../../core/workspaces/api.js";
import {
  approveApplications,
  attachDocument,
  getLodgementCase,
  getLodgementCaseInFull,
  prepareResubmission,
  removeDocument,
  resubmitOutside,
  submitLodgement,
  submitRequisitions,
  updateDocument,
} from "../../core/documents/client.js";
import { absoluteDownloadUrl, deleteFile, fileDownloadLink, getFile, updateFilePolicy, uploadFile } from "../../core/documents/files-client.js";
import { DOCUMENT_MESSAGES, uploadOutcomeMessage } from "../../core/documents/messages.js";
import { APPROVAL_STATEMENTS, UPLOAD_MESSAGES, type ApprovalStatement } from "../../core/documents/schemas.js";
import type { DocumentType } from "../../core/documents/enums.js";
import { formVersion, readForm } from "../components/form/read-form.server";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError, writeFailureToast } from "../errors/provider-errors.server";
import { redirectWithToast, successToast } from "../errors/toast.server";
import { featureFlags } from "../feature-flags.server";
import { requireUser, subjectOf, type UserSession } from "../session/user-session.server";
import { loadViewableWorkspace, loadViewableWorkspaceWith } from "../workspaces/workspace-page.server";
import {
  applicationFormSchema,
  approvalFormSchema,
  certificationFormSchema,
  ConfirmSchema,
  DetachSchema,
  DOCUMENTS_INTENTS,
  permissionFormSchema,
  SubmitRequisitionsSchema,
  uploadFieldsSchema,
  type DocumentsIntent,
} from "./documents-forms";
import { documentsView, uploadCategory, type DocumentsView } from "./documents-view";
import { readUpload } from "./read-upload.server";

/** Toasts this tab needs that section 8.2 does not word (decision 0720). */
export const DOCUMENTS_TOASTS = {
  submittedToRegistry: "Applications submitted to the land registry",
  resubmittedOutside: "Recorded as resubmitted outside the product. The workspace is closed.",
  resubmissionPrepared: "Resubmission prepared. Change the applications if needed, then approve and submit them again.",
  requisitionsSubmitted: DOCUMENT_MESSAGES.submitted,
} as const;

/**
 * One round of provider calls: the workspace, its case read in full (documents, requests, files, participants
 * and the lender's deed references: one call, one consistent read) and the flags, in parallel. The workspace
 * is awaited first, so that its refusal (404, 403) is the one the user sees. Deed references the caller may
 * not read come back absent: the page says they could not be loaded (section 8.2), as when the call fails.
 */
export async function loadState(request: Request, user: UserSession, workspaceId: string | undefined) {
  const { workspace, tab } = await loadViewableWorkspaceWith(request, user, workspaceId, (id) =>
    Promise.all([getLodgementCaseInFull(user.ctx, id), featureFlags(user.ctx)]),
  );
  try {
    const [{ lodgementCase, documents, requests, files, participants, deedReferences }, flags] = await tab;
    return { workspace, lodgementCase, documents, files, requests, participants, flags, deedReferences: deedReferences ?? [], deedReferencesFailed: deedReferences === null };
  } catch (error) {
    return throwProviderError(request, error);
  }
}

export type DocumentsState = Awaited<ReturnType<typeof loadState>>;

export function viewOf(state: DocumentsState, user: UserSession, options: { uploadedFileId?: string | null; editDocumentId?: string | null } = {}): DocumentsView {
  return documentsView({
    workspace: state.workspace,
    user: { ...subjectOf(user), subscriberId: user.claims.subscriberId },
    flags: state.flags,
    lodgementCase: state.lodgementCase,
    documents: state.documents,
    files: state.files,
    requests: state.requests,
    participants: state.participants,
    deedReferences: state.deedReferences,
    uploadedFileId: options.uploadedFileId ?? null,
    editDocumentId: options.editDocumentId ?? null,
  });
}

export async function loadDocumentsTab(request: Request, workspaceId: string | undefined) {
  const user = await requireUser(request);
  const state = await loadState(request, user, workspaceId);
  const search = new URL(request.url).searchParams;
  const view = viewOf(state, user, { uploadedFileId: search.get("uploaded"), editDocumentId: search.get("edit") });
  return { view, deedReferencesFailed: state.deedReferencesFailed };
}

export type DocumentsTabData = Awaited<ReturnType<typeof loadDocumentsTab>>;

export interface DocumentsActionReply {
  intent: DocumentsIntent;
  /** The application the reply belongs to (its form shows the errors). */
  documentId: string | null;
  result: SubmissionResult<string[]>;
  toast: Toast | null;
}

function reply(intent: DocumentsIntent, documentId: string | null, result: SubmissionResult<string[]>, toast: Toast | null, status: number) {
  return data<DocumentsActionReply>({ intent, documentId, result, toast }, { status });
}

async function failure(request: Request, error: unknown) {
  const toast = await writeFailureToast(request, error);
  const status = error instanceof ProviderError && error.status >= 400 && error.status < 500 ? error.status : 400;
  return { toast, status };
}

/** Where the provider's field message belongs: `Invalid request. body.transactionValue: …` → transactionValue. */
function fieldOfMessage(message: string): { field: string; text: string } | null {
  const match = /body\.([A-Za-z]+)(?:\.[A-Za-z]+)?: (.+)$/.exec(message);
  return match ? { field: match[1] === "signature" ? "signatureType" : match[1], text: match[2] } : null;
}

/** The upload (multipart): streamed to a temporary file, sent on to the provider from disk, always removed. */
async function uploadAction(request: Request, user: UserSession, workspaceId: string) {
  const upload = await readUpload(request);
  try {
    const state = await loadState(request, user, workspaceId);
    const view = viewOf(state, user);
    invariantResponse(view.upload, "You cannot upload documents to this workspace", 403);
    const schema = uploadFieldsSchema({
      documentTypes: view.upload.documentTypes.map((option) => option.value),
      requisitioned: view.requisitioned,
      granteeIds: view.upload.grantees.map((option) => option.value),
    });
    const submission = parseWithZod(upload.fields, { schema });
    const fileProblem = upload.fileProblem ?? (upload.file ? (upload.file.size === 0 ? UPLOAD_MESSAGES.fileRequired : null) : UPLOAD_MESSAGES.fileRequired);
    if (view.upload.reason) return reply("upload", null, submission.reply({ formErrors: [view.upload.reason] }), null, 400);
    if (submission.status !== "success" || fileProblem || !upload.file) {
      return reply("upload", null, submission.reply({ fieldErrors: fileProblem ? { file: [fileProblem] } : {} }), null, 400);
    }
    const { documentType, grantees } = submission.value;
    try {
      const blob = await openAsBlob(upload.file.path, { type: "application/pdf" });
      const file = await uploadFile(user.ctx, state.lodgementCase.lodgementCaseId, {
        documentType: documentType as DocumentType,
        documentCategory: uploadCategory(documentType, view.requisitioned),
        policy: view.requisitioned ? undefined : grantees ?? [],
        file: { blob, fileName: upload.file.fileName },
      });
      return redirect(`${view.basePath}?uploaded=${encodeURIComponent(file.fileId)}#upload-status`);
    } catch (error) {
      const { toast, status } = await failure(request, error);
      // The provider's refusal of the file itself (not a PDF, secured, too large) is shown beside the file field.
      const aboutFile = error instanceof ProviderError && error.status === 400;
      const message = aboutFile ? error.message : DOCUMENT_MESSAGES.uploadError;
      return reply("upload", null, submission.reply({ fieldErrors: { file: [message] } }), aboutFile ? null : toast, status);
    }
  } finally {
    await upload.cleanUp();
  }
}

export async function documentsTabAction(request: Request, workspaceId: string | undefined) {
  invariantResponse(isWorkspaceId(workspaceId), "Workspace not found", 404);
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const user = await requireUser(request);
    return uploadAction(request, user, workspaceId);
  }
  const formData = await readForm(request, SubmitRequisitionsSchema);
  const user = await requireUser(request);
  const intent = formData.get("intent");
  invariantResponse(typeof intent === "string" && (DOCUMENTS_INTENTS as readonly string[]).includes(intent) && intent !== "upload", "Unknown action", 400);
  const state = await loadState(request, user, workspaceId);
  const view = viewOf(state, user);
  const back = view.basePath;
  const caseId = state.lodgementCase.lodgementCaseId;
  switch (intent as Exclude<DocumentsIntent, "upload">) {
    case "application": {
      const documentId = String(formData.get("documentId") ?? "");
      const application = view.applications.find((candidate) => candidate.documentId === documentId);
      invariantResponse(application, "Application not found", 404);
      invariantResponse(application.mode === "add" || application.edit !== null, "You cannot change this application", 403);
      invariantResponse(application.editRefusal === null, application.editRefusal ?? "", 400);
      const schema = applicationFormSchema({
        transferOfWhole: application.transferOfWhole,
        takesDeedPreference: application.takesDeedPreference,
        takesSignature: application.takesSignature,
        deedReferences: application.deedOptions.map((option) => option.value),
      });
      const submission = parseWithZod(formData, { schema });
      if (submission.status !== "success") return reply("application", documentId, submission.reply(), null, 400);
      const value = submission.value;
      const deed = application.deedOptions.find((option) => option.value === value.mortgageDeedReference);
      try {
        await updateDocument(user.ctx, caseId, documentId, formVersion(formData), {
          transactionValue: value.transactionValue,
          ...(application.takesDeedPreference && deed
            ? { mortgageDeedReference: deed.value, mortgageDeedReferenceType: deed.type as "STANDARD" | "DIGITAL" }
            : {}),
          ...(application.takesSignature && value.signatureType
            ? { signature: { type: value.signatureType as "WET_INK_SIGNATURE", format: value.signatureType === "WET_INK_SIGNATURE" ? "PAPER" : "ELECTRONIC" } }
            : {}),
          ...(application.transferOfWhole && value.considerationType ? { considerationType: value.considerationType as "MONETARY_CONSIDERATION" } : {}),
        });
      } catch (error) {
        const { toast, status } = await failure(request, error);
        const field = error instanceof ProviderError && error.status === 400 ? fieldOfMessage(error.message) : null;
        const result = submission.reply(field ? { fieldErrors: { [field.field]: [field.text] } } : { formErrors: [toast.message] });
        return reply("application", documentId, result, toast, status);
      }
      const message =
        application.transactionValue === null
          ? DOCUMENT_MESSAGES.transactionValueAdded
          : application.documentType === "MORTGAGE_DEED"
            ? DOCUMENT_MESSAGES.mortgageChargeUpdated
            : application.documentType === "TRANSFER_OF_WHOLE"
              ? DOCUMENT_MESSAGES.transferOfWholeUpdated
              : DOCUMENT_MESSAGES.transactionValueUpdated;
      return redirectWithToast(`${back}#application-${documentId}`, successToast(message));
    }
    case "detach": {
      const submission = parseWithZod(formData, { schema: DetachSchema });
      invariantResponse(submission.status === "success", "Choose a document", 400);
      const row = view.applications.flatMap((application) => application.supportingDocuments).find((candidate) => candidate.documentId === submission.value.documentId);
      invariantResponse(row?.detach, "Document not found", 404);
      invariantResponse(row.detach.enabled, row.detach.reason ?? "", 400);
      try {
        await removeDocument(user.ctx, caseId, row.documentId, formVersion(formData));
      } catch (error) {
        return redirectWithToast(back, (await failure(request, error)).toast);
      }
      return redirectWithToast(back, successToast(DOCUMENT_MESSAGES.removed));
    }
    case "submit-requisitions": {
      invariantResponse(view.requisition?.submit, "There is no requisition to answer", 400);
      invariantResponse(view.requisition.submit.enabled, view.requisition.submit.reason ?? "", 400);
      try {
        await submitRequisitions(user.ctx, caseId, formVersion(formData), view.requisition.submit.documentIds);
      } catch (error) {
        return redirectWithToast(back, (await failure(request, error)).toast);
      }
      return redirectWithToast(back, successToast(DOCUMENTS_TOASTS.requisitionsSubmitted));
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Modal routes (each a page without JavaScript, a dialog with it)

export const MODALS = ["attach", "delete", "permissions", "approve", "unapprove", "submit", "resubmit", "prepareResubmission"] as const;
export type Modal = (typeof MODALS)[number];

function fileRowOf(view: DocumentsView, fileId: string | undefined) {
  const row = view.workspaceDocuments.find((candidate) => candidate.fileId === fileId);
  invariantResponse(row, "Document not found", 404);
  return row;
}

/** The data a modal shows, or a 403/404 when the tab does not offer it to this user now. */
export async function loadModal(request: Request, workspaceId: string | undefined, modal: Modal, fileId?: string) {
  const user = await requireUser(request);
  const state = await loadState(request, user, workspaceId);
  const view = viewOf(state, user);
  return { ...modalOf(state, view, modal, fileId), basePath: view.basePath };
}

function modalOf(state: DocumentsState, view: DocumentsView, modal: Modal, fileId: string | undefined) {
  switch (modal) {
    case "attach": {
      const row = fileRowOf(view, fileId);
      invariantResponse(row.attach, "You cannot attach documents in this workspace", 403);
      const file = state.files.find((candidate) => candidate.fileId === fileId)!;
      const requisitionReply = file.documentCategory === "REQUISITION_DOCUMENT";
      const signedTypes = new Set(state.documents.filter((document) => document.subType === "SIGNED").map((document) => document.documentType));
      return {
        modal,
        reason: row.attach.reason,
        file: { fileId: row.fileId, fileName: row.fileName, documentType: row.documentType },
        requisitionReply,
        // A requisition reply belongs to the active request, not to an application.
        applications: requisitionReply ? [] : view.applications.map((application) => ({
          value: application.documentId,
          label: application.title,
          // A deed without its preference cannot take documents yet (4.2).
          disabledReason: application.takesDeedPreference && !application.deedPreference ? "Confirm the deed preference before attaching documents." : null,
        })),
        certificationTypes: view.upload?.certificationTypes ?? [
          { value: "ORIGINAL", label: "Original" },
          { value: "CERTIFIED", label: "Certified" },
          { value: "SCANNED", label: "Scanned" },
        ],
        /** The certification dialog's warning (2.1): a signed application of this type already exists. */
        signedWarning: signedTypes.has(file.documentType) ? "A signed application already exists. This document will be attached as a supporting document." : null,
      };
    }
    case "delete": {
      const row = fileRowOf(view, fileId);
      invariantResponse(row.delete, "You cannot delete this document", 403);
      const file = state.files.find((candidate) => candidate.fileId === fileId)!;
      return { modal, reason: row.delete.reason, file: { fileId: row.fileId, fileName: row.fileName, documentType: row.documentType, version: file.version } };
    }
    case "permissions": {
      const row = fileRowOf(view, fileId);
      invariantResponse(row.editPermission, "You cannot change who may view this document", 403);
      const file = state.files.find((candidate) => candidate.fileId === fileId)!;
      const others = view.upload?.grantees ?? state.participants.filter((participant) => participant.subscriberId !== file.permission.policyOwner).map((participant) => ({ value: participant.subscriberId, label: participant.subscriberName }));
      const granted = file.permission.policy.map((entry) => entry.principal).filter((principal) => principal !== file.permission.policyOwner);
      return {
        modal,
        reason: row.editPermission.reason,
        file: { fileId: row.fileId, fileName: row.fileName, documentType: row.documentType, version: file.version },
        own: view.upload?.own ?? { value: file.permission.policyOwner, label: "Your organisation" },
        grantees: others,
        granted,
      };
    }
    case "approve": {
      invariantResponse(view.approve, "You cannot approve the applications", 403);
      return {
        modal,
        reason: view.approve.reason,
        version: view.caseVersion,
        statements: state.lodgementCase.approvalStatements.map((key) => ({ key, text: APPROVAL_STATEMENTS[key] })),
        applications: view.applications.map((application) => application.title),
      };
    }
    case "unapprove":
      invariantResponse(view.unapprove, "You cannot unapprove the applications", 403);
      return { modal, reason: view.unapprove.reason, version: view.caseVersion, applications: view.applications.map((application) => application.title) };
    case "submit":
      invariantResponse(view.submit, "You cannot submit the applications", 403);
      return { modal, reason: view.submit.reason, version: view.caseVersion, applications: view.applications.map((application) => application.title), feeTotal: view.feeTotal };
    case "resubmit":
      invariantResponse(view.resubmit, "You cannot record a resubmission", 403);
      return { modal, reason: view.resubmit.reason, version: view.caseVersion, rejected: view.rejected.length };
    case "prepareResubmission":
      invariantResponse(view.prepareResubmission, "You cannot prepare a resubmission", 403);
      return { modal, reason: view.prepareResubmission.reason, version: view.caseVersion, applications: view.applications.map((application) => application.title) };
  }
}

export type ModalData = Awaited<ReturnType<typeof loadModal>>;

export interface ModalReply {
  result: SubmissionResult<string[]>;
  toast: Toast | null;
}

/** A modal's action: its form checked, the write sent with the version the user saw, back to the tab with a toast. */
export async function modalAction(request: Request, workspaceId: string | undefined, modal: Modal, fileId?: string) {
  const formData = await readForm(request);
  const user = await requireUser(request);
  const state = await loadState(request, user, workspaceId);
  const view = viewOf(state, user);
  const shown = modalOf(state, view, modal, fileId);
  invariantResponse(shown.reason === null, shown.reason ?? "", 400);
  const caseId = state.lodgementCase.lodgementCaseId;
  const back = view.basePath;
  const schema =
    shown.modal === "attach"
      ? certificationFormSchema({ applicationIds: shown.applications.filter((option) => option.disabledReason === null).map((option) => option.value), applicationRequired: !shown.requisitionReply })
      : shown.modal === "approve"
        ? approvalFormSchema(shown.statements.length > 2)
        : shown.modal === "permissions"
          ? permissionFormSchema(shown.grantees.map((option) => option.value))
          : ConfirmSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data<ModalReply>({ result: submission.reply(), toast: null }, { status: 400 });
  const value = submission.value as Record<string, unknown>;
  try {
    switch (shown.modal) {
      case "attach": {
        const file = state.files.find((candidate) => candidate.fileId === shown.file.fileId)!;
        await attachDocument(user.ctx, caseId, {
          fileId: file.fileId,
          documentType: file.documentType,
          documentCategory: shown.requisitionReply ? "REQUISITION_DOCUMENT" : file.documentCategory === "APPLICATION_DOCUMENT" ? "APPLICATION_DOCUMENT" : file.documentCategory,
          certificationType: value.certificationType as "ORIGINAL",
          ...(value.parentDocumentId && !shown.requisitionReply ? { parentDocumentId: String(value.parentDocumentId) } : {}),
        });
        return redirectWithToast(value.parentDocumentId ? `${back}#application-${String(value.parentDocumentId)}` : back, successToast(DOCUMENT_MESSAGES.attached));
      }
      case "delete":
        await deleteFile(user.ctx, caseId, shown.file.fileId, formVersion(formData));
        return redirectWithToast(back, successToast(DOCUMENT_MESSAGES.deleted));
      case "permissions":
        await updateFilePolicy(user.ctx, caseId, shown.file.fileId, formVersion(formData), (value.grantees as string[] | undefined) ?? []);
        return redirectWithToast(back, successToast(DOCUMENT_MESSAGES.permissionsUpdated));
      case "approve":
        await approveApplications(user.ctx, caseId, formVersion(formData), true, shown.statements.map((statement) => statement.key as ApprovalStatement));
        return redirectWithToast(back, successToast(DOCUMENT_MESSAGES.applicationsApproved));
      case "unapprove":
        await approveApplications(user.ctx, caseId, formVersion(formData), false);
        return redirectWithToast(back, successToast(DOCUMENT_MESSAGES.applicationsUnapproved));
      case "submit":
        await submitLodgement(user.ctx, caseId, formVersion(formData));
        return redirectWithToast(back, successToast(DOCUMENTS_TOASTS.submittedToRegistry));
      case "resubmit":
        await resubmitOutside(user.ctx, caseId, formVersion(formData));
        return redirectWithToast(back, successToast(DOCUMENTS_TOASTS.resubmittedOutside));
      case "prepareResubmission":
        await prepareResubmission(user.ctx, caseId, formVersion(formData));
        return redirectWithToast(`${back}#applications`, successToast(DOCUMENTS_TOASTS.resubmissionPrepared));
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    const { toast, status } = await failure(request, error);
    return data<ModalReply>({ result: submission.reply({ formErrors: [toast.message] }), toast }, { status });
  }
}

// ---------------------------------------------------------------------------------------------------
// Resource routes

/** GET …/documents/files/:fileId/status: the scan state of one upload, for the tab's poll (JSON). */
export async function fileStatusResponse(request: Request, workspaceId: string | undefined, fileId: string | undefined) {
  const user = await requireUser(request);
  const workspace = await loadViewableWorkspace(request, user, workspaceId);
  invariantResponse(fileId, "Document not found", 404);
  try {
    const lodgementCase = await getLodgementCase(user.ctx, workspace.workspaceId);
    const file = await getFile(user.ctx, lodgementCase.lodgementCaseId, fileId);
    return Response.json(
      { fileId: file.fileId, fileName: file.fileName, status: file.fileUploadStatus, outcome: uploadOutcomeMessage(file.fileUploadStatus, file.fileName) },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return throwProviderError(request, error);
  }
}

/**
 * GET …/documents/files/:fileId/view: asks the provider for the file's signed link (60 seconds, only for a
 * user the file's policy allows) with the user's own token, and sends the browser there.
 */
export async function fileViewResponse(request: Request, workspaceId: string | undefined, fileId: string | undefined) {
  const user = await requireUser(request);
  const workspace = await loadViewableWorkspace(request, user, workspaceId);
  invariantResponse(fileId, "Document not found", 404);
  try {
    const lodgementCase = await getLodgementCase(user.ctx, workspace.workspaceId);
    const link = await fileDownloadLink(user.ctx, lodgementCase.lodgementCaseId, fileId);
    return redirect(absoluteDownloadUrl(user.ctx, link), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return throwProviderError(request, error);
  }
}


