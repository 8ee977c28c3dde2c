/**
 * The workspace list's search (document 1 section 2.4 and 7): POST /api/v1/workspaces/search and the
 * quick-filter counts of the whole chip bar in one call. docs/decisions/0201-workspace-search.md explains
 * the plan; in short:
 *
 * - Visibility: the list projection `workspace_list_entries` has one row per (scope, workspace), scope being
 *   a participant subscriber or '*' for the helpdesk administrator; every query is bounded by one scope.
 * - Without a search text, totals and chip counts are sums over `workspace_list_counts` (a few hundred rows
 *   per scope at most), and a page is a merge of per-status ordered index runs (one UNION ALL branch per
 *   status, each ordered, so PostgreSQL merges them with a Merge Append and stops after offset + limit). A page
 *   past the middle is read from the other end, so no page costs more than half the result; in the newest-first
 *   order a deep page starts at the month its first entry is in (`workspace_list_months`, decision 0905).
 * - With a search text, an applicant name is read from the scope's own name keys (`workspace_list_names`)
 *   and the other texts from the scope's entries by their keys (postcode, reference id, incoming lender
 *   reference; decisions 0908 and 0910). A text with few matches is read, counted and sorted in one windowed
 *   statement. A text with many ("WS-0", two letters of a reference) is counted index-only (with the chip
 *   bar's counts in the same pass when asked), and its page walks the scope's ordered runs as a page without
 *   text does, the texts checked on each entry: about a page's worth of entries over the share that matches,
 *   not every match sorted (decision 0911). A prefix of the reference id or postcode that nearly every entry
 *   has is counted as the counters less the few entries outside it (decision 0912).
 */
import { sql, type RawBuilder } from "kysely";
import type { z } from "zod";
import type {
  QuickFilterCounts,
  WorkspaceListRecord,
  WorkspaceSearchRequestSchema,
  WorkspaceSearchResponse,
} from "../../core/workspaces/api.js";
import { QUICK_FILTERS, TO_BE_PROVIDED, type ParticipantRole, type QuickFilter, type TransactionType } from "../../core/workspaces/enums.js";
import { type PartyType } from "../../core/parties/enums.js";
import { applicantName } from "../../core/parties/names.js";
import { quickFilterBit } from "../../core/workspaces/lifecycle.js";
import {
  applicantNameSearchKey,
  lenderReferenceSearchKey,
  postcodeSearchKey,
  workspaceReferenceIdMatch,
  type TextMatch,
} from "../../core/workspaces/search-keys.js";
import { DEFAULT_STATUS_FILTER, WORKSPACE_STATUSES, type WorkspaceStatus } from "../../core/workspaces/status.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import { isHelpdesk } from "../platform/access.js";
import { requireFunctional } from "./access.js";
import type { DB } from "../platform/db/index.js";

/** The "all workspaces" scope of the list projection (the helpdesk administrator's). */
const ALL_WORKSPACES_SCOPE = "*";

export type WorkspaceSearchBody = z.output<typeof WorkspaceSearchRequestSchema>;

type Sort = "created" | "completionAsc" | "completionDesc";

/** A search with its texts normalised by core's rules. */
export interface ResolvedSearch {
  scope: string;
  /** The caller's subscriber, for their own role and reference; null for the helpdesk administrator. */
  subscriberId: string | null;
  statuses: readonly WorkspaceStatus[];
  transactionType: TransactionType | null;
  quickFilter: QuickFilter | null;
  sort: Sort;
  postcode: string | null;
  reference: TextMatch | null;
  applicantName: string | null;
  lenderReference: string | null;
}

const blank = (text: string | undefined) => text === undefined || text.trim() === "";

