/**
 * Bank holidays in England and Wales, computed offline (docs/decisions/0101-bank-holidays-offline.md).
 *
 * The regular days follow the Banking and Financial Dealings Act 1971 and the standing royal
 * proclamations: New Year's Day, Good Friday, Easter Monday, the early May bank holiday (first Monday
 * of May), the spring bank holiday (last Monday of May), the summer bank holiday (last Monday of
 * August), Christmas Day and Boxing Day. A holiday that falls on a weekend is replaced by a substitute
 * day: the next weekday not already a holiday. One-off proclamations (moved or extra days) are kept in
 * an override table; add each new one there when it is announced.
 */
import { addDays, dayOfWeek, isoDate } from "./london-time.js";

export interface BankHoliday {
  date: string;
  title: string;
}

/** Regular days moved by proclamation: the date the rule gives → the date actually observed. */
export const MOVED_BANK_HOLIDAYS: Readonly<Record<string, string>> = {
  "1995-05-01": "1995-05-08", // early May moved for VE Day 50th anniversary
  "2002-05-27": "2002-06-04", // spring moved for the Golden Jubilee
  "2012-05-28": "2012-06-04", // spring moved for the Diamond Jubilee
  "2020-05-04": "2020-05-08", // early May moved for VE Day 75th anniversary
  "2022-05-30": "2022-06-02", // spring moved for the Platinum Jubilee
};

/** Extra one-off bank holidays by proclamation. */
export const EXTRA_BANK_HOLIDAYS: readonly BankHoliday[] = [
  { date: "1999-12-31", title: "Millennium celebrations" },
  { date: "2002-06-03", title: "Queen’s Golden Jubilee" },
  { date: "2011-04-29", title: "Royal wedding" },
  { date: "2012-06-05", title: "Queen’s Diamond Jubilee" },
  { date: "2022-06-03", title: "Platinum Jubilee bank holiday" },
  { date: "2022-09-19", title: "Bank Holiday for the State Funeral of Queen Elizabeth II" },
  { date: "2023-05-08", title: "Bank holiday for the coronation of King Charles III" },
];

/** Easter Sunday (Gregorian calendar, anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

function firstMonday(year: number, month: number): string {
  const first = isoDate(year, month, 1);
  return addDays(first, (8 - dayOfWeek(first)) % 7);
}

function lastMonday(year: number, month: number): string {
  const nextFirst = month === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, month + 1, 1);
  const last = addDays(nextFirst, -1);
  return addDays(last, -((dayOfWeek(last) + 6) % 7));
}

function isWeekendDay(date: string): boolean {
  const weekday = dayOfWeek(date);
  return weekday === 0 || weekday === 6;
}

const cache = new Map<number, readonly BankHoliday[]>();

/** The bank holidays of England and Wales in a calendar year, in date order. */
export function bankHolidaysInEnglandAndWales(year: number): readonly BankHoliday[] {
  const cached = cache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const moved = (date: string) => MOVED_BANK_HOLIDAYS[date] ?? date;
  const holidays: BankHoliday[] = [];
  const taken = new Set<string>();
  const add = (date: string, title: string) => {
    holidays.push({ date, title });
    taken.add(date);
  };
  // Fixed-date days that move to a substitute weekday when they fall on a weekend, in order, so that
  // Boxing Day's substitute comes after Christmas Day's.
  const withSubstitute = (date: string, title: string) => {
    if (!isWeekendDay(date)) return add(date, title);
    let substitute = addDays(date, 1);
    while (isWeekendDay(substitute) || taken.has(substitute)) substitute = addDays(substitute, 1);
    add(substitute, `${title} (substitute day)`);
  };
  withSubstitute(isoDate(year, 1, 1), "New Year’s Day");
  add(addDays(easter, -2), "Good Friday");
  add(addDays(easter, 1), "Easter Monday");
  add(moved(firstMonday(year, 5)), "Early May bank holiday");
  add(moved(lastMonday(year, 5)), "Spring bank holiday");
  add(lastMonday(year, 8), "Summer bank holiday");
  // Christmas Day and Boxing Day: a weekend day's substitute must skip the other holiday.
  const christmas = isoDate(year, 12, 25);
  const boxing = isoDate(year, 12, 26);
  if (!isWeekendDay(christmas)) taken.add(christmas);
  if (!isWeekendDay(boxing)) taken.add(boxing);
  withSubstitute(christmas, "Christmas Day");
  withSubstitute(boxing, "Boxing Day");
  for (const extra of EXTRA_BANK_HOLIDAYS) if (extra.date.startsWith(`${year}-`)) add(extra.date, extra.title);
  const result = holidays.sort((x, y) => x.date.localeCompare(y.date));
  cache.set(year, result);
  return result;
}

/** Whether an ISO date is a bank holiday in England and Wales. */
export function isBankHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return bankHolidaysInEnglandAndWales(year).some((holiday) => holiday.date === date);
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
