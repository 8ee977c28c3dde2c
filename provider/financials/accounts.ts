/**
 * Frequently used financial accounts (document 2 sections 3.12, 4.10, 5.9, 6 and 7.5): a subscriber's saved
 * bank accounts, each checked by the bank (Confirmation of Payee) when it is added or changed.
 *
 * Who may do what (docs/decisions/0605-frequently-used-accounts-access.md): reading needs the view
 * permission (workspace users pick saved accounts for line items); adding, editing, verifying and deleting
 * need the Financial Administrator role and the matching permission (`can`). A user reaches only their
 * selected subscriber's accounts (another's answers 404); the helpdesk administrator names the subscriber.
 */
import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { type AccountVerificationDetail, type FinancialAccount, type FinancialAccountsQuery, type FinancialAccountType, FINANCIAL_ACCOUNT_CODES, ALREADY_VERIFIED_MESSAGE, SUBSCRIBER_REQUIRED_MESSAGE, FinancialAccountsQuerySchema } from "../../core/financials/accounts-api.js";
import { FINANCIAL_ACCOUNT_EXISTS_MESSAGE } from "../../core/financials/schemas.js";
import { FREQUENTLY_USED_ACCOUNT_TYPE } from "../../core/financials/enums.js";
import { can, type Action } from "../../core/shared/permissions/actions.js";
import { Permission } from "../../core/shared/permissions/roles.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import { isHelpdesk, requirePermission, type RequestMeta } from "../platform/access.js";
import type { ProductClock } from "../platform/clock.js";
import type { DB, Trx } from "../platform/db/index.js";
import type { FinancialAccountsTable } from "../platform/db/schema.js";
import { ApiError, badRequest, conflict, forbidden, notFound } from "../platform/errors.js";
import { offsetOf, pageInfo } from "../platform/paging.js";
import { moveVersionOn } from "../platform/versions.js";
import { checkBankAccount } from "./bank-check.js";

export interface AccountsDeps {
  db: DB;
  clock: ProductClock;
}

export const ACCOUNT_NOT_FOUND_MESSAGE = "The financial account was not found.";
const missing = () => notFound(ACCOUNT_NOT_FOUND_MESSAGE);
const exists = () => badRequest(FINANCIAL_ACCOUNT_EXISTS_MESSAGE, FINANCIAL_ACCOUNT_CODES.exists);

type Row = Selectable<FinancialAccountsTable>;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toFinancialAccount(row: Row): FinancialAccount {
  return {
    financialAccountId: row.financial_account_id,
    subscriberId: row.subscriber_id,
    type: row.type as FinancialAccountType,
    displayName: row.display_name,
    accountName: row.account_name,
    accountNumber: row.account_number,
    bankCode: row.bank_code,
    accountType: row.account_type as FinancialAccount["accountType"],
    accountVerificationDetail: {
      verified: row.verified,
      status: row.verification_status as AccountVerificationDetail["status"],
      partnerReasonCode: row.partner_reason_code,
      actualName: row.actual_name,
      acceptedBy: row.accepted_by,
      acceptedAt: iso(row.accepted_at),
      isManualOverrideAllowed: !row.verified,
    },
    version: row.version,
    createdAt: iso(row.created_at)!,
    lastModifiedAt: iso(row.last_modified_at)!,
  };
}

/** The verification columns of a bank check's answer. */
function verificationColumns(detail: AccountVerificationDetail) {
  return {
    verified: detail.verified,
    verification_status: detail.status,
    partner_reason_code: detail.partnerReasonCode,
    actual_name: detail.actualName,
    accepted_by: detail.acceptedBy,
    accepted_at: detail.acceptedAt,
  };
}

/** Refuses unless the caller may take a managing action: the Financial Administrator role and its permission. */
function requireAction(caller: VerifiedCaller, action: Action): void {
  if (isHelpdesk(caller)) return;
  if (!can({ roles: caller.roles, permissions: caller.permissions }, action)) throw forbidden();
}

/**
 * The subscriber whose accounts a request reaches: the helpdesk administrator's named one (required); anyone
 * else's selected subscriber (naming another is refused).
 */
