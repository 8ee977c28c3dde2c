/**
 * /users/new: add a user (document 3 sections 2.4, 5.3 and 7.3) in the user details panel over the list.
 * A helpdesk administrator first finds and chooses the subscriber ("Find a subscriber"; the list's selector
 * may already have chosen it). Success: back to the list with '{name} has been added successfully', or
 * 'Failed to send invitation email to {email}' and the mail service's reason when the invitation was not
 * sent. Needs create:subscriber_users.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ADMINISTRATION_MESSAGES } from "../../core/administration/messages.js";
import { can } from "../../core/shared/permissions/actions.js";
import { fullName } from "../../core/administration/subscribers.js";
import { userFormSchema } from "../../core/administration/schemas.js";
import { GeneralErrorBoundary } from "../components/error-page";
import { DIALOG_ROUTE, RouteDialog } from "../components/form";
import administrationHref from "../administration/administration.css";
import { administeredSubscriberId, isHelpdesk, usersListPath } from "../administration/scope.server";
import { createSubscriberUser, listRoles } from "../../core/administration/client.js";
import { findSubscriber, subscriberChoices } from "../administration/subscriber-choices.server";
import { SubscriberFinder, type SubscribersFound } from "../administration/subscriber-finder";
import { Carried } from "../administration/users-list";
import { readSubscriberName, readUsersQuery } from "../administration/users-query";
import { redirectWithToast, successToast } from "../errors/toast.server";
import { UserForm } from "../administration/user-form";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError, writeFailureToast } from "../errors/provider-errors.server";
import { readForm } from "../components/form/read-form.server";
import { requireUser, type UserSession } from "../session/user-session.server";
import { titleFor } from "../utils/meta";

export const handle = DIALOG_ROUTE;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: administrationHref }];

/**
 * The subscriber the new user joins: anyone else's own, or the one a helpdesk administrator chose, found by
 * its id. Until they have chosen one (or when it does not exist), the "Find a subscriber" search instead.
 */
async function targetSubscriber(user: UserSession, request: Request) {
  const params = new URL(request.url).searchParams;
  const requested = administeredSubscriberId(user, params.get("subscriberId"));
  if (!isHelpdesk(user)) return { subscriberId: requested, name: null, type: user.claims.subscriberType ?? undefined, search: null };
  const chosen = requested ? await findSubscriber(user.ctx, requested) : null;
  if (chosen) return { subscriberId: chosen.subscriberId, name: chosen.name, type: chosen.entityType, search: null };
  return { subscriberId: null, name: null, type: undefined, search: (await subscriberChoices(user.ctx, readSubscriberName(params), null)).offered };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  invariantResponse(can(user.claims, "addUser"), "You cannot add users", 403);
  try {
    const target = await targetSubscriber(user, request);
    return {
      helpdesk: isHelpdesk(user),
      subscriberId: target.subscriberId,
      subscriberName: target.name,
      subscriberSearch: target.search,
      roleOptions: target.subscriberId ? await listRoles(user.ctx, target.type) : [],
    };
  } catch (error) {
    return throwProviderError(request, error);
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request, userFormSchema({ actorIsHelpdeskAdministrator: false, previousRoles: [] }));
  const user = await requireUser(request);
  invariantResponse(can(user.claims, "addUser"), "You cannot add users", 403);
  const helpdesk = isHelpdesk(user);
  const submission = parseWithZod(formData, { schema: userFormSchema({ actorIsHelpdeskAdministrator: helpdesk, previousRoles: [] }) });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
  const subscriberId = administeredSubscriberId(user, new URL(request.url).searchParams.get("subscriberId"));
  invariantResponse(subscriberId, "Choose the subscriber the user joins", 400);
  const { firstName, middleName, lastName, email, roleNames } = submission.value;
  try {
    const created = await createSubscriberUser(user.ctx, subscriberId, { firstName, middleName: middleName ?? null, lastName, email, roleNames });
    // The user is added either way; a refused invitation says why (document 3 section 8.4).
    const toast =
      created.invitationFailure === null
        ? successToast(ADMINISTRATION_MESSAGES.userAdded(fullName(created)))
        : {
            kind: "error" as const,
            title: "Invitation not sent",
            message: ADMINISTRATION_MESSAGES.invitationFailed(created.email, created.invitationFailure),
          };
    return redirectWithToast(usersListPath(request), toast);
  } catch (error) {
    const toast = await writeFailureToast(request, error);
    return data({ result: submission.reply({ formErrors: [toast.message] }), toast }, { status: 400 });
  }
}

export default function AddUser() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const closeTo = `/users${search}`;
  return (
    <RouteDialog title="Add user" closeTo={closeTo}>
      {loaderData.subscriberId ? (
        <>
          {loaderData.subscriberName ? <p>The user joins {loaderData.subscriberName}.</p> : null}
          <UserForm
            mode="add"
            action={`/users/new${search}`}
            closeTo={closeTo}
            helpdesk={loaderData.helpdesk}
            roleOptions={loaderData.roleOptions}
            previousRoles={[]}
            lastResult={actionData?.result}
            toast={actionData?.toast}
          />
        </>
      ) : loaderData.subscriberSearch ? (
        <ChooseSubscriber {...loaderData.subscriberSearch} search={search} closeTo={closeTo} />
      ) : null}
    </RouteDialog>
  );
}

/**
 * A helpdesk administrator first finds and chooses the subscriber the user joins: one GET form (works
 * without JavaScript) that carries the list's state, so Cancel and the saved user return to it.
 */
function ChooseSubscriber({
  subscribers,
  found,
  search,
  closeTo,
}: {
  subscribers: { subscriberId: string; name: string }[];
  found: SubscribersFound;
  search: string;
  closeTo: string;
}) {
  return (
    <Form method="get" action="/users/new" className="side-panel">
      <Carried query={readUsersQuery(new URLSearchParams(search), [])} own="subscriberId" />
      <SubscriberFinder id="new-user-subscriber" label="Subscriber the user joins" subscribers={subscribers} chosenId={null} found={found} />
      <div className="form-actions">
        <button type="submit">Continue</button>
        <Link to={closeTo} className="button secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Add user", error);
export const ErrorBoundary = GeneralErrorBoundary;
