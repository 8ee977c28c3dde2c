/**
 * /workspaces/:workspaceId/documents (document 3 section 2.1): the Documents tab. The loader and action are
 * in app/documents/documents.server.ts (the action takes the multipart upload, streamed to disk, and the
 * application, detach and submit-requisitions intents); the tab in app/documents/documents-tab.tsx. Its
 * modals are child routes (documents.approve, documents.attach.$fileId …): pages of their own without
 * JavaScript, dialogs over the tab with it (decision 0720).
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-page";
import { useDialogRouteAsPage } from "../components/form";
import { tabMeta } from "../workspaces/tab-meta";
import { documentsTabAction, loadDocumentsTab } from "../documents/documents.server";
import { DocumentsTab, type DocumentsReply } from "../documents/documents-tab";
import documentsHref from "../documents/documents.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentsHref }];

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadDocumentsTab(request, params.workspaceId);
}

export function action({ request, params }: ActionFunctionArgs) {
  return documentsTabAction(request, params.workspaceId);
}

export default function DocumentsRoute() {
  const { view, deedReferencesFailed } = useLoaderData<typeof loader>();
  const reply = (useActionData<typeof action>() ?? null) as DocumentsReply | null;
  // Without JavaScript a modal route is a page of its own.
  if (useDialogRouteAsPage()) return <Outlet />;
  return (
    <>
      <DocumentsTab view={view} reply={reply} deedReferencesFailed={deedReferencesFailed} />
      <Outlet />
    </>
  );
}

export const meta = tabMeta("Documents");

export const ErrorBoundary = GeneralErrorBoundary;
