import { describe, expect, it } from "vitest";
import { effectiveFilter, isFilterApplyDisabled, nextUserStatus, rangeLabel, shouldSearch, statusChange, userResultsMessage, userRowActions } from "./users.js";

describe("users", () => {
  it("row actions by status", () => {
    const options = { canEditUsers: true, updateInFlight: false };
    expect(userRowActions("Active", options).map((a) => a.label)).toEqual(["View profile", "Suspend"]);
    expect(userRowActions("Suspended", options).map((a) => a.label)).toEqual(["View profile", "Unsuspend"]);
    expect(userRowActions("Pending", options).map((a) => a.label)).toEqual(["View profile", "Resend activation email"]);
    expect(userRowActions("Active", { canEditUsers: false, updateInFlight: false })).toHaveLength(1);
    expect(userRowActions("Active", { canEditUsers: true, updateInFlight: true })[1].disabled).toBe(true);
    expect(userRowActions("Odd", options)).toHaveLength(1);
    expect(nextUserStatus("Active")).toBe("Suspended");
    expect(nextUserStatus("Suspended")).toBe("Active");
    expect(nextUserStatus("Pending")).toBeNull();
  });
  it("search, filters and footer", () => {
    expect(userResultsMessage(3, true, false)).toBe("3 result(s) found based on your search");
    expect(userResultsMessage(1, false, true)).toBe("1 result(s) found based on your filters");
    expect(userResultsMessage(0, true, true)).toBe("0 result(s) found based on your search and filters");
    expect(userResultsMessage(5, false, false)).toBeNull();
    expect(shouldSearch("ann", " ann ")).toBe(false);
    expect(shouldSearch("ann", "bob")).toBe(true);
    expect(isFilterApplyDisabled(["Active"], ["Active"])).toBe(true);
    expect(isFilterApplyDisabled(["Active", "Pending"], ["Active"])).toBe(false);
    expect(effectiveFilter(["Active", "Suspended", "Pending"], ["Active", "Suspended", "Pending"])).toBeUndefined();
    expect(effectiveFilter([], ["Active"])).toBeUndefined();
    expect(effectiveFilter(["Active"], ["Active", "Pending"])).toEqual(["Active"]);
    expect(rangeLabel(2, 10, 25)).toBe("11-20 of 25");
    expect(rangeLabel(3, 10, 25)).toBe("21-25 of 25");
    expect(rangeLabel(1, 10, 0)).toBe("0-0 of 0");
  });
});

describe("asking for a status change", () => {
  const jane = (status: string) => ({ status, firstName: "Jane" });

  it.each([
    ["Active", "suspend", { kind: "change", status: "Suspended" }],
    ["Suspended", "unsuspend", { kind: "change", status: "Active" }],
    ["Suspended", "suspend", { kind: "unchanged", message: "Jane is already suspended: nothing was changed" }],
    ["Active", "unsuspend", { kind: "unchanged", message: "Jane is already active: nothing was changed" }],
  ] as const)("a %s user, asked to %s: %j", (status, action, plan) => {
    expect(statusChange(jane(status), action)).toEqual(plan);
  });

  it.each(["suspend", "unsuspend"] as const)("refuses to %s a Pending user", (action) => {
    expect(statusChange(jane("Pending"), action)).toEqual({
      kind: "refused",
      message: "Jane has not activated their account yet: only the activation email can be re-sent",
    });
  });
});
