/**
 * The Documents tab's "Prepare resubmission" modal (decision 0714) (document 3 section 2.1): a page without JavaScript, a dialog over the tab
 * with it. Loader and action in app/documents/documents.server.ts; the form in app/documents/documents-modals.tsx.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-page";
import { DIALOG_ROUTE } from "../components/form";
import { tabMeta } from "../workspaces/tab-meta";
import { loadModal, modalAction } from "../documents/documents.server";
import { DocumentsModal, type ModalReplyData } from "../documents/documents-modals";

export const handle = DIALOG_ROUTE;

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadModal(request, params.workspaceId, "prepareResubmission");
}

export function action({ request, params }: ActionFunctionArgs) {
  return modalAction(request, params.workspaceId, "prepareResubmission");
}

export default function Modal() {
  const data = useLoaderData<typeof loader>();
  const reply = (useActionData<typeof action>() ?? null) as ModalReplyData | null;
  return <DocumentsModal data={data} reply={reply} />;
}

export const meta = tabMeta("Prepare resubmission");

export const ErrorBoundary = GeneralErrorBoundary;
