import { describe, expect, it } from "vitest";
import { bankHolidayDates, bankHolidaysBetween, bankHolidaysInEnglandAndWales, isBankHoliday } from "./bank-holidays.js";

/** England and Wales bank holidays as published on gov.uk. */
const PUBLISHED: Record<number, string[]> = {
  2019: ["2019-01-01", "2019-04-19", "2019-04-22", "2019-05-06", "2019-05-27", "2019-08-26", "2019-12-25", "2019-12-26"],
  2020: ["2020-01-01", "2020-04-10", "2020-04-13", "2020-05-08", "2020-05-25", "2020-08-31", "2020-12-25", "2020-12-28"],
  2021: ["2021-01-01", "2021-04-02", "2021-04-05", "2021-05-03", "2021-05-31", "2021-08-30", "2021-12-27", "2021-12-28"],
  2022: [
    "2022-01-03",
    "2022-04-15",
    "2022-04-18",
    "2022-05-02",
    "2022-06-02",
    "2022-06-03",
    "2022-08-29",
    "2022-09-19",
    "2022-12-26",
    "2022-12-27",
  ],
  2023: ["2023-01-02", "2023-04-07", "2023-04-10", "2023-05-01", "2023-05-08", "2023-05-29", "2023-08-28", "2023-12-25", "2023-12-26"],
  2024: ["2024-01-01", "2024-03-29", "2024-04-01", "2024-05-06", "2024-05-27", "2024-08-26", "2024-12-25", "2024-12-26"],
  2025: ["2025-01-01", "2025-04-18", "2025-04-21", "2025-05-05", "2025-05-26", "2025-08-25", "2025-12-25", "2025-12-26"],
  2026: ["2026-01-01", "2026-04-03", "2026-04-06", "2026-05-04", "2026-05-25", "2026-08-31", "2026-12-25", "2026-12-28"],
  2027: ["2027-01-01", "2027-03-26", "2027-03-29", "2027-05-03", "2027-05-31", "2027-08-30", "2027-12-27", "2027-12-28"],
};

describe("bank holidays in England and Wales", () => {
  for (const [year, dates] of Object.entries(PUBLISHED)) {
    it(`matches the published list for ${year}`, () => {
      expect(bankHolidaysInEnglandAndWales(Number(year)).map((holiday) => holiday.date)).toEqual(dates);
    });
  }

  it("gives substitute days for weekend holidays", () => {
    // New Year's Day 2022 was a Saturday; Christmas 2021 a Saturday and Boxing Day a Sunday.
    expect(bankHolidaysInEnglandAndWales(2022)[0]).toMatchObject({ date: "2022-01-03" });
    expect(bankHolidaysInEnglandAndWales(2021).slice(-2).map((holiday) => holiday.date)).toEqual(["2021-12-27", "2021-12-28"]);
    expect(isBankHoliday("2021-12-25")).toBe(false);
    // Christmas 2022 was a Sunday: Boxing Day stays on Monday and Christmas moves to Tuesday.
    expect(isBankHoliday("2022-12-27")).toBe(true);
    expect(isBankHoliday("2022-12-25")).toBe(false);
    // Boxing Day 2026 is a Saturday.
    expect(isBankHoliday("2026-12-28")).toBe(true);
    expect(isBankHoliday("2026-12-26")).toBe(false);
  });

  it("keeps the one-off proclamations", () => {
    expect(isBankHoliday("2011-04-29")).toBe(true);
    expect(isBankHoliday("2012-06-05")).toBe(true);
    expect(isBankHoliday("2012-05-28")).toBe(false);
    expect(isBankHoliday("1999-12-31")).toBe(true);
    // Moved by proclamation: VE Day's 50th anniversary.
    expect(isBankHoliday("1995-05-08")).toBe(true);
    expect(isBankHoliday("1995-05-01")).toBe(false);
  });

  it("gives every holiday a title and only weekdays", () => {
    for (let year = 1995; year <= 2035; year++) {
      for (const holiday of bankHolidaysInEnglandAndWales(year)) {
        expect(holiday.title).not.toBe("");
        expect([0, 6]).not.toContain(new Date(`${holiday.date}T12:00:00Z`).getUTCDay());
      }
    }
  });

  it("gives the dates as a set for the completion date rules", () => {
    expect([...bankHolidayDates("2026-12-01", "2026-12-31")]).toEqual(["2026-12-25", "2026-12-28"]);
  });

  it("lists holidays between two dates across years", () => {
    expect(bankHolidaysBetween("2025-12-01", "2026-01-31").map((holiday) => holiday.date)).toEqual([
      "2025-12-25",
      "2025-12-26",
      "2026-01-01",
    ]);
  });
});
