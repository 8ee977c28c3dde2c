/**
 * The workspace list's search through the real HTTP API (document 1 section 2.4; issue 4 "Performance"):
 * by postcode, by workspace reference id, by applicant name, by incoming lender reference (the two references
 * also by a short prefix that matches most of the lender's workspaces, as a user types it), the default
 * status filter on page 1 and deep pages, the completion date sort both ways, a quick filter and the
 * whole chip bar's counts — as a lender that participates in 40% of all workspaces and as the helpdesk
 * administrator, who sees every one. Target: p95 under 50 ms at the largest size, for every query.
 */
import { CompiledQuery, sql } from "kysely";
import { WorkspaceSearchResponseSchema, type WorkspaceSearchRequest } from "../../core/workspaces/api.js";
import { DEFAULT_STATUS_FILTER } from "../../core/workspaces/status.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS } from "../../provider/platform/demo-world.js";
import { HttpClient, repeat, summarise } from "../lib/measure.js";
import type {
  BenchContext,
  BenchEnvironment,
  BenchSection,
  Measurement,
  TargetResult,
} from "../lib/types.js";

const SECTION = "search";
export const SEARCH_P95_TARGET_MS = 50;
const SEARCH = "/api/v1/workspaces/search";
const COUNTS = "/api/v1/workspaces/search/quick-filter-counts";

interface Fixtures {
  postcodes: string[];
  districts: string[];
  referenceIds: string[];
  fullNames: string[];
  lenderReferences: string[];
}

type Caller = "lender" | "helpdesk";

interface Query {
  name: string;
  caller: Caller;
  path: string;
  /** The page to ask for, given the result's last page (from a first call). */
  page?: (lastPage: number) => number;
  limit?: number;
  body: (iteration: number, fixtures: Fixtures) => WorkspaceSearchRequest;
}

const at = <T>(list: readonly T[], iteration: number): T =>
  list[(iteration + list.length * 1000) % list.length];

/** Page 500 of 10 (entries 4,991 to 5,000): far deeper than anyone pages, but inside the result at every size that has it. */
const DEEP_PAGE = 500;

export const SEARCH_QUERIES: readonly Query[] = [
  { name: "default status filter, page 1", caller: "lender", path: SEARCH, body: () => ({}) },
  {
    name: `default status filter, page ${DEEP_PAGE} (deep)`,
    caller: "lender",
    path: SEARCH,
    page: (last) => Math.min(DEEP_PAGE, last),
    body: () => ({}),
  },
  {
    name: "default status filter, middle page",
    caller: "lender",
    path: SEARCH,
    page: (last) => Math.max(1, Math.ceil(last / 2)),
    body: () => ({}),
  },
  {
    name: "default status filter, last page",
    caller: "lender",
    path: SEARCH,
    page: (last) => last,
    body: () => ({}),
  },
  {
    name: "completion date nearest first, page 1",
    caller: "lender",
    path: SEARCH,
    body: () => ({ completionDateSort: "ASC" }),
  },
  {
    name: "completion date furthest first, page 1",
    caller: "lender",
    path: SEARCH,
    body: () => ({ completionDateSort: "DESC" }),
  },
  {
    name: "all statuses, remortgages, page 1",
    caller: "lender",
    path: SEARCH,
    body: () => ({ status: [], transactionType: "REMORTGAGE" }),
  },
  { name: "by postcode", caller: "lender", path: SEARCH, body: (i, f) => ({ postcode: at(f.postcodes, i) }) },
  {
    name: "by postcode district (prefix)",
    caller: "lender",
    path: SEARCH,
    body: (i, f) => ({ postcode: at(f.districts, i) }),
  },
  {
    name: "by workspace reference id",
    caller: "lender",
    path: SEARCH,
    body: (i, f) => ({ workspaceReferenceId: at(f.referenceIds, i) }),
  },
  {
    name: "by workspace reference id (short prefix, WS-0)",
    caller: "lender",
    path: SEARCH,
    body: () => ({ workspaceReferenceId: "WS-0" }),
  },
  {
    name: "by applicant name (forenames and surname)",
    caller: "lender",
    path: SEARCH,
    body: (i, f) => ({ applicantName: at(f.fullNames, i) }),
  },
  {
    name: "by applicant name (commonest surname, Smith)",
    caller: "lender",
    path: SEARCH,
    body: () => ({ applicantName: "Smith" }),
  },
  {
    name: "by incoming lender reference",
    caller: "lender",
    path: SEARCH,
    body: (i, f) => ({ incomingLenderReference: at(f.lenderReferences, i) }),
  },
  {
    name: "by incoming lender reference (short prefix, 2 characters)",
    caller: "lender",
    path: SEARCH,
    body: (i, f) => ({ incomingLenderReference: at(f.lenderReferences, i).slice(0, 2) }),
  },
  {
    name: "quick filter: funds authorisation pending",
    caller: "lender",
    path: SEARCH,
    body: () => ({ quickFilter: "FUNDS_AUTHORISATION_PENDING" }),
  },
  {
    name: "quick-filter counts (whole chip bar, one call)",
    caller: "lender",
    path: COUNTS,
    body: () => ({}),
  },
  { name: "helpdesk: default status filter, page 1", caller: "helpdesk", path: SEARCH, body: () => ({}) },
  {
    name: `helpdesk: default status filter, page ${DEEP_PAGE} (deep)`,
    caller: "helpdesk",
    path: SEARCH,
    page: (last) => Math.min(DEEP_PAGE, last),
    body: () => ({}),
  },
  {
    name: "helpdesk: by postcode",
    caller: "helpdesk",
    path: SEARCH,
    body: (i, f) => ({ postcode: at(f.postcodes, i) }),
  },
  {
    name: "helpdesk: by applicant name (commonest surname, Smith)",
    caller: "helpdesk",
    path: SEARCH,
    body: () => ({ applicantName: "Smith" }),
  },
  { name: "helpdesk: quick-filter counts", caller: "helpdesk", path: COUNTS, body: () => ({}) },
];

