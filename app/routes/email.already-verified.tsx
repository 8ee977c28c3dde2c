/** Public: the email verification link was already used. */
import type { MetaFunction } from "@remix-run/node";
import { LinkButton } from "../components/link-button";
import { GeneralErrorBoundary } from "../components/error-page";
import { StatusCard } from "../components/status-card";
import { titleFor } from "../utils/meta";

export default function EmailAlreadyVerified() {
  return (
    <StatusCard title="Your email is already verified" action={<LinkButton to="/login">Go to log in</LinkButton>}>
      <p>This link has already been used. You can log in with your email address and password.</p>
    </StatusCard>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Email already verified", error);

export const ErrorBoundary = GeneralErrorBoundary;
