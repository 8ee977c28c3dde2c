/**
 * `convey users import` and `users export` (issue 5): a CSV or JSON file of users, matched by email.
 *
 * Every row is checked with core's user rules (the form of document 3 section 5.3, the roles of the
 * subscriber's type, the status column, one row per email) before anything is written; the rows that pass
 * go to the provider's bulk call in chunks of 500, each chunk one transaction there. A refused row stops
 * nothing, nor does a chunk whose call fails (its rows are reported refused with the reason). Rows already
 * in the state the file gives are reported unchanged, so a second run, or a run after one that was killed
 * half-way, finishes the work without duplicates.
 */
import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import {
  BULK_USERS_MAX_ROWS,
  type BulkOutcome,
  type BulkUserResult,
  type BulkUserRow,
  type ManagedUser,
} from "../../core/administration/api.js";
import { bulkSubscriberUsers } from "../../core/administration/client.js";
import { type RequestContext } from "../../core/shared/provider-client.js";
import { ProviderError, ProviderUnavailableError } from "../../core/shared/provider-errors.js";
import { USER_IMPORT_COLUMNS, USER_IMPORT_ROLE_SEPARATOR, UserImportFileSchema, checkUserRow, duplicateEmailReason, type UserImportColumn } from "../../core/administration/user-import.js";
import { UsageError } from "../errors.js";
import { CsvError, formatCsv, parseCsv } from "./csv.js";

export type ImportFormat = "csv" | "json";

/** One row of the file, as read: its number (from 1, the header not counted) and its cells by column. */
export interface FileRow {
  row: number;
  values: Record<string, unknown>;
}

export interface ImportRowReport {
  row: number;
  email: string;
  outcome: BulkOutcome;
  changes: string[];
  reason: string | null;
}

export interface ImportReport {
  file: string;
  dryRun: boolean;
  subscriberId: string;
  summary: Record<BulkOutcome, number>;
  rows: ImportRowReport[];
}

const REQUIRED_COLUMNS: readonly UserImportColumn[] = ["email", "firstName", "lastName", "roles"];
/** Header spellings accepted besides the canonical ones (case and separators are ignored too). */
const COLUMN_ALIASES: Record<string, UserImportColumn> = { rolenames: "roles", role: "roles" };

function columnOf(header: string): UserImportColumn | undefined {
  const key = header.trim().toLowerCase().replace(/[\s_-]+/g, "");
  return USER_IMPORT_COLUMNS.find((column) => column.toLowerCase() === key) ?? COLUMN_ALIASES[key];
}

export function formatOf(path: string): ImportFormat {
  const extension = extname(path).toLowerCase();
  if (extension === ".csv") return "csv";
  if (extension === ".json") return "json";
  throw new UsageError(`${path}: the file must end in .csv or .json`);
}

