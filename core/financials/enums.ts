/** Enumerations of the financial settlement schedule and bank verification (document 2 sections 3.9 to 3.13). */
import { z } from "zod";
import { labelsFor } from "../shared/labels.js";

export const LINE_ITEM_TYPES = ["SOURCE", "DESTINATION"] as const;
export type LineItemType = (typeof LINE_ITEM_TYPES)[number];
export const LineItemTypeSchema = z.enum(LINE_ITEM_TYPES);
export const LINE_ITEM_TYPE_LABELS = labelsFor(LINE_ITEM_TYPES, { SOURCE: "Fund source", DESTINATION: "Fund destination" });

export const SOURCE_CATEGORIES = ["MORTGAGE_ADVANCE", "BUYER_FUNDS"] as const;
export const DESTINATION_CATEGORIES = ["REDEMPTION", "SURPLUS", "CONVEYANCING_FEES", "ONWARD_FUNDS"] as const;
export const LINE_ITEM_CATEGORIES = [...SOURCE_CATEGORIES, ...DESTINATION_CATEGORIES] as const;
export type LineItemCategory = (typeof LINE_ITEM_CATEGORIES)[number];
export type SourceCategory = (typeof SOURCE_CATEGORIES)[number];
export type DestinationCategory = (typeof DESTINATION_CATEGORIES)[number];
export const LineItemCategorySchema = z.enum(LINE_ITEM_CATEGORIES, { error: () => "Category is required" });
export const LINE_ITEM_CATEGORY_LABELS: Readonly<Record<LineItemCategory, string>> = {
  MORTGAGE_ADVANCE: "Mortgage Advance",
  BUYER_FUNDS: "Buyer Funds",
  REDEMPTION: "Redemption",
  SURPLUS: "Surplus",
  CONVEYANCING_FEES: "Conveyancing Fees",
  ONWARD_FUNDS: "Onward Funds",
};

export function lineItemTypeOf(category: LineItemCategory): LineItemType {
  return (SOURCE_CATEGORIES as readonly string[]).includes(category) ? "SOURCE" : "DESTINATION";
}

export const ACCOUNT_TYPES = ["PERSONAL", "BUSINESS"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES, { error: () => "Account type is required" });
export const ACCOUNT_TYPE_LABELS = labelsFor(ACCOUNT_TYPES);

/**
 * The account types a category's bank account may have (document 2 section 3.10). A Mortgage Advance
 * and Buyer Funds carry no bank account of their own (the lender's and the firm's accounts are linked),
 * so they allow none.
 */
export const ALLOWED_ACCOUNT_TYPES: Readonly<Record<LineItemCategory, readonly AccountType[]>> = {
  MORTGAGE_ADVANCE: [],
  BUYER_FUNDS: [],
  REDEMPTION: ["BUSINESS"],
  SURPLUS: ["PERSONAL", "BUSINESS"],
  CONVEYANCING_FEES: ["BUSINESS"],
  ONWARD_FUNDS: ["BUSINESS"],
};

/**
 * The line-item categories a participant may add: Buyer Funds is offered as a source only on a
 * purchase with the sourcing-of-funds flag on.
 */
export function availableLineItemCategories(
  type: LineItemType,
  transactionType: "PURCHASE" | "REMORTGAGE",
  sourcingOfFundsEnabled: boolean,
): LineItemCategory[] {
  if (type === "DESTINATION") return [...DESTINATION_CATEGORIES];
  return SOURCE_CATEGORIES.filter(
    (category) => category !== "BUYER_FUNDS" || (transactionType === "PURCHASE" && sourcingOfFundsEnabled),
  );
}

export const FINANCIAL_SETTLEMENT_SCHEDULE_STATUSES = [
  "IN_PREPARATION",
  "PREPARED",
  "READY",
  "SETTLING",
  "APPROVED",
  "SETTLED",
  "CANCELLED",
] as const;
export type FinancialSettlementScheduleStatus = (typeof FINANCIAL_SETTLEMENT_SCHEDULE_STATUSES)[number];
export const FinancialSettlementScheduleStatusSchema = z.enum(FINANCIAL_SETTLEMENT_SCHEDULE_STATUSES);
export const FINANCIAL_SETTLEMENT_SCHEDULE_STATUS_LABELS = labelsFor(FINANCIAL_SETTLEMENT_SCHEDULE_STATUSES);

export const FINANCIAL_APPROVAL_STATUSES = ["NOT_READY", "READY", "APPROVED"] as const;
export type FinancialApprovalStatus = (typeof FINANCIAL_APPROVAL_STATUSES)[number];
export const FinancialApprovalStatusSchema = z.enum(FINANCIAL_APPROVAL_STATUSES);
export const FINANCIAL_APPROVAL_STATUS_LABELS = labelsFor(FINANCIAL_APPROVAL_STATUSES);

