import { describe, expect, it } from "vitest";
import type { ManagedUser } from "../../core/administration/api.js";
import { UsageError } from "../errors.js";
import { exportJson, planImport } from "../../core/administration/user-import.js";
import { exportCsv, parseImportFile } from "./user-import.js";

const user = (overrides: Partial<ManagedUser> = {}): ManagedUser => ({
  subscriberUserId: "u1",
  firstName: "Jane",
  middleName: null,
  lastName: "Smith",
  preferredName: null,
  email: "jane.smith@ashdown.example",
  jobTitle: null,
  status: "Active",
  subscriberId: "s1",
  subscriber: "Ashdown Legal",
  roleNames: ["Workspace User", "Workspace Viewer"],
  authenticationType: "AUTH0_DATABASE_CONNECTION",
  version: 3,
  invitationSentAt: null,
  ...overrides,
});

describe("parseImportFile", () => {
  it("reads a CSV by its header, in any column order and spelling, numbering rows from 1", () => {
    const rows = parseImportFile("users.csv", "Roles,EMAIL,first_name,Last Name\nWorkspace User;Workspace Viewer,a@x.example,Ann,Lee\n");
    expect(rows).toEqual([{ row: 1, values: { roles: "Workspace User;Workspace Viewer", email: "a@x.example", firstName: "Ann", lastName: "Lee" } }]);
  });

  it("reads JSON as an array of users or as { users: [...] }", () => {
    const one = { email: "a@x.example", firstName: "Ann", lastName: "Lee", roleNames: ["Workspace User"] };
    expect(parseImportFile("u.json", JSON.stringify([one]))[0]!.values).toMatchObject({ email: "a@x.example", roles: ["Workspace User"] });
    expect(parseImportFile("u.JSON", JSON.stringify({ users: [one] }))).toHaveLength(1);
  });

  it.each([
    ["u.txt", "", "must end in .csv or .json"],
    ["u.csv", "", "is empty"],
    ["u.csv", "email,firstName,lastName,roles,team\n", 'unknown column "team"'],
    ["u.csv", "email,firstName\n", "missing column lastName, roles"],
    ["u.csv", 'email,"firstName\n', "a quoted field is not closed"],
    ["u.json", "{}", "expected an array of users"],
    ["u.json", "[", "is not valid JSON"],
  ])("%s %j is a usage error: %s", (path, text, message) => {
    expect(() => parseImportFile(path, text)).toThrow(UsageError);
    expect(() => parseImportFile(path, text)).toThrow(message);
  });
});

describe("planImport", () => {
  const csv = [
    "email,firstName,middleName,lastName,roles,status",
    " Ann@X.example ,Ann,,Lee,workspace user,active",
    "ann@x.example,Ann,,Again,Workspace User,",
    "bob@x.example,B0b,,Ray,Workspace User,",
    "cat@x.example,Cat,,Kit,Workspace Approver;Workspace User,",
    "dan@x.example,Dan,,Do,HMLR Administrator,",
    "eve@x.example,Eve,,Ng,,Retired",
  ].join("\n");

  it("checks every row with the core rules and reports refusals by row, before anything is sent", () => {
    const plan = planImport(parseImportFile("u.csv", csv), "Lender");
    expect(plan.valid).toEqual([
      { row: 1, user: { email: "ann@x.example", firstName: "Ann", middleName: null, lastName: "Lee", roleNames: ["Workspace User"], status: "Active" } },
    ]);
    expect(plan.refused.map((row) => [row.row, row.email, row.reason])).toEqual([
      [2, "ann@x.example", "The email ann@x.example appears more than once: row 1 has it already"],
      [3, "bob@x.example", "Enter a valid first name"],
      [4, "cat@x.example", "A user cannot be both a Workspace Approver and a Workspace User"],
      [5, "dan@x.example", "The role HMLR Administrator cannot be given to users of a Lender"],
      [6, "eve@x.example", 'Select at least one role; Status must be Active or Suspended (or empty), not "Retired"'],
    ]);
  });

  it("lets a law firm give the HMLR Administrator role", () => {
    expect(planImport(parseImportFile("u.csv", csv), "Law Firm").refused.map((row) => row.row)).toEqual([2, 3, 4, 6]);
  });
});

describe("export", () => {
  it("writes the import columns, roles joined by ';', no status for a Pending user", () => {
    const users = [user(), user({ email: "p@x.example", status: "Pending", middleName: "Q", roleNames: ["Workspace Viewer"] })];
    expect(exportCsv(users)).toBe(
      [
        "email,firstName,middleName,lastName,roles,status",
        "jane.smith@ashdown.example,Jane,,Smith,Workspace User;Workspace Viewer,Active",
        "p@x.example,Jane,Q,Smith,Workspace Viewer,",
        "",
      ].join("\r\n"),
    );
    expect(exportJson(users).users[1]).toEqual({ email: "p@x.example", firstName: "Jane", middleName: "Q", lastName: "Smith", roles: ["Workspace Viewer"], status: "" });
  });

  it("exports what imports cleanly: CSV and JSON give the same valid rows back", () => {
    const users = [user(), user({ email: "o@x.example", firstName: "O'Neil", lastName: "Smith-Jones", status: "Suspended" })];
    const fromCsv = planImport(parseImportFile("e.csv", exportCsv(users)), "Law Firm");
    const fromJson = planImport(parseImportFile("e.json", JSON.stringify(exportJson(users))), "Law Firm");
    expect(fromCsv.refused).toEqual([]);
    expect(fromJson).toEqual(fromCsv);
    expect(fromCsv.valid.map((entry) => [entry.user.email, entry.user.status, entry.user.roleNames])).toEqual([
      ["jane.smith@ashdown.example", "Active", ["Workspace User", "Workspace Viewer"]],
      ["o@x.example", "Suspended", ["Workspace User", "Workspace Viewer"]],
    ]);
  });
});
