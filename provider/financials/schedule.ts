/**
 * The financial settlement schedule service (document 2 sections 3.9, 4.7a, 5.6, 5.7 and 7.4): reading a
 * workspace's schedule, and the schedule's own writes (completion date, amount payable, approve and unapprove
 * financials). Line item writes are in line-items.ts; both end with `afterScheduleChanged`.
 *
 * Every write runs in one transaction that locks the workspace row then the schedule row, checks visibility
 * (404 outside the caller's workspaces), the permission (core/shared/permissions/actions.ts), the version
 * (409 with the conflict message, nothing written) and the rules of core/financials (editability, approval),
 * and ends by recomputing the schedule's status, the workspace's funds status and the tasks derived from the
 * schedule (docs/decisions/0610-settlement-status-transitions.md), and recording an audit event.
 */
import { sql, type Selectable } from "kysely";
import {
  FINANCIAL_MESSAGES,
  FINANCIAL_REFUSAL_CODES,
  COMPLETION_DATE_MESSAGES,
  fieldErrorMessage,
  type LineItem,
  type Schedule,
  type SchedulePatchRequest,
} from "../../core/financials/api.js";
import type { FinancialApprovalStatus, LineItemCategory, LineItemType } from "../../core/financials/enums.js";
import { financialApprovalStatus, financialsApprovalActions, scheduleEditability } from "../../core/financials/rules.js";
import {
  deriveFinancialTasks,
  isFinanciallyApproved,
  participantApprovalStatus,
  scheduleStatus,
  workspaceStatusAfterAuthorisation,
  type LineItemFacts,
} from "../../core/financials/schedule.js";
import { isSelectableCompletionDate } from "../../core/financials/completion-date.js";
import { bankHolidayDates } from "../../core/shared/bank-holidays.js";
import { can, type Action } from "../../core/shared/permissions/actions.js";
import { workspaceLawFirmRole } from "../../core/parties/rules.js";
import type { BorrowerValidationStatus } from "../../core/parties/enums.js";
import type { TransactionType } from "../../core/workspaces/enums.js";
import { workspaceFlags } from "../../core/workspaces/lifecycle.js";
import type { WorkspaceStatus } from "../../core/workspaces/status.js";
import type { Environment } from "../../core/shared/feature-flags.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import type { RequestMeta } from "../platform/access.js";
import type { ProductClock } from "../platform/clock.js";
import type { DB, Trx } from "../platform/db/index.js";
import { withDates } from "../platform/db/json-rows.js";
import type { FinancialLineItemsTable, FinancialSettlementSchedulesTable } from "../platform/db/schema.js";
import { ApiError, badRequest, conflict, forbidden, notFound } from "../platform/errors.js";
import { getFeatureFlags } from "../platform/feature-flags.js";
import { findVisibleWorkspace, requireAction, subjectOf, type CallerWorkspace } from "../workspaces/access.js";
import { commitWorkspaceChange, readTasks, recordWorkspaceEvent, writeTasks } from "../workspaces/state.js";
import type { BankCheckAnswer, BankAccountToCheck } from "./bank-check.js";

/** What each service call needs besides its arguments. */
export interface FinancialsDeps {
  db: DB;
  clock: ProductClock;
  environment: Environment;
  /** The bank account check (provider/financials/bank-check.ts): modulus check, then Confirmation of Payee. */
  checkBankAccount: (account: BankAccountToCheck) => Promise<BankCheckAnswer>;
}

export type ScheduleRow = Selectable<FinancialSettlementSchedulesTable> & { completion_date_text: string | null };
export type LineItemRow = Selectable<FinancialLineItemsTable>;

/** Audit actions of the financial settlement schedule. */
export const FinancialEvent = {
  COMPLETION_DATE_SET: "FINANCIALS_COMPLETION_DATE_SET",
  AMOUNT_PAYABLE_SET: "FINANCIALS_AMOUNT_PAYABLE_SET",
  APPROVED: "FINANCIALS_APPROVED",
  UNAPPROVED: "FINANCIALS_UNAPPROVED",
  LINE_ITEM_ADDED: "FINANCIALS_LINE_ITEM_ADDED",
  LINE_ITEM_EDITED: "FINANCIALS_LINE_ITEM_EDITED",
  LINE_ITEM_DELETED: "FINANCIALS_LINE_ITEM_DELETED",
  LINE_ITEM_ACCOUNT_ACCEPTED: "FINANCIALS_LINE_ITEM_ACCOUNT_ACCEPTED",
  LINE_ITEM_AUTHORISED: "FINANCIALS_LINE_ITEM_AUTHORISED",
  LINE_ITEM_UNAUTHORISED: "FINANCIALS_LINE_ITEM_UNAUTHORISED",
  FUNDS_EXCHANGED: "FINANCIALS_FUNDS_EXCHANGED",
  /** The payments service's credits changed a Buyer Funds item's funds status. */
  FUNDS_RECEIVED: "FINANCIALS_FUNDS_RECEIVED",
} as const;
export type FinancialEvent = (typeof FinancialEvent)[keyof typeof FinancialEvent];

