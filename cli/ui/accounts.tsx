/**
 * What `convey accounts list` prints on stdout: one line per saved account, and the columns its CSV shares
 * (narrow enough for 100 columns; `--json` has every field, the account name and the bank's name too).
 */
import { Box, Text } from "ink";
import type { FinancialAccount } from "../../core/financials/accounts-api.js";
import { frequentlyUsedAccountDisplay } from "../../core/financials/rules.js";
import type { PageInfo } from "../../core/shared/contract.js";
import { formatSortCode } from "../../core/parties/names.js";
import type { Io } from "../io.js";
import { rangeOf, type Column } from "./columns.js";
import { printResult } from "./render.js";
import { Table } from "./table.js";
import { Tone } from "./theme.js";

export const ACCOUNT_COLUMNS: Column<FinancialAccount>[] = [
  { header: "Id", value: (account) => account.financialAccountId },
  { header: "Display name", value: (account) => account.displayName, max: 18 },
  { header: "Sort code", value: (account) => formatSortCode(account.bankCode) },
  { header: "Account No.", value: (account) => account.accountNumber },
  { header: "Status", value: (account) => frequentlyUsedAccountDisplay(account.accountVerificationDetail) },
];

export function AccountsTable({ accounts, page }: { accounts: FinancialAccount[]; page: PageInfo }) {
  if (accounts.length === 0) return <Text>No accounts at the moment.</Text>;
  return (
    <Box flexDirection="column">
      <Table columns={ACCOUNT_COLUMNS} rows={accounts} rowKey={(account) => account.financialAccountId} />
      <Box marginTop={1}>
        <Tone tone="muted">{rangeOf(page)} accounts</Tone>
      </Box>
    </Box>
  );
}

export const print = {
  accounts: (io: Io, accounts: FinancialAccount[], page: PageInfo) => printResult(io, <AccountsTable accounts={accounts} page={page} />),
};
