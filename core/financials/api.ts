/**
 * The contract of the financial settlement schedule and its line items (document 2 sections 3.9, 3.10, 4.6,
 * 4.7, 4.7a, 5.5, 5.6, 5.7 and 7.4):
 *
 *   GET    /api/settlement/v1/financial-settlement-schedules?workspace_id=       the workspace's schedule → 200 { records: [Schedule] }
 *   PATCH  /api/settlement/v1/financial-settlement-schedules/{id}                completion date, amount payable or approval → 200 Schedule
 *   POST   /api/settlement/v1/financial-settlement-schedules/{id}/line-items     add a line item → 201 Schedule
 *   PATCH  /api/settlement/v1/financial-settlement-schedules/{id}/line-items/{lineItemId}
 *                                                                               accept the account, (un)authorise, or edit → 200 Schedule
 *   DELETE /api/settlement/v1/financial-settlement-schedules/{id}/line-items/{lineItemId}  delete → 200 Schedule
 *
 * Versions: the schedule's version moves on with every change to the schedule or any of its line items; each
 * line item has its own version as well. A schedule PATCH and adding a line item carry the schedule's version as
 * `If-Match`; a line item's PATCH and DELETE carry the line item's. Without it 428; stale 409 with the conflict
 * message and nothing written. Every write answers the whole updated schedule (also its version as ETag).
 *
 * Refusals: 400 with `{ status, code, message }` — a field's message is `Invalid request. body.<field>: <text>`
 * (the shape of the provider's request validation, read back with `fieldErrorsOf`), a rule's refusal a sentence
 * with a code of FINANCIAL_REFUSAL_CODES; 403 without the permission; 404 outside the caller's workspaces.
 */
import { z } from "zod";
import {
  AccountTypeSchema,
  BankVerificationStatusSchema,
  FinancialApprovalStatusSchema,
  FinancialSettlementScheduleStatusSchema,
  LineItemCategorySchema,
  LineItemTypeSchema,
} from "./enums.js";
import { AccountNameSchema, AccountNumberSchema, SortCodeSchema } from "./bank-account.js";
import { LineItemReferenceSchema } from "./schemas.js";
import { AMOUNT_PAYABLE_RULES, LINE_ITEM_AMOUNT_RULES, type MoneyRules } from "../shared/money.js";
import { isIsoDate } from "../shared/london-time.js";
import { optionalText } from "../shared/fields.js";
import { LIMITS } from "../shared/limits.js";

export const SETTLEMENT_API = "/api/settlement/v1";
export const SCHEDULES_PATH = `${SETTLEMENT_API}/financial-settlement-schedules`;

// ---------------------------------------------------------------------------------------------------
// Money over the API: integer pence, with the rules of 5.5 / 5.6 (at least 1.00, up to 12 integer digits)

/** The largest amount with 12 integer digits and 2 decimals, in pence. */
export const MAX_AMOUNT_PENCE = 99_999_999_999_999;

function penceSchema(rules: MoneyRules) {
  return z
    .number({ error: () => rules.messages.required })
    .int({ error: () => rules.messages.invalid })
    .min(rules.minPence, { error: () => rules.messages.minimum })
    .max(MAX_AMOUNT_PENCE, { error: () => rules.messages.length });
}
export const LineItemAmountPenceSchema = penceSchema(LINE_ITEM_AMOUNT_RULES);
export const AmountPayablePenceSchema = penceSchema(AMOUNT_PAYABLE_RULES);

// ---------------------------------------------------------------------------------------------------
// Bank verification (3.11): the shape core/financials/verification.ts names VerificationDetail

export const LineItemVerificationDetailSchema = z.object({
  verified: z.boolean(),
  status: BankVerificationStatusSchema,
  partnerReasonCode: z.string().nullable(),
  actualName: z.string().nullable(),
  /** The subscriber user who accepted the account by hand (or proceeded without verification). */
  acceptedBy: z.string().nullable(),
  /** ISO date-time of that acceptance. */
  acceptedAt: z.string().nullable(),
  isManualOverrideAllowed: z.boolean(),
});

// ---------------------------------------------------------------------------------------------------
// Answers

export const BankAccountSchema = z.object({
  accountName: z.string(),
  accountNumber: z.string(),
  /** Six digits (shown NN-NN-NN). */
  bankCode: z.string(),
  displayName: z.string().nullable(),
  accountType: AccountTypeSchema,
});

export const ConsentSchema = z.object({
  financialCheck: z.boolean().optional(),
  sourceOfFunds: z.boolean().optional(),
  autoAuthorisation: z.boolean().optional(),
});

