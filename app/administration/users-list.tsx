/**
 * The pieces of the users list (document 3 sections 2.4 and 4.6): the helpdesk subscriber selector, the
 * search box, the sortable headers, the roles and status filter menus, the row menu and the footer with
 * rows per page, the range label and paging. Every control is a link or a GET form, so the list works
 * without JavaScript; with it the filter menus disable Apply while nothing changed and the search box does
 * not search again for the same term.
 */
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import type { UserSortField } from "../../core/administration/enums.js";
import { isFilterApplyDisabled, isLoginBlocked, rangeLabel, shouldSearch, userRowActions } from "../../core/administration/users.js";
import { CsrfInput } from "../components/csrf-input";
import { PageLinks } from "../components/page-links";
import { useHydrated } from "../components/form";
import { StatusBadges } from "./status-badge";
import { SubscriberFinder, type SubscribersFound } from "./subscriber-finder";
import { useCloseOnOutside } from "../components/use-close-on-outside";
import { carriedFields, lastPage, nextSort, PAGE_SIZES, usersSearch, type UsersQuery } from "./users-query";

export interface UserRowView {
  subscriberUserId: string;
  name: string;
  email: string;
  roleNames: string[];
  status: string;
  /** Until when the user's login is blocked after too many failed passwords (null: not blocked). */
  loginBlockedUntil: string | null;
  /** The version the row showed: a change made from its menu is made against it. */
  version: number;
}

