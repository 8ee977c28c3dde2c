/** The caller as their access token describes them (GET /api/v1/me): the app header and `convey whoami`. */
import type { Me } from "../../core/identity/api.js";
import type { DB } from "../platform/db/index.js";
import { unauthorized } from "../platform/errors.js";
import type { VerifiedCaller } from "./oidc.js";
import { findUserRow, toSubscriberUser } from "../administration/subscriber-users.js";
import { findSelectedSubscriber } from "../administration/subscribers.js";

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
