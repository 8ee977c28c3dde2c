/**
 * Date display (document 1 section 9, document 3 section 9), always in Europe/London. Month abbreviations
 * are fixed (Sep, not the newer ICU's Sept) so that server and browser render the same text.
 */
import { londonTime } from "./london-time.js";

export const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

type DateInput = Date | string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: DateInput): Date | null {
  const date = typeof value === "string" ? new Date(ISO_DATE.test(value) ? `${value}T12:00:00Z` : value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, "0");

function parts(value: DateInput) {
  const date = toDate(value);
  if (!date) return null;
  const london = londonTime(date);
  const hour12 = london.hour % 12 === 0 ? 12 : london.hour % 12;
  return { ...london, hour12, meridiem: london.hour < 12 ? "AM" : "PM", monthShort: MONTHS_SHORT[london.month - 1] };
}

/** dd-MMM-yyyy, for lists: `05-Mar-2025`. An ISO date (no time) is taken as that calendar date. */
export function formatListDate(value: DateInput): string {
  // A calendar date is its own London date (noon UTC falls on it in GMT and BST): no time zone to apply.
  const date = typeof value === "string" && ISO_DATE.test(value) ? toDate(value) : null;
  if (date) return `${pad(date.getUTCDate())}-${MONTHS_SHORT[date.getUTCMonth()]}-${date.getUTCFullYear()}`;
  const p = parts(value);
  return p ? `${pad(p.day)}-${p.monthShort}-${p.year}` : "";
}

/** dd/MM/yyyy, hh:mma, for documents: `05/03/2025, 04:25PM`. */
export function formatDocumentDateTime(value: DateInput): string {
  const p = parts(value);
  return p ? `${pad(p.day)}/${pad(p.month)}/${p.year}, ${pad(p.hour12)}:${pad(p.minute)}${p.meridiem}` : "";
}

/** en-GB with a 2-digit day, short month and numeric year, for details: `05 Mar 2025`. Also the credit dates (dd MMM yyyy). */
export function formatDetailDate(value: DateInput): string {
  const p = parts(value);
  return p ? `${pad(p.day)} ${p.monthShort} ${p.year}` : "";
}

/** hh:mm a: `04:25 PM`. */
export function formatTime(value: DateInput): string {
  const p = parts(value);
  return p ? `${pad(p.hour12)}:${pad(p.minute)} ${p.meridiem}` : "";
}

/** Last modified: day/month/year at hour:minute AM or PM: `05/03/2025 at 04:25 PM`. */
export function formatLastModified(value: DateInput): string {
  const p = parts(value);
  return p ? `${pad(p.day)}/${pad(p.month)}/${p.year} at ${pad(p.hour12)}:${pad(p.minute)} ${p.meridiem}` : "";
}

/** The completion date, or 'To be provided' when absent (or the list's TO_BE_PROVIDED marker). */
export function formatCompletionDate(value: string | null | undefined, format: (value: DateInput) => string = formatDetailDate): string {
  if (!value || value === "TO_BE_PROVIDED") return "To be provided";
  return format(value) || "To be provided";
}
