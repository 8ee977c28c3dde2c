/**
 * /subscribers/:subscriberId (document 3 sections 2.4 and 6): any subscriber's organisation page, for the
 * helpdesk administrator; needs view:subscriber_configurations and view:organisations (otherwise 403). A
 * subscriber the user may not administer is not found.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-page";
import administrationHref from "../administration/administration.css";
import { organisationTitle } from "../administration/organisation-model";
import { OrganisationPage } from "../administration/organisation-page";
import { organisationAction, organisationLoader } from "../administration/organisation.server";
import { titleFor } from "../utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: administrationHref }];

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  organisationLoader(request, { kind: "subscriber", subscriberId: params.subscriberId });

export const action = ({ request, params }: ActionFunctionArgs) =>
  organisationAction(request, { kind: "subscriber", subscriberId: params.subscriberId });

export default function Subscriber() {
  return <OrganisationPage view={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => titleFor(organisationTitle(data), error);
export const ErrorBoundary = GeneralErrorBoundary;
