/** Public: the user is not (yet) part of the subscriber they tried to log in for. */
import type { MetaFunction } from "@remix-run/node";
import { LinkButton } from "../components/link-button";
import { GeneralErrorBoundary } from "../components/error-page";
import { AccountCard, accountPageButton, accountPageTitle } from "../components/status-card";
import { titleFor } from "../utils/meta";

export default function AccountNotActivated() {
  return <AccountCard page="notActivated" action={<LinkButton to="/login">{accountPageButton("notActivated")}</LinkButton>} />;
}

export const meta: MetaFunction = ({ error }) => titleFor(accountPageTitle("notActivated"), error);

export const ErrorBoundary = GeneralErrorBoundary;
