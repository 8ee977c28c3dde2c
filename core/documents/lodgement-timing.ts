/**
 * When the land registry answers and when a requisition must be answered (decision 0712; DOMAIN-FACTS
 * "Land registry timing and fees"): the registry answers a submission an hour of product time after it,
 * inside its business hours (06:30-23:00 London); a requisition must be answered by 12 noon London on the
 * 15th business day after it was raised (Land Registration Rules 2003 r.197), business days being weekdays
 * that are not bank holidays in England and Wales.
 */
import { bankHolidayDates } from "../shared/bank-holidays.js";
import { addDays, isWeekend, londonTime } from "../shared/london-time.js";
import { nextLandRegistryOpening } from "../title/title-search.js";

/** Product time between a submission (or a reply) and the registry's answer. */
export const REGISTRY_ANSWER_DELAY_MS = 60 * 60_000;
/** Business days to answer a requisition. */
export const REQUISITION_REPLY_BUSINESS_DAYS = 15;

/** When the registry answers a submission or a reply made at `at`. */
export function registryAnswerDue(at: Date): Date {
  return nextLandRegistryOpening(new Date(at.getTime() + REGISTRY_ANSWER_DELAY_MS));
}

/** The instant of 12:00 London time on an ISO date (GMT or BST as the date falls). */
export function londonNoon(isoDate: string): Date {
  for (const utcHour of [12, 11]) {
    const candidate = new Date(`${isoDate}T${String(utcHour).padStart(2, "0")}:00:00.000Z`);
    const london = londonTime(candidate);
    if (london.date === isoDate && london.hour === 12 && london.minute === 0) return candidate;
  }
  /* c8 ignore next */
  throw new RangeError(`No London noon on ${isoDate}`);
}

/** The n-th business day after an ISO date (London). */
export function businessDaysAfter(isoDate: string, days: number): string {
  const holidays = bankHolidayDates(isoDate, addDays(isoDate, days * 2 + 30));
  let date = isoDate;
  let counted = 0;
  while (counted < days) {
    date = addDays(date, 1);
    if (!isWeekend(date) && !holidays.has(date)) counted++;
  }
  return date;
}

/** The reply deadline of a requisition raised at `raisedAt`: 12:00 London on the 15th business day after. */
export function requisitionDeadline(raisedAt: Date): Date {
  return londonNoon(businessDaysAfter(londonTime(raisedAt).date, REQUISITION_REPLY_BUSINESS_DAYS));
}