/** The scope and the normalised filters of a search, or null when the caller can see no workspace at all. */
export function resolveSearch(caller: VerifiedCaller, body: WorkspaceSearchBody): ResolvedSearch | null {
  const helpdesk = isHelpdesk(caller);
  const scope = helpdesk ? ALL_WORKSPACES_SCOPE : caller.subscriberId;
  if (!scope) return null;
  const statuses = body.status === undefined ? DEFAULT_STATUS_FILTER : body.status.length === 0 ? WORKSPACE_STATUSES : [...new Set(body.status)];
  return {
    scope,
    subscriberId: helpdesk ? null : caller.subscriberId,
    statuses,
    transactionType: body.transactionType ?? null,
    quickFilter: body.quickFilter ?? null,
    sort: body.completionDateSort === "ASC" ? "completionAsc" : body.completionDateSort === "DESC" ? "completionDesc" : "created",
    postcode: blank(body.postcode) ? null : postcodeSearchKey(body.postcode!),
    reference: blank(body.workspaceReferenceId) ? null : workspaceReferenceIdMatch(body.workspaceReferenceId!),
    applicantName: blank(body.applicantName) ? null : applicantNameSearchKey(body.applicantName!) || null,
    lenderReference: blank(body.incomingLenderReference) ? null : lenderReferenceSearchKey(body.incomingLenderReference!),
  };
}

function hasText(search: ResolvedSearch): boolean {
  return search.postcode !== null || search.reference !== null || search.applicantName !== null || search.lenderReference !== null;
}

/** `LIKE` pattern for a prefix: %, _ and \ match themselves. */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

// ---------------------------------------------------------------------------------------------------
// SQL fragments

const ORDER: Record<Sort, { forward: RawBuilder<unknown>; backward: RawBuilder<unknown> }> = {
  created: { forward: sql`created_at DESC, workspace_id DESC`, backward: sql`created_at ASC, workspace_id ASC` },
  completionAsc: {
    forward: sql`completion_date ASC NULLS LAST, workspace_id ASC`,
    backward: sql`completion_date DESC NULLS FIRST, workspace_id DESC`,
  },
  completionDesc: {
    forward: sql`completion_date DESC NULLS LAST, workspace_id DESC`,
    backward: sql`completion_date ASC NULLS FIRST, workspace_id ASC`,
  },
};

/** Filters on an entry other than its status and texts: the transaction type and the quick filter. */
function entryFilters(search: ResolvedSearch, options: { quickFilter: boolean }): RawBuilder<unknown>[] {
  const filters: RawBuilder<unknown>[] = [];
  if (search.transactionType) filters.push(sql`transaction_type = ${search.transactionType}`);
  if (options.quickFilter && search.quickFilter) filters.push(sql`(pending_labels & ${quickFilterBit(search.quickFilter)}) <> 0`);
  return filters;
}

/**
 * The search's texts other than the applicant name, as conditions on an entry's own keys (its postcode, its
 * workspace reference id and its incoming lender's reference, migrations 0099 and 0100), each of which the
 * scope indexes by status and key. The prefixes are written into the statement, so a prepared statement's
 * generic plan still reads only the keys' ranges, and the planner picks the range of the fewest entries.
 */
function entryKeyConditions(search: ResolvedSearch, alias?: string): RawBuilder<unknown>[] {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  const conditions: RawBuilder<unknown>[] = [];
  if (search.postcode) conditions.push(sql`${column("postcode_key")} LIKE ${sql.lit(likePrefix(search.postcode))}`);
  if (search.reference) {
    conditions.push(
      search.reference.mode === "exact"
        ? sql`${column("reference_key")} = ${sql.lit(search.reference.value)}`
        : sql`${column("reference_key")} LIKE ${sql.lit(likePrefix(search.reference.value))}`,
    );
  }
  if (search.lenderReference) conditions.push(sql`${column("lender_reference_key")} LIKE ${sql.lit(likePrefix(search.lenderReference))}`);
  return conditions;
}

/**
 * The scope's entries a search with text matches, one row per workspace with its sort keys and labels, read
 * by the texts' keys in the scope, per status. An applicant name leads from the scope's name keys (migration
 * 0098), and the other texts are checked on the name's entry (its primary key); otherwise the entries are read
 * by their own keys (entryKeyConditions). Core's name keys are the surname, "forenames surname", "surname
 * forenames" and the organisation's name, and a prefix of the surname is a prefix of "surname forenames" too
 * (forenames are required), so the surname needs no key of its own; a workspace with two matching applicants
 * has two keys, hence DISTINCT. The name's prefix is written into the statement as the other keys' are.
 */
