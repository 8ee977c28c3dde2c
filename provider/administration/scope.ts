/**
 * Which subscriber an administrative call acts on (document 3 section 6): the helpdesk administrator names
 * any subscriber; everyone else acts only on the subscriber selected in their token. Another subscriber is
 * answered exactly like one that does not exist (404), so its id reveals nothing.
 */
import type { AuthenticationType, SubscriberEntityType, SubscriberStatus } from "../../core/administration/subscribers.js";
import type { DB } from "../platform/db/index.js";
import { badRequest, forbidden, notFound } from "../platform/errors.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import { isHelpdesk } from "../platform/access.js";

export interface AdministeredSubscriber {
  subscriberId: string;
  name: string;
  entityType: SubscriberEntityType;
  status: SubscriberStatus;
  authenticationType: AuthenticationType;
  version: number;
  ipAllowList: string[];
  ipAllowListModifiedAt: Date | null;
  ipAllowListModifiedBy: string | null;
}

export const SUBSCRIBER_NOT_FOUND = "Subscriber not found.";

export async function findSubscriberById(db: DB, subscriberId: string): Promise<AdministeredSubscriber | undefined> {
  const row = await db
    .selectFrom("subscribers")
    .selectAll()
    .where("subscriber_id", "=", subscriberId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    subscriberId: row.subscriber_id,
    name: row.name,
    entityType: row.entity_type as SubscriberEntityType,
    status: row.status as SubscriberStatus,
    authenticationType: row.authentication_type as AuthenticationType,
    version: row.version,
    ipAllowList: Array.isArray(row.ip_allow_list) ? row.ip_allow_list : [],
    ipAllowListModifiedAt: row.ip_allow_list_modified_at,
    ipAllowListModifiedBy: row.ip_allow_list_modified_by,
  };
}

/**
 * The subscriber the caller administers: `requested` for the helpdesk administrator (required), the token's
 * selected subscriber for anyone else (a different `requested` is not found).
 */
export async function administeredSubscriber(
  db: DB,
  caller: VerifiedCaller,
  requested: string | undefined,
): Promise<AdministeredSubscriber> {
  let subscriberId: string;
  if (isHelpdesk(caller)) {
    if (!requested) {
      throw badRequest("Name the subscriber (subscriberId): a helpdesk administrator acts on any of them.", "SUBSCRIBER_REQUIRED");
    }
    subscriberId = requested;
  } else {
    if (caller.subscriberId === null) throw forbidden("Your access token does not select a subscriber.");
    if (requested !== undefined && requested !== caller.subscriberId) throw notFound(SUBSCRIBER_NOT_FOUND);
    subscriberId = caller.subscriberId;
  }
  const subscriber = await findSubscriberById(db, subscriberId);
  if (!subscriber) throw notFound(SUBSCRIBER_NOT_FOUND);
  return subscriber;
}
