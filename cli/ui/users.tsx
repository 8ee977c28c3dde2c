/** What `convey users suspend|unsuspend` asks (document 3 section 8.4: the suspend and unsuspend modals). */
import type { ManagedUser } from "../../core/administration/api.js";
import { fullName } from "../../core/administration/subscribers.js";
import type { Io } from "../io.js";
import type { UserStatusAction } from "../../core/administration/users.js";
import { confirm } from "./render.js";

export function statusChangeQuestion(user: ManagedUser, action: UserStatusAction) {
  const name = fullName(user);
  return action === "suspend"
    ? {
        question: `Suspend ${name} (${user.email})?`,
        explanation: `${name} will no longer be able to access the product, and their active sessions will be logged out. They can be unsuspended at any time.`,
        confirmLabel: "Yes, suspend",
      }
    : {
        question: `Unsuspend ${name} (${user.email})?`,
        explanation: `This restores ${name}'s access to the product.`,
        confirmLabel: "Yes, unsuspend",
      };
}

export function askStatusChange(io: Io, user: ManagedUser, action: UserStatusAction): Promise<boolean> {
  return confirm(io, statusChangeQuestion(user, action));
}
