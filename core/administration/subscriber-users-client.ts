/** Use-cases over the subscriber service, shared by the app and the CLI. */
import {
  AssociatedSubscribersResponseSchema,
  MeResponseSchema,
  SubscriberUserNamesResponseSchema,
  SubscriberUserSchema,
  UserSearchResponseSchema,
  type UserSearchRequest,
} from "../shared/contract.js";
import { call, type RequestContext } from "../shared/provider-client.js";
import { ProviderError } from "../shared/provider-errors.js";

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

export async function searchSubscriberUsers(ctx: RequestContext, search: UserSearchRequest) {
  const { data } = await call(ctx, "POST", "/api/subscriber/v1/subscriber-users/search", {
    body: search,
    reads: true,
    schema: UserSearchResponseSchema,
  });
  return data;
}

/** Finds one user by exact email within what the caller may see; 404 ProviderError when absent. */
export async function findSubscriberUserByEmail(ctx: RequestContext, email: string, subscriberId?: string) {
  const result = await searchSubscriberUsers(ctx, { email, subscriberId, page: 1, limit: 1 });
  const user = result.records[0];
  if (!user) throw new ProviderError(404, "USER_NOT_FOUND", `No user with the email ${email}`, "");
  return user;
}

export async function changeSubscriberUserStatus(
  ctx: RequestContext,
  subscriberUserId: string,
  status: "Active" | "Suspended",
) {
  const { data } = await call(ctx, "PATCH", `/api/subscriber/v1/subscriber-users/${encodeURIComponent(subscriberUserId)}`, {
    body: { status },
    schema: SubscriberUserSchema,
  });
  return data;
}
