/** Helpers of the administration API tests: people with chosen roles at a chosen subscriber, and calls. */
import { randomUUID } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { createScriptClient } from "../../provider/identity/script-clients.js";
import { hashPassword } from "../../provider/identity/passwords.js";
import { statusAtSubscriber } from "../../provider/administration/user-reach.js";
import { clientCredentialsToken, DEMO_PASSWORD, DEMO_SUBSCRIBERS, type TestProvider } from "./support.js";

export const API = "/api/subscriber/v1";

/**
 * An Active user holding `roles` at `subscriber`, and an access token of theirs (through a script client
 * bound to them, so no login page is needed).
 */
export async function personWithRoles(
  provider: TestProvider,
  subscriber: keyof typeof DEMO_SUBSCRIBERS,
  roles: string[],
  name = "Test",
): Promise<{ token: string; userId: string; email: string }> {
  const { userId, email, tokens } = await personAt(provider, { [subscriber]: roles }, name);
  return { token: tokens[subscriber]!, userId, email };
}

/**
 * An Active user holding roles at several subscribers (the first one is their primary), with an access
 * token of theirs at each (through a script client bound to them there). They have the demo password unless
 * `password` is false (hashing one costs a tenth of a second, and callers that act only through tokens
 * create many).
 */
export async function personAt(
  provider: TestProvider,
  memberships: Partial<Record<keyof typeof DEMO_SUBSCRIBERS, readonly string[]>>,
  name = "Shared",
  { password = true }: { password?: boolean } = {},
): Promise<{ userId: string; email: string; tokens: Partial<Record<keyof typeof DEMO_SUBSCRIBERS, string>> }> {
  const keys = Object.keys(memberships) as (keyof typeof DEMO_SUBSCRIBERS)[];
  const userId = randomUUID();
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${userId.slice(0, 8)}@${keys[0]!.toLowerCase()}.example`;
  await provider.db
    .insertInto("subscriber_users")
    .values({
      subscriber_user_id: userId,
      email,
      first_name: name,
      last_name: "Person",
      status: "Active",
      password_hash: password ? await hashPassword(DEMO_PASSWORD) : null,
      global_roles: JSON.stringify([]),
    })
    .execute();
  await provider.db
    .insertInto("user_subscribers")
    .values(
      keys.map((key, index) => ({
        subscriber_user_id: userId,
        subscriber_id: DEMO_SUBSCRIBERS[key].subscriberId,
        role_names: JSON.stringify(memberships[key]),
        is_primary: index === 0,
      })),
    )
    .execute();
  const tokens: Partial<Record<keyof typeof DEMO_SUBSCRIBERS, string>> = {};
  for (const key of keys) {
    const client = await createScriptClient(provider.db, provider.config, {
      name: `${name} at ${key}`,
      subscriberId: DEMO_SUBSCRIBERS[key].subscriberId,
      subscriberUserId: userId,
    });
    tokens[key] = await clientCredentialsToken(inject(provider), client.clientId, client.clientSecret);
  }
  return { userId, email, tokens };
}

/** A user as the database holds them: names, the account's status, and their status at each subscriber. */
export async function storedUser(provider: TestProvider, subscriberUserId: string) {
  const user = await provider.db
    .selectFrom("subscriber_users")
    .select(["first_name", "middle_name", "last_name", "status", "version"])
    .where("subscriber_user_id", "=", subscriberUserId)
    .executeTakeFirstOrThrow();
  const memberships = await provider.db
    .selectFrom("user_subscribers")
    .select(["subscriber_id", "status", "role_names"])
    .where("subscriber_user_id", "=", subscriberUserId)
    .orderBy("subscriber_id")
    .execute();
  return { ...user, memberships };
}

/** The status a user has at their primary subscriber (the account's, unless suspended there). */
export async function statusAtPrimary(provider: TestProvider, subscriberUserId: string): Promise<string> {
  const row = await provider.db
    .selectFrom("subscriber_users as u")
    .leftJoin("user_subscribers as us", (join) =>
      join.onRef("us.subscriber_user_id", "=", "u.subscriber_user_id").on("us.is_primary", "=", true),
    )
    .select(["u.status", "us.status as at_subscriber"])
    .where("u.subscriber_user_id", "=", subscriberUserId)
    .executeTakeFirstOrThrow();
  return statusAtSubscriber(row.status, row.at_subscriber);
}

export function inject(provider: TestProvider) {
  const host = new URL(provider.config.publicUrl).host;
  return (options: InjectOptions): Promise<LightMyRequestResponse> =>
    provider.app.inject({ ...options, headers: { host, ...options.headers } });
}

export async function auditEvents(provider: TestProvider, where: { target?: string; action?: string } = {}) {
  let query = provider.db.selectFrom("audit_events").selectAll();
  if (where.target) query = query.where("target", "=", where.target);
  if (where.action) query = query.where("action", "=", where.action);
  return query.orderBy("occurred_at").execute();
}

export async function invitations(provider: TestProvider, subscriberUserId: string) {
  return provider.db
    .selectFrom("user_invitations")
    .selectAll()
    .where("subscriber_user_id", "=", subscriberUserId)
    .orderBy("sent_at")
    .execute();
}
