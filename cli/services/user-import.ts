/**
 * The files of `convey users import` and `users export`: a CSV or JSON file of users read from disk into
 * rows (core's planImport checks them and core's runImport sends them), and users written back as CSV in the
 * form an import reads.
 */
import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import type { ManagedUser } from "../../core/administration/api.js";
import {
  exportJsonUser,
  exportRow,
  USER_IMPORT_COLUMNS,
  UserImportFileSchema,
  type ImportFileRow,
  type UserImportColumn,
} from "../../core/administration/user-import.js";
import { UsageError } from "../errors.js";
import { CsvError, formatCsv, parseCsv } from "./csv.js";

export type ImportFormat = "csv" | "json";

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
export function parseImportFile(path: string, text: string): ImportFileRow[] {
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

export async function readImportFile(path: string): Promise<ImportFileRow[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new UsageError(`${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return parseImportFile(path, text);
}

/** The CSV's header line, written before the first page of a streamed export. */
export function exportCsvHeader(): string {
  return formatCsv([[...USER_IMPORT_COLUMNS]]);
}

/** CSV lines of these users, without the header: one page of a streamed export. */
export function exportCsvRows(users: readonly ManagedUser[]): string {
  if (users.length === 0) return "";
  return formatCsv(
    users.map((user) => {
      const row = exportRow(user);
      return USER_IMPORT_COLUMNS.map((column) => row[column]);
    }),
  );
}

export function exportCsv(users: readonly ManagedUser[]): string {
  return exportCsvHeader() + exportCsvRows(users);
}

/**
 * The text of a streamed export, piece by piece: `start`, then `page` for each page of users as it comes,
 * then `end`. Put together, exactly `exportCsv` of every user, or the JSON export as `JSON.stringify(…, null, 2)`
 * writes it, so a streamed file reads back like the one-piece one did.
 */
export function exportPieces(format: "csv" | "json") {
  let users = 0;
  const indent = (text: string) => text.replace(/^/gm, "    ");
  return {
    start: () => (format === "csv" ? exportCsvHeader() : '{\n  "users": ['),
    page(page: readonly ManagedUser[]): string {
      const text =
        format === "csv"
          ? exportCsvRows(page)
          : page.map((user, index) => `${users + index === 0 ? "\n" : ",\n"}${indent(JSON.stringify(exportJsonUser(user), null, 2))}`).join("");
      users += page.length;
      return text;
    },
    end: () => (format === "csv" ? "" : users === 0 ? "]\n}\n" : "\n  ]\n}\n"),
    count: () => users,
  };
}

