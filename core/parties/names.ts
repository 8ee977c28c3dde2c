/** Sort codes and applicant names for display (a user's initials: core/administration/subscribers.ts). */

/** `"123456"` → `"12-34-56"`; anything not six digits is returned unchanged. */
export function formatSortCode(sortCode: string): string {
  const digits = sortCode.replace(/-/g, "");
  return /^[0-9]{6}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : sortCode;
}


export interface ApplicantLike {
  type?: string | null;
  forenames?: string | null;
  surname?: string | null;
  organisationName?: string | null;
  partyDetails?: { forenames?: string | null; surname?: string | null; organisationName?: string | null } | null;
}

function details(applicant: ApplicantLike) {
  return { ...applicant, ...(applicant.partyDetails ?? {}) };
}

/** The list's applicant name: 'Surname, Forenames', or the organisation name, or a dash. */
export function applicantListName(applicant: ApplicantLike | null | undefined): string {
  if (!applicant) return "-";
  const d = details(applicant);
  if (d.organisationName && d.organisationName.trim()) return d.organisationName.trim();
  const surname = d.surname?.trim();
  const forenames = d.forenames?.trim();
  if (surname && forenames) return `${surname}, ${forenames}`;
  return surname || forenames || "-";
}

/** A person's name as written: 'Forenames Surname', or the organisation name. */
export function applicantName(applicant: ApplicantLike): string {
  const d = details(applicant);
  if (d.organisationName && d.organisationName.trim()) return d.organisationName.trim();
  return [d.forenames, d.surname].filter((part) => part && part.trim()).map((part) => part!.trim()).join(" ");
}

/**
 * The summary card's applicant names: the first applicant, plus a count of the others whose tooltip lists
 * all. The cards of the newer list show the first two.
 */
export function applicantSummary(applicants: readonly ApplicantLike[], shown = 1): { text: string; more: number; tooltip: string | null } {
  const names = applicants.map(applicantName).filter(Boolean);
  if (names.length === 0) return { text: "-", more: 0, tooltip: null };
  const more = Math.max(0, names.length - shown);
  return { text: names.slice(0, shown).join(", "), more, tooltip: more > 0 ? names.join(", ") : null };
}
