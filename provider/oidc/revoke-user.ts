/**
 * Suspension ends every login of a user at once: their grants, sessions, codes and tokens are destroyed, so
 * the next API call with any of their access tokens is refused (its grant is gone), refreshes fail, and
 * the browser's provider session no longer exists.
 */
import type { DB } from "../db/index.js";
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

export async function revokeUserGrants(db: DB, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const grants = await trx
      .selectFrom("oidc_payloads")
      .select("id")
      .where("model", "=", "Grant")
      .where("account_id", "=", userId)
      .execute();
    const grantIds = grants.map((grant) => grant.id);
    await trx.deleteFrom("oidc_payloads").where("account_id", "=", userId).where("model", "in", ACCOUNT_MODELS).execute();
    if (grantIds.length) await trx.deleteFrom("oidc_payloads").where("grant_id", "in", grantIds).execute();
    await forgetGrantSubscribers(trx, grantIds);
  });
}
