/** The bank holidays the completion date refuses (GET /api/settlement/v1/bank-holidays), as dates. */
import { BankHolidaysResponseSchema, type BankHolidaysQuery } from "./bank-holidays-api.js";
import { call, type RequestContext } from "../shared/provider-client.js";

export async function listBankHolidays(ctx: RequestContext, query: BankHolidaysQuery = {}) {
  return (await call(ctx, "GET", "/api/settlement/v1/bank-holidays", { query, schema: BankHolidaysResponseSchema })).data.bankHolidays;
}

/** The dates of the bank holidays, as core/financials/completion-date.ts takes them. */
export async function bankHolidayDateSet(ctx: RequestContext, query: BankHolidaysQuery = {}): Promise<ReadonlySet<string>> {
  return new Set((await listBankHolidays(ctx, query)).map((holiday) => holiday.date));
}
