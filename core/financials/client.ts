/**
 * Use-cases over the financial settlement schedule and its line items (document 2 section 7.4), shared by the
 * app and the CLI. Shapes in core/financials/api.ts. Every write answers the whole updated schedule, so a page
 * re-renders from it. A schedule write carries the schedule's version; a line item's PATCH or DELETE carries
 * the line item's version. A stale one answers 409 (ProviderError) and nothing changes; a refusal is a
 * ProviderError 400 (field messages read with `fieldErrorsOf`).
 */
import {
  SCHEDULES_PATH,
  ScheduleSchema,
  SchedulesResponseSchema,
  type AddLineItemRequest,
  type EditLineItemData,
  type Schedule,
} from "./api.js";
import { call, type RequestContext } from "../shared/provider-client.js";
import { ProviderError } from "../shared/provider-errors.js";

const segment = (value: string) => encodeURIComponent(value);
const schedulePath = (scheduleId: string) => `${SCHEDULES_PATH}/${segment(scheduleId)}`;
const lineItemPath = (scheduleId: string, lineItemId: string) => `${schedulePath(scheduleId)}/line-items/${segment(lineItemId)}`;

/** The workspace's financial settlement schedule (the first of the records; every workspace has one). */
export async function getSchedule(ctx: RequestContext, workspaceId: string): Promise<Schedule> {
  const { data, correlationId } = await call(ctx, "GET", SCHEDULES_PATH, {
    query: { workspace_id: workspaceId },
    schema: SchedulesResponseSchema,
  });
  const schedule = data.records[0];
  if (!schedule) throw new ProviderError(404, "NOT_FOUND", "The workspace has no financial settlement schedule.", correlationId);
  return schedule;
}

async function patchSchedule(ctx: RequestContext, scheduleId: string, version: number, body: object): Promise<Schedule> {
  return (await call(ctx, "PATCH", schedulePath(scheduleId), { body, version, schema: ScheduleSchema })).data;
}

/** Sets or changes the completion date (YYYY-MM-DD): a working day no earlier than the earliest selectable one. */
export function setCompletionDate(ctx: RequestContext, scheduleId: string, version: number, completionDate: string) {
  return patchSchedule(ctx, scheduleId, version, { completionDate });
}

/** Sets the amount payable on completion, in pence. */
export function setAmountPayable(ctx: RequestContext, scheduleId: string, version: number, amountPayableOnCompletion: number) {
  return patchSchedule(ctx, scheduleId, version, { amountPayableOnCompletion });
}

/** Approves the financials (only when READY for the caller). */
export function approveFinancials(ctx: RequestContext, scheduleId: string, version: number) {
  return patchSchedule(ctx, scheduleId, version, { approved: true });
}

/** Unapproves the financials (only when APPROVED, not hard locked, not cancelled). */
export function unapproveFinancials(ctx: RequestContext, scheduleId: string, version: number) {
  return patchSchedule(ctx, scheduleId, version, { approved: false });
}

/** Adds a line item (its bank account is checked on the way in). `version` is the schedule's. */
export async function addLineItem(ctx: RequestContext, scheduleId: string, version: number, body: AddLineItemRequest): Promise<Schedule> {
  return (await call(ctx, "POST", `${schedulePath(scheduleId)}/line-items`, { body, version, schema: ScheduleSchema })).data;
}

async function patchLineItem(ctx: RequestContext, scheduleId: string, lineItemId: string, version: number, body: object): Promise<Schedule> {
  return (await call(ctx, "PATCH", lineItemPath(scheduleId, lineItemId), { body, version, schema: ScheduleSchema })).data;
}

/**
 * Edits a line item's amount, reference, bank account, linked account or consent. `version` is the line
 * item's. A changed bank account is checked again; sending the same one again retries the check.
 */
export function editLineItem(ctx: RequestContext, scheduleId: string, lineItemId: string, version: number, body: EditLineItemData) {
  return patchLineItem(ctx, scheduleId, lineItemId, version, body);
}

/**
 * Accepts the line item's account without verification (a name check that did not match, or a failed
 * check, with the person's consent): records who and when.
 */
export function acceptLineItemAccount(ctx: RequestContext, scheduleId: string, lineItemId: string, version: number) {
  return patchLineItem(ctx, scheduleId, lineItemId, version, { verificationDetail: { verified: true } });
}

/** Authorises (true) or un-authorises (false) a fund source. */
export function authoriseLineItem(ctx: RequestContext, scheduleId: string, lineItemId: string, version: number, authorised: boolean) {
  return patchLineItem(ctx, scheduleId, lineItemId, version, { authorised });
}

/** Deletes a line item. `version` is the line item's. */
export async function deleteLineItem(ctx: RequestContext, scheduleId: string, lineItemId: string, version: number): Promise<Schedule> {
  return (await call(ctx, "DELETE", lineItemPath(scheduleId, lineItemId), { version, schema: ScheduleSchema })).data;
}
