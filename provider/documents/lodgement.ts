/**
 * The lodgement service (document 3 sections 3, 4.1-4.3, 5.1, 6 and 7.1; decisions 0710-0712): the
 * workspace's lodgement case, its documents (applications derived from the workspace, supporting documents
 * made from scanned files, correspondence), approval, submission to the land registry, requisitions and
 * rejections, and the workspace status and tasks this area owns.
 *
 * Every read and write brings the case in line with the workspace first (`bringInLine`: the applications the
 * workspace needs now, each application's status and the case's), in a transaction that locks the case row, so
 * the answer is never built from stale applications. Every write runs in one transaction that locks the
 * workspace row then the case row, checks visibility (404), permission (403, core actions.ts), version (409),
 * and the rules of core/documents (400 with the tooltip text), and moves the case's version on.
 */
import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import {
  LODGEMENT_MESSAGES,
  LODGEMENT_REFUSAL_CODES,
  fieldErrorMessage,
  type AttachDocumentRequest,
  type CaseParticipant,
  type CasePatchStatus,
  type DocumentPatchRequest,
  type LenderMortgageReference,
  type LodgementCase,
  type LodgementDocument,
  type LodgementRequest,
  type RemoveDocumentResponse,
  type SupportingDocument,
} from "../../core/documents/api.js";
import {
  applicationStatusBeforeApproval,
  caseStatusBeforeLodgement,
  deedWithoutPreference,
  deriveApplications,
  deriveLodgementTasks,
  isLodgedStatus,
  isSignedCopy,
  type ApplicationFacts,
  type ApplicationFlags,
  type WorkspaceFactsForApplications,
} from "../../core/documents/applications.js";
import {
  type APPLICATION_DOCUMENT_TYPES,
  SIGNED_APPLICATION_TYPES,
  SUPPORTING_DOCUMENT_TYPES,
  WORKSPACE_SUPPORTING_DOCUMENT_TYPES,
  type DocumentType,
} from "../../core/documents/enums.js";
import { landRegistryFee } from "../../core/documents/fees.js";
import { registryAnswerDue, requisitionDeadline } from "../../core/documents/lodgement-timing.js";
import {
  DOCUMENT_TOOLTIPS,
  READINESS_PROBLEMS,
  applicationsEditLock,
  attachAvailability,
  canApproveApplications,
  canUnapproveApplications,
  detachAvailability,
  landRegistryFeeTotal,
  orderApplications,
  submissionReadiness,
  type Refusable,
} from "../../core/documents/rules.js";
import { approvalStatements, deedReferenceOptions, UPLOAD_MESSAGES } from "../../core/documents/schemas.js";
import { EXTRA_FLAG_DEFAULTS, type Environment, type FeatureFlags } from "../../core/shared/feature-flags.js";
import { londonToday } from "../../core/shared/london-time.js";
import type { Action } from "../../core/shared/permissions/actions.js";
import type { BorrowerValidationStatus } from "../../core/parties/enums.js";
import { workspaceLawFirmRole } from "../../core/parties/rules.js";
import type { TransactionType } from "../../core/workspaces/enums.js";
import { workspaceFlags, type WorkspaceTask } from "../../core/workspaces/lifecycle.js";
import { editLock, type WorkspaceStatus } from "../../core/workspaces/status.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import type { RequestMeta } from "../platform/access.js";
import type { ProductClock } from "../platform/clock.js";
import type { DB, Trx } from "../platform/db/index.js";
import type { LodgementCasesTable, LodgementDocumentsTable, LodgementRequestsTable } from "../platform/db/schema.js";
import { ApiError, badRequest, conflict, notFound } from "../platform/errors.js";
import { findVisibleWorkspace, mayFunctional, requireAction, requireFunctional, type CallerWorkspace } from "../workspaces/access.js";
import { featureFlagsFrom, getFeatureFlags } from "../platform/feature-flags.js";
import { commitWorkspaceChange, readTasks, recordWorkspaceEvent, writeTasks } from "../workspaces/state.js";
import { lodgementRegistryFromEnvironment, type LodgementSubmission } from "./registry.js";
import type { CaseInclude, CaseIncluded } from "../../core/documents/case-read-api.js";
import { visibleFilesOf } from "./files.js";
import { readCaseRows, type CaseRows } from "./case-rows.js";

export interface LodgementDeps {
  db: DB;
  clock: ProductClock;
  environment: Environment;
}

export type CaseRow = Selectable<LodgementCasesTable>;
export type DocumentRow = Selectable<LodgementDocumentsTable> & { file_name: string | null; upload_status: string | null };
export type RequestRow = Selectable<LodgementRequestsTable>;

/** Audit actions of the lodgement area. */
export const LodgementEvent = {
  DOCUMENT_ATTACHED: "LODGEMENT_DOCUMENT_ATTACHED",
  DOCUMENT_EDITED: "LODGEMENT_DOCUMENT_EDITED",
  DOCUMENT_DETACHED: "LODGEMENT_DOCUMENT_DETACHED",
  DOCUMENT_DELETED: "LODGEMENT_DOCUMENT_DELETED",
  APPLICATIONS_APPROVED: "LODGEMENT_APPLICATIONS_APPROVED",
  APPLICATIONS_UNAPPROVED: "LODGEMENT_APPLICATIONS_UNAPPROVED",
  LODGED: "LODGEMENT_LODGED",
  REGISTERED: "LODGEMENT_REGISTERED",
  REQUISITIONED: "LODGEMENT_REQUISITIONED",
  REQUISITIONS_SUBMITTED: "LODGEMENT_REQUISITIONS_SUBMITTED",
  REJECTED: "LODGEMENT_REJECTED",
  REGISTERED_EXTERNALLY: "LODGEMENT_REGISTERED_EXTERNALLY",
  RESUBMISSION_PREPARED: "LODGEMENT_RESUBMISSION_PREPARED",
} as const;

export const CASE_NOT_FOUND_MESSAGE = "There is no lodgement case with that id, or you are not a participant in its workspace.";
export const DOCUMENT_NOT_FOUND_MESSAGE = "There is no document with that id in this lodgement case.";
export const FILE_NOT_FOUND_MESSAGE = "There is no file with that id in this lodgement case.";

/** Flags of 5.1 that are not in the flag service (decision 0111): their defaults. */
const APPLICATION_FLAGS: ApplicationFlags = {
  signaturePreferenceEnabled: EXTRA_FLAG_DEFAULTS["signature-preference-enabled"],
  considerationTypeEnabled: EXTRA_FLAG_DEFAULTS["consideration-type-enabled"],
};

/** Workspace statuses from which the applications may be submitted: funds exchanged (decision 0710). */
export const SUBMITTABLE_WORKSPACE_STATUSES: readonly string[] = ["FUNDS_EXCHANGED", "INITIATED"];

const iso = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : new Date(value).toISOString());
const pence = (value: number | string | bigint | null) => (value === null ? null : Number(value));

function fieldError(field: string, message: string): ApiError {
  return new ApiError(400, "VALIDATION_ERROR", fieldErrorMessage(field, message));
}

function refusal(refused: Refusable, code: string = LODGEMENT_REFUSAL_CODES.documentRefused): ApiError {
  return badRequest(refused.tooltip ?? DOCUMENT_TOOLTIPS.notAvailable, code);
}

export function lockFlagsOf(workspace: CallerWorkspace) {
  const status = workspace.row.status as WorkspaceStatus;
  return {
    ...workspaceFlags({ status, tasks: [], borrowersValidationStatus: workspace.row.borrowers_validation_status as BorrowerValidationStatus }),
    // The status beside the flags: a case prepared for resubmission lifts the lock of a REQUISITIONED workspace only (0714).
    status,
  };
}

/** The case was prepared for resubmission and is not lodged again (decision 0714). */
const resubmissionPreparedOf = (lodgementCase: CaseRow) => lodgementCase.resubmission_prepared_at !== null && !lodgementCase.hard_locked;

// ---------------------------------------------------------------------------------------------------
// Reading the case

