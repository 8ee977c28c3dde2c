/**
 * The workspace list's search and quick-filter counts: first against the demo world, with expectations a
 * reader can check against docs/demo-workspaces.md; then against a few hundred synthetic workspaces,
 * where every answer is compared with an independent in-memory reading of the same rows (core's matching
 * rules, core's quick-filter derivation from the tasks), before and after writes through the API.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  QuickFilterCountsResponseSchema,
  WorkspaceSearchResponseSchema,
  type WorkspaceSearchRequest,
  type WorkspaceSearchResponse,
} from "../../core/workspaces/api.js";
import { QUICK_FILTERS, type QuickFilter } from "../../core/workspaces/enums.js";
import { pendingQuickFilters, type WorkspaceTask } from "../../core/workspaces/lifecycle.js";
import {
  applicantNameMatches,
  applicantNameSearchKey,
  lenderReferenceSearchKey,
  postcodeSearchKey,
  workspaceReferenceIdMatch,
} from "../../core/workspaces/search-keys.js";
import { DEFAULT_STATUS_FILTER, WORKSPACE_STATUSES, type WorkspaceStatus } from "../../core/workspaces/status.js";
import { insertSubscribers, insertWorkspaces } from "../../bench/lib/load.js";
import { seededRandom, syntheticWorkspaces } from "../../bench/lib/synthetic.js";
import { exchangeDueFunds } from "../../provider/financials/completion-day.js";
import { DEMO_WORKSPACES, demoWorkspaceId, type DemoWorkspaceKey } from "../../provider/workspaces/seed.js";
import { TEXT_PAGE_PLAN } from "../../provider/workspaces/search.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, type TestProvider } from "./support.js";

const SEARCH = "/api/v1/workspaces/search";
const COUNTS = "/api/v1/workspaces/search/quick-filter-counts";

let provider: TestProvider;
const tokens: Record<"lender" | "harper" | "viewer" | "ashdown" | "helpdesk", string> = {} as never;

beforeAll(async () => {
  provider = await startTestProvider();
  [tokens.lender, tokens.harper, tokens.viewer, tokens.ashdown, tokens.helpdesk] = await Promise.all([
    provider.scriptToken("northgate"),
    provider.scriptToken("harperVale"),
    provider.scriptToken("keystone"),
    provider.scriptToken("ashdown"),
    provider.loginToken(DEMO_USERS.helpdesk.email),
  ]);
});
afterAll(() => provider?.close());

async function search(token: string, body: WorkspaceSearchRequest, page = 1, limit = 100): Promise<WorkspaceSearchResponse> {
  const response = await provider.call(token, { method: "POST", url: `${SEARCH}?page=${page}&limit=${limit}`, payload: body as Record<string, unknown> });
  expect(response.statusCode, response.body).toBe(200);
  return WorkspaceSearchResponseSchema.parse(response.json());
}

async function counts(token: string, body: WorkspaceSearchRequest) {
  const response = await provider.call(token, { method: "POST", url: COUNTS, payload: body as Record<string, unknown> });
  expect(response.statusCode, response.body).toBe(200);
  return QuickFilterCountsResponseSchema.parse(response.json()).counts;
}

/** Demo workspaces by number (WS-00000NN), from a list answer. */
const numbers = (answer: WorkspaceSearchResponse) => answer.records.map((record) => Number(record.workspaceReferenceId.slice(3)));
const n = (key: DemoWorkspaceKey) => Number(DEMO_WORKSPACES[key].workspaceReferenceId.slice(3));

