/**
 * The organisation page's loader and action (document 3 sections 2.4, 5.3, 7.3 and 8.4), shared by
 * /organisation (the selected subscriber; a helpdesk administrator names one with ?subscriberId=) and
 * /subscribers/:subscriberId (a helpdesk administrator's view of any subscriber).
 *
 * Sections switch between view and edit with ?edit= in the URL. A save returns to the view with the
 * spec's toast; a failure keeps the form and the input (never a secret) with the failure toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { ADMINISTRATION_MESSAGES } from "../../core/administration/messages.js";
import { hasAllPermissions, Permission } from "../../core/shared/permissions/roles.js";
import { organisationTabs, screenAccess } from "../../core/shared/permissions/screens.js";
import {
  ClientSecretFormSchema,
  notificationSettingsSchema,
} from "../../core/administration/schemas.js";
import { ProviderError } from "../../core/shared/provider-errors.js";
import type { Toast } from "../../core/shared/errors.js";
import { invariantResponse } from "../errors/invariant";
import { endsSession, refusesTheAddress } from "../errors/provider-errors";
import { throwProviderError, writeFailureToast } from "../errors/provider-errors.server";
import { featureFlags } from "../feature-flags.server";
import { formVersion, readForm } from "../components/form/read-form.server";
import { requireUser, type UserSession } from "../session/user-session.server";
import { failureReason, failureStatus, isHelpdesk } from "./scope.server";
import { createNotificationRegistration, getExternalAuthorityIdentifiers, getSubscriberDetails, listNotificationRegistrations, setIpAllowList, setSsoClientSecret, updateNotificationRegistration } from "../../core/administration/client.js";
import { redirectWithToast, successToast } from "../errors/toast.server";
import { IpAllowListTextSchema } from "./ip-allow-list-form";
import {
  editSection,
  maskedClientSecret,
  openTab,
  organisationHref,
  transactionCards,
  type CommunicationView,
  type OrganisationView,
  type TransactionView,
} from "./organisation-model";

export type OrganisationRoute = { kind: "organisation" } | { kind: "subscriber"; subscriberId: string | undefined };

interface Resolved {
  user: UserSession;
  subscriberId: string;
  path: string;
  keep: Record<string, string>;
  tabs: ReturnType<typeof organisationTabs>;
}

/**
 * Who may see which subscriber's page: /organisation needs the notification flag and view:organisations
 * (else 404 / 403); /subscribers/:id needs view:subscriber_configurations and view:organisations. A
 * subscriber the user may not administer is not found (the provider answers 404).
 */
async function resolve(request: Request, route: OrganisationRoute): Promise<Resolved> {
  const user = await requireUser(request);
  const flags = await featureFlags(user.ctx);
  const url = new URL(request.url);
  if (route.kind === "organisation") {
    const access = screenAccess("organisation", user.claims, { flags });
    invariantResponse(access !== "not-found", "Not found", 404);
    invariantResponse(access === "allowed", "You do not have access to the organisation settings", 403);
  } else {
    invariantResponse(
      screenAccess("subscribers", user.claims, { flags }) === "allowed" &&
        hasAllPermissions(user.claims.permissions, [Permission.VIEW_ORGANISATIONS]),
      "You do not have access to subscribers",
      403,
    );
  }
  let subscriberId: string | null;
  let path: string;
  let keep: Record<string, string> = {};
  if (route.kind === "subscriber") {
    subscriberId = route.subscriberId ?? null;
    invariantResponse(subscriberId, "Not found", 404);
    path = `/subscribers/${encodeURIComponent(subscriberId)}`;
  } else if (isHelpdesk(user)) {
    subscriberId = url.searchParams.get("subscriberId");
    // A helpdesk administrator has no organisation of their own: they choose one among the subscribers.
    if (!subscriberId) throw redirect("/subscribers");
    path = "/organisation";
    keep = { subscriberId };
  } else {
    subscriberId = user.claims.subscriberId;
    invariantResponse(subscriberId, "Your login does not select a subscriber", 403);
    path = "/organisation";
  }
  return { user, subscriberId, path, keep, tabs: organisationTabs(user.claims, flags) };
}

