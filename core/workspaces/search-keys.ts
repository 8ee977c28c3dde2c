/**
 * How the workspace list's search box matches (document 1 section 2.4): the human-readable workspace
 * reference id, postcode, applicant (party) name and incoming lender reference. Each search term is
 * normalised here, once, so the provider's queries, its indexes and the tests agree on one rule.
 *
 * - Workspace reference id: `WS-` and a zero-padded sequence number. Digits alone find that number
 *   exactly (`1234` → `WS-0001234`); anything else matches as a case-insensitive prefix.
 * - Postcode: spaces and case do not matter; a prefix matches (`sw1a` finds every SW1A postcode).
 * - Applicant name: a case-insensitive prefix of the surname, of "forenames surname", of "surname
 *   forenames" (so "Smith, John" works), or of an organisation's name.
 * - Incoming lender reference: a case-insensitive prefix.
 */

export const WORKSPACE_REFERENCE_PREFIX = "WS-";
export const WORKSPACE_REFERENCE_DIGITS = 7;

/** The human-readable reference of the n-th workspace: `WS-0000042`. */
export function formatWorkspaceReferenceId(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Not a workspace sequence number: ${sequence}`);
  return `${WORKSPACE_REFERENCE_PREFIX}${String(sequence).padStart(WORKSPACE_REFERENCE_DIGITS, "0")}`;
}

export type TextMatch = { mode: "exact" | "prefix"; value: string };

/** The workspace reference id a search term asks for, or null for a blank term. */
export function workspaceReferenceIdMatch(term: string): TextMatch | null {
  const text = term.replace(/\s+/g, "").toUpperCase();
  if (text === "") return null;
  if (/^\d+$/.test(text)) {
    const digits = text.replace(/^0+(?=\d)/, "");
    return { mode: "exact", value: `${WORKSPACE_REFERENCE_PREFIX}${digits.padStart(WORKSPACE_REFERENCE_DIGITS, "0")}` };
  }
  const withPrefix = /^WS(\d+)$/.exec(text);
  const canonical = withPrefix ? `${WORKSPACE_REFERENCE_PREFIX}${withPrefix[1]}` : text;
  const exact = new RegExp(`^${WORKSPACE_REFERENCE_PREFIX}\\d{${WORKSPACE_REFERENCE_DIGITS},}$`).test(canonical);
  return { mode: exact ? "exact" : "prefix", value: canonical };
}

/** Postcode search key: upper case without any whitespace (`"sw1a 1aa"` → `"SW1A1AA"`); also how stored postcodes are keyed. */
export function postcodeSearchKey(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

/** Applicant name search key: lower case, commas as spaces, single spaces, trimmed. */
export function applicantNameSearchKey(text: string): string {
  return text.toLowerCase().replace(/,/g, " ").replace(/\s+/g, " ").trim();
}

/** Incoming lender reference search key: lower case, trimmed. */
export function lenderReferenceSearchKey(text: string): string {
  return text.trim().toLowerCase();
}

export interface ApplicantName {
  type: "INDIVIDUAL" | "ORGANISATION" | string;
  forenames?: string | null;
  surname?: string | null;
  organisationName?: string | null;
}

/**
 * The texts an applicant name search key is matched against, as a prefix. The provider indexes exactly
 * these expressions (lower-case, forenames and surname joined by one space).
 */
export function applicantNameKeys(party: ApplicantName): string[] {
  if (party.type === "ORGANISATION") return party.organisationName ? [party.organisationName.toLowerCase()] : [];
  const forenames = (party.forenames ?? "").toLowerCase();
  const surname = (party.surname ?? "").toLowerCase();
  if (!surname) return [];
  return [surname, `${forenames} ${surname}`, `${surname} ${forenames}`];
}

/** Whether a party matches an applicant name search (the rule the provider's query implements). */
export function applicantNameMatches(party: ApplicantName, term: string): boolean {
  const key = applicantNameSearchKey(term);
  if (key === "") return false;
  return applicantNameKeys(party).some((text) => text.startsWith(key));
}