/**
 * Search values taken from workspaces the lender can see under the default status filter (which every
 * search applies), spread over the whole table rather than the newest.
 */
async function fixturesFor(env: BenchEnvironment): Promise<Fixtures> {
  const scope = DEMO_SUBSCRIBERS.northgate.subscriberId;
  const { rows } = await sql<{ workspace_id: string; postcode: string; reference_id: string }>`
    SELECT w.workspace_id, w.address_postcode AS postcode, w.workspace_reference_id AS reference_id
    FROM workspace_list_entries e JOIN workspaces w ON w.workspace_id = e.workspace_id
    WHERE e.scope = ${scope} AND e.status IN (${sql.join(DEFAULT_STATUS_FILTER)})
    ORDER BY md5(w.workspace_id::text) LIMIT 60`.execute(env.db);
  const ids = rows.map((row) => row.workspace_id);
  const names = await sql<{ name: string }>`
    SELECT DISTINCT ON (workspace_id) forenames || ' ' || surname AS name FROM workspace_parties
    WHERE workspace_id IN (${sql.join(ids)}) AND type = 'INDIVIDUAL' ORDER BY workspace_id, position`.execute(
    env.db,
  );
  const references = await sql<{ reference_number: string }>`
    SELECT reference_number FROM workspace_references
    WHERE workspace_id IN (${sql.join(ids)}) AND representative_role = 'INCOMING_LENDER'`.execute(env.db);
  return {
    postcodes: rows.map((row) => row.postcode),
    districts: [...new Set(rows.map((row) => row.postcode.split(" ")[0]))],
    referenceIds: rows.map((row) => row.reference_id),
    fullNames: names.rows.map((row) => row.name),
    lenderReferences: references.rows.map((row) => row.reference_number),
  };
}

const plans: string[] = [];

