import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCompletionDate, formatDetailDate, formatDocumentDateTime, formatLastModified, formatListDate, formatTime } from "./format-dates.js";
import { formatAmount, formatMoney, formatPounds } from "./format-money.js";

describe("formatMoney", () => {
  it("en-GB, pound sign, grouping, 2 decimals, from pence", () => {
    expect(formatMoney(0)).toBe("£0.00");
    expect(formatMoney(5)).toBe("£0.05");
    expect(formatMoney(123456)).toBe("£1,234.56");
    expect(formatMoney(100_000_000)).toBe("£1,000,000.00");
    expect(formatMoney(99_999_999_999_999)).toBe("£999,999,999,999.99");
    expect(formatMoney(-100)).toBe("-£1.00");
    expect(formatMoney(Number.NaN)).toBe("");
    expect(formatAmount(123456)).toBe("1,234.56");
    expect(formatPounds(1234.5)).toBe("£1,234.50");
  });
  it("agrees with Intl for every safe amount", () => {
    const intl = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
    fc.assert(fc.property(fc.integer({ min: -1e15, max: 1e15 }), (pence) => void expect(formatMoney(pence)).toBe(intl.format(pence / 100))));
  });
});

describe("dates in Europe/London", () => {
  const winter = "2025-03-05T16:25:00Z";
  const summer = "2025-07-05T16:25:00Z";
  it("list: dd-MMM-yyyy", () => {
    expect(formatListDate(winter)).toBe("05-Mar-2025");
    expect(formatListDate("2025-09-01")).toBe("01-Sep-2025");
    expect(formatListDate("2025-06-30T23:30:00Z")).toBe("01-Jul-2025");
  });
  it("documents: dd/MM/yyyy, hh:mma", () => {
    expect(formatDocumentDateTime(winter)).toBe("05/03/2025, 04:25PM");
    expect(formatDocumentDateTime(summer)).toBe("05/07/2025, 05:25PM");
    expect(formatDocumentDateTime("2025-01-01T00:05:00Z")).toBe("01/01/2025, 12:05AM");
    expect(formatDocumentDateTime("2025-01-01T12:05:00Z")).toBe("01/01/2025, 12:05PM");
  });
  it("details, time and last modified", () => {
    expect(formatDetailDate(new Date(winter))).toBe("05 Mar 2025");
    expect(formatTime(summer)).toBe("05:25 PM");
    expect(formatLastModified(winter)).toBe("05/03/2025 at 04:25 PM");
    expect(formatDetailDate("not a date")).toBe("");
    expect(formatListDate("nope")).toBe("");
    expect(formatDocumentDateTime("nope")).toBe("");
    expect(formatTime("nope")).toBe("");
    expect(formatLastModified("nope")).toBe("");
  });
  it("completion date or 'To be provided'", () => {
    expect(formatCompletionDate(null)).toBe("To be provided");
    expect(formatCompletionDate("TO_BE_PROVIDED")).toBe("To be provided");
    expect(formatCompletionDate("2025-03-31")).toBe("31 Mar 2025");
    expect(formatCompletionDate("2025-03-31", formatListDate)).toBe("31-Mar-2025");
    expect(formatCompletionDate("garbage")).toBe("To be provided");
  });
});
