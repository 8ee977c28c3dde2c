/**
 * The completion date picker (document 2 section 5.7): the earliest selectable date is today before
 * 16:25 London time, otherwise tomorrow; weekends and England and Wales bank holidays are never
 * selectable. Computed from the instant `now` and the bank holidays' dates (the provider's
 * core/shared/bank-holidays.ts, or the page's copy from GET /api/settlement/v1/bank-holidays), so this
 * module stays light enough for the browser.
 */
import { addDays, isIsoDate, isWeekend, londonTime } from "../shared/london-time.js";

/** 16:25 London time, in minutes since midnight. */
export const COMPLETION_DATE_CUTOFF = { hour: 16, minute: 25 } as const;
const CUTOFF_MINUTES = COMPLETION_DATE_CUTOFF.hour * 60 + COMPLETION_DATE_CUTOFF.minute;

/** A working day: not a Saturday, Sunday or bank holiday in England and Wales. */
export function isWorkingDay(isoDate: string, bankHolidays: ReadonlySet<string>): boolean {
  return !isWeekend(isoDate) && !bankHolidays.has(isoDate);
}

/** The first working day on or after an ISO date. */
export function nextWorkingDay(isoDate: string, bankHolidays: ReadonlySet<string>): string {
  let date = isoDate;
  while (!isWorkingDay(date, bankHolidays)) date = addDays(date, 1);
  return date;
}

/** The earliest completion date that may be chosen at `now`, as an ISO date in Europe/London. */
export function earliestCompletionDate(now: Date, bankHolidays: ReadonlySet<string>): string {
  const london = londonTime(now);
  const first = london.minutesOfDay < CUTOFF_MINUTES ? london.date : addDays(london.date, 1);
  return nextWorkingDay(first, bankHolidays);
}

/** Whether the date picker lets a person choose `isoDate` at `now`. */
export function isSelectableCompletionDate(isoDate: string, now: Date, bankHolidays: ReadonlySet<string>): boolean {
  if (typeof isoDate !== "string" || !isIsoDate(isoDate)) return false;
  return isoDate >= earliestCompletionDate(now, bankHolidays) && isWorkingDay(isoDate, bankHolidays);
}
