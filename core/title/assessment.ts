/**
 * The workspace's standing against its title (document 2 sections 3.1, 3.8, 4.1 and 4.4), derived from
 * state on every read and after every title search or resolution: each party's match (core/title/matching.ts)
 * with whether it stays a proprietor (isIncomingProprietor, titleStatus), the unmatched proprietors with
 * the actions section 4.4 allows and refuses, the incoming proprietor count, the proprietor rules broken,
 * and the borrowersValidationStatus including the states matching alone cannot see:
 *
 * - UNSUPPORTED_TYPE: the title holds a charge the product cannot discharge (an individual lender, a noted
 *   or an equitable charge: the lodgement case's unsupportedReasons);
 * - COUNT_INVALID (docs/decisions/0501-borrower-count-invalid.md): the title has more registered proprietors
 *   than the product can hold as parties (4, the applicant limit and the most a legal estate can have), or,
 *   on a remortgage without a transfer of equity, more borrowers than registered proprietors (a borrower
 *   who is not on the title can only join it by a transfer of equity).
 *
 * And the tasks of this area, derived here and applied by the provider (never seeded as text).
 */
import type { BorrowerValidationStatus, PartyAction } from "../parties/enums.js";
import type { TransactionType } from "../workspaces/enums.js";
import type { WorkspaceTask, WorkspaceTaskName } from "../workspaces/lifecycle.js";
import type { ParticipantRole } from "../workspaces/enums.js";
import type { TitleStatus } from "./enums.js";
import { matchProprietors, type MatchableParty, type MatchResult, type PartyMatch, type RegisteredProprietor, type UnmatchedProprietor } from "./matching.js";
import { mismatchActionRefusal } from "./proprietor-mismatch.js";

/** The most registered proprietors the product holds as parties (document 2 section 9: at most 4 applicants). */
export const MAX_REGISTERED_PROPRIETORS = 4;

export const PROPRIETOR_RULE_MESSAGES = {
  borrowerMustStay: "At least one borrower must be an existing proprietor.",
  proprietorMustStay: "At least one proprietor must stay on the title.",
  noTitle: "Retrieve the title before resolving a mismatch.",
  notAProprietor: "There is no registered proprietor with that id on the title.",
  alreadyChosen: "That proprietor has already been set as incoming or outgoing.",
  actionNotAvailable: "That action is not available for this party.",
  notRequired: "This party does not need to match the title.",
  organisationAlone: "An organisation borrower must be the only borrower.",
  detailsDoNotMatch: "The details sent do not match the party's details.",
} as const;

/** A registered proprietor the user set as incoming or outgoing. */
export interface ProprietorChoice {
  proprietorId: string;
  titleStatus: TitleStatus;
}

export interface AssessmentInput {
  transactionType: TransactionType;
  transferOfEquity: boolean;
  parties: readonly MatchableParty[];
  /** Null while no title is held. */
  proprietors: readonly RegisteredProprietor[] | null;
  choices: readonly ProprietorChoice[];
  unsupportedReasons: readonly string[];
}

export interface AssessedParty extends PartyMatch {
  isIncomingProprietor: boolean | null;
  titleStatus: TitleStatus | null;
}

export interface AssessedProprietor extends UnmatchedProprietor {
  refusedActions: { action: PartyAction; reason: string }[];
}

export interface Assessment {
  parties: AssessedParty[];
  unmatchedProprietors: AssessedProprietor[];
  registeredProprietorCount: number;
  /** Undefined while no title is held (section 4.4). */
  incomingProprietorCount: number | undefined;
  problems: string[];
  borrowersValidationStatus: BorrowerValidationStatus;
}

function stayingCount(input: AssessmentInput, result: MatchResult): number {
  const chosen = new Map(input.choices.map((choice) => [choice.proprietorId, choice.titleStatus]));
  const staying = new Set<string>();
  for (const match of result.parties) {
    const party = input.parties.find((candidate) => candidate.partyId === match.partyId)!;
    if (!match.sourceProprietorId) continue;
    const applicant = party.role === "BORROWER" || party.role === "BUYER";
    if (applicant && chosen.get(match.sourceProprietorId) !== "OUTGOING") staying.add(match.sourceProprietorId);
  }
  for (const choice of input.choices) if (choice.titleStatus === "INCOMING") staying.add(choice.proprietorId);
  return staying.size;
}