/** The rows of an import file; a file that cannot be read as one is a usage error (nothing is sent). */
export function parseImportFile(path: string, text: string): FileRow[] {
  if (formatOf(path) === "json") {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${path} is not valid JSON: ${(error as Error).message}`);
    }
    const parsed = UserImportFileSchema.safeParse(json);
    if (!parsed.success) throw new UsageError(`${path}: expected an array of users, or { "users": [...] }`);
    return parsed.data.map((values, index) => ({ row: index + 1, values: normaliseKeys(values) }));
  }
  let cells: string[][];
  try {
    cells = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new UsageError(`${path}: ${error.message}`);
    throw error;
  }
  const [header, ...body] = cells;
  if (!header) throw new UsageError(`${path} is empty: the first line must name the columns (${USER_IMPORT_COLUMNS.join(",")})`);
  const columns = header.map(columnOf);
  const unknown = header.filter((_, i) => columns[i] === undefined);
  if (unknown.length > 0) {
    throw new UsageError(`${path}: unknown column ${unknown.map((name) => JSON.stringify(name)).join(", ")} (use ${USER_IMPORT_COLUMNS.join(", ")})`);
  }
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw new UsageError(`${path}: missing column ${missing.join(", ")}`);
  return body.map((line, index) => ({
    row: index + 1,
    values: Object.fromEntries(columns.map((column, i) => [column!, line[i] ?? ""])),
  }));
}

function normaliseKeys(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [columnOf(key) ?? key, value]));
}

export async function readImportFile(path: string): Promise<FileRow[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new UsageError(`${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return parseImportFile(path, text);
}

export interface ImportPlan {
  /** Rows that passed every check, ready for the provider. */
  valid: { row: number; user: BulkUserRow }[];
  refused: ImportRowReport[];
}

/** Checks every row before anything is written: the user rules, the subscriber type's roles, one row per email. */
export function planImport(rows: readonly FileRow[], subscriberType: string): ImportPlan {
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

export interface ImportProgress {
  done: number;
  total: number;
  summary: Record<BulkOutcome, number>;
}

export function emptySummary(): Record<BulkOutcome, number> {
  return { created: 0, updated: 0, suspended: 0, unsuspended: 0, unchanged: 0, refused: 0 };
}

/** Waits before each new attempt at a chunk whose call failed for a passing reason (network, 429, 502–504). */
export const CHUNK_RETRY_DELAYS_MS: readonly number[] = [1000, 4000];

/** A failure of the whole call that a later attempt may not meet (the bulk call is safe to repeat). */
function isPassing(error: ProviderError): boolean {
  return error instanceof ProviderUnavailableError || [429, 502, 503, 504].includes(error.status);
}

/** Why every row of a chunk is refused when its call failed even after the retries. */
export function chunkFailureReason(error: ProviderError): string {
  const id = error.correlationId ? ` (correlation id ${error.correlationId})` : "";
  return `Not imported: ${error.message}${id}. Run the import again to finish.`;
}

/**
 * Sends the valid rows in chunks and reports every row of the file, in file order. Stops on nothing: a call
 * that fails for a passing reason is tried again after a wait, and a chunk whose call still fails has each
 * of its rows reported refused with the reason while the next chunks go on (a second run finishes them).
 */
export async function runImport(
  ctx: RequestContext,
  options: {
    file: string;
    subscriberId: string;
    dryRun: boolean;
    chunkSize?: number;
    sleep?: (ms: number) => Promise<void>;
    retryDelaysMs?: readonly number[];
  },
  plan: ImportPlan,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportReport> {
  const chunkSize = Math.min(options.chunkSize ?? BULK_USERS_MAX_ROWS, BULK_USERS_MAX_ROWS);
  const retryDelays = options.retryDelaysMs ?? CHUNK_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const reports: ImportRowReport[] = [...plan.refused];
  const summary = emptySummary();
  summary.refused = plan.refused.length;
  const total = plan.valid.length + plan.refused.length;
  let done = plan.refused.length;
  onProgress?.({ done, total, summary: { ...summary } });
  for (let start = 0; start < plan.valid.length; start += chunkSize) {
    const chunk = plan.valid.slice(start, start + chunkSize);
    const send = () =>
      bulkSubscriberUsers(
        ctx,
        options.subscriberId,
        chunk.map((entry) => entry.user),
        { dryRun: options.dryRun },
      );
    let results: BulkUserResult[] | undefined;
    let failure: ProviderError | undefined;
    for (let attempt = 0; results === undefined && failure === undefined; attempt++) {
      try {
        results = (await send()).results;
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (!isPassing(error) || attempt >= retryDelays.length) failure = error;
        else await sleep(retryDelays[attempt]!);
      }
    }
    if (failure) {
      const reason = chunkFailureReason(failure);
      for (const entry of chunk) {
        summary.refused++;
        reports.push({ row: entry.row, email: entry.user.email, outcome: "refused", changes: [], reason });
      }
    }
    for (const result of results ?? []) {
      const entry = chunk[result.index];
      if (!entry) continue;
      summary[result.outcome]++;
      reports.push({ row: entry.row, email: result.email, outcome: result.outcome, changes: result.changes, reason: result.reason });
    }
    done += chunk.length;
    onProgress?.({ done, total, summary: { ...summary } });
  }
  reports.sort((a, b) => a.row - b.row);
  return { file: options.file, dryRun: options.dryRun, subscriberId: options.subscriberId, summary, rows: reports };
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

export function exportCsv(users: readonly ManagedUser[]): string {
  return formatCsv([
    [...USER_IMPORT_COLUMNS],
    ...users.map((user) => {
      const row = exportRow(user);
      return USER_IMPORT_COLUMNS.map((column) => row[column]);
    }),
  ]);
}

/** The JSON export: `{ users: [...] }` with roles as a list, importable as it is. */
export function exportJson(users: readonly ManagedUser[]) {
  return {
    users: users.map((user) => {
      const row = exportRow(user);
      return {
        email: row.email,
        firstName: row.firstName,
        middleName: row.middleName,
        lastName: row.lastName,
        roles: user.roleNames,
        status: row.status,
      };
    }),
  };
}
