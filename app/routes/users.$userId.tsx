/**
 * /users/:userId, the profile side panel (document 3 section 2.4): initials avatar, full name, status badge,
 * subscriber, email and roles, with Edit and the status action (Suspend, Unsuspend, or Resend activation
 * email for a Pending user), and Unblock while the user's login is blocked after too many failed passwords.
 * A 464px side dialog over the list with JavaScript, a page without it. A user of another subscriber is not
 * found (404). POST re-sends the activation email (intent resend-activation-email) or lifts the block
 * (intent unblock), from this panel or from the list's row menu.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { can } from "../../core/shared/permissions/actions.js";
import { screenAccess } from "../../core/shared/permissions/screens.js";
import { isLoginBlocked, loginBlockedText, USER_ROW_ACTION_LABELS, userStatusAction } from "../../core/administration/users.js";
import { ADMINISTRATION_MESSAGES } from "../../core/administration/messages.js";
import { fullName, initials } from "../../core/administration/subscribers.js";
import { CsrfInput } from "../components/csrf-input";
import { GeneralErrorBoundary } from "../components/error-page";
import { DIALOG_ROUTE, RouteDialog, SubmitButton, useHydrated } from "../components/form";
import administrationHref from "../administration/administration.css";
import { administeredSubscriberId, failureReason, usersListPath } from "../administration/scope.server";
import { getManagedUserAt, resendActivationEmail, unblockManagedUser } from "../../core/administration/client.js";
import { redirectWithToast, successToast } from "../errors/toast.server";
import { StatusBadges } from "../administration/status-badge";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError, writeFailureToast } from "../errors/provider-errors.server";
import { featureFlags } from "../feature-flags.server";
import { formVersion, readForm } from "../components/form/read-form.server";
import { requireUser } from "../session/user-session.server";
import { titleFor } from "../utils/meta";

export const handle = DIALOG_ROUTE;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: administrationHref }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const flags = await featureFlags(user.ctx);
  invariantResponse(screenAccess("users", user.claims, { flags }) === "allowed", "You do not have access to users", 403);
  invariantResponse(params.userId, "Not found", 404);
  const subscriberId = administeredSubscriberId(user, new URL(request.url).searchParams.get("subscriberId"));
  try {
    const profile = await getManagedUserAt(user.ctx, params.userId, subscriberId);
    return {
      user: {
        subscriberUserId: profile.subscriberUserId,
        name: fullName(profile),
        initials: initials(profile.firstName, profile.lastName),
        email: profile.email,
        status: profile.status,
        loginBlockedUntil: profile.loginBlockedUntil ?? null,
        subscriber: profile.subscriber,
        roleNames: profile.roleNames,
        version: profile.version,
      },
      canEdit: can(user.claims, "editUser"),
      statusAction: can(user.claims, "changeUserStatus") ? userStatusAction(profile.status) : null,
      canUnblock: can(user.claims, "changeUserStatus") && isLoginBlocked(profile),
    };
  } catch (error) {
    return throwProviderError(request, error);
  }
}

const ProfileActionSchema = z.object({
  intent: z.enum(["resend-activation-email", "unblock"]),
  returnTo: z.enum(["list", "profile"]).default("profile"),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request, ProfileActionSchema);
  const user = await requireUser(request);
  invariantResponse(params.userId, "Not found", 404);
  const submission = parseWithZod(formData, { schema: ProfileActionSchema });
  invariantResponse(submission.status === "success", "Unknown action", 400);
  const list = usersListPath(request);
  const back = submission.value.returnTo === "list" ? list : `/users/${encodeURIComponent(params.userId)}${new URL(request.url).search}`;
  const subscriberId = administeredSubscriberId(user, new URL(request.url).searchParams.get("subscriberId"));
  if (submission.value.intent === "unblock") {
    try {
      const unblocked = await unblockManagedUser(user.ctx, params.userId);
      return redirectWithToast(back, successToast(ADMINISTRATION_MESSAGES.unblocked(unblocked.firstName)));
    } catch (error) {
      return redirectWithToast(back, await writeFailureToast(request, error));
    }
  }
  let email: string | null = null;
  try {
    const profile = await getManagedUserAt(user.ctx, params.userId, subscriberId);
    email = profile.email;
    await resendActivationEmail(user.ctx, params.userId, profile.email, formVersion(formData));
    return redirectWithToast(back, successToast(ADMINISTRATION_MESSAGES.activationEmailResent(profile.email)));
  } catch (error) {
    const toast = await writeFailureToast(
      request,
      error,
      email ? { message: ADMINISTRATION_MESSAGES.invitationFailed(email, failureReason(error)) } : {},
    );
    return redirectWithToast(back, toast);
  }
}

export default function UserProfile() {
  const { user, canEdit, statusAction, canUnblock } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const hydrated = useHydrated();
  const base = `/users/${encodeURIComponent(user.subscriberUserId)}`;
  return (
    <RouteDialog title={user.name} closeTo={`/users${search}`}>
      <div className="side-panel">
        <div className="profile-summary">
          <span className="avatar avatar-large" aria-hidden="true">
            {user.initials}
          </span>
          <StatusBadges user={user} />
        </div>
        <dl className="details-list">
          <dt>Subscriber</dt>
          <dd>{user.subscriber ?? "Provider staff"}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Roles</dt>
          <dd>{user.roleNames.length > 0 ? user.roleNames.join(", ") : "None"}</dd>
          {user.loginBlockedUntil ? (
            <>
              <dt>Login</dt>
              <dd>{loginBlockedText(user.loginBlockedUntil)}</dd>
            </>
          ) : null}
        </dl>
        <div className="panel-actions">
          {canEdit ? (
            <Link to={`${base}/edit${search}`} className="button">
              Edit
            </Link>
          ) : null}
          {statusAction === "suspend" ? (
            <Link to={`${base}/suspend${search}`} className="button secondary">
              Suspend
            </Link>
          ) : null}
          {statusAction === "unsuspend" ? (
            <Link to={`${base}/unsuspend${search}`} className="button secondary">
              Unsuspend
            </Link>
          ) : null}
          {statusAction === "resend-activation-email" ? (
            <Form method="post" action={`${base}${search}`}>
              <CsrfInput />
              <input type="hidden" name="returnTo" value="profile" />
              <input type="hidden" name="version" value={user.version} />
              <SubmitButton name="intent" value="resend-activation-email" className="secondary">
                Resend activation email
              </SubmitButton>
            </Form>
          ) : null}
          {canUnblock ? (
            <Form method="post" action={`${base}${search}`}>
              <CsrfInput />
              <input type="hidden" name="returnTo" value="profile" />
              <SubmitButton name="intent" value="unblock" className="secondary">
                {USER_ROW_ACTION_LABELS.unblock}
              </SubmitButton>
            </Form>
          ) : null}
          {hydrated ? null : (
            <Link to={`/users${search}`} className="button secondary outline">
              Back to users
            </Link>
          )}
        </div>
      </div>
    </RouteDialog>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => titleFor(data ? `${data.user.name} | Users` : "User profile", error);

/** A profile that fails to load shows the error page for its status inside the panel. */
export function ErrorBoundary() {
  const { search } = useLocation();
  return (
    <RouteDialog title="User profile" closeTo={`/users${search}`}>
      <div className="side-panel">
        <GeneralErrorBoundary />
      </div>
    </RouteDialog>
  );
}
