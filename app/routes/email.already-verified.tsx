/** Public: the email verification link was already used. */
import type { MetaFunction } from "@remix-run/node";
import { LinkButton } from "../components/link-button";
import { GeneralErrorBoundary } from "../components/error-page";
import { AccountCard, accountPageButton, accountPageTitle } from "../components/status-card";
import { titleFor } from "../utils/meta";

export default function EmailAlreadyVerified() {
  return <AccountCard page="alreadyVerified" action={<LinkButton to="/login">{accountPageButton("alreadyVerified")}</LinkButton>} />;
}

export const meta: MetaFunction = ({ error }) => titleFor(accountPageTitle("alreadyVerified"), error);

export const ErrorBoundary = GeneralErrorBoundary;
