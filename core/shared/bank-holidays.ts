/**
 * Bank holidays in England and Wales (docs/decisions/0600-bank-holidays-from-date-holidays.md): the public
 * holidays of the `date-holidays` package for region GB-ENG, on the days they are observed (a holiday that
 * falls on a weekend appears as its substitute weekday), corrected by an override list for one-off days
 * proclaimed by royal proclamation, which the package learns late or not at all.
 *
 * Server-side only (provider, CLI, app loaders): the package carries every country's data. The Financials
 * loader hands its page the dates; other callers have GET /api/settlement/v1/bank-holidays.
 */
import Holidays from "date-holidays";
import { isWeekend } from "./london-time.js";

export interface BankHoliday {
  date: string;
  title: string;
}

/**
 * Regular days moved by proclamation that the package does not move: the date the rule gives → the date
 * actually observed.
 */
export const MOVED_BANK_HOLIDAYS: Readonly<Record<string, string>> = {
  "1995-05-01": "1995-05-08", // early May moved for VE Day 50th anniversary
  "2002-05-27": "2002-06-04", // spring moved for the Golden Jubilee
  "2012-05-28": "2012-06-04", // spring moved for the Diamond Jubilee
  "2020-05-04": "2020-05-08", // early May moved for VE Day 75th anniversary
  "2022-05-30": "2022-06-02", // spring moved for the Platinum Jubilee
};

/** One-off bank holidays by proclamation (added when the package lacks them). Add each new one here when announced. */
export const EXTRA_BANK_HOLIDAYS: readonly BankHoliday[] = [
  { date: "1999-12-31", title: "Millennium celebrations" },
  { date: "2002-06-03", title: "Queen’s Golden Jubilee" },
  { date: "2011-04-29", title: "Royal wedding" },
  { date: "2012-06-05", title: "Queen’s Diamond Jubilee" },
  { date: "2022-06-03", title: "Platinum Jubilee bank holiday" },
  { date: "2022-09-19", title: "Bank Holiday for the State Funeral of Queen Elizabeth II" },
  { date: "2023-05-08", title: "Bank holiday for the coronation of King Charles III" },
];

const calendar = new Holidays("GB", "ENG");
const cache = new Map<number, readonly BankHoliday[]>();

/** The observed bank holidays of a year, in date order. */
export function bankHolidaysInEnglandAndWales(year: number): readonly BankHoliday[] {
  const cached = cache.get(year);
  if (cached) return cached;
  const byDate = new Map<string, string>();
  for (const holiday of calendar.getHolidays(year)) {
    if (holiday.type !== "public") continue;
    const date = holiday.date.slice(0, 10);
    // The package lists a weekend holiday on its own day as well as its substitute; only the substitute is observed.
    if (isWeekend(date)) continue;
    const observed = MOVED_BANK_HOLIDAYS[date] ?? date;
    if (!byDate.has(observed)) byDate.set(observed, holiday.name);
  }
  for (const extra of EXTRA_BANK_HOLIDAYS) {
    if (extra.date.startsWith(`${year}-`) && !byDate.has(extra.date)) byDate.set(extra.date, extra.title);
  }
  const result = [...byDate].map(([date, title]) => ({ date, title })).sort((x, y) => x.date.localeCompare(y.date));
  cache.set(year, result);
  return result;
}

/** Whether an ISO date is a bank holiday in England and Wales. */
export function isBankHoliday(date: string): boolean {
  return bankHolidaysInEnglandAndWales(Number(date.slice(0, 4))).some((holiday) => holiday.date === date);
}

/** Bank holidays from one ISO date to another, inclusive (what GET /api/settlement/v1/bank-holidays serves). */
export function bankHolidaysBetween(from: string, to: string): readonly BankHoliday[] {
  const result: BankHoliday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const holiday of bankHolidaysInEnglandAndWales(year)) {
      if (holiday.date >= from && holiday.date <= to) result.push(holiday);
    }
  }
  return result;
}

/** The dates of the bank holidays from one ISO date to another, as the completion date rules take them. */
export function bankHolidayDates(from: string, to: string): ReadonlySet<string> {
  return new Set(bankHolidaysBetween(from, to).map((holiday) => holiday.date));
}
