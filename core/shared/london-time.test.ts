import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek, isIsoDate, isWeekend, londonTime, londonToday } from "./london-time.js";

describe("londonTime", () => {
  it("reads GMT in winter and BST in summer", () => {
    expect(londonTime(new Date("2025-01-15T16:24:00Z"))).toMatchObject({ date: "2025-01-15", hour: 16, minute: 24 });
    expect(londonTime(new Date("2025-07-15T15:24:00Z"))).toMatchObject({ date: "2025-07-15", hour: 16, minute: 24 });
  });

  it("moves the London date past midnight in BST", () => {
    expect(londonTime(new Date("2025-06-30T23:30:00Z"))).toMatchObject({ date: "2025-07-01", hour: 0, minute: 30, minutesOfDay: 30 });
    expect(londonToday(new Date("2025-06-30T23:30:00Z"))).toBe("2025-07-01");
  });

  it("crosses the spring and autumn clock changes", () => {
    // 30 March 2025: 01:00 GMT becomes 02:00 BST.
    expect(londonTime(new Date("2025-03-30T00:59:00Z")).hour).toBe(0);
    expect(londonTime(new Date("2025-03-30T01:00:00Z")).hour).toBe(2);
    // 26 October 2025: 02:00 BST becomes 01:00 GMT.
    expect(londonTime(new Date("2025-10-26T00:30:00Z")).hour).toBe(1);
    expect(londonTime(new Date("2025-10-26T01:30:00Z")).hour).toBe(1);
  });
});

describe("calendar helpers", () => {
  it("validates ISO dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("2025-13-01")).toBe(false);
    expect(isIsoDate("2025-1-01")).toBe(false);
    expect(isIsoDate("2025-01-01T00:00")).toBe(false);
  });

  it("adds days across months and years, and knows weekdays", () => {
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(dayOfWeek("2025-03-29")).toBe(6);
    expect(isWeekend("2025-03-29")).toBe(true);
    expect(isWeekend("2025-03-30")).toBe(true);
    expect(isWeekend("2025-03-31")).toBe(false);
  });
});
