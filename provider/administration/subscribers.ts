/**
 * Subscribers as the subscriber service shows them: a user's associated subscribers (document 1 sections 3
 * and 7) and the names of users the caller works with.
 */
import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { SubscriberCreateRequest } from "../../core/administration/api.js";
import type { PageInfo } from "../../core/shared/contract.js";
import type { AssociatedSubscriber } from "../../core/administration/api.js";
import {
  SUBSCRIBER_ENTITY_TYPES,
  type AuthenticationType,
  type SubscriberEntityType,
  type SubscriberStatus,
} from "../../core/administration/subscribers.js";
import { subscriberTypeFrom } from "../../core/administration/roles.js";
import type { DB, Database } from "../platform/db/index.js";
import { ApiError, badRequest, forbidden } from "../platform/errors.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import { isHelpdesk, requireHelpdeskAdministrator, type RequestMeta } from "../platform/access.js";
import { AuditAction, recordAuditEvent } from "../platform/audit.js";
import { offsetOf, pageInfo, type Paging } from "../platform/paging.js";
import { containsPattern } from "./subscriber-users.js";

type SubscriberRow = Pick<
  Selectable<Database["subscribers"]>,
  "subscriber_id" | "name" | "entity_type" | "status" | "authentication_type"
>;

/** Rows hold the enumerations as text written only by this provider; the response schema checks them again. */
export function toAssociatedSubscriber(row: SubscriberRow, isPrimary: boolean): AssociatedSubscriber {
  return {
    subscriberId: row.subscriber_id,
    name: row.name,
    entityType: row.entity_type as SubscriberEntityType,
    status: row.status as SubscriberStatus,
    isPrimary,
    authenticationType: row.authentication_type as AuthenticationType,
  };
}

const SUBSCRIBER_COLUMNS = [
  "s.subscriber_id",
  "s.name",
  "s.entity_type",
  "s.status",
  "s.authentication_type",
] as const;

export interface AssociatedSubscribersQuery extends Paging {
  subscriberUserId?: string;
  /** Only subscribers of these entity types (Lender, Law Firm, Conveyancing Firm). */
  types?: readonly SubscriberEntityType[];
  /** Only subscribers whose name contains this text, whatever its case; `%`, `_` and `\` match literally. */
  name?: string;
}

/**
 * The associated subscribers of a user, primary first then by name. A caller may ask only about themself,
 * except the helpdesk administrator, who may ask about anyone and, without a user, gets every subscriber.
 */
export async function listAssociatedSubscribers(
  db: DB,
  caller: VerifiedCaller,
  query: AssociatedSubscribersQuery,
): Promise<{ records: AssociatedSubscriber[]; page: PageInfo }> {
  const helpdesk = isHelpdesk(caller);
  if (query.subscriberUserId !== undefined && query.subscriberUserId !== caller.userId && !helpdesk) {
    throw forbidden("You may only list your own subscribers.");
  }
  const subscriberUserId = query.subscriberUserId ?? (helpdesk ? undefined : caller.userId);

  const types = query.types && query.types.length > 0 ? query.types : undefined;
  const named = query.name ? containsPattern(query.name) : undefined;
  if (subscriberUserId === undefined) {
    let all = db.selectFrom("subscribers as s");
    if (types) all = all.where("s.entity_type", "in", types);
    if (named) all = all.where("s.name", "ilike", named);
    const [rows, total] = await Promise.all([
      all
        .select(SUBSCRIBER_COLUMNS)
        .orderBy("s.name")
        .orderBy("s.subscriber_id")
        .limit(query.limit)
        .offset(offsetOf(query))
        .execute(),
      all.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
    ]);
    const records = rows.map((row) => toAssociatedSubscriber(row, false));
    return { records, page: pageInfo(query, Number(total.total), records.length) };
  }

  let associations = db
    .selectFrom("user_subscribers as us")
    .innerJoin("subscribers as s", "s.subscriber_id", "us.subscriber_id")
    .where("us.subscriber_user_id", "=", subscriberUserId);
  if (types) associations = associations.where("s.entity_type", "in", types);
  if (named) associations = associations.where("s.name", "ilike", named);
  // A user's own list leaves out the subscribers whose User Manager suspended them: they cannot switch there.
  if (subscriberUserId === caller.userId) associations = associations.where("us.status", "<>", "Suspended");
  const [rows, total] = await Promise.all([
    associations
      .select([...SUBSCRIBER_COLUMNS, "us.is_primary"])
      .orderBy("us.is_primary", "desc")
      .orderBy("s.name")
      .orderBy("s.subscriber_id")
      .limit(query.limit)
      .offset(offsetOf(query))
      .execute(),
    associations.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
  ]);
  const records = rows.map((row) => toAssociatedSubscriber(row, row.is_primary));
  return { records, page: pageInfo(query, Number(total.total), records.length) };
}