async function emailRegistration(user: UserSession, subscriberId: string) {
  const records = await listNotificationRegistrations(user.ctx, subscriberId);
  return records.find((record) => record.notificationType === "EMAIL") ?? null;
}

export async function organisationLoader(request: Request, route: OrganisationRoute) {
  const { user, subscriberId, path, keep, tabs } = await resolve(request, route);
  const url = new URL(request.url);
  const edit = editSection(url.searchParams.get("edit"), tabs);
  const tab = openTab(tabs, url.searchParams.get("tab"), edit);
  try {
    const details = await getSubscriberDetails(user.ctx, subscriberId);
    let communication: CommunicationView | null = null;
    if (tab === "communication") {
      const registration = await emailRegistration(user, subscriberId);
      communication = {
        registrationId: registration?.registrationId ?? null,
        email: registration?.attributes.email ?? null,
        eventTypes: registration?.eventTypes ?? [],
        version: registration?.version ?? null,
      };
    }
    let transaction: TransactionView | null = null;
    if (tab === "transaction") {
      try {
        transaction = transactionCards(await getExternalAuthorityIdentifiers(user.ctx, subscriberId));
      } catch (error) {
        if (endsSession(error) || refusesTheAddress(error)) throw error;
        // 'Unable to load credentials' (document 3 section 8.4); the failure itself is only logged.
        console.warn(`Transaction settings: the credentials could not be loaded (${(error as Error).message})`);
        transaction = { state: "failed" };
      }
    }
    const authentication = details.userAuthentication;
    const view: OrganisationView = {
      subscriberId: details.subscriberId,
      name: details.name,
      path,
      keep,
      helpdesk: isHelpdesk(user),
      tabs,
      tab,
      edit,
      editConnectionId: edit === "client-secret" ? url.searchParams.get("connection") : null,
      communication,
      connection:
        tab === "connection" && authentication
          ? {
              authenticationType: authentication.type,
              sso: authentication.sso.map((connection) => ({
                connectionId: connection.connectionId,
                clientId: connection.clientId,
                clientSecret: maskedClientSecret(connection.clientSecretSet),
                lastModifiedAt: connection.lastModifiedAt,
              })),
              ipAllow: authentication.type === "ENTERPRISE_CONNECTION" ? null : details.ipAllow,
              version: details.version,
            }
          : null,
      transaction,
    };
    return view;
  } catch (error) {
    return throwProviderError(request, error);
  }
}

const IntentSchema = z.object({ intent: z.enum(["save-communication", "save-client-secret", "save-ip-allow-list"]) });

function failed(message: string, base: Toast): Toast {
  return { kind: "error", title: base.title, message };
}

/**
 * A save the provider refused by a rule of the input (400 or 422 with its reason, e.g. an allow list that
 * would lock the editor out): the toast gives that reason, not a generic "bad request, try again".
 */
function refusedOrFailed(refusedTitle: string, failedMessage: string, base: Toast, error: unknown): Toast {
  if (error instanceof ProviderError && (error.status === 400 || error.status === 422) && error.message) {
    return { kind: "error", title: refusedTitle, message: error.message };
  }
  return failed(failedMessage, base);
}

