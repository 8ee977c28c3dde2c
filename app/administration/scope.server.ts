/**
 * Server-side helpers of the administration screens (document 3 sections 2.4, 7.3 and 8.4): the subscriber a
 * screen acts on, where a screen returns to, and how a provider failure is answered.
 */
import { ProviderError } from "../../core/shared/provider-errors.js";
import { SOMETHING_WENT_WRONG_TEXT } from "../../core/shared/errors.js";
import { isHelpdeskAdministrator } from "../../core/shared/permissions/roles.js";
import type { UserSession } from "../session/user-session.server";

export function isHelpdesk(user: UserSession): boolean {
  return isHelpdeskAdministrator(user.claims.roles);
}

/**
 * The subscriber an administration screen acts on: the one a helpdesk administrator names (or null when
 * they name none), and always the selected subscriber for anyone else, whatever the URL says.
 */
export function administeredSubscriberId(user: UserSession, requested: string | null | undefined): string | null {
  if (isHelpdesk(user)) return requested?.trim() ? requested.trim() : null;
  return user.claims.subscriberId;
}

/** The provider's words for a failure (the reason in 'Failed to send invitation email to …'). */
export function failureReason(error: unknown): string {
  return error instanceof Error && error.message ? error.message : SOMETHING_WENT_WRONG_TEXT;
}

/** Where a child of /users returns to: the list with its search, filters, sort and page kept. */
export function usersListPath(request: Request): string {
  return `/users${new URL(request.url).search}`;
}

/** The status an action answers with after a provider failure on a form: the provider's 4xx, else 400. */
export function failureStatus(error: unknown): number {
  return error instanceof ProviderError && error.status >= 400 && error.status < 500 ? error.status : 400;
}