function matchedEntries(search: ResolvedSearch, options: { quickFilter: boolean }): RawBuilder<unknown> {
  const statuses = sql`status IN (${sql.join(search.statuses)})`;
  const columns = sql`workspace_id, created_at, completion_date, pending_labels`;
  const filters = entryFilters(search, options);
  if (search.applicantName) {
    const keys = entryKeyConditions(search, "e");
    const onEntry = keys.length
      ? [sql`EXISTS (SELECT 1 FROM workspace_list_entries e WHERE e.scope = n.scope AND e.workspace_id = n.workspace_id AND ${sql.join(keys, sql` AND `)})`]
      : [];
    return sql`(SELECT DISTINCT ${columns} FROM workspace_list_names n
      WHERE scope = ${search.scope} AND ${statuses} AND name_key LIKE ${sql.lit(likePrefix(search.applicantName))} ${and([...filters, ...onEntry])})`;
  }
  return sql`(SELECT ${columns} FROM workspace_list_entries
    WHERE scope = ${search.scope} AND ${statuses} ${and([...entryKeyConditions(search), ...filters])})`;
}

/**
 * Every text of a search as conditions on one entry of the scope (`workspace_list_entries`, unaliased): its
 * keys, and the applicant name as a probe of the entry's own name keys (their primary key).
 */
function entryTextConditions(search: ResolvedSearch): RawBuilder<unknown>[] {
  const conditions = entryKeyConditions(search);
  if (search.applicantName) {
    conditions.push(sql`EXISTS (SELECT 1 FROM workspace_list_names n
      WHERE n.workspace_id = workspace_list_entries.workspace_id AND n.scope = workspace_list_entries.scope
        AND n.name_key LIKE ${sql.lit(likePrefix(search.applicantName))})`);
  }
  return conditions;
}

const and = (conditions: RawBuilder<unknown>[]) => (conditions.length ? sql`AND ${sql.join(conditions, sql` AND `)}` : sql``);

// ---------------------------------------------------------------------------------------------------
// Totals and pages

/**
 * The counters of a search without text (a few hundred rows per scope at most), by status and pending
 * labels, the quick filter left out: the page's totals per status and the chip bar's counts both come from
 * these rows, so the list page reads them once.
 */
interface CounterRow {
  status: WorkspaceStatus;
  pending_labels: number;
  n: number;
}

async function counterRows(db: DB, search: ResolvedSearch): Promise<CounterRow[]> {
  const conditions: RawBuilder<unknown>[] = [sql`status IN (${sql.join(search.statuses)})`];
  if (search.transactionType) conditions.push(sql`transaction_type = ${search.transactionType}`);
  const { rows } = await sql<CounterRow>`
    SELECT status, pending_labels, sum(n)::int AS n FROM workspace_list_counts
    WHERE scope = ${search.scope} ${and(conditions)} GROUP BY status, pending_labels HAVING sum(n) > 0`.execute(db);
  return rows;
}

const hasLabel = (row: CounterRow, filter: QuickFilter) => (row.pending_labels & quickFilterBit(filter)) !== 0;

/** Entries per status, within the search's quick filter (statuses without entries left out). */
function totalsByStatus(rows: readonly CounterRow[], quickFilter: QuickFilter | null): Map<WorkspaceStatus, number> {
  const totals = new Map<WorkspaceStatus, number>();
  for (const row of rows) {
    if (quickFilter && !hasLabel(row, quickFilter)) continue;
    totals.set(row.status, (totals.get(row.status) ?? 0) + row.n);
  }
  return totals;
}

/** The entries of every status together. */
const sumOf = (totals: Map<WorkspaceStatus, number>) => [...totals.values()].reduce((sum, count) => sum + count, 0);

/** Every quick filter's total over the counter rows. */
function chipCounts(rows: readonly CounterRow[]): QuickFilterCounts["counts"] {
  return Object.fromEntries(
    QUICK_FILTERS.map((filter) => [filter, rows.reduce((sum, row) => sum + (hasLabel(row, filter) ? row.n : 0), 0)]),
  ) as QuickFilterCounts["counts"];
}

