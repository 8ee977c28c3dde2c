/**
 * Proprietor matching (document 2 sections 3.1, 3.2, 4.1 and 4.4): each party whose name the title must
 * carry is compared with the title's registered proprietors, giving its proprietorMatchStatus, the name on
 * the title, and the actions that resolve a mismatch; the proprietors no party matched, with the actions
 * open to them; and the workspace's borrowersValidationStatus. The provider stores what this derives and the
 * app shows it, so both call this one function.
 *
 * Names are compared as a conveyancer reads them: case, accents, spacing, hyphens, apostrophes and full stops
 * do not matter, nor the order of forenames; organisations are compared by name (with "Ltd"/"Limited" and
 * "PLC"/"Public Limited Company" the same, "&" and "and" the same) and by registration number (spaces and
 * the leading zeros of a Companies House number do not matter).
 */
import type { BorrowerValidationStatus, PartyAction, PartyRole, PartyType } from "../parties/enums.js";
import type { TransactionType } from "../workspaces/enums.js";
import type { ProprietorMatchStatus } from "./enums.js";
import { availableMismatchActions, type MismatchContext } from "./proprietor-mismatch.js";

export type RegisteredProprietor =
  | { proprietorId: string; type: "INDIVIDUAL"; forenames: string; surname: string }
  | { proprietorId: string; type: "ORGANISATION"; organisationName: string; registrationNumber: string | null };

export interface MatchableParty {
  partyId: string;
  role: PartyRole;
  type: PartyType;
  forenames?: string | null;
  surname?: string | null;
  organisationName?: string | null;
  registrationNumber?: string | null;
  /**
   * How the user resolved the party's mismatch: without changing the party (a change-of-name application,
   * or no action needed), or by taking the name from the title (UPDATE_NAME_IN_WORKSPACE: a party that now
   * matches shows PARTY_NAME_UPDATED).
   */
  resolution?: "CHANGE_OF_NAME_APPLICATION" | "NO_ACTION_NEEDED" | "UPDATE_NAME_IN_WORKSPACE" | null;
}

export interface PartyMatch {
  partyId: string;
  /** One status; a name and a registration number that both differ give both mismatch statuses. */
  proprietorMatchStatus: ProprietorMatchStatus[];
  /** The name the title carries for the proprietor the party was paired with. */
  nameOnTitle: string | null;
  sourceProprietorId: string | null;
  availableActions: PartyAction[];
}

export interface UnmatchedProprietor {
  proprietorId: string;
  individualDetails: { forenames: string; surname: string } | null;
  organisationDetails: { organisationName: string; registrationNumber: string | null } | null;
  availableActions: PartyAction[];
  mismatchedParties: { partyId: string; actionOnName: PartyAction | null; actionOnRegistrationNumber: PartyAction | null }[];
}

export interface MatchInput {
  transactionType: TransactionType;
  parties: readonly MatchableParty[];
  /** The registered proprietors of the title; null while no title search has succeeded. */
  proprietors: readonly RegisteredProprietor[] | null;
  /** Incoming proprietors so far; undefined while unknown (section 4.4). */
  incomingProprietorCount: number | undefined;
}

export interface MatchResult {
  parties: PartyMatch[];
  unmatchedProprietors: UnmatchedProprietor[];
  borrowersValidationStatus: BorrowerValidationStatus;
}

/** The parties the register must name: the borrowers of a remortgage, the sellers of a purchase, and outgoing proprietors. */
export function mustMatchTitle(role: PartyRole, transactionType: TransactionType): boolean {
  if (role === "OUTGOING_PROPRIETOR") return true;
  return transactionType === "REMORTGAGE" ? role === "BORROWER" : role === "SELLER";
}

