/**
 * Applies the provider error rules in loaders and actions:
 * - a 401 ends the session and sends the browser to log in again (suspension and logout elsewhere take
 *   effect this way on the next request);
 * - a refusal by the subscriber's IP allow list ends the session (its refresh token revoked) and sends the
 *   browser to the unrecognised IP page, as a login from that address would;
 * - in a loader, any other provider failure becomes the error page for its status;
 * - in an action, it becomes a one-time error toast on the page the action returns to.
 */
import { redirect } from "@remix-run/node";
import { ProviderError } from "../../core/client/provider-client.js";
import { ACCOUNT_PAGES } from "../../core/login-errors.js";
import { readSession } from "../session/session.server";
import { closeSession, endSessionAndLogin } from "../session/user-session.server";
import { endsSession, providerErrorResponse, providerErrorToast, refusesTheAddress } from "./provider-errors";
import { toastCookie } from "./toast.server";

/**
 * The redirect that ends the session when the provider refuses the session itself (401, or the IP allow
 * list), or null for any other failure.
 */
export async function sessionRefusal(request: Request, error: unknown): Promise<Response | null> {
  if (endsSession(error)) return endSessionAndLogin(await readSession(request));
  if (!refusesTheAddress(error)) return null;
  return redirect(ACCOUNT_PAGES.unrecognisedIp, { headers: { "Set-Cookie": await closeSession(await readSession(request)) } });
}

/** For loaders: rethrows `error` as the Response to show. Never returns. */
export async function throwProviderError(request: Request, error: unknown): Promise<never> {
  if (error instanceof Response) throw error;
  if (!(error instanceof ProviderError)) throw error;
  throw (await sessionRefusal(request, error)) ?? providerErrorResponse(error);
}

/** For actions: a redirect to `to` that shows the error toast, or the session's end (see `sessionRefusal`). */
export async function redirectWithProviderError(request: Request, error: unknown, to: string): Promise<Response> {
  if (error instanceof Response) throw error;
  if (!(error instanceof ProviderError)) throw error;
  return (await sessionRefusal(request, error)) ?? redirect(to, { headers: { "Set-Cookie": await toastCookie(providerErrorToast(error)) } });
}
