/**
 * A subscriber's organisation settings (document 3 sections 2.4, 3 and 7.3): details with user
 * authentication (database connection with MFA, or enterprise SSO connections) and the IP allow list; the
 * IP allow list update; the SSO client secret update. The client secret is stored sealed (AES-256-GCM)
 * and never leaves the provider: responses say only whether one is set.
 *
 * Viewing needs VIEW_ORGANISATIONS; the connection settings (and their edits) need VIEW_CONNECTION_SETTINGS,
 * the permission of the tab that shows and edits them (docs/decisions/0300-subscriber-administration.md).
 */
import type { SubscriberDetails } from "../../core/administration/api.js";
import { Permission, hasAllPermissions } from "../../core/shared/permissions/roles.js";
import { fullName, type AuthenticationType } from "../../core/administration/subscribers.js";
import { ClientSecretSchema } from "../../core/administration/schemas.js";
import {
  IP_ALLOW_LIST_MAX_LENGTH,
  IP_ALLOW_LIST_MESSAGE,
  IP_ALLOW_LIST_TOO_LONG_MESSAGE,
  canonicalIpEntry,
} from "../../core/administration/ip-allow-list.js";
import type { DB } from "../platform/db/index.js";
import { badRequest, conflict, notFound } from "../platform/errors.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import { encryptSecret } from "../platform/security/encryption.js";
import { isAddressAllowed } from "../platform/security/ip-allow-list.js";
import { isHelpdesk, requirePermission, type RequestMeta } from "../platform/access.js";
import { administeredSubscriber, SUBSCRIBER_NOT_FOUND, type AdministeredSubscriber } from "./scope.js";
import { versionedWrite } from "../platform/versions.js";
import { AuditAction } from "../platform/audit.js";

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

async function userName(db: DB, subscriberUserId: string | null): Promise<string | null> {
  if (!subscriberUserId) return null;
  const row = await db
    .selectFrom("subscriber_users")
    .select(["first_name", "middle_name", "last_name"])
    .where("subscriber_user_id", "=", subscriberUserId)
    .executeTakeFirst();
  return row ? fullName({ firstName: row.first_name, middleName: row.middle_name, lastName: row.last_name }) : null;
}

async function detailsOf(db: DB, caller: VerifiedCaller, subscriber: AdministeredSubscriber): Promise<SubscriberDetails> {
  const connection = hasAllPermissions(caller.permissions, [Permission.VIEW_CONNECTION_SETTINGS]);
  let userAuthentication: SubscriberDetails["userAuthentication"] = null;
  let ipAllow: SubscriberDetails["ipAllow"] = null;
  if (connection) {
    const sso = await db
      .selectFrom("sso_connections")
      .select(["connection_id", "client_id", "last_modified_at", "client_secret_encrypted"])
      .where("subscriber_id", "=", subscriber.subscriberId)
      .orderBy("created_at")
      .orderBy("connection_id")
      .execute();
    userAuthentication = {
      type: subscriber.authenticationType as AuthenticationType,
      sso: sso.map((row) => ({
        connectionId: row.connection_id,
        clientId: row.client_id,
        lastModifiedAt: iso(row.last_modified_at),
        clientSecretSet: row.client_secret_encrypted !== null,
      })),
    };
    ipAllow = {
      ipAddresses: subscriber.ipAllowList,
      lastModifiedAt: iso(subscriber.ipAllowListModifiedAt),
      lastModifiedBy: await userName(db, subscriber.ipAllowListModifiedBy),
    };
  }
  return {
    subscriberId: subscriber.subscriberId,
    name: subscriber.name,
    entityType: subscriber.entityType,
    status: subscriber.status,
    version: subscriber.version,
    userAuthentication,
    ipAllow,
  };
}

/** GET /subscribers/{id}/details */
export async function getSubscriberDetails(db: DB, caller: VerifiedCaller, subscriberId: string): Promise<SubscriberDetails> {
  requirePermission(caller, Permission.VIEW_ORGANISATIONS);
  return detailsOf(db, caller, await administeredSubscriber(db, caller, subscriberId));
}

/**
 * Each entry an IPv4 or IPv6 address or CIDR range (document 3 section 5.3), in canonical form, duplicates
 * removed; the list as text at most 5000 characters. Throws 400 naming the first bad entry.
 */
