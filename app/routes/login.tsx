/**
 * Starts a login at the identity provider. Without a session it is a fresh login (`prompt=login`, so the
 * login page shows even while the provider still remembers the browser); `?organization=` picks the
 * subscriber. With a session it only continues a confirmed subscriber switch (no password prompt: the
 * provider reuses its session); anything else goes to the landing page.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { ORGANIZATION_PARAM } from "../../core/shared/contract.js";
import { LANDING_PAGE } from "../../core/identity/login-errors.js";
import { startLogin } from "../auth/auth.server";
import { getOptionalUser } from "../session/user-session.server";

const SUBSCRIBER_ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const requested = new URL(request.url).searchParams.get(ORGANIZATION_PARAM);
  const organization = requested && SUBSCRIBER_ID.test(requested) ? requested : null;
  const user = await getOptionalUser(request);
  if (!user) return startLogin(request, { organization, freshLogin: true });
  if (organization && organization === user.session.get("pendingSubscriberId")) {
    return startLogin(request, { organization, freshLogin: false });
  }
  return redirect(LANDING_PAGE);
}
