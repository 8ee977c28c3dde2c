import { describe, expect, it } from "vitest";
import { NAMED_ROLES } from "../shared/permissions/roles.js";
import { SUBSCRIBER_ENTITY_TYPES } from "./subscribers.js";
import { ASSIGNABLE_ROLES, PROVIDER_STAFF_ROLES, ROLES_BY_SUBSCRIBER_TYPE, editedRoles, rolesForSubscriberType, sameRoles, subscriberRolesProblem, subscriberTypeFrom, userManagerChangeRefusal } from "./roles.js";
import { roleList } from "./user-import.js";
import { USER_FORM_MESSAGES } from "./schemas.js";

describe("roles per subscriber type", () => {
  it("never offers the provider's staff roles, and every type offers User Manager and the workspace roles", () => {
    for (const type of SUBSCRIBER_ENTITY_TYPES) {
      const roles = ROLES_BY_SUBSCRIBER_TYPE[type];
      for (const staff of PROVIDER_STAFF_ROLES) expect(roles).not.toContain(staff);
      for (const role of ["User Manager", "Workspace Approver", "Workspace Creator", "Workspace User", "Workspace Viewer"]) expect(roles).toContain(role);
    }
    expect(ASSIGNABLE_ROLES).toEqual(NAMED_ROLES.filter((role) => !PROVIDER_STAFF_ROLES.includes(role)));
  });

  it("gives HMLR Administrator to firms that lodge, not to lenders", () => {
    expect(ROLES_BY_SUBSCRIBER_TYPE.Lender).not.toContain("HMLR Administrator");
    expect(ROLES_BY_SUBSCRIBER_TYPE["Law Firm"]).toContain("HMLR Administrator");
    expect(ROLES_BY_SUBSCRIBER_TYPE["Conveyancing Firm"]).toContain("HMLR Administrator");
    expect(subscriberRolesProblem(["HMLR Administrator", "Workspace User"], "Lender")).toBe("The role HMLR Administrator cannot be given to users of a Lender");
    expect(subscriberRolesProblem(["System Administrator", "Helpdesk Administrator"], undefined)).toBe(
      "The roles System Administrator, Helpdesk Administrator cannot be given to users of a subscriber",
    );
    expect(subscriberRolesProblem(["Workspace User"], "Law Firm")).toBeNull();
  });

  it.each([
    ["Law Firm", "Law Firm"],
    ["LAW_FIRM", "Law Firm"],
    ["conveyancing-firm", "Conveyancing Firm"],
    [" lender ", "Lender"],
    ["Bank", undefined],
    ["", undefined],
  ])("reads the subscriber type %j as %j", (text, type) => {
    expect(subscriberTypeFrom(text)).toBe(type);
  });

  it("without a known type, offers every assignable role", () => {
    expect(rolesForSubscriberType(null)).toBe(ASSIGNABLE_ROLES);
  });
});

describe("the User Manager rule and role comparison", () => {
  it("refuses adding or removing User Manager to anyone but a helpdesk administrator", () => {
    expect(userManagerChangeRefusal([], ["User Manager"], false)).toBe(USER_FORM_MESSAGES.userManager);
    expect(userManagerChangeRefusal(["User Manager"], ["Workspace User"], false)).toBe(USER_FORM_MESSAGES.userManager);
    expect(userManagerChangeRefusal(["User Manager"], ["User Manager", "Workspace User"], false)).toBeNull();
    expect(userManagerChangeRefusal([], ["User Manager"], true)).toBeNull();
  });

  it("compares roles as sets", () => {
    expect(sameRoles(["A", "B"], ["B", "A"])).toBe(true);
    expect(sameRoles(["A", "A"], ["A"])).toBe(true);
    expect(sameRoles(["A"], ["A", "B"])).toBe(false);
  });

  it("reads roles from a list or a ';'-separated cell, dropping blanks and duplicates", () => {
    expect(roleList(" Workspace User ; ;Workspace Viewer;Workspace User")).toEqual(["Workspace User", "Workspace Viewer"]);
    expect(roleList(["Workspace User", " ", "Workspace User"])).toEqual(["Workspace User"]);
    expect(roleList(undefined)).toEqual([]);
    expect(roleList(42)).toBeUndefined();
  });

  it.each([
    [{ addRole: ["Workspace Viewer"] }, ["Workspace User", "Funds Authoriser", "Workspace Viewer"]],
    [{ addRole: ["Workspace User"] }, ["Workspace User", "Funds Authoriser"]],
    [{ removeRole: ["Workspace User"] }, ["Funds Authoriser"]],
    [{ role: ["Workspace Viewer"] }, ["Workspace Viewer"]],
    [{ role: ["Workspace Viewer"], addRole: ["Workspace User"], removeRole: ["Workspace Viewer"] }, ["Workspace User"]],
  ])("edits roles: %j", (change, expected) => {
    expect(editedRoles(["Workspace User", "Funds Authoriser"], change)).toEqual(expected);
  });
});
