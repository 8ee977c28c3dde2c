/**
 * The workspace list's controls, each a link or a GET form built from the state in the URL, so that they
 * work without JavaScript; with it, the selects submit on change and their Show buttons go away. Texts and
 * options come from the loader (workspace-list.server.ts): nothing here imports core at run time.
 */
import { Form, useSubmit } from "@remix-run/react";
import { useId, type ChangeEvent } from "react";
import { useHydrated } from "../components/form/use-hydrated";
import { PlainLink } from "../components/plain-link";
import { useCloseOnOutside } from "../components/use-close-on-outside";
import { lastPage, listHref, pagerPages, stateParams, type ListState, type StateKey } from "./list-url";
import type { ListPage } from "./workspace-list.server";

/** The rest of the state as hidden inputs, for a form that sets only some of it (and always page 1). */
export function HiddenState({ state, omit }: { state: ListState; omit: StateKey[] }) {
  return (
    <>
      {stateParams(state, [...omit, "page"]).map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

function useSubmitOnChange() {
  const submit = useSubmit();
  return (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) => {
    const form = event.currentTarget.form;
    if (form) submit(form, { preventScrollReset: true });
  };
}

/** Tabs of the table layout: All, Purchase, Remortgage (links). */
export function TypeTabs({ page }: { page: ListPage }) {
  const { state } = page;
  const tabs = [{ value: null, label: "All" }, ...page.options.types.map((type) => ({ value: type.value as ListState["transactionType"], label: type.label }))];
  return (
    <nav aria-label="Transaction type" className="type-tabs">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.label}>
            <PlainLink
              to={listHref(state, { transactionType: tab.value })}
              aria-current={state.transactionType === tab.value ? "page" : undefined}
              preventScrollReset
            >
              {tab.label}
            </PlainLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The search: the field to search by, the search box with its clear link, and (in the card layout) the
 * transaction-type dropdown. Changing the field clears the search text (postcode and workspace ID clear
 * each other); the type dropdown applies on change with JavaScript, with the Search button without.
 */
export function SearchForm({ page }: { page: ListPage }) {
  const { state } = page;
  const id = useId();
  const submitOnChange = useSubmitOnChange();
  const cards = state.layout === "cards";
  // A new field starts a new search: the text of the other one is cleared (it applies on Search).
  const onFieldChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const box = event.currentTarget.form?.elements.namedItem("q");
    if (box instanceof HTMLInputElement) box.value = "";
  };
  return (
    <Form method="get" action="/workspaces" className="list-search" role="search" aria-label="Workspaces" preventScrollReset>
      <HiddenState state={state} omit={cards ? ["type", "field", "q"] : ["field", "q"]} />
      {cards ? (
        <div className="list-search-type">
          <label htmlFor={`${id}-type`}>Transaction type</label>
          <select id={`${id}-type`} name="type" defaultValue={state.transactionType ?? ""} onChange={submitOnChange}>
            <option value="">All workspaces</option>
            {page.options.types.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label} workspaces
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="list-search-field">
        <label htmlFor={`${id}-field`}>Search by</label>
        <select id={`${id}-field`} name="field" defaultValue={state.field} onChange={onFieldChange}>
          {page.options.searchFields.map((field) => (
            <option key={field.value} value={field.value}>
              {field.label}
            </option>
          ))}
        </select>
      </div>
      <div className="list-search-box">
        <label htmlFor={`${id}-q`}>Search</label>
        <div className="search-box">
          <input id={`${id}-q`} type="search" name="q" defaultValue={state.q} key={`${state.field}:${state.q}`} autoComplete="off" />
          <button type="submit">Search</button>
          {state.q ? (
            <PlainLink to={listHref(state, { q: "" })} className="search-clear" preventScrollReset>
              Clear<span className="visually-hidden"> search</span>
            </PlainLink>
          ) : null}
        </div>
      </div>
    </Form>
  );
}

/** Quick-filter chips with their counts (one call for the whole bar); one active at a time, click again to clear. */
export function QuickFilterChips({ page }: { page: ListPage }) {
  return (
    <nav aria-label="Quick filters" className="chips">
      <ul>
        {page.chips.map((chip) => (
          <li key={chip.filter}>
            <PlainLink
              to={chip.href}
              className={chip.active ? "chip chip-active" : "chip"}
              aria-current={chip.active ? "true" : undefined}
              preventScrollReset
            >
              {chip.label}
              {chip.count !== null ? <span className="chip-count"> ({chip.count})</span> : null}
              {chip.active ? <span className="visually-hidden"> (selected; select again to clear)</span> : null}
            </PlainLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A key for a filter form from the state it shows: the checkboxes and radios are uncontrolled (they work
 * without JavaScript), so after a client-side navigation (Reset, Clear, Apply) the form is made anew from
 * the new state instead of keeping the ticks the user had before.
 */
function filterFormKey(state: ListState) {
  return `${state.sort ?? ""}|${state.statuses === null ? "default" : state.statuses.join(",")}`;
}

function StatusCheckboxes({ page }: { page: ListPage }) {
  return (
    <fieldset>
      <legend>Status ({page.selectedStatusCount})</legend>
      {page.options.statuses.map((status) => (
        <label key={status.value}>
          <input type="checkbox" name="status" value={status.value} defaultChecked={status.checked} />
          {status.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The status filter: a checkbox list of the journey's statuses with the count selected, Apply (applies the
 * ticked ones), Reset (back to the default six) and Clear (no status filter: every status).
 */
export function StatusFilter({ page }: { page: ListPage }) {
  const { state } = page;
  const id = useId();
  const ref = useCloseOnOutside();
  const count = state.statuses !== null && state.statuses.length === 0 ? "all" : `${page.selectedStatusCount} selected`;
  return (
    <details ref={ref} className="dropdown status-filter">
      <summary aria-describedby={`${id}-count`}>
        Status <span id={`${id}-count`}>({count})</span>
      </summary>
      <Form key={filterFormKey(state)} method="get" action="/workspaces" className="filter-panel" preventScrollReset>
        <HiddenState state={state} omit={["status"]} />
        <input type="hidden" name="filtered" value="1" />
        <StatusCheckboxes page={page} />
        <div className="filter-actions">
          <PlainLink to={listHref(state, { statuses: null })} className="button secondary outline" preventScrollReset>
            Reset
          </PlainLink>
          <PlainLink to={listHref(state, { statuses: [] })} className="button secondary outline" preventScrollReset>
            Clear
          </PlainLink>
          <button type="submit">Apply</button>
        </div>
      </Form>
    </details>
  );
}

/** The newer layout's Sort and filter: completion date sort and the status filter, with a badge of active ones. */
export function SortAndFilter({ page }: { page: ListPage }) {
  const { state } = page;
  const id = useId();
  const ref = useCloseOnOutside();
  return (
    <details ref={ref} className="dropdown sort-and-filter">
      <summary>
        Sort and filter
        {page.activeFilters > 0 ? (
          <span className="badge">
            {page.activeFilters}
            <span className="visually-hidden"> active</span>
          </span>
        ) : null}
      </summary>
      <Form key={filterFormKey(state)} method="get" action="/workspaces" className="filter-panel" preventScrollReset>
        <HiddenState state={state} omit={["sort", "status"]} />
        <input type="hidden" name="filtered" value="1" />
        <fieldset>
          <legend>Completion date</legend>
          {page.options.sorts.map((order) => (
            <label key={order.value} htmlFor={`${id}-${order.value}`}>
              <input id={`${id}-${order.value}`} type="radio" name="sort" value={order.value} defaultChecked={state.sort === order.value} />
              {order.label}
            </label>
          ))}
          <label htmlFor={`${id}-none`}>
            <input id={`${id}-none`} type="radio" name="sort" value="" defaultChecked={state.sort === null} />
            No sort
          </label>
        </fieldset>
        <StatusCheckboxes page={page} />
        <div className="filter-actions">
          <PlainLink to={listHref(state, { statuses: null, sort: null })} className="button secondary outline" preventScrollReset>
            Reset
          </PlainLink>
          <PlainLink to={listHref(state, { statuses: [] })} className="button secondary outline" preventScrollReset>
            Clear
          </PlainLink>
          <button type="submit">Apply</button>
        </div>
      </Form>
    </details>
  );
}

/** The pager (Previous, pages, Next) and the page size; the newer layout shows the pager only above 6 records. */
export function Pager({ page }: { page: ListPage }) {
  const { state, totalRecords } = page;
  const last = lastPage(totalRecords, state.size);
  const current = Math.min(state.page, last);
  return (
    <div className="pager">
      <PageSize page={page} />
      <p className="pager-summary">
        {totalRecords === 0
          ? "No workspaces"
          : `Showing ${(current - 1) * state.size + 1} to ${Math.min(current * state.size, totalRecords)} of ${totalRecords}`}
      </p>
      {page.showPager && last > 1 ? (
        <nav aria-label="Pages">
          <ul>
            <li>
              {current > 1 ? (
                <PlainLink to={listHref(state, { page: current - 1 })} rel="prev">
                  Previous<span className="visually-hidden"> page</span>
                </PlainLink>
              ) : null}
            </li>
            {pagerPages(current, last).map((n, index) =>
              n === null ? (
                <li key={`gap-${index}`} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={n}>
                  <PlainLink to={listHref(state, { page: n })} aria-current={n === current ? "page" : undefined}>
                    <span className="visually-hidden">Page </span>
                    {n}
                  </PlainLink>
                </li>
              ),
            )}
            <li>
              {current < last ? (
                <PlainLink to={listHref(state, { page: current + 1 })} rel="next">
                  Next<span className="visually-hidden"> page</span>
                </PlainLink>
              ) : null}
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

function PageSize({ page }: { page: ListPage }) {
  const { state } = page;
  const id = useId();
  const hydrated = useHydrated();
  const submitOnChange = useSubmitOnChange();
  return (
    <Form method="get" action="/workspaces" className="page-size" preventScrollReset>
      <HiddenState state={state} omit={["size"]} />
      <label htmlFor={`${id}-size`}>{state.layout === "cards" ? "Workspaces per page" : "Rows per page"}</label>
      <select id={`${id}-size`} name="size" defaultValue={String(state.size)} onChange={submitOnChange}>
        {page.options.sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="secondary">
          Show
        </button>
      )}
    </Form>
  );
}
