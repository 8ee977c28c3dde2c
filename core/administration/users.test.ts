import { describe, expect, it } from "vitest";
import {
  activationEmailRefusal,
  displayedStatuses,
  effectiveFilter,
  isFilterApplyDisabled,
  nextUserStatus,
  rangeLabel,
  shouldSearch,
  totalText,
  STATUS_OF_ACTION,
  userResultsMessage,
  userRowActions,
  userStatusAction,
  userStatusChange,
  userStatusChangedMessage,
} from "./users.js";

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
  it("shows Blocked beside the status while the login is blocked, and offers Unblock to whoever may change statuses", () => {
    const blocked = { status: "Active", loginBlockedUntil: "2026-01-05T10:15:00.000Z" };
    expect(displayedStatuses(blocked)).toEqual(["Active", "Blocked"]);
    expect(displayedStatuses({ status: "Suspended", loginBlockedUntil: null })).toEqual(["Suspended"]);
    expect(displayedStatuses({ status: "Active" })).toEqual(["Active"]);
    const options = { canEditUsers: true, updateInFlight: false, blocked: true };
    expect(userRowActions("Active", options).map((a) => a.label)).toEqual(["View profile", "Suspend", "Unblock"]);
    expect(userRowActions("Suspended", options).map((a) => a.label)).toEqual(["View profile", "Unsuspend", "Unblock"]);
    expect(userRowActions("Active", { ...options, canEditUsers: false }).map((a) => a.label)).toEqual(["View profile"]);
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

  it("says 'more than 1,000' when the provider stopped counting there", () => {
    expect(totalText(1000, true)).toBe("more than 1,000");
    expect(totalText(1000)).toBe("1000");
    expect(rangeLabel(2, 10, 1000, true)).toBe("11-20 of more than 1,000");
    expect(rangeLabel(121, 10, 1210, true)).toBe("1201-1210 of more than 1,210");
    expect(userResultsMessage(1000, true, false, true)).toBe("More than 1,000 result(s) found based on your search");
  });
});

describe("the status-change rule", () => {
  const jane = (status: string) => ({ status, firstName: "Jane", middleName: null, lastName: "Smith" });
  const pending = "Jane Smith has not activated their account yet: a pending user cannot be suspended or unsuspended, only the activation email can be re-sent.";

  it.each([
    ["Active", "Suspended", false, { kind: "change", status: "Suspended" }],
    ["Suspended", "Active", false, { kind: "change", status: "Active" }],
    ["Suspended", "Active", true, { kind: "change", status: "Active" }],
    ["Active", "Active", true, { kind: "unchanged", message: "Jane is already active: nothing was changed" }],
    ["Suspended", "Suspended", false, { kind: "unchanged", message: "Jane is already suspended: nothing was changed" }],
    ["Active", "Active", false, { kind: "unchanged", message: "Jane is already active: nothing was changed" }],
    ["Active", "Suspended", true, { kind: "refused", code: "CANNOT_SUSPEND_SELF", message: "You cannot suspend your own account." }],
    ["Pending", "Suspended", false, { kind: "refused", code: "USER_PENDING", message: pending }],
    ["Pending", "Active", false, { kind: "refused", code: "USER_PENDING", message: pending }],
    ["Pending", "Suspended", true, { kind: "refused", code: "USER_PENDING", message: pending }],
  ] as const)("a %s user asked to become %s (their own account: %s): %j", (status, wanted, self, expected) => {
    expect(userStatusChange(jane(status), wanted, { self })).toEqual(expected);
  });

  it.each([
    ["Active", "suspend"],
    ["Suspended", "unsuspend"],
    ["Pending", "resend-activation-email"],
    ["Odd", null],
  ] as const)("a %s user offers %s", (status, action) => {
    expect(userStatusAction(status)).toBe(action);
    if (action === "suspend" || action === "unsuspend") {
      expect(userStatusChange(jane(status), STATUS_OF_ACTION[action])).toEqual({ kind: "change", status: STATUS_OF_ACTION[action] });
    }
  });

  it("words the outcome the way document 3 section 8.4 does", () => {
    expect(userStatusChangedMessage("Suspended", "Jane")).toBe("Jane has been suspended");
    expect(userStatusChangedMessage("Active", "Jane")).toBe("Jane has been unsuspended and is now active");
  });

  it.each([
    ["Pending", null],
    ["Active", { code: "USER_NOT_PENDING", message: "Jane Smith has already activated their account: there is no activation email to re-send." }],
    ["Suspended", { code: "USER_NOT_PENDING", message: "Jane Smith has already activated their account: there is no activation email to re-send." }],
  ] as const)("re-sending the activation email of a %s user: %j", (status, refusal) => {
    expect(activationEmailRefusal(jane(status))).toEqual(refusal);
  });
});

describe("helpdeskStatusReach", () => {
  const harper = { subscriberId: "s-harper", name: "Harper & Vale LLP" };
  const ashdown = { subscriberId: "s-ashdown", name: "Ashdown Legal" };

  it("asks where for a user of several subscribers, and changes the account of a user of one", async () => {
    const { helpdeskStatusReach, statusReachDescription, statusReachUnnamedMessage } = await import("./users.js");
    expect(helpdeskStatusReach([harper, ashdown], {})).toEqual({ kind: "unnamed", subscribers: [harper, ashdown] });
    expect(helpdeskStatusReach([harper, ashdown], { subscriberId: "s-ashdown" })).toEqual({ kind: "subscriber", subscriber: ashdown });
    expect(helpdeskStatusReach([harper, ashdown], { allSubscribers: true })).toEqual({ kind: "account", subscribers: [harper, ashdown] });
    expect(helpdeskStatusReach([harper], {})).toEqual({ kind: "account", subscribers: [harper] });
    expect(statusReachUnnamedMessage("Morgan Harper", "Suspended", [harper, ashdown])).toBe(
      "Morgan Harper is a user of 2 subscribers: Harper & Vale LLP (s-harper), Ashdown Legal (s-ashdown). Say whether to suspend them at one of them or at every one.",
    );
    expect(statusReachDescription({ kind: "subscriber", subscriber: ashdown })).toBe("At Ashdown Legal only");
    expect(statusReachDescription({ kind: "account", subscribers: [] })).toBe("Their account, at every subscriber");
  });
});