/** EXPLAIN ANALYZE of the list statements one request runs (the token checks and record loading left out). */
async function explain(env: BenchEnvironment, run: () => Promise<unknown>): Promise<string> {
  const { statements } = await env.captureSql(run);
  const relevant = statements.filter((statement) => /workspace_list_(entries|counts|months)/.test(statement.sql));
  const out: string[] = [];
  for (const statement of relevant) {
    const result = await env.db.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, COSTS OFF) ${statement.sql}`, [...statement.parameters]),
    );
    out.push(
      statement.sql.replace(/\s+/g, " ").trim(),
      ...result.rows.map((row) => `  ${row["QUERY PLAN"]}`),
      "",
    );
  }
  return out.join("\n");
}

export const searchSection: BenchSection = {
  name: SECTION,

  async run(ctx: BenchContext): Promise<Measurement[]> {
    // A connection per size: loading the next size takes longer than the server keeps an idle one.
    const http = new HttpClient(ctx.providerUrl);
    try {
      return await measureAll(ctx, http);
    } finally {
      await http.close();
    }
  },

  targets: (measurements, sizes) => targetsOf(measurements, sizes),
  report: () =>
    plans.length ? `## Query plans at the largest size (EXPLAIN ANALYZE)\n\n${plans.join("\n")}` : "",
  async teardown() {
    plans.length = 0;
  },
};

async function measureAll(ctx: BenchContext, http: HttpClient): Promise<Measurement[]> {
  const fixtures = await fixturesFor(ctx);
  const tokens: Record<Caller, string> = {
    lender: await ctx.token({ subscriber: "northgate" }),
    helpdesk: await ctx.token({ email: DEMO_USERS.helpdesk.email }),
  };
  const largest = ctx.size === ctx.sizes[ctx.sizes.length - 1];
  const measurements: Measurement[] = [];
  for (const query of SEARCH_QUERIES) {
    const limit = query.limit ?? 10;
    let page = 1;
    let totalRecords: number | undefined;
    if (query.path === SEARCH) {
      const first = await http.request("POST", `${SEARCH}?page=1&limit=${limit}`, {
        token: tokens[query.caller],
        body: query.body(0, fixtures),
      });
      if (first.status !== 200) throw new Error(`${query.name}: ${first.status} ${first.body}`);
      totalRecords = WorkspaceSearchResponseSchema.parse(JSON.parse(first.body)).page.totalRecords;
      page = query.page ? query.page(Math.max(1, Math.ceil(totalRecords / limit))) : 1;
    }
    const url = query.path === SEARCH ? `${SEARCH}?page=${page}&limit=${limit}` : COUNTS;
    const send = (iteration: number) =>
      http.request("POST", url, { token: tokens[query.caller], body: query.body(iteration, fixtures) });
    const { durations, errors } = await repeat(ctx.iterations, ctx.warmup, async (iteration) => {
      const response = await send(iteration);
      return { ms: response.ms, ok: response.status === 200 };
    });
    const notes: Record<string, number | string> = { page };
    if (totalRecords !== undefined) notes.totalRecords = totalRecords;
    const measurement = summarise(SECTION, query.name, ctx.size, durations, errors, notes);
    measurements.push(measurement);
    ctx.log(
      `  ${query.name.padEnd(58)} p50 ${measurement.p50.toFixed(1).padStart(6)}  p95 ${measurement.p95.toFixed(1).padStart(6)}  p99 ${measurement.p99.toFixed(1).padStart(6)} ms${totalRecords !== undefined ? `  (${totalRecords} found, page ${page})` : ""}`,
    );
    if (largest) {
      plans.push(
        `### ${query.name} (${ctx.size.toLocaleString("en-GB")} workspaces)\n\n\`\`\`\n${await explain(ctx, () => send(0))}\`\`\`\n`,
      );
    }
  }
  return measurements;
}

function targetsOf(measurements: readonly Measurement[], sizes: readonly number[]): TargetResult[] {
  const largest = sizes[sizes.length - 1];
  return SEARCH_QUERIES.map((query) => {
    const m = measurements.find(
      (measurement) => measurement.name === query.name && measurement.size === largest,
    );
    const met = m !== undefined && m.errors === 0 && m.p95 < SEARCH_P95_TARGET_MS;
    return {
      section: SECTION,
      target: `search p95 < ${SEARCH_P95_TARGET_MS} ms at ${largest.toLocaleString("en-GB")} workspaces: ${query.name}`,
      met,
      detail: m ? `p95 ${m.p95} ms, ${m.errors} errors` : "not measured",
    };
  });
}