function subscriberOf(caller: VerifiedCaller, named: string | undefined): string {
  if (isHelpdesk(caller)) {
    if (!named) throw badRequest(SUBSCRIBER_REQUIRED_MESSAGE, FINANCIAL_ACCOUNT_CODES.subscriberRequired);
    return named;
  }
  if (!caller.subscriberId) throw forbidden();
  if (named && named !== caller.subscriberId) throw forbidden("You can only manage your own organisation's financial accounts.");
  return caller.subscriberId;
}

/** The account by id, within the caller's reach (another subscriber's is 404); locked with `forUpdate`. */
async function reachableAccount(db: DB | Trx, caller: VerifiedCaller, financialAccountId: string, forUpdate = false): Promise<Row> {
  let query = db.selectFrom("financial_accounts").selectAll().where("financial_account_id", "=", financialAccountId);
  if (!isHelpdesk(caller)) query = query.where("subscriber_id", "=", caller.subscriberId ?? "");
  const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw missing();
  return row;
}

async function duplicateOf(db: DB | Trx, account: { subscriberId: string; type: string; bankCode: string; accountNumber: string }, except?: string) {
  let query = db
    .selectFrom("financial_accounts")
    .select("financial_account_id")
    .where("subscriber_id", "=", account.subscriberId)
    .where("type", "=", account.type)
    .where("bank_code", "=", account.bankCode)
    .where("account_number", "=", account.accountNumber);
  if (except) query = query.where("financial_account_id", "!=", except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A unique-key race lost to another insert of the same account is the duplicate refusal too. */
function duplicateOnUniqueViolation(error: unknown): never {
  if ((error as { code?: string } | null)?.code === "23505") throw exists();
  throw error;
}

/** The bank's check; a sort code and account number that fail the modulus check are refused on the account number. */
async function checked(account: { accountName: string; accountNumber: string; bankCode: string }): Promise<AccountVerificationDetail> {
  const answer = await checkBankAccount({ ...account, accountType: FREQUENTLY_USED_ACCOUNT_TYPE });
  if (answer.outcome === "INVALID_ACCOUNT") throw new ApiError(400, FINANCIAL_ACCOUNT_CODES.invalidAccount, answer.message);
  return answer.verification;
}

export async function listFinancialAccounts(db: DB, caller: VerifiedCaller, rawQuery: FinancialAccountsQuery) {
  requirePermission(caller, Permission.VIEW_FREQUENTLY_USED_ACCOUNTS);
  const query = FinancialAccountsQuerySchema.parse(rawQuery);
  const subscriberId = subscriberOf(caller, query.subscriberId);
  let base = db.selectFrom("financial_accounts").where("subscriber_id", "=", subscriberId).where("type", "=", query.type);
  if (query.verified === "true") base = base.where("verified", "=", true);
  if (query.verified === "false") base = base.where("verified", "=", false);
  const sorted =
    query.displayNameSort === "ASC"
      ? base.selectAll().orderBy("display_name", "asc").orderBy("financial_account_id", "asc")
      : base.selectAll().orderBy("last_modified_at", "desc").orderBy("financial_account_id", "asc");
  const [rows, total] = await Promise.all([
    sorted.limit(query.limit).offset(offsetOf(query)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map(toFinancialAccount), page: pageInfo(query, Number(total.n), rows.length) };
}

export async function getFinancialAccount(db: DB, caller: VerifiedCaller, financialAccountId: string) {
  requirePermission(caller, Permission.VIEW_FREQUENTLY_USED_ACCOUNTS);
  return toFinancialAccount(await reachableAccount(db, caller, financialAccountId));
}

export interface AccountFields {
  displayName: string;
  accountName: string;
  accountNumber: string;
  bankCode: string;
}

export async function addFinancialAccount(
  { db, clock }: AccountsDeps,
  caller: VerifiedCaller,
  body: AccountFields & { type: FinancialAccountType; subscriberId?: string | undefined },
  _meta: RequestMeta,
): Promise<FinancialAccount> {
  requireAction(caller, "addFrequentlyUsedAccount");
  const subscriberId = subscriberOf(caller, body.subscriberId);
  // Only the helpdesk sets up a subscriber's preconfigured Conveyancing Fees account; the screens add Redemption.
  if (body.type !== "REDEMPTION" && !isHelpdesk(caller)) throw badRequest("Only Redemption accounts can be added.", "INVALID_CATEGORY");
  const subscriber = await db.selectFrom("subscribers").select("subscriber_id").where("subscriber_id", "=", subscriberId).executeTakeFirst();
  if (!subscriber) throw notFound("The subscriber was not found.");
  const candidate = { subscriberId, type: body.type, bankCode: body.bankCode, accountNumber: body.accountNumber };
  if (await duplicateOf(db, candidate)) throw exists();
  const verification = await checked(body);
  const now = clock.now().toISOString();
  const row = await db
    .insertInto("financial_accounts")
    .values({
      financial_account_id: randomUUID(),
      subscriber_id: subscriberId,
      type: body.type,
      display_name: body.displayName,
      account_name: body.accountName,
      account_number: body.accountNumber,
      bank_code: body.bankCode,
      account_type: FREQUENTLY_USED_ACCOUNT_TYPE,
      ...verificationColumns(verification),
      created_at: now,
      last_modified_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(duplicateOnUniqueViolation);
  return toFinancialAccount(row);
}

/** Edits an account's details; the bank checks the account again and its verification is replaced. */
export async function editFinancialAccount(
  { db, clock }: AccountsDeps,
  caller: VerifiedCaller,
  financialAccountId: string,
  body: AccountFields,
  expected: number,
  _meta: RequestMeta,
): Promise<FinancialAccount> {
  requireAction(caller, "editFrequentlyUsedAccount");
  const before = await reachableAccount(db, caller, financialAccountId);
  // A stale edit is refused before the bank is asked (the version check in the transaction still decides).
  if (before.version !== expected) throw conflict();
  const candidate = { subscriberId: before.subscriber_id, type: before.type, bankCode: body.bankCode, accountNumber: body.accountNumber };
  if (await duplicateOf(db, candidate, financialAccountId)) throw exists();
  // The bank's check runs before the transaction (it may take seconds); the version check inside it decides.
  const verification = await checked(body);
  return db
    .transaction()
    .execute(async (trx) => {
      await reachableAccount(trx, caller, financialAccountId, true);
      await moveVersionOn(trx, versionedRow(financialAccountId, expected));
      const row = await trx
        .updateTable("financial_accounts")
        .set({
          display_name: body.displayName,
          account_name: body.accountName,
          account_number: body.accountNumber,
          bank_code: body.bankCode,
          ...verificationColumns(verification),
          last_modified_at: clock.now().toISOString(),
        })
        .where("financial_account_id", "=", financialAccountId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toFinancialAccount(row);
    })
    .catch(duplicateOnUniqueViolation);
}

/** The review: a person accepts an account the bank did not verify, recorded with who and when. */
export async function verifyFinancialAccount(
  { db, clock }: AccountsDeps,
  caller: VerifiedCaller,
  financialAccountId: string,
  expected: number,
  _meta: RequestMeta,
): Promise<FinancialAccount> {
  requireAction(caller, "editFrequentlyUsedAccount");
  return db.transaction().execute(async (trx) => {
    const before = await reachableAccount(trx, caller, financialAccountId, true);
    await moveVersionOn(trx, versionedRow(financialAccountId, expected));
    if (before.verified) throw badRequest(ALREADY_VERIFIED_MESSAGE, FINANCIAL_ACCOUNT_CODES.alreadyVerified);
    const now = clock.now().toISOString();
    const row = await trx
      .updateTable("financial_accounts")
      .set({ verified: true, accepted_by: caller.userId, accepted_at: now, last_modified_at: now })
      .where("financial_account_id", "=", financialAccountId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toFinancialAccount(row);
  });
}

export async function deleteFinancialAccount(
  { db }: AccountsDeps,
  caller: VerifiedCaller,
  financialAccountId: string,
  expected: number,
  _meta: RequestMeta,
): Promise<void> {
  requireAction(caller, "deleteFrequentlyUsedAccount");
  await db.transaction().execute(async (trx) => {
    await reachableAccount(trx, caller, financialAccountId, true);
    await moveVersionOn(trx, versionedRow(financialAccountId, expected));
    await trx.deleteFrom("financial_accounts").where("financial_account_id", "=", financialAccountId).execute();
  });
}

function versionedRow(id: string, expected: number) {
  return { table: "financial_accounts" as const, id, expected, missing };
}
