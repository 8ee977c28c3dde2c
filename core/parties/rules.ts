/**
 * The party rules of document 2 section 5.1 and the tasks the participants tab's state completes, as pure
 * functions: the provider refuses with them and the app disables its actions with the same reasons.
 *
 * - At most 4 applicants; none added when the first applicant is an organisation; an organisation only as
 *   the only applicant.
 * - Delete refused for the last applicant, an applicant represented by an external law firm, any seller,
 *   and a party whose title update was confirmed (locked). Edits refused for a locked party.
 */
import { LIMITS } from "../shared/limits.js";
import type { Action } from "../shared/permissions/actions.js";
import type { ParticipantRole, TransactionType } from "../workspaces/enums.js";
import type { WorkspaceTask, WorkspaceTaskName } from "../workspaces/lifecycle.js";
import { APPLICANT_ROLE, type PartyRole, type PartyType, type RepresentationType, type RepresentativeType } from "./enums.js";
import { PARTY_MESSAGES } from "./messages.js";

/** What the rules read of a party. */
export interface PartyFacts {
  partyId?: string;
  role: PartyRole | string;
  type: PartyType | string;
  locked?: boolean;
  representationType?: RepresentationType | string | null;
  representativeType?: RepresentativeType | string | null;
  verificationOfIdentity?: string | null;
  /** Whether the party's address (correspondence or registered) was entered. */
  hasAddress?: boolean;
}

export type PartyRefusal = keyof typeof PARTY_MESSAGES;

/** The refusal's message (the roleNotInTransaction message needs the role and the transaction type). */
export function partyRefusalMessage(refusal: PartyRefusal, context: { role?: string; transactionType?: string } = {}): string {
  const message = PARTY_MESSAGES[refusal];
  if (typeof message === "function") {
    return (message as (a: string, b: string) => string)(context.role ?? "", context.transactionType ?? "");
  }
  return message;
}

/** Borrowers on a remortgage, buyers on a purchase. */
export function isApplicantRole(role: string): role is "BORROWER" | "BUYER" {
  return role === "BORROWER" || role === "BUYER";
}

/** The roles a party of a transaction type can take: borrowers on a remortgage; buyers and sellers on a purchase; outgoing proprietors and lenders on both. */
export function roleFitsTransaction(role: string, transactionType: TransactionType): boolean {
  if (role === "BORROWER") return transactionType === "REMORTGAGE";
  if (role === "BUYER" || role === "SELLER") return transactionType === "PURCHASE";
  return true;
}

function applicantsOf(parties: readonly PartyFacts[]): PartyFacts[] {
  return parties.filter((party) => isApplicantRole(party.role));
}

/** Why a party cannot be added, or null. `parties` are the workspace's parties in order. */
export function addPartyRefusal(input: {
  transactionType: TransactionType;
  parties: readonly PartyFacts[];
  role: string;
  type: string;
}): PartyRefusal | null {
  if (!roleFitsTransaction(input.role, input.transactionType)) return "roleNotInTransaction";
  if (!isApplicantRole(input.role)) return null;
  const applicants = applicantsOf(input.parties);
  if (applicants[0]?.type === "ORGANISATION") return "organisationApplicant";
  if (applicants.length >= LIMITS.applicants) return "tooManyApplicants";
  if (input.type === "ORGANISATION" && applicants.length > 0) return "organisationNotAlone";
  return null;
}

/** Whether a party is represented by an external law firm (separate representation). */
export function isExternallyRepresented(party: PartyFacts): boolean {
  return party.representationType === "SEPARATE_REPRESENTATION" && party.representativeType === "EXTERNAL_LAW_FIRM";
}

/** Why a party cannot be deleted, or null. */
export function deletePartyRefusal(party: PartyFacts, parties: readonly PartyFacts[]): PartyRefusal | null {
  if (party.role === "SELLER") return "sellerNotDeletable";
  if (party.locked) return "locked";
  if (isApplicantRole(party.role)) {
    if (applicantsOf(parties).length <= 1) return "lastApplicant";
    if (isExternallyRepresented(party)) return "externallyRepresented";
  }
  return null;
}

/** Why a party cannot be edited, or null; `nextType` when the edit changes the type. */
export function editPartyRefusal(party: PartyFacts, parties: readonly PartyFacts[], nextType?: string): PartyRefusal | null {
  if (party.locked) return "locked";
  if (nextType === "ORGANISATION" && party.type !== "ORGANISATION" && isApplicantRole(party.role) && applicantsOf(parties).length > 1) {
    return "applicantTypeChange";
  }
  return null;
}

/** The permission action that guards editing a party of a role. */
export function editPartyAction(role: string): Action {
  if (isApplicantRole(role)) return "editApplicantParty";
  if (role === "SELLER") return "editSellerParty";
  return "editOtherParty";
}

