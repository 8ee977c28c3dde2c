import { describe, expect, it } from "vitest";
import { checkUserRow, UserImportFileSchema } from "./user-import.js";

describe("checkUserRow", () => {
  const row = { email: " Ann.Lee@X.example ", firstName: " Ann ", middleName: "", lastName: "Lee", roles: "workspace user;Funds Authoriser", status: "suspended" };

  it("trims, lower-cases the email, names roles as the catalogue does, and reads the status", () => {
    expect(checkUserRow(row, { subscriberType: "Lender" })).toEqual({
      ok: true,
      row: { email: "ann.lee@x.example", firstName: "Ann", middleName: null, lastName: "Lee", roleNames: ["Workspace User", "Funds Authoriser"], status: "Suspended" },
    });
    const { status: _status, ...withoutStatus } = row;
    const check = checkUserRow(withoutStatus);
    expect(check.ok && "status" in check.row).toBe(false);
  });

  it.each([
    [{ firstName: "" }, "First name is required"],
    [{ firstName: "4nn" }, "Enter a valid first name"],
    [{ middleName: "x".repeat(101) }, "Middle name must not exceed 100 characters"],
    [{ lastName: undefined }, "Last name is required"],
    [{ email: "" }, "Email address is required"],
    [{ email: "ann@" }, "Enter a valid email address"],
    [{ roles: "" }, "Select at least one role"],
    [{ roles: "Workspace Approver;Workspace User" }, "A user cannot be both a Workspace Approver and a Workspace User"],
    [{ roles: "Wizard;Workspace User" }, 'Unknown role "Wizard"'],
    [{ roles: "Wizard" }, 'Unknown role "Wizard"'],
    [{ status: "Pending" }, 'Status must be Active or Suspended (or empty), not "Pending"'],
  ])("refuses %j with %j", (change, reason) => {
    expect(checkUserRow({ ...row, ...change })).toEqual({ ok: false, reason });
  });

  it("gives every problem of a row at once", () => {
    expect(checkUserRow({ email: "bad", firstName: "1", lastName: "", roles: "Wizard" })).toEqual({
      ok: false,
      reason: 'Unknown role "Wizard"; Enter a valid first name; Last name is required; Enter a valid email address',
    });
  });

  it("checks the subscriber type's roles only for an otherwise valid row", () => {
    expect(checkUserRow({ ...row, roles: "HMLR Administrator" }, { subscriberType: "Lender" })).toEqual({
      ok: false,
      reason: "The role HMLR Administrator cannot be given to users of a Lender",
    });
  });
});

describe("UserImportFileSchema", () => {
  it("takes an array of rows or { users: [...] }", () => {
    expect(UserImportFileSchema.parse([{ email: "a" }])).toEqual([{ email: "a" }]);
    expect(UserImportFileSchema.parse({ users: [{ email: "a" }] })).toEqual([{ email: "a" }]);
    expect(UserImportFileSchema.safeParse({ rows: [] }).success).toBe(false);
  });
});