/** An audit event about the schedule's workspace, in the writer's transaction. */
export const recordFinancialEvent: (
  trx: Trx,
  caller: Pick<VerifiedCaller, "userId" | "subscriberId">,
  action: FinancialEvent,
  workspaceId: string,
  details: Record<string, unknown>,
  meta: RequestMeta,
) => Promise<void> = recordWorkspaceEvent;

/** A field's 400, in the shape of the provider's request validation (read back with core's `fieldErrorsOf`). */
export function fieldError(field: string, message: string): ApiError {
  return new ApiError(400, "VALIDATION_ERROR", fieldErrorMessage(field, message));
}

export const pence = (value: number | string | bigint | null): number | null => (value === null ? null : Number(value));

// ---------------------------------------------------------------------------------------------------
// Reading

async function scheduleRowOf(db: DB | Trx, where: { workspaceId?: string; scheduleId?: string }, lock = false): Promise<ScheduleRow | undefined> {
  let query = db
    .selectFrom("financial_settlement_schedules")
    .selectAll()
    .select((eb) => eb.cast<string | null>("completion_date", "text").as("completion_date_text"));
  if (where.workspaceId) query = query.where("workspace_id", "=", where.workspaceId);
  if (where.scheduleId) query = query.where("financial_settlement_schedule_id", "=", where.scheduleId);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) as ScheduleRow | undefined;
}

export async function lineItemRows(db: DB | Trx, scheduleId: string): Promise<LineItemRow[]> {
  return db
    .selectFrom("financial_line_items")
    .selectAll()
    .where("financial_settlement_schedule_id", "=", scheduleId)
    .orderBy("position")
    .execute();
}

export function factsOf(row: LineItemRow): LineItemFacts {
  return {
    type: row.type as LineItemType,
    category: row.category as LineItemCategory,
    authorised: row.authorised,
    hasLinkedAccount: row.financial_account_id !== null,
    hasBankAccount: row.account_number !== null,
    verified: row.verified === true,
  };
}

export function lineItemOf(row: LineItemRow): LineItem {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    lineItemId: row.line_item_id,
    lineItemReference: row.line_item_reference,
    type: row.type as LineItemType,
    category: row.category as LineItemCategory,
    amount: Number(row.amount),
    reference: row.reference,
    authorised: row.authorised,
    hasLinkedAccount: row.financial_account_id !== null,
    financialAccountId: row.financial_account_id,
    sourceFundsStatus: row.source_funds_status,
    consent: (typeof row.consent === "string" ? JSON.parse(row.consent) : row.consent) as LineItem["consent"],
    bankAccount:
      row.account_number === null
        ? null
        : {
            accountName: row.account_name ?? "",
            accountNumber: row.account_number,
            bankCode: row.bank_code ?? "",
            displayName: row.display_name,
            accountType: (row.account_type ?? "BUSINESS") as "PERSONAL" | "BUSINESS",
          },
    verificationDetail:
      row.verification_status === null
        ? null
        : {
            verified: row.verified === true,
            status: row.verification_status as NonNullable<LineItem["verificationDetail"]>["status"],
            partnerReasonCode: row.partner_reason_code,
            actualName: row.actual_name,
            acceptedBy: row.accepted_by,
            acceptedAt: iso(row.accepted_at),
            isManualOverrideAllowed: row.is_manual_override_allowed === true,
          },
    version: row.version,
    lastModifiedAt: new Date(row.last_modified_at).toISOString(),
  };
}

/** The lock flags of a workspace (isLocked, hardLocked, isCancelled) from its row. */
export function lockFlagsOf(workspace: CallerWorkspace) {
  return workspaceFlags({
    status: workspace.row.status as WorkspaceStatus,
    tasks: [],
    borrowersValidationStatus: workspace.row.borrowers_validation_status as BorrowerValidationStatus,
  });
}

