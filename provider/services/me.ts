/** The caller as their access token describes them (GET /api/v1/me): the app header and `convey whoami`. */
import type { Me } from "../../core/api/contract.js";
import type { DB } from "../db/index.js";
import { unauthorized } from "../errors.js";
import type { VerifiedCaller } from "../oidc/index.js";
import { findUserRow, toSubscriberUser } from "./subscriber-users.js";
import { findSelectedSubscriber } from "./subscribers.js";

export async function getMe(db: DB, caller: VerifiedCaller): Promise<Me> {
  const [row, selectedSubscriber] = await Promise.all([
    findUserRow(db, caller.userId),
    findSelectedSubscriber(db, caller),
  ]);
  // The token check found the user a moment ago; a user deleted since is no longer a caller.
  if (!row) throw unauthorized("The user of this access token no longer exists.");
  const membership = selectedSubscriber
    ? {
        subscriberId: selectedSubscriber.subscriberId,
        subscriberName: selectedSubscriber.name,
        roleNames: caller.roles,
      }
    : null;
  return {
    user: { ...toSubscriberUser(row, membership), roleNames: caller.roles },
    selectedSubscriber,
    roles: caller.roles,
    permissions: caller.permissions,
  };
}
