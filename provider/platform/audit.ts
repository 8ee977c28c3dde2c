/**
 * Audit events: who did what to whom, at which subscriber, from where, in which request. Written in the
 * same transaction as the change. Details name what changed; they never carry a secret (a changed password
 * or client secret is recorded as `passwordChanged: true`, never its value).
 */
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { AuditEvent as AuditEventRecord } from "../../core/administration/api.js";
import type { PageInfo } from "../../core/shared/contract.js";
import { Permission } from "../../core/shared/permissions/roles.js";
import type { DB, Database } from "./db/index.js";
import { forbidden, notFound } from "./errors.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import { isHelpdesk, requirePermission, type RequestMeta } from "./access.js";
import { offsetOf, pageInfo, type Paging } from "./paging.js";

export const AuditAction = {
  USER_SUSPENDED: "USER_SUSPENDED",
  USER_UNSUSPENDED: "USER_UNSUSPENDED",
  /** Too many failed passwords locked the user's login for a while (details: until). */
  USER_LOGIN_BLOCKED: "USER_LOGIN_BLOCKED",
  /** The lock of a user's login was lifted before its end (details: by unblock or unsuspension). */
  USER_LOGIN_UNBLOCKED: "USER_LOGIN_UNBLOCKED",
  /** Too many failed passwords from one client address locked logins from it for a while. */
  LOGIN_ADDRESS_BLOCKED: "LOGIN_ADDRESS_BLOCKED",
  USER_CREATED: "USER_CREATED",
  USER_ADDED_TO_SUBSCRIBER: "USER_ADDED_TO_SUBSCRIBER",
  USER_UPDATED: "USER_UPDATED",
  USER_INVITATION_RESENT: "USER_INVITATION_RESENT",
  USER_ACTIVATED: "USER_ACTIVATED",
  IP_ALLOW_LIST_UPDATED: "IP_ALLOW_LIST_UPDATED",
  SSO_CLIENT_SECRET_UPDATED: "SSO_CLIENT_SECRET_UPDATED",
  NOTIFICATION_REGISTRATION_CREATED: "NOTIFICATION_REGISTRATION_CREATED",
  NOTIFICATION_REGISTRATION_UPDATED: "NOTIFICATION_REGISTRATION_UPDATED",
  LODGEMENT_IDENTIFIERS_CREATED: "LODGEMENT_IDENTIFIERS_CREATED",
  LODGEMENT_IDENTIFIERS_UPDATED: "LODGEMENT_IDENTIFIERS_UPDATED",
  FEATURE_FLAG_UPDATED: "FEATURE_FLAG_UPDATED",
  SUBSCRIBER_CREATED: "SUBSCRIBER_CREATED",
  JOB_RETRIED: "JOB_RETRIED",
  PRODUCT_CLOCK_SET: "PRODUCT_CLOCK_SET",
  /** Frequently used financial accounts (details: the bank's status; a manual verification names no more). */
  FINANCIAL_ACCOUNT_ADDED: "FINANCIAL_ACCOUNT_ADDED",
  FINANCIAL_ACCOUNT_CHANGED: "FINANCIAL_ACCOUNT_CHANGED",
  FINANCIAL_ACCOUNT_VERIFIED_MANUALLY: "FINANCIAL_ACCOUNT_VERIFIED_MANUALLY",
  FINANCIAL_ACCOUNT_DELETED: "FINANCIAL_ACCOUNT_DELETED",
  /** Lodgement files (details: the case, the type, size and SHA-256; the grantees; the name deleted). */
  LODGEMENT_FILE_UPLOADED: "LODGEMENT_FILE_UPLOADED",
  LODGEMENT_FILE_POLICY_CHANGED: "LODGEMENT_FILE_POLICY_CHANGED",
  LODGEMENT_FILE_DELETED: "LODGEMENT_FILE_DELETED",
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];

export interface AuditEvent {
  actorUserId: string | null;
  subscriberId: string | null;
  action: AuditAction;
  target: string | null;
  details?: Record<string, unknown>;
}

function auditRow(event: AuditEvent, meta: RequestMeta) {
  return {
    audit_event_id: randomUUID(),
    actor_user_id: event.actorUserId,
    subscriber_id: event.subscriberId,
    action: event.action,
    target: event.target,
    details: JSON.stringify(event.details ?? {}),
    ip_address: meta.ipAddress,
    correlation_id: meta.correlationId,
  };
}

export async function recordAuditEvent(
  db: Kysely<Database>,
  event: AuditEvent,
  meta: RequestMeta,
): Promise<void> {
  await db.insertInto("audit_events").values(auditRow(event, meta)).execute();
}

/** Many events of one request in one statement (bulk user changes). */
export async function recordAuditEvents(
  db: Kysely<Database>,
  events: readonly AuditEvent[],
  meta: RequestMeta,
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto("audit_events")
    .values(events.map((event) => auditRow(event, meta)))
    .execute();
}

export interface AuditEventsQuery extends Paging {
  subscriberId?: string;
  action?: string;
}

/**
 * The audit log, newest first: the helpdesk administrator reads every subscriber's (or one, when named);
 * a User Manager reads only their selected subscriber's (another subscriber's log is not found).
 */
export async function listAuditEvents(
  db: DB,
  caller: VerifiedCaller,
  query: AuditEventsQuery,
): Promise<{ records: AuditEventRecord[]; page: PageInfo }> {
  requirePermission(caller, Permission.VIEW_AUDIT_EVENTS);
  let subscriberId = query.subscriberId;
  if (!isHelpdesk(caller)) {
    if (caller.subscriberId === null) throw forbidden("Your access token does not select a subscriber.");
    if (subscriberId !== undefined && subscriberId !== caller.subscriberId) {
      throw notFound("Subscriber not found.");
    }
    subscriberId = caller.subscriberId;
  }
  let events = db.selectFrom("audit_events as e");
  if (subscriberId !== undefined) events = events.where("e.subscriber_id", "=", subscriberId);
  if (query.action) events = events.where("e.action", "=", query.action);
  const [rows, total] = await Promise.all([
    events
      .leftJoin("subscriber_users as u", "u.subscriber_user_id", "e.actor_user_id")
      .select([
        "e.audit_event_id",
        "e.occurred_at",
        "e.actor_user_id",
        sql<string | null>`concat_ws(' ', u.first_name, u.middle_name, u.last_name)`.as("actor_name"),
        "e.subscriber_id",
        "e.action",
        "e.target",
        "e.details",
        "e.ip_address",
        "e.correlation_id",
      ])
      .orderBy("e.occurred_at", "desc")
      .orderBy("e.audit_event_id")
      .limit(query.limit)
      .offset(offsetOf(query))
      .execute(),
    events.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
  ]);
  const records = rows.map((row) => ({
    auditEventId: row.audit_event_id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    actorUserId: row.actor_user_id,
    actorName: row.actor_user_id && row.actor_name ? row.actor_name : null,
    subscriberId: row.subscriber_id,
    action: row.action,
    target: row.target,
    details: row.details ?? {},
    ipAddress: row.ip_address,
    correlationId: row.correlation_id,
  }));
  return { records, page: pageInfo(query, Number(total.total), records.length) };
}
