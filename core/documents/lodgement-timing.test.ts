import { describe, expect, it } from "vitest";
import { businessDaysAfter, londonNoon, registryAnswerDue, requisitionDeadline } from "./lodgement-timing.js";

describe("lodgement timing", () => {
  it("noon London is 12:00Z in winter and 11:00Z in summer", () => {
    expect(londonNoon("2026-01-15").toISOString()).toBe("2026-01-15T12:00:00.000Z");
    expect(londonNoon("2026-07-15").toISOString()).toBe("2026-07-15T11:00:00.000Z");
  });
  it("business days skip weekends and bank holidays", () => {
    // Thursday 2026-12-24: Friday 25 and Monday 28 (Boxing Day substitute) are bank holidays.
    expect(businessDaysAfter("2026-12-24", 1)).toBe("2026-12-29");
    expect(businessDaysAfter("2026-11-26", 1)).toBe("2026-11-27");
    expect(businessDaysAfter("2026-11-27", 1)).toBe("2026-11-30");
  });
  it("a requisition raised on Thursday 26 November 2026 must be answered by noon on Thursday 17 December", () => {
    expect(requisitionDeadline(new Date("2026-11-26T10:00:00Z")).toISOString()).toBe("2026-12-17T12:00:00.000Z");
  });
  it("the registry answers an hour later, inside its business hours", () => {
    expect(registryAnswerDue(new Date("2026-11-26T10:00:00Z")).toISOString()).toBe("2026-11-26T11:00:00.000Z");
    expect(registryAnswerDue(new Date("2026-11-26T22:30:00Z")).toISOString()).toBe("2026-11-27T06:30:00.000Z");
  });
});
