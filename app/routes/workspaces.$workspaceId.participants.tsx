/**
 * /workspaces/:workspaceId/participants (document 2 sections 2.2, 4.1, 4.4, 4.5, 5.1, 5.4, 6 and 8): the
 * parties, proprietors, law firms and lenders, with every inline view at its own address
 * (`?view=edit-party&party=<id>` …) that a GET opens and a POST with an intent saves, back to the tab with a
 * toast. The loader and action are in app/parties/participants.server.ts; the sections and forms in
 * app/parties/.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-page";
import { tabMeta } from "../workspaces/tab-meta";
import { loadParticipantsTab, participantsTabAction } from "../parties/participants.server";
import { ParticipantsTab, placeOf, samePlace } from "../parties/participants-tab";
import { InlineForm, type ActionReply } from "../parties/inline-forms";
import participantsHref from "../parties/participants.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: participantsHref }];

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadParticipantsTab(request, params.workspaceId);
}

export function action({ request, params }: ActionFunctionArgs) {
  return participantsTabAction(request, params.workspaceId);
}

export default function ParticipantsRoute() {
  const { view, openForm, refusedView, referenceRole } = useLoaderData<typeof loader>();
  const reply = (useActionData<typeof action>() ?? null) as ActionReply | null;
  const place = view.open ? placeOf(view.open, view, referenceRole) : null;
  return (
    <>
      {refusedView ? (
        <p className="notice notice-info" role="note">
          That view is not available: it names nothing in this workspace, or you cannot take that action now.
        </p>
      ) : null}
      <ParticipantsTab
        view={view}
        renderOpen={(where) =>
          openForm && samePlace(place, where) ? <InlineForm key={JSON.stringify(view.open)} form={openForm} version={view.version} closeTo={view.basePath} reply={reply} level={where.kind === "section" ? 4 : 5} /> : null
        }
      />
    </>
  );
}

export const meta = tabMeta("Participants");

export const ErrorBoundary = GeneralErrorBoundary;
