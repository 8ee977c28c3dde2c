/** Public: the login was refused because the subscriber's IP allow list does not contain the user's address. */
import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "../components/error-page";
import { AccountCard, accountPageTitle } from "../components/status-card";
import { titleFor } from "../utils/meta";

export default function UnrecognisedIpAddress() {
  return <AccountCard page="unrecognisedIp" />;
}

export const meta: MetaFunction = ({ error }) => titleFor(accountPageTitle("unrecognisedIp"), error);

export const ErrorBoundary = GeneralErrorBoundary;
