/** Public: the login was refused because the account is blocked (after repeated failed passwords). */
import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "../components/error-page";
import { AccountCard, accountPageTitle } from "../components/status-card";
import { titleFor } from "../utils/meta";

export default function AccountBlocked() {
  return <AccountCard page="blocked" />;
}

export const meta: MetaFunction = ({ error }) => titleFor(accountPageTitle("blocked"), error);

export const ErrorBoundary = GeneralErrorBoundary;
