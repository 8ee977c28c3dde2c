/**
 * Credit information (document 2 sections 3.10, 4.6 and 7.4): the credits received against a Buyer Funds item,
 * from the incoming payments service (incoming-payments.ts; a sandbox by default). Reading brings the item's
 * funds status up to date, and with it its automatic authorisation (received in full: authorised; short or
 * beyond the expected amount: pending), as a write to the item (versions move on) only when either changed.
 */
import { FINANCIAL_MESSAGES, FINANCIAL_REFUSAL_CODES, type CreditInformation } from "../../core/financials/api.js";
import { buyerFundsAuthorised, sourceFundsStatusOf } from "../../core/financials/schedule.js";
import { SYSTEM_ACTOR } from "../../core/workspaces/lifecycle.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import type { RequestMeta } from "../platform/access.js";
import { badRequest, notFound } from "../platform/errors.js";
import { findVisibleWorkspace, requireAction } from "../workspaces/access.js";
import { incomingPayments } from "./incoming-payments.js";
import { FinancialEvent, recordFinancialEvent, scheduleWrite, type FinancialsDeps } from "./schedule.js";

export async function creditInformation(
  deps: FinancialsDeps,
  caller: VerifiedCaller,
  lineItemReference: string,
  meta: RequestMeta,
): Promise<CreditInformation> {
  const found = await deps.db
    .selectFrom("financial_line_items")
    .innerJoin("financial_settlement_schedules", "financial_settlement_schedules.financial_settlement_schedule_id", "financial_line_items.financial_settlement_schedule_id")
    .select([
      "financial_line_items.line_item_id as lineItemId",
      "financial_line_items.financial_settlement_schedule_id as scheduleId",
      "financial_settlement_schedules.workspace_id as workspaceId",
    ])
    .where("financial_line_items.line_item_reference", "=", lineItemReference)
    .executeTakeFirst();
  if (!found) throw notFound(FINANCIAL_MESSAGES.lineItemReferenceNotFound);
  const workspace = await findVisibleWorkspace(deps.db, caller, found.workspaceId);
  requireAction(caller, "viewSourceLineItems", workspace);
  const item = await deps.db.selectFrom("financial_line_items").selectAll().where("line_item_id", "=", found.lineItemId).executeTakeFirstOrThrow();
  if (item.category !== "BUYER_FUNDS") throw badRequest(FINANCIAL_MESSAGES.notBuyerFunds, FINANCIAL_REFUSAL_CODES.notBuyerFunds);

  const amount = Number(item.amount);
  const credits = await incomingPayments().creditsFor({ lineItemReference, reference: item.reference, amount, createdAt: new Date(item.created_at) });
  const sourceFundsStatus = sourceFundsStatusOf(amount, credits);
  const authorised = buyerFundsAuthorised(sourceFundsStatus);
  if (sourceFundsStatus !== item.source_funds_status || authorised !== item.authorised) {
    await scheduleWrite(deps, caller, found.scheduleId, async ({ trx, at }) => {
      await trx
        .updateTable("financial_line_items")
        .set((eb) => ({
          source_funds_status: sourceFundsStatus,
          authorised,
          authorised_by: authorised ? SYSTEM_ACTOR : null,
          authorised_at: authorised ? at : null,
          version: eb("version", "+", 1),
          last_modified_at: at,
        }))
        .where("line_item_id", "=", found.lineItemId)
        .execute();
      await recordFinancialEvent(trx, caller, FinancialEvent.FUNDS_RECEIVED, found.workspaceId, { lineItemId: found.lineItemId, sourceFundsStatus, authorised }, meta);
      return { contentChanged: false };
    });
  }
  return { records: credits, totalReceived: credits.reduce((sum, one) => sum + one.amount, 0), sourceFundsStatus, authorised };
}