async function caseRowOf(db: DB | Trx, where: { lodgementCaseId?: string; workspaceId?: string }, lock = false): Promise<CaseRow | undefined> {
  let query = db.selectFrom("lodgement_cases").selectAll();
  if (where.lodgementCaseId) query = query.where("lodgement_case_id", "=", where.lodgementCaseId);
  if (where.workspaceId) query = query.where("workspace_id", "=", where.workspaceId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function documentRows(db: DB | Trx, lodgementCaseId: string): Promise<DocumentRow[]> {
  return db
    .selectFrom("lodgement_documents as d")
    .leftJoin("lodgement_files as f", "f.file_id", "d.file_id")
    .selectAll("d")
    .select(["f.file_name as file_name", "f.upload_status as upload_status"])
    .where("d.lodgement_case_id", "=", lodgementCaseId)
    .orderBy("d.created_at")
    .orderBy("d.document_id")
    .execute() as Promise<DocumentRow[]>;
}

export async function requestRows(db: DB | Trx, lodgementCaseId: string): Promise<RequestRow[]> {
  return db
    .selectFrom("lodgement_requests")
    .selectAll()
    .where("lodgement_case_id", "=", lodgementCaseId)
    .orderBy("submitted_at", "desc")
    .execute();
}

/** The workspace's parties, in order, with every column a read of the case needs (the facts and the approval statements). */
async function partyRows(db: DB | Trx, workspaceId: string) {
  return db
    .selectFrom("workspace_parties")
    .select(["party_id", "role", "type", "forenames", "surname", "organisation_name", "representative_type", "verification_of_identity"])
    .where("workspace_id", "=", workspaceId)
    .orderBy("position")
    .execute();
}

export type PartyRow = Awaited<ReturnType<typeof partyRows>>[number];

/** The held title's register and the change-of-name resolutions: the facts beside the parties. */
async function titleFactsOf(db: DB | Trx, workspaceId: string, lodgementCaseId: string) {
  const [title, resolutions] = await Promise.all([
    db.selectFrom("titles").select("register").where("lodgement_case_id", "=", lodgementCaseId).orderBy("retrieved_at", "desc").limit(1).executeTakeFirst(),
    db
      .selectFrom("title_party_resolutions")
      .select("party_id")
      .where("workspace_id", "=", workspaceId)
      .where("resolution", "=", "CHANGE_OF_NAME_APPLICATION")
      .execute(),
  ]);
  return { title, resolutions };
}

export type TitleFacts = Awaited<ReturnType<typeof titleFactsOf>>;

function factsFrom(transactionType: string, parties: readonly PartyRow[], { title, resolutions }: TitleFacts): WorkspaceFactsForApplications {
  const register = title ? ((typeof title.register === "string" ? JSON.parse(title.register) : title.register) as WorkspaceFactsForApplications["register"]) : null;
  return {
    transactionType,
    parties: parties.map((party) => ({
      partyId: party.party_id,
      role: party.role,
      name: party.type === "ORGANISATION" ? party.organisation_name ?? "" : [party.forenames, party.surname].filter(Boolean).join(" "),
    })),
    register: register ? { entries: register.entries ?? [], restrictions: register.restrictions ?? [] } : null,
    changeOfNamePartyIds: resolutions.map((row) => row.party_id),
  };
}

/** The workspace's facts the applications are derived from (parties, held title, change-of-name resolutions). */
export async function workspaceFactsOf(db: DB | Trx, workspaceId: string, transactionType: string, lodgementCaseId: string): Promise<WorkspaceFactsForApplications> {
  const [parties, titleFacts] = await Promise.all([partyRows(db, workspaceId), titleFactsOf(db, workspaceId, lodgementCaseId)]);
  return factsFrom(transactionType, parties, titleFacts);
}

const partiesKey = (parties: readonly { partyId: string; name: string; role: string }[]) =>
  JSON.stringify(parties.map((party) => [party.partyId, party.name, party.role]));

const isApplication = (row: Pick<DocumentRow, "application_key">) => row.application_key !== null;

function applicationFactsOf(application: DocumentRow, documents: readonly DocumentRow[]): ApplicationFacts {
  const children = documents.filter((document) => document.parent_document_id === application.document_id);
  return {
    documentType: application.document_type,
    transactionValue: pence(application.transaction_value),
    mortgageDeedReference: application.mortgage_deed_reference,
    signatureType: application.signature_type,
    considerationType: application.consideration_type,
    signed:
      application.sub_type === "SIGNED" ||
      application.mortgage_deed_reference_type === "DIGITAL" ||
      children.some((child) => isSignedCopy(application.document_type, child.document_type)),
    supportingDocumentTypes: children.map((child) => child.document_type),
  };
}

/**
 * Brings the case in line with the workspace, in the caller's transaction with the case row locked: adds the
 * applications the workspace now needs and removes those it no longer does (not once lodged: what was lodged
 * stays), renames them and their parties as the workspace names them, then recomputes each application's
 * status and the case's (before lodgement). A change to the set of applications withdraws an approval.
 * Moves the case's version on when anything changed. Answers whether it did.
 */
export async function bringInLine(
  trx: Trx,
  lodgementCase: CaseRow,
  workspace: { workspace_id: string; transaction_type: string },
  actor: string,
  /** Only answer whether anything would change, writing nothing (reads check first, then lock only when needed). */
  dry = false,
  /** The facts and documents when the caller has just read them in this transaction (a read's check): not read again. */
  preloaded?: { facts: WorkspaceFactsForApplications; documents: DocumentRow[] },
): Promise<boolean> {
  if (lodgementCase.hard_locked) return false;
  let changed = false;
  const facts = preloaded?.facts ?? (await workspaceFactsOf(trx, workspace.workspace_id, workspace.transaction_type, lodgementCase.lodgement_case_id));
  const derived = deriveApplications(facts);
  let documents = preloaded?.documents ?? (await documentRows(trx, lodgementCase.lodgement_case_id));
  const existing = new Map(documents.filter(isApplication).map((row) => [row.application_key!, row]));
  const wanted = new Set(derived.map((application) => application.applicationKey));
  const gone = [...existing.values()].filter((row) => !wanted.has(row.application_key!)).map((row) => row.document_id);
  if (gone.length > 0) {
    if (dry) return true;
    await trx.deleteFrom("lodgement_documents").where("document_id", "in", gone).execute();
    changed = true;
  }
  for (const application of derived) {
    const row = existing.get(application.applicationKey);
    const parties = JSON.stringify(application.applicationParties);
    // jsonb keeps its own key order: compare the parties field by field.
    if (!row) {
      if (dry) return true;
      await trx
        .insertInto("lodgement_documents")
        .values({
          document_id: randomUUID(),
          lodgement_case_id: lodgementCase.lodgement_case_id,
          document_type: application.documentType,
          document_category: "APPLICATION_DOCUMENT",
          sub_type: "GENERATED",
          status: "CREATED",
          application_key: application.applicationKey,
          name: application.name,
          charge_identifier: application.chargeIdentifier,
          entry_number: application.entryNumber,
          restriction_type: application.restrictionType,
          consideration_type: application.documentType === "TRANSFER_OF_WHOLE" && workspace.transaction_type === "PURCHASE" ? "MONETARY_CONSIDERATION" : null,
          application_parties: parties,
          created_by: actor,
          last_modified_by: actor,
        })
        .execute();
      changed = true;
    } else if (row.name !== application.name || partiesKey(row.application_parties) !== partiesKey(application.applicationParties)) {
      if (dry) return true;
      await trx.updateTable("lodgement_documents").set({ name: application.name, application_parties: parties }).where("document_id", "=", row.document_id).execute();
      changed = true;
    }
  }
  if (changed) documents = await documentRows(trx, lodgementCase.lodgement_case_id);
  let approved = lodgementCase.approved_at !== null;
  if (changed && approved) {
    // What was approved has changed: the approval no longer holds.
    await trx.updateTable("lodgement_cases").set({ approved_at: null, approved_by: null }).where("lodgement_case_id", "=", lodgementCase.lodgement_case_id).execute();
    approved = false;
  }
  if (await refreshStatuses(trx, lodgementCase, documents, approved, dry)) changed = true;
  if (changed) {
    await trx
      .updateTable("lodgement_cases")
      .set((eb) => ({ version: eb("version", "+", 1), updated_at: new Date() }))
      .where("lodgement_case_id", "=", lodgementCase.lodgement_case_id)
      .execute();
  }
  return changed;
}

/** Recomputes the statuses before lodgement (applications CREATED / PREPARED / APPROVED, the case's); answers whether any changed. */
async function refreshStatuses(trx: Trx, lodgementCase: CaseRow, documents: readonly DocumentRow[], approved: boolean, dry = false): Promise<boolean> {
  if (lodgementCase.hard_locked || isLodgedStatus(lodgementCase.status)) return false;
  let changed = false;
  const statuses: string[] = [];
  for (const application of documents.filter(isApplication)) {
    const status = approved ? "APPROVED" : applicationStatusBeforeApproval(applicationFactsOf(application, documents), APPLICATION_FLAGS);
    statuses.push(approved ? "PREPARED" : status);
    if (application.status !== status) {
      if (dry) return true;
      await trx.updateTable("lodgement_documents").set({ status }).where("document_id", "=", application.document_id).execute();
      changed = true;
    }
  }
  const caseStatus = caseStatusBeforeLodgement(statuses, approved, resubmissionPreparedOf(lodgementCase));
  if (caseStatus !== lodgementCase.status) {
    if (dry) return true;
    await trx.updateTable("lodgement_cases").set({ status: caseStatus }).where("lodgement_case_id", "=", lodgementCase.lodgement_case_id).execute();
    changed = true;
  }
  return changed;
}

// ---------------------------------------------------------------------------------------------------
// Answers

interface CaseState {
  lodgementCase: CaseRow;
  documents: DocumentRow[];
  requests: RequestRow[];
  externallyRepresented: boolean;
  organisationParties: number;
  partiesWithIdentityEvidence: number;
}

async function stateOf(db: DB | Trx, lodgementCase: CaseRow): Promise<CaseState> {
  const [documents, requests, parties] = await Promise.all([
    documentRows(db, lodgementCase.lodgement_case_id),
    requestRows(db, lodgementCase.lodgement_case_id),
    partyRows(db, lodgementCase.workspace_id),
  ]);
  return stateFrom(lodgementCase, documents, requests, parties);
}

function stateFrom(lodgementCase: CaseRow, documents: DocumentRow[], requests: RequestRow[], parties: readonly PartyRow[]): CaseState {
  const applicants = parties.filter((party) => party.role === "BORROWER" || party.role === "BUYER");
  return {
    lodgementCase,
    documents,
    requests,
    // The third approval statement: a party represented by an external law firm (document 3 section 5.1).
    externallyRepresented: parties.some((party) => party.representative_type === "EXTERNAL_LAW_FIRM"),
    organisationParties: applicants.filter((party) => party.type === "ORGANISATION").length,
    partiesWithIdentityEvidence: parties.filter((party) => party.verification_of_identity === "IDENTITY_EVIDENCE").length,
  };
}

function activeRequest(state: CaseState): RequestRow | null {
  const latest = state.requests[0];
  return latest && !latest.rejected_at && latest.outcome !== "REGISTERED" ? latest : null;
}

const hasRejectedRequest = (state: CaseState) => state.requests.some((request) => request.rejected_at !== null);

function feeOf(application: DocumentRow, state: CaseState, today: string): number | null {
  if (!isApplication(application)) return null;
  const lodgedWithTransfer = state.documents.some((document) => isApplication(document) && document.document_type === "TRANSFER_OF_WHOLE");
  return landRegistryFee(
    { documentType: application.document_type, transactionValue: pence(application.transaction_value), considerationType: application.consideration_type },
    { lodgedWithTransfer },
    today,
  );
}

function supportingOf(row: DocumentRow, state: CaseState, today: string): SupportingDocument {
  const request = row.lodgement_request_id ? state.requests.find((candidate) => candidate.lodgement_request_id === row.lodgement_request_id) : undefined;
  return {
    documentId: row.document_id,
    lodgementCaseId: row.lodgement_case_id,
    documentType: row.document_type as DocumentType,
    documentCategory: row.document_category as SupportingDocument["documentCategory"],
    parentDocumentId: row.parent_document_id,
    status: row.status as SupportingDocument["status"],
    subType: row.sub_type as SupportingDocument["subType"],
    submittedAt: iso(row.submitted_at),
    rejectedAt: iso(row.rejected_at),
    lodgementRequestId: row.lodgement_request_id,
    name: row.name,
    file: row.file_id ? { fileId: row.file_id, fileName: row.file_name ?? row.name, fileUploadStatus: (row.upload_status ?? "PENDING") as "PENDING" } : null,
    auditAttributes: {
      createdAt: iso(row.created_at)!,
      createdBy: row.created_by,
      lastModifiedAt: iso(row.last_modified_at)!,
      lastModifiedBy: row.last_modified_by,
    },
    applicationType: isApplication(row) ? { landRegistryApplicationName: row.name } : null,
    documentAttributes: {
      certificationType: row.certification_type as SupportingDocument["documentAttributes"]["certificationType"],
      transactionValue: pence(row.transaction_value),
      considerationType: row.consideration_type as SupportingDocument["documentAttributes"]["considerationType"],
      landRegistryFee: feeOf(row, state, today),
      mortgageDeedReference: row.mortgage_deed_reference,
      mortgageDeedReferenceType: row.mortgage_deed_reference_type as SupportingDocument["documentAttributes"]["mortgageDeedReferenceType"],
      signature: row.signature_type ? { type: row.signature_type as "WET_INK_SIGNATURE", format: row.signature_format ?? "" } : null,
      restrictionType: row.restriction_type,
      chargeIdentifier: row.charge_identifier,
      entryNumber: row.entry_number,
    },
    expired: row.document_category === "REQUISITION_DOCUMENT" && Boolean(request?.rejected_at),
    version: row.version,
  };
}

const allowed = { enabled: true, tooltip: null };
const refusedWith = (tooltip: string) => ({ enabled: false, tooltip });

/** Whether the caller may change the applications now (edit, approve): the workspace open and the case not approved or lodged. */
function applicationEditRefusal(workspace: CallerWorkspace, state: CaseState): string | null {
  const lock = applicationsEditLock(lockFlagsOf(workspace), resubmissionPreparedOf(state.lodgementCase));
  if (lock) return DOCUMENT_TOOLTIPS[lock];
  if (state.lodgementCase.status === "REQUISITIONED") return DOCUMENT_TOOLTIPS.requisitioned;
  if (state.lodgementCase.approved_at !== null || state.lodgementCase.hard_locked) return DOCUMENT_TOOLTIPS.applicationsApproved;
  return null;
}

function removeAvailability(row: DocumentRow, workspace: CallerWorkspace, state: CaseState): { enabled: boolean; tooltip: string | null } {
  if (isApplication(row)) return refusedWith(LODGEMENT_MESSAGES.applicationNotRemovable);
  if (row.sub_type === "RECEIVED" || row.submitted_at) return refusedWith(DOCUMENT_TOOLTIPS.submitted);
  if (row.parent_document_id) {
    const detach = detachAvailability({
      workspace: lockFlagsOf(workspace),
      applicationsApproved: state.lodgementCase.approved_at !== null || state.lodgementCase.hard_locked,
      resubmissionPrepared: resubmissionPreparedOf(state.lodgementCase),
    });
    return detach.enabled ? allowed : refusedWith(detach.tooltip!);
  }
  const lock = editLock(lockFlagsOf(workspace));
  // Requisition replies are added while the workspace is locked, and may be taken back until submitted.
  if (lock === "cancelled" || (lock && row.document_category !== "REQUISITION_DOCUMENT")) return refusedWith(DOCUMENT_TOOLTIPS[lock]);
  return allowed;
}

function documentOf(row: DocumentRow, workspace: CallerWorkspace, state: CaseState, today: string): LodgementDocument {
  const children = state.documents.filter((document) => document.parent_document_id === row.document_id);
  const editRefusal = isApplication(row) ? applicationEditRefusal(workspace, state) : editLock(lockFlagsOf(workspace)) ? DOCUMENT_TOOLTIPS[editLock(lockFlagsOf(workspace))!] : null;
  return {
    ...supportingOf(row, state, today),
    applicationParties: isApplication(row) ? (row.application_parties as LodgementDocument["applicationParties"]) : [],
    supportingDocuments: children.map((child) => supportingOf(child, state, today)),
    actions: { remove: removeAvailability(row, workspace, state), edit: editRefusal ? refusedWith(editRefusal) : allowed },
  };
}

/** Applications first (ordered as 4.4 says: with the discharge feature, discharges first by charge number), then the rest. */
function orderedDocuments(state: CaseState, dischargeFirst = true): DocumentRow[] {
  const applications = orderApplications(
    state.documents.filter(isApplication).map((row) => ({ row, title: row.name, documentType: row.document_type, chargeIdentifier: row.charge_identifier })),
    dischargeFirst,
  ).map((entry) => entry.row);
  return [...applications, ...state.documents.filter((row) => !isApplication(row))];
}

function readinessProblems(state: CaseState): { code: string; message: string }[] {
  const applications = state.documents.filter(isApplication);
  const problems = submissionReadiness({
    lodgementCaseStatus: state.lodgementCase.status,
    applications: applications.map((application) => {
      const facts = applicationFactsOf(application, state.documents);
      return { documentType: application.document_type, signed: facts.signed, supportingDocumentTypes: facts.supportingDocumentTypes, signatureType: application.signature_type };
    }),
    organisationPartyCount: state.organisationParties,
    partiesWithIdentityEvidence: state.partiesWithIdentityEvidence,
    identityFormCount: state.documents.filter((document) => document.document_type === "IDENTITY_FORM").length,
    hasRejectedRequest: hasRejectedRequest(state),
    resubmissionPrepared: resubmissionPreparedOf(state.lodgementCase),
    documentTypes: state.documents.map((document) => document.document_type),
  });
  return problems.map((code) => ({ code, message: READINESS_PROBLEMS[code] }));
}

/** Why the applications cannot be submitted now ([] when they can): status first, then readiness (4.3). */
export function submissionProblems(workspace: CallerWorkspace, state: CaseState): { code: string; message: string }[] {
  const status = state.lodgementCase.status;
  if (isLodgedStatus(status)) return [{ code: "alreadyLodged", message: LODGEMENT_MESSAGES.alreadyLodged }];
  if (status !== "APPROVED") return [{ code: "notApproved", message: LODGEMENT_MESSAGES.notApproved }];
  // A resubmission goes from the REQUISITIONED workspace the rejection left (its funds were exchanged before the first lodgement).
  const submittable = resubmissionPreparedOf(state.lodgementCase) ? workspace.row.status === "REQUISITIONED" : SUBMITTABLE_WORKSPACE_STATUSES.includes(workspace.row.status);
  if (!submittable) return [{ code: "notSubmittable", message: LODGEMENT_MESSAGES.notSubmittable }];
  // A document whose file has not passed its virus scan (an upload made through the documents POST) is not sent.
  const unscanned = state.documents.some((row) => row.file_id !== null && row.upload_status !== "SUCCESS");
  return [...(unscanned ? [{ code: "fileNotReady", message: LODGEMENT_MESSAGES.fileNotReady }] : []), ...readinessProblems(state)];
}

function uploadableTypes(state: CaseState): DocumentType[] {
  if (state.lodgementCase.status === "REQUISITIONED") return [...SUPPORTING_DOCUMENT_TYPES];
  const signedTypes = state.documents
    .filter((row) => isApplication(row) && (SIGNED_APPLICATION_TYPES as readonly string[]).includes(row.document_type))
    .map((row) => row.document_type as DocumentType);
  return [...new Set(signedTypes), ...SUPPORTING_DOCUMENT_TYPES, ...WORKSPACE_SUPPORTING_DOCUMENT_TYPES];
}

function caseOf(workspace: CallerWorkspace, state: CaseState): LodgementCase {
  const { lodgementCase } = state;
  const applications = orderedDocuments(state).filter(isApplication);
  const today = londonToday(new Date());
  const active = activeRequest(state);
  const approvedOrBeyond = lodgementCase.approved_at !== null || isLodgedStatus(lodgementCase.status);
  const status = lodgementCase.status as LodgementCase["status"];
  return {
    lodgementCaseId: lodgementCase.lodgement_case_id,
    workspaceId: lodgementCase.workspace_id,
    lodgementCaseStatus: status,
    status,
    hardLocked: lodgementCase.hard_locked,
    documentTypes: uploadableTypes(state),
    applicationTypes: applications.map((row) => row.document_type as (typeof APPLICATION_DOCUMENT_TYPES)[number]),
    applicationsApproved: approvedOrBeyond,
    landRegistryFeeTotal: landRegistryFeeTotal(applications.map((row) => ({ documentType: row.document_type, landRegistryFee: feeOf(row, state, today) }))),
    canApprove: canApproveApplications({
      lodgementCaseStatus: status,
      applicationStatuses: applications.map((row) => row.status),
      workspace: lockFlagsOf(workspace),
    }),
    canUnapprove: canUnapproveApplications({
      lodgementCaseStatus: status,
      hardLocked: lodgementCase.hard_locked,
      workspace: lockFlagsOf(workspace),
      resubmissionPrepared: resubmissionPreparedOf(lodgementCase),
    }),
    submissionProblems: submissionProblems(workspace, state),
    approvalStatements: approvalStatements(state.externallyRepresented),
    activeLodgementRequestId: active?.lodgement_request_id ?? null,
    requisitionDeadline: active && active.outcome === "REQUISITIONED" ? iso(active.requisition_deadline) : null,
    version: lodgementCase.version,
  };
}

/** The applications among `documents`, as a request lists them (and keeps them, lodgement_requests.applications). */
function applicationsCarried(documents: readonly DocumentRow[]): LodgementRequest["applications"] {
  return documents.filter(isApplication).map((document) => ({ documentId: document.document_id, documentType: document.document_type as DocumentType, name: document.name }));
}

function requestOf(row: RequestRow, state: CaseState, today: string): LodgementRequest {
  const documents = state.documents.filter((document) => document.lodgement_request_id === row.lodgement_request_id);
  return {
    lodgementRequestId: row.lodgement_request_id,
    lodgementCaseId: row.lodgement_case_id,
    status: row.status as LodgementRequest["status"],
    outcome: row.outcome as LodgementRequest["outcome"],
    registryReference: row.registry_reference,
    submittedAt: iso(row.submitted_at)!,
    rejectedAt: iso(row.rejected_at),
    registeredAt: iso(row.registered_at),
    requisitionedAt: iso(row.requisitioned_at),
    requisitionDeadline: iso(row.requisition_deadline),
    landRegistryFee: Number(row.land_registry_fee),
    // What the request carried (kept on the request since 0081: a rejected request's applications may be in a newer one now).
    applications: (row.applications as LodgementRequest["applications"] | null) ?? applicationsCarried(documents),
    correspondence: documents.filter((document) => document.document_category === "REQUISITION_DOCUMENT").map((document) => supportingOf(document, state, today)),
  };
}

// ---------------------------------------------------------------------------------------------------
// The frame every call runs in

/** The case by id, its workspace visible to the caller (404 otherwise), both locked when `lock`. */
async function openCase(trx: Trx, caller: VerifiedCaller, lodgementCaseId: string, lock: boolean) {
  const found = await caseRowOf(trx, { lodgementCaseId });
  if (!found) throw notFound(CASE_NOT_FOUND_MESSAGE);
  const workspace = await findVisibleWorkspace(trx, caller, found.workspace_id, { lock }).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 404 ? notFound(CASE_NOT_FOUND_MESSAGE) : error;
  });
  // Locked: the case is read again under its lock (taken after the workspace's); unlocked, the row just read is the answer.
  const lodgementCase = lock ? (await caseRowOf(trx, { lodgementCaseId }, true))! : found;
  return { workspace, lodgementCase };
}

