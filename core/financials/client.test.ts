import { describe, expect, it } from "vitest";
import type { Schedule } from "./api.js";
import {
  acceptLineItemAccount,
  addLineItem,
  approveFinancials,
  authoriseLineItem,
  deleteLineItem,
  editLineItem,
  getCreditInformation,
  getSchedule,
  setAmountPayable,
  setCompletionDate,
  unapproveFinancials,
} from "./client.js";
import { mockProviderPerTest } from "../shared/mock-provider.test-helper.js";
import { ProviderError } from "../shared/provider-errors.js";

const provider = mockProviderPerTest();
const SCHEDULES = "/api/settlement/v1/financial-settlement-schedules";
const ID = "5c000000-0000-4000-8000-000000000001";
const ITEM = "5c000000-0000-4000-8000-0000000000aa";

const schedule: Schedule = {
  financialSettlementScheduleId: ID,
  workspaceId: "5b000000-0000-4000-8000-000000000001",
  workspaceStatus: "CREATED",
  completionDate: "2030-07-03",
  amountPayableOnCompletion: null,
  approved: false,
  hardLocked: false,
  status: "IN_PREPARATION",
  participants: [],
  approvals: [],
  lineItems: [],
  version: 4,
};

describe("the settlement client", () => {
  it("reads the workspace's schedule, and says so when there is none", async () => {
    provider.answer("GET", SCHEDULES, 200, { records: [schedule] });
    expect(await getSchedule(provider.ctx, schedule.workspaceId)).toEqual(schedule);
    expect(provider.seen[0].path).toBe(`${SCHEDULES}?workspace_id=${schedule.workspaceId}`);
    provider.answer("GET", SCHEDULES, 200, { records: [] });
    await expect(getSchedule(provider.ctx, schedule.workspaceId)).rejects.toMatchObject({ status: 404 });
  });

  it("sends each schedule change alone, with the schedule's version", async () => {
    const writes: [() => Promise<Schedule>, object][] = [
      [() => setCompletionDate(provider.ctx, ID, 4, "2030-07-03"), { completionDate: "2030-07-03" }],
      [() => setAmountPayable(provider.ctx, ID, 4, 12_345), { amountPayableOnCompletion: 12_345 }],
      [() => approveFinancials(provider.ctx, ID, 4), { approved: true }],
      [() => unapproveFinancials(provider.ctx, ID, 4), { approved: false }],
    ];
    for (const [write, body] of writes) {
      provider.answer("PATCH", `${SCHEDULES}/${ID}`, 200, schedule);
      expect(await write()).toEqual(schedule);
      expect(provider.seen.at(-1)).toMatchObject({ method: "PATCH", body, headers: { "if-match": '"4"' } });
    }
  });

  it("adds with the schedule's version and changes a line item with its own", async () => {
    provider.answer("POST", `${SCHEDULES}/${ID}/line-items`, 201, schedule);
    await addLineItem(provider.ctx, ID, 4, { category: "MORTGAGE_ADVANCE", amount: 10_000, reference: "MA 1" });
    expect(provider.seen[0]).toMatchObject({ method: "POST", headers: { "if-match": '"4"' }, body: { category: "MORTGAGE_ADVANCE", amount: 10_000 } });
    const item = `${SCHEDULES}/${ID}/line-items/${ITEM}`;
    const changes: [() => Promise<Schedule>, string, object | undefined][] = [
      [() => editLineItem(provider.ctx, ID, ITEM, 2, { amount: 20_000, reference: "MA 2" }), "PATCH", { amount: 20_000, reference: "MA 2" }],
      [() => acceptLineItemAccount(provider.ctx, ID, ITEM, 2), "PATCH", { verificationDetail: { verified: true } }],
      [() => authoriseLineItem(provider.ctx, ID, ITEM, 2, true), "PATCH", { authorised: true }],
      [() => deleteLineItem(provider.ctx, ID, ITEM, 2), "DELETE", undefined],
    ];
    for (const [change, method, body] of changes) {
      provider.answer(method, item, 200, schedule);
      await change();
      expect(provider.seen.at(-1)).toMatchObject({ method, path: item, headers: { "if-match": '"2"' } });
      expect(provider.seen.at(-1)!.body).toEqual(body);
    }
  });

  it("reads the credits of a Buyer Funds item by its line item reference", async () => {
    const credits = { records: [{ id: "CR-1", amount: 5_000, transactionTime: "2030-07-01T10:00:00.000Z" }], totalReceived: 5_000, sourceFundsStatus: "FUNDS_RECEIVED_UNDERPAID", authorised: false };
    provider.answer("GET", "/api/settlement/v1/credit-information", 200, credits);
    expect(await getCreditInformation(provider.ctx, "FLI-0000001")).toEqual(credits);
    expect(provider.seen[0].path).toBe("/api/settlement/v1/credit-information?lineItemReference=FLI-0000001");
  });

  it("passes on a conflict as a ProviderError 409", async () => {
    provider.answer("PATCH", `${SCHEDULES}/${ID}`, 409, { status: 409, code: "CONFLICT", message: "Someone else changed it" });
    const refused = await setAmountPayable(provider.ctx, ID, 3, 100).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ status: 409 });
  });
});
