/** Public: the login was refused because the subscriber's IP allow list does not contain the user's address. */
import type { MetaFunction } from "@remix-run/node";
import { LOGIN_REFUSALS } from "../../core/login-errors.js";
import { GeneralErrorBoundary } from "../components/error-page";
import { StatusCard } from "../components/status-card";
import { titleFor } from "../utils/meta";

export default function UnrecognisedIpAddress() {
  return (
    <StatusCard title="Unrecognised IP address">
      <p>{LOGIN_REFUSALS.unrecognisedIp}</p>
      <p>
        Your organisation allows access only from its approved networks. Please connect from an approved network, or
        contact your administrator.
      </p>
    </StatusCard>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Unrecognised IP address", error);

export const ErrorBoundary = GeneralErrorBoundary;
