/**
 * /lodgement/identifiers (document 3 sections 2.4, 4.6, 5.3 and 8.4): the primary and secondary land
 * registry user names and passwords, with Save and Cancel. Created when none exist, edited otherwise; an
 * edit saves only when something changed, and a stored password shows as five asterisks and is not sent
 * again unless replaced. Shows nothing when the SDLT feature is on; needs add and edit
 * lodgement_identifiers (otherwise 403). A helpdesk administrator first finds and chooses the subscriber
 * ("Find a subscriber": a page of matches by name, never every subscriber).
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { MASKED_PASSWORD } from "../../core/administration/enums.js";
import { formatLastModified } from "../../core/shared/format-dates.js";
import { lodgementIdentifiersSavedMessage } from "../../core/administration/messages.js";
import { screenAccess } from "../../core/shared/permissions/screens.js";
import { lodgementIdentifiersChanges, LodgementIdentifiersSchema } from "../../core/administration/schemas.js";
import { CsrfInput } from "../components/csrf-input";
import { GeneralErrorBoundary } from "../components/error-page";
import { ErrorSummary, SubmitButton, TextField, useHydrated, useSchemaForm } from "../components/form";
import { ToastMessage } from "../components/toast";
import administrationHref from "../administration/administration.css";
import { administeredSubscriberId, failureStatus, isHelpdesk } from "../administration/scope.server";
import { getLodgementIdentifiers, saveLodgementIdentifiers } from "../../core/administration/client.js";
import { subscriberChoices } from "../administration/subscriber-choices.server";
import { SubscriberFinder, type SubscribersFound } from "../administration/subscriber-finder";
import { readSubscriberName } from "../administration/users-query";
import { redirectWithToast, successToast } from "../errors/toast.server";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError, writeFailureToast } from "../errors/provider-errors.server";
import { featureFlags } from "../feature-flags.server";
import { formVersion, readForm } from "../components/form/read-form.server";
import { requireUser, type UserSession } from "../session/user-session.server";
import { titleFor } from "../utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: administrationHref }];

const PASSWORD_FIELDS = ["primary.password", "secondary.password"];

/** The screen's answer for this user: hidden (SDLT on), 403, or the subscriber it acts on. */
async function access(request: Request) {
  const user = await requireUser(request);
  const flags = await featureFlags(user.ctx);
  const screen = screenAccess("lodgement-identifiers", user.claims, { flags });
  invariantResponse(screen !== "forbidden", "You do not have access to lodgement identifiers", 403);
  const subscriberId = administeredSubscriberId(user, new URL(request.url).searchParams.get("subscriberId"));
  return { user, hidden: screen === "hidden", subscriberId };
}

async function stored(user: UserSession, subscriberId: string) {
  return getLodgementIdentifiers(user.ctx, subscriberId);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, hidden, subscriberId } = await access(request);
  const helpdesk = isHelpdesk(user);
  if (hidden) return { hidden: true as const };
  try {
    // The helpdesk's "Find a subscriber" search: a page of matches by name and the one chosen, never every subscriber.
    const subscriberSearch = helpdesk
      ? (await subscriberChoices(user.ctx, readSubscriberName(new URL(request.url).searchParams), subscriberId)).offered
      : null;
    if (!subscriberId) return { hidden: false as const, helpdesk, subscriberSearch, subscriberId: null, identifiers: null };
    const current = await stored(user, subscriberId);
    return {
      hidden: false as const,
      helpdesk,
      subscriberSearch,
      subscriberId,
      identifiers: {
        mode: current.identifiers ? ("edit" as const) : ("create" as const),
        primaryUserName: current.identifiers?.primary.userName ?? "",
        secondaryUserName: current.identifiers?.secondary.userName ?? "",
        version: current.version,
        lastModifiedAt: current.lastModifiedAt,
        lastModifiedBy: current.lastModifiedBy,
      },
    };
  } catch (error) {
    return throwProviderError(request, error);
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request, LodgementIdentifiersSchema);
  const { user, hidden, subscriberId } = await access(request);
  invariantResponse(!hidden, "Lodgement identifiers are not used here", 404);
  invariantResponse(subscriberId, "Choose the subscriber", 400);
  const submission = parseWithZod(formData, { schema: LodgementIdentifiersSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: PASSWORD_FIELDS }), toast: null }, { status: 400 });
  }
  const here = `/lodgement/identifiers${new URL(request.url).search}`;
  try {
    const current = await stored(user, subscriberId);
    const saved = current.identifiers
      ? {
          primary: { userName: current.identifiers.primary.userName, password: MASKED_PASSWORD },
          secondary: { userName: current.identifiers.secondary.userName, password: MASKED_PASSWORD },
        }
      : null;
    const changes = lodgementIdentifiersChanges(saved, submission.value, MASKED_PASSWORD);
    // An edit that changes nothing is not sent (document 3 section 4.6).
    if (!changes) return redirectWithToast(here, { kind: "info", title: "No changes", message: "There were no changes to save." });
    // Made against the version the form showed (none: a first save), never the one read now.
    const result = await saveLodgementIdentifiers(
      user.ctx,
      { subscriberId: isHelpdesk(user) ? subscriberId : undefined, identifiers: changes },
      formData.has("version") ? formVersion(formData) : null,
    );
    return redirectWithToast(
      here,
      successToast(lodgementIdentifiersSavedMessage(result.created)),
    );
  } catch (error) {
    const toast = await writeFailureToast(request, error);
    return data({ result: submission.reply({ formErrors: [toast.message], hideFields: PASSWORD_FIELDS }), toast }, { status: failureStatus(error) });
  }
}

