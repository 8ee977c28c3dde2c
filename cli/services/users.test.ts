import { describe, expect, it } from "vitest";
import { user } from "../../tests/cli/fake-provider.js";
import { planStatusChange, statusChangedMessage } from "./users.js";

describe("planStatusChange", () => {
  it.each([
    ["Active", "suspend", { kind: "change", status: "Suspended" }],
    ["Suspended", "unsuspend", { kind: "change", status: "Active" }],
    ["Suspended", "suspend", { kind: "unchanged", message: "Jane is already suspended: nothing was changed" }],
    ["Active", "unsuspend", { kind: "unchanged", message: "Jane is already active: nothing was changed" }],
  ] as const)("a %s user, asked to %s: %j", (status, action, plan) => {
    expect(planStatusChange(user({ status }), action)).toEqual(plan);
  });

  it.each(["suspend", "unsuspend"] as const)("refuses to %s a Pending user", (action) => {
    expect(planStatusChange(user({ status: "Pending" }), action)).toEqual({
      kind: "refused",
      message: "Jane has not activated their account yet: only the activation email can be re-sent",
    });
  });
});

describe("statusChangedMessage (document 3 section 8.4)", () => {
  it("names the user by first name", () => {
    expect(statusChangedMessage({ firstName: "Amara" }, "suspend")).toBe("Amara has been suspended");
    expect(statusChangedMessage({ firstName: "Amara" }, "unsuspend")).toBe("Amara has been unsuspended and is now active");
  });
});
