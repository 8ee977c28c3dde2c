/**
 * The workspace page shell (document 1 section 2.6, document 2 section 2.1): header, view-only notice,
 * status banners, approve / unapprove / cancel, summary card and the vertical tabs, each tab a child route
 * (/workspaces/:workspaceId/overview …). Needs view:workspaces and the contextual view permission (403);
 * a workspace of another subscriber is not found (404, from the provider). Approve and unapprove post here
 * with the version the user saw: a stale one gets the conflict toast and changes nothing.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-page";
import { useDialogRouteAsPage } from "../components/form";
import workspacesHref from "../workspaces/workspaces.css";
import {
  SummaryCard,
  VerticalTabs,
  WorkspaceActions,
  WorkspaceHeader,
  WorkspaceNotices,
} from "../workspaces/workspace-shell";
import { loadWorkspacePage, workspacePageAction } from "../workspaces/workspace-page.server";
import { titleFor } from "../utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: workspacesHref }];

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadWorkspacePage(request, params.workspaceId);
}

/**
 * The workspace is read again on every navigation within it, not only when the workspace changes: the header
 * and banners stay current, and the root relies on this read to prove the token's standing on every page of
 * a workspace (provesStanding in root.tsx). A tab's own loader reads the same workspace in the same request,
 * so the two share one provider call (oncePerPageLoad).
 */
export const shouldRevalidate = () => true;

export function action({ request, params }: ActionFunctionArgs) {
  return workspacePageAction(request, params.workspaceId);
}

export default function WorkspacePage() {
  const { view } = useLoaderData<typeof loader>();
  // Without JavaScript a dialog route (cancel) is a page of its own.
  if (useDialogRouteAsPage()) return <Outlet />;
  return (
    <div className="workspace-page">
      <WorkspaceHeader view={view} />
      <WorkspaceNotices view={view} />
      <WorkspaceActions view={view} />
      <SummaryCard view={view} />
      <div className="workspace-body">
        <VerticalTabs view={view} />
        <div className="workspace-tab">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  titleFor(data ? `${data.view.workspaceReferenceId} ${data.view.heading}` : "Workspace", error);

export const ErrorBoundary = GeneralErrorBoundary;
