/**
 * One row of a bulk user import or of the bulk API (document 3 section 6), checked with the same user form
 * schema the browser uses, and the import file's shape.
 */
import { z } from "zod";
import { NAMED_ROLES, Permission } from "../shared/permissions/roles.js";
import { SettableUserStatusSchema, type SettableUserStatus } from "./enums.js";
import { userFormSchema } from "./schemas.js";
import { subscriberRolesProblem } from "./roles.js";
import { BULK_OUTCOMES, type BulkUserRow, type ManagedUser } from "./api.js";

/** What the bulk call needs: it creates and edits users (the provider requires the same, the CLI checks first). */
export const BULK_IMPORT_PERMISSIONS: readonly Permission[] = [Permission.CREATE_SUBSCRIBER_USERS, Permission.EDIT_SUBSCRIBER_USERS];

/** The columns of a user import file, in the order `users export` writes them. */
export const USER_IMPORT_COLUMNS = ["email", "firstName", "middleName", "lastName", "roles", "status"] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];
/** Roles in one cell of an import file are separated by semicolons. */
export const USER_IMPORT_ROLE_SEPARATOR = ";";
/** The statuses a file may ask for; empty leaves the status as it is (a Pending user stays Pending). */
export const USER_IMPORT_STATUSES = SettableUserStatusSchema.options;
export type UserImportStatus = SettableUserStatus;

/** One user row, checked and normalised: trimmed names, lower-case email, roles without duplicates. */
export interface UserRow {
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  roleNames: string[];
  status?: UserImportStatus;
}

export type UserRowCheck = { ok: true; row: UserRow } | { ok: false; reason: string };

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : undefined;
}

/** Roles as a list (JSON) or as one `;`-separated cell (CSV); blanks dropped, duplicates kept once. */
export function roleList(value: unknown): string[] | undefined {
  const parts = Array.isArray(value)
    ? value.map((role) => (typeof role === "string" ? role.trim() : ""))
    : typeof value === "string"
      ? value.split(USER_IMPORT_ROLE_SEPARATOR).map((role) => role.trim())
      : value === undefined || value === null
        ? []
        : undefined;
  if (parts === undefined) return undefined;
  return [...new Set(parts.filter(Boolean))];
}

/** Role names are matched without regard to case, so `workspace user` in a file means Workspace User. */
function canonicalRole(name: string): string | undefined {
  return NAMED_ROLES.find((role) => role.toLowerCase() === name.toLowerCase());
}

/** The form schema as a helpdesk administrator fills it: built once, as rows come by the thousand. */
let rowSchema: ReturnType<typeof userFormSchema> | undefined;

/**
 * Checks one row of an import file or of the bulk API with the user form schema of document 3 section 5.3
 * (names, email, at least one role, never Workspace Approver with Workspace User), the roles of the
 * subscriber's type, and the status column. The User Manager rule depends on the roles the user holds
 * now, so the provider applies it (userManagerChangeRefusal) when it knows them.
 */
export function checkUserRow(
  input: Partial<Record<string, unknown>>,
  options: { subscriberType?: string | null } = {},
): UserRowCheck {
  const problems: string[] = [];
  const roles = roleList(input.roleNames ?? input.roles);
  const roleNames: string[] = [];
  if (roles === undefined) {
    problems.push("Roles must be a list of role names");
  } else {
    for (const role of roles) {
      const known = canonicalRole(role);
      if (known) roleNames.push(known);
      else problems.push(`Unknown role "${role}"`);
    }
  }
  rowSchema ??= userFormSchema({ actorIsHelpdeskAdministrator: true });
  const parsed = rowSchema.safeParse({
    firstName: text(input.firstName),
    middleName: text(input.middleName),
    lastName: text(input.lastName),
    email: text(input.email),
    // Unknown roles are reported above, by name; an empty list still gets the form's message.
    roleNames: problems.length > 0 && roleNames.length === 0 ? ["Workspace Viewer"] : roleNames,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) if (!problems.includes(issue.message)) problems.push(issue.message);
  }
  const statusText = text(input.status);
  let status: UserImportStatus | undefined;
  if (statusText) {
    status = USER_IMPORT_STATUSES.find((value) => value.toLowerCase() === statusText.toLowerCase());
    if (!status) problems.push(`Status must be Active or Suspended (or empty), not "${statusText}"`);
  }
  if (parsed.success && problems.length === 0) {
    const typeProblem = subscriberRolesProblem(roleNames, options.subscriberType);
    if (typeProblem) problems.push(typeProblem);
  }
  if (!parsed.success || problems.length > 0) return { ok: false, reason: problems.join("; ") };
  return {
    ok: true,
    row: {
      email: parsed.data.email.toLowerCase(),
      firstName: parsed.data.firstName,
      middleName: parsed.data.middleName ?? null,
      lastName: parsed.data.lastName,
      roleNames,
      ...(status ? { status } : {}),
    },
  };
}

