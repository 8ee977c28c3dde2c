/** Tests of the scaffold's modules: functional permissions, feature flags, subscribers, errors, login errors. */
import { describe, expect, it } from "vitest";
import { CONFLICT_MESSAGE, errorPageFor, errorToastFor, PARTIAL_CONTENT_MESSAGE, partialContentToast, showsRetry, TOAST_DURATION_MS as TOAST_DURATION_MESSAGE_CHECK } from "./errors.js";
import {
  defaultFeatureFlags,
  EXTRA_FLAG_DEFAULTS,
  FEATURE_FLAG_REFRESH_MS,
  FLAG_NAMES,
  isFlagName,
  isFlagOn,
  isTwoSidedPurchase,
  resolveFeatureFlags,
  SECOND_FAMILY_FLAGS,
} from "./feature-flags.js";
import { ACCOUNT_PAGES, LANDING_PAGE, loginReturnPath, notPartOfOrganization } from "../identity/login-errors.js";
import {
  ALL_PERMISSIONS,
  hasAllPermissions,
  hasAnyPermission,
  isHelpdeskAdministrator,
  NAMED_ROLES,
  Permission,
  permissionsForRoles,
  ROLE_PERMISSIONS,
} from "./permissions/roles.js";
import {
  AuthenticationTypeSchema,
  NamedRoleSchema,
  SettableUserStatusSchema,
  SubscriberEntityTypeSchema,
  SubscriberStatusSchema,
  UserStatusSchema,
} from "../administration/enums.js";
import { fullName, initials } from "../administration/subscribers.js";

describe("functional permissions", () => {
  it("are action:resource strings, one per constant", () => {
    for (const permission of ALL_PERMISSIONS) expect(permission).toMatch(/^[a-z_]+:[a-z_]+$/);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });
  it("every named role has a row; the helpdesk administrator holds all", () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...NAMED_ROLES].sort());
    expect(permissionsForRoles(["Helpdesk Administrator"])).toEqual([...ALL_PERMISSIONS]);
  });
  it("unites roles without duplicates, in table order, ignoring unknown roles", () => {
    const both = permissionsForRoles(["Funds Authoriser", "Workspace Viewer", "Nope"]);
    expect(new Set(both).size).toBe(both.length);
    expect(both).toContain(Permission.AUTHORISE_FUNDS);
    expect(both.indexOf(Permission.VIEW_WORKSPACES)).toBeLessThan(both.indexOf(Permission.AUTHORISE_FUNDS));
    expect(permissionsForRoles([])).toEqual([]);
  });
  it("all-of and any-of checks", () => {
    const held = [Permission.VIEW_WORKSPACES];
    expect(hasAllPermissions(held, [Permission.VIEW_WORKSPACES, Permission.CREATE_WORKSPACES])).toBe(false);
    expect(hasAnyPermission(held, [Permission.VIEW_WORKSPACES, Permission.CREATE_WORKSPACES])).toBe(true);
    expect(hasAllPermissions(held, [])).toBe(true);
    expect(hasAnyPermission(held, [])).toBe(false);
    expect(isHelpdeskAdministrator(["Helpdesk Administrator"])).toBe(true);
    expect(isHelpdeskAdministrator(["Workspace User"])).toBe(false);
  });
});

describe("feature flags", () => {
  it("defaults per environment", () => {
    for (const environment of ["local", "sandbox", "non-production", "production"] as const) {
      const flags = defaultFeatureFlags(environment);
      expect(flags.displayDischargeApplicationEnabled).toBe(true);
      expect(flags.sdltEnabled).toBe(false);
      expect(flags["switch-subscriber"]).toBe(environment !== "production");
      expect(flags["app-dynamics-enabled"]).toBe(environment === "non-production" || environment === "production");
      for (const flag of SECOND_FAMILY_FLAGS.filter((f) => f !== "switch-subscriber" && f !== "app-dynamics-enabled")) expect(flags[flag]).toBe(true);
    }
    expect(FLAG_NAMES).toHaveLength(22);
    expect(FEATURE_FLAG_REFRESH_MS).toBe(21_600_000);
    expect(isFlagName("sdltEnabled")).toBe(true);
    expect(isFlagName("nope")).toBe(false);
    expect(Object.values(EXTRA_FLAG_DEFAULTS).every(Boolean)).toBe(true);
  });
  it("overlays the flag service's answer on the defaults", () => {
    expect(resolveFeatureFlags("production", { sdltEnabled: true, unknown: true, "cces-enabled": "yes" as unknown as boolean }).sdltEnabled).toBe(true);
    expect(resolveFeatureFlags("production", null)).toEqual(defaultFeatureFlags("production"));
    expect(isFlagOn({}, "sdltEnabled")).toBe(false);
  });
  it("two-sided purchase: flag on, PURCHASE, and a seller representative", () => {
    const on = { "two-sided-purchase-transaction-enabled": true };
    const seller = [{ role: "SELLER_REPRESENTATIVE" }];
    expect(isTwoSidedPurchase(on, "PURCHASE", seller)).toBe(true);
    expect(isTwoSidedPurchase({}, "PURCHASE", seller)).toBe(false);
    expect(isTwoSidedPurchase(on, "REMORTGAGE", seller)).toBe(false);
    expect(isTwoSidedPurchase(on, "PURCHASE", [{ role: "BUYER_REPRESENTATIVE" }])).toBe(false);
  });
});