/** The rows a read of the case answers from (its title facts only when the case may still be brought in line). */
export async function caseStateRows(trx: Trx, lodgementCase: CaseRow) {
  const [parties, documents, requests, titleFacts] = await Promise.all([
    partyRows(trx, lodgementCase.workspace_id),
    documentRows(trx, lodgementCase.lodgement_case_id),
    requestRows(trx, lodgementCase.lodgement_case_id),
    // A hard-locked case is never brought in line: its title facts are not needed.
    lodgementCase.hard_locked ? null : titleFactsOf(trx, lodgementCase.workspace_id, lodgementCase.lodgement_case_id),
  ]);
  return { parties, documents, requests, titleFacts };
}

/**
 * Opens the case (locked), brings it in line with the workspace, and answers its state. A read (`forWrite`
 * false) reads everything once, unlocked (the case, the workspace, its parties and title facts, the documents
 * and requests), checks from those rows whether the case is in line, and answers from the same rows when it is;
 * only when it is not does it lock and bring the case in line as a write would. `opened`: the workspace and the
 * case's rows when the caller has just read them (unlocked) in this transaction.
 */
async function openInLine(trx: Trx, caller: VerifiedCaller, lodgementCaseId: string, forWrite = true, opened?: { workspace: CallerWorkspace; rows: CaseRows }) {
  if (!forWrite) {
    const unlocked = opened ? { workspace: opened.workspace, lodgementCase: opened.rows.lodgementCase } : await openCase(trx, caller, lodgementCaseId, false);
    const { lodgementCase, workspace } = unlocked;
    const { parties, documents, requests, titleFacts } = opened?.rows ?? (await caseStateRows(trx, lodgementCase));
    const preloaded = titleFacts ? { facts: factsFrom(workspace.row.transaction_type, parties, titleFacts), documents } : undefined;
    if (!preloaded || !(await bringInLine(trx, lodgementCase, workspace.row, caller.userId, true, preloaded))) {
      return { ...unlocked, versionSeen: lodgementCase.version, state: stateFrom(lodgementCase, documents, requests, parties) };
    }
  }
  const locked = await openCase(trx, caller, lodgementCaseId, true);
  const versionSeen = locked.lodgementCase.version;
  if (await bringInLine(trx, locked.lodgementCase, locked.workspace.row, caller.userId)) {
    locked.lodgementCase = (await caseRowOf(trx, { lodgementCaseId }))!;
  }
  return { ...locked, versionSeen, state: await stateOf(trx, locked.lodgementCase) };
}

