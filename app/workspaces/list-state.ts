/**
 * Parsing the workspace list's URL into its state, and the provider's search body for it (server side;
 * the links are built in list-url.ts, which the browser runs).
 */
import type { WorkspaceSearchRequest } from "../../core/workspaces/api.js";
import { ENHANCED_SEARCH_OPTIONS, QUICK_FILTERS, SORT_ORDERS, TRANSACTION_TYPES, WORKSPACE_LIST_PAGE_SIZES, WORKSPACE_SEARCH_FIELDS, defaultWorkspaceSearchField, type WorkspaceSearchField } from "../../core/workspaces/enums.js";
import { DEFAULT_STATUS_FILTER, WORKSPACE_JOURNEY, type JourneyStatus } from "../../core/workspaces/status.js";
import { positiveIntParam } from "../utils/search-params";
import type { ListLayout, ListState } from "./list-url";

export interface ListStateOptions {
  /** The layout the feature flag chooses. */
  flagLayout: ListLayout;
  /** Whether `layout=` in the URL may override the flag (not in production). */
  allowLayoutPreview: boolean;
  isHelpdeskAdministrator: boolean;
}

/** The search fields each layout offers: all four in the table, postcode or workspace ID in the cards. */
export function searchFieldsOf(layout: ListLayout): readonly WorkspaceSearchField[] {
  return layout === "cards" ? ENHANCED_SEARCH_OPTIONS : WORKSPACE_SEARCH_FIELDS;
}

/** The default search field: helpdesk by workspace reference, others by party name (postcode in the cards). */
export function defaultSearchField(layout: ListLayout, isHelpdeskAdministrator: boolean): WorkspaceSearchField {
  const field = defaultWorkspaceSearchField(isHelpdeskAdministrator);
  return searchFieldsOf(layout).includes(field) ? field : "postcode";
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

export function parseListState(params: URLSearchParams, options: ListStateOptions): ListState {
  const asked = options.allowLayoutPreview ? oneOf(["table", "cards"] as const, params.get("layout")) : null;
  const layout = asked ?? options.flagLayout;
  const sizes = WORKSPACE_LIST_PAGE_SIZES[layout];
  const size = oneOf(sizes.options.map(String), params.get("size"));
  const statusValues = params.getAll("status").filter((value): value is JourneyStatus => (WORKSPACE_JOURNEY as readonly string[]).includes(value));
  const filtered = params.get("filtered") === "1";
  return {
    layout,
    layoutInUrl: asked !== null,
    transactionType: oneOf(TRANSACTION_TYPES, params.get("type")),
    field: oneOf(searchFieldsOf(layout), params.get("field")) ?? defaultSearchField(layout, options.isHelpdeskAdministrator),
    q: (params.get("q") ?? "").trim().slice(0, 200),
    quickFilter: oneOf(QUICK_FILTERS, params.get("chip")),
    statuses: filtered || statusValues.length > 0 ? WORKSPACE_JOURNEY.filter((status) => statusValues.includes(status)) : null,
    sort: oneOf(SORT_ORDERS, params.get("sort")),
    page: positiveIntParam(params.get("page")) ?? 1,
    size: size ? Number(size) : sizes.default,
    defaultSize: sizes.default,
  };
}

/** The statuses the filter has ticked: the default six when none was applied. */
export function selectedStatuses(state: ListState): readonly JourneyStatus[] {
  return state.statuses ?? DEFAULT_STATUS_FILTER;
}

/** Whether the applied status filter differs from the default six. */
export function statusFilterChanged(state: ListState): boolean {
  const selected = selectedStatuses(state);
  return selected.length !== DEFAULT_STATUS_FILTER.length || DEFAULT_STATUS_FILTER.some((status) => !selected.includes(status));
}

/** The newer layout's "Sort and filter" badge: the sort and the status filter, when set. */
export function activeFilterCount(state: ListState): number {
  return (state.sort ? 1 : 0) + (statusFilterChanged(state) ? 1 : 0);
}

/** The provider's search body for this state. */
export function searchRequestOf(state: ListState): WorkspaceSearchRequest {
  const request: WorkspaceSearchRequest = {};
  if (state.statuses !== null) request.status = [...state.statuses];
  if (state.transactionType) request.transactionType = state.transactionType;
  if (state.q) request[state.field] = state.q;
  if (state.sort) request.completionDateSort = state.sort;
  if (state.quickFilter) request.quickFilter = state.quickFilter;
  return request;
}
