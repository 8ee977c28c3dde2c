import { describe, expect, it } from "vitest";
import { earliestCompletionDate, isSelectableCompletionDate, isWorkingDay, nextWorkingDay } from "./completion-date.js";
import { bankHolidayDates } from "../shared/bank-holidays.js";

const HOLIDAYS = bankHolidayDates("2020-01-01", "2027-12-31");

const at = (iso: string) => new Date(iso);

describe("earliestCompletionDate", () => {
  it("is today before 16:25 London time and the next working day from 16:25, in GMT", () => {
    // Friday 28 March 2025 (GMT).
    expect(earliestCompletionDate(at("2025-03-28T16:24:59Z"), HOLIDAYS)).toBe("2025-03-28");
    expect(earliestCompletionDate(at("2025-03-28T16:25:00Z"), HOLIDAYS)).toBe("2025-03-31");
  });

  it("uses London time, not UTC, after the spring clock change", () => {
    // Monday 31 March 2025 (BST): 16:24 London is 15:24 UTC.
    expect(earliestCompletionDate(at("2025-03-31T15:24:00Z"), HOLIDAYS)).toBe("2025-03-31");
    expect(earliestCompletionDate(at("2025-03-31T15:25:00Z"), HOLIDAYS)).toBe("2025-04-01");
    // 16:24 UTC is 17:24 London, past the cutoff.
    expect(earliestCompletionDate(at("2025-03-31T16:24:00Z"), HOLIDAYS)).toBe("2025-04-01");
  });

  it("uses London time across the autumn clock change", () => {
    // Friday 24 October 2025 (BST) and Monday 27 October 2025 (GMT).
    expect(earliestCompletionDate(at("2025-10-24T15:24:00Z"), HOLIDAYS)).toBe("2025-10-24");
    expect(earliestCompletionDate(at("2025-10-24T15:25:00Z"), HOLIDAYS)).toBe("2025-10-27");
    expect(earliestCompletionDate(at("2025-10-27T16:24:00Z"), HOLIDAYS)).toBe("2025-10-27");
    expect(earliestCompletionDate(at("2025-10-27T16:25:00Z"), HOLIDAYS)).toBe("2025-10-28");
  });

  it("skips weekends and bank holidays, including substitute days", () => {
    // Saturday morning → Monday.
    expect(earliestCompletionDate(at("2025-03-29T09:00:00Z"), HOLIDAYS)).toBe("2025-03-31");
    // Thursday 17 April 2025 after the cutoff: Good Friday and Easter Monday are holidays → Tuesday 22nd.
    expect(earliestCompletionDate(at("2025-04-17T16:00:00Z"), HOLIDAYS)).toBe("2025-04-22");
    // Christmas Eve 2021 after the cutoff: 27th and 28th are substitute days → 29th.
    expect(earliestCompletionDate(at("2021-12-24T16:30:00Z"), HOLIDAYS)).toBe("2021-12-29");
    // Friday 31 December 2021 after the cutoff: 3 January 2022 is the New Year substitute → 4th.
    expect(earliestCompletionDate(at("2021-12-31T17:00:00Z"), HOLIDAYS)).toBe("2022-01-04");
  });

  it("takes the bank holidays of the bank-holidays call when given", () => {
    const holidays = new Set(["2025-03-31"]);
    expect(earliestCompletionDate(at("2025-03-28T17:00:00Z"), holidays)).toBe("2025-04-01");
    expect(nextWorkingDay("2025-04-18", new Set())).toBe("2025-04-18");
  });
});

describe("isSelectableCompletionDate", () => {
  const now = at("2025-03-28T12:00:00Z");
  it("accepts working days from the earliest date on", () => {
    expect(isSelectableCompletionDate("2025-03-28", now, HOLIDAYS)).toBe(true);
    expect(isSelectableCompletionDate("2026-06-01", now, HOLIDAYS)).toBe(true);
  });

  it("refuses past days, weekends, bank holidays and malformed dates", () => {
    expect(isSelectableCompletionDate("2025-03-27", now, HOLIDAYS)).toBe(false);
    expect(isSelectableCompletionDate("2025-03-29", now, HOLIDAYS)).toBe(false);
    expect(isSelectableCompletionDate("2025-04-18", now, HOLIDAYS)).toBe(false);
    expect(isSelectableCompletionDate("2025-12-25", now, HOLIDAYS)).toBe(false);
    expect(isSelectableCompletionDate("2025-02-30", now, HOLIDAYS)).toBe(false);
    expect(isSelectableCompletionDate("28/03/2025", now, HOLIDAYS)).toBe(false);
    expect(isSelectableCompletionDate(undefined as unknown as string, now, HOLIDAYS)).toBe(false);
  });

  it("refuses today from 16:25", () => {
    expect(isSelectableCompletionDate("2025-03-28", at("2025-03-28T16:25:00Z"), HOLIDAYS)).toBe(false);
  });

  it("knows working days", () => {
    expect(isWorkingDay("2025-05-05", HOLIDAYS)).toBe(false);
    expect(isWorkingDay("2025-05-06", HOLIDAYS)).toBe(true);
  });
});
