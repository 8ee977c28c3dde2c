/**
 * The workspace list, the landing page (document 1 section 2.4): the older table layout, or the newer card
 * layout behind upliftWorkspaceListEnabled. Type, search, quick filter, status filter, sort and page live in
 * the URL (workspaces/list-url.ts), so every view can be bookmarked and works without
 * JavaScript. One search call and one call for every quick-filter count (workspace-list.server.ts, which
 * also turns every text and option into plain data: this page's browser code ships no core, no zod).
 * Needs view:workspaces (403).
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-page";
import { LinkButton } from "../components/link-button";
import { Pager, QuickFilterChips, SearchForm, SortAndFilter, StatusFilter, TypeTabs } from "../workspaces/list-controls";
import { WorkspaceCards } from "../workspaces/workspace-cards";
import { loadWorkspaceList } from "../workspaces/workspace-list.server";
import { WorkspaceTable } from "../workspaces/workspace-table";
import workspacesHref from "../workspaces/workspaces.css";
import { titleFor } from "../utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: workspacesHref }];

export function loader({ request }: LoaderFunctionArgs) {
  return loadWorkspaceList(request);
}

/**
 * Its search runs with the root's loader every time: the root relies on it to prove the token's standing
 * on this page (provesStanding in root.tsx).
 */
export const shouldRevalidate = () => true;

export default function Workspaces() {
  const page = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/workspaces";
  const cards = page.state.layout === "cards";
  return (
    <section aria-labelledby="workspaces-title" className={cards ? "workspace-list workspace-list-cards" : "workspace-list"}>
      <header className="list-header">
        <h1 id="workspaces-title">Workspaces</h1>
        {page.canCreate ? <LinkButton to="/create-workspace">Create workspace</LinkButton> : null}
      </header>
      {cards ? null : <TypeTabs page={page} />}
      <div className="list-toolbar">
        <SearchForm page={page} />
        {cards ? <SortAndFilter page={page} /> : <StatusFilter page={page} />}
      </div>
      <QuickFilterChips page={page} />
      <div className="list-results" aria-busy={busy || undefined}>
        {page.emptyText ? (
          <div className="empty-state">
            <p>{page.emptyText}</p>
            {page.emptyOffersCreate ? <LinkButton to="/create-workspace">Create workspace</LinkButton> : null}
          </div>
        ) : cards ? (
          <WorkspaceCards rows={page.rows} />
        ) : (
          <WorkspaceTable page={page} />
        )}
      </div>
      {page.rows.length > 0 ? <Pager page={page} /> : null}
    </section>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Workspaces", error);

export const ErrorBoundary = GeneralErrorBoundary;
