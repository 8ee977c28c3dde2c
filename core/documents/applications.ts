/**
 * The applications a lodgement case needs, derived from the workspace (document 3 section 1 and issue 14),
 * and each application's status. Pure: the provider feeds it the workspace's facts and keeps its
 * lodgement_documents in line with the answer (provider/documents/applications.ts).
 *
 * - MORTGAGE_DEED (the mortgage charge) for every case, for the applicants (borrowers or buyers).
 * - TRANSFER_OF_WHOLE for a purchase.
 * - DISCHARGE for each outgoing charge: the held title's registered charges (noted and equitable charges are
 *   not discharged by this product: core EXCLUDED_LENDER_TYPES); without a title, one per outgoing lender party.
 * - CHANGE_OF_NAME for each party whose title mismatch was resolved with a change-of-name application.
 * - CANCEL_A_RESTRICTION for each restriction that must go: one in favour of a chargee (its text requires the
 *   consent or certificate of the proprietor of a charge), which falls with the charge being discharged. A
 *   Form A restriction (joint proprietors' trust) stays on the register. Decision 0710.
 *
 * application_key names the fact an application comes from, so that re-deriving keeps the user's work on
 * an application that still applies and drops the ones that no longer do.
 */
import type { ApplicationDocumentType } from "./enums.js";
import { APPLICATION_DOCUMENT_TYPE_LABELS } from "./enums.js";

export interface WorkspaceFactsForApplications {
  transactionType: string;
  /** Applicants (BORROWER on a remortgage, BUYER on a purchase), sellers, outgoing lenders… */
  parties: readonly { partyId: string; name: string; role: string }[];
  /** The held title's entries (null before a title is held). */
  register: {
    entries: readonly { entryNumber: string; type: string; text: string; attributes: { chargeType: string | null; parties: readonly { name: string }[] } }[];
    restrictions: readonly { entryNumber: string; text: string }[];
  } | null;
  /** Parties whose mismatch was resolved with a change-of-name application. */
  changeOfNamePartyIds: readonly string[];
}

export interface DerivedApplication {
  applicationKey: string;
  documentType: ApplicationDocumentType;
  name: string;
  applicationParties: { partyId: string; name: string; role: string }[];
  chargeIdentifier: string | null;
  entryNumber: string | null;
  restrictionType: string | null;
}

/** A restriction's text that ties it to a chargee: it goes when the charge is discharged. */
const CHARGEE_RESTRICTION = /proprietor(?:s)? (?:for the time being )?of the (?:registered )?charge/i;

/** The restriction's type as the registry names it (FORM_A, FORM_B, …), read from its text; OTHER when none. */
export function restrictionTypeOf(text: string): string {
  if (/no disposition by a sole proprietor/i.test(text)) return "FORM_A";
  if (CHARGEE_RESTRICTION.test(text)) return "FORM_P";
  return "OTHER";
}

/** Whether a restriction must be cancelled for the lodgement (decision 0710). */
export function restrictionMustGo(text: string): boolean {
  return CHARGEE_RESTRICTION.test(text);
}

const applicantRole = (transactionType: string) => (transactionType === "PURCHASE" ? "BUYER" : "BORROWER");

