/**
 * /workspaces/:workspaceId/stamp-duty (document 3 section 2.3): the Stamp duty tab. Only where its rule shows
 * it (the user may view stamp duty, the SDLT flag is on, a purchase, a buyer party with dual representation),
 * else not found; without the view permission, 403. The loader and action are in app/sdlt/sdlt.server.ts, the
 * tab in app/sdlt/sdlt-tab.tsx; its view modes are in the address (`?edit=<section>`, `?view=consent`).
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-page";
import { tabMeta } from "../workspaces/tab-meta";
import { loadStampDutyTab, stampDutyTabAction } from "../sdlt/sdlt.server";
import { SdltErrorPanel, StampDutyTab, type SdltReply } from "../sdlt/sdlt-tab";
import sdltHref from "../sdlt/sdlt.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sdltHref }];

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadStampDutyTab(request, params.workspaceId);
}

export function action({ request, params }: ActionFunctionArgs) {
  return stampDutyTabAction(request, params.workspaceId);
}

export default function StampDutyRoute() {
  const data = useLoaderData<typeof loader>();
  const reply = (useActionData<typeof action>() ?? null) as SdltReply | null;
  if (data.failure) {
    return (
      <section className="tab-panel sdlt-tab" aria-labelledby="tab-title">
        <h2 id="tab-title">Stamp duty</h2>
        <SdltErrorPanel status={data.failure.status} message={data.failure.message} />
      </section>
    );
  }
  return <StampDutyTab view={data.view} reply={reply} />;
}

export const meta = tabMeta("Stamp duty");

export const ErrorBoundary = GeneralErrorBoundary;
