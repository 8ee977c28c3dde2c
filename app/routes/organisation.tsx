/**
 * /organisation (document 3 section 2.4): the selected subscriber's settings, in the tabs the user may see.
 * Only when the notification feature is on (otherwise not found); needs view:organisations (otherwise 403).
 * A helpdesk administrator names the subscriber with ?subscriberId= (the same page as /subscribers/:id).
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

export const loader = ({ request }: LoaderFunctionArgs) => organisationLoader(request, { kind: "organisation" });

export const action = ({ request }: ActionFunctionArgs) => organisationAction(request, { kind: "organisation" });

export default function Organisation() {
  return <OrganisationPage view={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => titleFor(organisationTitle(data), error);
export const ErrorBoundary = GeneralErrorBoundary;