export interface WriteContext {
  trx: Trx;
  caller: VerifiedCaller;
  workspace: CallerWorkspace;
  state: CaseState;
  /** The case's version before this call brought it in line (what the caller's If-Match is compared with). */
  versionSeen: number;
  now: Date;
  meta: RequestMeta;
}

/** 409 unless the caller wrote against the case's current version. */
function requireCaseVersion(context: WriteContext, expected: number): void {
  if (context.versionSeen !== expected && context.state.lodgementCase.version !== expected) throw conflict();
}

/**
 * Runs a write in one transaction: opens and brings the case in line, runs `write`, recomputes statuses,
 * moves the case's version on, brings the workspace's tasks (and, when `workspaceStatus` is given, its
 * status) in line, and answers `answer` built from the state after.
 */
async function caseWrite<R>(
  deps: LodgementDeps,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  meta: RequestMeta,
  write: (context: WriteContext) => Promise<{ workspaceStatus?: WorkspaceStatus; event: string; details: Record<string, unknown> }>,
  answer: (workspace: CallerWorkspace, state: CaseState, now: Date) => R,
): Promise<R> {
  return deps.db.transaction().execute(async (trx) => {
    const opened = await openInLine(trx, caller, lodgementCaseId);
    const now = deps.clock.now();
    const result = await write({ trx, caller, workspace: opened.workspace, state: opened.state, versionSeen: opened.versionSeen, now, meta });
    let lodgementCase = (await caseRowOf(trx, { lodgementCaseId }))!;
    await refreshStatuses(trx, lodgementCase, await documentRows(trx, lodgementCaseId), lodgementCase.approved_at !== null);
    await trx
      .updateTable("lodgement_cases")
      .set((eb) => ({ version: eb("version", "+", 1), updated_at: new Date() }))
      .where("lodgement_case_id", "=", lodgementCaseId)
      .execute();
    lodgementCase = (await caseRowOf(trx, { lodgementCaseId }))!;
    const state = await stateOf(trx, lodgementCase);
    await followWorkspace(trx, opened.workspace.row, state, result.workspaceStatus, caller.userId, now.toISOString());
    await recordWorkspaceEvent(trx, caller, result.event, opened.workspace.row.workspace_id, result.details, meta);
    const workspace = await findVisibleWorkspace(trx, caller, opened.workspace.row.workspace_id);
    return answer(workspace, state, now);
  });
}

/**
 * Brings the workspace's lodgement tasks in line with the case and, when given, moves its status (decision
 * 0710), through the one workspace write path (labels, version), only when either changes.
 */
export async function followWorkspace(
  trx: Trx,
  workspace: { workspace_id: string; transaction_type: string; status: string; version: number; borrowers_validation_status: string },
  state: CaseState,
  status: WorkspaceStatus | undefined,
  actor: string,
  at: string,
): Promise<void> {
  const tasks = await readTasks(trx, workspace.workspace_id);
  const transfer = state.documents.find((row) => isApplication(row) && row.document_type === "TRANSFER_OF_WHOLE");
  const nextTasks = deriveLodgementTasks(
    tasks,
    {
      lodgementCaseStatus: state.lodgementCase.status,
      applicationsApproved: state.lodgementCase.approved_at !== null,
      transferOfWholeComplete: transfer
        ? applicationStatusBeforeApproval(applicationFactsOf(transfer, state.documents), APPLICATION_FLAGS) === "PREPARED" ||
          (transfer.status !== "CREATED" && transfer.status !== "PREPARED")
        : null,
      companiesHouseEvidence:
        state.documents.some((row) => row.document_type === "COMPANIES_HOUSE_EVIDENCE") &&
        state.documents.some((row) => row.document_type === "COMPANIES_HOUSE_CERTIFICATE"),
      lawFirmRole: workspaceLawFirmRole(workspace.transaction_type as TransactionType),
    },
    actor,
    at,
  ) as WorkspaceTask[];
  const nextStatus = status ?? (workspace.status as WorkspaceStatus);
  if (nextStatus === workspace.status && JSON.stringify(tasks) === JSON.stringify(nextTasks)) return;
  await writeTasks(trx, workspace.workspace_id, tasks, nextTasks);
  await commitWorkspaceChange(trx, workspace.workspace_id, workspace.version, {
    status: nextStatus,
    tasks: nextTasks,
    borrowersValidationStatus: workspace.borrowers_validation_status as BorrowerValidationStatus,
  });
}

// ---------------------------------------------------------------------------------------------------
// Reads

/**
 * GET lodgement-cases?workspace_id: the workspace's case, in line with the workspace; with `include`, beside it
 * (core/documents/case-read-api.ts) its documents, requests, files and participants as their own calls answer
 * them, from the same rows in the same transaction.
 */
export async function listLodgementCases(
  deps: LodgementDeps,
  caller: VerifiedCaller,
  workspaceId: string,
  include: ReadonlySet<CaseInclude> = new Set(),
): Promise<{ records: LodgementCase[]; included?: CaseIncluded }> {
  return deps.db.transaction().execute(async (trx) => {
    const workspace = await findVisibleWorkspace(trx, caller, workspaceId);
    requireAction(caller, "viewWorkspace", workspace);
    const rows = await readCaseRows(trx, workspaceId, deps.environment);
    if (!rows) return { records: [] };
    // The workspace and the rows just read are the read's starting point: not read again. Bringing the case in
    // line changes its documents only (answered from `state`); its files and participants stay as read.
    const { workspace: locked, state } = await openInLine(trx, caller, rows.lodgementCase.lodgement_case_id, false, { workspace, rows });
    const records = [caseOf(locked, state)];
    if (include.size === 0) return { records };
    const today = londonToday(deps.clock.now());
    const included: CaseIncluded = {};
    if (include.has("documents")) included.documents = documentsOf(featureFlagsFrom(deps.environment, rows.featureFlags), locked, state, today);
    if (include.has("requests")) included.requests = state.requests.map((row) => requestOf(row, state, today));
    if (include.has("files")) included.files = visibleFilesOf(caller, locked, rows.files, state.documents);
    if (include.has("participants")) included.participants = rows.participants.map(participantOf);
    if (include.has("deedReferences") && mayFunctional(caller, "viewDocument")) {
      const lender = rows.participants.find((participant) => participant.role === "INCOMING_LENDER");
      included.deedReferences = lender ? mortgageReferencesOf(lender) : [];
    }
    return { records, included };
  });
}

/** The case's top-level documents in their order (applications first), as GET documents answers them. */
function documentsOf(flags: FeatureFlags, workspace: CallerWorkspace, state: CaseState, today: string): LodgementDocument[] {
  const topLevel = orderedDocuments(state, flags.displayDischargeApplicationEnabled).filter((row) => isApplication(row) || row.parent_document_id === null);
  return topLevel.map((row) => documentOf(row, workspace, state, today));
}

/** GET lodgement-cases/{id}/documents. */
export async function listDocuments(deps: LodgementDeps, caller: VerifiedCaller, lodgementCaseId: string): Promise<{ records: LodgementDocument[] }> {
  return deps.db.transaction().execute(async (trx) => {
    const { workspace, state } = await openInLine(trx, caller, lodgementCaseId, false);
    requireAction(caller, "viewWorkspace", workspace);
    // Read in this transaction: on PGlite's one connection a read outside it would wait for it forever.
    const flags = await getFeatureFlags(trx as unknown as DB, deps.environment);
    return { records: documentsOf(flags, workspace, state, londonToday(deps.clock.now())) };
  });
}

/** GET lodgement-cases/{id}/documents/{documentId}. */
export async function getDocument(deps: LodgementDeps, caller: VerifiedCaller, lodgementCaseId: string, documentId: string): Promise<LodgementDocument> {
  return deps.db.transaction().execute(async (trx) => {
    const { workspace, state } = await openInLine(trx, caller, lodgementCaseId, false);
    requireAction(caller, "viewWorkspace", workspace);
    const row = state.documents.find((document) => document.document_id === documentId);
    if (!row) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
    return documentOf(row, workspace, state, londonToday(deps.clock.now()));
  });
}