interface ScheduleState {
  schedule: ScheduleRow;
  items: LineItemRow[];
  participants: { participantId: string; role: string; subscriberId: string }[];
  approvedParticipants: string[];
}

async function stateOf(db: DB | Trx, schedule: ScheduleRow): Promise<ScheduleState> {
  return stateFrom(await stateRowsOf(db, schedule));
}

/** The rows of a schedule's state, one statement each (a write reads them under the schedule's lock). */
export async function stateRowsOf(db: DB | Trx, schedule: ScheduleRow): Promise<StateRows> {
  const [items, participants, approvals] = await Promise.all([
    lineItemRows(db, schedule.financial_settlement_schedule_id),
    db
      .selectFrom("workspace_participants")
      .select(["participant_id", "role", "subscriber_id"])
      .where("workspace_id", "=", schedule.workspace_id)
      .orderBy("role")
      .execute(),
    db
      .selectFrom("financial_settlement_approvals")
      .select("participant_id")
      .where("financial_settlement_schedule_id", "=", schedule.financial_settlement_schedule_id)
      .execute(),
  ]);
  return { schedule, items, participants, approvals: approvals.map((row) => row.participant_id) };
}

/** What a schedule's state is made of, as read. */
export interface StateRows {
  schedule: ScheduleRow;
  items: LineItemRow[];
  /** By role. */
  participants: { participant_id: string; role: string; subscriber_id: string }[];
  /** The participants that approved the schedule. */
  approvals: string[];
}

function stateFrom({ schedule, items, participants, approvals }: StateRows): ScheduleState {
  return {
    schedule,
    items,
    participants: participants.map((row) => ({ participantId: row.participant_id, role: row.role, subscriberId: row.subscriber_id })),
    approvedParticipants: approvals,
  };
}

/**
 * The workspace's schedule, its line items, the workspace's participants and the schedule's approvals in one
 * statement (decision 0923): the Financials tab reads them on every load. Timestamps come back as Dates, as
 * the driver answers them outside JSON; the completion date as its text (`completion_date_text`).
 */
export async function readStateRows(db: DB | Trx, workspaceId: string): Promise<StateRows | undefined> {
  const { rows } = await sql<StateRows>`
    select
      to_jsonb(s) || jsonb_build_object('completion_date_text', s.completion_date::text) as schedule,
      (select coalesce(json_agg(i order by i.position), '[]') from financial_line_items i
        where i.financial_settlement_schedule_id = s.financial_settlement_schedule_id) as items,
      (select coalesce(json_agg(json_build_object('participant_id', p.participant_id, 'role', p.role, 'subscriber_id', p.subscriber_id)
          order by p.role), '[]')
        from workspace_participants p where p.workspace_id = s.workspace_id) as participants,
      (select coalesce(json_agg(a.participant_id), '[]') from financial_settlement_approvals a
        where a.financial_settlement_schedule_id = s.financial_settlement_schedule_id) as approvals
    from financial_settlement_schedules s where s.workspace_id = ${workspaceId}
  `.execute(db);
  const found = rows[0];
  if (!found) return undefined;
  return {
    ...found,
    schedule: withDates(found.schedule, ["created_at", "updated_at"]),
    items: found.items.map((row) => withDates(row, ["authorised_at", "accepted_at", "created_at", "last_modified_at"])),
  };
}

/** The caller's financials approval status (4.7a), through core's one derivation. */
export function callerApprovalStatus(workspace: CallerWorkspace, state: ScheduleState): FinancialApprovalStatus {
  const participants = state.participants;
  return financialApprovalStatus({
    scheduleStatus: state.schedule.status,
    hasSellerRepresentative: participants.some((participant) => participant.role === "SELLER_REPRESENTATIVE"),
    isHelpdeskAdministrator: workspace.helpdesk,
    participantRole: workspace.participant?.role ?? null,
    participants,
    approvals: participants.map((participant) => approvalOf(state, participant.participantId)),
  });
}

function approvalOf(state: ScheduleState, participantId: string) {
  const isApproved = state.approvedParticipants.includes(participantId);
  return { participantId, isApproved, status: participantApprovalStatus(state.schedule.status, isApproved) };
}

/**
 * The schedule as the caller sees it: line items of a type only with the permission to view, or to edit, that
 * type (the seller's representative edits destinations without a view permission of its own: it sees them).
 */
