/**
 * Public: the login was refused because the account is suspended, by the provider's support or by a user
 * manager of the subscriber (document 1 section 6). The login return says which in the query string.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SUSPENDED_BY_PARAM, SUSPENDED_BY_USER_MANAGER } from "../../core/identity/login-errors.js";
import { GeneralErrorBoundary } from "../components/error-page";
import { AccountCard, accountPageTitle } from "../components/status-card";
import { titleFor } from "../utils/meta";

export function loader({ request }: LoaderFunctionArgs) {
  return { byUserManager: new URL(request.url).searchParams.get(SUSPENDED_BY_PARAM) === SUSPENDED_BY_USER_MANAGER };
}

export default function AccountSuspended() {
  const { byUserManager } = useLoaderData<typeof loader>();
  return <AccountCard page={byUserManager ? "suspendedByUserManager" : "suspended"} />;
}

export const meta: MetaFunction = ({ error }) => titleFor(accountPageTitle("suspended"), error);

export const ErrorBoundary = GeneralErrorBoundary;
