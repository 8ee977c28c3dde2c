/**
 * Notification registrations (document 3 sections 2.4 and 7.3): where a subscriber's email notifications go
 * and for which events. One registration per notification type (EMAIL) per subscriber. Checked with core's
 * communication settings schema: 'Email is required', 'Invalid email format', 'Email address must be 50
 * characters or less', and, when none exists yet, 'Please select at least one notification type'.
 */
import { randomUUID } from "node:crypto";
import type { NotificationRegistration } from "../../core/administration/api.js";
import type { PageInfo } from "../../core/shared/contract.js";
import type { NotificationType } from "../../core/administration/enums.js";
import { Permission } from "../../core/shared/permissions/roles.js";
import { notificationSettingsSchema } from "../../core/administration/schemas.js";
import type { DB } from "../platform/db/index.js";
import { ApiError, badRequest, notFound } from "../platform/errors.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import { isHelpdesk, requirePermission, type RequestMeta } from "../platform/access.js";
import { administeredSubscriber } from "./scope.js";
import type { NotificationRegistrationsTable } from "../platform/db/schema.js";
import { AuditAction, recordAuditEvent } from "../platform/audit.js";
import { versionedWrite } from "../platform/versions.js";
import { offsetOf, pageInfo, type Paging } from "../platform/paging.js";
import type { Selectable } from "kysely";

export interface RegistrationInput {
  notificationType: NotificationType;
  attributes: { email: string };
  eventTypes: string[];
}

const NOT_FOUND = "Notification registration not found.";

function toRegistration(row: Selectable<NotificationRegistrationsTable>): NotificationRegistration {
  return {
    registrationId: row.registration_id,
    subscriberId: row.subscriber_id,
    notificationType: row.notification_type as NotificationType,
    attributes: { email: row.email },
    eventTypes: row.event_types,
    version: row.version,
    lastModifiedAt: new Date(row.updated_at).toISOString(),
  };
}

function checked(input: RegistrationInput, registrationExists: boolean) {
  const parsed = notificationSettingsSchema({ registrationExists }).safeParse({
    email: input.attributes.email,
    eventTypes: input.eventTypes,
  });
  if (!parsed.success) {
    const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    throw badRequest(messages.join("; "), "VALIDATION_ERROR");
  }
  return { email: parsed.data.email, eventTypes: [...new Set(parsed.data.eventTypes)] };
}

export async function createNotificationRegistration(
  db: DB,
  caller: VerifiedCaller,
  subscriberId: string | undefined,
  input: RegistrationInput,
  meta: RequestMeta,
): Promise<NotificationRegistration> {
  requirePermission(caller, Permission.VIEW_SUBSCRIBER_NOTIFICATION_PREFERENCES);
  const subscriber = await administeredSubscriber(db, caller, subscriberId);
  const { email, eventTypes } = checked(input, false);
  const registrationId = randomUUID();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("notification_registrations")
      .values({
        registration_id: registrationId,
        subscriber_id: subscriber.subscriberId,
        notification_type: input.notificationType,
        email,
        event_types: JSON.stringify(eventTypes),
        updated_by: caller.userId,
      })
      .onConflict((oc) => oc.columns(["subscriber_id", "notification_type"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      throw new ApiError(
        409,
        "REGISTRATION_EXISTS",
        `${subscriber.name} already has an ${input.notificationType} registration: update it instead.`,
      );
    }
    await recordAuditEvent(
      trx,
      {
        actorUserId: caller.userId,
        subscriberId: subscriber.subscriberId,
        action: AuditAction.NOTIFICATION_REGISTRATION_CREATED,
        target: registrationId,
        details: { notificationType: input.notificationType, email, eventTypes },
      },
      meta,
    );
    return toRegistration(row);
  });
}

export async function listNotificationRegistrations(
  db: DB,
  caller: VerifiedCaller,
  query: Paging & { subscriberId?: string },
): Promise<{ records: NotificationRegistration[]; page: PageInfo }> {
  requirePermission(caller, Permission.VIEW_SUBSCRIBER_NOTIFICATION_PREFERENCES);
  const subscriberId =
    isHelpdesk(caller) && !query.subscriberId
      ? undefined
      : (await administeredSubscriber(db, caller, query.subscriberId)).subscriberId;
  let registrations = db.selectFrom("notification_registrations");
  if (subscriberId) registrations = registrations.where("subscriber_id", "=", subscriberId);
  const [rows, total] = await Promise.all([
    registrations
      .selectAll()
      .orderBy("subscriber_id")
      .orderBy("notification_type")
      .limit(query.limit)
      .offset(offsetOf(query))
      .execute(),
    registrations.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
  ]);
  const records = rows.map(toRegistration);
  return { records, page: pageInfo(query, Number(total.total), records.length) };
}

export async function updateNotificationRegistration(
  db: DB,
  caller: VerifiedCaller,
  registrationId: string,
  input: RegistrationInput,
  version: number,
  meta: RequestMeta,
): Promise<NotificationRegistration> {
  requirePermission(caller, Permission.VIEW_SUBSCRIBER_NOTIFICATION_PREFERENCES);
  const existing = await db
    .selectFrom("notification_registrations")
    .selectAll()
    .where("registration_id", "=", registrationId)
    .executeTakeFirst();
  if (!existing || (!isHelpdesk(caller) && existing.subscriber_id !== caller.subscriberId)) throw notFound(NOT_FOUND);
  if (input.notificationType !== existing.notification_type) {
    throw badRequest("The notification type of a registration cannot be changed.");
  }
  const { email, eventTypes } = checked(input, true);
  const { result } = await versionedWrite(
    db,
    { table: "notification_registrations", id: registrationId, expected: version, missing: () => notFound(NOT_FOUND) },
    (trx) =>
      trx
        .updateTable("notification_registrations")
        .set({ email, event_types: JSON.stringify(eventTypes), updated_at: new Date(), updated_by: caller.userId })
        .where("registration_id", "=", registrationId)
        .returningAll()
        .executeTakeFirstOrThrow(),
    {
      actorUserId: caller.userId,
      subscriberId: existing.subscriber_id,
      action: AuditAction.NOTIFICATION_REGISTRATION_UPDATED,
      target: registrationId,
      details: { from: { email: existing.email, eventTypes: existing.event_types }, to: { email, eventTypes } },
    },
    meta,
  );
  return toRegistration(result);
}
