/**
 * /users/:userId/unsuspend: the unsuspend confirmation (document 3 sections 2.4 and 8.4), a dialog over the users
 * list with JavaScript and a page without; needs edit:subscriber_users.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-page";
import { DIALOG_ROUTE } from "../components/form";
import administrationHref from "../administration/administration.css";
import { StatusConfirmation } from "../administration/status-confirmation";
import { statusConfirmationAction, statusConfirmationLoader } from "../administration/user-status.server";
import { titleFor } from "../utils/meta";

export const handle = DIALOG_ROUTE;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: administrationHref }];

export const loader = (args: LoaderFunctionArgs) => statusConfirmationLoader(args, "Active");

export const action = (args: ActionFunctionArgs) => statusConfirmationAction(args, "Active");

export default function UnsuspendUser() {
  const { user } = useLoaderData<typeof loader>();
  return <StatusConfirmation change="Active" user={user} />;
}

export const meta: MetaFunction = ({ error }) => titleFor("Unsuspend user", error);
export const ErrorBoundary = GeneralErrorBoundary;
