/**
 * /users (document 3 section 2.4): the helpdesk administrator's subscriber selector, the search box, Add
 * user, the table with sorting and the roles and status filter menus, the results message, rows per page
 * and the range label, the empty and no-match states. The profile panel, the user form and the
 * suspend/unsuspend confirmations are child routes that open over the list as dialogs (pages without
 * JavaScript). Needs view:subscriber_users, otherwise the 403 page.
 */
import { redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { USER_STATUSES } from "../../core/administration/subscribers.js";
import { can } from "../../core/shared/permissions/actions.js";
import { screenAccess } from "../../core/shared/permissions/screens.js";
import { totalText, userResultsMessage } from "../../core/administration/users.js";
import { fullName } from "../../core/administration/subscribers.js";
import { GeneralErrorBoundary } from "../components/error-page";
import { useDialogRouteAsPage } from "../components/form";
import administrationHref from "../administration/administration.css";
import { administeredSubscriberId, isHelpdesk } from "../administration/scope.server";
import { listRoles, searchManagedUsers } from "../../core/administration/client.js";
import { subscriberChoices } from "../administration/subscriber-choices.server";
import {
  FilterMenu,
  SortHeader,
  SubscriberSelector,
  UserRow,
  UserSearch,
  UsersFooter,
} from "../administration/users-list";
import { lastPage, narrowing, readSubscriberName, readUsersQuery, usersSearch, usersSearchParams } from "../administration/users-query";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError } from "../errors/provider-errors.server";
import { featureFlags } from "../feature-flags.server";
import { requireUser } from "../session/user-session.server";
import { titleFor } from "../utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: administrationHref }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const flags = await featureFlags(user.ctx);
  invariantResponse(screenAccess("users", user.claims, { flags }) === "allowed", "You do not have access to users", 403);
  const url = new URL(request.url);
  const helpdesk = isHelpdesk(user);
  try {
    // The helpdesk's subscriber selector: a page of the subscribers whose name holds the text typed (never
    // every subscriber), and the one selected.
    const search = helpdesk
      ? await subscriberChoices(user.ctx, readSubscriberName(url.searchParams), administeredSubscriberId(user, url.searchParams.get("subscriberId")))
      : null;
    const selected = search?.chosen ?? null;
    const subscriberType = helpdesk ? selected?.entityType : (user.claims.subscriberType ?? undefined);
    const roleOptions = await listRoles(user.ctx, subscriberType);
    const query = readUsersQuery(url.searchParams, roleOptions);
    if (helpdesk && !selected) query.subscriberId = null;

    // One address per list state: selecting every option of a filter removes it (document 3 section 4.6).
    const canonical = usersSearchParams(query).toString();
    if (canonical !== url.searchParams.toString() && url.pathname.replace(/\/$/, "") === "/users") {
      throw redirect(`/users${canonical ? `?${canonical}` : ""}`);
    }

    const result = await searchManagedUsers(user.ctx, {
      // Anyone else's own subscriber is implied; another one named in the address is not found (404).
      subscriberId: query.subscriberId ?? undefined,
      page: query.page,
      limit: query.limit,
      subscriberUserName: query.q || undefined,
      status: query.statuses.length > 0 ? query.statuses : undefined,
      roleNames: query.roles.length > 0 ? query.roles : undefined,
      sortBy: query.sort,
      sortOrder: query.order === "asc" ? "ASC" : "DESC",
    });
    const total = result.page.totalRecords;
    // Above 1,000 matches the provider stops counting: "more than 1,000", and the next page is always there.
    const totalIsLowerBound = result.page.totalIsLowerBound;
    if (!totalIsLowerBound && query.page > lastPage(total, query.limit) && url.pathname.replace(/\/$/, "") === "/users") {
      throw redirect(`/users${usersSearch(query, { page: lastPage(total, query.limit) })}`);
    }
    const { hasSearch, hasFilters } = narrowing(query);
    return {
      helpdesk,
      subscriberSearch: search?.offered ?? null,
      query,
      roleOptions,
      users: result.records.map((record) => ({
        subscriberUserId: record.subscriberUserId,
        name: fullName(record),
        email: record.email,
        roleNames: record.roleNames,
        status: record.status,
        loginBlockedUntil: record.loginBlockedUntil ?? null,
        version: record.version,
      })),
      total,
      totalIsLowerBound,
      resultsMessage: userResultsMessage(total, hasSearch, hasFilters, totalIsLowerBound),
      narrowed: hasSearch || hasFilters,
      canAddUser: can(user.claims, "addUser"),
      canEditUsers: can(user.claims, "changeUserStatus"),
    };
  } catch (error) {
    return throwProviderError(request, error);
  }
}

export default function Users() {
  const data = useLoaderData<typeof loader>();
  const asPage = useDialogRouteAsPage();
  if (asPage) return <Outlet />;
  const { query, users, total, helpdesk } = data;
  const search = usersSearch(query);
  const addUser = data.canAddUser ? (
    <Link to={`/users/new${search}`} className="button">
      Add user
    </Link>
  ) : null;
  const empty = users.length === 0;
  const showHeader = !(empty && !data.narrowed && helpdesk);
  return (
    <section aria-labelledby="users-title" className="admin-page users-page">
      <header>
        <h1 id="users-title">Users</h1>
      </header>
      <div className="admin-toolbar">
        {data.subscriberSearch ? <SubscriberSelector query={query} {...data.subscriberSearch} /> : null}
        <UserSearch query={query} />
        <div className="toolbar-end">{addUser}</div>
      </div>
      <p className="results-message" role="status">
        {data.resultsMessage ?? ""}
      </p>
      {showHeader ? (
        <table className="users-table striped stack-table">
          <caption className="visually-hidden">Users{total > 0 ? `, ${totalText(total, data.totalIsLowerBound)} in all` : ""}</caption>
          <thead>
            <tr>
              <SortHeader query={query} field="firstName" label="Name" />
              <SortHeader query={query} field="email" label="Email" />
              <th scope="col">
                <FilterMenu query={query} param="role" label="Roles" options={data.roleOptions} applied={query.roles} />
              </th>
              <th scope="col">
                <FilterMenu query={query} param="status" label="Status" options={USER_STATUSES} applied={query.statuses} />
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <UserRow key={user.subscriberUserId} user={user} search={search} canEditUsers={data.canEditUsers} />
            ))}
          </tbody>
        </table>
      ) : null}
      {empty ? (
        data.narrowed ? (
          <div className="empty-state">
            <h2>No matches found</h2>
            <p>No users match your search and filters. Try other words, or clear the filters.</p>
            <Link to={`/users${usersSearch({ ...query, q: "", roles: [], statuses: [], page: 1 })}`}>Clear search and filters</Link>
          </div>
        ) : (
          <div className="empty-state">
            <h2>No users yet</h2>
            <p>There are no users at the moment. Add the first one.</p>
            {addUser}
          </div>
        )
      ) : (
        <UsersFooter query={query} total={total} totalIsLowerBound={data.totalIsLowerBound} />
      )}
      <Outlet />
    </section>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Users", error);
export const ErrorBoundary = GeneralErrorBoundary;
