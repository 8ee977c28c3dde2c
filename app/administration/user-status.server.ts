/**
 * The suspend and unsuspend confirmations (document 3 sections 4.6 and 8.4): the loader shows the user
 * while the change still applies (otherwise back to the profile); the action sends the status with the
 * version the page was showing, then returns to the list with '<first name> has been suspended' or '… has
 * been unsuspended and is now active', or with the error text.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { userStatusChange, userStatusChangedMessage } from "../../core/administration/users.js";
import { can } from "../../core/shared/permissions/actions.js";
import { fullName } from "../../core/administration/subscribers.js";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError, writeFailureToast } from "../errors/provider-errors.server";
import { formVersion, readForm } from "../components/form/read-form.server";
import { requireUser } from "../session/user-session.server";
import { administeredSubscriberId, usersListPath } from "./scope.server";
import { getManagedUserAt, setManagedUserStatus } from "../../core/administration/client.js";
import { redirectWithToast, successToast } from "../errors/toast.server";
import type { SettableUserStatus } from "../../core/administration/enums.js";

export type StatusChange = SettableUserStatus;

function profilePath(request: Request, userId: string) {
  return `/users/${encodeURIComponent(userId)}${new URL(request.url).search}`;
}

export async function statusConfirmationLoader({ request, params }: LoaderFunctionArgs, change: StatusChange) {
  const user = await requireUser(request);
  invariantResponse(can(user.claims, "changeUserStatus"), "You cannot change the status of users", 403);
  invariantResponse(params.userId, "Not found", 404);
  const subscriberId = administeredSubscriberId(user, new URL(request.url).searchParams.get("subscriberId"));
  try {
    const target = await getManagedUserAt(user.ctx, params.userId, subscriberId);
    if (userStatusChange(target, change).kind !== "change") throw redirect(profilePath(request, params.userId));
    return {
      user: { subscriberUserId: target.subscriberUserId, name: fullName(target), version: target.version },
    };
  } catch (error) {
    return throwProviderError(request, error);
  }
}

export async function statusConfirmationAction({ request, params }: ActionFunctionArgs, change: StatusChange) {
  const formData = await readForm(request);
  const user = await requireUser(request);
  invariantResponse(params.userId, "Not found", 404);
  const list = usersListPath(request);
  try {
    const updated = await setManagedUserStatus(user.ctx, params.userId, change, formVersion(formData));
    return redirectWithToast(list, successToast(userStatusChangedMessage(change, updated.firstName)));
  } catch (error) {
    return redirectWithToast(list, await writeFailureToast(request, error));
  }
}