function scheduleOf(caller: VerifiedCaller, workspace: CallerWorkspace, state: ScheduleState): Schedule {
  const subject = subjectOf(caller);
  const sees = (type: string) =>
    type === "SOURCE"
      ? can(subject, "viewSourceLineItems", workspace.context) || can(subject, "editSourceLineItem", workspace.context)
      : can(subject, "viewDestinationLineItems", workspace.context) || can(subject, "editDestinationLineItem", workspace.context);
  const { schedule } = state;
  return {
    financialSettlementScheduleId: schedule.financial_settlement_schedule_id,
    workspaceId: schedule.workspace_id,
    workspaceStatus: workspace.row.status,
    completionDate: schedule.completion_date_text,
    amountPayableOnCompletion: pence(schedule.amount_payable_on_completion),
    approved: schedule.approved,
    hardLocked: lockFlagsOf(workspace).hardLocked,
    status: schedule.status as Schedule["status"],
    participants: state.participants,
    approvals: state.participants.map((participant) => approvalOf(state, participant.participantId)),
    lineItems: state.items.filter((item) => sees(item.type)).map(lineItemOf),
    version: schedule.version,
  };
}

/** GET ?workspace_id=: the workspace's schedule (404 outside the caller's workspaces). */
export async function listSchedules(db: DB, caller: VerifiedCaller, workspaceId: string): Promise<{ records: Schedule[] }> {
  const workspace = await findVisibleWorkspace(db, caller, workspaceId);
  requireAction(caller, "viewWorkspace", workspace);
  const rows = await readStateRows(db, workspaceId);
  return { records: rows ? [scheduleOf(caller, workspace, stateFrom(rows))] : [] };
}

// ---------------------------------------------------------------------------------------------------
// Writing: the frame every write runs in

export interface WriteContext {
  trx: Trx;
  caller: VerifiedCaller;
  workspace: CallerWorkspace;
  state: ScheduleState;
  /** The product's time now, ISO. */
  at: string;
}

/**
 * The schedule's workspace, locked, then the schedule, locked: 404 unless the caller sees the workspace.
 * Reads without a lock when `lock` is false (the checks made before a bank check, outside the transaction).
 */
export async function openSchedule(db: DB | Trx, caller: VerifiedCaller, scheduleId: string, lock: boolean) {
  const found = await db
    .selectFrom("financial_settlement_schedules")
    .select("workspace_id")
    .where("financial_settlement_schedule_id", "=", scheduleId)
    .executeTakeFirst();
  if (!found) throw notFound(FINANCIAL_MESSAGES.scheduleNotFound);
  const workspace = await findVisibleWorkspace(db, caller, found.workspace_id, { lock });
  const schedule = (await scheduleRowOf(db, { scheduleId }, lock))!;
  return { workspace, state: await stateOf(db, schedule) };
}

/** 400 unless the schedule can be changed by the caller (4.7a: not approved, not cancelled, workspace not locked). */
export function requireScheduleEditable(workspace: CallerWorkspace, state: ScheduleState): void {
  const editable = scheduleEditability(callerApprovalStatus(workspace, state), lockFlagsOf(workspace));
  if (!editable.enabled) throw badRequest(editable.reason!, FINANCIAL_REFUSAL_CODES.scheduleNotEditable);
}

/** Runs a write in one transaction and answers the schedule after it. */
export async function scheduleWrite(
  deps: FinancialsDeps,
  caller: VerifiedCaller,
  scheduleId: string,
  write: (context: WriteContext) => Promise<{ contentChanged: boolean }>,
): Promise<Schedule> {
  return deps.db.transaction().execute(async (trx) => {
    const { workspace, state } = await openSchedule(trx, caller, scheduleId, true);
    const at = deps.clock.now().toISOString();
    const { contentChanged } = await write({ trx, caller, workspace, state, at });
    await afterScheduleChanged(trx, caller, workspace, scheduleId, { contentChanged, at });
    const after = await openSchedule(trx, caller, scheduleId, false);
    return scheduleOf(caller, after.workspace, after.state);
  });
}

/**
 * What every write ends with, in its transaction: a change to the schedule's content clears the approvals
 * given (what was approved has changed); the schedule's status is recomputed and its version moved on; the
 * workspace's funds status (FUNDS_AUTHORISED / PREPARED) and its schedule-derived tasks are brought up to
 * date, committing a workspace change (version, labels) only when either changed.
 */