/** The applications the workspace needs, in a stable order (mortgage, transfer, discharges, names, restrictions). */
export function deriveApplications(facts: WorkspaceFactsForApplications): DerivedApplication[] {
  const applicants = facts.parties.filter((party) => party.role === applicantRole(facts.transactionType)).map((party) => ({ ...party }));
  const base = { chargeIdentifier: null, entryNumber: null, restrictionType: null };
  const applications: DerivedApplication[] = [
    { applicationKey: "MORTGAGE_DEED", documentType: "MORTGAGE_DEED", name: APPLICATION_DOCUMENT_TYPE_LABELS.MORTGAGE_DEED, applicationParties: applicants, ...base },
  ];
  if (facts.transactionType === "PURCHASE") {
    applications.push({
      applicationKey: "TRANSFER_OF_WHOLE",
      documentType: "TRANSFER_OF_WHOLE",
      name: APPLICATION_DOCUMENT_TYPE_LABELS.TRANSFER_OF_WHOLE,
      applicationParties: applicants,
      ...base,
    });
  }
  if (facts.register) {
    for (const entry of facts.register.entries) {
      if (entry.type !== "CHARGE" || (entry.attributes.chargeType && entry.attributes.chargeType !== "REGISTERED_CHARGE")) continue;
      const lender = entry.attributes.parties.map((party) => party.name).join(", ");
      applications.push({
        applicationKey: `DISCHARGE:${entry.entryNumber}`,
        documentType: "DISCHARGE",
        name: `Discharge of charge ${entry.entryNumber}${lender ? ` (${lender})` : ""}`,
        applicationParties: [],
        chargeIdentifier: entry.entryNumber,
        entryNumber: entry.entryNumber,
        restrictionType: null,
      });
    }
  } else {
    for (const lender of facts.parties.filter((party) => party.role === "OUTGOING_LENDER")) {
      applications.push({
        applicationKey: `DISCHARGE:${lender.partyId}`,
        documentType: "DISCHARGE",
        name: `Discharge of charge (${lender.name})`,
        applicationParties: [{ ...lender }],
        ...base,
      });
    }
  }
  for (const partyId of facts.changeOfNamePartyIds) {
    const party = facts.parties.find((candidate) => candidate.partyId === partyId);
    if (!party) continue;
    applications.push({
      applicationKey: `CHANGE_OF_NAME:${partyId}`,
      documentType: "CHANGE_OF_NAME",
      name: `Change of name (${party.name})`,
      applicationParties: [{ ...party }],
      ...base,
    });
  }
  for (const restriction of facts.register?.restrictions ?? []) {
    if (!restrictionMustGo(restriction.text)) continue;
    applications.push({
      applicationKey: `CANCEL_A_RESTRICTION:${restriction.entryNumber}`,
      documentType: "CANCEL_A_RESTRICTION",
      name: `${APPLICATION_DOCUMENT_TYPE_LABELS.CANCEL_A_RESTRICTION} ${restriction.entryNumber}`,
      applicationParties: [],
      chargeIdentifier: null,
      entryNumber: restriction.entryNumber,
      restrictionType: restrictionTypeOf(restriction.text),
    });
  }
  return applications;
}

export interface ApplicationFacts {
  documentType: string;
  transactionValue: number | null;
  mortgageDeedReference: string | null;
  signatureType: string | null;
  considerationType: string | null;
  /**
   * Its signed copy exists: the application itself is SIGNED (a digital deed signed in the lender's service,
   * or a signed copy recorded), or a signed copy (a document of its own type, or a DEED) is attached.
   */
  signed: boolean;
  /** Documents attached to it (their types). */
  supportingDocumentTypes: readonly string[];
}

export interface ApplicationFlags {
  signaturePreferenceEnabled: boolean;
  considerationTypeEnabled: boolean;
}

/**
 * Whether the application's deed needs a preference before anything is attached (attach rule of 4.2): a
 * mortgage charge without its deed reference (or its signature with the signature feature on); a transfer
 * without its signature preference (signature feature on).
 */
export function deedWithoutPreference(application: ApplicationFacts, flags: ApplicationFlags): boolean {
  if (application.documentType === "MORTGAGE_DEED") {
    return !application.mortgageDeedReference || (flags.signaturePreferenceEnabled && !application.signatureType);
  }
  if (application.documentType === "TRANSFER_OF_WHOLE") return flags.signaturePreferenceEnabled && !application.signatureType;
  return false;
}

/**
 * What the application still needs from the user before it can be approved ([] when none): the action-required
 * badge shows while any is missing (status CREATED).
 * - mortgage charge: transaction value, deed preference (and signature), and its signed deed attached;
 * - transfer of whole: transaction value, signature preference, consideration type (feature on);
 * - change of name and restriction cancellation: their evidence / signed form attached;
 * - discharge: nothing (the outgoing lender sends its discharge to the registry).
 */
export function applicationMissing(application: ApplicationFacts, flags: ApplicationFlags): string[] {
  const missing: string[] = [];
  switch (application.documentType) {
    case "MORTGAGE_DEED":
      if (application.transactionValue === null) missing.push("transactionValue");
      if (deedWithoutPreference(application, flags)) missing.push("deedPreference");
      if (!application.signed) missing.push("signedDeed");
      break;
    case "TRANSFER_OF_WHOLE":
      if (application.transactionValue === null) missing.push("transactionValue");
      if (deedWithoutPreference(application, flags)) missing.push("deedPreference");
      if (flags.considerationTypeEnabled && !application.considerationType) missing.push("considerationType");
      break;
    case "CHANGE_OF_NAME":
    case "CANCEL_A_RESTRICTION":
      if (application.supportingDocumentTypes.length === 0) missing.push("supportingDocument");
      break;
    default:
      break;
  }
  return missing;
}

/** The application's status before approval: CREATED (action required) or PREPARED. */
export function applicationStatusBeforeApproval(application: ApplicationFacts, flags: ApplicationFlags): "CREATED" | "PREPARED" {
  return applicationMissing(application, flags).length === 0 ? "PREPARED" : "CREATED";
}