/** GET lodgement-requests?lodgement_case_id: newest first, each with its correspondence. */
export async function listLodgementRequests(deps: LodgementDeps, caller: VerifiedCaller, lodgementCaseId: string): Promise<{ records: LodgementRequest[] }> {
  return deps.db.transaction().execute(async (trx) => {
    const { workspace, state } = await openInLine(trx, caller, lodgementCaseId, false);
    requireAction(caller, "viewWorkspace", workspace);
    const today = londonToday(deps.clock.now());
    return { records: state.requests.map((row) => requestOf(row, state, today)) };
  });
}

/** GET lodgement-cases/participants?workspace_id: the participant subscribers with their names and roles. */
export async function listCaseParticipants(deps: LodgementDeps, caller: VerifiedCaller, workspaceId: string): Promise<{ records: CaseParticipant[] }> {
  const workspace = await findVisibleWorkspace(deps.db, caller, workspaceId);
  requireAction(caller, "viewWorkspace", workspace);
  return { records: await participantsOf(deps.db, workspaceId) };
}

/** The workspace's participant subscribers by name, the workspace already found visible to the caller. */
async function participantsOf(db: DB | Trx, workspaceId: string): Promise<CaseParticipant[]> {
  const rows = await db
    .selectFrom("workspace_participants as p")
    .innerJoin("subscribers as s", "s.subscriber_id", "p.subscriber_id")
    .select(["p.subscriber_id", "s.name", "p.role"])
    .where("p.workspace_id", "=", workspaceId)
    .orderBy("s.name")
    .execute();
  return rows.map(participantOf);
}

const participantOf = (row: { subscriber_id: string; name: string; role: string }): CaseParticipant => ({
  subscriberId: row.subscriber_id,
  subscriberName: row.name,
  role: row.role,
});

/**
 * A lender's mortgage deed references (decision 0710): every lender subscriber has a standard deed reference
 * (signed wet ink or CCES) and a digital one (advanced electronic signature), numbered from its id as the
 * registry numbers MD references; other subscribers have none.
 */
export function mortgageReferencesOf(subscriber: { subscriber_id: string; entity_type: string }): LenderMortgageReference[] {
  if (subscriber.entity_type !== "Lender") return [];
  const digits = String(parseInt(subscriber.subscriber_id.replace(/[^0-9a-f]/gi, "").slice(0, 6) || "0", 16) % 10_000).padStart(4, "0");
  return [
    {
      subscriberId: subscriber.subscriber_id,
      mortgageDeedReference: `MD${digits}A`,
      mortgageDeedReferenceType: "STANDARD",
      applicableSignatures: [
        { type: "WET_INK_SIGNATURE", format: "PAPER" },
        { type: "CONVEYANCER_CERTIFIED_ELECTRONIC_SIGNATURE", format: "ELECTRONIC" },
      ],
    },
    {
      subscriberId: subscriber.subscriber_id,
      mortgageDeedReference: `e-MD${digits}`,
      mortgageDeedReferenceType: "DIGITAL",
      applicableSignatures: [{ type: "ADVANCED_ELECTRONIC_SIGNATURE", format: "ELECTRONIC" }],
    },
  ];
}

/** GET lender-mortgage-references?subscriber_id (authenticated users with the edit-documents permission). */
export async function listLenderMortgageReferences(deps: LodgementDeps, caller: VerifiedCaller, subscriberId: string): Promise<{ records: LenderMortgageReference[] }> {
  requireFunctional(caller, "viewDocument");
  const subscriber = await deps.db.selectFrom("subscribers").select(["subscriber_id", "entity_type"]).where("subscriber_id", "=", subscriberId).executeTakeFirst();
  return { records: subscriber ? mortgageReferencesOf(subscriber) : [] };
}

async function incomingLenderReferences(trx: Trx, workspaceId: string): Promise<LenderMortgageReference[]> {
  const lender = await trx
    .selectFrom("workspace_participants as p")
    .innerJoin("subscribers as s", "s.subscriber_id", "p.subscriber_id")
    .select(["s.subscriber_id", "s.entity_type"])
    .where("p.workspace_id", "=", workspaceId)
    .where("p.role", "=", "INCOMING_LENDER")
    .executeTakeFirst();
  return lender ? mortgageReferencesOf(lender) : [];
}

// ---------------------------------------------------------------------------------------------------
// Documents: attach, change, remove

function requireCan(caller: VerifiedCaller, action: Action, workspace: CallerWorkspace) {
  requireAction(caller, action, workspace);
}

async function usableFile(trx: Trx, lodgementCaseId: string, fileId: string) {
  const file = await trx
    .selectFrom("lodgement_files")
    .select(["file_id", "file_name", "upload_status", "document_sub_type"])
    .where("file_id", "=", fileId)
    .where("lodgement_case_id", "=", lodgementCaseId)
    .executeTakeFirst();
  if (!file) throw notFound(FILE_NOT_FOUND_MESSAGE);
  if (file.upload_status !== "SUCCESS") throw badRequest(LODGEMENT_MESSAGES.fileNotReady, LODGEMENT_REFUSAL_CODES.fileNotReady);
  const used = await trx.selectFrom("lodgement_documents").select("document_id").where("file_id", "=", fileId).executeTakeFirst();
  if (used) throw badRequest(LODGEMENT_MESSAGES.fileAlreadyAttached, LODGEMENT_REFUSAL_CODES.documentRefused);
  return file;
}

/**
 * POST documents (JSON): makes a document of a scanned file of this case, attached to an application when
 * parentDocumentId names one (every 4.2 attach rule, in order), a requisition reply of the active request
 * (category REQUISITION_DOCUMENT, certification required), or kept in the case.
 */
export async function attachDocument(deps: LodgementDeps, caller: VerifiedCaller, lodgementCaseId: string, body: AttachDocumentRequest, meta: RequestMeta): Promise<LodgementDocument> {
  return makeDocument(deps, caller, lodgementCaseId, body, meta, (trx) => usableFile(trx, lodgementCaseId, body.fileId));
}

/** The file a new document is made of: an existing scanned file of the case, or an upload's new row (PENDING). */
type FileSource = (trx: Trx, context: WriteContext) => Promise<{ file_id: string; file_name: string; document_sub_type: string }>;

/**
 * POST documents (multipart): the upload's file row (PENDING, its scan scheduled) and its document, with the
 * same rules as attaching a scanned file, in one transaction; `fileOf` writes the file row.
 */
export async function uploadDocument(
  deps: LodgementDeps,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  body: Omit<AttachDocumentRequest, "fileId">,
  meta: RequestMeta,
  fileOf: FileSource,
): Promise<LodgementDocument> {
  return makeDocument(deps, caller, lodgementCaseId, { ...body, fileId: "" }, meta, fileOf);
}

async function makeDocument(
  deps: LodgementDeps,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  body: AttachDocumentRequest,
  meta: RequestMeta,
  fileOf: FileSource,
): Promise<LodgementDocument> {
  let documentId = "";
  return caseWrite(
    deps,
    caller,
    lodgementCaseId,
    meta,
    async (context) => {
      const { trx, workspace, state, now } = context;
      const requisitionReply = body.documentCategory === "REQUISITION_DOCUMENT";
      const parent = body.parentDocumentId ? state.documents.find((row) => row.document_id === body.parentDocumentId) : undefined;
      if (body.parentDocumentId) {
        requireCan(caller, "attachDocument", workspace);
        if (!parent || !isApplication(parent)) throw badRequest(LODGEMENT_MESSAGES.parentNotApplication, LODGEMENT_REFUSAL_CODES.documentRefused);
      } else {
        requireCan(caller, requisitionReply ? "uploadRequisitionDocument" : "uploadFile", workspace);
      }
      if (requisitionReply) {
        if (state.lodgementCase.status !== "REQUISITIONED") throw badRequest(LODGEMENT_MESSAGES.notRequisitioned, LODGEMENT_REFUSAL_CODES.requisitionRefused);
        if (!body.certificationType) throw fieldError("certificationType", UPLOAD_MESSAGES.certificationRequired);
      } else if (body.documentCategory === "APPLICATION_DOCUMENT" && !parent) {
        throw badRequest(LODGEMENT_MESSAGES.parentNotApplication, LODGEMENT_REFUSAL_CODES.documentRefused);
      }
      if (parent) {
        const facts = applicationFactsOf(parent, state.documents);
        const signedCopy = isSignedCopy(parent.document_type, body.documentType);
        const available = attachAvailability({
          workspace: lockFlagsOf(workspace),
          lodgementCaseStatus: state.lodgementCase.status,
          applicationCount: state.documents.filter(isApplication).length,
          deedWithoutPreference: deedWithoutPreference(facts, APPLICATION_FLAGS),
          applicationsApproved: state.lodgementCase.approved_at !== null || state.lodgementCase.hard_locked,
          signedDocumentExists: signedCopy && (SIGNED_APPLICATION_TYPES as readonly string[]).includes(parent.document_type) && facts.signed,
          documentTypeAvailable: signedCopy || (SUPPORTING_DOCUMENT_TYPES as readonly string[]).includes(body.documentType),
          resubmissionPrepared: resubmissionPreparedOf(state.lodgementCase),
        });
        if (!available.enabled) throw refusal(available);
      } else if (editLock(lockFlagsOf(workspace)) === "cancelled") {
        throw badRequest(DOCUMENT_TOOLTIPS.cancelled, LODGEMENT_REFUSAL_CODES.documentRefused);
      }
      const file = await fileOf(trx, context);
      const active = activeRequest(state);
      documentId = randomUUID();
      await trx
        .insertInto("lodgement_documents")
        .values({
          document_id: documentId,
          lodgement_case_id: lodgementCaseId,
          document_type: body.documentType,
          document_category: parent && isSignedCopy(parent.document_type, body.documentType) ? "APPLICATION_DOCUMENT" : body.documentCategory,
          sub_type: file.document_sub_type,
          status: "PREPARED",
          name: file.file_name,
          parent_document_id: parent?.document_id ?? null,
          file_id: file.file_id,
          certification_type: body.certificationType ?? null,
          lodgement_request_id: requisitionReply ? active?.lodgement_request_id ?? null : null,
          attached_before_approval: Boolean(parent),
          created_at: now,
          created_by: caller.userId,
          last_modified_at: now,
          last_modified_by: caller.userId,
        })
        .execute();
      if (parent && isSignedCopy(parent.document_type, body.documentType)) {
        await trx.updateTable("lodgement_documents").set((eb) => ({ sub_type: "SIGNED", version: eb("version", "+", 1) })).where("document_id", "=", parent.document_id).execute();
      }
      return { event: LodgementEvent.DOCUMENT_ATTACHED, details: { documentId, fileId: file.file_id, documentType: body.documentType, parentDocumentId: parent?.document_id ?? null } };
    },
    (workspace, state, now) => documentOf(state.documents.find((row) => row.document_id === documentId)!, workspace, state, londonToday(now)),
  );
}

