/**
 * Suspending and unsuspending subscriber users (document 3 sections 4.6 and 8.4). The provider decides
 * who may do it; these functions only avoid pointless calls and word the outcome.
 */
import type { SubscriberUser } from "../../core/shared/contract.js";
import type { RequestContext } from "../../core/shared/provider-client.js";
import { changeSubscriberUserStatus, findSubscriberUserByEmail } from "../../core/administration/subscriber-users-client.js";

export type StatusAction = "suspend" | "unsuspend";
export const TARGET_STATUS = { suspend: "Suspended", unsuspend: "Active" } as const satisfies Record<
  StatusAction,
  SubscriberUser["status"]
>;

export type StatusPlan =
  | { kind: "change"; status: (typeof TARGET_STATUS)[StatusAction] }
  | { kind: "unchanged"; message: string }
  | { kind: "refused"; message: string };

/**
 * Suspend applies to an Active user and unsuspend to a Suspended one; a Pending user can only have the
 * activation email re-sent. Asking again for the state a user is already in changes nothing, so a
 * script can be re-run safely.
 */
export function planStatusChange(user: SubscriberUser, action: StatusAction): StatusPlan {
  const target = TARGET_STATUS[action];
  if (user.status === "Pending") {
    return {
      kind: "refused",
      message: `${user.firstName} has not activated their account yet: only the activation email can be re-sent`,
    };
  }
  if (user.status === target) {
    const state = target === "Suspended" ? "suspended" : "active";
    return { kind: "unchanged", message: `${user.firstName} is already ${state}: nothing was changed` };
  }
  return { kind: "change", status: target };
}

/** The success toast of document 3 section 8.4. */
export function statusChangedMessage(user: Pick<SubscriberUser, "firstName">, action: StatusAction): string {
  return action === "suspend"
    ? `${user.firstName} has been suspended`
    : `${user.firstName} has been unsuspended and is now active`;
}

export function findUser(ctx: RequestContext, email: string, subscriberId?: string): Promise<SubscriberUser> {
  return findSubscriberUserByEmail(ctx, email, subscriberId);
}

export function changeStatus(
  ctx: RequestContext,
  user: SubscriberUser,
  status: (typeof TARGET_STATUS)[StatusAction],
): Promise<SubscriberUser> {
  return changeSubscriberUserStatus(ctx, user.subscriberUserId, status);
}