async function afterScheduleChanged(
  trx: Trx,
  caller: VerifiedCaller,
  workspace: CallerWorkspace,
  scheduleId: string,
  change: { contentChanged: boolean; at: string },
): Promise<void> {
  if (change.contentChanged) {
    await trx.deleteFrom("financial_settlement_approvals").where("financial_settlement_schedule_id", "=", scheduleId).execute();
  }
  const schedule = (await scheduleRowOf(trx, { scheduleId }))!;
  const state = await stateOf(trx, schedule);
  const facts = state.items.map(factsOf);
  const approvedRoles = state.participants
    .filter((participant) => state.approvedParticipants.includes(participant.participantId))
    .map((participant) => participant.role);
  const workspaceStatus = workspace.row.status as WorkspaceStatus;
  const prepared = scheduleStatus({ workspaceStatus, completionDate: schedule.completion_date_text, lineItems: facts, approved: false });
  // Approvals only count on a prepared schedule; an unprepared one keeps none.
  if (prepared !== "PREPARED" && state.approvedParticipants.length > 0) {
    await trx.deleteFrom("financial_settlement_approvals").where("financial_settlement_schedule_id", "=", scheduleId).execute();
  }
  const approved = prepared === "PREPARED" && isFinanciallyApproved(state.participants.map((participant) => participant.role), approvedRoles);
  const status = scheduleStatus({ workspaceStatus, completionDate: schedule.completion_date_text, lineItems: facts, approved });
  await trx
    .updateTable("financial_settlement_schedules")
    .set((eb) => ({ status, approved, version: eb("version", "+", 1), updated_at: new Date() }))
    .where("financial_settlement_schedule_id", "=", scheduleId)
    .execute();

  const tasks = await readTasks(trx, workspace.row.workspace_id);
  const nextStatus = workspaceStatusAfterAuthorisation(workspaceStatus, facts);
  const nextTasks = deriveFinancialTasks(
    tasks,
    {
      workspaceStatus: nextStatus,
      completionDate: schedule.completion_date_text,
      lineItems: facts,
      lawFirmRole: workspaceLawFirmRole(workspace.row.transaction_type as TransactionType),
    },
    caller.userId,
    change.at,
  );
  const completionDateChanged = (workspace.row.completion_date_text ?? null) !== (schedule.completion_date_text ?? null);
  const tasksChanged = JSON.stringify(tasks) !== JSON.stringify(nextTasks);
  if (nextStatus === workspaceStatus && !tasksChanged && !completionDateChanged) return;
  await writeTasks(trx, workspace.row.workspace_id, tasks, nextTasks);
  await commitWorkspaceChange(
    trx,
    workspace.row.workspace_id,
    workspace.row.version,
    {
      status: nextStatus,
      tasks: nextTasks,
      borrowersValidationStatus: workspace.row.borrowers_validation_status as BorrowerValidationStatus,
    },
    completionDateChanged ? { completion_date: schedule.completion_date_text } : {},
  );
}

/** The workspace was cancelled (in its transaction): its schedule is CANCELLED too, and its version moves on. */
export async function cancelSchedule(trx: Trx, workspaceId: string): Promise<void> {
  await trx
    .updateTable("financial_settlement_schedules")
    .set((eb) => ({ status: "CANCELLED", approved: false, version: eb("version", "+", 1), updated_at: new Date() }))
    .where("workspace_id", "=", workspaceId)
    .execute();
}

/** 409 with the conflict message unless the write was made against the schedule's current version. */
export function requireScheduleVersion(state: ScheduleState, expectedVersion: number): void {
  if (state.schedule.version !== expectedVersion) throw conflict();
}

/** 403 unless the caller may take the action in the workspace. */
export function requireFinancialAction(caller: VerifiedCaller, action: Action, workspace: CallerWorkspace): void {
  requireAction(caller, action, workspace);
}

/** The flags the financial rules read (Buyer Funds sourcing, auto-authorisation). */
export async function financialFlags(deps: Pick<FinancialsDeps, "db" | "environment">) {
  const flags = await getFeatureFlags(deps.db, deps.environment);
  return {
    sourcingOfFundsEnabled: flags["sourcing-of-funds-enabled"],
    autoAuthorisationEnabled: flags.autoAuthorisationCommonEnabled,
  };
}

// ---------------------------------------------------------------------------------------------------
// The schedule's own writes