export function assessTitle(input: AssessmentInput): Assessment {
  const first = matchProprietors({ ...input, incomingProprietorCount: undefined });
  const incomingProprietorCount = input.proprietors === null ? undefined : stayingCount(input, first);
  const result = matchProprietors({ ...input, incomingProprietorCount });
  const chosen = new Map(input.choices.map((choice) => [choice.proprietorId, choice.titleStatus]));
  const registeredProprietorCount = input.proprietors?.length ?? 0;

  const parties: AssessedParty[] = result.parties.map((match) => {
    const party = input.parties.find((candidate) => candidate.partyId === match.partyId)!;
    let titleStatus: TitleStatus | null = null;
    if (match.sourceProprietorId) {
      const choice = chosen.get(match.sourceProprietorId);
      if (choice) titleStatus = choice;
      else if (party.role === "BORROWER") titleStatus = "INCOMING";
      else if (party.role === "SELLER" || party.role === "OUTGOING_PROPRIETOR") titleStatus = "OUTGOING";
    }
    const isIncomingProprietor = input.proprietors === null ? null : titleStatus === "INCOMING";
    return { ...match, isIncomingProprietor, titleStatus };
  });

  const context = { registeredProprietorCount, incomingProprietorCount };
  const unmatchedProprietors: AssessedProprietor[] = result.unmatchedProprietors
    .filter((proprietor) => !chosen.has(proprietor.proprietorId))
    .map((proprietor) => ({
      ...proprietor,
      refusedActions: (["SET_AS_OUTGOING_PROPRIETOR", "SET_AS_INCOMING_PROPRIETOR"] as const)
        .map((action) => ({ action, reason: mismatchActionRefusal(action, context) }))
        .filter((entry): entry is { action: PartyAction & ("SET_AS_OUTGOING_PROPRIETOR" | "SET_AS_INCOMING_PROPRIETOR"); reason: string } => entry.reason !== null),
    }));

  const problems: string[] = [];
  const borrowers = parties.filter((party) => input.parties.find((p) => p.partyId === party.partyId)?.role === "BORROWER");
  if (input.proprietors !== null && input.transactionType === "REMORTGAGE" && borrowers.length > 0 && !borrowers.some((party) => party.isIncomingProprietor)) {
    problems.push(PROPRIETOR_RULE_MESSAGES.borrowerMustStay);
  }
  if (input.proprietors !== null && registeredProprietorCount > 0 && incomingProprietorCount === 0 && input.transactionType === "REMORTGAGE") {
    problems.push(PROPRIETOR_RULE_MESSAGES.proprietorMustStay);
  }

  return {
    parties,
    unmatchedProprietors,
    registeredProprietorCount,
    incomingProprietorCount,
    problems,
    borrowersValidationStatus: validationStatus(input, result, borrowers.length, problems),
  };
}

function validationStatus(input: AssessmentInput, result: MatchResult, borrowerCount: number, problems: readonly string[]): BorrowerValidationStatus {
  if (input.proprietors === null) return result.borrowersValidationStatus;
  if (input.unsupportedReasons.length > 0) return "UNSUPPORTED_TYPE";
  if (input.transactionType !== "REMORTGAGE") return result.borrowersValidationStatus;
  const proprietors = input.proprietors.length;
  if (proprietors > MAX_REGISTERED_PROPRIETORS || (!input.transferOfEquity && borrowerCount > proprietors)) return "COUNT_INVALID";
  if (result.borrowersValidationStatus === "VALID" && problems.length > 0) return "INVALID";
  return result.borrowersValidationStatus;
}

// ---------------------------------------------------------------------------------------------------
// Tasks of this area

export const TITLE_TASKS = ["review-title-information-mismatch", "prepare-change-of-name-application", "retry-title-search"] as const satisfies readonly WorkspaceTaskName[];
export type TitleTaskName = (typeof TITLE_TASKS)[number];

export interface TitleTaskState {
  transactionType: TransactionType;
  borrowersValidationStatus: BorrowerValidationStatus;
  lastTitleSearchStatus: string | null;
  /** Parties whose mismatch is resolved by a change-of-name application. */
  changeOfNameApplications: number;
}

/** Which of this area's tasks the state calls for. */
export function titleTasksNeeded(state: TitleTaskState): Record<TitleTaskName, boolean> {
  return {
    "review-title-information-mismatch": state.borrowersValidationStatus === "INVALID",
    "prepare-change-of-name-application": state.changeOfNameApplications > 0,
    "retry-title-search": state.lastTitleSearchStatus === "NOT_FOUND" || state.lastTitleSearchStatus === "ERROR",
  };
}

function assigneeOf(taskName: TitleTaskName, transactionType: TransactionType): ParticipantRole | null {
  if (taskName === "retry-title-search") return null;
  return transactionType === "PURCHASE" ? "BUYER_REPRESENTATIVE" : "INCOMING_LENDER_REPRESENTATIVE";
}

/**
 * The task list with this area's tasks following the state: a needed task is pending (added, or pending
 * again when the system had closed it); one no longer needed that is pending is completed by the system. A
 * task a user completed stays completed.
 */
export function applyTitleTasks(tasks: readonly WorkspaceTask[], state: TitleTaskState, at: string, systemActor: string): WorkspaceTask[] {
  const needed = titleTasksNeeded(state);
  let next = [...tasks];
  for (const taskName of TITLE_TASKS) {
    const existing = next.find((task) => task.taskName === taskName);
    if (needed[taskName]) {
      if (!existing) {
        next.push({ taskName, status: "PENDING", assigneeRole: assigneeOf(taskName, state.transactionType), completedBy: null, completedAt: null });
      } else if (existing.status !== "PENDING" && existing.completedBy === systemActor) {
        next = next.map((task) => (task.taskName === taskName ? { ...task, status: "PENDING", completedBy: null, completedAt: null } : task));
      }
    } else if (existing && existing.status === "PENDING") {
      next = next.map((task) => (task.taskName === taskName ? { ...task, status: "COMPLETED", completedBy: systemActor, completedAt: at } : task));
    }
  }
  return next;
}
