/** Public: the login was refused because the account is blocked (after repeated failed passwords). */
import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "../components/error-page";
import { StatusCard } from "../components/status-card";
import { titleFor } from "../utils/meta";

export default function AccountBlocked() {
  return (
    <StatusCard title="Your account has been blocked">
      <p>Your account was blocked after too many unsuccessful attempts to log in.</p>
      <p>Please contact your user manager or the provider&apos;s support to unblock it.</p>
    </StatusCard>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Account blocked", error);

export const ErrorBoundary = GeneralErrorBoundary;
