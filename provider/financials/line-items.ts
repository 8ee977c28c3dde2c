/**
 * The line item writes of the financial settlement schedule (document 2 sections 3.10, 4.6, 4.7, 5.5, 7.4):
 * add, edit, accept the account by hand, authorise or un-authorise, delete.
 *
 * - The category decides the type (source or destination), the permission action, whether it is offered
 *   (Buyer Funds only on a purchase with the sourcing-of-funds flag), and its account: Mortgage Advance and
 *   Buyer Funds carry none; Conveyancing Fees links the firm's preconfigured account; Redemption may link a
 *   saved (frequently used) Redemption account of the caller's firm; otherwise a bank account of an allowed
 *   type is typed and checked (modulus check, then Confirmation of Payee).
 * - The bank check may take seconds, so it runs before the write's transaction, after the same checks made
 *   without a lock (so nobody can make the provider check accounts in a workspace they cannot write to);
 *   the transaction then makes every check again and writes.
 * - A line item's PATCH and DELETE carry the line item's version; adding one carries the schedule's.
 */
import { sql } from "kysely";
import { randomUUID } from "node:crypto";
import {
  FINANCIAL_MESSAGES,
  FINANCIAL_REFUSAL_CODES,
  type EditLineItemData,
  type Schedule,
} from "../../core/financials/api.js";
import {
  ALLOWED_ACCOUNT_TYPES,
  LINE_ITEM_CATEGORY_LABELS,
  availableLineItemCategories,
  lineItemTypeOf,
  type LineItemCategory,
} from "../../core/financials/enums.js";
import { lineItemActions } from "../../core/financials/rules.js";
import { CONSENT_MESSAGES } from "../../core/financials/schemas.js";
import { isAccountUsable } from "../../core/financials/schedule.js";
import { acceptManually, type VerificationDetail } from "../../core/financials/verification.js";
import type { Action } from "../../core/shared/permissions/actions.js";
import type { TransactionType } from "../../core/workspaces/enums.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import type { RequestMeta } from "../platform/access.js";
import type { DB, Trx } from "../platform/db/index.js";
import { badRequest, conflict, notFound } from "../platform/errors.js";
import type { CallerWorkspace } from "../workspaces/access.js";
import {
  FinancialEvent,
  callerApprovalStatus,
  factsOf,
  fieldError,
  financialFlags,
  lockFlagsOf,
  openSchedule,
  recordFinancialEvent,
  requireFinancialAction,
  requireScheduleEditable,
  requireScheduleVersion,
  scheduleWrite,
  type FinancialsDeps,
  type LineItemRow,
  type WriteContext,
} from "./schedule.js";

interface BankAccountInput {
  accountName: string;
  accountNumber: string;
  bankCode: string;
  displayName?: string | undefined;
  accountType: "PERSONAL" | "BUSINESS";
}

interface LineItemData {
  amount: number;
  reference: string;
  bankAccount?: BankAccountInput | undefined;
  financialAccountId?: string | undefined;
  consent?: { financialCheck?: true | undefined; sourceOfFunds?: true | undefined; autoAuthorisation?: true | undefined } | undefined;
}

/** Where a line item's account comes from. */
type AccountSource =
  | { kind: "none" }
  | { kind: "typed"; bankAccount: BankAccountInput }
  | { kind: "linked"; financialAccountId: string };

type Flags = Awaited<ReturnType<typeof financialFlags>>;

const ACTIONS = {
  add: { SOURCE: "addSourceLineItem", DESTINATION: "addDestinationLineItem" },
  edit: { SOURCE: "editSourceLineItem", DESTINATION: "editDestinationLineItem" },
  delete: { SOURCE: "deleteSourceLineItem", DESTINATION: "deleteDestinationLineItem" },
} as const satisfies Record<string, Record<"SOURCE" | "DESTINATION", Action>>;

const label = (category: LineItemCategory) => LINE_ITEM_CATEGORY_LABELS[category];

