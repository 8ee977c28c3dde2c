/**
 * Suspension ends the logins it concerns at once. Suspension of the account (the provider's support) ends
 * every login of the user: their grants, sessions, codes and tokens are destroyed, so the next API call with
 * any of their access tokens is refused (its grant is gone), refreshes fail, and the browser's provider
 * session no longer exists; their web app sessions are deleted too. Suspension at one subscriber (its User
 * Manager) ends only the grants and web app sessions issued for that subscriber, with their codes and tokens;
 * the user's logins at their other subscribers go on.
 */
import type { DB } from "../platform/db/index.js";
import { deleteAppSessionsOfUser } from "./app-sessions.js";
import { forgetGrantSubscribers } from "./grant-subscribers.js";

const ACCOUNT_MODELS = [
  "Grant",
  "Session",
  "Interaction",
  "AccessToken",
  "AuthorizationCode",
  "RefreshToken",
  "DeviceCode",
  "BackchannelAuthenticationRequest",
];

export async function revokeUserGrants(db: DB, userId: string, subscriberId?: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let grants = trx
      .selectFrom("oidc_payloads")
      .select("id")
      .where("model", "=", "Grant")
      .where("account_id", "=", userId);
    if (subscriberId !== undefined) {
      grants = grants.where("id", "in", trx.selectFrom("grant_subscribers").select("grant_id").where("subscriber_id", "=", subscriberId));
    }
    const grantIds = (await grants.execute()).map((grant) => grant.id);
    if (subscriberId === undefined) {
      await trx.deleteFrom("oidc_payloads").where("account_id", "=", userId).where("model", "in", ACCOUNT_MODELS).execute();
    } else if (grantIds.length) {
      await trx.deleteFrom("oidc_payloads").where("model", "=", "Grant").where("id", "in", grantIds).execute();
    }
    if (grantIds.length) await trx.deleteFrom("oidc_payloads").where("grant_id", "in", grantIds).execute();
    await forgetGrantSubscribers(trx, grantIds);
    await deleteAppSessionsOfUser(trx, userId, subscriberId);
  });
}
