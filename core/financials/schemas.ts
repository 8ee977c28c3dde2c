/**
 * Financial forms (document 2 sections 5.5, 5.6 and 5.9): line items (amount, reference and bank account
 * by category), the amount payable on completion, and frequently used accounts (with the server's
 * duplicate check passed in).
 */
import { z } from "zod";
import { ALLOWED_ACCOUNT_TYPES, LINE_ITEM_CATEGORIES, type LineItemCategory } from "./enums.js";
import { LIMITS } from "../shared/limits.js";
import { AccountNameSchema, AccountNumberSchema, DisplayNameSchema, SortCodeSchema } from "./bank-account.js";
import { PATTERNS, requiredChoice, requiredText, ticked } from "../shared/fields.js";
import { AmountPayableSchema, LineItemAmountSchema } from "../shared/money.js";

export const LINE_ITEM_REFERENCE_MAX = LIMITS.lineItemReference;
export const LineItemReferenceSchema = requiredText({
  label: "Reference",
  max: LINE_ITEM_REFERENCE_MAX,
  pattern: PATTERNS.lineItemReference,
});

export const CONSENT_MESSAGES = {
  financialCheck: "Confirm that you have completed the financial checks",
  sourceOfFunds: "Confirm that you have verified the source of funds",
  autoAuthorisation: "Confirm that the funds can be authorised automatically when received",
} as const;

/** Whether a category's line item carries a bank account of its own (the others use a linked account). */
export function needsBankAccount(category: LineItemCategory): boolean {
  return ALLOWED_ACCOUNT_TYPES[category].length > 0;
}

export interface LineItemSchemaOptions {
  /** A linked account (frequently used or preconfigured) applies instead of typed bank details. */
  hasLinkedAccount?: boolean;
  /** auto-authorisation is on: Buyer Funds needs the single consent box instead of the two ticks. */
  autoAuthorisationEnabled?: boolean;
}

/**
 * The add or edit fund form for one category: amount and reference always; a bank account (with the
 * category's allowed account type) unless a linked account applies; the Buyer Funds consent.
 */
export function lineItemSchema(category: LineItemCategory, options: LineItemSchemaOptions = {}) {
  const accountTypes = ALLOWED_ACCOUNT_TYPES[category];
  const base = z.object({ amount: LineItemAmountSchema, reference: LineItemReferenceSchema });
  const withAccount =
    needsBankAccount(category) && !options.hasLinkedAccount
      ? base.extend({
          bankAccount: z.object({
            accountName: AccountNameSchema,
            accountNumber: AccountNumberSchema,
            bankCode: SortCodeSchema,
            accountType: requiredChoice(accountTypes as unknown as [string, ...string[]], "Account type"),
            displayName: z.string().optional(),
          }),
        })
      : base;
  if (category !== "BUYER_FUNDS") return withAccount;
  return options.autoAuthorisationEnabled
    ? withAccount.extend({ consent: z.object({ autoAuthorisation: ticked(CONSENT_MESSAGES.autoAuthorisation) }) })
    : withAccount.extend({
        consent: z.object({
          financialCheck: ticked(CONSENT_MESSAGES.financialCheck),
          sourceOfFunds: ticked(CONSENT_MESSAGES.sourceOfFunds),
        }),
      });
}

export const LineItemCategoryFieldSchema = requiredChoice(LINE_ITEM_CATEGORIES, "Category");

export const AmountPayableFormSchema = z.object({ amountPayableOnCompletion: AmountPayableSchema });

/** The frequently used account's duplicate check: the server answered 'Financial Account already exists'. */
export type AccountExists = (account: { bankCode: string; accountNumber: string }) => boolean;

/** A message that marks a field as in error without text (zod replaces an empty one with its default). */
export const BLANK_MESSAGE = " ";

/**
 * The frequently used account form. `accountExists` is the server-only check; when it reports a duplicate,
 * the form carries the alert and both the sort code and account number fields a blank message (highlighted).
 */
export function frequentlyUsedAccountSchema(accountExists: AccountExists = () => false) {
  return z
    .object({
      type: requiredChoice(["REDEMPTION"] as const, "Category"),
      displayName: DisplayNameSchema,
      accountName: AccountNameSchema,
      accountNumber: AccountNumberSchema,
      bankCode: SortCodeSchema,
    })
    .superRefine((account, ctx) => {
      if (accountExists({ bankCode: account.bankCode, accountNumber: account.accountNumber })) {
        ctx.addIssue({ code: "custom", message: FINANCIAL_ACCOUNT_EXISTS_ALERT, path: [] });
        ctx.addIssue({ code: "custom", message: BLANK_MESSAGE, path: ["bankCode"] });
        ctx.addIssue({ code: "custom", message: BLANK_MESSAGE, path: ["accountNumber"] });
      }
    });
}
export const FrequentlyUsedAccountSchema = frequentlyUsedAccountSchema();

/** The provider's 400 message for a duplicate account, and the alert the form shows. */
export const FINANCIAL_ACCOUNT_EXISTS_MESSAGE = "Financial Account already exists for the subscriber";
export const FINANCIAL_ACCOUNT_EXISTS_ALERT = "This financial account already exists.";