// ---------------------------------------------------------------------------------------------------
// Tasks derived from the participants tab's state

/** The tasks of this area whose status follows the workspace's parties and participants. */
export const PARTY_DERIVED_TASKS = [
  "complete-applicant-information",
  "confirm-representations",
  "assign-law-firm",
  "confirm-incoming-lender",
] as const satisfies readonly WorkspaceTaskName[];
export type PartyDerivedTask = (typeof PARTY_DERIVED_TASKS)[number];

/** Whether a party's representation was confirmed (a type and the verification of identity). */
export function isRepresentationConfirmed(party: PartyFacts): boolean {
  return Boolean(party.representationType) && Boolean(party.verificationOfIdentity);
}

/**
 * Whether each derived task is done:
 * - complete-applicant-information: every applicant has its address (correspondence or registered);
 * - confirm-representations: there is a seller, and every applicant and seller has a confirmed representation;
 * - assign-law-firm: the workspace's law firm (incoming lender representative or buyer representative) has joined;
 * - confirm-incoming-lender: the incoming lender has joined, or was entered as a party.
 */
export function partyTasksDone(input: {
  parties: readonly PartyFacts[];
  participantRoles: readonly (ParticipantRole | string)[];
}): Record<PartyDerivedTask, boolean> {
  const applicants = applicantsOf(input.parties);
  const sellers = input.parties.filter((party) => party.role === "SELLER");
  return {
    "complete-applicant-information": applicants.length > 0 && applicants.every((party) => party.hasAddress === true),
    "confirm-representations": sellers.length > 0 && [...applicants, ...sellers].every(isRepresentationConfirmed),
    "assign-law-firm": input.participantRoles.some((role) => role === "INCOMING_LENDER_REPRESENTATIVE" || role === "BUYER_REPRESENTATIVE"),
    "confirm-incoming-lender":
      input.participantRoles.includes("INCOMING_LENDER") || input.parties.some((party) => party.role === "INCOMING_LENDER"),
  };
}

/**
 * The workspace's tasks after a change of parties or participants: each derived task the workspace has
 * becomes COMPLETED (by `actor`, at `at`) when done and PENDING again when no longer done; every other task
 * is unchanged. Tasks the workspace does not have are never added.
 */
export function deriveTasks(
  tasks: readonly WorkspaceTask[],
  done: Record<PartyDerivedTask, boolean>,
  actor: string,
  at: string,
): WorkspaceTask[] {
  return tasks.map((task) => {
    if (!(PARTY_DERIVED_TASKS as readonly string[]).includes(task.taskName)) return task;
    const isDone = done[task.taskName as PartyDerivedTask];
    if (isDone && task.status !== "COMPLETED") return { ...task, status: "COMPLETED", completedBy: actor, completedAt: at };
    if (!isDone && task.status === "COMPLETED") return { ...task, status: "PENDING", completedBy: null, completedAt: null };
    return task;
  });
}

/** The workspace's own law firm's participant role: the buyer's representative on a purchase, the incoming lender's on a remortgage. */
export function workspaceLawFirmRole(transactionType: TransactionType): ParticipantRole {
  return transactionType === "PURCHASE" ? "BUYER_REPRESENTATIVE" : "INCOMING_LENDER_REPRESENTATIVE";
}

/**
 * Who holds a reference of a representative role (document 2 section 3.7): the participant in the matching
 * role; WORKSPACE_LAW_FIRM is the workspace's own law firm; BORROWER_REPRESENTATIVE and
 * OUTGOING_PROPRIETOR_REPRESENTATIVE are whichever participant represents a party of that role, if one does
 * (an external law firm keeps its reference on the firm itself).
 */
export function referenceHolder(
  role: string,
  transactionType: TransactionType,
): { participantRole: ParticipantRole } | { representingPartyRole: PartyRole } | null {
  switch (role) {
    case "INCOMING_LENDER":
    case "INCOMING_LENDER_REPRESENTATIVE":
    case "BUYER_REPRESENTATIVE":
    case "SELLER_REPRESENTATIVE":
      return { participantRole: role };
    case "WORKSPACE_LAW_FIRM":
      return { participantRole: workspaceLawFirmRole(transactionType) };
    case "BORROWER_REPRESENTATIVE":
      return { representingPartyRole: "BORROWER" };
    case "OUTGOING_PROPRIETOR_REPRESENTATIVE":
      return { representingPartyRole: "OUTGOING_PROPRIETOR" };
    default:
      return null;
  }
}

/** Applicants' role of a transaction (re-exported for the forms). */
export function applicantRoleOf(transactionType: TransactionType): PartyRole {
  return APPLICANT_ROLE[transactionType];
}