async function scopeHasWorkspace(db: DB, scope: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM workspace_list_counts WHERE scope = ${scope} AND n > 0) AS found`.execute(db);
  return rows[0]?.found === true;
}

/**
 * One page of workspace ids in the search's order: one ordered branch per status, merged, the search's texts
 * (if any) checked on each entry. `backward` reads from the end (for pages past the middle); the caller
 * reverses the rows.
 */
async function mergedPage(
  db: DB,
  search: ResolvedSearch,
  statuses: readonly WorkspaceStatus[],
  limit: number,
  offset: number,
  backward: boolean,
): Promise<string[]> {
  // The months' counts know nothing of texts: a text's walk reads from the start of its end.
  const seek = search.sort === "created" && !hasText(search) && offset >= MONTH_SEEK_DEPTH ? await monthSeek(db, search, offset, backward) : null;
  if (seek) offset -= seek.skipped;
  const filters = and([...entryFilters(search, { quickFilter: true }), ...entryTextConditions(search), ...(seek ? [seek.condition] : [])]);
  const order = backward ? ORDER[search.sort].backward : ORDER[search.sort].forward;
  // Each branch ordered on its own: that is what lets PostgreSQL merge the index runs (Merge Append) instead
  // of appending every entry of the scope and sorting them. Each is limited to what the page can take from it,
  // so each is planned to stop early: a branch with a text otherwise reads every match by its key and sorts.
  const branches = statuses.map(
    (status) => sql`(SELECT workspace_id, created_at, completion_date FROM workspace_list_entries
      WHERE scope = ${search.scope} AND status = ${status} ${filters} ORDER BY ${order} LIMIT ${sql.lit(offset + limit)})`,
  );
  const { rows } = await sql<{ workspace_id: string }>`
    SELECT workspace_id FROM (${sql.join(branches, sql` UNION ALL `)}) AS listed
    ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows.map((row) => row.workspace_id);
}

/** From how many entries skipped a page of the newest-first list starts at a month boundary (monthSeek): below it reading them costs less than the lookup. */
const MONTH_SEEK_DEPTH = 100;

/**
 * Where a page `offset` entries deep in the creation order starts reading: the whole months (UTC) before
 * the one its first entry is in, counted from `workspace_list_months` (migration 0095, the same keys as the
 * counters, a few rows per month), are skipped by a bound on `created_at` that the index serves, so the
 * merge reads at most one month of entries past the page instead of all `offset`. Null when no whole month
 * is skipped. Entries of one month never straddle the bound (it is the month's first instant).
 */
async function monthSeek(
  db: DB,
  search: ResolvedSearch,
  offset: number,
  backward: boolean,
): Promise<{ condition: RawBuilder<unknown>; skipped: number } | null> {
  const conditions: RawBuilder<unknown>[] = [sql`status IN (${sql.join(search.statuses)})`];
  if (search.transactionType) conditions.push(sql`transaction_type = ${search.transactionType}`);
  if (search.quickFilter) conditions.push(sql`(pending_labels & ${quickFilterBit(search.quickFilter)}) <> 0`);
  // Newest first reads the latest months first; backward, the earliest.
  const { rows } = await sql<{ month: Date | string; n: number }>`
    SELECT month, sum(n)::int AS n FROM workspace_list_months
    WHERE scope = ${search.scope} ${and(conditions)} GROUP BY month HAVING sum(n) > 0
    ORDER BY month ${backward ? sql`ASC` : sql`DESC`}`.execute(db);
  let skipped = 0;
  for (const row of rows) {
    if (skipped + row.n > offset) {
      if (skipped === 0) return null;
      const month = new Date(row.month);
      const next = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
      return {
        condition: backward ? sql`created_at >= ${month.toISOString()}::timestamptz` : sql`created_at < ${next.toISOString()}::timestamptz`,
        skipped,
      };
    }
    skipped += row.n;
  }
  return null;
}

/**
 * One page of `total` entries in the search's order, read from the nearer end: no page costs more than
 * reading half the result's entries.
 */