function requireDocumentVersion(row: DocumentRow, expected: number) {
  if (row.version !== expected) throw conflict();
}

/** PATCH documents/{documentId}: certification, file, transaction value, deed and signature preference, consideration (5.1). */
export async function updateDocument(
  deps: LodgementDeps,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  documentId: string,
  body: DocumentPatchRequest,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<LodgementDocument> {
  return caseWrite(
    deps,
    caller,
    lodgementCaseId,
    meta,
    async ({ trx, workspace, state, now }) => {
      const row = state.documents.find((document) => document.document_id === documentId);
      if (!row) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
      const applicationChange =
        body.transactionValue !== undefined || body.mortgageDeedReference !== undefined || body.signature !== undefined || body.considerationType !== undefined;
      if (body.transactionValue !== undefined) requireCan(caller, "editTransactionValue", workspace);
      if (body.mortgageDeedReference !== undefined || body.signature !== undefined || body.considerationType !== undefined) requireCan(caller, "confirmDeedPreference", workspace);
      if (body.fileId !== undefined || body.certificationType !== undefined) requireCan(caller, "editDocument", workspace);
      requireDocumentVersion(row, expectedVersion);
      const changes: Record<string, unknown> = {};
      if (applicationChange) {
        if (!isApplication(row)) throw badRequest(LODGEMENT_MESSAGES.notAnApplication, LODGEMENT_REFUSAL_CODES.attributeRefused);
        const refused = applicationEditRefusal(workspace, state);
        if (refused) throw badRequest(refused, LODGEMENT_REFUSAL_CODES.documentRefused);
        const deedType = row.document_type === "MORTGAGE_DEED" || row.document_type === "TRANSFER_OF_WHOLE";
        if (body.transactionValue !== undefined) {
          if (!deedType) throw badRequest(LODGEMENT_MESSAGES.valueNotForType, LODGEMENT_REFUSAL_CODES.attributeRefused);
          if (body.transactionValue === 0 && row.document_type !== "TRANSFER_OF_WHOLE") throw fieldError("transactionValue", LODGEMENT_MESSAGES.zeroValueOnlyTransfer);
          changes.transaction_value = body.transactionValue;
        }
        if (body.considerationType !== undefined) {
          if (row.document_type !== "TRANSFER_OF_WHOLE") throw badRequest(LODGEMENT_MESSAGES.considerationOnlyTransfer, LODGEMENT_REFUSAL_CODES.attributeRefused);
          changes.consideration_type = body.considerationType;
        }
        if (body.signature !== undefined && !deedType) throw badRequest(LODGEMENT_MESSAGES.deedPreferenceNotForType, LODGEMENT_REFUSAL_CODES.attributeRefused);
        if (body.mortgageDeedReference !== undefined) {
          if (row.document_type !== "MORTGAGE_DEED") throw badRequest(LODGEMENT_MESSAGES.deedPreferenceNotForType, LODGEMENT_REFUSAL_CODES.attributeRefused);
          const { options } = deedReferenceOptions(await incomingLenderReferences(trx, workspace.row.workspace_id), {
            transactionType: workspace.row.transaction_type,
            hasOrganisationParty: state.organisationParties > 0,
          });
          const reference = options.find(
            (option) => option.mortgageDeedReference === body.mortgageDeedReference && option.mortgageDeedReferenceType === body.mortgageDeedReferenceType,
          );
          if (!reference) throw fieldError("mortgageDeedReference", LODGEMENT_MESSAGES.unknownDeedReference);
          const signature = body.signature ?? (row.signature_type ? { type: row.signature_type, format: row.signature_format ?? "" } : null);
          if (signature && !reference.applicableSignatures.some((option) => option.type === signature.type)) {
            throw fieldError("signature", LODGEMENT_MESSAGES.signatureNotForDeed);
          }
          changes.mortgage_deed_reference = reference.mortgageDeedReference;
          changes.mortgage_deed_reference_type = reference.mortgageDeedReferenceType;
        } else if (body.signature !== undefined && row.document_type === "MORTGAGE_DEED" && row.mortgage_deed_reference) {
          const reference = (await incomingLenderReferences(trx, workspace.row.workspace_id)).find((option) => option.mortgageDeedReference === row.mortgage_deed_reference);
          if (reference && !reference.applicableSignatures.some((option) => option.type === body.signature!.type)) {
            throw fieldError("signature", LODGEMENT_MESSAGES.signatureNotForDeed);
          }
        }
        if (body.signature !== undefined) {
          changes.signature_type = body.signature.type;
          changes.signature_format = body.signature.format;
        }
      }
      if (body.certificationType !== undefined || body.fileId !== undefined) {
        if (isApplication(row) || row.sub_type === "RECEIVED") throw badRequest(DOCUMENT_TOOLTIPS.notAvailable, LODGEMENT_REFUSAL_CODES.documentRefused);
        if (row.submitted_at) throw badRequest(DOCUMENT_TOOLTIPS.submitted, LODGEMENT_REFUSAL_CODES.documentRefused);
        // A document attached to an application of a case prepared for resubmission changes with its application (0714).
        const lock = applicationsEditLock(lockFlagsOf(workspace), row.parent_document_id !== null && resubmissionPreparedOf(state.lodgementCase));
        if (lock === "cancelled" || (lock && row.document_category !== "REQUISITION_DOCUMENT")) throw badRequest(DOCUMENT_TOOLTIPS[lock], LODGEMENT_REFUSAL_CODES.documentRefused);
        if (row.parent_document_id && (state.lodgementCase.approved_at !== null || state.lodgementCase.hard_locked)) {
          throw badRequest(DOCUMENT_TOOLTIPS.applicationsApproved, LODGEMENT_REFUSAL_CODES.documentRefused);
        }
        if (body.certificationType !== undefined) changes.certification_type = body.certificationType;
        if (body.fileId !== undefined && body.fileId !== row.file_id) {
          const file = await usableFile(trx, lodgementCaseId, body.fileId);
          changes.file_id = file.file_id;
          changes.name = file.file_name;
        }
      }
      await trx
        .updateTable("lodgement_documents")
        .set((eb) => ({ ...changes, last_modified_at: now, last_modified_by: caller.userId, version: eb("version", "+", 1) }))
        .where("document_id", "=", documentId)
        .execute();
      return { event: LodgementEvent.DOCUMENT_EDITED, details: { documentId, changes: Object.keys(body) } };
    },
    (workspace, state, now) => documentOf(state.documents.find((row) => row.document_id === documentId)!, workspace, state, londonToday(now)),
  );
}

/** DELETE documents/{documentId}: detach a supporting document from its application, or delete a document held in the case (4.2). */
export async function removeDocument(
  deps: LodgementDeps,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  documentId: string,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<RemoveDocumentResponse> {
  let outcome: RemoveDocumentResponse["outcome"] = "DELETED";
  return caseWrite(
    deps,
    caller,
    lodgementCaseId,
    meta,
    async ({ trx, workspace, state }) => {
      const row = state.documents.find((document) => document.document_id === documentId);
      if (!row) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
      requireCan(caller, row.parent_document_id ? "detachDocument" : "deleteSupportingDocument", workspace);
      requireDocumentVersion(row, expectedVersion);
      const available = removeAvailability(row, workspace, state);
      if (!available.enabled) throw badRequest(available.tooltip!, LODGEMENT_REFUSAL_CODES.documentRefused);
      if (row.parent_document_id) {
        outcome = "DETACHED";
        await trx.updateTable("lodgement_documents").set((eb) => ({ parent_document_id: null, version: eb("version", "+", 1) })).where("document_id", "=", documentId).execute();
        const parent = state.documents.find((document) => document.document_id === row.parent_document_id)!;
        const stillSigned = state.documents.some(
          (document) => document.document_id !== documentId && document.parent_document_id === parent.document_id && isSignedCopy(parent.document_type, document.document_type),
        );
        if (parent.sub_type === "SIGNED" && isSignedCopy(parent.document_type, row.document_type) && !stillSigned) {
          await trx.updateTable("lodgement_documents").set((eb) => ({ sub_type: "GENERATED", version: eb("version", "+", 1) })).where("document_id", "=", parent.document_id).execute();
        }
        // A signed copy taken off its application is a supporting document again.
        if (row.document_category === "APPLICATION_DOCUMENT") {
          await trx.updateTable("lodgement_documents").set({ document_category: "SUPPORTING_DOCUMENT" }).where("document_id", "=", documentId).execute();
        }
      } else {
        outcome = "DELETED";
        await trx.deleteFrom("lodgement_documents").where("document_id", "=", documentId).execute();
      }
      return { event: outcome === "DETACHED" ? LodgementEvent.DOCUMENT_DETACHED : LodgementEvent.DOCUMENT_DELETED, details: { documentId } };
    },
    () => ({ documentId, outcome }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Approval, submission, resubmission outside, requisitions

/** POST approvals {approved, statements}. `expectedVersion` is the case's. */
export async function approveApplications(
  deps: LodgementDeps,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  body: { approved: boolean; statements?: readonly string[] },
  expectedVersion: number,
  meta: RequestMeta,
): Promise<LodgementCase> {
  return caseWrite(
    deps,
    caller,
    lodgementCaseId,
    meta,
    async (context) => {
      const { trx, workspace, state, now } = context;
      const lodgementCase = state.lodgementCase;
      if (body.approved) {
        requireCan(caller, "approveApplications", workspace);
        requireCaseVersion(context, expectedVersion);
        const applications = state.documents.filter(isApplication);
        if (!canApproveApplications({ lodgementCaseStatus: lodgementCase.status, applicationStatuses: applications.map((row) => row.status), workspace: lockFlagsOf(workspace) })) {
          const lock = applicationsEditLock(lockFlagsOf(workspace), lodgementCase.status === "RESUBMISSION_PREPARED");
          throw badRequest(lock ? DOCUMENT_TOOLTIPS[lock] : LODGEMENT_MESSAGES.cannotApprove, LODGEMENT_REFUSAL_CODES.approvalRefused);
        }
        const needed = approvalStatements(state.externallyRepresented);
        if (!needed.every((statement) => body.statements?.includes(statement))) throw fieldError("statements", LODGEMENT_MESSAGES.statementsRequired);
        await trx.updateTable("lodgement_cases").set({ approved_at: now, approved_by: caller.userId }).where("lodgement_case_id", "=", lodgementCaseId).execute();
        return { event: LodgementEvent.APPLICATIONS_APPROVED, details: { statements: needed } };
      }
      requireCan(caller, "unapproveApplications", workspace);
      requireCaseVersion(context, expectedVersion);
      // Not once the workspace is locked either (but for a case prepared for resubmission): approval needs an
      // open workspace, so an unapproval there could never be undone and the applications never submitted.
      const lock = applicationsEditLock(lockFlagsOf(workspace), resubmissionPreparedOf(lodgementCase));
      if (lock) throw badRequest(DOCUMENT_TOOLTIPS[lock], LODGEMENT_REFUSAL_CODES.approvalRefused);
      if (!canUnapproveApplications({ lodgementCaseStatus: lodgementCase.status, hardLocked: lodgementCase.hard_locked, workspace: lockFlagsOf(workspace), resubmissionPrepared: resubmissionPreparedOf(lodgementCase) })) {
        throw badRequest(LODGEMENT_MESSAGES.cannotUnapprove, LODGEMENT_REFUSAL_CODES.approvalRefused);
      }
      await trx.updateTable("lodgement_cases").set({ approved_at: null, approved_by: null }).where("lodgement_case_id", "=", lodgementCaseId).execute();
      return { event: LodgementEvent.APPLICATIONS_UNAPPROVED, details: {} };
    },
    (workspace, state) => caseOf(workspace, state),
  );
}

/** The submission as the registry sees it. */
function submissionOf(state: CaseState, lodgementRequestId: string, titleNumber: string | null, now: Date): LodgementSubmission {
  return {
    lodgementRequestId,
    lodgementCaseId: state.lodgementCase.lodgement_case_id,
    titleNumber,
    applications: state.documents
      .filter((row) => isApplication(row) && (row.lodgement_request_id === lodgementRequestId || row.lodgement_request_id === null))
      .map((row) => ({ documentId: row.document_id, documentType: row.document_type, transactionValue: pence(row.transaction_value) })),
    now,
  };
}

/**
 * PATCH lodgement-cases/{id} {status}: submit (LODGED), resubmitted outside the product (REGISTERED_EXTERNALLY),
 * or prepared for resubmission in the product (RESUBMISSION_PREPARED, decision 0714).
 */
export async function patchLodgementCase(
  deps: LodgementDeps,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  status: CasePatchStatus,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<LodgementCase> {
  return caseWrite(
    deps,
    caller,
    lodgementCaseId,
    meta,
    async (context) => {
      const { trx, workspace, state, now } = context;
      if (status === "REGISTERED_EXTERNALLY") {
        requireCan(caller, "resubmitOutsideProduct", workspace);
        requireCaseVersion(context, expectedVersion);
        if (state.lodgementCase.status !== "REGISTRATION_REJECTED") throw badRequest(LODGEMENT_MESSAGES.resubmitOnlyRejected, LODGEMENT_REFUSAL_CODES.statusRefused);
        await trx.updateTable("lodgement_cases").set({ status: "REGISTERED_EXTERNALLY", hard_locked: true }).where("lodgement_case_id", "=", lodgementCaseId).execute();
        return { workspaceStatus: "CLOSED", event: LodgementEvent.REGISTERED_EXTERNALLY, details: {} };
      }
      if (status === "RESUBMISSION_PREPARED") {
        // The resubmission link needs EDIT_LODGEMENT_CASES, as the outside one does (document 3 section 5).
        requireCan(caller, "resubmitOutsideProduct", workspace);
        requireCaseVersion(context, expectedVersion);
        if (state.lodgementCase.status !== "REGISTRATION_REJECTED") throw badRequest(LODGEMENT_MESSAGES.prepareResubmissionOnlyRejected, LODGEMENT_REFUSAL_CODES.statusRefused);
        const rejected = state.requests.find((request) => request.rejected_at !== null)!;
        // The rejected request keeps listing what it carried; its correspondence stays with it (Expired).
        if (rejected.applications === null) {
          const carried = applicationsCarried(state.documents.filter((row) => row.lodgement_request_id === rejected.lodgement_request_id));
          await trx.updateTable("lodgement_requests").set({ applications: JSON.stringify(carried) }).where("lodgement_request_id", "=", rejected.lodgement_request_id).execute();
        }
        // The applications and what is attached to them are taken back: not submitted, not rejected, in no request,
        // so they are changed, approved and sent again in full (their statuses are recomputed after this write).
        const taken = state.documents.filter((row) => row.document_category !== "REQUISITION_DOCUMENT" && row.lodgement_request_id !== null).map((row) => row.document_id);
        if (taken.length > 0) {
          await trx
            .updateTable("lodgement_documents")
            .set({ lodgement_request_id: null, submitted_at: null, rejected_at: null })
            .where("document_id", "in", taken)
            .execute();
        }
        await trx
          .updateTable("lodgement_cases")
          .set({ status: "RESUBMISSION_PREPARED", hard_locked: false, approved_at: null, approved_by: null, resubmission_prepared_at: now })
          .where("lodgement_case_id", "=", lodgementCaseId)
          .execute();
        return { event: LodgementEvent.RESUBMISSION_PREPARED, details: { rejectedLodgementRequestId: rejected.lodgement_request_id } };
      }
      requireCan(caller, "submitApplications", workspace);
      requireCaseVersion(context, expectedVersion);
      const problems = submissionProblems(workspace, state);
      if (problems.length > 0) throw badRequest(problems[0]!.message, LODGEMENT_REFUSAL_CODES.submissionRefused);
      const lodgementRequestId = randomUUID();
      const title = await trx.selectFrom("lodgement_cases").select("last_title_number").where("lodgement_case_id", "=", lodgementCaseId).executeTakeFirst();
      const registry = lodgementRegistryFromEnvironment();
      const { registryReference } = await registry.lodge(submissionOf(state, lodgementRequestId, title?.last_title_number ?? null, now));
      const today = londonToday(now);
      const applications = state.documents.filter(isApplication);
      const fee = landRegistryFeeTotal(applications.map((row) => ({ documentType: row.document_type, landRegistryFee: feeOf(row, state, today) })));
      await trx
        .insertInto("lodgement_requests")
        .values({
          lodgement_request_id: lodgementRequestId,
          lodgement_case_id: lodgementCaseId,
          status: "PENDING",
          registry_reference: registryReference,
          submitted_at: now,
          answer_due_at: registryAnswerDue(now),
          land_registry_fee: fee,
          created_by: caller.userId,
          applications: JSON.stringify(applicationsCarried(applications)),
        })
        .execute();
      // The applications and everything attached to them go in the request.
      const lodgedIds = state.documents
        .filter((row) => isApplication(row) || (row.parent_document_id !== null && applications.some((application) => application.document_id === row.parent_document_id)))
        .map((row) => row.document_id);
      await trx
        .updateTable("lodgement_documents")
        .set({ lodgement_request_id: lodgementRequestId, submitted_at: now })
        .where("document_id", "in", lodgedIds)
        .execute();
      await trx.updateTable("lodgement_documents").set({ status: "LODGED" }).where("document_id", "in", applications.map((row) => row.document_id)).execute();
      await trx
        .updateTable("lodgement_cases")
        .set({ status: "LODGED", hard_locked: true, resubmission_prepared_at: null })
        .where("lodgement_case_id", "=", lodgementCaseId)
        .execute();
      // A first submission moves the workspace FUNDS_EXCHANGED → LODGED; a resubmission REQUISITIONED → LODGED.
      return { workspaceStatus: "LODGED", event: LodgementEvent.LODGED, details: { lodgementRequestId, registryReference, landRegistryFee: fee } };
    },
    (workspace, state) => caseOf(workspace, state),
  );
}

/** POST submit-requisitions {correspondenceDocumentIds}: the replies of the active requisition not yet submitted. */
export async function submitRequisitions(
  deps: LodgementDeps,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  correspondenceDocumentIds: readonly string[],
  expectedVersion: number,
  meta: RequestMeta,
): Promise<LodgementRequest> {
  let requestId = "";
  return caseWrite(
    deps,
    caller,
    lodgementCaseId,
    meta,
    async (context) => {
      const { trx, workspace, state, now } = context;
      requireCan(caller, "submitRequisitions", workspace);
      requireCaseVersion(context, expectedVersion);
      const active = activeRequest(state);
      if (state.lodgementCase.status !== "REQUISITIONED" || !active) throw badRequest(LODGEMENT_MESSAGES.notRequisitioned, LODGEMENT_REFUSAL_CODES.requisitionRefused);
      requestId = active.lodgement_request_id;
      const submittable = new Set(
        state.documents
          .filter(
            (row) =>
              row.document_category === "REQUISITION_DOCUMENT" &&
              row.lodgement_request_id === active.lodgement_request_id &&
              row.sub_type !== "RECEIVED" &&
              !row.submitted_at,
          )
          .map((row) => row.document_id),
      );
      const ids = [...new Set(correspondenceDocumentIds)];
      if (!ids.every((id) => submittable.has(id))) throw badRequest(LODGEMENT_MESSAGES.correspondenceNotSubmittable, LODGEMENT_REFUSAL_CODES.requisitionRefused);
      await trx.updateTable("lodgement_documents").set({ submitted_at: now, status: "LODGED" }).where("document_id", "in", ids).execute();
      await trx
        .updateTable("lodgement_requests")
        .set({ requisition_submitted_at: now, answer_due_at: registryAnswerDue(now), status: "PENDING" })
        .where("lodgement_request_id", "=", active.lodgement_request_id)
        .execute();
      await trx.updateTable("lodgement_cases").set({ status: "REQUISITION_SUBMITTED" }).where("lodgement_case_id", "=", lodgementCaseId).execute();
      return { event: LodgementEvent.REQUISITIONS_SUBMITTED, details: { lodgementRequestId: requestId, correspondenceDocumentIds: ids } };
    },
    (_workspace, state, now) => requestOf(state.requests.find((row) => row.lodgement_request_id === requestId)!, state, londonToday(now)),
  );
}

// ---------------------------------------------------------------------------------------------------
// The registry's answers (the job of lodgement-jobs.ts), on the product clock

const SYSTEM = { userId: "SYSTEM", subscriberId: null };

async function lockedWorkspace(trx: Trx, workspaceId: string) {
  return trx
    .selectFrom("workspaces")
    .select(["workspace_id", "transaction_type", "status", "version", "borrowers_validation_status"])
    .where("workspace_id", "=", workspaceId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * Asks the registry for the answer to one request whose answer is due, and applies it: REGISTERED (case
 * REGISTERED, workspace CLOSED), REQUISITIONED (correspondence documents, reply deadline of 15 business days
 * at noon; case and workspace REQUISITIONED), or not yet (asked again later). Answers what happened.
 */
export async function collectRegistryAnswer(db: DB, now: Date, lodgementRequestId: string, correlationId: string): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const peek = await trx.selectFrom("lodgement_requests").select("lodgement_case_id").where("lodgement_request_id", "=", lodgementRequestId).executeTakeFirst();
    if (!peek) return null;
    const caseRow = (await caseRowOf(trx, { lodgementCaseId: peek.lodgement_case_id }))!;
    const workspace = await lockedWorkspace(trx, caseRow.workspace_id);
    const lodgementCase = (await caseRowOf(trx, { lodgementCaseId: peek.lodgement_case_id }, true))!;
    const request = await trx.selectFrom("lodgement_requests").selectAll().where("lodgement_request_id", "=", lodgementRequestId).forUpdate().executeTakeFirstOrThrow();
    if (!request.answer_due_at || new Date(request.answer_due_at) > now) return null;
    const state = await stateOf(trx, lodgementCase);
    const answer = await lodgementRegistryFromEnvironment().answer({
      ...submissionOf(state, lodgementRequestId, lodgementCase.last_title_number, now),
      registryReference: request.registry_reference ?? "",
      requisitionsAnswered: request.requisition_submitted_at ? 1 : 0,
    });
    const meta = { ipAddress: null, correlationId };
    if (answer.outcome === "PENDING") {
      await trx.updateTable("lodgement_requests").set({ answer_due_at: registryAnswerDue(now) }).where("lodgement_request_id", "=", lodgementRequestId).execute();
      return "PENDING";
    }
    let workspaceStatus: WorkspaceStatus;
    if (answer.outcome === "REGISTERED") {
      await trx
        .updateTable("lodgement_requests")
        .set({ outcome: "REGISTERED", status: "SUCCESS", registered_at: now, answer_due_at: null })
        .where("lodgement_request_id", "=", lodgementRequestId)
        .execute();
      await trx
        .updateTable("lodgement_documents")
        .set({ status: "REGISTERED" })
        .where("lodgement_request_id", "=", lodgementRequestId)
        .where("application_key", "is not", null)
        .execute();
      await trx.updateTable("lodgement_cases").set((eb) => ({ status: "REGISTERED", version: eb("version", "+", 1) })).where("lodgement_case_id", "=", lodgementCase.lodgement_case_id).execute();
      workspaceStatus = "CLOSED";
    } else {
      await trx
        .updateTable("lodgement_requests")
        .set({ outcome: "REQUISITIONED", requisitioned_at: now, requisition_deadline: requisitionDeadline(now), requisition_submitted_at: null, answer_due_at: null })
        .where("lodgement_request_id", "=", lodgementRequestId)
        .execute();
      for (const item of answer.correspondence) {
        await trx
          .insertInto("lodgement_documents")
          .values({
            document_id: randomUUID(),
            lodgement_case_id: lodgementCase.lodgement_case_id,
            document_type: "LAND_REGISTRY_CORRESPONDENCE" as DocumentType,
            document_category: "REQUISITION_DOCUMENT",
            sub_type: "RECEIVED",
            status: "PREPARED",
            name: item.name,
            correspondence_text: item.text,
            lodgement_request_id: lodgementRequestId,
            created_at: now,
            created_by: "SYSTEM",
            last_modified_at: now,
            last_modified_by: "SYSTEM",
          })
          .execute();
      }
      await trx.updateTable("lodgement_cases").set((eb) => ({ status: "REQUISITIONED", version: eb("version", "+", 1) })).where("lodgement_case_id", "=", lodgementCase.lodgement_case_id).execute();
      workspaceStatus = "REQUISITIONED";
    }
    const after = await stateOf(trx, (await caseRowOf(trx, { lodgementCaseId: lodgementCase.lodgement_case_id }))!);
    await followWorkspace(trx, workspace, after, workspaceStatus, "SYSTEM", now.toISOString());
    await recordWorkspaceEvent(
      trx,
      SYSTEM,
      answer.outcome === "REGISTERED" ? LodgementEvent.REGISTERED : LodgementEvent.REQUISITIONED,
      workspace.workspace_id,
      { lodgementRequestId },
      meta,
    );
    return answer.outcome;
  });
}

/**
 * A requisition left unanswered past its deadline (r.197): the request is rejected (rejectedAt; its
 * correspondence shows Expired), its applications REJECTED, the case REGISTRATION_REJECTED. The workspace
 * stays REQUISITIONED until the lodgement is resubmitted outside the product (decision 0710).
 */
export async function rejectExpiredRequisition(db: DB, now: Date, lodgementRequestId: string, correlationId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const peek = await trx.selectFrom("lodgement_requests").select("lodgement_case_id").where("lodgement_request_id", "=", lodgementRequestId).executeTakeFirst();
    if (!peek) return false;
    const caseRow = (await caseRowOf(trx, { lodgementCaseId: peek.lodgement_case_id }))!;
    const workspace = await lockedWorkspace(trx, caseRow.workspace_id);
    await caseRowOf(trx, { lodgementCaseId: peek.lodgement_case_id }, true);
    const request = await trx.selectFrom("lodgement_requests").selectAll().where("lodgement_request_id", "=", lodgementRequestId).forUpdate().executeTakeFirstOrThrow();
    const due =
      request.outcome === "REQUISITIONED" &&
      request.requisition_submitted_at === null &&
      request.rejected_at === null &&
      request.requisition_deadline !== null &&
      new Date(request.requisition_deadline) <= now;
    if (!due) return false;
    await trx
      .updateTable("lodgement_requests")
      .set({ outcome: "REJECTED", status: "FAILED", rejected_at: now, answer_due_at: null })
      .where("lodgement_request_id", "=", lodgementRequestId)
      .execute();
    await trx.updateTable("lodgement_documents").set({ rejected_at: now }).where("lodgement_request_id", "=", lodgementRequestId).execute();
    await trx
      .updateTable("lodgement_documents")
      .set({ status: "REJECTED" })
      .where("lodgement_request_id", "=", lodgementRequestId)
      .where("application_key", "is not", null)
      .execute();
    await trx
      .updateTable("lodgement_cases")
      .set((eb) => ({ status: "REGISTRATION_REJECTED", version: eb("version", "+", 1) }))
      .where("lodgement_case_id", "=", peek.lodgement_case_id)
      .execute();
    const after = await stateOf(trx, (await caseRowOf(trx, { lodgementCaseId: peek.lodgement_case_id }))!);
    await followWorkspace(trx, workspace, after, undefined, "SYSTEM", now.toISOString());
    await recordWorkspaceEvent(trx, SYSTEM, LodgementEvent.REJECTED, workspace.workspace_id, { lodgementRequestId }, { ipAddress: null, correlationId });
    return true;
  });
}

/** One run of the registry job: every answer due, then every requisition past its deadline. */
export async function runRegistryJob(db: DB, clock: ProductClock, correlationId: string): Promise<{ answered: string[]; rejected: string[] }> {
  const now = clock.now();
  const due = await db.selectFrom("lodgement_requests").select("lodgement_request_id").where("answer_due_at", "<=", now).orderBy("answer_due_at").limit(500).execute();
  const answered: string[] = [];
  for (const { lodgement_request_id: id } of due) {
    const outcome = await collectRegistryAnswer(db, now, id, correlationId);
    if (outcome && outcome !== "PENDING") answered.push(id);
  }
  const expired = await db
    .selectFrom("lodgement_requests")
    .select("lodgement_request_id")
    .where("outcome", "=", "REQUISITIONED")
    .where("requisition_submitted_at", "is", null)
    .where("rejected_at", "is", null)
    .where("requisition_deadline", "<=", now)
    .limit(500)
    .execute();
  const rejected: string[] = [];
  for (const { lodgement_request_id: id } of expired) {
    if (await rejectExpiredRequisition(db, now, id, correlationId)) rejected.push(id);
  }
  return { answered, rejected };
}


// ---------------------------------------------------------------------------------------------------
// For the files part: a file deleted takes its document with it

/**
 * Before a file is deleted (provider/documents/files.ts, in its transaction): the document made of it goes
 * too, under the document rules of 4.2 — refused (400, the tooltip) when it is attached to an application
 * that has been approved or lodged, or was submitted. A signed copy's application is no longer SIGNED.
 * Moves the case's version on when a document went.
 */
export async function releaseFileDocuments(trx: Trx, fileId: string): Promise<void> {
  const documents = await trx.selectFrom("lodgement_documents").selectAll().where("file_id", "=", fileId).execute();
  for (const document of documents) {
    const lodgementCase = await trx.selectFrom("lodgement_cases").selectAll().where("lodgement_case_id", "=", document.lodgement_case_id).forUpdate().executeTakeFirstOrThrow();
    if (document.submitted_at) throw badRequest(DOCUMENT_TOOLTIPS.submitted, LODGEMENT_REFUSAL_CODES.documentRefused);
    if (document.parent_document_id && (lodgementCase.approved_at !== null || lodgementCase.hard_locked)) {
      throw badRequest(DOCUMENT_TOOLTIPS.cannotDetach, LODGEMENT_REFUSAL_CODES.documentRefused);
    }
    await trx.deleteFrom("lodgement_documents").where("document_id", "=", document.document_id).execute();
    if (document.parent_document_id) {
      const parent = await trx.selectFrom("lodgement_documents").selectAll().where("document_id", "=", document.parent_document_id).executeTakeFirst();
      const stillSigned = parent
        ? await trx
            .selectFrom("lodgement_documents")
            .select(["document_type"])
            .where("parent_document_id", "=", parent.document_id)
            .execute()
            .then((rows) => rows.some((row) => isSignedCopy(parent.document_type, row.document_type)))
        : false;
      if (parent && parent.sub_type === "SIGNED" && !stillSigned && isSignedCopy(parent.document_type, document.document_type)) {
        await trx.updateTable("lodgement_documents").set((eb) => ({ sub_type: "GENERATED", version: eb("version", "+", 1) })).where("document_id", "=", parent.document_id).execute();
      }
    }
    const documentsAfter = await documentRows(trx, lodgementCase.lodgement_case_id);
    await refreshStatuses(trx, lodgementCase, documentsAfter, lodgementCase.approved_at !== null);
    await trx
      .updateTable("lodgement_cases")
      .set((eb) => ({ version: eb("version", "+", 1), updated_at: new Date() }))
      .where("lodgement_case_id", "=", lodgementCase.lodgement_case_id)
      .execute();
  }
}