/** A name part as compared: no accents, lower case, hyphens as spaces, no apostrophes or full stops, single spaces. */
export function normaliseNamePart(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\u2010-\u2015-]/g, " ")
    .replace(/['\u2018\u2019.]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Forenames as a set: their order does not matter. */
function forenameKey(forenames: string | null | undefined): string {
  return normaliseNamePart(forenames).split(" ").filter(Boolean).sort().join(" ");
}

const ORGANISATION_WORDS: readonly [RegExp, string][] = [
  [/&/g, " and "],
  [/\bpublic limited company\b/g, "plc"],
  [/\blimited\b/g, "ltd"],
];

/** An organisation's name as compared. */
export function normaliseOrganisationName(name: string | null | undefined): string {
  let text = ` ${normaliseNamePart(name)} `;
  for (const [pattern, replacement] of ORGANISATION_WORDS) text = text.replace(pattern, replacement);
  return text.replace(/[(),]/g, " ").replace(/\s+/g, " ").trim();
}

/** A registration number as compared: upper case, no spaces, an all-digit Companies House number padded to 8. */
export function normaliseRegistrationNumber(number: string | null | undefined): string {
  const text = (number ?? "").replace(/\s+/g, "").toUpperCase();
  return /^[0-9]{1,8}$/.test(text) ? text.padStart(8, "0") : text;
}

function proprietorName(proprietor: RegisteredProprietor): string {
  return proprietor.type === "INDIVIDUAL" ? `${proprietor.forenames} ${proprietor.surname}`.trim() : proprietor.organisationName;
}

type Comparison = { name: boolean; number: boolean; close: boolean };

/** How a party compares with a proprietor of the same type. */
function compare(party: MatchableParty, proprietor: RegisteredProprietor): Comparison {
  if (proprietor.type === "INDIVIDUAL") {
    const surname = normaliseNamePart(party.surname) === normaliseNamePart(proprietor.surname);
    const forenames = forenameKey(party.forenames) === forenameKey(proprietor.forenames);
    return { name: surname && forenames, number: true, close: surname || forenames };
  }
  const name = normaliseOrganisationName(party.organisationName) === normaliseOrganisationName(proprietor.organisationName);
  const number =
    proprietor.registrationNumber === null ||
    normaliseRegistrationNumber(party.registrationNumber) === normaliseRegistrationNumber(proprietor.registrationNumber);
  return { name, number, close: name || (number && proprietor.registrationNumber !== null) };
}

function mismatchStatuses(comparison: Comparison): ProprietorMatchStatus[] {
  const statuses: ProprietorMatchStatus[] = [];
  if (!comparison.name) statuses.push("NAME_MISMATCH");
  if (!comparison.number) statuses.push("REGISTRATION_NUMBER_MISMATCH");
  return statuses;
}

/** The actions that resolve a party's mismatch (section 3.1's mismatch actions). */
function partyActions(party: MatchableParty, statuses: readonly ProprietorMatchStatus[]): PartyAction[] {
  const actions: PartyAction[] = [];
  if (statuses.includes("NAME_MISMATCH")) {
    actions.push("UPDATE_NAME_IN_WORKSPACE", "CHANGE_OF_NAME_APPLICATION");
    if (party.type === "INDIVIDUAL") actions.push("NO_ACTION_NEEDED");
  }
  if (statuses.includes("REGISTRATION_NUMBER_MISMATCH")) actions.push("UPDATE_REGISTRATION_NUMBER_IN_WORKSPACE");
  if (statuses.includes("TYPE_MISMATCH") && party.type === "INDIVIDUAL") actions.push("ORGANISATION_IS_A_BORROWER");
  return actions;
}

/**
 * Matches the parties with the title. Exact matches are paired first, so a close name never takes a
 * proprietor another party matches exactly; each proprietor is paired with one party at most.
 */
export function matchProprietors(input: MatchInput): MatchResult {
  const { transactionType, parties, proprietors, incomingProprietorCount } = input;
  const toMatch = parties.filter((party) => mustMatchTitle(party.role, transactionType));
  const results = new Map<string, PartyMatch>();
  for (const party of parties) {
    if (!toMatch.includes(party) || proprietors === null) {
      const status: ProprietorMatchStatus = proprietors === null && toMatch.includes(party) ? "PENDING" : "NOT_REQUIRED";
      results.set(party.partyId, { partyId: party.partyId, proprietorMatchStatus: [status], nameOnTitle: null, sourceProprietorId: null, availableActions: [] });
    }
  }

  const unpaired = new Set<RegisteredProprietor>(proprietors ?? []);
  const pair = (party: MatchableParty, proprietor: RegisteredProprietor, statuses: ProprietorMatchStatus[]) => {
    unpaired.delete(proprietor);
    const compared: ProprietorMatchStatus[] = statuses.length === 0 ? ["MATCH"] : statuses;
    if (party.resolution === "UPDATE_NAME_IN_WORKSPACE" && statuses.length === 0) {
      results.set(party.partyId, {
        partyId: party.partyId,
        proprietorMatchStatus: ["PARTY_NAME_UPDATED"],
        nameOnTitle: proprietorName(proprietor),
        sourceProprietorId: proprietor.proprietorId,
        availableActions: [],
      });
      return;
    }
    const resolved =
      (party.resolution === "CHANGE_OF_NAME_APPLICATION" || party.resolution === "NO_ACTION_NEEDED") &&
      compared.every((status) => status === "NAME_MISMATCH");
    const shown: ProprietorMatchStatus[] = !resolved
      ? compared
      : party.resolution === "CHANGE_OF_NAME_APPLICATION"
        ? ["PROPRIETOR_NAME_CHANGE_REQUIRED"]
        : ["MATCH"];
    results.set(party.partyId, {
      partyId: party.partyId,
      proprietorMatchStatus: shown,
      nameOnTitle: proprietorName(proprietor),
      sourceProprietorId: proprietor.proprietorId,
      availableActions: partyActions(party, shown),
    });
  };

  if (proprietors !== null) {
    const pending = [...toMatch];
    // Exact matches, then close ones (a differing name or number), then what is left of the same type.
    for (const accept of [(c: Comparison) => c.name && c.number, (c: Comparison) => c.close, () => true]) {
      for (const party of [...pending]) {
        const proprietor = [...unpaired].find((candidate) => candidate.type === party.type && accept(compare(party, candidate)));
        if (!proprietor) continue;
        pair(party, proprietor, mismatchStatuses(compare(party, proprietor)));
        pending.splice(pending.indexOf(party), 1);
      }
    }
    for (const party of pending) {
      const otherType = [...unpaired].some((candidate) => candidate.type !== party.type);
      const statuses: ProprietorMatchStatus[] = [otherType ? "TYPE_MISMATCH" : "NAME_MISMATCH"];
      results.set(party.partyId, {
        partyId: party.partyId,
        proprietorMatchStatus: statuses,
        nameOnTitle: null,
        sourceProprietorId: null,
        availableActions: partyActions(party, statuses),
      });
    }
  }

  const context: MismatchContext = { registeredProprietorCount: proprietors?.length ?? 0, incomingProprietorCount };
  const matches = parties.map((party) => results.get(party.partyId)!);
  const unmatchedProprietors: UnmatchedProprietor[] = [...unpaired].map((proprietor) => ({
    proprietorId: proprietor.proprietorId,
    individualDetails: proprietor.type === "INDIVIDUAL" ? { forenames: proprietor.forenames, surname: proprietor.surname } : null,
    organisationDetails:
      proprietor.type === "ORGANISATION" ? { organisationName: proprietor.organisationName, registrationNumber: proprietor.registrationNumber } : null,
    availableActions: availableMismatchActions(["SET_AS_OUTGOING_PROPRIETOR", "SET_AS_INCOMING_PROPRIETOR"], context),
    mismatchedParties: matches
      .filter((match) => match.sourceProprietorId === null && match.availableActions.length > 0)
      .map((match) => ({ partyId: match.partyId, actionOnName: null, actionOnRegistrationNumber: null })),
  }));

  return { parties: matches, unmatchedProprietors, borrowersValidationStatus: borrowersValidationStatus(input, matches) };
}

const SETTLED: readonly ProprietorMatchStatus[] = ["MATCH", "PARTY_NAME_UPDATED", "PROPRIETOR_NAME_CHANGE_REQUIRED"];

/**
 * Section 4.1: NOT_REQUIRED on a purchase (its borrowers are not on the title yet); PENDING until a title
 * search succeeds; TYPE_INVALID when no borrower is of a type the title holds (the workspace must be
 * cancelled); INVALID while a borrower's mismatch is unresolved, or when no borrower stays an existing
 * proprietor (section 4.4); VALID otherwise.
 */
function borrowersValidationStatus(input: MatchInput, matches: readonly PartyMatch[]): BorrowerValidationStatus {
  if (input.transactionType !== "REMORTGAGE") return "NOT_REQUIRED";
  if (input.proprietors === null) return "PENDING";
  const borrowers = matches.filter((match) => input.parties.find((party) => party.partyId === match.partyId)?.role === "BORROWER");
  if (borrowers.length > 0 && borrowers.every((match) => match.proprietorMatchStatus.includes("TYPE_MISMATCH"))) return "TYPE_INVALID";
  const settled = borrowers.filter((match) => match.proprietorMatchStatus.every((status) => SETTLED.includes(status)));
  if (settled.length === 0 || settled.length < borrowers.length) return "INVALID";
  return "VALID";
}
