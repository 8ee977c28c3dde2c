/** Administration toasts and texts (document 3 section 8.4). */
import { SUSPENDED_BY_SUPPORT_TEXT, SUSPENDED_BY_USER_MANAGER_TEXT } from "../shared/errors.js";

export const ADMINISTRATION_MESSAGES = {
  suspended: (firstName: string) => `${firstName} has been suspended`,
  unsuspended: (firstName: string) => `${firstName} has been unsuspended and is now active`,
  unblocked: (firstName: string) => `${firstName} has been unblocked and can log in again`,
  notBlocked: (firstName: string) => `${firstName} is not blocked: nothing was changed`,
  unblockModal: "The lock on this user's login after too many failed passwords will be lifted, and they can log in again at once.",
  pendingUserStatus: (name: string) =>
    `${name} has not activated their account yet: a pending user cannot be suspended or unsuspended, only the activation email can be re-sent.`,
  cannotSuspendSelf: "You cannot suspend your own account.",
  alreadyInStatus: (firstName: string, status: "Active" | "Suspended") =>
    `${firstName} is already ${status === "Suspended" ? "suspended" : "active"}: nothing was changed`,
  alreadyActivated: (name: string) => `${name} has already activated their account: there is no activation email to re-send.`,
  activationEmailResent: (email: string) => `Activation email resent to ${email}`,
  invitationFailed: (email: string, reason: string) => `Failed to send invitation email to ${email}. ${reason}`,
  /** Adding a user whose email a user of this subscriber already has (409 USER_EXISTS). */
  userExists: (subscriber: string) => `A user with this email already exists at ${subscriber}.`,
  /** A User Manager adding the email of a user of another subscriber (409 USER_OF_ANOTHER_SUBSCRIBER); which one is not theirs to know. */
  userExistsElsewhere: (subscriber: string) =>
    `A user with this email already exists outside ${subscriber}: ask the provider's support to add them to ${subscriber}.`,
  /** A helpdesk administrator's add that made an existing user a user of this subscriber too: no invitation (they have an account). */
  existingUserJoined: (email: string, subscriber: string) =>
    `${email} already had an account: they are now a user of ${subscriber} too, and no invitation was sent`,
  importNotAllowed: "You do not have permission to import users: it needs the permissions to add and edit users (a User Manager's).",
  userAdded: (name: string) => `${name} has been added successfully`,
  userChangesSaved: (name: string) => `${name} Changes saved`,
  suspendModal: "The user will no longer be able to access the product and any active sessions will be logged out. You can unsuspend the user at any time.",
  unsuspendModal: "The user's access to the product will be restored.",
  noCancel: "No, cancel",
  CONNECTION_SETTINGS_UPDATED: "Connection settings updated successfully",
  CONNECTION_SETTINGS_FAILED: "Connection settings could not be updated. Please try again.",
  /** The title of a refusal whose reason the provider names (trying again would not help). */
  CONNECTION_SETTINGS_REFUSED: "Connection settings not saved",
  COMMUNICATION_SETTINGS_UPDATED: "Communication settings updated successfully",
  COMMUNICATION_SETTINGS_FAILED: "Communication settings could not be updated. Please try again.",
  lodgementIdentifierAdded: "HMLR lodgement identifier added successfully.",
  lodgementIdentifierUpdated: "HMLR lodgement identifier updated successfully.",
  suspendedBySupport: SUSPENDED_BY_SUPPORT_TEXT,
  suspendedByUserManager: SUSPENDED_BY_USER_MANAGER_TEXT,
} as const;

/** The toast after the lodgement identifiers were saved: added the first time, updated afterwards. */
export function lodgementIdentifiersSavedMessage(created: boolean): string {
  return created ? ADMINISTRATION_MESSAGES.lodgementIdentifierAdded : ADMINISTRATION_MESSAGES.lodgementIdentifierUpdated;
}