/**
 * The case status before lodgement, from its applications: APPROVED once approved; RESUBMISSION_PREPARED
 * while a rejected case prepared for resubmission is not approved (decision 0714); PREPARED when every
 * application is ready, CREATED otherwise.
 */
export function caseStatusBeforeLodgement(
  applicationStatuses: readonly string[],
  approved: boolean,
  resubmissionPrepared = false,
): "CREATED" | "PREPARED" | "APPROVED" | "RESUBMISSION_PREPARED" {
  if (approved) return "APPROVED";
  if (resubmissionPrepared) return "RESUBMISSION_PREPARED";
  return applicationStatuses.length > 0 && applicationStatuses.every((status) => status !== "CREATED") ? "PREPARED" : "CREATED";
}

/** Whether an attached document is the application's signed copy (its own type, or a deed for a mortgage or transfer). */
export function isSignedCopy(applicationType: string, documentType: string): boolean {
  return applicationType === documentType || (documentType === "DEED" && (applicationType === "MORTGAGE_DEED" || applicationType === "TRANSFER_OF_WHOLE"));
}

// ---------------------------------------------------------------------------------------------------
// Tasks derived from the lodgement case (decision 0710)

/** The tasks this area keeps in line with the case. */
export const LODGEMENT_DERIVED_TASKS = [
  "approve-hmlr-applications-for-settlement",
  "add-transfer-of-whole-information",
  "upload-companies-house-evidence",
  "submit-applications-to-hmlr",
  "respond-to-requisition",
] as const;
export type LodgementDerivedTask = (typeof LODGEMENT_DERIVED_TASKS)[number];

export interface LodgementTaskInput {
  lodgementCaseStatus: string;
  /** The applications have been approved (or lodged since). */
  applicationsApproved: boolean;
  /** The transfer of whole has what it needs (null without a transfer). */
  transferOfWholeComplete: boolean | null;
  /** The case holds both Companies House documents. */
  companiesHouseEvidence: boolean;
  /** The workspace's own law firm role (assignee of the tasks this area adds). */
  lawFirmRole: string;
}

export interface TaskLike {
  taskName: string;
  status: "PENDING" | "COMPLETED";
  assigneeRole: string | null;
  completedBy: string | null;
  completedAt: string | null;
}

const LODGED_STATUSES = ["INITIATED", "LODGED", "REGISTERED", "PARTIALLY_REGISTERED", "REQUISITIONED", "REQUISITION_SUBMITTED", "REGISTRATION_REJECTED", "REGISTERED_EXTERNALLY"];

/** Whether a case status means the applications have gone to the registry. */
export function isLodgedStatus(status: string): boolean {
  return LODGED_STATUSES.includes(status);
}

/**
 * The workspace's tasks after a change to its lodgement case. A task of LODGEMENT_DERIVED_TASKS the workspace
 * has is COMPLETED (by `actor`, at `at`) when done and PENDING again when not; respond-to-requisition is added
 * when the registry raises a requisition. Other tasks are never added here (the workspace's creation and
 * approval add them), and every other task is unchanged.
 */
export function deriveLodgementTasks<T extends TaskLike>(tasks: readonly T[], input: LodgementTaskInput, actor: string, at: string): TaskLike[] {
  const lodged = isLodgedStatus(input.lodgementCaseStatus);
  const done: Record<LodgementDerivedTask, boolean> = {
    "approve-hmlr-applications-for-settlement": input.applicationsApproved || lodged,
    "add-transfer-of-whole-information": input.transferOfWholeComplete !== false,
    "upload-companies-house-evidence": input.companiesHouseEvidence,
    "submit-applications-to-hmlr": lodged,
    "respond-to-requisition": input.lodgementCaseStatus !== "REQUISITIONED",
  };
  const next: TaskLike[] = tasks.map((task) => {
    if (!(LODGEMENT_DERIVED_TASKS as readonly string[]).includes(task.taskName)) return task;
    const isDone = done[task.taskName as LodgementDerivedTask];
    if (isDone && task.status !== "COMPLETED") return { ...task, status: "COMPLETED", completedBy: actor, completedAt: at };
    if (!isDone && task.status === "COMPLETED") return { ...task, status: "PENDING", completedBy: null, completedAt: null };
    return task;
  });
  if (!done["respond-to-requisition"] && !next.some((task) => task.taskName === "respond-to-requisition")) {
    next.push({ taskName: "respond-to-requisition", status: "PENDING", assigneeRole: input.lawFirmRole, completedBy: null, completedAt: null });
  }
  return next;
}
