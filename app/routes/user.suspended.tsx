/**
 * Public: the login was refused because the account is suspended, by the provider's support or by a user
 * manager of the subscriber (document 1 section 6).
 */
import type { MetaFunction } from "@remix-run/node";
import { SUSPENDED_BY_SUPPORT_TEXT } from "../../core/errors.js";
import { GeneralErrorBoundary } from "../components/error-page";
import { StatusCard } from "../components/status-card";
import { titleFor } from "../utils/meta";

export default function AccountSuspended() {
  return (
    <StatusCard title="Your account has been suspended">
      <p>{SUSPENDED_BY_SUPPORT_TEXT}</p>
      <p>If a user manager in your organisation suspended your account, please ask them to restore your access.</p>
    </StatusCard>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Account suspended", error);

export const ErrorBoundary = GeneralErrorBoundary;
