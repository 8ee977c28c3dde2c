/**
 * The workspace list page's data (document 1 section 2.4), decided on the server: the state parsed from the
 * URL, one search and one call for every quick-filter count, the rows, the chips, the options of every
 * control and the empty state, all as plain text and values, so that the page's browser code needs nothing
 * from core at run time.
 */
import { COMPLETION_DATE_SORT_LABELS, QUICK_FILTER_LABELS, SORT_ORDERS, TRANSACTION_TYPE_LABELS, TRANSACTION_TYPES, WORKSPACE_LIST_PAGE_SIZES, WORKSPACE_SEARCH_FIELD_LABELS, showsCardPager, visibleQuickFilters, workspaceListLayout, type QuickFilter } from "../../core/workspaces/enums.js";
import { workspaceListEmptyText } from "../../core/workspaces/messages.js";
import { isHelpdeskAdministrator } from "../../core/shared/permissions/roles.js";
import { can } from "../../core/shared/permissions/actions.js";
import { offersWorkspaceCreation } from "../../core/workspaces/lifecycle.js";
import { statusLabel, WORKSPACE_JOURNEY } from "../../core/workspaces/status.js";
import { config } from "../config.server";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError } from "../errors/provider-errors.server";
import { featureFlags } from "../feature-flags.server";
import { requireUser, subjectOf } from "../session/user-session.server";
import { listRow, type ListRow } from "./list-rows";
import { activeFilterCount, parseListState, searchFieldsOf, searchRequestOf, selectedStatuses } from "./list-state";
import { chipHref, type ListState } from "./list-url";
import { searchWorkspaces } from "../../core/workspaces/client.js";

export interface Choice {
  value: string;
  label: string;
}

export interface ListPage {
  state: ListState;
  rows: ListRow[];
  totalRecords: number;
  chips: { filter: QuickFilter; label: string; count: number | null; active: boolean; href: string }[];
  options: {
    types: Choice[];
    searchFields: Choice[];
    sorts: Choice[];
    sizes: number[];
    /** The status filter's checkboxes, ticked as applied. */
    statuses: (Choice & { checked: boolean })[];
  };
  /** How many statuses the filter has ticked (0: every status). */
  selectedStatusCount: number;
  /** The newer layout's Sort and filter badge. */
  activeFilters: number;
  showPager: boolean;
  canCreate: boolean;
  emptyText: string | null;
  /** The empty list of a subscriber without any workspace offers the create button. */
  emptyOffersCreate: boolean;
}

export async function loadWorkspaceList(request: Request): Promise<ListPage> {
  const user = await requireUser(request);
  const subject = subjectOf(user);
  invariantResponse(can(subject, "viewWorkspaceList"), "You do not have access to workspaces", 403);
  const flags = await featureFlags(user.ctx);
  const state = parseListState(new URL(request.url).searchParams, {
    flagLayout: workspaceListLayout(flags),
    allowLayoutPreview: !config.production,
    isHelpdeskAdministrator: isHelpdeskAdministrator(user.claims.roles),
  });
  const search = searchRequestOf(state);
  const result = await searchWorkspaces(user.ctx, { ...search, withQuickFilterCounts: true }, { page: state.page, limit: state.size }).catch(
    (error: unknown) => throwProviderError(request, error),
  );
  const counts = result.quickFilterCounts;
  const canCreate = offersWorkspaceCreation(can(subject, "createWorkspace"), user.claims.subscriberType);
  const selected = selectedStatuses(state);
  return {
    state,
    rows: result.records.map(listRow),
    totalRecords: result.page.totalRecords,
    chips: visibleQuickFilters(flags["enhanced-workspace-approval-enabled"]).map((filter) => ({
      filter,
      label: QUICK_FILTER_LABELS[filter],
      count: counts?.[filter] ?? null,
      active: state.quickFilter === filter,
      href: chipHref(state, filter),
    })),
    options: {
      types: TRANSACTION_TYPES.map((value) => ({ value, label: TRANSACTION_TYPE_LABELS[value] })),
      searchFields: searchFieldsOf(state.layout).map((value) => ({ value, label: WORKSPACE_SEARCH_FIELD_LABELS[value] })),
      sorts: SORT_ORDERS.map((value) => ({ value, label: COMPLETION_DATE_SORT_LABELS[value] })),
      sizes: [...WORKSPACE_LIST_PAGE_SIZES[state.layout].options],
      statuses: WORKSPACE_JOURNEY.map((value) => ({ value, label: statusLabel(value), checked: selected.includes(value) })),
    },
    selectedStatusCount: state.statuses === null ? selected.length : state.statuses.length,
    activeFilters: activeFilterCount(state),
    showPager: state.layout === "cards" ? showsCardPager(result.page.totalRecords) : true,
    canCreate,
    emptyText: workspaceListEmptyText({
      hasRecords: result.records.length > 0,
      isSubscriberHasWorkspace: result.page.isSubscriberHasWorkspace,
      canCreate,
    }),
    emptyOffersCreate: canCreate && !result.page.isSubscriberHasWorkspace,
  };
}