/** PATCH: exactly one of completion date, amount payable, approved. */
export async function patchSchedule(
  deps: FinancialsDeps,
  caller: VerifiedCaller,
  scheduleId: string,
  body: SchedulePatchRequest,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<Schedule> {
  return scheduleWrite(deps, caller, scheduleId, async ({ trx, workspace, state, at }) => {
    const workspaceId = workspace.row.workspace_id;
    if ("completionDate" in body) {
      requireFinancialAction(caller, "editCompletionDate", workspace);
      requireScheduleVersion(state, expectedVersion);
      requireScheduleEditable(workspace, state);
      const now = deps.clock.now();
      const holidays = bankHolidayDates(now.toISOString().slice(0, 10), body.completionDate);
      if (!isSelectableCompletionDate(body.completionDate, now, holidays)) {
        throw fieldError("completionDate", COMPLETION_DATE_MESSAGES.notSelectable);
      }
      await trx
        .updateTable("financial_settlement_schedules")
        .set({ completion_date: body.completionDate })
        .where("financial_settlement_schedule_id", "=", scheduleId)
        .execute();
      await recordFinancialEvent(trx, caller, FinancialEvent.COMPLETION_DATE_SET, workspaceId, {
        completionDate: body.completionDate,
        previous: state.schedule.completion_date_text,
      }, meta);
      return { contentChanged: true };
    }
    if ("amountPayableOnCompletion" in body) {
      requireFinancialAction(caller, "editAmountPayable", workspace);
      requireScheduleVersion(state, expectedVersion);
      requireScheduleEditable(workspace, state);
      await trx
        .updateTable("financial_settlement_schedules")
        .set({ amount_payable_on_completion: body.amountPayableOnCompletion })
        .where("financial_settlement_schedule_id", "=", scheduleId)
        .execute();
      await recordFinancialEvent(trx, caller, FinancialEvent.AMOUNT_PAYABLE_SET, workspaceId, {
        amountPayableOnCompletion: body.amountPayableOnCompletion,
      }, meta);
      return { contentChanged: true };
    }
    return approveOrUnapprove(trx, caller, workspace, state, body.approved, expectedVersion, at, meta);
  });
}

async function approveOrUnapprove(
  trx: Trx,
  caller: VerifiedCaller,
  workspace: CallerWorkspace,
  state: ScheduleState,
  approve: boolean,
  expectedVersion: number,
  at: string,
  meta: RequestMeta,
): Promise<{ contentChanged: boolean }> {
  requireFinancialAction(caller, approve ? "approveFinancials" : "unapproveFinancials", workspace);
  requireScheduleVersion(state, expectedVersion);
  const scheduleId = state.schedule.financial_settlement_schedule_id;
  const status = callerApprovalStatus(workspace, state);
  const actions = financialsApprovalActions(status, lockFlagsOf(workspace));
  const participant = workspace.participant;
  if (approve) {
    if (!actions.approve.enabled) {
      const message = status === "APPROVED" ? FINANCIAL_MESSAGES.approveAlready : status === "NOT_READY" ? FINANCIAL_MESSAGES.approveNotReady : actions.approve.reason!;
      throw badRequest(message, FINANCIAL_REFUSAL_CODES.approvalNotAllowed);
    }
    if (!participant) throw forbidden("Only a participant of the workspace can approve its financials.");
    await trx
      .insertInto("financial_settlement_approvals")
      .values({ financial_settlement_schedule_id: scheduleId, participant_id: participant.participantId, approved_by: caller.userId, approved_at: at })
      .onConflict((oc) => oc.columns(["financial_settlement_schedule_id", "participant_id"]).doNothing())
      .execute();
    await recordFinancialEvent(trx, caller, FinancialEvent.APPROVED, workspace.row.workspace_id, {}, meta);
    return { contentChanged: false };
  }
  if (!actions.unapprove.enabled) {
    throw badRequest(status === "APPROVED" ? actions.unapprove.reason! : FINANCIAL_MESSAGES.unapproveNotApproved, FINANCIAL_REFUSAL_CODES.approvalNotAllowed);
  }
  // Unapproving withdraws every approval: the schedule is open to changes again for everyone.
  await trx.deleteFrom("financial_settlement_approvals").where("financial_settlement_schedule_id", "=", scheduleId).execute();
  await recordFinancialEvent(trx, caller, FinancialEvent.UNAPPROVED, workspace.row.workspace_id, {}, meta);
  return { contentChanged: false };
}