/**
 * The category's account and consent rules (5.5) over a request: which account applies, or the field's 400.
 * Conveyancing Fees always links the firm's preconfigured account; Redemption may name a saved account.
 */
function accountSourceOf(category: LineItemCategory, data: LineItemData, flags: Flags): AccountSource {
  const allowed = ALLOWED_ACCOUNT_TYPES[category];
  if (data.consent !== undefined && category !== "BUYER_FUNDS") throw fieldError("consent", FINANCIAL_MESSAGES.consentNotAllowed);
  if (category === "BUYER_FUNDS") {
    const consent = data.consent ?? {};
    if (flags.autoAuthorisationEnabled) {
      if (!consent.autoAuthorisation) throw fieldError("consent.autoAuthorisation", CONSENT_MESSAGES.autoAuthorisation);
    } else {
      if (!consent.financialCheck) throw fieldError("consent.financialCheck", CONSENT_MESSAGES.financialCheck);
      if (!consent.sourceOfFunds) throw fieldError("consent.sourceOfFunds", CONSENT_MESSAGES.sourceOfFunds);
    }
  }
  if (data.financialAccountId !== undefined && category !== "REDEMPTION") {
    throw fieldError("financialAccountId", FINANCIAL_MESSAGES.financialAccountNotAllowed(label(category)));
  }
  if (allowed.length === 0 || category === "CONVEYANCING_FEES") {
    if (data.bankAccount !== undefined) throw fieldError("bankAccount", FINANCIAL_MESSAGES.bankAccountNotAllowed(label(category)));
    return category === "CONVEYANCING_FEES" ? { kind: "linked", financialAccountId: "" } : { kind: "none" };
  }
  if (data.financialAccountId !== undefined) {
    if (data.bankAccount !== undefined) throw fieldError("bankAccount", "Choose a saved account or enter bank details, not both");
    return { kind: "linked", financialAccountId: data.financialAccountId };
  }
  if (data.bankAccount === undefined) throw fieldError("bankAccount", FINANCIAL_MESSAGES.bankAccountRequired);
  if (!allowed.includes(data.bankAccount.accountType)) {
    const words = allowed.map((type) => type.toLowerCase()).join(" or ");
    throw fieldError("bankAccount.accountType", FINANCIAL_MESSAGES.accountTypeNotAllowed(label(category), words));
  }
  return { kind: "typed", bankAccount: data.bankAccount };
}

/** The linked account's row: a saved Redemption account of the caller's firm, or its preconfigured Conveyancing Fees one. */
async function linkedAccount(db: DB | Trx, caller: VerifiedCaller, category: LineItemCategory, financialAccountId: string) {
  if (!caller.subscriberId) throw fieldError("financialAccountId", FINANCIAL_MESSAGES.financialAccountNotFound);
  let query = db
    .selectFrom("financial_accounts")
    .selectAll()
    .where("subscriber_id", "=", caller.subscriberId)
    .where("type", "=", category === "CONVEYANCING_FEES" ? "CONVEYANCING_FEES" : "REDEMPTION");
  if (category === "CONVEYANCING_FEES") query = query.orderBy("created_at");
  else query = query.where("financial_account_id", "=", financialAccountId);
  const account = await query.executeTakeFirst();
  if (!account) {
    if (category === "CONVEYANCING_FEES") throw badRequest(FINANCIAL_MESSAGES.noConveyancingFeesAccount, FINANCIAL_REFUSAL_CODES.noConveyancingFeesAccount);
    throw fieldError("financialAccountId", FINANCIAL_MESSAGES.financialAccountNotFound);
  }
  return account;
}

