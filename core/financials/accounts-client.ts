/**
 * Use-cases over the frequently used financial accounts calls (document 2 section 7.5), shared by the app
 * and the CLI. Shapes in core/financials/accounts-api.ts. Writes to an account send the version it was made
 * against; a stale one answers 409 (ProviderError) and nothing changes.
 */
import {
  FinancialAccountSchema,
  FinancialAccountsPageSchema,
  type AddFinancialAccountRequest,
  type EditFinancialAccountRequest,
  type FinancialAccountType,
} from "./accounts-api.js";
import { call, type RequestContext } from "../shared/provider-client.js";

const ACCOUNTS = "/api/settlement/v1/financial-accounts";
const accountPath = (financialAccountId: string) => `${ACCOUNTS}/${encodeURIComponent(financialAccountId)}`;

export interface ListFinancialAccountsOptions {
  /** Required of the helpdesk administrator; others read their selected subscriber's. */
  subscriberId?: string;
  type?: FinancialAccountType;
  /** One-based. */
  page?: number;
  limit?: number;
  /** Only verified accounts. */
  verified?: boolean;
  /** By display name (A to Z) instead of the most recently changed first. */
  displayNameSort?: "ASC";
}

/** A page of a subscriber's accounts of one type, with the page info (page, limit, totalRecords, pageRecords). */
export async function listFinancialAccounts(ctx: RequestContext, options: ListFinancialAccountsOptions = {}) {
  const query = {
    type: options.type ?? "REDEMPTION",
    subscriberId: options.subscriberId,
    page: options.page,
    limit: options.limit,
    verified: options.verified ? "true" : undefined,
    displayNameSort: options.displayNameSort,
  };
  return (await call(ctx, "GET", ACCOUNTS, { query, schema: FinancialAccountsPageSchema })).data;
}

export async function getFinancialAccount(ctx: RequestContext, financialAccountId: string) {
  return (await call(ctx, "GET", accountPath(financialAccountId), { schema: FinancialAccountSchema })).data;
}

/** Adds an account; the bank checks it on the way (verified, or saved for review). */
export async function addFinancialAccount(ctx: RequestContext, body: AddFinancialAccountRequest) {
  return (await call(ctx, "POST", ACCOUNTS, { body, schema: FinancialAccountSchema })).data;
}

/** Edits an account's details; the bank checks it again. */
export async function editFinancialAccount(ctx: RequestContext, financialAccountId: string, version: number, body: EditFinancialAccountRequest) {
  return (await call(ctx, "PATCH", accountPath(financialAccountId), { body, version, schema: FinancialAccountSchema })).data;
}

/** Verifies an account manually (the review): records who accepted it and when. */
export async function verifyFinancialAccount(ctx: RequestContext, financialAccountId: string, version: number) {
  const body = { accountVerificationDetail: { verified: true } };
  return (await call(ctx, "PATCH", accountPath(financialAccountId), { body, version, schema: FinancialAccountSchema })).data;
}

export async function deleteFinancialAccount(ctx: RequestContext, financialAccountId: string, version: number) {
  await call(ctx, "DELETE", accountPath(financialAccountId), { version });
}
