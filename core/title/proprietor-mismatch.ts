/** Party proprietor matching (document 2 section 4.4) and applicant display. */
import type { PartyAction } from "../parties/enums.js";

export interface MismatchContext {
  /** Registered proprietors on the title. */
  registeredProprietorCount: number;
  /** Incoming proprietors so far; undefined while unknown. */
  incomingProprietorCount: number | undefined;
}

export const MISMATCH_ACTION_REFUSALS = {
  SET_AS_OUTGOING_PROPRIETOR: "At least one proprietor must stay on the title.",
  SET_AS_INCOMING_PROPRIETOR: "No more incoming proprietors can be added.",
} as const;

/** Why a mismatch action is refused, or null when it is available. */
export function mismatchActionRefusal(action: PartyAction, context: MismatchContext): string | null {
  if (action === "SET_AS_OUTGOING_PROPRIETOR" && context.registeredProprietorCount <= 1) {
    return MISMATCH_ACTION_REFUSALS.SET_AS_OUTGOING_PROPRIETOR;
  }
  if (action === "SET_AS_INCOMING_PROPRIETOR" && (context.incomingProprietorCount === undefined || context.incomingProprietorCount >= 3)) {
    return MISMATCH_ACTION_REFUSALS.SET_AS_INCOMING_PROPRIETOR;
  }
  return null;
}

/** The party's offered actions that are available in this context. */
export function availableMismatchActions(actions: readonly PartyAction[], context: MismatchContext): PartyAction[] {
  return actions.filter((action) => mismatchActionRefusal(action, context) === null);
}

/** The party menu is disabled when the party matches the title, or the borrowers are VALID. */
export function isPartyMenuDisabled(proprietorMatchStatus: string | readonly string[] | null | undefined, borrowersValidationStatus: string | null | undefined): boolean {
  const statuses = Array.isArray(proprietorMatchStatus) ? proprietorMatchStatus : [proprietorMatchStatus];
  return statuses.includes("MATCH") || borrowersValidationStatus === "VALID";
}

export const MISMATCH_MESSAGES = {
  name: "The name does not match the details on the title register",
  registrationNumber: "The registration number does not match the details on the title register",
  both: "The name and registration number do not match the details on the title register",
} as const;

/** The mismatch message for a party: name, registration number, or both; null when neither. */
export function mismatchMessage(statuses: readonly string[]): string | null {
  const name = statuses.includes("NAME_MISMATCH") || statuses.includes("PROPRIETOR_NAME_CHANGE_REQUIRED");
  const number = statuses.includes("REGISTRATION_NUMBER_MISMATCH");
  if (name && number) return MISMATCH_MESSAGES.both;
  if (name) return MISMATCH_MESSAGES.name;
  if (number) return MISMATCH_MESSAGES.registrationNumber;
  return null;
}

/** Proprietor rules: at least one borrower is an incoming proprietor; at least one proprietor stays on title. */
export function proprietorRuleProblems(parties: readonly { role: string; isIncomingProprietor?: boolean | null; titleStatus?: string | null }[]): string[] {
  const problems: string[] = [];
  const borrowers = parties.filter((party) => party.role === "BORROWER");
  if (borrowers.length > 0 && !borrowers.some((party) => party.isIncomingProprietor)) {
    problems.push("At least one borrower must be an existing proprietor.");
  }
  const proprietors = parties.filter((party) => party.titleStatus);
  if (proprietors.length > 0 && !proprietors.some((party) => party.titleStatus === "OUTGOING")) {
    problems.push("At least one proprietor must stay on title.");
  }
  return problems;
}
