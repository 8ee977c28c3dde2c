/**
 * What the frequently used account screens show of an account (document 2 sections 2.4 and 4.10): the
 * status text and its badge, the category label, the sort code as NN-NN-NN and the date; and the paths of
 * the screens.
 */
import type { FinancialAccount } from "../../core/financials/accounts-api.js";
import { LINE_ITEM_CATEGORY_LABELS } from "../../core/financials/enums.js";
import { canReviewFrequentlyUsedAccount, FREQUENTLY_USED_ACCOUNT_DISPLAY, frequentlyUsedAccountDisplay } from "../../core/financials/rules.js";
import { formatListDate } from "../../core/shared/format-dates.js";
import { formatSortCode } from "../../core/parties/names.js";

export const ACCOUNTS_PATH = "/financial-accounts";
export const ADD_ACCOUNT_PATH = "/add-financial-account";
export const accountPath = (financialAccountId: string, view?: "summary" | "review" | "delete") =>
  `/edit-financial-account/${encodeURIComponent(financialAccountId)}${view ? `?view=${view}` : ""}`;

/** Accounts per page offered by the pager; 10 is the default (document 2 section 9). */
export const ACCOUNT_PAGE_SIZES = [10, 25, 50] as const;

export interface AccountView {
  financialAccountId: string;
  displayName: string;
  accountName: string;
  accountNumber: string;
  sortCode: string;
  bankCode: string;
  category: string;
  accountType: string;
  date: string;
  status: string;
  verified: boolean;
  /** The account name the bank returned, when it returned one. */
  actualName: string | null;
  canReview: boolean;
  version: number;
}

export function accountView(account: FinancialAccount, canEdit: boolean): AccountView {
  const detail = account.accountVerificationDetail;
  return {
    financialAccountId: account.financialAccountId,
    displayName: account.displayName,
    accountName: account.accountName,
    accountNumber: account.accountNumber,
    sortCode: formatSortCode(account.bankCode),
    bankCode: account.bankCode,
    category: LINE_ITEM_CATEGORY_LABELS[account.type],
    accountType: account.accountType === "BUSINESS" ? "Business" : "Personal",
    date: formatListDate(account.lastModifiedAt),
    status: frequentlyUsedAccountDisplay(detail),
    verified: detail.verified,
    actualName: detail.actualName,
    canReview: canReviewFrequentlyUsedAccount(canEdit, detail),
    version: account.version,
  };
}

/** The badge class of a status text. */
export function statusBadgeClass(status: string): string {
  if (status === FREQUENTLY_USED_ACCOUNT_DISPLAY.verified) return "badge badge-active";
  if (status === FREQUENTLY_USED_ACCOUNT_DISPLAY.manuallyVerified) return "badge badge-blocked";
  return "badge badge-pending";
}

/** Toasts of the account screens (document 2 section 8). */
export const ACCOUNT_TOASTS = {
  added: "Account saved. The bank has verified the account.",
  changed: "Changes saved. The bank has verified the account.",
  verificationFailed: "The bank could not verify the account. Review the details before you use it.",
  deleted: (name: string) => `${name} has been deleted.`,
  verifiedManually: (name: string) => `${name} has been manually verified.`,
} as const;
