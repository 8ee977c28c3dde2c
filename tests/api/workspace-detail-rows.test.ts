/**
 * The workspace detail's rows in one statement (provider/workspaces/detail-rows.ts) are the rows the separate
 * reads answer, with the same types (timestamps as Dates), for every workspace of the demo world: on the
 * embedded database and, when DATABASE_URL is set, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { participantRows, partyAddressRows, partyRows, referenceRows } from "../../provider/parties/read.js";
import { readWorkspaceDetailRows, type WorkspaceDetailRows } from "../../provider/workspaces/detail-rows.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { readTasks } from "../../provider/workspaces/state.js";
import { startTestProvider, type TestProvider } from "./support.js";

let product: TestProvider;

beforeAll(async () => {
  product = await startTestProvider();
  // The demo world makes no proprietor choice: one on the titled remortgage's case, so that one is compared.
  const { lodgement_case_id } = await product.db
    .selectFrom("lodgement_cases")
    .select("lodgement_case_id")
    .where("workspace_id", "=", DEMO_WORKSPACES.remortgageReady.workspaceId)
    .executeTakeFirstOrThrow();
  await product.db
    .insertInto("title_proprietor_choices")
    .values({ lodgement_case_id, proprietor_id: "P1", title_status: "OUTGOING", party_id: null })
    .execute();
});

afterAll(async () => {
  await product?.close();
});

/** The same rows read one statement at a time, as the detail read them before. */
async function separately(workspaceId: string): Promise<WorkspaceDetailRows> {
  const { db } = product;
  const lodgementCase = await db
    .selectFrom("lodgement_cases")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  const searched = Boolean(lodgementCase?.last_title_search_status);
  const [parties, addresses, participants, references, tasks, lawFirms, title, resolutions, choices] =
    await Promise.all([
      partyRows(db, workspaceId),
      partyAddressRows(db, workspaceId),
      participantRows(db, workspaceId),
      referenceRows(db, workspaceId),
      readTasks(db, workspaceId),
      db
        .selectFrom("workspace_law_firms")
        .selectAll()
        .where("workspace_id", "=", workspaceId)
        .orderBy("created_at")
        .orderBy("law_firm_id")
        .execute(),
      searched
        ? db
            .selectFrom("titles")
            .selectAll()
            .where("lodgement_case_id", "=", lodgementCase!.lodgement_case_id)
            .orderBy("retrieved_at", "desc")
            .limit(1)
            .executeTakeFirst()
        : undefined,
      db
        .selectFrom("title_party_resolutions")
        .select(["party_id", "resolution"])
        .where("workspace_id", "=", workspaceId)
        .execute(),
      lodgementCase
        ? db
            .selectFrom("title_proprietor_choices")
            .select(["proprietor_id", "title_status"])
            .where("lodgement_case_id", "=", lodgementCase.lodgement_case_id)
            .execute()
        : [],
    ]);
  return {
    parties,
    addresses,
    participants,
    references,
    tasks,
    lawFirms,
    title: { lodgementCase, title, resolutions, choices },
  };
}

/** Lists whose statement gives no order, in one order for comparing. */
function comparable(rows: WorkspaceDetailRows) {
  const by =
    <T>(key: (row: T) => string) =>
    (a: T, b: T) =>
      key(a).localeCompare(key(b));
  return {
    ...rows,
    participants: [...rows.participants].sort(by((row) => row.participant_id)),
    title: {
      ...rows.title,
      resolutions: [...rows.title.resolutions].sort(by((row) => row.party_id)),
      choices: [...rows.title.choices].sort(by((row) => row.proprietor_id)),
    },
  };
}

describe("the workspace detail's rows in one statement", () => {
  it("are the rows the separate reads answer, timestamps as Dates, for every demo workspace", async () => {
    const seen = { addresses: 0, lawFirms: 0, completedTasks: 0, titles: 0, resolutions: 0, choices: 0 };
    for (const { workspaceId } of Object.values(DEMO_WORKSPACES)) {
      const rows = await readWorkspaceDetailRows(product.db, workspaceId);
      expect(comparable(rows), workspaceId).toEqual(comparable(await separately(workspaceId)));
      seen.addresses += rows.addresses.length;
      seen.lawFirms += rows.lawFirms.length;
      seen.completedTasks += rows.tasks.filter((task) => task.completedAt).length;
      seen.titles += rows.title.title ? 1 : 0;
      seen.resolutions += rows.title.resolutions.length;
      seen.choices += rows.title.choices.length;
      if (rows.title.title) expect(rows.title.title.retrieved_at).toBeInstanceOf(Date);
      for (const party of rows.parties) expect(party.created_at).toBeInstanceOf(Date);
    }
    // The demo world holds each kind of row, so none of the comparisons above was of empty lists only.
    for (const [kind, count] of Object.entries(seen)) expect(count, kind).toBeGreaterThan(0);
  });

  it("answers empty lists and no case for a workspace that does not exist", async () => {
    const rows = await readWorkspaceDetailRows(product.db, "5c000000-0000-4000-8000-999999999999");
    expect(rows).toEqual({
      parties: [],
      addresses: [],
      participants: [],
      references: [],
      tasks: [],
      lawFirms: [],
      title: { lodgementCase: undefined, title: undefined, resolutions: [], choices: [] },
    });
  });
});
