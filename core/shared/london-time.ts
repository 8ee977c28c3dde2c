/**
 * Wall-clock time in Europe/London, the product's one time zone (document 1 section 9). Instants are
 * `Date`s (UTC inside); everything a person sees or a business rule reads (cutoffs, business hours,
 * "today") is the London calendar date and time of that instant, across GMT and BST alike.
 */
export const TIME_ZONE = "Europe/London";

export interface LondonTime {
  /** ISO calendar date in London, `YYYY-MM-DD`. */
  date: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes since London midnight (0 to 1439). */
  minutesOfDay: number;
}

const PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * Recent answers by instant: a page formats the same few dates many times, and `formatToParts` is the
 * dearest step of a page's date display. Bounded: emptied when full.
 */
const RECENT = new Map<number, Readonly<LondonTime>>();
const RECENT_LIMIT = 1000;

/** The London calendar date and wall-clock time of an instant. */
export function londonTime(instant: Date): Readonly<LondonTime> {
  const key = instant.getTime();
  const recent = RECENT.get(key);
  if (recent) return recent;
  if (RECENT.size >= RECENT_LIMIT) RECENT.clear();
  const answer = Object.freeze(londonTimeOf(instant));
  RECENT.set(key, answer);
  return answer;
}

function londonTimeOf(instant: Date): LondonTime {
  const parts: Record<string, number> = {};
  for (const part of PARTS.formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const { year, month, day, minute, second } = parts;
  const hour = parts.hour % 24;
  return {
    date: isoDate(year, month, day),
    year,
    month,
    day,
    hour,
    minute,
    second,
    minutesOfDay: hour * 60 + minute,
  };
}

export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar date written `YYYY-MM-DD` (no time part). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date `days` after (or before, when negative) an ISO date. */
export function addDays(isoDateValue: string, days: number): string {
  const [year, month, day] = isoDateValue.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Day of the week of an ISO date: 0 Sunday to 6 Saturday. */
export function dayOfWeek(isoDateValue: string): number {
  const [year, month, day] = isoDateValue.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function isWeekend(isoDateValue: string): boolean {
  const weekday = dayOfWeek(isoDateValue);
  return weekday === 0 || weekday === 6;
}

/** The London date of "today" at an instant. */
export function londonToday(now: Date): string {
  return londonTime(now).date;
}