/** The longest subscriber name. */
export const SUBSCRIBER_NAME_MAX = 200;

/**
 * POST /subscribers: the helpdesk administrator adds a subscriber (Active, database connection with MFA,
 * no users yet; its User Manager is added next). Names are unique whatever their case (409).
 */
export async function createSubscriber(
  db: DB,
  caller: VerifiedCaller,
  input: SubscriberCreateRequest,
  meta: RequestMeta,
): Promise<AssociatedSubscriber> {
  requireHelpdeskAdministrator(caller);
  const name = input.name.trim().replace(/\s+/g, " ");
  if (!name) throw badRequest("Enter the subscriber's name", "VALIDATION_ERROR");
  if (name.length > SUBSCRIBER_NAME_MAX) {
    throw badRequest(`The subscriber's name must not exceed ${SUBSCRIBER_NAME_MAX} characters`, "VALIDATION_ERROR");
  }
  const entityType = subscriberTypeFrom(input.entityType);
  if (!entityType) {
    throw badRequest(`Unknown subscriber type ${input.entityType}: use ${SUBSCRIBER_ENTITY_TYPES.join(", ")}.`, "VALIDATION_ERROR");
  }
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom("subscribers")
      .select("subscriber_id")
      .where(sql<string>`lower(name)`, "=", name.toLowerCase())
      .executeTakeFirst();
    if (taken) throw new ApiError(409, "SUBSCRIBER_EXISTS", `A subscriber named ${name} already exists.`);
    const row = await trx
      .insertInto("subscribers")
      .values({ subscriber_id: randomUUID(), name, entity_type: entityType, status: "Active", ip_allow_list: JSON.stringify([]) })
      .returning(["subscriber_id", "name", "entity_type", "status", "authentication_type"])
      .executeTakeFirstOrThrow();
    await recordAuditEvent(
      trx,
      { actorUserId: caller.userId, subscriberId: row.subscriber_id, action: AuditAction.SUBSCRIBER_CREATED, target: row.subscriber_id, details: { name, entityType } },
      meta,
    );
    return toAssociatedSubscriber(row, false);
  });
}

/** The subscriber a token was issued for, as the caller sees it (null for the helpdesk administrator). */
export async function findSelectedSubscriber(
  db: DB,
  caller: VerifiedCaller,
): Promise<AssociatedSubscriber | null> {
  if (caller.subscriberId === null) return null;
  const row = await db
    .selectFrom("subscribers as s")
    .leftJoin("user_subscribers as us", (join) =>
      join.onRef("us.subscriber_id", "=", "s.subscriber_id").on("us.subscriber_user_id", "=", caller.userId),
    )
    .select([...SUBSCRIBER_COLUMNS, "us.is_primary"])
    .where("s.subscriber_id", "=", caller.subscriberId)
    .executeTakeFirst();
  return row ? toAssociatedSubscriber(row, row.is_primary ?? false) : null;
}

/** At most this many ids in one names lookup. */
export const MAX_NAME_LOOKUP_IDS = 100;

/**
 * First and last names of the given users, limited to users who share a subscriber with the caller (the
 * helpdesk administrator sees everyone). Unknown and invisible ids are left out alike.
 */
export async function getSubscriberUserNames(
  db: DB,
  caller: VerifiedCaller,
  ids: readonly string[],
): Promise<{ subscriberUserId: string; firstName: string; lastName: string }[]> {
  const wanted = [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
  if (wanted.length === 0) return [];
  if (wanted.length > MAX_NAME_LOOKUP_IDS) {
    throw badRequest(`Ask for at most ${MAX_NAME_LOOKUP_IDS} user ids at a time.`);
  }
  let query = db
    .selectFrom("subscriber_users as u")
    .select(["u.subscriber_user_id", "u.first_name", "u.last_name"])
    .where("u.subscriber_user_id", "in", wanted);
  if (!isHelpdesk(caller)) {
    query = query.where((eb) =>
      eb.or([
        eb("u.subscriber_user_id", "=", caller.userId),
        eb.exists(
          eb
            .selectFrom("user_subscribers as theirs")
            .innerJoin("user_subscribers as mine", "mine.subscriber_id", "theirs.subscriber_id")
            .select("theirs.subscriber_id")
            .whereRef("theirs.subscriber_user_id", "=", "u.subscriber_user_id")
            .where("mine.subscriber_user_id", "=", caller.userId),
        ),
      ]),
    );
  }
  const rows = await query.orderBy("u.last_name").orderBy("u.first_name").execute();
  return rows.map((row) => ({
    subscriberUserId: row.subscriber_user_id,
    firstName: row.first_name,
    lastName: row.last_name,
  }));
}
