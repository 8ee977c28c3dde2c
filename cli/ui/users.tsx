/** What `convey users suspend|unsuspend` asks: document 3 section 8.4's confirmation, through core. */
import type { ManagedUser } from "../../core/administration/api.js";
import { fullName } from "../../core/administration/subscribers.js";
import { STATUS_OF_ACTION, userStatusConfirmation, type UserStatusAction } from "../../core/administration/users.js";
import type { Io } from "../io.js";
import { confirm } from "./render.js";

/** The spec's question; `reach` (where a helpdesk administrator's change takes effect) follows its explanation. */
export function statusChangeQuestion(user: ManagedUser, action: UserStatusAction, reach?: string) {
  const { title, explanation, confirmLabel, cancelLabel } = userStatusConfirmation(STATUS_OF_ACTION[action], `${fullName(user)} (${user.email})`);
  return { question: title, explanation: reach ? `${explanation}\n${reach}.` : explanation, confirmLabel, cancelLabel };
}

export function askStatusChange(io: Io, user: ManagedUser, action: UserStatusAction, reach?: string): Promise<boolean> {
  return confirm(io, statusChangeQuestion(user, action, reach));
}
