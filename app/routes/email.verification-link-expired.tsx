/** Public: the verification or invitation link has expired or was already used. */
import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "../components/error-page";
import { AccountCard, accountPageButton, accountPageTitle } from "../components/status-card";
import { titleFor } from "../utils/meta";
import { useRootData } from "../utils/root-data";

export default function VerificationLinkExpired() {
  const helpUrl = useRootData()?.helpUrl;
  return (
    <AccountCard
      page="linkExpired"
      action={
        helpUrl ? (
          <a href={helpUrl} className="button" target="_blank" rel="noopener noreferrer">
            {accountPageButton("linkExpired")}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null
      }
    />
  );
}

export const meta: MetaFunction = ({ error }) => titleFor(accountPageTitle("linkExpired"), error);

export const ErrorBoundary = GeneralErrorBoundary;
