import { describe, expect, it } from "vitest";
import {
  ALL_PERMISSIONS,
  hasAllPermissions,
  hasAnyPermission,
  isHelpdeskAdministrator,
  NAMED_ROLES,
  Permission,
  permissionsForRoles,
  ROLE_PERMISSIONS,
} from "./roles.js";

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
