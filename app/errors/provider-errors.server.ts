/**
 * Applies the provider error rules in loaders and actions:
 * - a 401 ends the session and sends the browser to log in again (suspension and logout elsewhere take
 *   effect this way on the next request);
 * - in a loader, a refusal by the subscriber's IP allow list ends the session (its refresh token revoked)
 *   and sends the browser to the unrecognised IP page, as a login from that address would; any other
 *   provider failure becomes the error page for its status;
 * - in an action, a failure (the IP allow list's too) becomes an error toast beside the user's kept input,
 *   or on the page the action returns to: nothing typed is lost, and the next page that reads from the
 *   provider ends a session refused by the IP allow list.
 */
import { redirect } from "@remix-run/node";
import { ProviderError } from "../../core/shared/provider-errors.js";
import type { Toast } from "../../core/shared/errors.js";
import { ACCOUNT_PAGES } from "../../core/identity/login-errors.js";
import { readSession } from "../session/session.server";
import { closeSession, endSessionAndLogin } from "../session/user-session.server";
import { endsSession, providerErrorResponse, refusesTheAddress, writeFailureToastFor } from "./provider-errors";
import { redirectWithToast } from "./toast.server";

/**
 * For loaders: the redirect that ends the session when the provider refuses the session itself (401, or
 * the IP allow list), or null for any other failure.
 */
async function sessionRefusal(request: Request, error: unknown): Promise<Response | null> {
  if (endsSession(error)) return endSessionAndLogin(await readSession(request));
  if (!refusesTheAddress(error)) return null;
  return redirect(ACCOUNT_PAGES.unrecognisedIp, { headers: { "Set-Cookie": await closeSession(await readSession(request)) } });
}

/**
 * For the root's standing check: rethrows `error` unless it is a refusal by the IP allow list, which is left
 * to the page's own provider calls (a form whose write it refused stays on screen with its input).
 */
export function unlessTheAddressIsRefused(error: unknown): void {
  if (!refusesTheAddress(error)) throw error;
}

/** For loaders: rethrows `error` as the Response to show. Never returns. */
export async function throwProviderError(request: Request, error: unknown): Promise<never> {
  if (error instanceof Response) throw error;
  if (!(error instanceof ProviderError)) throw error;
  throw (await sessionRefusal(request, error)) ?? providerErrorResponse(error);
}

/**
 * For actions: the error toast of a failed write. A stale version (409) gets the specification's conflict
 * message, anything else the provider's words under the title for its status (`override` replaces parts).
 * A 401 ends the session (thrown); anything that is not a provider failure is rethrown.
 */
export async function writeFailureToast(request: Request, error: unknown, override?: Partial<Toast>): Promise<Toast> {
  if (error instanceof Response) throw error;
  if (!(error instanceof ProviderError)) throw error;
  if (endsSession(error)) throw await endSessionAndLogin(await readSession(request));
  const toast = writeFailureToastFor(error);
  return { ...toast, ...override };
}

/** For actions without input to keep: a redirect to `to` that shows the error toast. */
export async function redirectWithProviderError(request: Request, error: unknown, to: string): Promise<Response> {
  return redirectWithToast(to, await writeFailureToast(request, error));
}
