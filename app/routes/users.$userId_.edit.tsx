/**
 * /users/:userId/edit: the user details panel for an existing user (document 3 sections 2.4, 5.3 and
 * 7.3): names (locked for enterprise single sign-on) and roles; the email is shown, not editable. The edit
 * carries the version it was made from, so a change by someone else in between answers 409 and nothing is
 * overwritten. Success: back to the profile with '{name} Changes saved'. Needs edit:subscriber_users.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ADMINISTRATION_MESSAGES } from "../../core/administration/messages.js";
import { NAMED_ROLES } from "../../core/shared/permissions/roles.js";
import { can } from "../../core/shared/permissions/actions.js";
import { fullName } from "../../core/administration/subscribers.js";
import { lockedUserFields, userFormSchema } from "../../core/administration/schemas.js";
import { GeneralErrorBoundary } from "../components/error-page";
import { DIALOG_ROUTE, RouteDialog } from "../components/form";
import administrationHref from "../administration/administration.css";
import { administeredSubscriberId, failureStatus, isHelpdesk } from "../administration/scope.server";
import { editSubscriberUser, getManagedUserAt, listRoles } from "../../core/administration/client.js";
import { findSubscriber } from "../administration/subscriber-choices.server";
import { redirectWithToast, successToast } from "../errors/toast.server";
import { UserForm } from "../administration/user-form";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError, writeFailureToast } from "../errors/provider-errors.server";
import { formVersion, readForm } from "../components/form/read-form.server";
import { requireUser, type UserSession } from "../session/user-session.server";
import { titleFor } from "../utils/meta";

export const handle = DIALOG_ROUTE;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: administrationHref }];

async function loadUser(user: UserSession, request: Request, userId: string) {
  const subscriberId = administeredSubscriberId(user, new URL(request.url).searchParams.get("subscriberId"));
  return getManagedUserAt(user.ctx, userId, subscriberId);
}

/** The roles offered: those of the user's subscriber type, plus any the user already holds (never dropped unseen). */
async function roleOptionsFor(user: UserSession, subscriberId: string | null, held: readonly string[]) {
  let type: string | undefined = user.claims.subscriberType ?? undefined;
  // The helpdesk administrator's: the type of the one subscriber the user is edited at, read by its id.
  if (isHelpdesk(user)) type = subscriberId ? (await findSubscriber(user.ctx, subscriberId))?.entityType : undefined;
  const offered = new Set([...(await listRoles(user.ctx, type)), ...held]);
  return NAMED_ROLES.filter((role) => offered.has(role) && role !== "Helpdesk Administrator");
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  invariantResponse(can(user.claims, "editUser"), "You cannot edit users", 403);
  invariantResponse(params.userId, "Not found", 404);
  try {
    const target = await loadUser(user, request, params.userId);
    return {
      helpdesk: isHelpdesk(user),
      user: {
        subscriberUserId: target.subscriberUserId,
        name: fullName(target),
        firstName: target.firstName,
        middleName: target.middleName ?? "",
        lastName: target.lastName,
        email: target.email,
        roleNames: target.roleNames,
        version: target.version,
        namesLocked: lockedUserFields(target.authenticationType, true).includes("firstName"),
      },
      roleOptions: await roleOptionsFor(user, target.subscriberId, target.roleNames),
    };
  } catch (error) {
    return throwProviderError(request, error);
  }
}


export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request, userFormSchema({ actorIsHelpdeskAdministrator: false, previousRoles: [] }));
  const user = await requireUser(request);
  invariantResponse(can(user.claims, "editUser"), "You cannot edit users", 403);
  invariantResponse(params.userId, "Not found", 404);
  const helpdesk = isHelpdesk(user);
  let target;
  try {
    target = await loadUser(user, request, params.userId);
  } catch (error) {
    return throwProviderError(request, error);
  }
  // The email is not editable, and names are not while single sign-on is in use: the stored values stand.
  formData.set("email", target.email);
  if (lockedUserFields(target.authenticationType, true).includes("firstName")) {
    formData.set("firstName", target.firstName);
    formData.set("middleName", target.middleName ?? "");
    formData.set("lastName", target.lastName);
  }
  const schema = userFormSchema({ actorIsHelpdeskAdministrator: helpdesk, previousRoles: target.roleNames });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
  const version = formVersion(formData);
  const { firstName, middleName, lastName, roleNames } = submission.value;
  try {
    const updated = await editSubscriberUser(user.ctx, params.userId, {
      firstName,
      middleName: middleName ?? null,
      lastName,
      roleNames,
      subscriberId: helpdesk ? (target.subscriberId ?? undefined) : undefined,
    }, version);
    const profile = `/users/${encodeURIComponent(params.userId)}${new URL(request.url).search}`;
    return redirectWithToast(profile, successToast(ADMINISTRATION_MESSAGES.userChangesSaved(fullName(updated))));
  } catch (error) {
    const toast = await writeFailureToast(request, error);
    return data({ result: submission.reply({ formErrors: [toast.message] }), toast }, { status: failureStatus(error) });
  }
}

export default function EditUser() {
  const { user, helpdesk, roleOptions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const profile = `/users/${encodeURIComponent(user.subscriberUserId)}${search}`;
  return (
    <RouteDialog title={`Edit ${user.name}`} closeTo={profile}>
      <UserForm
        mode="edit"
        action={`/users/${encodeURIComponent(user.subscriberUserId)}/edit${search}`}
        closeTo={profile}
        helpdesk={helpdesk}
        roleOptions={roleOptions}
        previousRoles={user.roleNames}
        namesLocked={user.namesLocked}
        defaultValue={{
          firstName: user.firstName,
          middleName: user.middleName,
          lastName: user.lastName,
          email: user.email,
          roleNames: user.roleNames,
        }}
        version={user.version}
        lastResult={actionData?.result}
        toast={actionData?.toast}
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Edit user", error);
export const ErrorBoundary = GeneralErrorBoundary;
