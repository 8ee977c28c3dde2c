/** Public: the verification or invitation link has expired or was already used. */
import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "../components/error-page";
import { StatusCard } from "../components/status-card";
import { titleFor } from "../utils/meta";
import { useRootData } from "../utils/root-data";

export default function VerificationLinkExpired() {
  const helpUrl = useRootData()?.helpUrl;
  return (
    <StatusCard
      title="This link has expired"
      action={
        helpUrl ? (
          <a href={helpUrl} className="button" target="_blank" rel="noopener noreferrer">
            Contact support<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null
      }
    >
      <p>The verification link has expired or has already been used.</p>
      <p>Please contact support to receive a new link.</p>
    </StatusCard>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Link expired", error);

export const ErrorBoundary = GeneralErrorBoundary;