async function orderedPage(
  db: DB,
  search: ResolvedSearch,
  statuses: readonly WorkspaceStatus[],
  total: number,
  limit: number,
  offset: number,
): Promise<string[]> {
  if (offset >= total) return [];
  const remaining = total - offset;
  const take = Math.min(limit, remaining);
  // Entries after this page: when fewer than before it, read from the end.
  const after = remaining - take;
  return after < offset
    ? (await mergedPage(db, search, statuses, take, after, true)).reverse()
    : await mergedPage(db, search, statuses, take, offset, false);
}

type ChipCounts = QuickFilterCounts["counts"];

/**
 * The matches of a text search, counted from the texts' keys without reading a table row: the total within
 * the search's quick filter and, when `chips`, every quick filter's count (which ignores the search's own).
 * `counters` (the search's counter rows) are given when the matches are known to be many: then a text that
 * is a prefix of a key is counted by the entries it does not match, if they are few (unmatchedCounts), as
 * "WS-0" is for nearly every workspace and two letters of a lender's reference for nearly all of theirs.
 */
async function textCounts(
  db: DB,
  search: ResolvedSearch,
  chips: boolean,
  counters: readonly CounterRow[] | null,
): Promise<{ total: number; counts: ChipCounts | null }> {
  if (counters) {
    const unmatched = await unmatchedCounts(db, search, unmatchedBound(counters));
    if (unmatched) {
      const listed = sumOf(totalsByStatus(counters, search.quickFilter));
      const all = chipCounts(counters);
      const counts = Object.fromEntries(QUICK_FILTERS.map((filter) => [filter, all[filter] - unmatched.counts[filter]])) as ChipCounts;
      return { total: listed - unmatched.total, counts: chips ? counts : null };
    }
  }
  const { rows } = await sql<ChipCounts & { total: number }>`
    SELECT ${sql.join(countColumns(search, chips))} FROM ${matchedEntries(search, { quickFilter: false })} AS matched`.execute(db);
  const { total, ...counts } = rows[0] ?? { total: 0 };
  return { total, counts: chips ? ({ ...zeroCounts(), ...counts } as ChipCounts) : null };
}

/**
 * How many entries outside a prefix are read before its matches are counted instead: a share of the entries
 * of the search's statuses (`unmatchedShare`), rounded down to a power of two so that the statement's text
 * seldom changes, and at least `unmatchedUpTo`. When there are more, the read costs at most that share more
 * than counting the matches (which are then most of the entries' other part); when there are fewer, it saves
 * counting the matches, the entries' larger part.
 */
function unmatchedBound(counters: readonly CounterRow[]): number {
  const share = sumOf(totalsByStatus(counters, null)) * TEXT_PAGE_PLAN.unmatchedShare;
  return Math.max(TEXT_PAGE_PLAN.unmatchedUpTo, share >= 1 ? 2 ** Math.floor(Math.log2(share)) : 0);
}

/** The total within the search's quick filter and, when `chips`, every quick filter's count, over rows with `pending_labels`. */
function countColumns(search: ResolvedSearch, chips: boolean): RawBuilder<unknown>[] {
  const matches = (filter: QuickFilter | null) =>
    filter ? sql`count(*) FILTER (WHERE (pending_labels & ${quickFilterBit(filter)}) <> 0)::int` : sql`count(*)::int`;
  return [sql`${matches(search.quickFilter)} AS total`, ...(chips ? QUICK_FILTERS.map((filter) => sql`${matches(filter)} AS ${sql.ref(filter)}`) : [])];
}

/**
 * The entries of the search's statuses and transaction type that its one text does not match, counted with
 * every quick filter's count, when the text is a prefix of the reference id, the postcode or the incoming
 * lender's reference (keys in the C collation) and at most `upTo` entries fall outside it: the key's ranges
 * below and above the prefix's, and the entries without a lender's reference, each read from the key's index.
 * Null otherwise.
 */
