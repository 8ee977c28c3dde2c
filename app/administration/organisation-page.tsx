/**
 * The organisation page (document 3 section 2.4): the subscriber's name, the tabs the user may see
 * (Communication, Connection and Transaction settings), and each section in view or edit mode. Tabs and
 * edit modes are links (?tab=, ?edit=), so the page works without JavaScript; with it, Save stays disabled
 * while the form is unchanged or invalid (section 5.3).
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import {
  NOTIFICATION_EVENT_TYPE_LABELS,
  NOTIFICATION_EVENT_TYPES,
  ORGANISATION_TAB_LABELS,
  USER_AUTHENTICATION_LABELS,
} from "../../core/administration/enums.js";
import type { Toast } from "../../core/shared/errors.js";
import { formatLastModified } from "../../core/shared/format-dates.js";
import { SHELL_TEXTS } from "../../core/shared/shell-texts.js";
import {
  ClientSecretSchema,
  ClientSecretFormSchema,
  NotificationEmailSchema,
  notificationSettingsSchema,
} from "../../core/administration/schemas.js";
import { IP_ALLOW_LIST_MAX_LENGTH, parseIpAllowList } from "../../core/administration/ip-allow-list.js";
import { IpAllowListTextSchema } from "./ip-allow-list-form";
import { CsrfInput } from "../components/csrf-input";
import { CheckboxGroup, ErrorSummary, SubmitButton, Textarea, TextField, useHydrated, useSchemaForm } from "../components/form";
import { ToastMessage } from "../components/toast";
import { organisationHref, orToBeProvided, type CommunicationView, type ConnectionView, type OrganisationView, type TransactionView } from "./organisation-model";

export interface OrganisationActionData {
  intent: "save-communication" | "save-client-secret" | "save-ip-allow-list";
  result: SubmissionResult<string[]>;
  toast: Toast | null;
}

export function OrganisationPage({ view, actionData }: { view: OrganisationView; actionData?: OrganisationActionData }) {
  return (
    <section aria-labelledby="organisation-title" className="admin-page organisation-page">
      <header>
        <h1 id="organisation-title">{view.name}</h1>
        {view.helpdesk ? <Link to="/subscribers">All subscribers</Link> : null}
      </header>
      {view.tabs.length > 0 ? (
        <>
          <nav aria-label="Organisation settings">
            <ul className="tab-list">
              {view.tabs.map((tab) => (
                <li key={tab}>
                  <Link to={organisationHref(view, { tab })} aria-current={tab === view.tab ? "page" : undefined}>
                    {ORGANISATION_TAB_LABELS[tab]}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <ToastMessage toast={actionData?.toast ?? null} />
          {view.tab === "communication" && view.communication ? (
            <CommunicationSettings view={view} communication={view.communication} actionData={actionData} />
          ) : null}
          {view.tab === "connection" && view.connection ? (
            <ConnectionSettings view={view} connection={view.connection} actionData={actionData} />
          ) : null}
          {view.tab === "transaction" && view.transaction ? <TransactionSettings transaction={view.transaction} /> : null}
        </>
      ) : null}
    </section>
  );
}

function lastResultFor(actionData: OrganisationActionData | undefined, intent: OrganisationActionData["intent"]) {
  return actionData?.intent === intent ? actionData.result : undefined;
}

function EditLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="button secondary">
      Edit<span className="visually-hidden"> {label}</span>
    </Link>
  );
}

function CommunicationSettings({
  view,
  communication,
  actionData,
}: {
  view: OrganisationView;
  communication: CommunicationView;
  actionData?: OrganisationActionData;
}) {
  const editing = view.edit === "communication";
  return (
    <article className="settings-card" aria-labelledby="communication-title">
      <header>
        <h2 id="communication-title">Email notifications</h2>
        {editing ? null : <EditLink to={organisationHref(view, { edit: "communication" })} label="email notifications" />}
      </header>
      {editing ? (
        <CommunicationForm view={view} communication={communication} lastResult={lastResultFor(actionData, "save-communication")} />
      ) : (
        <dl className="details-list">
          <dt>Receiving email address</dt>
          <dd>{orToBeProvided(communication.email)}</dd>
          <dt>Notification type</dt>
          <dd>
            {communication.eventTypes.length > 0
              ? communication.eventTypes
                  .map((type) => NOTIFICATION_EVENT_TYPE_LABELS[type as keyof typeof NOTIFICATION_EVENT_TYPE_LABELS] ?? type)
                  .join(", ")
              : communication.email
                ? "Lodgement notifications sent by email"
                : SHELL_TEXTS.toBeProvided}
          </dd>
        </dl>
      )}
    </article>
  );
}

function CommunicationForm({
  view,
  communication,
  lastResult,
}: {
  view: OrganisationView;
  communication: CommunicationView;
  lastResult?: SubmissionResult<string[]>;
}) {
  const schema = notificationSettingsSchema({ registrationExists: communication.registrationId !== null });
  const [form, fields] = useSchemaForm(schema, {
    id: "communication-form",
    lastResult,
    defaultValue: { email: communication.email ?? "", eventTypes: communication.eventTypes },
  });
  const hydrated = useHydrated();
  const email = typeof form.value?.email === "string" ? form.value.email : "";
  const disabled = hydrated && (email.trim() === "" || !NotificationEmailSchema.safeParse(email).success || !form.dirty);
  return (
    <Form method="post" action={organisationHref(view, { tab: "communication", edit: "communication" })} {...getFormProps(form)} noValidate>
      <CsrfInput />
      <ErrorSummary form={form} />
      <input type="hidden" name="registrationId" value={communication.registrationId ?? ""} />
      {communication.version !== null ? <input type="hidden" name="version" value={communication.version} /> : null}
      <TextField field={fields.email} label="Receiving email address" type="email" autoComplete="email" />
      <CheckboxGroup
        field={fields.eventTypes}
        legend="Notification type"
        options={NOTIFICATION_EVENT_TYPES.map((type) => ({ value: type, label: NOTIFICATION_EVENT_TYPE_LABELS[type] }))}
      />
      <div className="form-actions">
        <SubmitButton name="intent" value="save-communication" disabled={disabled}>
          Save
        </SubmitButton>
        <Link to={organisationHref(view, { tab: "communication" })} className="button secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function ConnectionSettings({
  view,
  connection,
  actionData,
}: {
  view: OrganisationView;
  connection: ConnectionView;
  actionData?: OrganisationActionData;
}) {
  const sso = connection.authenticationType === "ENTERPRISE_CONNECTION";
  return (
    <>
      <article className="settings-card" aria-labelledby="authentication-title">
        <header>
          <h2 id="authentication-title">User authentication</h2>
        </header>
        <dl className="details-list">
          <dt>Authentication</dt>
          <dd>
            {USER_AUTHENTICATION_LABELS[connection.authenticationType]}
            {sso ? " (single sign-on with your company's identity provider)" : " (multi-factor authentication)"}
          </dd>
        </dl>
        {sso
          ? connection.sso.map((entry) =>
              view.edit === "client-secret" && (view.editConnectionId ?? connection.sso[0]?.connectionId) === entry.connectionId ? (
                <ClientSecretForm
                  key={entry.connectionId}
                  view={view}
                  connectionId={entry.connectionId}
                  clientId={entry.clientId}
                  version={connection.version}
                  lastResult={lastResultFor(actionData, "save-client-secret")}
                />
              ) : (
                <section key={entry.connectionId} aria-label={`Single sign-on connection ${entry.clientId}`}>
                  <dl className="details-list">
                    <dt>Client ID</dt>
                    <dd>{entry.clientId}</dd>
                    <dt>Client secret</dt>
                    <dd>
                      {entry.clientSecret === SHELL_TEXTS.toBeProvided ? (
                        entry.clientSecret
                      ) : (
                        <>
                          <span aria-hidden="true">{entry.clientSecret}</span>
                          <span className="visually-hidden">Set, hidden</span>
                        </>
                      )}
                    </dd>
                    {entry.lastModifiedAt ? (
                      <>
                        <dt>Last modified</dt>
                        <dd>{formatLastModified(entry.lastModifiedAt)}</dd>
                      </>
                    ) : null}
                  </dl>
                  <EditLink
                    to={organisationHref(view, { edit: "client-secret", connection: entry.connectionId })}
                    label={`client secret of ${entry.clientId}`}
                  />
                </section>
              ),
            )
          : null}
      </article>
      {connection.ipAllow ? (
        <article className="settings-card" aria-labelledby="ip-allow-list-title">
          <header>
            <h2 id="ip-allow-list-title">IP allow list</h2>
            {view.edit === "ip-allow-list" ? null : <EditLink to={organisationHref(view, { edit: "ip-allow-list" })} label="IP allow list" />}
          </header>
          {view.edit === "ip-allow-list" ? (
            <IpAllowListForm
              view={view}
              addresses={connection.ipAllow.ipAddresses}
              version={connection.version}
              lastResult={lastResultFor(actionData, "save-ip-allow-list")}
            />
          ) : (
            <>
              {connection.ipAllow.ipAddresses.length > 0 ? (
                <ul className="ip-addresses" aria-label="Allowed IP addresses">
                  {connection.ipAllow.ipAddresses.map((address) => (
                    <li key={address}>{address}</li>
                  ))}
                </ul>
              ) : (
                <p>No IP allow list: users can log in from any address.</p>
              )}
              {connection.ipAllow.lastModifiedAt ? (
                <p className="muted">
                  Last modified by {connection.ipAllow.lastModifiedBy ?? "an administrator"} on{" "}
                  {formatLastModified(connection.ipAllow.lastModifiedAt)}
                </p>
              ) : null}
            </>
          )}
        </article>
      ) : null}
    </>
  );
}

function ClientSecretForm({
  view,
  connectionId,
  clientId,
  version,
  lastResult,
}: {
  view: OrganisationView;
  connectionId: string;
  clientId: string;
  /** The subscriber's version the page showed: the save is made against it. */
  version: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(ClientSecretFormSchema, { id: "client-secret-form", lastResult });
  const hydrated = useHydrated();
  const secret = typeof form.value?.clientSecret === "string" ? form.value.clientSecret : "";
  const disabled = hydrated && !ClientSecretSchema.safeParse(secret).success;
  return (
    <Form
      method="post"
      action={organisationHref(view, { tab: "connection", edit: "client-secret", connection: connectionId })}
      {...getFormProps(form)}
      noValidate
    >
      <CsrfInput />
      <ErrorSummary form={form} />
      <input type="hidden" name="connectionId" value={connectionId} />
      <input type="hidden" name="version" value={version} />
      <p>
        Client ID: <strong>{clientId}</strong>
      </p>
      <TextField
        field={fields.clientSecret}
        label="New client secret"
        hint="The secret is stored encrypted and never shown again."
        type="password"
        autoComplete="new-password"
        maxLength={100}
      />
      <div className="form-actions">
        <SubmitButton name="intent" value="save-client-secret" disabled={disabled}>
          Save
        </SubmitButton>
        <Link to={organisationHref(view, { tab: "connection" })} className="button secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function IpAllowListForm({
  view,
  addresses,
  version,
  lastResult,
}: {
  view: OrganisationView;
  addresses: string[];
  version: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(IpAllowListTextSchema, {
    id: "ip-allow-list-form",
    lastResult,
    defaultValue: { ipAddresses: addresses.join(",\n") },
  });
  const hydrated = useHydrated();
  const text = typeof form.value?.ipAddresses === "string" ? form.value.ipAddresses : "";
  const parsed = parseIpAllowList(text);
  const unchanged = "value" in parsed && parsed.value.length === addresses.length && parsed.value.every((entry, i) => entry === addresses[i]);
  const disabled = hydrated && (!("value" in parsed) || unchanged);
  return (
    <Form method="post" action={organisationHref(view, { tab: "connection", edit: "ip-allow-list" })} {...getFormProps(form)} noValidate>
      <CsrfInput />
      <ErrorSummary form={form} />
      <input type="hidden" name="version" value={version} />
      <Textarea
        field={fields.ipAddresses}
        label="Allowed IP addresses"
        hint="One IP address or CIDR range per line, comma separated (for example 203.0.113.10, 198.51.100.0/24). Leave empty to allow every address. Duplicates are removed."
        rows={6}
        maxLength={IP_ALLOW_LIST_MAX_LENGTH}
      />
      <div className="form-actions">
        <SubmitButton name="intent" value="save-ip-allow-list" disabled={disabled}>
          Save
        </SubmitButton>
        <Link to={organisationHref(view, { tab: "connection" })} className="button secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** The transaction settings tab: the explanation, then the two credential cards, or why they are missing. */
export function TransactionSettings({ transaction }: { transaction: TransactionView }) {
  return (
    <article className="settings-card" aria-labelledby="transaction-title">
      <header>
        <h2 id="transaction-title">Land registry and revenue authority credentials</h2>
      </header>
      <p>{SHELL_TEXTS.transactionSettingsHelp}</p>
      {transaction.state === "failed" ? (
        <p role="alert">{SHELL_TEXTS.unableToLoadCredentials}</p>
      ) : (
        <div className="credential-cards">
          <CredentialCard title="Land registry (HMLR)" credential={transaction.landRegistry} />
          <CredentialCard title="Revenue authority (HMRC)" credential={transaction.revenue} />
        </div>
      )}
    </article>
  );
}

function CredentialCard({
  title,
  credential,
}: {
  title: string;
  credential: { userName: string; password: string; storn?: string } | null;
}) {
  return (
    <section className="credential-card" aria-label={title}>
      <h3>{title}</h3>
      {credential ? (
        <dl className="details-list">
          <dt>User name</dt>
          <dd>{credential.userName}</dd>
          <dt>Password</dt>
          <dd>{credential.password}</dd>
          {credential.storn !== undefined ? (
            <>
              <dt>STORN</dt>
              <dd>{credential.storn}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p>{SHELL_TEXTS.toBeProvided}</p>
      )}
    </section>
  );
}
