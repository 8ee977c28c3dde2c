/** Public: the user is not (yet) part of the subscriber they tried to log in for. */
import type { MetaFunction } from "@remix-run/node";
import { LinkButton } from "../components/link-button";
import { GeneralErrorBoundary } from "../components/error-page";
import { StatusCard } from "../components/status-card";
import { titleFor } from "../utils/meta";

export default function AccountNotActivated() {
  return (
    <StatusCard title="Your account is not activated" action={<LinkButton to="/login">Continue</LinkButton>}>
      <p>Your account has not been activated for this organisation.</p>
      <p>Use the link in your invitation email to activate it, or continue to log in.</p>
    </StatusCard>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Account not activated", error);

export const ErrorBoundary = GeneralErrorBoundary;
