/**
 * `convey accounts import <file.csv>`: saved Redemption accounts in bulk, one row at a time through the same
 * calls as the screens. CSV header: `displayName,accountName,sortCode,accountNumber`. Every row is checked with
 * core's form rules first (a file with a bad row changes nothing); a row is matched to a saved account by sort
 * code and account number, so a second run changes nothing: the same details are `unchanged`, other names
 * are `updated` (and checked by the bank again), a new account is `created`. Each row reports the bank's
 * answer (verified or requiring review); a refusal (the modulus check, a duplicate) is `refused` with the
 * provider's reason and the other rows still go ahead.
 */
import { readFile } from "node:fs/promises";
import type { FinancialAccount } from "../../core/financials/accounts-api.js";
import { addFinancialAccount, editFinancialAccount, listFinancialAccounts } from "../../core/financials/accounts-client.js";
import { FrequentlyUsedAccountSchema } from "../../core/financials/schemas.js";
import { frequentlyUsedAccountDisplay } from "../../core/financials/rules.js";
import { ProviderError } from "../../core/shared/provider-errors.js";
import type { RequestContext } from "../../core/shared/provider-client.js";
import { CliError } from "../errors.js";
import { CsvError, parseCsv } from "./csv.js";

export const ACCOUNT_IMPORT_HEADER = ["displayName", "accountName", "sortCode", "accountNumber"] as const;

export interface AccountImportRow {
  row: number;
  displayName: string;
  sortCode: string;
  accountNumber: string;
  outcome: "created" | "updated" | "unchanged" | "refused";
  /** The account's status after the row (Account verified, Manually verified, Requires review). */
  status: string | null;
  reason: string | null;
}

interface ParsedRow {
  row: number;
  displayName: string;
  accountName: string;
  bankCode: string;
  accountNumber: string;
}

/** Reads and checks the file: every problem of every row at once, nothing sent when there is one. */
export async function readAccountsFile(path: string): Promise<ParsedRow[]> {
  let cells: string[][];
  try {
    cells = parseCsv(await readFile(path, "utf8"));
  } catch (error) {
    if (error instanceof CsvError) throw new CliError(`${path}: ${error.message}`);
    throw new CliError(`${path} cannot be read: ${(error as Error).message}`);
  }
  const [header, ...lines] = cells.filter((line) => line.some((cell) => cell.trim() !== ""));
  if (!header || ACCOUNT_IMPORT_HEADER.some((name, index) => header[index]?.trim() !== name)) {
    throw new CliError(`${path}: the first line must be the header ${ACCOUNT_IMPORT_HEADER.join(",")}`);
  }
  const problems: string[] = [];
  const rows: ParsedRow[] = [];
  lines.forEach((line, index) => {
    const row = index + 2;
    const [displayName = "", accountName = "", sortCode = "", accountNumber = ""] = line.map((cell) => cell.trim());
    const parsed = FrequentlyUsedAccountSchema.safeParse({ type: "REDEMPTION", displayName, accountName, bankCode: sortCode, accountNumber });
    if (!parsed.success) {
      problems.push(`row ${row}: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`);
      return;
    }
    rows.push({ row, displayName: parsed.data.displayName, accountName: parsed.data.accountName, bankCode: parsed.data.bankCode, accountNumber: parsed.data.accountNumber });
  });
  if (problems.length > 0) throw new CliError(`${path} was not imported, nothing was changed:\n${problems.join("\n")}`);
  return rows;
}

/** Every saved Redemption account of the subscriber, a page of 500 at a time. */
async function savedAccounts(ctx: RequestContext, subscriberId: string | undefined): Promise<FinancialAccount[]> {
  const accounts: FinancialAccount[] = [];
  for (let page = 1; ; page++) {
    const result = await listFinancialAccounts(ctx, { subscriberId, type: "REDEMPTION", page, limit: 500 });
    accounts.push(...result.records);
    if (accounts.length >= result.page.totalRecords || result.records.length === 0) return accounts;
  }
}

export async function importAccounts(ctx: RequestContext, subscriberId: string | undefined, rows: ParsedRow[]): Promise<AccountImportRow[]> {
  const saved = await savedAccounts(ctx, subscriberId);
  const report: AccountImportRow[] = [];
  for (const row of rows) {
    const base = { row: row.row, displayName: row.displayName, sortCode: row.bankCode, accountNumber: row.accountNumber };
    const existing = saved.find((account) => account.bankCode === row.bankCode && account.accountNumber === row.accountNumber);
    try {
      if (existing && existing.displayName === row.displayName && existing.accountName === row.accountName) {
        report.push({ ...base, outcome: "unchanged", status: frequentlyUsedAccountDisplay(existing.accountVerificationDetail), reason: null });
        continue;
      }
      const fields = { displayName: row.displayName, accountName: row.accountName, bankCode: row.bankCode, accountNumber: row.accountNumber };
      const result = existing
        ? await editFinancialAccount(ctx, existing.financialAccountId, existing.version, fields)
        : await addFinancialAccount(ctx, { type: "REDEMPTION", subscriberId, ...fields });
      if (!existing) saved.push(result);
      report.push({ ...base, outcome: existing ? "updated" : "created", status: frequentlyUsedAccountDisplay(result.accountVerificationDetail), reason: null });
    } catch (error) {
      if (!(error instanceof ProviderError) || error.status !== 400) throw error;
      report.push({ ...base, outcome: "refused", status: null, reason: error.message });
    }
  }
  return report;
}
