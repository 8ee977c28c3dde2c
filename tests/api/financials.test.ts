/**
 * The financial settlement schedule and its line items through the real provider (document 2 sections 3.9,
 * 3.10, 4.6, 4.7, 4.7a, 5.5, 5.6, 5.7, 6 and 7.4): every write and refusal with its message, the bank check's
 * every outcome stored, manual acceptance only when allowed, approval and authorisation with the workspace's
 * funds status, permissions by role, 428 / 409 with nothing overwritten, and the tasks derived from the schedule.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPLETION_DATE_MESSAGES, CreditInformationResponseSchema, FINANCIAL_MESSAGES, ScheduleSchema, SchedulesResponseSchema, fieldErrorsOf, type Schedule } from "../../core/financials/api.js";
import { earliestCompletionDate, nextWorkingDay } from "../../core/financials/completion-date.js";
import { FINANCIALS_TOOLTIPS } from "../../core/financials/rules.js";
import { deriveFinancialTasks, FINANCIAL_DERIVED_TASKS, scheduleStatus } from "../../core/financials/schedule.js";
import type { WorkspaceTask } from "../../core/workspaces/lifecycle.js";
import { CONSENT_MESSAGES } from "../../core/financials/schemas.js";
import { INVALID_BANK_ACCOUNT_MESSAGE } from "../../core/financials/verification.js";
import { bankHolidayDates } from "../../core/shared/bank-holidays.js";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { addDays } from "../../core/shared/london-time.js";
import { VERSION_REQUIRED_MESSAGE } from "../../core/shared/versions.js";
import { WorkspaceDetailSchema } from "../../core/workspaces/api.js";
import { EDIT_LOCK_TOOLTIPS } from "../../core/workspaces/status.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { personWithRoles } from "./administration-support.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, versionedCall, type TestProvider, type WriteMethod } from "./support.js";

const S = "/api/settlement/v1/financial-settlement-schedules";
const W = "/api/workspace/v1/workspaces";

let provider: TestProvider;
let harper: string; // Harper & Vale LLP (Workspace Approver): the lender's representative on remortgages, the buyer's on purchases
let northgate: string; // Northgate Bank (Funds Authoriser): the incoming lender
let keystone: string; // Keystone Conveyancing's script (Workspace Viewer)
let helpdesk: string;

beforeAll(async () => {
  provider = await startTestProvider({ env: { COP_TIMEOUT_MS: "500" } });
  [harper, northgate, keystone, helpdesk] = await Promise.all([
    provider.scriptToken("harperVale"),
    provider.scriptToken("northgate"),
    provider.scriptToken("keystone"),
    provider.loginToken(DEMO_USERS.helpdesk.email),
  ]);
});
afterAll(() => provider?.close());

function call(token: string, method: WriteMethod, url: string, payload?: unknown, version?: number) {
  return versionedCall(provider, token, method, url, payload, version);
}

type Answer = Awaited<ReturnType<typeof call>>;

function expectRefusal(response: Answer, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().message).toBe(message);
}

function expectFieldError(response: Answer, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(fieldErrorsOf(response.json().message)[field]).toBe(message);
}

async function scheduleOf(token: string, workspaceId: string): Promise<Schedule> {
  const response = await call(token, "GET", `${S}?workspace_id=${workspaceId}`);
  expect(response.statusCode, response.body).toBe(200);
  const { records } = SchedulesResponseSchema.parse(response.json());
  expect(records).toHaveLength(1);
  return records[0]!;
}

function written(response: Answer, status = 200): Schedule {
  expect(response.statusCode, response.body).toBe(status);
  const schedule = ScheduleSchema.parse(response.json());
  expect(response.headers.etag).toBe(`"${schedule.version}"`);
  return schedule;
}

async function tasksOf(workspaceId: string) {
  const rows = await provider.db.selectFrom("workspace_tasks").select(["task_name", "status"]).where("workspace_id", "=", workspaceId).execute();
  return Object.fromEntries(rows.map((row) => [row.task_name, row.status]));
}

async function workspaceOf(token: string, workspaceId: string) {
  const response = await call(token, "GET", `${W}/${workspaceId}`);
  expect(response.statusCode, response.body).toBe(200);
  return WorkspaceDetailSchema.parse(response.json());
}

async function lineItemCount(scheduleId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM financial_line_items WHERE financial_settlement_schedule_id = ${scheduleId}`.execute(provider.db);
  return rows[0]!.n;
}

/** A completion date that may be chosen now: a working day a week or so ahead. */
function selectableDate(): string {
  const now = new Date();
  const holidays = bankHolidayDates(now.toISOString().slice(0, 10), addDays(now.toISOString().slice(0, 10), 60));
  return nextWorkingDay(addDays(earliestCompletionDate(now, holidays), 7), holidays);
}

const SANDBOX_SORT_CODE = "089999";
const account = (accountNumber: string, accountType: "BUSINESS" | "PERSONAL" = "BUSINESS") => ({
  accountName: "Riverside Property",
  accountNumber,
  bankCode: SANDBOX_SORT_CODE,
  accountType,
});
const mortgageAdvance = (amount = 25_000_000) => ({ category: "MORTGAGE_ADVANCE", amount, reference: "MA 1" });
const redemption = (accountNumber = "10000003", amount = 12_345_67) => ({ category: "REDEMPTION", amount, reference: "RED 1", bankAccount: account(accountNumber) });

