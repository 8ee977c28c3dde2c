/** Use-cases over the subscriber service, shared by the app and the CLI. */
import { AssociatedSubscribersResponseSchema, SubscriberUserNamesResponseSchema } from "./api.js";
import { MeResponseSchema } from "../identity/api.js";
import { call, type RequestContext } from "../shared/provider-client.js";

export async function getMe(ctx: RequestContext) {
  return (await call(ctx, "GET", "/api/v1/me", { schema: MeResponseSchema })).data;
}

/**
 * Resolves while the access token still stands (the user Active, the login not revoked, the address
 * allowed); rejects with the provider's refusal (401, 403) otherwise.
 */
export async function checkStanding(ctx: RequestContext): Promise<void> {
  await call(ctx, "GET", "/api/v1/me/standing");
}

/** The user's associated subscribers, primary first (page 1, limit 20, as the shell asks). */
export async function listAssociatedSubscribers(ctx: RequestContext, subscriberUserId: string) {
  const { data } = await call(ctx, "GET", "/api/subscriber/v1/subscribers", {
    query: { page: 1, limit: 20, "subscriber-user-id": subscriberUserId },
    schema: AssociatedSubscribersResponseSchema,
  });
  return data.records;
}

export async function getSubscriberUserNames(ctx: RequestContext, ids: readonly string[]) {
  const { data } = await call(ctx, "GET", "/api/subscriber/v1/subscribers/subscriber-users", {
    query: { ids: ids.join(",") },
    schema: SubscriberUserNamesResponseSchema,
  });
  return data.records;
}
