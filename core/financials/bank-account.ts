/** Sort codes, account numbers and account names (document 2 sections 5.5 and 5.9). */
import { z } from "zod";
import { LIMITS } from "../shared/limits.js";
import { PATTERNS, fail, ok, requiredText, textTo } from "../shared/fields.js";
import { invalid } from "../shared/validation-messages.js";

export const SORT_CODE_MESSAGE = invalid("Sort code");
export const ACCOUNT_NUMBER_MESSAGE = invalid("Account number");

/** Text → six digits: `"123456"` or `"12-34-56"` → `"123456"`. */
export const SortCodeSchema = textTo("Sort code", (text) =>
  /^[0-9]{6}$/.test(text) || /^[0-9]{2}-[0-9]{2}-[0-9]{2}$/.test(text)
    ? ok(text.replace(/-/g, ""))
    : fail(SORT_CODE_MESSAGE),
);

/** Text → eight digits. */
export const AccountNumberSchema = textTo("Account number", (text) =>
  /^[0-9]{8}$/.test(text) ? ok(text) : fail(ACCOUNT_NUMBER_MESSAGE),
);

export const AccountNameSchema = requiredText({ label: "Account name", max: LIMITS.accountName, pattern: PATTERNS.accountName });

export const DisplayNameSchema = requiredText({ label: "Display name", max: LIMITS.displayName, pattern: PATTERNS.displayName });

/** The bank account of a line item (when no linked account applies). */
export const BankAccountSchema = z.object({
  accountName: AccountNameSchema,
  accountNumber: AccountNumberSchema,
  bankCode: SortCodeSchema,
});
export type BankAccountInput = z.output<typeof BankAccountSchema>;