async function unmatchedCounts(db: DB, search: ResolvedSearch, upTo: number): Promise<{ total: number; counts: ChipCounts } | null> {
  if (search.applicantName) return null;
  const prefixes = [
    ...(search.postcode ? [{ column: "postcode_key", prefix: search.postcode, nullable: false }] : []),
    ...(search.reference ? [{ column: "reference_key", prefix: search.reference.mode === "prefix" ? search.reference.value : null, nullable: false }] : []),
    ...(search.lenderReference ? [{ column: "lender_reference_key", prefix: search.lenderReference, nullable: true }] : []),
  ];
  if (prefixes.length !== 1 || prefixes[0].prefix === null) return null;
  const { prefix, nullable } = prefixes[0];
  const column = sql.ref(prefixes[0].column);
  const above = prefixSuccessor(prefix);
  const ranges = [
    sql`${column} < ${sql.lit(prefix)}`,
    ...(above === null ? [] : [sql`${column} >= ${sql.lit(above)}`]),
    ...(nullable ? [sql`${column} IS NULL`] : []),
  ];
  const branches = ranges.map(
    (range) => sql`(SELECT pending_labels FROM workspace_list_entries
      WHERE scope = ${search.scope} AND status IN (${sql.join(search.statuses)}) ${and([...entryFilters(search, { quickFilter: false }), range])})`,
  );
  // One bound over the ranges together: the read stops at the first entry past it, wherever that is.
  const { rows } = await sql<ChipCounts & { total: number; unmatched: number }>`
    SELECT count(*)::int AS unmatched, ${sql.join(countColumns(search, true))}
    FROM (SELECT pending_labels FROM (${sql.join(branches, sql` UNION ALL `)}) AS outside LIMIT ${sql.lit(upTo + 1)}) AS unmatched`.execute(db);
  const { unmatched, total, ...counts } = rows[0]!;
  return unmatched > upTo ? null : { total, counts: counts as ChipCounts };
}

/**
 * The least string above every string that starts with `prefix`, in code point order (the C collation's, as
 * UTF-8 keeps it): the prefix with its last character's code point raised by one. Null when there is none.
 */
export function prefixSuccessor(prefix: string): string | null {
  const characters = [...prefix];
  while (characters.length > 0) {
    const last = characters.pop()!.codePointAt(0)!;
    // Past a surrogate's range, so the result is a string PostgreSQL can store.
    const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
    if (next <= 0x10ffff) return characters.join("") + String.fromCodePoint(next);
  }
  return null;
}

const zeroCounts = () => Object.fromEntries(QUICK_FILTERS.map((filter) => [filter, 0])) as ChipCounts;

/**
 * How a text search's page is read (textSearch). `sortedUpTo`: up to this many matches the page is read by
 * the texts' keys, counted and sorted in one statement, as nothing cleverer costs less. `walkCost` and
 * `nameWalkCost`: what reading an entry along the scope's order costs against reading a match by key for the
 * sort. The walk fetches each entry's row (its keys are not in the order's index), and with a name probes the
 * entry's name keys too; the sort reads index entries only. Measured on PostgreSQL at 100,000 workspaces
 * (decision 0911): about 1.7 µs against 0.45 µs an entry by the keys, 7 µs against 0.95 µs with a name.
 * Tests lower them to walk the small test world.
 */
export const TEXT_PAGE_PLAN = { sortedUpTo: 1_000, unmatchedUpTo: 1_000, unmatchedShare: 1 / 8, walkCost: 4, nameWalkCost: 8 };

/**
 * One page of a text search, its total and, when `chips`, the chip bar's counts. A text with few matches is
 * answered by one windowed statement over at most `sortedUpTo` + 1 of them (when there are no more, that is
 * all of them). A text with more is counted (textCounts), and its page read by walking the scope's order
 * (orderedPage, the texts checked on each entry): about the entries before the page (from the nearer end) and
 * the page itself, divided by the share of the scope that matches. When that walk would be long (a page deep
 * in a sparse result), the matches are read by key and sorted instead.
 */