describe("subscribers", () => {
  it("has zod enums for entity types, statuses, authentication types and named roles", () => {
    expect(SubscriberEntityTypeSchema.options).toEqual(["Lender", "Law Firm", "Conveyancing Firm"]);
    expect(SubscriberStatusSchema.options).toEqual(["Active", "Suspended", "Pending"]);
    expect(UserStatusSchema.options).toEqual(["Active", "Suspended", "Pending"]);
    expect(AuthenticationTypeSchema.options).toEqual(["AUTH0_DATABASE_CONNECTION", "ENTERPRISE_CONNECTION"]);
    expect(NamedRoleSchema.options).toEqual([...NAMED_ROLES]);
    expect(NamedRoleSchema.safeParse("Workspace Admin").success).toBe(false);
    expect(SubscriberEntityTypeSchema.safeParse("law firm").success).toBe(false);
  });

  it("sets a user only Active or Suspended", () => {
    expect(SettableUserStatusSchema.options).toEqual(["Active", "Suspended"]);
    expect(SettableUserStatusSchema.safeParse("Pending").success).toBe(false);
  });

  it("initials and full names", () => {
    expect(initials(" ann ", "smith")).toBe("AS");
    expect(fullName({ firstName: "Ann", middleName: " ", lastName: "Smith" })).toBe("Ann Smith");
    expect(fullName({ firstName: "Ann", middleName: "Marie", lastName: "Smith" })).toBe("Ann Marie Smith");
  });
});

describe("error catalogue", () => {
  it("error pages by status", () => {
    expect(errorPageFor(500)).toMatchObject({ title: "Internal server error", action: { label: "Try Again", to: "/workspaces" } });
    expect(errorPageFor(503)).toMatchObject({ title: "Service unavailable", action: null });
    expect(errorPageFor(504).action?.label).toBe("Try Again");
    expect(errorPageFor(400).title).toBe("Uh-oh, bad request");
    expect(errorPageFor(401)).toMatchObject({ title: "You are not authorised", action: null });
    expect(errorPageFor(403)).toMatchObject({ title: "You do not have access", action: { label: "Go to workspaces", to: "/workspaces" } });
    expect(errorPageFor(404)).toMatchObject({ title: "Page not found", action: { label: "Go to workspaces" } });
    expect(errorPageFor(409).text).toBe(CONFLICT_MESSAGE);
    expect(errorPageFor(206).text).toBe(PARTIAL_CONTENT_MESSAGE);
  });
  it("the fallback offers retry only above 500 or unknown", () => {
    expect(errorPageFor(undefined)).toMatchObject({ status: 500, title: "Something went wrong", action: { label: "Try Again" } });
    expect(errorPageFor(502).action).toEqual({ label: "Try Again" });
    expect(errorPageFor(418).action).toBeNull();
    expect(showsRetry(501)).toBe(true);
    expect(showsRetry(500)).toBe(false);
    expect(showsRetry(Number.NaN)).toBe(true);
  });
  it("toasts: 424 as 500, 'Error !' otherwise", () => {
    expect(errorToastFor(424)).toEqual(errorToastFor(500));
    expect(errorToastFor(500).title).toBe("Internal server error");
    expect(errorToastFor(409).message).toBe(CONFLICT_MESSAGE);
    expect(errorToastFor(418).title).toBe("Error !");
    expect(errorToastFor(206).title).toBe("Error !");
    expect(errorToastFor(400, "Custom").message).toBe("Custom");
    expect(partialContentToast()).toEqual({ kind: "error", title: "Partial content", message: PARTIAL_CONTENT_MESSAGE });
    expect(TOAST_DURATION_MESSAGE_CHECK).toBe(5000);
  });
});

describe("login return", () => {
  it("maps each error_description to its page", () => {
    expect(loginReturnPath(undefined)).toBe(LANDING_PAGE);
    expect(loginReturnPath(null)).toBe(LANDING_PAGE);
    expect(loginReturnPath("user is blocked")).toBe(ACCOUNT_PAGES.blocked);
    expect(loginReturnPath("user is suspended")).toBe(ACCOUNT_PAGES.suspended);
    expect(loginReturnPath("Access denied for your IP address.")).toBe(ACCOUNT_PAGES.unrecognisedIp);
    expect(loginReturnPath("This account is already verified")).toBe(ACCOUNT_PAGES.alreadyVerified);
    expect(loginReturnPath("This URL can be used only once")).toBe(ACCOUNT_PAGES.alreadyVerified);
    expect(loginReturnPath("Access expired")).toBe(ACCOUNT_PAGES.linkExpired);
    expect(loginReturnPath("invitation not found or already used")).toBe(ACCOUNT_PAGES.linkExpired);
    expect(loginReturnPath(notPartOfOrganization("u1", "Acme Law"))).toBe(ACCOUNT_PAGES.notActivated);
    expect(loginReturnPath("something else")).toBe("/workspaces");
  });
});