/** Hidden fields carrying the rest of the list state through a GET form that sets only `own`. */
export function Carried({ query, own }: { query: UsersQuery; own: Parameters<typeof carriedFields>[1] }) {
  return (
    <>
      {carriedFields(query, own).map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * The helpdesk administrator's subscriber selector: the "Find a subscriber" search (a page of them, never
 * every subscriber) and Show users, in one GET form that carries the rest of the list state.
 */
export function SubscriberSelector({
  query,
  subscribers,
  found,
}: {
  query: UsersQuery;
  subscribers: readonly { subscriberId: string; name: string }[];
  found: SubscribersFound;
}) {
  return (
    <Form method="get" action="/users" className="subscriber-selector">
      <Carried query={query} own="subscriberId" />
      <SubscriberFinder id="users-subscriber" label="Subscriber" allLabel="All subscribers" subscribers={subscribers} chosenId={query.subscriberId} found={found} />
      <button type="submit" className="secondary">
        Show users
      </button>
    </Form>
  );
}

export function UserSearch({ query }: { query: UsersQuery }) {
  return (
    <Form
      method="get"
      action="/users"
      aria-label="User search"
      onSubmit={(event) => {
        // Search runs only when the term differs from the current one (document 3 section 4.6).
        const next = new FormData(event.currentTarget).get("q");
        if (!shouldSearch(query.q, typeof next === "string" ? next : "")) event.preventDefault();
      }}
    >
      <Carried query={query} own="q" />
      <div className="inline-field">
        <label htmlFor="users-search">Search users</label>
        <input
          id="users-search"
          type="search"
          name="q"
          defaultValue={query.q}
          key={query.q}
          placeholder="Name or email address"
          maxLength={200}
        />
      </div>
      <button type="submit">Search</button>
    </Form>
  );
}

export function SortHeader({ query, field, label }: { query: UsersQuery; field: UserSortField; label: string }) {
  const active = query.sort === field;
  const current = query.order === "asc" ? "ascending" : "descending";
  const next = nextSort(query, field);
  return (
    <th scope="col" aria-sort={active ? current : undefined}>
      <Link to={`/users${usersSearch(query, next)}`} className="sort-link" preventScrollReset>
        {label}
        <span className="sort-indicator" aria-hidden="true">
          {active ? (query.order === "asc" ? "▲" : "▼") : "↕"}
        </span>
        <span className="visually-hidden">
          {active ? `, sorted ${current}, sort ${next.order === "asc" ? "ascending" : "descending"}` : ", sort ascending"}
        </span>
      </Link>
    </th>
  );
}

export function FilterMenu({
  query,
  param,
  label,
  options,
  applied,
}: {
  query: UsersQuery;
  param: "role" | "status";
  label: string;
  options: readonly string[];
  applied: readonly string[];
}) {
  const ref = useCloseOnOutside();
  const hydrated = useHydrated();
  const appliedKey = applied.join("|");
  const [selected, setSelected] = useState<string[]>([...applied]);
  useEffect(() => setSelected(appliedKey ? appliedKey.split("|") : []), [appliedKey]);
  const toggle = (value: string, checked: boolean) =>
    setSelected((current) => (checked ? [...current.filter((item) => item !== value), value] : current.filter((item) => item !== value)));
  const clearTo = `/users${usersSearch(query, param === "role" ? { roles: [], page: 1 } : { statuses: [], page: 1 })}`;
  const noun = param === "role" ? "roles" : "status";
  return (
    <details ref={ref} className="popover filter-menu">
      <summary>
        {label}
        {applied.length > 0 ? (
          <span className="filter-count">
            <span className="visually-hidden">, </span>
            {applied.length}
            <span className="visually-hidden"> selected</span>
          </span>
        ) : null}
      </summary>
      <div className="popover-body">
        <Form method="get" action="/users" preventScrollReset>
          <Carried query={query} own={param} />
          <fieldset>
            <legend>Filter by {noun}</legend>
            {options.map((option) => (
              <label key={option}>
                <input
                  type="checkbox"
                  name={param}
                  value={option}
                  checked={selected.includes(option)}
                  onChange={(event) => toggle(option, event.currentTarget.checked)}
                />
                {option}
              </label>
            ))}
          </fieldset>
          <div className="popover-actions">
            <Link to={clearTo} className="button secondary" preventScrollReset>
              Clear<span className="visually-hidden"> {noun} filter</span>
            </Link>
            <button type="submit" disabled={hydrated && isFilterApplyDisabled(selected, applied)}>
              Apply<span className="visually-hidden"> {noun} filter</span>
            </button>
          </div>
        </Form>
      </div>
    </details>
  );
}

/** True while a form for this user (suspend, unsuspend, resend) is on its way. */
function useStatusUpdateInFlight(subscriberUserId: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && (navigation.formAction ?? "").startsWith(`/users/${subscriberUserId}`);
}

export function RowMenu({ user, search, canEditUsers }: { user: UserRowView; search: string; canEditUsers: boolean }) {
  const ref = useCloseOnOutside();
  const updateInFlight = useStatusUpdateInFlight(user.subscriberUserId);
  const base = `/users/${encodeURIComponent(user.subscriberUserId)}`;
  return (
    <details ref={ref} className="popover row-menu align-end">
      <summary>
        <span aria-hidden="true">⋯</span>
        <span className="visually-hidden">Actions for {user.name}</span>
      </summary>
      <div className="popover-body">
        <ul>
          {userRowActions(user.status, { canEditUsers, updateInFlight, blocked: isLoginBlocked(user) }).map(({ action, label, disabled }) => {
            switch (action) {
              case "view-profile":
                return (
                  <li key={action}>
                    <Link to={`${base}${search}`} prefetch="intent">
                      {label}
                    </Link>
                  </li>
                );
              case "suspend":
              case "unsuspend":
                return (
                  <li key={action}>
                    {disabled ? (
                      <span aria-disabled="true" className="muted">
                        {label}
                      </span>
                    ) : (
                      <Link to={`${base}/${action}${search}`} preventScrollReset>
                        {label}
                      </Link>
                    )}
                  </li>
                );
              case "resend-activation-email":
                return (
                  <li key={action}>
                    <Form method="post" action={`${base}${search}`} preventScrollReset>
                      <CsrfInput />
                      <input type="hidden" name="returnTo" value="list" />
                      <input type="hidden" name="version" value={user.version} />
                      <button type="submit" name="intent" value="resend-activation-email" disabled={disabled}>
                        {label}
                      </button>
                    </Form>
                  </li>
                );
              case "unblock":
                return (
                  <li key={action}>
                    <Form method="post" action={`${base}${search}`} preventScrollReset>
                      <CsrfInput />
                      <input type="hidden" name="returnTo" value="list" />
                      <button type="submit" name="intent" value="unblock" disabled={disabled}>
                        {label}
                      </button>
                    </Form>
                  </li>
                );
            }
          })}
        </ul>
      </div>
    </details>
  );
}

export function UserRow({ user, search, canEditUsers }: { user: UserRowView; search: string; canEditUsers: boolean }) {
  const navigate = useNavigate();
  const profile = `/users/${encodeURIComponent(user.subscriberUserId)}${search}`;
  // A click anywhere on the row opens the profile; the name is the row's real link (keyboard, Enter).
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest("a, button, summary, details, input, label, form")) return;
    navigate(profile, { preventScrollReset: true });
  };
  return (
    <tr className="clickable" onClick={onClick}>
      <td>
        <Link to={profile} prefetch="intent" preventScrollReset>
          {user.name}
        </Link>
      </td>
      <td data-label="Email">{user.email}</td>
      <td className="roles-cell" data-label="Roles">{user.roleNames.join(", ")}</td>
      <td data-label="Status">
        <StatusBadges user={user} />
      </td>
      <td>
        <RowMenu user={user} search={search} canEditUsers={canEditUsers} />
      </td>
    </tr>
  );
}

/** `totalIsLowerBound`: more users match than `total` (the provider stopped counting), so a next page exists. */
export function UsersFooter({ query, total, totalIsLowerBound = false }: { query: UsersQuery; total: number; totalIsLowerBound?: boolean }) {
  const last = lastPage(total, query.limit);
  const previous = query.page > 1 ? `/users${usersSearch(query, { page: query.page - 1 })}` : null;
  const next = totalIsLowerBound || query.page < last ? `/users${usersSearch(query, { page: query.page + 1 })}` : null;
  return (
    <div className="users-footer">
      <Form method="get" action="/users" preventScrollReset>
        <Carried query={query} own="limit" />
        <label htmlFor="users-rows-per-page">Rows per page</label>
        <select id="users-rows-per-page" name="limit" defaultValue={String(query.limit)} key={query.limit}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <button type="submit" className="secondary">
          Show<span className="visually-hidden"> rows per page</span>
        </button>
      </Form>
      <PageLinks range={rangeLabel(query.page, query.limit, total, totalIsLowerBound)} previous={previous} next={next} />
    </div>
  );
}