/** The account columns of a line item from its account source and the bank check's verification. */
async function accountColumns(
  trx: Trx,
  caller: VerifiedCaller,
  category: LineItemCategory,
  source: AccountSource,
  verification: VerificationDetail | null,
) {
  const empty = {
    financial_account_id: null,
    account_name: null,
    account_number: null,
    bank_code: null,
    display_name: null,
    account_type: null,
    verified: null,
    verification_status: null,
    partner_reason_code: null,
    actual_name: null,
    accepted_by: null,
    accepted_at: null,
    is_manual_override_allowed: null,
  };
  if (source.kind === "none") return empty;
  if (source.kind === "linked") {
    const account = await linkedAccount(trx, caller, category, source.financialAccountId);
    return {
      financial_account_id: account.financial_account_id,
      account_name: account.account_name,
      account_number: account.account_number,
      bank_code: account.bank_code,
      display_name: account.display_name,
      account_type: account.account_type,
      // A linked account was checked (and, if need be, accepted) when it was saved: it is used as such.
      verified: true,
      verification_status: account.verification_status,
      partner_reason_code: account.partner_reason_code,
      actual_name: account.actual_name,
      accepted_by: account.accepted_by,
      accepted_at: account.accepted_at,
      is_manual_override_allowed: false,
    };
  }
  const detail = verification!;
  return {
    financial_account_id: null,
    account_name: source.bankAccount.accountName,
    account_number: source.bankAccount.accountNumber,
    bank_code: source.bankAccount.bankCode,
    display_name: source.bankAccount.displayName ?? null,
    account_type: source.bankAccount.accountType,
    verified: detail.verified,
    verification_status: detail.status,
    partner_reason_code: detail.partnerReasonCode,
    actual_name: detail.actualName,
    accepted_by: detail.acceptedBy,
    accepted_at: detail.acceptedAt,
    is_manual_override_allowed: detail.isManualOverrideAllowed,
  };
}

/** Runs the bank check of a typed account: INVALID_ACCOUNT is the account number's 400 and nothing is saved. */
async function checkedVerification(deps: FinancialsDeps, source: AccountSource): Promise<VerificationDetail | null> {
  if (source.kind !== "typed") return null;
  const { accountName, accountNumber, bankCode, accountType } = source.bankAccount;
  const answer = await deps.checkBankAccount({ accountName, accountNumber, bankCode, accountType });
  if (answer.outcome === "INVALID_ACCOUNT") throw fieldError("bankAccount.accountNumber", answer.message);
  return answer.verification;
}

const consentJson = (category: LineItemCategory, data: LineItemData) =>
  category === "BUYER_FUNDS" ? JSON.stringify(data.consent ?? {}) : null;

// ---------------------------------------------------------------------------------------------------
// Add

export interface AddLineItemData extends LineItemData {
  category: LineItemCategory;
}

function checkAdd(caller: VerifiedCaller, workspace: CallerWorkspace, state: WriteContext["state"], body: AddLineItemData, expectedVersion: number, flags: Flags) {
  const type = lineItemTypeOf(body.category);
  requireFinancialAction(caller, ACTIONS.add[type], workspace);
  requireScheduleVersion(state, expectedVersion);
  requireScheduleEditable(workspace, state);
  const offered = availableLineItemCategories(type, workspace.row.transaction_type as TransactionType, flags.sourcingOfFundsEnabled);
  if (!offered.includes(body.category)) {
    throw badRequest(FINANCIAL_MESSAGES.categoryNotAvailable(label(body.category)), FINANCIAL_REFUSAL_CODES.categoryNotAvailable);
  }
  return accountSourceOf(body.category, body, flags);
}

