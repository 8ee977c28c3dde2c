/**
 * The workspace's Property details tab (document 2 sections 2.2, 4.2, 4.3, 5.2, 5.3, 6 and 8): the title
 * information panel and the security address. The loader, the action and the page's model are in
 * app/title/property-details.server.ts; the parts in app/title/.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-page";
import { tabMeta } from "../workspaces/tab-meta";
import { PropertyDetails } from "../title/property-details";
import { loadPropertyDetails, propertyDetailsAction } from "../title/property-details.server";
import titleHref from "../title/title.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: titleHref }];

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadPropertyDetails(request, params.workspaceId);
}

export function action({ request, params }: ActionFunctionArgs) {
  return propertyDetailsAction(request, params.workspaceId);
}

export default function PropertyDetailsTab() {
  const { model } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <PropertyDetails model={model} actionData={actionData ?? null} />;
}

export const meta = tabMeta("Property details");

export const ErrorBoundary = GeneralErrorBoundary;
