/**
 * The contract of frequently used financial accounts (document 2 sections 3.12, 4.10, 5.9 and 7.5):
 *
 *   GET    /api/settlement/v1/financial-accounts?type&subscriberId&page&limit[&verified=true][&displayNameSort=ASC]
 *                                                                     a subscriber's accounts → 200 FinancialAccountsPage
 *   GET    /api/settlement/v1/financial-accounts/{financialAccountId}  one account            → 200 FinancialAccount
 *   POST   /api/settlement/v1/financial-accounts                       add (checked by the bank) → 201 FinancialAccount
 *   PATCH  /api/settlement/v1/financial-accounts/{financialAccountId}  edit (checked again), or
 *                                                                       { accountVerificationDetail: { verified: true } }
 *                                                                       (manual verification)   → 200 FinancialAccount
 *   DELETE /api/settlement/v1/financial-accounts/{financialAccountId}  delete                 → 204
 *
 * Writes to an account carry its version as `If-Match: "<version>"` (428 without, 409 stale, nothing
 * written). A user sees and changes only the accounts of their selected subscriber; another subscriber's
 * account answers 404. The helpdesk administrator names the subscriber (subscriberId) and reaches any.
 * A sort code and account number that fail the UK modulus check answer 400 INVALID_ACCOUNT_NUMBER; one the
 * subscriber already has answers 400 FINANCIAL_ACCOUNT_EXISTS with FINANCIAL_ACCOUNT_EXISTS_MESSAGE.
 */
import { z } from "zod";
import { AccountNameSchema, AccountNumberSchema, DisplayNameSchema, SortCodeSchema } from "./bank-account.js";
import { AccountTypeSchema, BankVerificationStatusSchema } from "./enums.js";
import { PageInfoSchema } from "../shared/contract.js";

/** The categories of saved accounts: REDEMPTION (managed on the screens) and the preconfigured CONVEYANCING_FEES. */
export const FINANCIAL_ACCOUNT_TYPES = ["REDEMPTION", "CONVEYANCING_FEES"] as const;
export type FinancialAccountType = (typeof FINANCIAL_ACCOUNT_TYPES)[number];
export const FinancialAccountTypeSchema = z.enum(FINANCIAL_ACCOUNT_TYPES, { error: () => "Category is required" });

/** Page size of the accounts list (document 2 section 9) and the largest a request may ask for. */
export const FINANCIAL_ACCOUNTS_PAGE_SIZE = 10;
export const FINANCIAL_ACCOUNTS_MAX_LIMIT = 500;

/** Refusal codes of the accounts calls (each a 400 with its message). */
export const FINANCIAL_ACCOUNT_CODES = {
  exists: "FINANCIAL_ACCOUNT_EXISTS",
  invalidAccount: "INVALID_ACCOUNT_NUMBER",
  alreadyVerified: "ACCOUNT_ALREADY_VERIFIED",
  subscriberRequired: "SUBSCRIBER_REQUIRED",
} as const;

export const ALREADY_VERIFIED_MESSAGE = "The account is already verified.";
export const SUBSCRIBER_REQUIRED_MESSAGE = "subscriberId is required: name the subscriber whose accounts these are.";

/** The bank's check of a saved account and, after a manual verification, who accepted it and when. */
export const AccountVerificationDetailSchema = z.object({
  verified: z.boolean(),
  status: BankVerificationStatusSchema,
  partnerReasonCode: z.string().nullable(),
  /** The account name the bank returned (close matches). */
  actualName: z.string().nullable(),
  /** The subscriber user who verified the account manually. */
  acceptedBy: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  isManualOverrideAllowed: z.boolean(),
});
export type AccountVerificationDetail = z.infer<typeof AccountVerificationDetailSchema>;

export const FinancialAccountSchema = z.object({
  financialAccountId: z.string(),
  subscriberId: z.string(),
  type: FinancialAccountTypeSchema,
  displayName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  /** The sort code, six digits (shown NN-NN-NN). */
  bankCode: z.string(),
  accountType: AccountTypeSchema,
  accountVerificationDetail: AccountVerificationDetailSchema,
  version: z.number().int(),
  createdAt: z.string(),
  lastModifiedAt: z.string(),
});
export type FinancialAccount = z.infer<typeof FinancialAccountSchema>;

export const FinancialAccountsPageSchema = z.object({ records: z.array(FinancialAccountSchema), page: PageInfoSchema });
export type FinancialAccountsPage = z.infer<typeof FinancialAccountsPageSchema>;

const subscriberIdField = z.uuid({ error: () => "subscriberId must be a UUID" });

export const FinancialAccountsQuerySchema = z.object({
  type: FinancialAccountTypeSchema.default("REDEMPTION"),
  subscriberId: subscriberIdField.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(FINANCIAL_ACCOUNTS_MAX_LIMIT).default(FINANCIAL_ACCOUNTS_PAGE_SIZE),
  /** Only verified accounts (the line-item account picker). */
  verified: z.enum(["true", "false"]).optional(),
  /** By display name instead of the most recently changed first. */
  displayNameSort: z.enum(["ASC"]).optional(),
});
export type FinancialAccountsQuery = z.input<typeof FinancialAccountsQuerySchema>;

export const FinancialAccountParamsSchema = z.object({
  financialAccountId: z.uuid({ error: () => "financialAccountId must be a UUID" }),
});

/** The account's own fields, with the form's rules (document 2 section 5.9). */
const accountFields = {
  displayName: DisplayNameSchema,
  accountName: AccountNameSchema,
  accountNumber: AccountNumberSchema,
  bankCode: SortCodeSchema,
};

export const AddFinancialAccountRequestSchema = z.object({
  type: FinancialAccountTypeSchema,
  /** Required of the helpdesk administrator; anyone else's must be their selected subscriber. */
  subscriberId: subscriberIdField.optional(),
  ...accountFields,
});
export type AddFinancialAccountRequest = z.input<typeof AddFinancialAccountRequestSchema>;

export const EditFinancialAccountRequestSchema = z.object(accountFields);
export type EditFinancialAccountRequest = z.input<typeof EditFinancialAccountRequestSchema>;

export const VerifyFinancialAccountRequestSchema = z.object({
  accountVerificationDetail: z.object({ verified: z.literal(true) }),
});

/** PATCH takes either the account's fields (an edit) or the manual verification, never both. */
export const PatchFinancialAccountRequestSchema = z.union([VerifyFinancialAccountRequestSchema.strict(), EditFinancialAccountRequestSchema.strict()]);
export type PatchFinancialAccountRequest = z.input<typeof PatchFinancialAccountRequestSchema>;