async function textSearch(
  db: DB,
  search: ResolvedSearch,
  chips: boolean,
  limit: number,
  offset: number,
): Promise<{ ids: string[]; total: number; counts: ChipCounts | null }> {
  const order = ORDER[search.sort].forward;
  const matched = matchedEntries(search, { quickFilter: true });
  const few = await sql<{ workspace_id: string; total: number }>`
    SELECT workspace_id, (count(*) OVER ())::int AS total
    FROM (SELECT * FROM ${matched} AS matched LIMIT ${sql.lit(TEXT_PAGE_PLAN.sortedUpTo + 1)}) AS few
    ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(db);
  const fewTotal = few.rows[0]?.total ?? (offset === 0 ? 0 : null);
  if (fewTotal !== null && fewTotal <= TEXT_PAGE_PLAN.sortedUpTo) {
    return { ids: few.rows.map((row) => row.workspace_id), total: fewTotal, counts: chips ? (await textCounts(db, search, true, null)).counts : null };
  }

  const counters = await counterRows(db, search);
  const { total, counts } = await textCounts(db, search, chips, counters);
  if (offset >= total) return { ids: [], total, counts };
  const byStatus = totalsByStatus(counters, search.quickFilter);
  const listed = sumOf(byStatus);
  const take = Math.min(limit, total - offset);
  const walked = ((Math.min(offset, total - offset - take) + take) * listed) / total;
  const walkCost = search.applicantName ? TEXT_PAGE_PLAN.nameWalkCost : TEXT_PAGE_PLAN.walkCost;
  if (walked * walkCost < total) return { ids: await orderedPage(db, search, [...byStatus.keys()], total, limit, offset), total, counts };
  const { rows } = await sql<{ workspace_id: string }>`
    SELECT workspace_id FROM ${matched} AS matched ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return { ids: rows.map((row) => row.workspace_id), total, counts };
}

export interface SearchPaging {
  page: number;
  limit: number;
}

/** One page of the list and, when the body asks for them, every quick filter's count (the list page's one call). */
export async function searchWorkspaces(db: DB, caller: VerifiedCaller, body: WorkspaceSearchBody, paging: SearchPaging): Promise<WorkspaceSearchResponse> {
  requireFunctional(caller, "viewWorkspaceList");
  const { page, limit } = paging;
  const offset = (page - 1) * limit;
  const chips = body.withQuickFilterCounts === true;
  const search = resolveSearch(caller, body);
  if (!search) {
    const empty = { records: [], page: { page, limit, totalRecords: 0, pageRecords: 0, isSubscriberHasWorkspace: false } };
    return chips ? { ...empty, quickFilterCounts: zeroCounts() } : empty;
  }

  let ids: string[];
  let total: number;
  let counts: ChipCounts | null;
  if (hasText(search)) {
    ({ ids, total, counts } = await textSearch(db, search, chips, limit, offset));
  } else {
    // The counters give the page's totals per status and the chip bar's counts both.
    const counters = await counterRows(db, search);
    counts = chips ? chipCounts(counters) : null;
    const byStatus = totalsByStatus(counters, search.quickFilter);
    total = sumOf(byStatus);
    ids = await orderedPage(db, search, [...byStatus.keys()], total, limit, offset);
  }
  const [records, isSubscriberHasWorkspace] = await Promise.all([
    listRecords(db, ids, search.subscriberId),
    total > 0 ? Promise.resolve(true) : scopeHasWorkspace(db, search.scope),
  ]);
  const response = { records, page: { page, limit, totalRecords: total, pageRecords: records.length, isSubscriberHasWorkspace } };
  return counts ? { ...response, quickFilterCounts: counts } : response;
}

/** Every quick filter's total for a search (its own quick filter ignored): the chip bar, in one query. */
export async function quickFilterCounts(db: DB, caller: VerifiedCaller, body: WorkspaceSearchBody): Promise<QuickFilterCounts> {
  requireFunctional(caller, "viewWorkspaceList");
  const search = resolveSearch(caller, { ...body, quickFilter: undefined });
  if (!search) return { counts: zeroCounts() };
  if (hasText(search)) return { counts: await textChipCounts(db, search) };
  return { counts: chipCounts(await counterRows(db, search)) };
}

/**
 * The chip bar of a text search (its quick filter ignored, so `total` counts every match read): its matches
 * read up to one more than `sortedUpTo` and counted in the same statement, which is the answer when they are
 * no more; else from the counters.
 */