describe("the demo world", () => {
  it("lists a lender's workspaces in the default six statuses, newest first", async () => {
    const answer = await search(tokens.lender, {});
    expect(numbers(answer)).toEqual([19, 18, 17, 16, 15, 11, 10, 9, 8, 7, 6, 5, 3, 2, 1]);
    expect(answer.page).toEqual({ page: 1, limit: 100, totalRecords: 15, pageRecords: 15, isSubscriberHasWorkspace: true });
  });

  it("lists only the workspaces each subscriber takes part in; the helpdesk administrator sees all", async () => {
    expect(numbers(await search(tokens.viewer, {}))).toEqual([19, 18, 16, 8, 7, 6, 4]);
    expect(numbers(await search(tokens.harper, {}))).toEqual([18, 17, 15, 11, 10, 9, 8, 5, 3, 2, 1]);
    expect(numbers(await search(tokens.helpdesk, {}))).toEqual([19, 18, 17, 16, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it("tells an empty list (no workspace at all) from a search with no hits", async () => {
    const empty = await search(tokens.ashdown, {});
    expect(empty).toEqual({ records: [], page: { page: 1, limit: 100, totalRecords: 0, pageRecords: 0, isSubscriberHasWorkspace: false } });
    const noHits = await search(tokens.viewer, { postcode: "HG1 2AB" });
    expect(noHits.page).toMatchObject({ totalRecords: 0, isSubscriberHasWorkspace: true });
  });

  it("filters by status (an empty list is every status) and by transaction type", async () => {
    expect(numbers(await search(tokens.viewer, { status: ["CLOSED", "CANCELLED"] }))).toEqual([14, 12]);
    expect(numbers(await search(tokens.viewer, { status: [] }))).toEqual([19, 18, 16, 14, 12, 8, 7, 6, 4]);
    expect(numbers(await search(tokens.lender, { transactionType: "PURCHASE" }))).toEqual([18, 11, 8, 6, 3]);
    expect(numbers(await search(tokens.lender, { transactionType: "REMORTGAGE", status: ["CANCELLED"] }))).toEqual([13]);
  });

  it("searches by postcode, with or without spaces, whole or as a prefix", async () => {
    expect(numbers(await search(tokens.lender, { postcode: "hg12ab" }))).toEqual([n("remortgagePreparing")]);
    expect(numbers(await search(tokens.lender, { postcode: " HG1 2AB " }))).toEqual([1]);
    expect(numbers(await search(tokens.lender, { postcode: "so23" }))).toEqual([2]);
    expect(numbers(await search(tokens.lender, { postcode: "SO" }))).toEqual([8, 2]);
  });

  it("searches by workspace reference id: a number exactly, otherwise by prefix", async () => {
    expect(numbers(await search(tokens.lender, { workspaceReferenceId: "2" }))).toEqual([2]);
    expect(numbers(await search(tokens.lender, { workspaceReferenceId: "ws-0000002" }))).toEqual([2]);
    expect(numbers(await search(tokens.lender, { workspaceReferenceId: "WS-000001" }))).toEqual([19, 18, 17, 16, 15, 11, 10]);
    expect(numbers(await search(tokens.viewer, { workspaceReferenceId: "2" }))).toEqual([]);
  });

  it("searches by applicant name: surname, forenames and surname, 'surname, forenames', organisation", async () => {
    for (const term of ["shah", "Priya Shah", "Shah, Priya", "SHAH MEERA", "meera"]) {
      expect(numbers(await search(tokens.harper, { applicantName: term })), term).toEqual([3]);
    }
    expect(numbers(await search(tokens.viewer, { applicantName: "brightwater" }))).toEqual([4]);
    expect(numbers(await search(tokens.lender, { applicantName: "brightwater" }))).toEqual([]);
    expect(numbers(await search(tokens.harper, { applicantName: "Sophie Anne" }))).toEqual([2]);
    expect(numbers(await search(tokens.harper, { applicantName: "anne" }))).toEqual([]);
  });

  it("searches by incoming lender reference, by prefix, ignoring case", async () => {
    expect(numbers(await search(tokens.lender, { incomingLenderReference: "ng-ma-100245" }))).toEqual([2]);
    expect(numbers(await search(tokens.lender, { incomingLenderReference: "NG-MA-1002" }))).toEqual([7, 6, 5, 3, 2, 1]);
    expect(numbers(await search(tokens.viewer, { incomingLenderReference: "NG-MA-100245" }))).toEqual([]);
  });

  it("sorts by completion date both ways, dates to be provided last", async () => {
    const ascending = await search(tokens.lender, { completionDateSort: "ASC" });
    expect(numbers(ascending)).toEqual([11, 10, 19, 8, 9, 7, 5, 6, 2, 3, 15, 17, 18, 1, 16]);
    expect(ascending.records.slice(-2).map((record) => record.completionDate)).toEqual(["TO_BE_PROVIDED", "TO_BE_PROVIDED"]);
    expect(numbers(await search(tokens.lender, { completionDateSort: "DESC" }))).toEqual([18, 17, 15, 3, 2, 6, 5, 7, 9, 8, 19, 10, 11, 16, 1]);
  });

  it("pages from either end in the same order", async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => search(tokens.lender, {}, page, 5)));
    expect(pages.map(numbers)).toEqual([[19, 18, 17, 16, 15], [11, 10, 9, 8, 7], [6, 5, 3, 2, 1], []]);
    expect(pages.map((answer) => answer.page.pageRecords)).toEqual([5, 5, 5, 0]);
    expect(pages.every((answer) => answer.page.totalRecords === 15)).toBe(true);
    const sorted = await Promise.all([1, 2, 3].map((page) => search(tokens.lender, { completionDateSort: "DESC" }, page, 5)));
    expect(sorted.flatMap(numbers)).toEqual([18, 17, 15, 3, 2, 6, 5, 7, 9, 8, 19, 10, 11, 16, 1]);
  });

  it("filters by quick filter, and counts every chip in one call", async () => {
    const expected: Record<QuickFilter, number[]> = {
      LODGEMENT_APPROVAL_PENDING: [3],
      FINANCIAL_APPROVAL_PENDING: [3],
      APPROVAL_PENDING: [3, 2],
      EXCEPTION_TASKS_PENDING: [17, 15, 11],
      FUNDS_AUTHORISATION_PENDING: [6, 5],
      COMPANIES_HOUSE_REGISTRATION_PENDING: [8],
      LODGEMENT_SUBMISSION_PENDING: [9],
    };
    for (const filter of QUICK_FILTERS) {
      expect(numbers(await search(tokens.lender, { quickFilter: filter })), filter).toEqual(expected[filter]);
    }
    expect(await counts(tokens.lender, {})).toEqual(Object.fromEntries(QUICK_FILTERS.map((filter) => [filter, expected[filter].length])));
    expect(await counts(tokens.lender, { transactionType: "PURCHASE", quickFilter: "APPROVAL_PENDING" })).toMatchObject({
      APPROVAL_PENDING: 1,
      EXCEPTION_TASKS_PENDING: 1,
      FUNDS_AUTHORISATION_PENDING: 1,
    });
    expect(await counts(tokens.lender, { applicantName: "shah" })).toMatchObject({ APPROVAL_PENDING: 1, EXCEPTION_TASKS_PENDING: 0 });
    expect(Object.values(await counts(tokens.ashdown, {})).every((count) => count === 0)).toBe(true);
  });

  it("answers the chips' counts with the page when the search asks for them, and only then", async () => {
    const body: WorkspaceSearchRequest = { transactionType: "PURCHASE", quickFilter: "APPROVAL_PENDING" };
    const page = await search(tokens.lender, { ...body, withQuickFilterCounts: true });
    expect(page.quickFilterCounts).toEqual(await counts(tokens.lender, body));
    expect(numbers(page)).toEqual(numbers(await search(tokens.lender, body)));
    expect((await search(tokens.lender, body)).quickFilterCounts).toBeUndefined();
  });

  it("answers each record with the caller's role and reference, the applicants and the address", async () => {
    const [record] = (await search(tokens.viewer, { workspaceReferenceId: "8" })).records;
    expect(record).toEqual({
      workspaceId: demoWorkspaceId(8),
      workspaceReferenceId: "WS-0000008",
      status: "FUNDS_EXCHANGED",
      transactionType: "PURCHASE",
      transferOfEquity: false,
      participantReference: "KC-S-0088",
      participantRole: "SELLER_REPRESENTATIVE",
      incomingLenderReference: "NG-MA-100301",
      securityAddress: expect.objectContaining({ name: "Unit 4", number: "12", street: "Harbour Way", town: "Southampton", postcode: "SO14 3QN" }),
      applicants: ["Kestrel Property Holdings Ltd"],
      applicantParties: [{ type: "ORGANISATION", forenames: null, surname: null, organisationName: "Kestrel Property Holdings Ltd" }],
      completionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      createdAt: expect.any(String),
    });
    const [helpdeskView] = (await search(tokens.helpdesk, { workspaceReferenceId: "3" })).records;
    expect(helpdeskView).toMatchObject({ participantRole: null, participantReference: null, incomingLenderReference: "NG-MA-100262", applicants: ["Priya Shah", "Arjun Shah", "Meera Shah"] });
  });

  it("takes % and _ in a search text literally", async () => {
    for (const body of [{ applicantName: "%" }, { applicantName: "_mith" }, { postcode: "%" }, { incomingLenderReference: "NG_MA" }, { workspaceReferenceId: "WS-%" }]) {
      expect((await search(tokens.helpdesk, body)).page.totalRecords, JSON.stringify(body)).toBe(0);
    }
  });

  it("refuses a malformed search", async () => {
    for (const [url, body] of [
      [`${SEARCH}?page=1&limit=101`, {}],
      [`${SEARCH}?page=0`, {}],
      [SEARCH, { status: ["OPEN"] }],
      [SEARCH, { quickFilter: "ALL" }],
      [SEARCH, { completionDateSort: "UP" }],
    ] as const) {
      const response = await provider.call(tokens.lender, { method: "POST", url, payload: body as Record<string, unknown> });
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
    }
  });
});

// -------------------------------------------------------------------------------------------------------
// The same answers as an independent reading of the rows

interface ModelWorkspace {
  id: string;
  referenceId: string;
  status: WorkspaceStatus;
  transactionType: string;
  postcode: string;
  completionDate: string | null;
  createdAt: number;
  labels: QuickFilter[];
  applicants: { type: string; forenames: string | null; surname: string | null; organisationName: string | null }[];
  lenderReference: string | null;
  subscribers: Set<string>;
}

async function readModel(): Promise<ModelWorkspace[]> {
  const db = provider.db;
  const workspaces = await sql<{ workspace_id: string; workspace_reference_id: string; status: WorkspaceStatus; transaction_type: string; address_postcode: string; completion_date: string | null; created_at: Date; borrowers_validation_status: string }>`
    SELECT workspace_id, workspace_reference_id, status, transaction_type, address_postcode, completion_date::text AS completion_date, created_at, borrowers_validation_status FROM workspaces`.execute(db);
  const parties = await sql<{ workspace_id: string; type: string; forenames: string | null; surname: string | null; organisation_name: string | null }>`
    SELECT workspace_id, type, forenames, surname, organisation_name FROM workspace_parties WHERE role IN ('BORROWER', 'BUYER') ORDER BY position`.execute(db);
  const participants = await sql<{ workspace_id: string; subscriber_id: string }>`SELECT workspace_id, subscriber_id FROM workspace_participants`.execute(db);
  const references = await sql<{ workspace_id: string; reference_number: string }>`
    SELECT workspace_id, reference_number FROM workspace_references WHERE representative_role = 'INCOMING_LENDER'`.execute(db);
  const tasks = await sql<{ workspace_id: string; task_name: string; status: string }>`SELECT workspace_id, task_name, status FROM workspace_tasks`.execute(db);
  return workspaces.rows.map((w) => {
    const own = tasks.rows.filter((task) => task.workspace_id === w.workspace_id).map((task) => ({ taskName: task.task_name, status: task.status }) as WorkspaceTask);
    return {
      id: w.workspace_id,
      referenceId: w.workspace_reference_id,
      status: w.status,
      transactionType: w.transaction_type,
      postcode: w.address_postcode,
      completionDate: w.completion_date,
      createdAt: new Date(w.created_at).getTime(),
      labels: pendingQuickFilters({ status: w.status, tasks: own, borrowersValidationStatus: w.borrowers_validation_status as never }),
      applicants: parties.rows
        .filter((party) => party.workspace_id === w.workspace_id)
        .map((party) => ({ type: party.type, forenames: party.forenames, surname: party.surname, organisationName: party.organisation_name })),
      lenderReference: references.rows.find((reference) => reference.workspace_id === w.workspace_id)?.reference_number ?? null,
      subscribers: new Set(participants.rows.filter((participant) => participant.workspace_id === w.workspace_id).map((participant) => participant.subscriber_id)),
    };
  });
}

function modelMatches(model: ModelWorkspace[], scope: string | null, body: WorkspaceSearchRequest, options: { ignoreQuickFilter?: boolean } = {}): ModelWorkspace[] {
  const statuses: readonly string[] = body.status === undefined ? DEFAULT_STATUS_FILTER : body.status.length === 0 ? WORKSPACE_STATUSES : body.status;
  const reference = body.workspaceReferenceId?.trim() ? workspaceReferenceIdMatch(body.workspaceReferenceId) : null;
  const rows = model.filter(
    (w) =>
      (scope === null || w.subscribers.has(scope)) &&
      statuses.includes(w.status) &&
      (!body.transactionType || w.transactionType === body.transactionType) &&
      (options.ignoreQuickFilter || !body.quickFilter || w.labels.includes(body.quickFilter)) &&
      (!body.postcode?.trim() || postcodeSearchKey(w.postcode).startsWith(postcodeSearchKey(body.postcode))) &&
      (!reference || (reference.mode === "exact" ? w.referenceId === reference.value : w.referenceId.startsWith(reference.value))) &&
      (!body.applicantName?.trim() || !applicantNameSearchKey(body.applicantName) || w.applicants.some((a) => applicantNameMatches(a, body.applicantName!))) &&
      (!body.incomingLenderReference?.trim() || (w.lenderReference ?? "").toLowerCase().startsWith(lenderReferenceSearchKey(body.incomingLenderReference))),
  );
  const byId = (a: ModelWorkspace, b: ModelWorkspace) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  if (body.completionDateSort) {
    const direction = body.completionDateSort === "ASC" ? 1 : -1;
    return rows.sort((a, b) => {
      if (a.completionDate === null || b.completionDate === null) {
        if (a.completionDate !== b.completionDate) return a.completionDate === null ? 1 : -1;
        return direction * byId(a, b);
      }
      return direction * (a.completionDate < b.completionDate ? -1 : a.completionDate > b.completionDate ? 1 : byId(a, b));
    });
  }
  return rows.sort((a, b) => b.createdAt - a.createdAt || -byId(a, b));
}

describe("agreement with an independent reading of the rows", () => {
  const TEST_LENDER = "5b900000-0000-4000-8000-000000000001";
  const TEST_FIRM = "5b900000-0000-4000-8000-000000000002";
  const callers = [
    { name: "lender", scope: DEMO_SUBSCRIBERS.northgate.subscriberId },
    { name: "harper", scope: DEMO_SUBSCRIBERS.harperVale.subscriberId },
    { name: "viewer", scope: DEMO_SUBSCRIBERS.keystone.subscriberId },
    { name: "helpdesk", scope: null },
  ] as const;

  beforeAll(async () => {
    await insertSubscribers(provider.db, [
      { subscriberId: TEST_LENDER, name: "Test Lender", entityType: "Lender" },
      { subscriberId: TEST_FIRM, name: "Test Firm", entityType: "Law Firm" },
    ]);
    await insertWorkspaces(
      provider.db,
      syntheticWorkspaces({
        seed: 7,
        firstSequence: 100,
        count: 400,
        participants: {
          lenders: [[DEMO_SUBSCRIBERS.northgate.subscriberId, 2], [TEST_LENDER, 1]],
          firms: [[DEMO_SUBSCRIBERS.harperVale.subscriberId, 2], [DEMO_SUBSCRIBERS.keystone.subscriberId, 1], [TEST_FIRM, 1]],
        },
      }),
    );
    // Some synthetic workspaces are FUNDS_AUTHORISED with a completion date past: the completion-day job,
    // every five minutes of product time, would move them to FUNDS_EXCHANGED between a reading of the model
    // and the searches it checks. Moved now, it finds nothing to change while the test runs.
    while ((await exchangeDueFunds(provider.db, provider.clock, "workspaces-search-test")).length > 0);
  });

  /** A search built from the data, so that text searches hit something. */
  function randomSearch(random: () => number, model: ModelWorkspace[]): { body: WorkspaceSearchRequest; page: number; limit: number } {
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    const body: WorkspaceSearchRequest = {};
    const statusRoll = random();
    if (statusRoll < 0.3) body.status = [];
    else if (statusRoll < 0.6) body.status = WORKSPACE_STATUSES.filter(() => random() < 0.3);
    if (random() < 0.3) body.transactionType = pick(["PURCHASE", "REMORTGAGE"] as const);
    if (random() < 0.3) body.quickFilter = pick(QUICK_FILTERS);
    if (random() < 0.5) body.completionDateSort = pick(["ASC", "DESC"] as const);
    const sample = pick(model);
    const textRoll = random();
    if (textRoll < 0.15) body.postcode = sample.postcode.slice(0, 1 + Math.floor(random() * sample.postcode.length));
    else if (textRoll < 0.3 && sample.applicants[0]) {
      const a = sample.applicants[0];
      const name = a.type === "ORGANISATION" ? a.organisationName! : pick([a.surname!, `${a.forenames} ${a.surname}`, `${a.surname}, ${a.forenames}`]);
      body.applicantName = name.slice(0, 2 + Math.floor(random() * (name.length - 1)));
    } else if (textRoll < 0.4) body.workspaceReferenceId = random() < 0.5 ? String(Number(sample.referenceId.slice(3))) : sample.referenceId.slice(0, 2 + Math.floor(random() * 9));
    else if (textRoll < 0.5 && sample.lenderReference) body.incomingLenderReference = sample.lenderReference.slice(0, 2 + Math.floor(random() * 9)).toLowerCase();
    return { body, page: 1 + Math.floor(random() * 6), limit: pick([1, 3, 10, 25]) };
  }

  async function checkAgreement(seed: number, cases: number) {
    const model = await readModel();
    const random = seededRandom(seed);
    let nonEmpty = 0;
    for (let i = 0; i < cases; i++) {
      const caller = callers[i % callers.length];
      const { body, page, limit } = randomSearch(random, model);
      const expected = modelMatches(model, caller.scope, body);
      const lastPage = Math.max(1, Math.ceil(expected.length / limit));
      const askedPage = random() < 0.3 ? lastPage : random() < 0.2 ? Math.max(1, Math.ceil(lastPage / 2)) : Math.min(page, lastPage + 1);
      const answer = await search(tokens[caller.name], body, askedPage, limit);
      const label = `${caller.name} page ${askedPage} limit ${limit} ${JSON.stringify(body)}`;
      expect(answer.records.map((record) => record.workspaceId), label).toEqual(expected.slice((askedPage - 1) * limit, askedPage * limit).map((w) => w.id));
      expect(answer.page.totalRecords, label).toBe(expected.length);
      if (expected.length > 0) nonEmpty++;
      if (i % 4 === 0) {
        // The chip bar on its own, and with the page (the list page's one call): the same counts, the same page.
        const inSearch = modelMatches(model, caller.scope, body, { ignoreQuickFilter: true });
        const chips = Object.fromEntries(QUICK_FILTERS.map((filter) => [filter, inSearch.filter((w) => w.labels.includes(filter)).length]));
        expect(await counts(tokens[caller.name], body), label).toEqual(chips);
        const withChips = await search(tokens[caller.name], { ...body, withQuickFilterCounts: true }, askedPage, limit);
        expect(withChips.quickFilterCounts, label).toEqual(chips);
        expect(withChips.records.map((record) => record.workspaceId), label).toEqual(answer.records.map((record) => record.workspaceId));
        expect(withChips.page.totalRecords, label).toBe(expected.length);
      }
    }
    expect(nonEmpty).toBeGreaterThan(cases / 2);
  }

  async function checkCounters() {
    const recount = await sql<{ scope: string; status: string; transaction_type: string; pending_labels: number; n: number }>`
      SELECT scope, status, transaction_type, pending_labels, count(*)::int AS n FROM workspace_list_entries GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`.execute(provider.db);
    const counters = await sql<{ scope: string; status: string; transaction_type: string; pending_labels: number; n: number }>`
      SELECT scope, status, transaction_type, pending_labels, n FROM workspace_list_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4`.execute(provider.db);
    expect(counters.rows).toEqual(recount.rows);
    // The same entries by the month (UTC) they were created in, for deep pages (migration 0095).
    const byMonth = await sql<{ scope: string; status: string; transaction_type: string; pending_labels: number; month: string; n: number }>`
      SELECT scope, status, transaction_type, pending_labels, to_char(date_trunc('month', created_at, 'UTC'), 'YYYY-MM') AS month, count(*)::int AS n
      FROM workspace_list_entries GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`.execute(provider.db);
    const months = await sql<{ scope: string; status: string; transaction_type: string; pending_labels: number; month: string; n: number }>`
      SELECT scope, status, transaction_type, pending_labels, to_char(month AT TIME ZONE 'UTC', 'YYYY-MM') AS month, n
      FROM workspace_list_months WHERE n <> 0 ORDER BY 1, 2, 3, 4, 5`.execute(provider.db);
    expect(months.rows).toEqual(byMonth.rows);
    // Every applicant's name keys in every scope the workspace is listed in, with the entry's keys (migration 0098).
    const nameKeys = await sql<{ scope: string; name_key: string; workspace_id: string; entry: string; n: number }>`
      SELECT e.scope, k.name_key, e.workspace_id, concat_ws('|', e.status, e.transaction_type, e.completion_date, e.created_at, e.pending_labels) AS entry, count(*)::int AS n
      FROM workspace_list_entries e JOIN workspace_parties p ON p.workspace_id = e.workspace_id AND p.role IN ('BORROWER', 'BUYER')
      CROSS JOIN LATERAL (VALUES (lower(p.forenames || ' ' || p.surname)), (lower(p.surname || ' ' || p.forenames)), (lower(p.organisation_name))) AS k (name_key)
      WHERE k.name_key IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY e.scope, k.name_key COLLATE "C", e.workspace_id`.execute(provider.db);
    const names = await sql<{ scope: string; name_key: string; workspace_id: string; entry: string; n: number }>`
      SELECT scope, name_key, workspace_id, concat_ws('|', status, transaction_type, completion_date, created_at, pending_labels) AS entry, n
      FROM workspace_list_names ORDER BY 1, 2, 3`.execute(provider.db);
    expect(names.rows.length).toBeGreaterThan(0);
    expect(names.rows).toEqual(nameKeys.rows);
    // Each entry holds its workspace's postcode key (migration 0099).
    const postcodes = await sql<{ stale: number }>`
      SELECT count(*)::int AS stale FROM workspace_list_entries e JOIN workspaces w ON w.workspace_id = e.workspace_id
      WHERE e.postcode_key IS DISTINCT FROM w.postcode_key`.execute(provider.db);
    expect(postcodes.rows[0]!.stale).toBe(0);
    // Each entry holds its workspace's reference id and its incoming lender's reference in lower case (migration 0100).
    const references = await sql<{ stale: number }>`
      SELECT count(*)::int AS stale FROM workspace_list_entries e JOIN workspaces w ON w.workspace_id = e.workspace_id
      LEFT JOIN workspace_references r ON r.workspace_id = e.workspace_id AND r.representative_role = 'INCOMING_LENDER'
      WHERE e.reference_key IS DISTINCT FROM w.workspace_reference_id OR e.lender_reference_key IS DISTINCT FROM lower(r.reference_number)`.execute(
      provider.db,
    );
    expect(references.rows[0]!.stale).toBe(0);
    // One entry per workspace for the helpdesk administrator ('*') and one per participant.
    const sizes = await sql<{ entries: number; workspaces: number; participants: number }>`
      SELECT (SELECT count(*) FROM workspace_list_entries)::int AS entries, (SELECT count(*) FROM workspaces)::int AS workspaces,
        (SELECT count(*) FROM workspace_participants)::int AS participants`.execute(provider.db);
    const { entries, workspaces, participants } = sizes.rows[0];
    expect(entries).toBe(workspaces + participants);
  }

  it("stores each workspace's quick-filter labels as core derives them from its tasks", async () => {
    const model = await readModel();
    const stored = await sql<{ workspace_id: string; pending_labels: number }>`SELECT workspace_id, pending_labels FROM workspaces`.execute(provider.db);
    for (const row of stored.rows) {
      const w = model.find((m) => m.id === row.workspace_id)!;
      expect(QUICK_FILTERS.filter((filter, bit) => (row.pending_labels & (1 << bit)) !== 0), w.referenceId).toEqual(w.labels);
    }
  });

  it("keeps the list projection and its counters in step with the workspaces", checkCounters);

  it("answers 200 random searches and chip counts exactly as the rows say", () => checkAgreement(11, 200), 120_000);

  it("reads a text's page along the scope's order, from either end, as it does for a text matching much of a large scope", async () => {
    // The test world is small: every text search walks, and a prefix of a reference id, a postcode or a lender's
    // reference is counted by the entries outside it; then a few matches are sorted, more walked or sorted by their
    // share of the scope, and counted by what they do not match only when that is at most 3 entries (or an
    // eighth of the scope's, rounded down to a power of two, where that is more); then always.
    const plan = { ...TEXT_PAGE_PLAN };
    try {
      Object.assign(TEXT_PAGE_PLAN, { sortedUpTo: 0, walkCost: 0, nameWalkCost: 0 });
      await checkAgreement(13, 160);
      Object.assign(TEXT_PAGE_PLAN, { sortedUpTo: 3, unmatchedUpTo: 3, walkCost: 1, nameWalkCost: 1 });
      await checkAgreement(17, 120);
      // Every prefix with matches counted by the entries outside it, however many (a lender's reference's
      // with the entries that have none).
      Object.assign(TEXT_PAGE_PLAN, { sortedUpTo: 0, unmatchedUpTo: 0, unmatchedShare: 1, walkCost: 0, nameWalkCost: 0 });
      await checkAgreement(19, 120);
    } finally {
      Object.assign(TEXT_PAGE_PLAN, plan);
    }
  }, 180_000);

  it("reads every page of the newest-first list, deep ones from a month boundary, exactly as the rows say", async () => {
    const model = await readModel();
    const cases: ["helpdesk" | "lender", WorkspaceSearchRequest][] = [
      ["helpdesk", { status: [] }],
      ["lender", {}],
      ["helpdesk", { status: [], transactionType: "PURCHASE" }],
      ["helpdesk", { status: [], quickFilter: "FUNDS_AUTHORISATION_PENDING" }],
    ];
    const lengths: number[] = [];
    const limit = 7;
    for (const [caller, body] of cases) {
      const expected = modelMatches(model, callers.find((c) => c.name === caller)!.scope, body);
      // The deepest pages read from the far end; both ends skip whole months past 100 entries.
      for (let page = 1; page <= Math.ceil(expected.length / limit); page++) {
        const answer = await search(tokens[caller], body, page, limit);
        expect(answer.records.map((record) => record.workspaceId), `${caller} page ${page} ${JSON.stringify(body)}`).toEqual(
          expected.slice((page - 1) * limit, page * limit).map((w) => w.id),
        );
      }
      lengths.push(expected.length);
    }
    // Long enough that pages from either end skip whole months (more than 100 entries before them).
    expect(Math.max(...lengths)).toBeGreaterThan(300);
    expect(Math.min(...lengths)).toBeGreaterThan(limit * 3);
  }, 120_000);

  it("still agrees after approvals, a cancellation, a new workspace and a new participant through the API", async () => {
    const call = (token: string, method: "PATCH" | "POST", url: string, { version, ...payload }: Record<string, unknown>) =>
      provider.call(token, { method, url, payload, headers: { "if-match": `"${String(version)}"` } });
    const version = async (id: string) => (await provider.call(tokens.helpdesk, { method: "GET", url: `/api/workspace/v1/workspaces/${id}` })).json().version as number;
    const ready = DEMO_WORKSPACES.remortgageReady.workspaceId;
    expect((await call(tokens.harper, "PATCH", `/api/workspace/v1/workspaces/${ready}`, { approved: true, version: await version(ready) })).statusCode).toBe(200);
    const mustCancel = DEMO_WORKSPACES.remortgageMustCancel.workspaceId;
    expect(
      (await call(tokens.lender, "PATCH", `/api/workspace/v1/workspaces/${mustCancel}`, { status: "CANCELLED", remarks: { cancellationReason: "OTHER", cancellationNotesForOther: "Test" }, version: await version(mustCancel) }))
        .statusCode,
    ).toBe(200);
    const created = await call(tokens.lender, "POST", "/api/workspace/v1/workspaces", {
      reference: "NG-NEW-1",
      transactionType: "REMORTGAGE",
      securityAddress: { buildingNumber: "1", street: "New Street", town: "Leeds", postcode: "LS1 1AA" },
      parties: [{ type: "INDIVIDUAL", role: "BORROWER", partyDetails: { forenames: "Newton", surname: "Smith" } }],
    });
    expect(created.statusCode).toBe(201);
    const { workspaceId } = created.json() as { workspaceId: string };
    expect(
      (await call(tokens.lender, "POST", `/api/v1/workspaces/${workspaceId}/participants`, { subscriberId: DEMO_SUBSCRIBERS.keystone.subscriberId, role: "INCOMING_LENDER_REPRESENTATIVE", version: 1 }))
        .statusCode,
    ).toBe(201);
    const createdNumber = Number((created.json() as { workspaceReferenceId: string }).workspaceReferenceId.slice(3));
    expect(numbers(await search(tokens.viewer, { applicantName: "newton smith" }))).toEqual([createdNumber]);
    // The applicants' names change: a borrower added, the first renamed, the added one removed again.
    const parties = `/api/workspace/v1/workspaces/${workspaceId}/parties`;
    const added = await call(tokens.lender, "POST", parties, { role: "BORROWER", type: "INDIVIDUAL", partyDetails: { forenames: "Ada", surname: "Quill" }, version: await version(workspaceId) });
    expect(added.statusCode, added.body).toBe(201);
    expect(numbers(await search(tokens.viewer, { applicantName: "quill, ada" }))).toEqual([createdNumber]);
    const newton = (await provider.call(tokens.lender, { method: "GET", url: `/api/workspace/v1/workspaces/${workspaceId}` })).json().parties.find((p: { role: string; partyId: string }) => p.partyId !== added.json().partyId);
    const renamed = await provider.call(tokens.lender, {
      method: "PATCH",
      url: `${parties}/${newton.partyId}`,
      payload: { type: "INDIVIDUAL", partyDetails: { forenames: "Newton", surname: "Jones" } },
      headers: { "if-match": `"${await version(workspaceId)}"` },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(numbers(await search(tokens.viewer, { applicantName: "newton smith" }))).toEqual([]);
    expect(numbers(await search(tokens.viewer, { applicantName: "jones, newton" }))).toEqual([createdNumber]);
    const removed = await provider.call(tokens.lender, { method: "DELETE", url: `${parties}/${added.json().partyId}`, headers: { "if-match": `"${await version(workspaceId)}"` } });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(numbers(await search(tokens.viewer, { applicantName: "ada quill" }))).toEqual([]);
    // The security address moves: the postcode search follows it in every scope.
    const addressId = (await provider.call(tokens.lender, { method: "GET", url: `/api/workspace/v1/workspaces/${workspaceId}` })).json().securityAddress.addressId;
    const moved = await provider.call(tokens.lender, {
      method: "PATCH",
      url: `/api/workspace/v1/workspaces/${workspaceId}/addresses/${addressId}`,
      payload: { number: "2", street: "Quay Street", town: "Bristol", postcode: "BS1 4QQ" },
      headers: { "if-match": `"${await version(workspaceId)}"` },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(numbers(await search(tokens.viewer, { postcode: "LS1 1AA" }))).toEqual([]);
    expect(numbers(await search(tokens.viewer, { postcode: "bs14qq" }))).toEqual([createdNumber]);
    // The incoming lender's reference is edited: the search by it follows in every scope, and with a name.
    expect(numbers(await search(tokens.viewer, { incomingLenderReference: "ng-new" }))).toEqual([createdNumber]);
    const lenderReference = (await provider.call(tokens.lender, { method: "GET", url: `/api/workspace/v1/workspaces/${workspaceId}` }))
      .json()
      .references.find((reference: { representativeRole: string }) => reference.representativeRole === "INCOMING_LENDER");
    const edited = await call(tokens.lender, "PATCH", `/api/workspace/v1/workspaces/${workspaceId}/references/${lenderReference.referenceId}`, {
      referenceNumber: "NG-MOVED-7",
      version: await version(workspaceId),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(numbers(await search(tokens.viewer, { incomingLenderReference: "ng-new" }))).toEqual([]);
    expect(numbers(await search(tokens.viewer, { incomingLenderReference: "NG-MOVED" }))).toEqual([createdNumber]);
    expect(numbers(await search(tokens.helpdesk, { incomingLenderReference: "ng-moved-7", applicantName: "Jones" }))).toEqual([createdNumber]);
    expect(numbers(await search(tokens.viewer, { workspaceReferenceId: `WS-${String(createdNumber).padStart(7, "0").slice(0, 5)}`, applicantName: "Jones" }))).toEqual([createdNumber]);
    await checkCounters();
    await checkAgreement(12, 80);
  }, 120_000);

  it("follows one statement that changes many workspaces, after one that changed a single workspace in the same session", async () => {
    // A trigger's statements keep their first plan for the session (migration 0101): the many-row update
    // meets plans made for one row, and the projection must still follow it exactly.
    const byId = (model: ModelWorkspace[]) => [...model].sort((a, b) => a.id.localeCompare(b.id));
    const before = byId(await readModel());
    await sql`UPDATE workspaces SET completion_date = completion_date + 1 WHERE workspace_id = ${DEMO_WORKSPACES.remortgageReady.workspaceId}`.execute(provider.db);
    // Every completion date moves (the entries and their name keys follow), then back again.
    await sql`UPDATE workspaces SET completion_date = completion_date + 3`.execute(provider.db);
    await checkCounters();
    await checkAgreement(19, 60);
    await sql`UPDATE workspaces SET completion_date = completion_date - 3`.execute(provider.db);
    await sql`UPDATE workspaces SET completion_date = completion_date - 1 WHERE workspace_id = ${DEMO_WORKSPACES.remortgageReady.workspaceId}`.execute(provider.db);
    await checkCounters();
    expect(byId(await readModel())).toEqual(before);
  });

  it("refuses to move a participant to another workspace or subscriber, which would leave the list's entries behind", async () => {
    const { rows } = await sql<{ participant_id: string }>`
      SELECT participant_id FROM workspace_participants WHERE subscriber_id <> ${DEMO_SUBSCRIBERS.keystone.subscriberId} LIMIT 1`.execute(provider.db);
    await expect(
      sql`UPDATE workspace_participants SET subscriber_id = ${DEMO_SUBSCRIBERS.keystone.subscriberId} WHERE participant_id = ${rows[0]!.participant_id}`.execute(provider.db),
    ).rejects.toThrow(/keeps its workspace and subscriber/);
    await sql`UPDATE workspace_participants SET is_approved = is_approved`.execute(provider.db);
    await checkCounters();
  });
});