export const LineItemSchema = z.object({
  lineItemId: z.string(),
  /** The product's reference of the line item (payments quote it), e.g. LI-0000012. */
  lineItemReference: z.string(),
  type: LineItemTypeSchema,
  category: LineItemCategorySchema,
  /** Pence. */
  amount: z.number().int(),
  reference: z.string(),
  authorised: z.boolean(),
  hasLinkedAccount: z.boolean(),
  financialAccountId: z.string().nullable(),
  sourceFundsStatus: z.string().nullable(),
  consent: ConsentSchema.nullable(),
  bankAccount: BankAccountSchema.nullable(),
  verificationDetail: LineItemVerificationDetailSchema.nullable(),
  version: z.number().int(),
  lastModifiedAt: z.string(),
});
export type LineItem = z.infer<typeof LineItemSchema>;

export const ScheduleParticipantSchema = z.object({ participantId: z.string(), role: z.string(), subscriberId: z.string() });
export const ScheduleApprovalSchema = z.object({
  participantId: z.string(),
  isApproved: z.boolean(),
  status: FinancialApprovalStatusSchema,
});

export const ScheduleSchema = z.object({
  financialSettlementScheduleId: z.string(),
  workspaceId: z.string(),
  workspaceStatus: z.string(),
  /** YYYY-MM-DD. */
  completionDate: z.string().nullable(),
  /** Pence; null until set. */
  amountPayableOnCompletion: z.number().int().nullable(),
  approved: z.boolean(),
  hardLocked: z.boolean(),
  status: FinancialSettlementScheduleStatusSchema,
  participants: z.array(ScheduleParticipantSchema),
  approvals: z.array(ScheduleApprovalSchema),
  lineItems: z.array(LineItemSchema),
  version: z.number().int(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const SchedulesResponseSchema = z.object({ records: z.array(ScheduleSchema) });
export type SchedulesResponse = z.infer<typeof SchedulesResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Requests

export const SchedulesQuerySchema = z.object({ workspace_id: z.uuid({ error: () => "workspace_id must be a UUID" }) });
export const ScheduleParamsSchema = z.object({ id: z.uuid({ error: () => "id must be a UUID" }) });
export const LineItemParamsSchema = ScheduleParamsSchema.extend({
  lineItemId: z.uuid({ error: () => "lineItemId must be a UUID" }),
});

export const COMPLETION_DATE_MESSAGES = {
  required: "Enter the completion date",
  invalid: "Completion date must be a real date, as YYYY-MM-DD",
  notSelectable: "Completion date must be a working day, no earlier than the earliest date that can be chosen now",
} as const;

export const CompletionDateSchema = z
  .string({ error: () => COMPLETION_DATE_MESSAGES.required })
  .refine((value) => isIsoDate(value), { error: () => COMPLETION_DATE_MESSAGES.invalid });

export const EXACTLY_ONE_CHANGE_MESSAGE = "Send exactly one change: completionDate, amountPayableOnCompletion or approved";

/**
 * Exactly one of the three changes a schedule takes. One object with optional keys (rather than a union), so
 * that a refused value answers its own field's message.
 */
export const SchedulePatchRequestSchema = z
  .strictObject({
    completionDate: CompletionDateSchema.optional(),
    amountPayableOnCompletion: AmountPayablePenceSchema.optional(),
    approved: z.boolean({ error: () => "approved must be true or false" }).optional(),
  })
  .superRefine((body, ctx) => {
    const given = [body.completionDate, body.amountPayableOnCompletion, body.approved].filter((value) => value !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: "custom", message: EXACTLY_ONE_CHANGE_MESSAGE, path: [] });
  });
export type SchedulePatchRequest = { completionDate: string } | { amountPayableOnCompletion: number } | { approved: boolean };

/** A bank account as a line item's request carries it (5.5): the category's allowed type is checked by the service. */
export const BankAccountRequestSchema = z.object({
  accountName: AccountNameSchema,
  accountNumber: AccountNumberSchema,
  bankCode: SortCodeSchema,
  displayName: optionalText({ label: "Display name", max: LIMITS.displayName }),
  accountType: AccountTypeSchema,
});
export type BankAccountRequest = z.input<typeof BankAccountRequestSchema>;

export const ConsentRequestSchema = z.strictObject({
  financialCheck: z.literal(true).optional(),
  sourceOfFunds: z.literal(true).optional(),
  autoAuthorisation: z.literal(true).optional(),
});

const lineItemData = {
  amount: LineItemAmountPenceSchema,
  reference: LineItemReferenceSchema,
  bankAccount: BankAccountRequestSchema.optional(),
  /** A saved REDEMPTION account of the caller's subscriber: the line item links it instead of typed details. */
  financialAccountId: z.uuid({ error: () => "financialAccountId must be a UUID" }).optional(),
  consent: ConsentRequestSchema.optional(),
};

export const AddLineItemRequestSchema = z.strictObject({ category: LineItemCategorySchema, ...lineItemData });
export type AddLineItemRequest = z.input<typeof AddLineItemRequestSchema>;

export const EditLineItemDataSchema = z.strictObject(lineItemData);
export type EditLineItemData = z.input<typeof EditLineItemDataSchema>;

export const LINE_ITEM_PATCH_MESSAGES = {
  onlyOne: "Send one change: verificationDetail, authorised, or the line item's data (amount and reference)",
} as const;

/**
 * Exactly one of: accept the account by hand ({ verificationDetail: { verified: true } }), authorise or
 * un-authorise ({ authorised }), or edit the data (amount and reference required, bank account, saved account
 * and consent optional). One object with optional keys, so that each refused value answers its own message.
 */
export const LineItemPatchRequestSchema = z
  .strictObject({
    verificationDetail: z.strictObject({ verified: z.literal(true, { error: () => "verificationDetail.verified must be true" }) }).optional(),
    authorised: z.boolean({ error: () => "authorised must be true or false" }).optional(),
    amount: LineItemAmountPenceSchema.optional(),
    reference: LineItemReferenceSchema.optional(),
    bankAccount: lineItemData.bankAccount,
    financialAccountId: lineItemData.financialAccountId,
    consent: lineItemData.consent,
  })
  .superRefine((body, ctx) => {
    const data = ["amount", "reference", "bankAccount", "financialAccountId", "consent"].some((key) => key in body);
    const kinds = [body.verificationDetail !== undefined, body.authorised !== undefined, data].filter(Boolean).length;
    if (kinds !== 1) {
      ctx.addIssue({ code: "custom", message: LINE_ITEM_PATCH_MESSAGES.onlyOne, path: [] });
      return;
    }
    if (data) {
      if (body.amount === undefined) ctx.addIssue({ code: "custom", message: LINE_ITEM_AMOUNT_RULES.messages.required, path: ["amount"] });
      if (body.reference === undefined) ctx.addIssue({ code: "custom", message: "Reference is required", path: ["reference"] });
    }
  });
export type LineItemPatchRequest = { verificationDetail: { verified: true } } | { authorised: boolean } | EditLineItemData;

// ---------------------------------------------------------------------------------------------------
// Refusals (400) that are rules rather than a field: their codes and messages

export const FINANCIAL_REFUSAL_CODES = {
  scheduleNotEditable: "SCHEDULE_NOT_EDITABLE",
  categoryNotAvailable: "CATEGORY_NOT_AVAILABLE",
  lineItemNotEditable: "LINE_ITEM_NOT_EDITABLE",
  notAuthorisable: "LINE_ITEM_NOT_AUTHORISABLE",
  notUnauthorisable: "LINE_ITEM_NOT_UNAUTHORISABLE",
  accountNotAcceptable: "ACCOUNT_NOT_ACCEPTABLE",
  accountNotVerified: "ACCOUNT_NOT_VERIFIED",
  approvalNotAllowed: "FINANCIALS_APPROVAL_NOT_ALLOWED",
  noConveyancingFeesAccount: "NO_CONVEYANCING_FEES_ACCOUNT",
} as const;

export const FINANCIAL_MESSAGES = {
  lineItemNotFound: "There is no line item with that id in this financial settlement schedule.",
  scheduleNotFound: "There is no financial settlement schedule with that id, or you are not a participant in its workspace.",
  categoryNotAvailable: (label: string) => `${label} cannot be added to this workspace.`,
  bankAccountRequired: "Enter the bank account details",
  bankAccountNotAllowed: (label: string) => `${label} has no bank account of its own`,
  accountTypeNotAllowed: (label: string, allowed: string) => `A ${label} account must be a ${allowed} account`,
  financialAccountNotFound: "Choose one of your firm's saved Redemption accounts",
  financialAccountNotAllowed: (label: string) => `${label} cannot use a saved account`,
  noConveyancingFeesAccount:
    "Your firm has no preconfigured Conveyancing Fees account. Please contact support to set one up.",
  consentNotAllowed: "Consent is only given for Buyer Funds",
  notAcceptable: "This account can only be accepted without verification after a name check that did not match.",
  alreadyVerified: "This account has already been verified.",
  accountNotVerified:
    "A line item's bank account is not verified: verify it, or proceed without verification, before the funds can be authorised.",
  approveNotReady: "Financials are not ready for approval yet: enter the completion date, the fund sources and verified bank accounts first.",
  approveAlready: "Financials have already been approved.",
  unapproveNotApproved: "Financials have not been approved, so they cannot be unapproved.",
} as const;

/**
 * The field messages of a 400 answer, by field path (`bankAccount.accountNumber`), read from the provider's
 * validation message `Invalid request. body.a.b: text; body.c: text`. Empty for other messages.
 */
export function fieldErrorsOf(message: string): Record<string, string> {
  const prefix = "Invalid request. ";
  if (!message.startsWith(prefix)) return {};
  const errors: Record<string, string> = {};
  for (const part of message.slice(prefix.length).split("; ")) {
    const match = /^(?:body|querystring|params)(?:\.([^:]+))?: (.*)$/s.exec(part);
    if (match && match[1] && !(match[1] in errors)) errors[match[1]] = match[2]!;
  }
  return errors;
}

/** The validation message for one field, as the provider's request validation words it. */
export function fieldErrorMessage(field: string, message: string): string {
  return `Invalid request. body.${field}: ${message}`;
}