export async function organisationAction(request: Request, route: OrganisationRoute) {
  const formData = await readForm(request, notificationSettingsSchema({ registrationExists: false }), ClientSecretFormSchema, IpAllowListTextSchema);
  const { user, subscriberId, path, keep, tabs } = await resolve(request, route);
  const intent = IntentSchema.safeParse({ intent: formData.get("intent") });
  invariantResponse(intent.success, "Unknown action", 400);
  const view = { path, keep };

  switch (intent.data.intent) {
    case "save-communication": {
      invariantResponse(tabs.includes("communication"), "You cannot change the communication settings", 403);
      const registrationId = formData.get("registrationId");
      const existing = typeof registrationId === "string" && registrationId !== "";
      const submission = parseWithZod(formData, { schema: notificationSettingsSchema({ registrationExists: existing }) });
      if (submission.status !== "success") {
        return data({ intent: intent.data.intent, result: submission.reply(), toast: null }, { status: 400 });
      }
      try {
        const body = { attributes: { email: submission.value.email }, eventTypes: submission.value.eventTypes };
        if (existing) {
          const current = await emailRegistration(user, subscriberId);
          // An update needs the registration it changes (document 3 section 8.4).
          if (!current || current.registrationId !== registrationId) {
            throw new ProviderError(404, "NOT_FOUND", "The notification registration was not found.", "");
          }
          await updateNotificationRegistration(user.ctx, registrationId, body, formVersion(formData));
        } else {
          await createNotificationRegistration(user.ctx, body, subscriberId);
        }
      } catch (error) {
        const toast = failed(ADMINISTRATION_MESSAGES.COMMUNICATION_SETTINGS_FAILED, await writeFailureToast(request, error));
        return data(
          { intent: intent.data.intent, result: submission.reply({ formErrors: [failureReason(error)] }), toast },
          { status: failureStatus(error) },
        );
      }
      return redirectWithToast(
        organisationHref(view, { tab: "communication" }),
        successToast(ADMINISTRATION_MESSAGES.COMMUNICATION_SETTINGS_UPDATED),
      );
    }
    case "save-client-secret": {
      invariantResponse(tabs.includes("connection"), "You cannot change the connection settings", 403);
      const connectionId = formData.get("connectionId");
      invariantResponse(typeof connectionId === "string" && connectionId !== "", "Name the connection", 400);
      const submission = parseWithZod(formData, { schema: ClientSecretFormSchema });
      if (submission.status !== "success") {
        return data({ intent: intent.data.intent, result: submission.reply({ hideFields: ["clientSecret"] }), toast: null }, { status: 400 });
      }
      try {
        await setSsoClientSecret(user.ctx, subscriberId, connectionId, submission.value.clientSecret, formVersion(formData));
      } catch (error) {
        const toast = failed(ADMINISTRATION_MESSAGES.CONNECTION_SETTINGS_FAILED, await writeFailureToast(request, error));
        return data(
          {
            intent: intent.data.intent,
            result: submission.reply({ formErrors: [failureReason(error)], hideFields: ["clientSecret"] }),
            toast,
          },
          { status: failureStatus(error) },
        );
      }
      return redirectWithToast(organisationHref(view, { tab: "connection" }), successToast(ADMINISTRATION_MESSAGES.CONNECTION_SETTINGS_UPDATED));
    }
    case "save-ip-allow-list": {
      invariantResponse(tabs.includes("connection"), "You cannot change the connection settings", 403);
      const submission = parseWithZod(formData, { schema: IpAllowListTextSchema });
      if (submission.status !== "success") {
        return data({ intent: intent.data.intent, result: submission.reply(), toast: null }, { status: 400 });
      }
      try {
        await setIpAllowList(user.ctx, subscriberId, submission.value.ipAddresses, formVersion(formData));
      } catch (error) {
        const toast = refusedOrFailed(
          ADMINISTRATION_MESSAGES.CONNECTION_SETTINGS_REFUSED,
          ADMINISTRATION_MESSAGES.CONNECTION_SETTINGS_FAILED,
          await writeFailureToast(request, error),
          error,
        );
        return data(
          { intent: intent.data.intent, result: submission.reply({ formErrors: [failureReason(error)] }), toast },
          { status: failureStatus(error) },
        );
      }
      return redirectWithToast(organisationHref(view, { tab: "connection" }), successToast(ADMINISTRATION_MESSAGES.CONNECTION_SETTINGS_UPDATED));
    }
  }
}