export function checkIpAllowList(entries: readonly string[]): string[] {
  const unique: string[] = [];
  for (const entry of entries) {
    const canonical = canonicalIpEntry(entry.trim());
    if (canonical === null) {
      throw badRequest(`${IP_ALLOW_LIST_MESSAGE} (${JSON.stringify(entry.slice(0, 60))} is not an IP address or range)`, "INVALID_IP_ALLOW_LIST");
    }
    if (!unique.includes(canonical)) unique.push(canonical);
  }
  if (unique.join(", ").length > IP_ALLOW_LIST_MAX_LENGTH) throw badRequest(IP_ALLOW_LIST_TOO_LONG_MESSAGE, "INVALID_IP_ALLOW_LIST");
  return unique;
}

/**
 * PATCH /idp-metadata/{subscriberId}/USER_IP_WHITELIST. An empty list removes the restriction. A list that
 * would shut out the person saving it (not a helpdesk administrator) is refused: they could not undo it.
 */
export async function updateIpAllowList(
  db: DB,
  caller: VerifiedCaller,
  subscriberId: string,
  update: { addresses: string[]; version: number },
  meta: RequestMeta,
): Promise<SubscriberDetails> {
  requirePermission(caller, Permission.VIEW_CONNECTION_SETTINGS);
  const subscriber = await administeredSubscriber(db, caller, subscriberId);
  const addresses = checkIpAllowList(update.addresses);
  if (update.version !== subscriber.version) throw conflict();
  if (!isHelpdesk(caller) && meta.ipAddress && !isAddressAllowed(meta.ipAddress, addresses)) {
    throw badRequest(
      `This list does not include your own address (${meta.ipAddress}): saving it would lock you out. Add your address, or ask a helpdesk administrator.`,
      "IP_ALLOW_LIST_EXCLUDES_CALLER",
    );
  }
  const unchanged =
    addresses.length === subscriber.ipAllowList.length && addresses.every((address, i) => address === subscriber.ipAllowList[i]);
  if (!unchanged) {
    await versionedWrite(
      db,
      { table: "subscribers", id: subscriber.subscriberId, expected: update.version, missing: () => notFound(SUBSCRIBER_NOT_FOUND) },
      (trx) =>
        trx
          .updateTable("subscribers")
          .set({ ip_allow_list: JSON.stringify(addresses), ip_allow_list_modified_at: new Date(), ip_allow_list_modified_by: caller.userId })
          .where("subscriber_id", "=", subscriber.subscriberId)
          .execute(),
      {
        actorUserId: caller.userId,
        subscriberId: subscriber.subscriberId,
        action: AuditAction.IP_ALLOW_LIST_UPDATED,
        target: subscriber.subscriberId,
        details: { from: subscriber.ipAllowList, to: addresses },
      },
      meta,
    );
  }
  return getSubscriberDetails(db, caller, subscriber.subscriberId);
}

/** PATCH /idp-sso/{subscriberId}?connection_id=: a new client secret for one SSO connection, stored sealed. */
export async function updateSsoClientSecret(
  db: DB,
  encryptionKey: Buffer,
  caller: VerifiedCaller,
  subscriberId: string,
  connectionId: string,
  clientSecret: string,
  version: number,
  meta: RequestMeta,
): Promise<SubscriberDetails> {
  requirePermission(caller, Permission.VIEW_CONNECTION_SETTINGS);
  const subscriber = await administeredSubscriber(db, caller, subscriberId);
  const checked = ClientSecretSchema.safeParse(clientSecret);
  // The message names the rule only: never the value.
  if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? "Enter a valid client secret", "VALIDATION_ERROR");
  // The connection settings are the subscriber's: a new secret moves the subscriber's version on.
  await versionedWrite(
    db,
    { table: "subscribers", id: subscriber.subscriberId, expected: version, missing: () => notFound(SUBSCRIBER_NOT_FOUND) },
    async (trx) => {
      const updated = await trx
        .updateTable("sso_connections")
        .set({ client_secret_encrypted: encryptSecret(encryptionKey, checked.data), last_modified_at: new Date(), last_modified_by: caller.userId })
        .where("connection_id", "=", connectionId)
        .where("subscriber_id", "=", subscriber.subscriberId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw notFound("There is no such single sign-on connection for this subscriber.");
    },
    {
      actorUserId: caller.userId,
      subscriberId: subscriber.subscriberId,
      action: AuditAction.SSO_CLIENT_SECRET_UPDATED,
      target: connectionId,
      details: { connectionId, clientSecretChanged: true },
    },
    meta,
  );
  return getSubscriberDetails(db, caller, subscriber.subscriberId);
}
