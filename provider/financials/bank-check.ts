/**
 * INTERIM (branch h-accounts only): the bank account check's seam as agreed, so the accounts service can be
 * built and tested before the lead's check lands on main. The lead's provider/financials/bank-check.ts
 * replaces this file whole on merge (same signature, same sandbox fixtures).
 */
import { validateAccountDetails } from "uk-modulus-check";
import { copStatus } from "../../core/financials/enums.js";
import type { AccountVerificationDetail } from "../../core/financials/accounts-api.js";

export type BankCheckAnswer =
  | { outcome: "INVALID_ACCOUNT"; message: string }
  | { outcome: "CHECKED"; verification: AccountVerificationDetail };

const SANDBOX_REASON_CODES: Record<string, string> = {
  "10000016": "MBAM",
  "10000029": "BANM",
  "10000032": "PANM",
  "10000045": "BAMM",
  "10000058": "PAMM",
  "10000061": "ANNM",
  "10000074": "AC01",
  "10000087": "OPTO",
  "10000090": "ACNS",
  "10000100": "CASS",
  "10000113": "SCNS",
  "10000126": "IVCR",
};
const SANDBOX_NAMES: Record<string, string> = { "10000016": "Riverside Property Ltd", "10000045": "Riverside Property Ltd", "10000058": "Jane Riverside" };

export async function checkBankAccount(account: {
  accountName: string;
  accountNumber: string;
  bankCode: string;
  accountType: "PERSONAL" | "BUSINESS";
}): Promise<BankCheckAnswer> {
  if (!validateAccountDetails(account.bankCode, account.accountNumber)) {
    return { outcome: "INVALID_ACCOUNT", message: "Enter a valid sort code and account number" };
  }
  const reasonCode = account.bankCode === "089999" ? (SANDBOX_REASON_CODES[account.accountNumber] ?? null) : null;
  const status = account.bankCode === "089999" && account.accountNumber === "10000139" ? "ERROR" : copStatus(reasonCode);
  return {
    outcome: "CHECKED",
    verification: {
      verified: status === "MATCH",
      status,
      partnerReasonCode: reasonCode,
      actualName: SANDBOX_NAMES[account.accountNumber] ?? null,
      acceptedBy: null,
      acceptedAt: null,
      isManualOverrideAllowed: status !== "MATCH",
    },
  };
}
