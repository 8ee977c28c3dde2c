/**
 * A schedule's state in one statement (`readStateRows`, provider/financials/schedule.ts, decision 0923) is the
 * rows the separate reads answer, with the same types (timestamps as Dates), for every workspace of the demo
 * world, with an approval added so that none of its lists is compared only empty: on the embedded database
 * and, when DATABASE_URL is set, on PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { readStateRows, stateRowsOf, type StateRows } from "../../provider/financials/schedule.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { DEMO_USERS, startTestProvider, type TestProvider } from "./support.js";

let product: TestProvider;
type Rows = StateRows;

beforeAll(async () => {
  product = await startTestProvider();
  const workspaceId = DEMO_WORKSPACES.remortgageReady.workspaceId;
  const [{ financial_settlement_schedule_id }, participant] = await Promise.all([
    product.db
      .selectFrom("financial_settlement_schedules")
      .select("financial_settlement_schedule_id")
      .where("workspace_id", "=", workspaceId)
      .executeTakeFirstOrThrow(),
    product.db
      .selectFrom("workspace_participants")
      .select("participant_id")
      .where("workspace_id", "=", workspaceId)
      .executeTakeFirstOrThrow(),
  ]);
  await product.db
    .insertInto("financial_settlement_approvals")
    .values({
      financial_settlement_schedule_id,
      participant_id: participant.participant_id,
      approved_by: DEMO_USERS.lender.subscriberUserId,
      approved_at: new Date(),
    })
    .execute();
});

afterAll(async () => {
  await product?.close();
});

/** The same rows read one statement at a time, as the schedule's read read them before. */
async function separately(workspaceId: string): Promise<Rows | undefined> {
  const { db } = product;
  const schedule = await db
    .selectFrom("financial_settlement_schedules")
    .selectAll()
    .select((eb) => eb.cast<string | null>("completion_date", "text").as("completion_date_text"))
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  if (!schedule) return undefined;
  return stateRowsOf(db, schedule);
}

/**
 * Money is a bigint column: text from the driver, numbers in JSON, and every reader takes it through Number().
 * The completion date is read as its text; the lists whose order the reads leave open are sorted.
 */
function comparable(rows: Rows | undefined) {
  if (!rows) return rows;
  const { completion_date: _date, ...schedule } = rows.schedule;
  return {
    schedule: {
      ...schedule,
      amount_payable_on_completion:
        schedule.amount_payable_on_completion === null ? null : Number(schedule.amount_payable_on_completion),
    },
    items: rows.items.map((row) => ({ ...row, amount: Number(row.amount) })),
    participants: [...rows.participants].sort(
      (a, b) => a.role.localeCompare(b.role) || a.participant_id.localeCompare(b.participant_id),
    ),
    approvals: [...rows.approvals].sort(),
  };
}

it("the schedule's state in one statement is the rows the separate reads answer, for every demo workspace", async () => {
  const seen = { items: 0, authorised: 0, approvals: 0, dated: 0 };
  for (const { workspaceId } of Object.values(DEMO_WORKSPACES)) {
    const together = await readStateRows(product.db, workspaceId);
    expect(comparable(together), workspaceId).toEqual(comparable(await separately(workspaceId)));
    if (!together) continue;
    expect(together.schedule.created_at, "timestamps are Dates").toBeInstanceOf(Date);
    seen.items += together.items.length;
    seen.authorised += together.items.filter((item) => item.authorised_at !== null).length;
    seen.approvals += together.approvals.length;
    if (together.schedule.completion_date_text) seen.dated++;
  }
  expect(seen.items, "line items are compared").toBeGreaterThan(0);
  expect(seen.authorised, "authorised line items (with their timestamps) are compared").toBeGreaterThan(0);
  expect(seen.approvals, "approvals are compared").toBeGreaterThan(0);
  expect(seen.dated, "completion dates are compared").toBeGreaterThan(0);
  expect(await readStateRows(product.db, randomUUID()), "no schedule, no rows").toBeUndefined();
});
