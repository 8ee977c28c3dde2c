/**
 * The Financials tab's forms (document 2 sections 5.5, 5.6 and 5.7) on the core schemas, the same in the
 * browser and in the action: the completion date (with the picker's rules of 5.7 given the earliest date and
 * the bank holidays the loader read), the amount payable, the add or edit fund form (its rules chosen by
 * the category: core lineItemSchema), and the confirmations.
 */
import { z } from "zod";
import { CONSENT_MESSAGES, LineItemCategoryFieldSchema, lineItemSchema } from "../../core/financials/schemas.js";
import { AmountPayableFormSchema } from "../../core/financials/schemas.js";
import { COMPLETION_DATE_MESSAGES, CompletionDateSchema } from "../../core/financials/api.js";
import { formatDetailDate } from "../../core/shared/format-dates.js";
import { isWeekend } from "../../core/shared/london-time.js";
import { ticked } from "../../core/shared/fields.js";
import type { LineItemCategory } from "../../core/financials/enums.js";

export const FINANCIALS_INTENTS = [
  "completion-date",
  "confirm-completion-date",
  "amount-payable",
  "approve",
  "unapprove",
  "add-fund",
  "edit-fund",
  "delete-fund",
  "authorise",
  "unauthorise",
  "accept",
  "retry",
] as const;
export type FinancialsIntent = (typeof FINANCIALS_INTENTS)[number];

/** The messages of the completion date picker's rules (section 5.7; decision 0620). */
export const COMPLETION_DATE_RULE_MESSAGES = {
  weekend: (date: string) => `${formatDetailDate(date)} is a weekend: choose a working day`,
  bankHoliday: (date: string, title: string) => `${formatDetailDate(date)} is a bank holiday (${title}): choose a working day`,
  tooEarly: (earliest: string) => `Completion date must be ${formatDetailDate(earliest)} or later`,
  unchanged: "Choose a different date to change the completion date",
} as const;

export interface CompletionDateRules {
  /** The earliest selectable date now (today before 16:25 London time, else the next working day). */
  earliest: string;
  /** Bank holidays from the bank-holidays call. */
  bankHolidays: readonly { date: string; title: string }[];
  /** The date already set, if any. */
  current?: string | null;
}

/** The completion date form: a real date, a working day, no earlier than `earliest`; `confirmed` after the confirmation step. */
export function completionDateFormSchema(rules: CompletionDateRules) {
  return z.object({
    completionDate: CompletionDateSchema.superRefine((date, ctx) => {
      const holiday = rules.bankHolidays.find((candidate) => candidate.date === date);
      const problem = isWeekend(date)
        ? COMPLETION_DATE_RULE_MESSAGES.weekend(date)
        : holiday
          ? COMPLETION_DATE_RULE_MESSAGES.bankHoliday(date, holiday.title)
          : date < rules.earliest
            ? COMPLETION_DATE_RULE_MESSAGES.tooEarly(rules.earliest)
            : rules.current === date
              ? COMPLETION_DATE_RULE_MESSAGES.unchanged
              : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    confirmed: z.literal("yes").optional(),
  });
}
export { COMPLETION_DATE_MESSAGES };

export { AmountPayableFormSchema };

/** A confirmation: nothing to fill in. */
export const ConfirmationSchema = z.object({});

/** Manual acceptance, or proceeding without verification: the person's consent is required. */
export const ACCEPT_CONSENT_MESSAGE = "Confirm that you accept the risk of paying an account that is not verified";
export const AcceptAccountSchema = z.object({ consent: ticked(ACCEPT_CONSENT_MESSAGE) });

/** The categories that use a linked account of the participant: no bank account fields. */
export function usesLinkedAccount(category: LineItemCategory, financialAccountId: string | undefined): boolean {
  return category === "CONVEYANCING_FEES" || (category === "REDEMPTION" && Boolean(financialAccountId));
}

export interface FundFormOptions {
  autoAuthorisationEnabled?: boolean;
  /** The categories the form offers (the card's available ones, or the edited item's). */
  categories: readonly LineItemCategory[];
}

/** The value of a valid fund form, ready for the settlement contract's add or edit request. */
export interface FundFormValue {
  category: LineItemCategory;
  amount: number;
  reference: string;
  financialAccountId?: string;
  bankAccount?: { accountName: string; accountNumber: string; bankCode: string; accountType: "PERSONAL" | "BUSINESS"; displayName?: string };
  consent?: { financialCheck?: true; sourceOfFunds?: true; autoAuthorisation?: true };
}

/**
 * The add or edit fund form: the category first, then the category's rules (core lineItemSchema): amount
 * and reference always, a bank account unless a linked account applies, the Buyer Funds consent.
 */
export function fundFormSchema(options: FundFormOptions) {
  const categories = options.categories as unknown as [LineItemCategory, ...LineItemCategory[]];
  return z
    .object({
      category: categories.length > 0 ? LineItemCategoryFieldSchema.pipe(z.enum(categories, { error: () => "Choose a category this card offers" })) : LineItemCategoryFieldSchema,
      financialAccountId: z.string().optional(),
    })
    .passthrough()
    .transform((value, ctx): FundFormValue => {
      const category = value.category;
      const financialAccountId = category === "REDEMPTION" && value.financialAccountId ? value.financialAccountId : undefined;
      const linked = usesLinkedAccount(category, financialAccountId);
      const result = lineItemSchema(category, { hasLinkedAccount: linked, autoAuthorisationEnabled: options.autoAuthorisationEnabled }).safeParse(value);
      if (!result.success) {
        for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
        return z.NEVER;
      }
      const data = result.data as Omit<FundFormValue, "category" | "financialAccountId">;
      const bankAccount = data.bankAccount ? { ...data.bankAccount, displayName: data.bankAccount.displayName || undefined } : undefined;
      return { ...data, category, financialAccountId, bankAccount };
    });
}

export { CONSENT_MESSAGES };