/** sourceFundsStatus values that count as funds received on a Buyer Funds item. */
export const FUNDS_RECEIVED_STATUSES = [
  "FUNDS_RECEIVED_BALANCED",
  "FUNDS_RECEIVED_UNDERPAID",
  "FUNDS_RECEIVED_OVERPAID",
] as const;
export type FundsReceivedStatus = (typeof FUNDS_RECEIVED_STATUSES)[number];
export function isFundsReceived(sourceFundsStatus: string | null | undefined): boolean {
  return (FUNDS_RECEIVED_STATUSES as readonly (string | null | undefined)[]).includes(sourceFundsStatus);
}

export const BANK_VERIFICATION_STATUSES = [
  "MATCH",
  "NAME_PARTIAL_MATCH",
  "NAME_PARTIAL_MATCH_TYPE_NO_MATCH",
  "TYPE_NO_MATCH",
  "NO_MATCH",
  "UNABLE_TO_MATCH",
  "ERROR",
  "TIMEOUT",
  "ACCOUNT_VERIFICATION_NOT_RUN",
] as const;
export type BankVerificationStatus = (typeof BANK_VERIFICATION_STATUSES)[number];
export const BankVerificationStatusSchema = z.enum(BANK_VERIFICATION_STATUSES);
export const BANK_VERIFICATION_STATUS_LABELS = labelsFor(BANK_VERIFICATION_STATUSES);

/**
 * Confirmation of Payee reason codes (docs/decisions/0106-cop-reason-codes.md) with the product status
 * each one gives and whether the scheme returns the account's actual name.
 */
export const COP_REASON_CODES = {
  MBAM: { status: "NAME_PARTIAL_MATCH", returnsName: true, meaning: "Close match" },
  BANM: { status: "TYPE_NO_MATCH", returnsName: false, meaning: "Name matches, but it is a business account" },
  PANM: { status: "TYPE_NO_MATCH", returnsName: false, meaning: "Name matches, but it is a personal account" },
  BAMM: { status: "NAME_PARTIAL_MATCH_TYPE_NO_MATCH", returnsName: true, meaning: "Close match, and a business account" },
  PAMM: { status: "NAME_PARTIAL_MATCH_TYPE_NO_MATCH", returnsName: true, meaning: "Close match, and a personal account" },
  ANNM: { status: "NO_MATCH", returnsName: false, meaning: "No match" },
  AC01: { status: "UNABLE_TO_MATCH", returnsName: false, meaning: "Incorrect account number or account not found" },
  OPTO: { status: "UNABLE_TO_MATCH", returnsName: false, meaning: "Payee opted out" },
  ACNS: { status: "UNABLE_TO_MATCH", returnsName: false, meaning: "Account not supported" },
  CASS: { status: "UNABLE_TO_MATCH", returnsName: false, meaning: "Account switched" },
  SCNS: { status: "UNABLE_TO_MATCH", returnsName: false, meaning: "Sort code mismatch" },
  IVCR: { status: "UNABLE_TO_MATCH", returnsName: false, meaning: "Invalid customer reference" },
} as const satisfies Record<string, { status: BankVerificationStatus; returnsName: boolean; meaning: string }>;
export type CopReasonCode = keyof typeof COP_REASON_CODES;
export const COP_REASON_CODE_VALUES = Object.keys(COP_REASON_CODES) as CopReasonCode[];

/** The product status of a name check: MATCH without a reason code, otherwise by the reason code. */
export function copStatus(reasonCode: string | null | undefined): BankVerificationStatus {
  if (reasonCode === null || reasonCode === undefined || reasonCode === "") return "MATCH";
  return (COP_REASON_CODES as Record<string, { status: BankVerificationStatus }>)[reasonCode]?.status ?? "UNABLE_TO_MATCH";
}

export const FREQUENTLY_USED_ACCOUNT_CATEGORIES = ["REDEMPTION"] as const;
export type FrequentlyUsedAccountCategory = (typeof FREQUENTLY_USED_ACCOUNT_CATEGORIES)[number];
export const FrequentlyUsedAccountCategorySchema = z.enum(FREQUENTLY_USED_ACCOUNT_CATEGORIES, {
  error: () => "Category is required",
});
/** A frequently used account is always a business account. */
export const FREQUENTLY_USED_ACCOUNT_TYPE: AccountType = "BUSINESS";

/** Accounts fetched per subscriber: preconfigured Conveyancing Fees, or frequently used Redemption. */
export const SUBSCRIBER_ACCOUNT_KINDS = ["CONVEYANCING_FEES", "REDEMPTION"] as const;
