/** Helpers of the administration API tests: people with chosen roles at a chosen subscriber, and calls. */
import { randomUUID } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { createScriptClient } from "../../provider/oidc/script-clients.js";
import { adminDb } from "../../provider/services/administration-tables.js";
import { clientCredentialsToken, DEMO_SUBSCRIBERS, type TestProvider } from "./support.js";

export const API = "/api/subscriber/v1";

/**
 * An Active user holding `roles` at `subscriber`, and an access token of theirs (through a script client
 * bound to them, so no password or login page is needed).
 */
export async function personWithRoles(
  provider: TestProvider,
  subscriber: keyof typeof DEMO_SUBSCRIBERS,
  roles: string[],
  name = "Test",
): Promise<{ token: string; userId: string; email: string }> {
  const userId = randomUUID();
  const email = `${name.toLowerCase()}.${userId.slice(0, 8)}@${subscriber.toLowerCase()}.example`;
  const subscriberId = DEMO_SUBSCRIBERS[subscriber].subscriberId;
  await provider.db
    .insertInto("subscriber_users")
    .values({
      subscriber_user_id: userId,
      email,
      first_name: name,
      last_name: "Person",
      status: "Active",
      global_roles: JSON.stringify([]),
    })
    .execute();
  await provider.db
    .insertInto("user_subscribers")
    .values({ subscriber_user_id: userId, subscriber_id: subscriberId, role_names: JSON.stringify(roles), is_primary: true })
    .execute();
  const client = await createScriptClient(provider.db, provider.config, {
    name: `${name} test client`,
    subscriberId,
    subscriberUserId: userId,
  });
  const token = await clientCredentialsToken(inject(provider), client.clientId, client.clientSecret);
  return { token, userId, email };
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
  return adminDb(provider.db)
    .selectFrom("user_invitations")
    .selectAll()
    .where("subscriber_user_id", "=", subscriberUserId)
    .orderBy("sent_at")
    .execute();
}
