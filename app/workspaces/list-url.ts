/**
 * The workspace list's state in the URL, and the links built from it (document 1 section 2.4). Every view
 * can be bookmarked and works without JavaScript: each control is a link or a GET form built from the one
 * parsed state (list-state.ts parses it on the server). This module runs in the browser too, so it imports
 * nothing from core at run time: the list page ships no zod.
 *
 *   type     PURCHASE | REMORTGAGE (absent: all)
 *   field    the search field (applicantName, postcode, workspaceReferenceId, incomingLenderReference)
 *   q        the search text
 *   chip     the active quick filter
 *   status   the applied status filter, repeated; with `filtered=1`, an empty list means every status;
 *            absent: the default six (Created through Requisitioned)
 *   sort     completion date ASC (nearest first) | DESC (furthest first)
 *   page, size
 *   layout   table | cards: a preview of the other layout outside production (the flag decides otherwise)
 */
import type { QuickFilter, SortOrder, TransactionType, WorkspaceSearchField } from "../../core/workspaces/enums.js";
import type { JourneyStatus } from "../../core/workspaces/status.js";

export type ListLayout = "table" | "cards";

export interface ListState {
  layout: ListLayout;
  /** The layout was asked for in the URL (a preview), so links keep it. */
  layoutInUrl: boolean;
  transactionType: TransactionType | null;
  field: WorkspaceSearchField;
  q: string;
  quickFilter: QuickFilter | null;
  /** null: the default six statuses; [] : every status. */
  statuses: JourneyStatus[] | null;
  sort: SortOrder | null;
  page: number;
  size: number;
  /** The layout's default page size (left out of links). */
  defaultSize: number;
}

export type StateKey = "layout" | "type" | "field" | "q" | "chip" | "status" | "sort" | "page" | "size";

/**
 * The state as query parameters, defaults left out. `omit` leaves out the parameters a form sets itself
 * (its own fields), so that the form's hidden inputs carry only the rest.
 */
export function stateParams(state: ListState, omit: readonly StateKey[] = []): [string, string][] {
  const keep = (key: StateKey) => !omit.includes(key);
  const entries: [string, string][] = [];
  if (keep("layout") && state.layoutInUrl) entries.push(["layout", state.layout]);
  if (keep("type") && state.transactionType) entries.push(["type", state.transactionType]);
  if (keep("field") && keep("q") && state.q) entries.push(["field", state.field]);
  if (keep("q") && state.q) entries.push(["q", state.q]);
  if (keep("chip") && state.quickFilter) entries.push(["chip", state.quickFilter]);
  if (keep("status") && state.statuses !== null) {
    entries.push(["filtered", "1"]);
    for (const status of state.statuses) entries.push(["status", status]);
  }
  if (keep("sort") && state.sort) entries.push(["sort", state.sort]);
  if (keep("size") && state.size !== state.defaultSize) entries.push(["size", String(state.size)]);
  if (keep("page") && state.page > 1) entries.push(["page", String(state.page)]);
  return entries;
}

type Change = Partial<Pick<ListState, "transactionType" | "field" | "q" | "quickFilter" | "statuses" | "sort" | "page" | "size">>;

/**
 * The URL of the list after a change. Any change but the page itself goes back to page 1 (changing the
 * type, search, quick filter, status filter, sort or page size).
 */
export function listHref(state: ListState, change: Change = {}): string {
  const next: ListState = { ...state, ...change };
  if (!("page" in change)) next.page = 1;
  const query = new URLSearchParams(stateParams(next)).toString();
  return query ? `/workspaces?${query}` : "/workspaces";
}

/** The quick-filter chip's link: clicking the active chip clears it. */
export function chipHref(state: ListState, filter: QuickFilter): string {
  return listHref(state, { quickFilter: state.quickFilter === filter ? null : filter });
}

/** The completion date column's sort cycle in the table: none → nearest first → furthest first → none. */
export function nextSort(sort: SortOrder | null): SortOrder | null {
  return sort === null ? "ASC" : sort === "ASC" ? "DESC" : null;
}

export function lastPage(totalRecords: number, size: number): number {
  return Math.max(1, Math.ceil(totalRecords / size));
}

/** The page numbers the pager shows: first, last, and two either side of the current, with gaps as null. */
export function pagerPages(current: number, last: number): (number | null)[] {
  const wanted = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2].filter((n) => n >= 1 && n <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const pages: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1] > 1) pages.push(null);
    pages.push(n);
  });
  return pages;
}
