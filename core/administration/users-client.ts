/**
 * Adding and editing a user as use-cases (document 3 sections 4.6 and 5.3) for clients without the user form:
 * the fields are checked with the form's rules and the roles of the subscriber's type before anything is
 * sent (a UseCaseRefusal, `invalid`, otherwise); the provider checks them again.
 */
import type { CreatedUser, ManagedUser } from "./api.js";
import { createSubscriberUser, editSubscriberUser } from "./client.js";
import { editedRoles, sameRoles } from "./roles.js";
import { checkUserRow } from "./user-import.js";
import { type RequestContext } from "../shared/provider-client.js";
import { UseCaseRefusal } from "../shared/refusals.js";

export interface NewUser {
  email: string;
  firstName: string;
  middleName?: string;
  lastName: string;
  roles: readonly string[];
}

/** Adds a user to the subscriber: Pending until they activate, invited by email. */
export async function addManagedUser(
  ctx: RequestContext,
  subscriber: { subscriberId: string; entityType: string },
  user: NewUser,
): Promise<CreatedUser> {
  const check = checkUserRow({ ...user, roles: [...user.roles] }, { subscriberType: subscriber.entityType });
  if (!check.ok) throw new UseCaseRefusal(check.reason, "invalid");
  const { email, firstName, middleName, lastName, roleNames } = check.row;
  return createSubscriberUser(ctx, subscriber.subscriberId, { email, firstName, middleName, lastName, roleNames });
}

/** New names (a field left out keeps the current one), and the roles replaced, added to or removed from. */
export interface UserChange {
  firstName?: string;
  middleName?: string;
  lastName?: string;
  role?: readonly string[];
  addRole?: readonly string[];
  removeRole?: readonly string[];
}

/**
 * Changes a user's names and roles at the version they were read with (409 when someone changed them since);
 * nothing is sent when the change leaves them as they are. `subscriberType` checks the roles (its subscriber's
 * type), `subscriberId` says at which subscriber the roles are changed.
 */
export async function editManagedUser(
  ctx: RequestContext,
  user: ManagedUser,
  change: UserChange,
  at: { subscriberType?: string; subscriberId?: string },
): Promise<{ changed: boolean; user: ManagedUser }> {
  const check = checkUserRow(
    {
      email: user.email,
      firstName: change.firstName ?? user.firstName,
      middleName: change.middleName ?? user.middleName,
      lastName: change.lastName ?? user.lastName,
      roles: editedRoles(user.roleNames, change),
    },
    { subscriberType: at.subscriberType },
  );
  if (!check.ok) throw new UseCaseRefusal(check.reason, "invalid");
  const { firstName, middleName, lastName, roleNames } = check.row;
  const unchanged =
    firstName === user.firstName && middleName === user.middleName && lastName === user.lastName && sameRoles(roleNames, user.roleNames);
  if (unchanged) return { changed: false, user };
  const edited = await editSubscriberUser(
    ctx,
    user.subscriberUserId,
    { firstName, middleName, lastName, roleNames, subscriberId: at.subscriberId },
    user.version,
  );
  return { changed: true, user: edited };
}
