import { describe, expect, it } from "vitest";
import {
  nextLandRegistryOpening,
  canCheckForTitleUpdates,
  isWithinLandRegistryHours,
  TITLE_SEARCH_STATUSES,
  TITLE_SEARCH_TEXTS,
  titleSearchPrompt,
  titlePanelSections,
  titleSearchView,
} from "./title-search.js";

describe("isWithinLandRegistryHours", () => {
  it("opens at 06:30 and closes at 23:00 London time in winter", () => {
    expect(isWithinLandRegistryHours(new Date("2025-01-15T06:29:59Z"))).toBe(false);
    expect(isWithinLandRegistryHours(new Date("2025-01-15T06:30:00Z"))).toBe(true);
    expect(isWithinLandRegistryHours(new Date("2025-01-15T22:59:59Z"))).toBe(true);
    expect(isWithinLandRegistryHours(new Date("2025-01-15T23:00:00Z"))).toBe(false);
  });

  it("follows BST in summer", () => {
    expect(isWithinLandRegistryHours(new Date("2025-07-15T05:29:00Z"))).toBe(false);
    expect(isWithinLandRegistryHours(new Date("2025-07-15T05:30:00Z"))).toBe(true);
    expect(isWithinLandRegistryHours(new Date("2025-07-15T21:59:00Z"))).toBe(true);
    expect(isWithinLandRegistryHours(new Date("2025-07-15T22:00:00Z"))).toBe(false);
  });
});

describe("titleSearchView", () => {
  const base = { loading: false, loadFailed: false, hasTitle: false, lastTitleSearchStatus: null };
  it("chooses the view for every input", () => {
    expect(titleSearchView({ ...base, loading: true, hasTitle: true })).toBe("paused");
    expect(titleSearchView({ ...base, loadFailed: true })).toBe("error");
    expect(titleSearchView({ ...base, hasTitle: true, lastTitleSearchStatus: "ERROR" })).toBe("success");
    expect(titleSearchView(base)).toBe("initial");
    expect(titleSearchView({ ...base, lastTitleSearchStatus: "" })).toBe("initial");
    const byStatus = Object.fromEntries(
      TITLE_SEARCH_STATUSES.map((status) => [status, titleSearchView({ ...base, lastTitleSearchStatus: status })]),
    );
    expect(byStatus).toEqual({
      SUCCESS: "default",
      PENDING: "pending",
      IN_PROGRESS: "pending",
      NOT_FOUND: "not-found",
      ERROR: "search-error",
    });
    expect(titleSearchView({ ...base, lastTitleSearchStatus: "SOMETHING" })).toBe("default");
  });

  it("invites users who may add a title to enter a title number", () => {
    expect(titleSearchPrompt("not-found", true)).toBe(TITLE_SEARCH_TEXTS.enterTitleNumber);
    expect(titleSearchPrompt("search-error", false)).toBe(TITLE_SEARCH_TEXTS.noAction);
    expect(titleSearchPrompt("pending", false)).toBe(TITLE_SEARCH_TEXTS.pending);
    expect(titleSearchPrompt("success", true)).toBeNull();
  });
});

describe("canCheckForTitleUpdates", () => {
  const open = new Date("2025-01-15T12:00:00Z");
  it("needs a title, the permission, no pending change and business hours", () => {
    expect(canCheckForTitleUpdates({ now: open, hasTitle: true, canAddTitle: true })).toBe(true);
    expect(canCheckForTitleUpdates({ now: open, hasTitle: false, canAddTitle: true })).toBe(false);
    expect(canCheckForTitleUpdates({ now: open, hasTitle: true, canAddTitle: false })).toBe(false);
    expect(canCheckForTitleUpdates({ now: open, hasTitle: true, canAddTitle: true, titleChangePending: true })).toBe(false);
    expect(canCheckForTitleUpdates({ now: new Date("2025-01-15T23:30:00Z"), hasTitle: true, canAddTitle: true })).toBe(false);
  });
});

describe("titlePanelSections", () => {
  it("shows restrictions only with the title-pilot flag and lenders only with the discharge display flag", () => {
    const always = ["titleNumber", "registeredTitleDocument", "address", "registeredProprietors"];
    expect(titlePanelSections({})).toEqual(always);
    expect(titlePanelSections({ hmlrTitlePilotEnabled: true })).toEqual([...always, "restrictions"]);
    expect(titlePanelSections({ displayDischargeApplicationEnabled: true })).toEqual([...always, "lenders"]);
    expect(titlePanelSections({ hmlrTitlePilotEnabled: true, displayDischargeApplicationEnabled: true })).toEqual([...always, "restrictions", "lenders"]);
  });
});

describe("nextLandRegistryOpening", () => {
  it("is the moment itself inside hours, else the next 06:30 London time", () => {
    const inside = new Date("2025-01-15T12:00:00Z");
    expect(nextLandRegistryOpening(inside)).toBe(inside);
    expect(nextLandRegistryOpening(new Date("2025-01-15T23:00:00Z")).toISOString()).toBe("2025-01-16T06:30:00.000Z");
    expect(nextLandRegistryOpening(new Date("2025-01-16T02:17:31Z")).toISOString()).toBe("2025-01-16T06:30:00.000Z");
    expect(nextLandRegistryOpening(new Date("2025-07-15T22:10:00Z")).toISOString()).toBe("2025-07-16T05:30:00.000Z");
  });
});
