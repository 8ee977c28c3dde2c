/**
 * /workspaces/:workspaceId/financials (document 2 sections 2.3, 4.6, 4.7, 4.7a, 5.5 to 5.7 and 8): the
 * completion date and approval, the amount payable, the fund source and fund destination line items, with
 * every inline view at its own address (`?view=add-fund&type=DESTINATION` …) that a GET opens and a POST
 * with an intent saves, back to the tab with a toast. The loader and action are in
 * app/financials/financials.server.ts; the cards and forms in app/financials/.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-page";
import { tabMeta } from "../workspaces/tab-meta";
import { financialsTabAction, loadFinancialsTab } from "../financials/financials.server";
import { FinancialsTab, placeOf, samePlace } from "../financials/financials-tab";
import { InlineForm, RetryForm, type ActionReply } from "../financials/inline-forms";
import financialsHref from "../financials/financials.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: financialsHref }];

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadFinancialsTab(request, params.workspaceId);
}

export function action({ request, params }: ActionFunctionArgs) {
  return financialsTabAction(request, params.workspaceId);
}

export default function FinancialsRoute() {
  const { view, openForm, refusedView, bankHolidays } = useLoaderData<typeof loader>();
  const reply = (useActionData<typeof action>() ?? null) as ActionReply | null;
  const place = view.open ? placeOf(view.open) : null;
  return (
    <>
      {refusedView ? (
        <p className="notice notice-info" role="note">
          That view is not available: it names nothing in this workspace, or you cannot take that action now.
        </p>
      ) : null}
      <FinancialsTab
        view={view}
        renderRetry={(item) => <RetryForm item={item} />}
        renderOpen={(where) =>
          openForm && samePlace(place, where) ? (
            <InlineForm
              key={JSON.stringify(view.open)}
              form={openForm}
              version={view.version}
              closeTo={view.basePath}
              reply={reply}
              earliest={view.completionDate.earliest}
              bankHolidays={bankHolidays}
            />
          ) : null
        }
      />
    </>
  );
}

export const meta = tabMeta("Financials");

export const ErrorBoundary = GeneralErrorBoundary;