export async function addLineItem(
  deps: FinancialsDeps,
  caller: VerifiedCaller,
  scheduleId: string,
  body: AddLineItemData,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<Schedule> {
  const flags = await financialFlags(deps);
  const before = await openSchedule(deps.db, caller, scheduleId, false);
  const source = checkAdd(caller, before.workspace, before.state, body, expectedVersion, flags);
  if (source.kind === "linked") await linkedAccount(deps.db, caller, body.category, source.financialAccountId);
  const verification = await checkedVerification(deps, source);

  return scheduleWrite(deps, caller, scheduleId, async ({ trx, workspace, state }) => {
    checkAdd(caller, workspace, state, body, expectedVersion, flags);
    const lineItemId = randomUUID();
    const { rows } = await sql<{ n: string }>`SELECT nextval('line_item_reference_seq')::text AS n`.execute(trx);
    const { max } = await trx
      .selectFrom("financial_line_items")
      .select((eb) => eb.fn.max<number | null>("position").as("max"))
      .where("financial_settlement_schedule_id", "=", scheduleId)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("financial_line_items")
      .values({
        line_item_id: lineItemId,
        financial_settlement_schedule_id: scheduleId,
        line_item_reference: `FLI-${rows[0]!.n.padStart(7, "0")}`,
        type: lineItemTypeOf(body.category),
        category: body.category,
        amount: body.amount,
        reference: body.reference,
        consent: consentJson(body.category, body),
        created_by: caller.userId,
        position: (max ?? -1) + 1,
        ...(await accountColumns(trx, caller, body.category, source, verification)),
      })
      .execute();
    await recordFinancialEvent(trx, caller, FinancialEvent.LINE_ITEM_ADDED, workspace.row.workspace_id, {
      lineItemId,
      category: body.category,
      amount: body.amount,
      verificationStatus: verification?.status ?? null,
    }, meta);
    return { contentChanged: true };
  });
}

// ---------------------------------------------------------------------------------------------------
// The writes to one line item

function itemOf(state: WriteContext["state"], lineItemId: string): LineItemRow {
  const item = state.items.find((candidate) => candidate.line_item_id === lineItemId);
  if (!item) throw notFound(FINANCIAL_MESSAGES.lineItemNotFound);
  return item;
}

function actionsOf(workspace: CallerWorkspace, state: WriteContext["state"], item: LineItemRow, flags: Flags) {
  return lineItemActions(
    {
      type: item.type as "SOURCE" | "DESTINATION",
      category: item.category as LineItemCategory,
      authorised: item.authorised,
      sourceFundsStatus: item.source_funds_status,
      amountPence: Number(item.amount),
    },
    { approvalStatus: callerApprovalStatus(workspace, state), workspace: lockFlagsOf(workspace), autoAuthorisationEnabled: flags.autoAuthorisationEnabled },
  );
}

function requireItemVersion(item: LineItemRow, expectedVersion: number): void {
  if (item.version !== expectedVersion) throw conflict();
}

async function touchItem(trx: Trx, lineItemId: string, at: string, changes: Record<string, unknown>): Promise<void> {
  await trx
    .updateTable("financial_line_items")
    .set((eb) => ({ ...changes, version: eb("version", "+", 1), last_modified_at: at }))
    .where("line_item_id", "=", lineItemId)
    .execute();
}

function sameAccount(item: LineItemRow, account: BankAccountInput): boolean {
  return (
    item.financial_account_id === null &&
    item.account_name === account.accountName &&
    item.account_number === account.accountNumber &&
    item.bank_code === account.bankCode &&
    item.account_type === account.accountType
  );
}

/**
 * An edit's account: a typed account that is the one already saved and verified is kept as it is; a changed
 * one, or the same one still unverified (the retry), is checked again. Without bank details or a saved
 * account, a typed account already on the item stays.
 */
function editSource(item: LineItemRow, data: EditLineItemBody, flags: Flags): { source: AccountSource; recheck: boolean } {
  const category = item.category as LineItemCategory;
  const keepsTyped = data.bankAccount === undefined && data.financialAccountId === undefined && item.account_number !== null && item.financial_account_id === null;
  if (keepsTyped) {
    accountSourceOf(category, { ...data, bankAccount: currentAccount(item) }, flags);
    return { source: { kind: "typed", bankAccount: currentAccount(item) }, recheck: false };
  }
  const keepsLinked = category === "REDEMPTION" && data.bankAccount === undefined && data.financialAccountId === undefined && item.financial_account_id !== null;
  const source = accountSourceOf(category, keepsLinked ? { ...data, financialAccountId: item.financial_account_id! } : data, flags);
  const recheck = source.kind === "typed" && !(sameAccount(item, source.bankAccount) && item.verified === true);
  return { source, recheck };
}

function currentAccount(item: LineItemRow): BankAccountInput {
  return {
    accountName: item.account_name!,
    accountNumber: item.account_number!,
    bankCode: item.bank_code!,
    displayName: item.display_name ?? undefined,
    accountType: item.account_type as "PERSONAL" | "BUSINESS",
  };
}

function currentVerification(item: LineItemRow): VerificationDetail | null {
  if (item.verification_status === null) return null;
  return {
    verified: item.verified === true,
    status: item.verification_status as VerificationDetail["status"],
    partnerReasonCode: item.partner_reason_code,
    actualName: item.actual_name,
    acceptedBy: item.accepted_by,
    acceptedAt: item.accepted_at === null ? null : new Date(item.accepted_at).toISOString(),
    isManualOverrideAllowed: item.is_manual_override_allowed === true,
  };
}

export type EditLineItemBody = Omit<EditLineItemData, "amount" | "reference" | "bankAccount" | "consent"> & LineItemData;

export type LineItemPatchBody = { verificationDetail: { verified: true } } | { authorised: boolean } | EditLineItemBody;

function checkEdit(caller: VerifiedCaller, workspace: CallerWorkspace, state: WriteContext["state"], item: LineItemRow, expectedVersion: number, flags: Flags) {
  requireFinancialAction(caller, ACTIONS.edit[item.type as "SOURCE" | "DESTINATION"], workspace);
  requireItemVersion(item, expectedVersion);
  requireScheduleEditable(workspace, state);
  const edit = actionsOf(workspace, state, item, flags).edit;
  if (!edit.enabled) throw badRequest(edit.reason!, FINANCIAL_REFUSAL_CODES.lineItemNotEditable);
}

export async function patchLineItem(
  deps: FinancialsDeps,
  caller: VerifiedCaller,
  scheduleId: string,
  lineItemId: string,
  body: LineItemPatchBody,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<Schedule> {
  const flags = await financialFlags(deps);
  if ("verificationDetail" in body) return acceptAccount(deps, caller, scheduleId, lineItemId, expectedVersion, flags, meta);
  if ("authorised" in body) return authorise(deps, caller, scheduleId, lineItemId, body.authorised, expectedVersion, flags, meta);

  const before = await openSchedule(deps.db, caller, scheduleId, false);
  const beforeItem = itemOf(before.state, lineItemId);
  checkEdit(caller, before.workspace, before.state, beforeItem, expectedVersion, flags);
  const { source, recheck } = editSource(beforeItem, body, flags);
  const category = beforeItem.category as LineItemCategory;
  if (source.kind === "linked") await linkedAccount(deps.db, caller, category, source.financialAccountId);
  const verification = recheck ? await checkedVerification(deps, source) : currentVerification(beforeItem);

  return scheduleWrite(deps, caller, scheduleId, async ({ trx, workspace, state, at }) => {
    const item = itemOf(state, lineItemId);
    checkEdit(caller, workspace, state, item, expectedVersion, flags);
    editSource(item, body, flags);
    await touchItem(trx, lineItemId, at, {
      amount: body.amount,
      reference: body.reference,
      consent: consentJson(category, body),
      ...(await accountColumns(trx, caller, category, source, verification)),
    });
    await recordFinancialEvent(trx, caller, FinancialEvent.LINE_ITEM_EDITED, workspace.row.workspace_id, {
      lineItemId,
      category,
      amount: body.amount,
      rechecked: recheck,
      verificationStatus: verification?.status ?? null,
    }, meta);
    return { contentChanged: true };
  });
}

/** Manual acceptance (4.7): only an unverified account whose check allows it; records who and when. */
function acceptAccount(deps: FinancialsDeps, caller: VerifiedCaller, scheduleId: string, lineItemId: string, expectedVersion: number, flags: Flags, meta: RequestMeta) {
  return scheduleWrite(deps, caller, scheduleId, async ({ trx, workspace, state, at }) => {
    const item = itemOf(state, lineItemId);
    checkEdit(caller, workspace, state, item, expectedVersion, flags);
    const detail = currentVerification(item);
    if (item.financial_account_id === null && detail?.verified) throw badRequest(FINANCIAL_MESSAGES.alreadyVerified, FINANCIAL_REFUSAL_CODES.accountNotAcceptable);
    if (item.financial_account_id !== null || !detail || !detail.isManualOverrideAllowed) {
      throw badRequest(FINANCIAL_MESSAGES.notAcceptable, FINANCIAL_REFUSAL_CODES.accountNotAcceptable);
    }
    const accepted = acceptManually(detail, caller.userId, at);
    await touchItem(trx, lineItemId, at, {
      verified: accepted.verified,
      accepted_by: accepted.acceptedBy,
      accepted_at: accepted.acceptedAt,
      is_manual_override_allowed: accepted.isManualOverrideAllowed,
    });
    await recordFinancialEvent(trx, caller, FinancialEvent.LINE_ITEM_ACCOUNT_ACCEPTED, workspace.row.workspace_id, {
      lineItemId,
      status: detail.status,
    }, meta);
    return { contentChanged: true };
  });
}

/** Authorise or un-authorise a fund source (4.6). */
function authorise(
  deps: FinancialsDeps,
  caller: VerifiedCaller,
  scheduleId: string,
  lineItemId: string,
  authorised: boolean,
  expectedVersion: number,
  flags: Flags,
  meta: RequestMeta,
) {
  return scheduleWrite(deps, caller, scheduleId, async ({ trx, workspace, state, at }) => {
    requireFinancialAction(caller, "authoriseFunds", workspace);
    const item = itemOf(state, lineItemId);
    requireItemVersion(item, expectedVersion);
    const actions = actionsOf(workspace, state, item, flags);
    const allowed = authorised ? actions.authorise : actions.unauthorise;
    if (!allowed.enabled) {
      throw badRequest(allowed.reason!, authorised ? FINANCIAL_REFUSAL_CODES.notAuthorisable : FINANCIAL_REFUSAL_CODES.notUnauthorisable);
    }
    if (authorised && !isAccountUsable(factsOf(item))) {
      throw badRequest(FINANCIAL_MESSAGES.accountNotVerified, FINANCIAL_REFUSAL_CODES.accountNotVerified);
    }
    await touchItem(trx, lineItemId, at, {
      authorised,
      authorised_by: authorised ? caller.userId : null,
      authorised_at: authorised ? at : null,
    });
    await recordFinancialEvent(
      trx,
      caller,
      authorised ? FinancialEvent.LINE_ITEM_AUTHORISED : FinancialEvent.LINE_ITEM_UNAUTHORISED,
      workspace.row.workspace_id,
      { lineItemId, category: item.category },
      meta,
    );
    return { contentChanged: false };
  });
}

export async function deleteLineItem(
  deps: FinancialsDeps,
  caller: VerifiedCaller,
  scheduleId: string,
  lineItemId: string,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<Schedule> {
  const flags = await financialFlags(deps);
  return scheduleWrite(deps, caller, scheduleId, async ({ trx, workspace, state }) => {
    const item = itemOf(state, lineItemId);
    requireFinancialAction(caller, ACTIONS.delete[item.type as "SOURCE" | "DESTINATION"], workspace);
    requireItemVersion(item, expectedVersion);
    requireScheduleEditable(workspace, state);
    const remove = actionsOf(workspace, state, item, flags).delete;
    if (!remove.enabled) throw badRequest(remove.reason!, FINANCIAL_REFUSAL_CODES.lineItemNotEditable);
    await trx.deleteFrom("financial_line_items").where("line_item_id", "=", lineItemId).execute();
    await recordFinancialEvent(trx, caller, FinancialEvent.LINE_ITEM_DELETED, workspace.row.workspace_id, {
      lineItemId,
      category: item.category,
      amount: Number(item.amount),
    }, meta);
    return { contentChanged: true };
  });
}
