/**
 * Applies the provider error rules in loaders and actions:
 * - a 401 ends the session and sends the browser to log in again (suspension and logout elsewhere take
 *   effect this way on the next request);
 * - in a loader, any other provider failure becomes the error page for its status;
 * - in an action, it becomes a one-time error toast on the page the action returns to.
 */
import { redirect } from "@remix-run/node";
import { ProviderError } from "../../core/client/provider-client.js";
import { readSession } from "../session/session.server";
import { endSessionAndLogin } from "../session/user-session.server";
import { providerErrorResponse, providerErrorToast } from "./provider-errors";
import { toastCookie } from "./toast.server";

async function loginAgain(request: Request): Promise<Response> {
  return endSessionAndLogin(await readSession(request));
}

/** For loaders: rethrows `error` as the Response to show. Never returns. */
export async function throwProviderError(request: Request, error: unknown): Promise<never> {
  if (error instanceof Response) throw error;
  if (!(error instanceof ProviderError)) throw error;
  if (error.status === 401) throw await loginAgain(request);
  throw providerErrorResponse(error);
}

/** For actions: a redirect to `to` that shows the error toast, or to the login page for a 401. */
export async function redirectWithProviderError(request: Request, error: unknown, to: string): Promise<Response> {
  if (error instanceof Response) throw error;
  if (!(error instanceof ProviderError)) throw error;
  if (error.status === 401) return loginAgain(request);
  return redirect(to, { headers: { "Set-Cookie": await toastCookie(providerErrorToast(error)) } });
}