export default function LodgementIdentifiers() {
  const loaderData = useLoaderData<typeof loader>();
  if (loaderData.hidden) {
    // The SDLT feature replaces this screen: it shows nothing.
    return <h1 className="visually-hidden">Lodgement identifiers</h1>;
  }
  return (
    <section aria-labelledby="identifiers-title" className="admin-page">
      <header>
        <h1 id="identifiers-title">Lodgement identifiers</h1>
      </header>
      {loaderData.subscriberSearch ? <SubscriberChooser {...loaderData.subscriberSearch} selected={loaderData.subscriberId} /> : null}
      {loaderData.identifiers ? (
        <IdentifiersForm key={`${loaderData.subscriberId}-${loaderData.identifiers.version ?? 0}`} identifiers={loaderData.identifiers} />
      ) : null}
    </section>
  );
}

/** The helpdesk administrator finds and chooses the subscriber (a GET form: works without JavaScript). */
function SubscriberChooser({
  subscribers,
  found,
  selected,
}: {
  subscribers: { subscriberId: string; name: string }[];
  found: SubscribersFound;
  selected: string | null;
}) {
  return (
    <Form method="get" className="admin-toolbar">
      <SubscriberFinder id="identifiers-subscriber" label="Subscriber" subscribers={subscribers} chosenId={selected} found={found} />
      <button type="submit" className="secondary">
        Show identifiers
      </button>
    </Form>
  );
}

function IdentifiersForm({
  identifiers,
}: {
  identifiers: {
    mode: "create" | "edit";
    primaryUserName: string;
    secondaryUserName: string;
    /** The version the page showed (null when there are none yet): the save is made against it. */
    version: number | null;
    lastModifiedAt: string | null;
    lastModifiedBy: string | null;
  };
}) {
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const editing = identifiers.mode === "edit";
  const [form, fields] = useSchemaForm(LodgementIdentifiersSchema, {
    id: "lodgement-identifiers",
    lastResult: actionData?.result,
    defaultValue: editing
      ? {
          primary: { userName: identifiers.primaryUserName, password: MASKED_PASSWORD },
          secondary: { userName: identifiers.secondaryUserName, password: MASKED_PASSWORD },
        }
      : undefined,
  });
  const hydrated = useHydrated();
  const primary = fields.primary.getFieldset();
  const secondary = fields.secondary.getFieldset();
  return (
    <>
      <ToastMessage toast={actionData?.toast ?? null} />
      <p>
        {editing
          ? "Change a user name or replace a password, then save. A stored password shows as five asterisks and is kept unless you replace it."
          : "Add the land registry user names and passwords used to lodge applications."}
      </p>
      {identifiers.lastModifiedAt ? (
        <p className="muted">
          Last modified{identifiers.lastModifiedBy ? ` by ${identifiers.lastModifiedBy}` : ""} on {formatLastModified(identifiers.lastModifiedAt)}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate className="identifiers-form">
        <CsrfInput />
        {identifiers.version !== null ? <input type="hidden" name="version" value={identifiers.version} /> : null}
        <ErrorSummary form={form} />
        <fieldset>
          <legend>Primary land registry identifier</legend>
          <TextField field={primary.userName} label="Primary username" autoComplete="off" />
          <TextField field={primary.password} label="Primary password" type="password" autoComplete="new-password" />
        </fieldset>
        <fieldset>
          <legend>Secondary land registry identifier</legend>
          <TextField field={secondary.userName} label="Secondary username" autoComplete="off" />
          <TextField field={secondary.password} label="Secondary password" type="password" autoComplete="new-password" />
        </fieldset>
        <div className="form-actions">
          <SubmitButton disabled={hydrated && editing && !form.dirty}>Save</SubmitButton>
          <Link to={`/lodgement/identifiers${search}`} reloadDocument className="button secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Lodgement identifiers", error);
export const ErrorBoundary = GeneralErrorBoundary;