/** The reason given for the second and later rows with the same email in one file or call. */
export function duplicateEmailReason(email: string, firstRow: number): string {
  return `The email ${email} appears more than once: row ${firstRow} has it already`;
}

/** A JSON import file: an array of rows, or `{ "users": [...] }` (what `users export --json` prints). */
export const UserImportFileSchema = z.union([
  z.array(z.record(z.string(), z.unknown())),
  z.object({ users: z.array(z.record(z.string(), z.unknown())) }).transform((file) => file.users),
]);

/** One row of an import file, as read: its number (from 1, the header not counted) and its cells by column. */
export interface ImportFileRow {
  row: number;
  values: Record<string, unknown>;
}

/**
 * What became of a row: the provider's outcome, or `unknown` when the call carrying it was sent but its
 * answer was lost (the provider may have saved the row: a second run confirms it, as unchanged).
 */
export const IMPORT_OUTCOMES = [...BULK_OUTCOMES, "unknown"] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** What became of one row of an import file. */
export interface ImportRowReport {
  row: number;
  email: string;
  outcome: ImportOutcome;
  changes: string[];
  reason: string | null;
}

export interface ImportReport {
  file: string;
  dryRun: boolean;
  subscriberId: string;
  summary: Record<ImportOutcome, number>;
  rows: ImportRowReport[];
}

export interface ImportPlan {
  /** Rows that passed every check, ready for the provider. */
  valid: { row: number; user: BulkUserRow }[];
  refused: ImportRowReport[];
}

/** Checks every row before anything is written: the user rules, the subscriber type's roles, one row per email. */
export function planImport(rows: readonly ImportFileRow[], subscriberType: string): ImportPlan {
  const valid: ImportPlan["valid"] = [];
  const refused: ImportRowReport[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, values } of rows) {
    const check = checkUserRow(values, { subscriberType });
    const email = check.ok ? check.row.email : String(values.email ?? "").trim().toLowerCase();
    if (!check.ok) {
      refused.push({ row, email, outcome: "refused", changes: [], reason: check.reason });
      continue;
    }
    const first = firstRowOf.get(email);
    if (first !== undefined) {
      refused.push({ row, email, outcome: "refused", changes: [], reason: duplicateEmailReason(email, first) });
      continue;
    }
    firstRowOf.set(email, row);
    const { roleNames, middleName, status, ...rest } = check.row;
    valid.push({ row, user: { ...rest, middleName, roleNames, ...(status ? { status } : {}) } });
  }
  return { valid, refused };
}

/** An export row: what an import of the same file would leave unchanged (Pending users get no status). */
export function exportRow(user: ManagedUser): Record<UserImportColumn, string> {
  return {
    email: user.email,
    firstName: user.firstName,
    middleName: user.middleName ?? "",
    lastName: user.lastName,
    roles: user.roleNames.join(USER_IMPORT_ROLE_SEPARATOR),
    status: user.status === "Pending" ? "" : user.status,
  };
}

/** One user of the JSON export, roles as a list. */
export function exportJsonUser(user: ManagedUser) {
  const row = exportRow(user);
  return {
    email: row.email,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    roles: user.roleNames,
    status: row.status,
  };
}

/** The JSON export: `{ users: [...] }` with roles as a list, importable as it is. */
export function exportJson(users: readonly ManagedUser[]) {
  return { users: users.map(exportJsonUser) };
}
