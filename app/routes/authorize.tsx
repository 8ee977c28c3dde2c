/**
 * The login callback. Success starts the session and goes to the landing page; a refusal goes to its
 * account page (blocked, suspended, unrecognised IP, already verified, link expired, not activated); a
 * missing or stale state restarts the login; an unknown failure without a session shows this card.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { handleLoginCallback } from "../auth/callback.server";
import { LinkButton } from "../components/link-button";
import { GeneralErrorBoundary } from "../components/error-page";
import { AccountCard, accountPageButton, accountPageTitle } from "../components/status-card";
import { titleFor } from "../utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const outcome = await handleLoginCallback(request);
  if ("redirect" in outcome) throw outcome.redirect;
  return data({ failed: true }, { headers: outcome.failed.headers });
}

export default function LoginFailed() {
  return <AccountCard page="fallback" action={<LinkButton to="/login">{accountPageButton("fallback")}</LinkButton>} />;
}

export const meta: MetaFunction = ({ error }) => titleFor(accountPageTitle("fallback"), error);

export const ErrorBoundary = GeneralErrorBoundary;
