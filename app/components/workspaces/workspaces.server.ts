/**
 * Server-side helpers of the workspace screens: core's workspace use-cases behind a .server module, the
 * permission subject of the signed-in user, redirects with a toast, and how a provider failure of a form
 * becomes an error toast beside the user's kept input.
 */
import { redirect } from "@remix-run/node";
import { ProviderError } from "../../../core/client/provider-client.js";
import { CONFLICT_MESSAGE, errorToastFor, type Toast } from "../../../core/errors.js";
import type { PermissionSubject } from "../../../core/permissions/actions.js";
import { endsSession, providerErrorToast } from "../../errors/provider-errors";
import { toastCookie } from "../../errors/toast.server";
import { readSession } from "../../session/session.server";
import { endSessionAndLogin, type UserSession } from "../../session/user-session.server";

export * from "../../../core/client/workspaces.js";

export function subjectOf(user: UserSession): PermissionSubject {
  return { permissions: user.claims.permissions, roles: user.claims.roles };
}

export const successToast = (message: string): Toast => ({ kind: "success", title: "Success", message });

/** A redirect that shows `toast` on the page it lands on. */
export async function redirectWithToast(to: string, toast: Toast): Promise<Response> {
  return redirect(to, { headers: { "Set-Cookie": await toastCookie(toast) } });
}

/**
 * The error toast of a failed write: a stale version (409) gets the specification's conflict message,
 * anything else the provider's words under the title for its status (an IP allow list refusal too: the
 * input stays on the form, and the next page ends the session). A 401 ends the session (thrown); anything
 * that is not a provider failure is rethrown.
 */
export async function writeFailureToast(request: Request, error: unknown): Promise<Toast> {
  if (error instanceof Response) throw error;
  if (!(error instanceof ProviderError)) throw error;
  if (endsSession(error)) throw await endSessionAndLogin(await readSession(request));
  if (error.status === 409) return errorToastFor(409, CONFLICT_MESSAGE);
  return providerErrorToast(error);
}
