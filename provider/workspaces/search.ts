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
 *   and a postcode from the scope's entries by their postcode key (decision 0908); the other texts' matches
 *   come from prefix indexes (reference id, incoming lender reference) by index-only scans and are looked up
 *   in the scope's covering primary key. The matches are counted and paged in one windowed query.
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
 * One page of workspace ids without a search text: one ordered branch per status, merged. `backward`
 * reads from the end (for pages past the middle); the caller reverses the rows.
 */
async function mergedPage(
  db: DB,
  search: ResolvedSearch,
  statuses: readonly WorkspaceStatus[],
  limit: number,
  offset: number,
  backward: boolean,
): Promise<string[]> {
  const seek = search.sort === "created" && offset >= MONTH_SEEK_DEPTH ? await monthSeek(db, search, offset, backward) : null;
  if (seek) offset -= seek.skipped;
  const filters = and([...entryFilters(search, { quickFilter: true }), ...(seek ? [seek.condition] : [])]);
  const order = backward ? ORDER[search.sort].backward : ORDER[search.sort].forward;
  // Each branch ordered on its own: that is what lets PostgreSQL merge the index runs (Merge Append) instead
  // of appending every entry of the scope and sorting them.
  const branches = statuses.map(
    (status) => sql`(SELECT workspace_id, created_at, completion_date FROM workspace_list_entries
      WHERE scope = ${search.scope} AND status = ${status} ${filters} ORDER BY ${order})`,
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

/** One page of ids with a search text, and the total, in one windowed query. */
async function matchedPage(db: DB, search: ResolvedSearch, limit: number, offset: number): Promise<{ ids: string[]; total: number }> {
  const matched = matchedEntries(search, { quickFilter: true });
  const { rows } = await sql<{ workspace_id: string; total: number }>`
    SELECT workspace_id, (count(*) OVER ())::int AS total FROM ${matched} AS matched
    ORDER BY ${ORDER[search.sort].forward} LIMIT ${limit} OFFSET ${offset}`.execute(db);
  if (rows.length > 0 || offset === 0) return { ids: rows.map((row) => row.workspace_id), total: rows[0]?.total ?? 0 };
  // Past the last page: the window saw no row, so count on its own.
  const counted = await sql<{ total: number }>`SELECT count(*)::int AS total FROM ${matched} AS matched`.execute(db);
  return { ids: [], total: counted.rows[0]?.total ?? 0 };
}

export interface SearchPaging {
  page: number;
  limit: number;
}

/** One page of the list and, when the body asks for them, every quick filter's count (the list page's one call). */
export async function searchWorkspaces(db: DB, caller: VerifiedCaller, body: WorkspaceSearchBody, paging: SearchPaging): Promise<WorkspaceSearchResponse> {
  const { response, counters } = await searchPage(db, caller, body, paging);
  if (!body.withQuickFilterCounts) return response;
  // Without a search text the page has read the counters the chips need already.
  const counts = counters ? chipCounts(counters) : (await quickFilterCounts(db, caller, body)).counts;
  return { ...response, quickFilterCounts: counts };
}

async function searchPage(
  db: DB,
  caller: VerifiedCaller,
  body: WorkspaceSearchBody,
  paging: SearchPaging,
): Promise<{ response: WorkspaceSearchResponse; counters: CounterRow[] | null }> {
  requireFunctional(caller, "viewWorkspaceList");
  const { page, limit } = paging;
  const offset = (page - 1) * limit;
  const search = resolveSearch(caller, body);
  if (!search) {
    return { response: { records: [], page: { page, limit, totalRecords: 0, pageRecords: 0, isSubscriberHasWorkspace: false } }, counters: null };
  }

  let ids: string[];
  let total: number;
  let counters: CounterRow[] | null = null;
  if (hasText(search)) {
    ({ ids, total } = await matchedPage(db, search, limit, offset));
  } else {
    counters = await counterRows(db, search);
    const byStatus = totalsByStatus(counters, search.quickFilter);
    const statuses = [...byStatus.keys()];
    total = [...byStatus.values()].reduce((sum, count) => sum + count, 0);
    if (offset >= total) {
      ids = [];
    } else {
      const remaining = total - offset;
      const take = Math.min(limit, remaining);
      // Entries after this page: when fewer than before it, read from the end.
      const after = remaining - take;
      ids =
        after < offset
          ? (await mergedPage(db, search, statuses, take, after, true)).reverse()
          : await mergedPage(db, search, statuses, take, offset, false);
    }
  }
  const [records, isSubscriberHasWorkspace] = await Promise.all([
    listRecords(db, ids, search.subscriberId),
    total > 0 ? Promise.resolve(true) : scopeHasWorkspace(db, search.scope),
  ]);
  return { response: { records, page: { page, limit, totalRecords: total, pageRecords: records.length, isSubscriberHasWorkspace } }, counters };
}

/** Every quick filter's total for a search (its own quick filter ignored): the chip bar, in one query. */
export async function quickFilterCounts(db: DB, caller: VerifiedCaller, body: WorkspaceSearchBody): Promise<QuickFilterCounts> {
  requireFunctional(caller, "viewWorkspaceList");
  const search = resolveSearch(caller, { ...body, quickFilter: undefined });
  const zero = Object.fromEntries(QUICK_FILTERS.map((filter) => [filter, 0])) as QuickFilterCounts["counts"];
  if (!search) return { counts: zero };

  const text = hasText(search);
  const columns = QUICK_FILTERS.map((filter) => {
    const bit = quickFilterBit(filter);
    const measure = text ? sql`count(*) FILTER (WHERE (pending_labels & ${bit}) <> 0)` : sql`sum(n) FILTER (WHERE (pending_labels & ${bit}) <> 0)`;
    return sql`coalesce(${measure}, 0)::int AS ${sql.ref(filter)}`;
  });
  const from = text
    ? sql`${matchedEntries(search, { quickFilter: false })} AS matched`
    : sql`workspace_list_counts WHERE scope = ${search.scope} ${and([sql`status IN (${sql.join(search.statuses)})`, ...entryFilters(search, { quickFilter: false })])}`;
  const { rows } = await sql<Record<QuickFilter, number>>`SELECT ${sql.join(columns)} FROM ${from}`.execute(db);
  return { counts: { ...zero, ...rows[0] } };
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