async function textChipCounts(db: DB, search: ResolvedSearch): Promise<ChipCounts> {
  const { rows } = await sql<ChipCounts & { total: number }>`
    SELECT ${sql.join(countColumns(search, true))}
    FROM (SELECT pending_labels FROM ${matchedEntries(search, { quickFilter: false })} AS matched
    LIMIT ${sql.lit(TEXT_PAGE_PLAN.sortedUpTo + 1)}) AS few`.execute(db);
  const { total, ...counts } = rows[0]!;
  if (total <= TEXT_PAGE_PLAN.sortedUpTo) return counts as ChipCounts;
  return (await textCounts(db, search, true, await counterRows(db, search))).counts!;
}

// ---------------------------------------------------------------------------------------------------
// Records of a page

interface ListRow {
  workspace_id: string;
  workspace_reference_id: string;
  status: WorkspaceStatus;
  transaction_type: TransactionType;
  transfer_of_equity: boolean;
  security_address_id: string;
  address_building_name: string | null;
  address_building_number: string | null;
  address_flat: string | null;
  address_street: string | null;
  address_town: string | null;
  address_postcode: string;
  completion_date: string | null;
  created_at: Date | string;
  applicants: { type: PartyType; forenames: string | null; surname: string | null; organisationName: string | null }[] | string;
  incoming_lender_reference: string | null;
  participant_role: ParticipantRole | null;
  participant_reference: string | null;
}

/** The records of a page, in the page's order, in one query (applicants and references as subqueries). */
async function listRecords(db: DB, ids: readonly string[], subscriberId: string | null): Promise<WorkspaceListRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ListRow>`
    SELECT w.workspace_id, w.workspace_reference_id, w.status, w.transaction_type, w.transfer_of_equity,
      w.security_address_id, w.address_building_name, w.address_building_number, w.address_flat, w.address_street,
      w.address_town, w.address_postcode, w.completion_date::text AS completion_date, w.created_at,
      (SELECT coalesce(json_agg(json_build_object('type', p.type, 'forenames', p.forenames, 'surname', p.surname,
          'organisationName', p.organisation_name) ORDER BY p.position), '[]'::json)
        FROM workspace_parties p WHERE p.workspace_id = w.workspace_id AND p.role IN ('BORROWER', 'BUYER')) AS applicants,
      (SELECT r.reference_number FROM workspace_references r
        WHERE r.workspace_id = w.workspace_id AND r.representative_role = 'INCOMING_LENDER') AS incoming_lender_reference,
      own.role AS participant_role,
      (SELECT r.reference_number FROM workspace_references r
        WHERE r.workspace_id = w.workspace_id AND (r.representative_id = own.participant_id OR r.representative_role = own.role)
        ORDER BY (r.representative_id = own.participant_id) DESC LIMIT 1) AS participant_reference
    FROM workspaces w
    LEFT JOIN workspace_participants own ON own.workspace_id = w.workspace_id AND own.subscriber_id = ${subscriberId}
    WHERE w.workspace_id IN (${sql.join(ids)})`.execute(db);
  const byId = new Map(rows.map((row) => [row.workspace_id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const applicants = typeof row.applicants === "string" ? (JSON.parse(row.applicants) as Exclude<ListRow["applicants"], string>) : row.applicants;
    return [
      {
        workspaceId: row.workspace_id,
        workspaceReferenceId: row.workspace_reference_id,
        status: row.status,
        transactionType: row.transaction_type,
        transferOfEquity: row.transfer_of_equity,
        participantReference: row.participant_reference,
        participantRole: row.participant_role,
        incomingLenderReference: row.incoming_lender_reference,
        securityAddress: {
          securityAddressId: row.security_address_id,
          addressId: row.security_address_id,
          name: row.address_building_name,
          number: row.address_building_number,
          flat: row.address_flat,
          street: row.address_street,
          town: row.address_town,
          postcode: row.address_postcode,
        },
        applicants: applicants.map(applicantName),
        applicantParties: applicants,
        completionDate: row.completion_date ?? TO_BE_PROVIDED,
        createdAt: new Date(row.created_at).toISOString(),
      },
    ];
  });
}