/** A fresh remortgage workspace of Harper & Vale's with Northgate as incoming lender (created through the API). */
async function freshRemortgage(): Promise<{ workspaceId: string; schedule: Schedule }> {
  const lender = await provider.loginToken(DEMO_USERS.lender.email);
  const created = await call(lender, "POST", W, {
    transactionType: "REMORTGAGE",
    transferOfEquity: false,
    reference: `NG-${randomUUID().slice(0, 6)}`,
    securityAddress: { buildingNumber: "3", street: "Mill Road", town: "Leeds", postcode: "LS1 4AB" },
    parties: [{ role: "BORROWER", type: "INDIVIDUAL", partyDetails: { forenames: "Ada", surname: "Lovelace" } }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const workspaceId = created.json().workspaceId as string;
  const assigned = await call(
    lender,
    "POST",
    `/api/v1/workspaces/${workspaceId}/participants`,
    { subscriberId: DEMO_SUBSCRIBERS.harperVale.subscriberId, role: "INCOMING_LENDER_REPRESENTATIVE" },
    created.json().version as number,
  );
  expect(assigned.statusCode, assigned.body).toBe(201);
  return { workspaceId, schedule: await scheduleOf(northgate, workspaceId) };
}

describe("reading the schedule", () => {
  it("gives every demo workspace one schedule; a cancelled workspace's is CANCELLED; seeded completion dates carried", async () => {
    for (const workspace of Object.values(DEMO_WORKSPACES)) {
      const schedule = await scheduleOf(helpdesk, workspace.workspaceId);
      expect(schedule.workspaceId).toBe(workspace.workspaceId);
      expect(schedule.workspaceStatus).toBe(workspace.status);
      if (workspace.status === "CANCELLED") expect(schedule.status).toBe("CANCELLED");
      const detail = await workspaceOf(helpdesk, workspace.workspaceId);
      expect(schedule.completionDate).toBe(detail.completionDate ?? null);
      // The seeded schedule agrees with the rules: its status, the Mortgage Advance authorised from funds
      // authorised on, and the workspace's tasks as the schedule would derive them.
      const facts = schedule.lineItems.map((item) => ({
        type: item.type,
        category: item.category,
        authorised: item.authorised,
        hasLinkedAccount: item.hasLinkedAccount,
        hasBankAccount: item.bankAccount !== null,
        verified: item.verificationDetail?.verified === true,
      }));
      expect(schedule.status, workspace.title).toBe(
        scheduleStatus({ workspaceStatus: workspace.status, completionDate: schedule.completionDate, lineItems: facts, approved: schedule.approved }),
      );
      const past = ["PREPARED", "FUNDS_AUTHORISED", "FUNDS_EXCHANGED", "LODGED", "REQUISITIONED", "CLOSED"].includes(workspace.status);
      if (past) {
        expect(schedule.completionDate, workspace.title).not.toBeNull();
        expect(schedule.status, workspace.title).toBe("APPROVED");
        const advance = schedule.lineItems.find((item) => item.category === "MORTGAGE_ADVANCE");
        expect(advance?.authorised, workspace.title).toBe(workspace.status !== "PREPARED");
      }
      const tasks = (await provider.db.selectFrom("workspace_tasks").selectAll().where("workspace_id", "=", workspace.workspaceId).execute()).map((row) => ({
        taskName: row.task_name as WorkspaceTask["taskName"],
        status: row.status as WorkspaceTask["status"],
        assigneeRole: row.assignee_role as WorkspaceTask["assigneeRole"],
        completedBy: row.completed_by,
        completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
      }));
      if (workspace.status !== "CANCELLED") {
        const derived = deriveFinancialTasks(tasks, { workspaceStatus: workspace.status, completionDate: schedule.completionDate, lineItems: facts, lawFirmRole: "INCOMING_LENDER_REPRESENTATIVE" }, "x", "y");
        const pick = (list: WorkspaceTask[]) => Object.fromEntries(list.filter((one) => (FINANCIAL_DERIVED_TASKS as readonly string[]).includes(one.taskName)).map((one) => [one.taskName, one.status]));
        expect(pick(derived), workspace.title).toEqual(pick(tasks));
      }
    }
  });

  it("answers 404 outside the caller's workspaces, and 400 for a workspace_id that is not a UUID", async () => {
    const response = await call(keystone, "GET", `${S}?workspace_id=${DEMO_WORKSPACES.remortgagePreparing.workspaceId}`);
    expect(response.statusCode).toBe(404);
    expect((await call(harper, "GET", `${S}?workspace_id=nope`)).statusCode).toBe(400);
  });

  it("gives a new workspace its schedule in the same transaction", async () => {
    const { schedule } = await freshRemortgage();
    expect(schedule).toMatchObject({ status: "IN_PREPARATION", completionDate: null, amountPayableOnCompletion: null, approved: false, lineItems: [] });
  });
});

describe("completion date and amount payable (5.6, 5.7)", () => {
  it("sets the completion date on a working day, completes the task and shows it on the workspace; refuses weekends and past dates", async () => {
    const { workspaceId, schedule } = await freshRemortgage();
    const url = `${S}/${schedule.financialSettlementScheduleId}`;
    expectRefusal(await call(harper, "PATCH", url, { completionDate: selectableDate() }), 428, VERSION_REQUIRED_MESSAGE);

    let saturday = selectableDate();
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    expectFieldError(await call(harper, "PATCH", url, { completionDate: saturday }, schedule.version), "completionDate", COMPLETION_DATE_MESSAGES.notSelectable);
    expectFieldError(await call(harper, "PATCH", url, { completionDate: "2020-01-06" }, schedule.version), "completionDate", COMPLETION_DATE_MESSAGES.notSelectable);
    expectFieldError(await call(harper, "PATCH", url, { completionDate: "2030-02-30" }, schedule.version), "completionDate", COMPLETION_DATE_MESSAGES.invalid);
    expect((await scheduleOf(harper, workspaceId)).completionDate).toBeNull();

    const date = selectableDate();
    const after = written(await call(harper, "PATCH", url, { completionDate: date }, schedule.version));
    expect(after.completionDate).toBe(date);
    expect(after.version).toBe(schedule.version + 1);
    expect((await tasksOf(workspaceId))["enter-completion-date"]).toBe("COMPLETED");
    expect((await workspaceOf(harper, workspaceId)).completionDate).toBe(date);
    // The stale version is refused and nothing changes.
    expectRefusal(await call(harper, "PATCH", url, { completionDate: addDays(date, 7) }, schedule.version), 409, CONFLICT_MESSAGE);
    expect((await scheduleOf(harper, workspaceId)).completionDate).toBe(date);
  });

  it("sets the amount payable in pence and refuses amounts under 1.00 or with more than 12 digits", async () => {
    const { schedule } = await freshRemortgage();
    const url = `${S}/${schedule.financialSettlementScheduleId}`;
    expectFieldError(await call(harper, "PATCH", url, { amountPayableOnCompletion: 99 }, schedule.version), "amountPayableOnCompletion", "Amount payable on completion must be at least 1.00");
    expectFieldError(
      await call(harper, "PATCH", url, { amountPayableOnCompletion: 100_000_000_000_000 }, schedule.version),
      "amountPayableOnCompletion",
      "Amount payable on completion can have upto 12 digits & 2 decimal places",
    );
    const after = written(await call(harper, "PATCH", url, { amountPayableOnCompletion: 31_250_050 }, schedule.version));
    expect(after.amountPayableOnCompletion).toBe(31_250_050);
  });

  it("takes exactly one change at a time", async () => {
    const { schedule } = await freshRemortgage();
    const response = await call(harper, "PATCH", `${S}/${schedule.financialSettlementScheduleId}`, { approved: true, amountPayableOnCompletion: 100 }, schedule.version);
    expect(response.statusCode).toBe(400);
  });

  it("refuses without the permission: the lender (no contextual completion date edit) and a viewer", async () => {
    const { schedule } = await freshRemortgage();
    expect((await call(northgate, "PATCH", `${S}/${schedule.financialSettlementScheduleId}`, { completionDate: selectableDate() }, schedule.version)).statusCode).toBe(403);
    const purchase = await scheduleOf(helpdesk, DEMO_WORKSPACES.purchaseOrganisationPreparing.workspaceId);
    expect((await call(keystone, "PATCH", `${S}/${purchase.financialSettlementScheduleId}`, { amountPayableOnCompletion: 500 }, purchase.version)).statusCode).toBe(403);
  });
});

describe("line items (5.5) and the bank check (4.7)", () => {
  it("adds a Mortgage Advance (no account) and completes the fund source task; refuses a bank account on it", async () => {
    const { workspaceId, schedule } = await freshRemortgage();
    const url = `${S}/${schedule.financialSettlementScheduleId}/line-items`;
    expectFieldError(
      await call(harper, "POST", url, { ...mortgageAdvance(), bankAccount: account("10000003") }, schedule.version),
      "bankAccount",
      FINANCIAL_MESSAGES.bankAccountNotAllowed("Mortgage Advance"),
    );
    const after = written(await call(harper, "POST", url, mortgageAdvance(), schedule.version), 201);
    expect(after.lineItems).toHaveLength(1);
    expect(after.lineItems[0]).toMatchObject({ type: "SOURCE", category: "MORTGAGE_ADVANCE", amount: 25_000_000, authorised: false, bankAccount: null, verificationDetail: null });
    expect(after.lineItems[0]!.lineItemReference).toMatch(/^FLI-\d{7}$/);
    expect((await tasksOf(workspaceId))["enter-fund-source-details"]).toBe("COMPLETED");
  });

  it("refuses bad amounts, references and bank details with their field messages, saving nothing", async () => {
    const { schedule } = await freshRemortgage();
    const id = schedule.financialSettlementScheduleId;
    const url = `${S}/${id}/line-items`;
    expectFieldError(await call(harper, "POST", url, mortgageAdvance(50), schedule.version), "amount", "Amount must be at least 1.00");
    expectFieldError(await call(harper, "POST", url, { ...mortgageAdvance(), reference: "x".repeat(19) }, schedule.version), "reference", "Reference must not exceed 18 characters");
    expectFieldError(await call(harper, "POST", url, { ...mortgageAdvance(), reference: "bad ~ text" }, schedule.version), "reference", "Enter a valid Reference");
    expectFieldError(await call(harper, "POST", url, { category: "REDEMPTION", amount: 100, reference: "R" }, schedule.version), "bankAccount", FINANCIAL_MESSAGES.bankAccountRequired);
    expectFieldError(await call(harper, "POST", url, { ...redemption(), bankAccount: account("10000003", "PERSONAL") }, schedule.version), "bankAccount.accountType", FINANCIAL_MESSAGES.accountTypeNotAllowed("Redemption", "business"));
    expectFieldError(await call(harper, "POST", url, { ...redemption(), bankAccount: { ...account("1234"), accountType: "BUSINESS" } }, schedule.version), "bankAccount.accountNumber", "Enter a valid Account number");
    expectFieldError(await call(harper, "POST", url, redemption("10000000"), schedule.version), "bankAccount.accountNumber", INVALID_BANK_ACCOUNT_MESSAGE);
    expect(await lineItemCount(id)).toBe(0);
    expect((await scheduleOf(harper, schedule.workspaceId)).version).toBe(schedule.version);
  });

  it("stores every Confirmation of Payee outcome: MATCH verified, anything else unverified and open to manual acceptance", async () => {
    const { workspaceId, schedule } = await freshRemortgage();
    const url = `${S}/${schedule.financialSettlementScheduleId}/line-items`;
    const fixtures: [string, string, string | null, string | null][] = [
      ["10000003", "MATCH", null, null],
      ["10000016", "NAME_PARTIAL_MATCH", "MBAM", "Riverside Property Ltd"],
      ["10000029", "TYPE_NO_MATCH", "BANM", null],
      ["10000032", "TYPE_NO_MATCH", "PANM", null],
      ["10000045", "NAME_PARTIAL_MATCH_TYPE_NO_MATCH", "BAMM", "Riverside Property Ltd"],
      ["10000058", "NAME_PARTIAL_MATCH_TYPE_NO_MATCH", "PAMM", "Jane Riverside"],
      ["10000061", "NO_MATCH", "ANNM", null],
      ["10000074", "UNABLE_TO_MATCH", "AC01", null],
      ["10000087", "UNABLE_TO_MATCH", "OPTO", null],
      ["10000090", "UNABLE_TO_MATCH", "ACNS", null],
      ["10000100", "UNABLE_TO_MATCH", "CASS", null],
      ["10000113", "UNABLE_TO_MATCH", "SCNS", null],
      ["10000126", "UNABLE_TO_MATCH", "IVCR", null],
      ["10000139", "ERROR", null, null],
      ["10000142", "TIMEOUT", null, null],
    ];
    let version = schedule.version;
    for (const [accountNumber, status, partnerReasonCode, actualName] of fixtures) {
      const after = written(await call(harper, "POST", url, redemption(accountNumber), version), 201);
      version = after.version;
      const item = after.lineItems.at(-1)!;
      expect(item.bankAccount).toMatchObject({ accountNumber, bankCode: SANDBOX_SORT_CODE, accountType: "BUSINESS" });
      expect(item.verificationDetail, accountNumber).toMatchObject({
        status,
        verified: status === "MATCH",
        partnerReasonCode,
        actualName,
        isManualOverrideAllowed: status !== "MATCH",
        acceptedBy: null,
      });
    }
    expect((await tasksOf(workspaceId))["verify-bank-account-details"]).toBe("PENDING");
  });

  it("accepts an unverified account by hand (who and when), refuses it for a verified one, and completes the verification task", async () => {
    const { workspaceId, schedule } = await freshRemortgage();
    const id = schedule.financialSettlementScheduleId;
    let after = written(await call(harper, "POST", `${S}/${id}/line-items`, redemption("10000003"), schedule.version), 201);
    const verified = after.lineItems[0]!;
    expectRefusal(
      await call(harper, "PATCH", `${S}/${id}/line-items/${verified.lineItemId}`, { verificationDetail: { verified: true } }, verified.version),
      400,
      FINANCIAL_MESSAGES.alreadyVerified,
    );
    after = written(await call(harper, "POST", `${S}/${id}/line-items`, redemption("10000061"), after.version), 201);
    const unverified = after.lineItems[1]!;
    expect((await tasksOf(workspaceId))["verify-bank-account-details"]).toBe("PENDING");
    expectRefusal(await call(harper, "PATCH", `${S}/${id}/line-items/${unverified.lineItemId}`, { verificationDetail: { verified: true } }), 428, VERSION_REQUIRED_MESSAGE);
    after = written(await call(harper, "PATCH", `${S}/${id}/line-items/${unverified.lineItemId}`, { verificationDetail: { verified: true } }, unverified.version));
    const accepted = after.lineItems[1]!;
    expect(accepted.version).toBe(unverified.version + 1);
    expect(accepted.verificationDetail).toMatchObject({ verified: true, status: "NO_MATCH", acceptedBy: DEMO_USERS.manager.subscriberUserId });
    expect(Date.parse(accepted.verificationDetail!.acceptedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await tasksOf(workspaceId))["verify-bank-account-details"]).toBe("COMPLETED");
  });

  it("re-checks a changed bank account on edit, and re-sending the same unverified one retries the check", async () => {
    const { schedule } = await freshRemortgage();
    const id = schedule.financialSettlementScheduleId;
    let after = written(await call(harper, "POST", `${S}/${id}/line-items`, redemption("10000139"), schedule.version), 201);
    let item = after.lineItems[0]!;
    expect(item.verificationDetail!.status).toBe("ERROR");
    after = written(await call(harper, "PATCH", `${S}/${id}/line-items/${item.lineItemId}`, { amount: item.amount, reference: item.reference, bankAccount: account("10000139") }, item.version));
    item = after.lineItems[0]!;
    expect(item.verificationDetail!.status).toBe("ERROR");
    after = written(await call(harper, "PATCH", `${S}/${id}/line-items/${item.lineItemId}`, { amount: 99_900, reference: "NEW REF", bankAccount: account("10000003") }, item.version));
    item = after.lineItems[0]!;
    expect(item).toMatchObject({ amount: 99_900, reference: "NEW REF", verificationDetail: { status: "MATCH", verified: true } });
    expectFieldError(
      await call(harper, "PATCH", `${S}/${id}/line-items/${item.lineItemId}`, { amount: 99_900, reference: "NEW REF", bankAccount: account("10000000") }, item.version),
      "bankAccount.accountNumber",
      INVALID_BANK_ACCOUNT_MESSAGE,
    );
    expect((await scheduleOf(harper, schedule.workspaceId)).lineItems[0]!.bankAccount!.accountNumber).toBe("10000003");
  });

  it("two people editing one line item: one wins, the other gets 409 and nothing is overwritten", async () => {
    const { workspaceId, schedule } = await freshRemortgage();
    const id = schedule.financialSettlementScheduleId;
    const added = written(await call(harper, "POST", `${S}/${id}/line-items`, mortgageAdvance(), schedule.version), 201);
    const seen = added.lineItems[0]!;
    const manager = await provider.loginToken(DEMO_USERS.manager.email);
    const url = `${S}/${id}/line-items/${seen.lineItemId}`;
    const [first, second] = await Promise.all([
      call(harper, "PATCH", url, { amount: 11_111_100, reference: "FIRST" }, seen.version),
      call(manager, "PATCH", url, { amount: 22_222_200, reference: "SECOND" }, seen.version),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? { amount: 11_111_100, reference: "FIRST" } : { amount: 22_222_200, reference: "SECOND" };
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().message).toBe(CONFLICT_MESSAGE);
    const now = await scheduleOf(harper, workspaceId);
    expect(now.lineItems[0]).toMatchObject({ ...winner, version: seen.version + 1 });
    // A delete with the stale version is refused as well.
    expectRefusal(await call(harper, "DELETE", url, undefined, seen.version), 409, CONFLICT_MESSAGE);
    expect(now.lineItems).toHaveLength(1);
  });

  it("deletes a line item with its version (428 without), and the fund source task is pending again", async () => {
    const { workspaceId, schedule } = await freshRemortgage();
    const id = schedule.financialSettlementScheduleId;
    const added = written(await call(harper, "POST", `${S}/${id}/line-items`, mortgageAdvance(), schedule.version), 201);
    const item = added.lineItems[0]!;
    expectRefusal(await call(harper, "DELETE", `${S}/${id}/line-items/${item.lineItemId}`), 428, VERSION_REQUIRED_MESSAGE);
    const after = written(await call(harper, "DELETE", `${S}/${id}/line-items/${item.lineItemId}`, undefined, item.version));
    expect(after.lineItems).toHaveLength(0);
    expect((await tasksOf(workspaceId))["enter-fund-source-details"]).toBe("PENDING");
    expect((await call(harper, "DELETE", `${S}/${id}/line-items/${randomUUID()}`, undefined, 1)).statusCode).toBe(404);
  });

  it("refuses by role: the incoming lender cannot add line items, a viewer cannot, another firm's schedule is 404", async () => {
    const { schedule } = await freshRemortgage();
    const url = `${S}/${schedule.financialSettlementScheduleId}/line-items`;
    expect((await call(northgate, "POST", url, mortgageAdvance(), schedule.version)).statusCode).toBe(403);
    expect((await call(keystone, "POST", url, mortgageAdvance(), schedule.version)).statusCode).toBe(404);
    const purchase = await scheduleOf(helpdesk, DEMO_WORKSPACES.purchaseOrganisationPreparing.workspaceId);
    expect((await call(keystone, "POST", `${S}/${purchase.financialSettlementScheduleId}/line-items`, mortgageAdvance(), purchase.version)).statusCode).toBe(403);
    expect(await lineItemCount(schedule.financialSettlementScheduleId)).toBe(0);
  });

  it("cancelling the workspace cancels its schedule, and writes are refused after", async () => {
    const { workspaceId, schedule } = await freshRemortgage();
    const before = await workspaceOf(harper, workspaceId);
    const cancelled = await call(harper, "PATCH", `${W}/${workspaceId}`, { status: "CANCELLED", remarks: { cancellationReason: "APPLICANT_DECIDED_NOT_TO_PROCEED" } }, before.version);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const now = await scheduleOf(harper, workspaceId);
    expect(now).toMatchObject({ status: "CANCELLED", workspaceStatus: "CANCELLED" });
    expectRefusal(await call(harper, "PATCH", `${S}/${now.financialSettlementScheduleId}`, { amountPayableOnCompletion: 500 }, now.version), 400, EDIT_LOCK_TOOLTIPS.cancelled);
    expect((await call(harper, "PATCH", `${S}/${now.financialSettlementScheduleId}`, { amountPayableOnCompletion: 500 }, schedule.version)).statusCode).toBe(409);
  });

  it("refuses writes on a cancelled workspace", async () => {
    const cancelled = await scheduleOf(harper, DEMO_WORKSPACES.remortgageCancelled.workspaceId);
    expectRefusal(
      await call(harper, "POST", `${S}/${cancelled.financialSettlementScheduleId}/line-items`, mortgageAdvance(), cancelled.version),
      400,
      EDIT_LOCK_TOOLTIPS.cancelled,
    );
  });

  it("offers Buyer Funds only on a purchase with the flag on, with its consent ticks", async () => {
    const { schedule } = await freshRemortgage();
    expectRefusal(
      await call(harper, "POST", `${S}/${schedule.financialSettlementScheduleId}/line-items`, { category: "BUYER_FUNDS", amount: 100, reference: "BF" }, schedule.version),
      400,
      FINANCIAL_MESSAGES.categoryNotAvailable("Buyer Funds"),
    );
    const purchase = await scheduleOf(harper, DEMO_WORKSPACES.purchaseReady.workspaceId);
    const url = `${S}/${purchase.financialSettlementScheduleId}/line-items`;
    const buyerFunds = { category: "BUYER_FUNDS", amount: 5_000_000, reference: "BF 1" };
    expectFieldError(await call(harper, "POST", url, buyerFunds, purchase.version), "consent.financialCheck", CONSENT_MESSAGES.financialCheck);
    expectFieldError(await call(harper, "POST", url, { ...buyerFunds, consent: { financialCheck: true } }, purchase.version), "consent.sourceOfFunds", CONSENT_MESSAGES.sourceOfFunds);
    const after = written(await call(harper, "POST", url, { ...buyerFunds, consent: { financialCheck: true, sourceOfFunds: true } }, purchase.version), 201);
    const item = after.lineItems.find((candidate) => candidate.reference === "BF 1")!;
    expect(item.consent).toEqual({ financialCheck: true, sourceOfFunds: true });
    // Buyer Funds is never authorised by hand.
    expectRefusal(await call(northgate, "PATCH", `${url}/${item.lineItemId}`, { authorised: true }, item.version), 400, FINANCIALS_TOOLTIPS.buyerFundsAutoAuthorised);
    await call(harper, "DELETE", `${url}/${item.lineItemId}`, undefined, item.version);

    await provider.db.insertInto("feature_flags").values({ environment: "local", name: "sourcing-of-funds-enabled", enabled: false }).execute();
    try {
      const now = await scheduleOf(harper, DEMO_WORKSPACES.purchaseReady.workspaceId);
      expectRefusal(
        await call(harper, "POST", url, { ...buyerFunds, consent: { financialCheck: true, sourceOfFunds: true } }, now.version),
        400,
        FINANCIAL_MESSAGES.categoryNotAvailable("Buyer Funds"),
      );
    } finally {
      await provider.db.deleteFrom("feature_flags").where("name", "=", "sourcing-of-funds-enabled").execute();
    }
  });

  it("links a saved Redemption account of the caller's firm, refuses another firm's, and answers a clear 400 for Conveyancing Fees without a preconfigured account", async () => {
    const { schedule } = await freshRemortgage();
    const url = `${S}/${schedule.financialSettlementScheduleId}/line-items`;
    const saved = async (subscriberId: string, type: string) => {
      const financialAccountId = randomUUID();
      await provider.db
        .insertInto("financial_accounts")
        .values({
          financial_account_id: financialAccountId,
          subscriber_id: subscriberId,
          type,
          display_name: "Main lender",
          account_name: "Lender Redemptions",
          account_number: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
          bank_code: "089999",
          verified: true,
          verification_status: "MATCH",
        })
        .execute();
      return financialAccountId;
    };
    const ours = await saved(DEMO_SUBSCRIBERS.harperVale.subscriberId, "REDEMPTION");
    const theirs = await saved(DEMO_SUBSCRIBERS.keystone.subscriberId, "REDEMPTION");
    const base = { category: "REDEMPTION", amount: 10_000, reference: "RED" };
    expectFieldError(await call(harper, "POST", url, { ...base, financialAccountId: theirs }, schedule.version), "financialAccountId", FINANCIAL_MESSAGES.financialAccountNotFound);
    const after = written(await call(harper, "POST", url, { ...base, financialAccountId: ours }, schedule.version), 201);
    expect(after.lineItems[0]).toMatchObject({ hasLinkedAccount: true, financialAccountId: ours, bankAccount: { accountName: "Lender Redemptions" } });

    await provider.db.deleteFrom("financial_accounts").where("subscriber_id", "=", DEMO_SUBSCRIBERS.harperVale.subscriberId).where("type", "=", "CONVEYANCING_FEES").execute();
    const fees = { category: "CONVEYANCING_FEES", amount: 120_000, reference: "FEES" };
    expectRefusal(await call(harper, "POST", url, fees, after.version), 400, FINANCIAL_MESSAGES.noConveyancingFeesAccount);
    const feesAccount = await saved(DEMO_SUBSCRIBERS.harperVale.subscriberId, "CONVEYANCING_FEES");
    const withFees = written(await call(harper, "POST", url, fees, after.version), 201);
    expect(withFees.lineItems[1]).toMatchObject({ category: "CONVEYANCING_FEES", hasLinkedAccount: true, financialAccountId: feesAccount });
  });
});

describe("approval (4.7a) and authorisation (4.6)", () => {
  it("approves the financials only when prepared, locks the schedule, and unapproves", async () => {
    const { workspaceId, schedule } = await freshRemortgage();
    const id = schedule.financialSettlementScheduleId;
    expectRefusal(await call(harper, "PATCH", `${S}/${id}`, { approved: true }, schedule.version), 400, FINANCIAL_MESSAGES.approveNotReady);
    let now = written(await call(harper, "PATCH", `${S}/${id}`, { completionDate: selectableDate() }, schedule.version));
    now = written(await call(harper, "POST", `${S}/${id}/line-items`, mortgageAdvance(), now.version), 201);
    now = written(await call(harper, "POST", `${S}/${id}/line-items`, redemption("10000061"), now.version), 201);
    expect(now.status).toBe("IN_PREPARATION"); // an unverified account keeps it in preparation
    const unverified = now.lineItems[1]!;
    now = written(await call(harper, "PATCH", `${S}/${id}/line-items/${unverified.lineItemId}`, { verificationDetail: { verified: true } }, unverified.version));
    expect(now.status).toBe("PREPARED");
    expect(now.approvals.every((approval) => approval.status === "READY")).toBe(true);

    expect((await call(northgate, "PATCH", `${S}/${id}`, { approved: true }, now.version)).statusCode).toBe(403);
    now = written(await call(harper, "PATCH", `${S}/${id}`, { approved: true }, now.version));
    expect(now).toMatchObject({ status: "APPROVED", approved: true });
    expectRefusal(await call(harper, "PATCH", `${S}/${id}`, { approved: true }, now.version), 400, FINANCIAL_MESSAGES.approveAlready);
    expectRefusal(await call(harper, "POST", `${S}/${id}/line-items`, mortgageAdvance(), now.version), 400, FINANCIALS_TOOLTIPS.approved);
    expectRefusal(await call(harper, "PATCH", `${S}/${id}`, { amountPayableOnCompletion: 500 }, now.version), 400, FINANCIALS_TOOLTIPS.approved);

    now = written(await call(harper, "PATCH", `${S}/${id}`, { approved: false }, now.version));
    expect(now).toMatchObject({ status: "PREPARED", approved: false });
    expectRefusal(await call(harper, "PATCH", `${S}/${id}`, { approved: false }, now.version), 400, FINANCIAL_MESSAGES.unapproveNotApproved);
    expect((await scheduleOf(harper, workspaceId)).status).toBe("PREPARED");
  });

  it("with a seller representative: each side approves its own, the schedule is APPROVED when both have, and the seller's side sees destinations only", async () => {
    const sellerApprover = await personWithRoles(provider, "keystone", ["Workspace Approver"], "Sally");
    const workspaceId = DEMO_WORKSPACES.purchaseTwoSided.workspaceId;
    let now = await scheduleOf(harper, workspaceId);
    const id = now.financialSettlementScheduleId;
    expect(now.completionDate).not.toBeNull();
    now = written(await call(harper, "POST", `${S}/${id}/line-items`, mortgageAdvance(), now.version), 201);
    now = written(await call(sellerApprover.token, "POST", `${S}/${id}/line-items`, { category: "SURPLUS", amount: 50_000, reference: "SELLER", bankAccount: account("10000003", "PERSONAL") }, now.version), 201);
    expect(now.status).toBe("PREPARED");
    // The seller's representative may not add fund sources, nor see them.
    expect((await call(sellerApprover.token, "POST", `${S}/${id}/line-items`, mortgageAdvance(), now.version)).statusCode).toBe(403);
    expect((await scheduleOf(sellerApprover.token, workspaceId)).lineItems.map((item) => item.type)).toEqual(["DESTINATION"]);

    const participantOf = (role: string) => now.participants.find((participant) => participant.role === role)!.participantId;
    now = written(await call(harper, "PATCH", `${S}/${id}`, { approved: true }, now.version));
    expect(now.status).toBe("PREPARED");
    const statusOf = (role: string) => now.approvals.find((approval) => approval.participantId === participantOf(role))!.status;
    expect([statusOf("BUYER_REPRESENTATIVE"), statusOf("SELLER_REPRESENTATIVE")]).toEqual(["APPROVED", "READY"]);
    // The buyer's side has approved: it may no longer change the schedule; the seller's side still may.
    expectRefusal(await call(harper, "PATCH", `${S}/${id}`, { amountPayableOnCompletion: 500 }, now.version), 400, FINANCIALS_TOOLTIPS.approved);

    now = written(await call(sellerApprover.token, "PATCH", `${S}/${id}`, { approved: true }, now.version));
    expect(now).toMatchObject({ status: "APPROVED", approved: true });
    expect(now.approvals.every((approval) => approval.status === "APPROVED")).toBe(true);
    now = written(await call(sellerApprover.token, "PATCH", `${S}/${id}`, { approved: false }, now.version));
    expect(now).toMatchObject({ status: "PREPARED", approved: false });
    expect(now.approvals.every((approval) => approval.status === "READY")).toBe(true);
  });

  it("authorises the Mortgage Advance once the workspace is approved: the workspace becomes FUNDS_AUTHORISED, and back to PREPARED on un-authorise", async () => {
    const { workspaceId, schedule } = await freshRemortgage();
    const id = schedule.financialSettlementScheduleId;
    let now = written(await call(harper, "PATCH", `${S}/${id}`, { completionDate: selectableDate() }, schedule.version));
    now = written(await call(harper, "POST", `${S}/${id}/line-items`, mortgageAdvance(), now.version), 201);
    now = written(await call(harper, "POST", `${S}/${id}/line-items`, redemption("10000003"), now.version), 201);
    const [advance, destination] = now.lineItems as [Schedule["lineItems"][number], Schedule["lineItems"][number]];
    expectRefusal(await call(northgate, "PATCH", `${S}/${id}/line-items/${destination.lineItemId}`, { authorised: true }, destination.version), 400, FINANCIALS_TOOLTIPS.notSource);
    expect((await call(harper, "PATCH", `${S}/${id}/line-items/${advance.lineItemId}`, { authorised: true }, advance.version)).statusCode).toBe(403);

    // Approve the workspace (status PREPARED) with the outstanding tasks done.
    await provider.db.updateTable("workspace_tasks").set({ status: "COMPLETED", completed_by: "SYSTEM", completed_at: new Date() }).where("workspace_id", "=", workspaceId).where("task_name", "!=", "approve-workspace").execute();
    await provider.db.updateTable("workspaces").set({ borrowers_validation_status: "VALID" }).where("workspace_id", "=", workspaceId).execute();
    const before = await workspaceOf(harper, workspaceId);
    const approvedWorkspace = await call(harper, "PATCH", `${W}/${workspaceId}`, { approved: true }, before.version);
    expect(approvedWorkspace.statusCode, approvedWorkspace.body).toBe(200);

    now = written(await call(northgate, "PATCH", `${S}/${id}/line-items/${advance.lineItemId}`, { authorised: true }, advance.version));
    expect(now.lineItems[0]!.authorised).toBe(true);
    expect(now.workspaceStatus).toBe("FUNDS_AUTHORISED");
    expect((await tasksOf(workspaceId))["authorise-mortgage-advance"]).toBe("COMPLETED");
    expectRefusal(
      await call(northgate, "PATCH", `${S}/${id}/line-items/${advance.lineItemId}`, { authorised: true }, now.lineItems[0]!.version),
      400,
      FINANCIALS_TOOLTIPS.alreadyAuthorised,
    );
    now = written(await call(northgate, "PATCH", `${S}/${id}/line-items/${advance.lineItemId}`, { authorised: false }, now.lineItems[0]!.version));
    expect(now.workspaceStatus).toBe("PREPARED");
    expect((await tasksOf(workspaceId))["authorise-mortgage-advance"]).toBe("PENDING");

    // Hard locked (funds exchanged): un-authorise refused.
    now = written(await call(northgate, "PATCH", `${S}/${id}/line-items/${advance.lineItemId}`, { authorised: true }, now.lineItems[0]!.version));
    await provider.db.updateTable("workspaces").set({ status: "FUNDS_EXCHANGED" }).where("workspace_id", "=", workspaceId).execute();
    expectRefusal(
      await call(northgate, "PATCH", `${S}/${id}/line-items/${advance.lineItemId}`, { authorised: false }, now.lineItems[0]!.version),
      400,
      FINANCIALS_TOOLTIPS.locked,
    );
    expect((await scheduleOf(northgate, workspaceId)).hardLocked).toBe(true);
  });
});

describe("credit information (3.10, 4.6)", () => {
  const C = "/api/settlement/v1/credit-information";

  it("reads the credits of a Buyer Funds item by its line item reference and brings its funds status and authorisation up to date", async () => {
    let now = await scheduleOf(harper, DEMO_WORKSPACES.purchaseReady.workspaceId);
    const url = `${S}/${now.financialSettlementScheduleId}/line-items`;
    const consent = { financialCheck: true, sourceOfFunds: true };
    const add = async (reference: string, amount: number) => {
      now = await scheduleOf(harper, DEMO_WORKSPACES.purchaseReady.workspaceId); // reading credits moves the version on
      now = written(await call(harper, "POST", url, { category: "BUYER_FUNDS", amount, reference, consent }, now.version), 201);
      return now.lineItems.find((item) => item.reference === reference)!;
    };
    const credits = async (lineItemReference: string) => {
      const response = await call(harper, "GET", `${C}?lineItemReference=${lineItemReference}`);
      expect(response.statusCode, response.body).toBe(200);
      return CreditInformationResponseSchema.parse(response.json());
    };

    const waiting = await add("AWAITING", 1_000_000);
    expect(await credits(waiting.lineItemReference)).toEqual({ records: [], totalReceived: 0, sourceFundsStatus: null, authorised: false });

    const paid = await add("PAID DEPOSIT", 2_500_000);
    const paidInfo = await credits(paid.lineItemReference);
    expect(paidInfo).toMatchObject({ totalReceived: 2_500_000, sourceFundsStatus: "FUNDS_RECEIVED_BALANCED", authorised: true });
    expect(paidInfo.records).toEqual([expect.objectContaining({ amount: 2_500_000, id: expect.stringMatching(/^CR-/) })]);
    now = await scheduleOf(harper, DEMO_WORKSPACES.purchaseReady.workspaceId);
    const paidNow = now.lineItems.find((item) => item.lineItemId === paid.lineItemId)!;
    expect(paidNow).toMatchObject({ sourceFundsStatus: "FUNDS_RECEIVED_BALANCED", authorised: true, version: paid.version + 1 });
    // Once credit has been received, Buyer Funds cannot be edited or deleted.
    expectRefusal(await call(harper, "PATCH", `${url}/${paid.lineItemId}`, { amount: 100, reference: "PAID", consent }, paidNow.version), 400, FINANCIALS_TOOLTIPS.buyerFundsCreditReceived);
    expectRefusal(await call(harper, "DELETE", `${url}/${paid.lineItemId}`, undefined, paidNow.version), 400, FINANCIALS_TOOLTIPS.buyerFundsCreditReceived);
    // Reading again changes nothing.
    await credits(paid.lineItemReference);
    expect((await scheduleOf(harper, DEMO_WORKSPACES.purchaseReady.workspaceId)).lineItems.find((item) => item.lineItemId === paid.lineItemId)!.version).toBe(paidNow.version);

    const split = await add("SPLIT", 1_000_001);
    expect(await credits(split.lineItemReference)).toMatchObject({ sourceFundsStatus: "FUNDS_RECEIVED_BALANCED", totalReceived: 1_000_001 });
    const under = await add("UNDER", 1_000_000);
    expect(await credits(under.lineItemReference)).toMatchObject({ sourceFundsStatus: "FUNDS_RECEIVED_UNDERPAID", totalReceived: 990_000, authorised: false });
    const over = await add("OVER", 1_000_000);
    expect(await credits(over.lineItemReference)).toMatchObject({ sourceFundsStatus: "FUNDS_RECEIVED_OVERPAID", totalReceived: 1_010_000, authorised: false });
  });

  it("answers 400 for another category, 404 for an unknown reference or another firm's, and 400 without a reference", async () => {
    const seeded = await scheduleOf(harper, DEMO_WORKSPACES.remortgageReady.workspaceId);
    const advance = seeded.lineItems.find((item) => item.category === "MORTGAGE_ADVANCE")!;
    expectRefusal(await call(harper, "GET", `${C}?lineItemReference=${advance.lineItemReference}`), 400, FINANCIAL_MESSAGES.notBuyerFunds);
    expectRefusal(await call(harper, "GET", `${C}?lineItemReference=FLI-9999999`), 404, FINANCIAL_MESSAGES.lineItemReferenceNotFound);
    expect((await call(keystone, "GET", `${C}?lineItemReference=${advance.lineItemReference}`)).statusCode).toBe(404);
    expect((await call(harper, "GET", C)).statusCode).toBe(400);
  });
});
