/** Users and organisation settings (document 3 section 4.6). */
import type { SettableUserStatus } from "./enums.js";
import { ADMINISTRATION_MESSAGES } from "./messages.js";
import { fullName } from "./subscribers.js";
import { formatLastModified } from "../shared/format-dates.js";

export type UserRowAction = "view-profile" | "suspend" | "unsuspend" | "resend-activation-email" | "unblock";

export const USER_ROW_ACTION_LABELS: Readonly<Record<UserRowAction, string>> = {
  "view-profile": "View profile",
  suspend: "Suspend",
  unsuspend: "Unsuspend",
  "resend-activation-email": "Resend activation email",
  unblock: "Unblock",
};

/** The status a suspend or unsuspend sends: Suspended for an Active user, Active for a Suspended one. */
export function nextUserStatus(status: string): SettableUserStatus | null {
  if (status === "Active") return "Suspended";
  if (status === "Suspended") return "Active";
  return null;
}

/** The one action a user's status offers: Suspend (Active), Unsuspend (Suspended), Resend activation email (Pending). */
export function userStatusAction(status: string): Exclude<UserRowAction, "view-profile"> | null {
  const next = nextUserStatus(status);
  if (next) return ACTION_OF_STATUS[next];
  return status === "Pending" ? "resend-activation-email" : null;
}

/**
 * The row menu by user status: View profile, then the status's action (userStatusAction), then Unblock while
 * the user's login is blocked. The status actions need the edit-users permission and are disabled while a
 * status update for that user is in flight.
 */
export function userRowActions(
  status: string,
  options: { canEditUsers: boolean; updateInFlight: boolean; blocked?: boolean },
): { action: UserRowAction; label: string; disabled: boolean }[] {
  const actions: { action: UserRowAction; label: string; disabled: boolean }[] = [
    { action: "view-profile", label: USER_ROW_ACTION_LABELS["view-profile"], disabled: false },
  ];
  const statusAction = userStatusAction(status);
  if (statusAction && options.canEditUsers) {
    actions.push({ action: statusAction, label: USER_ROW_ACTION_LABELS[statusAction], disabled: options.updateInFlight });
  }
  if (options.blocked && options.canEditUsers) {
    actions.push({ action: "unblock", label: USER_ROW_ACTION_LABELS.unblock, disabled: options.updateInFlight });
  }
  return actions;
}

/**
 * Blocked: the user's login is locked for a while after too many failed passwords (the provider's
 * login throttling), whatever their status. Shown beside the status in the users list, the profile and the
 * CLI; lifted by Unblock (edit-users permission) or by unsuspending the user.
 */
export const BLOCKED_LABEL = "Blocked";

export function isLoginBlocked(user: { loginBlockedUntil?: string | null }): boolean {
  return typeof user.loginBlockedUntil === "string" && user.loginBlockedUntil !== "";
}

/** What the profile and the CLI say of a blocked login: 'Blocked after too many failed passwords until 05/03/2025 at 04:25 PM'. */
export function loginBlockedText(loginBlockedUntil: string): string {
  return `Blocked after too many failed passwords until ${formatLastModified(loginBlockedUntil)}`;
}

/** The statuses shown for a user: their status, then Blocked while their login is locked. */
export function displayedStatuses(user: { status: string; loginBlockedUntil?: string | null }): string[] {
  return isLoginBlocked(user) ? [user.status, BLOCKED_LABEL] : [user.status];
}

/** Suspend and unsuspend, and the status each asks for. */
export type UserStatusAction = "suspend" | "unsuspend";
export const STATUS_OF_ACTION = { suspend: "Suspended", unsuspend: "Active" } as const satisfies Record<UserStatusAction, SettableUserStatus>;
const ACTION_OF_STATUS = { Suspended: "suspend", Active: "unsuspend" } as const satisfies Record<SettableUserStatus, UserStatusAction>;

/** Why a status change is refused: the provider's error code and the text every client shows. */
export type UserStatusRefusal = { code: "USER_PENDING" | "CANNOT_SUSPEND_SELF"; message: string };

export type UserStatusChange =
  | { kind: "change"; status: SettableUserStatus }
  | { kind: "unchanged"; message: string }
  | ({ kind: "refused" } & UserStatusRefusal);

interface StatusSubject {
  status: string;
  firstName: string;
  middleName?: string | null;
  lastName: string;
}

/**
 * The status-change rule of document 3 section 4.6, for the app, the CLI and the provider alike: suspend
 * sends Suspended for an Active user, unsuspend sends Active for a Suspended one; a Pending user can only
 * have the activation email re-sent; nobody suspends their own account (`self`); asking for the status the
 * user already has changes nothing (so a script can be re-run). The provider applies it to every request
 * and, beyond it, how far the change reaches (provider/administration/user-reach.ts).
 */
export function userStatusChange(user: StatusSubject, wanted: SettableUserStatus, options: { self?: boolean } = {}): UserStatusChange {
  if (user.status === "Pending") {
    return { kind: "refused", code: "USER_PENDING", message: ADMINISTRATION_MESSAGES.pendingUserStatus(fullName(user)) };
  }
  if (wanted === "Suspended" && options.self) {
    return { kind: "refused", code: "CANNOT_SUSPEND_SELF", message: ADMINISTRATION_MESSAGES.cannotSuspendSelf };
  }
  if (user.status === wanted) return { kind: "unchanged", message: ADMINISTRATION_MESSAGES.alreadyInStatus(user.firstName, wanted) };
  return { kind: "change", status: wanted };
}

/** The success toast of a status change (document 3 section 8.4). */
export function userStatusChangedMessage(status: SettableUserStatus, firstName: string): string {
  return status === "Suspended" ? ADMINISTRATION_MESSAGES.suspended(firstName) : ADMINISTRATION_MESSAGES.unsuspended(firstName);
}

/** The suspend or unsuspend confirmation (document 3 section 8.4), about `who` (a name, or more). */
export function userStatusConfirmation(status: SettableUserStatus, who: string) {
  const suspend = status === "Suspended";
  return {
    title: suspend ? `Suspend ${who}?` : `Unsuspend ${who}?`,
    explanation: suspend ? ADMINISTRATION_MESSAGES.suspendModal : ADMINISTRATION_MESSAGES.unsuspendModal,
    confirmLabel: suspend ? "Yes, suspend" : "Yes, unsuspend",
    cancelLabel: ADMINISTRATION_MESSAGES.noCancel,
  };
}

/** Only a Pending user has an activation email to re-send; the refusal every client shows otherwise. */
export function activationEmailRefusal(user: StatusSubject): { code: "USER_NOT_PENDING"; message: string } | null {
  if (user.status === "Pending") return null;
  return { code: "USER_NOT_PENDING", message: ADMINISTRATION_MESSAGES.alreadyActivated(fullName(user)) };
}

/** The results message: 'N result(s) found based on your search', '… filters', or '… search and filters'. */
export function userResultsMessage(count: number, hasSearch: boolean, hasFilters: boolean, isLowerBound = false): string | null {
  if (!hasSearch && !hasFilters) return null;
  const basis = hasSearch && hasFilters ? "search and filters" : hasSearch ? "search" : "filters";
  const found = isLowerBound ? `More than ${count.toLocaleString("en-GB")}` : String(count);
  return `${found} result(s) found based on your ${basis}`;
}

/**
 * A users total as shown: exact, or "more than 1,000" when the provider stopped counting there
 * (totalIsLowerBound: docs/decisions/0901-users-search-total-bound.md).
 */
export function totalText(count: number, isLowerBound = false): string {
  return isLowerBound ? `more than ${count.toLocaleString("en-GB")}` : String(count);
}

/** Search runs only when the term differs from the current one. */
export function shouldSearch(current: string, next: string): boolean {
  return current.trim() !== next.trim();
}

/** Filter Apply is disabled when the selection equals the applied one. */
export function isFilterApplyDisabled(selected: readonly string[], applied: readonly string[]): boolean {
  return selected.length === applied.length && selected.every((value) => applied.includes(value));
}

/** Selecting every option removes the filter (undefined = no filter). */
export function effectiveFilter<T extends string>(selected: readonly T[], allOptions: readonly T[]): T[] | undefined {
  if (selected.length === 0 || allOptions.every((option) => selected.includes(option))) return undefined;
  return [...selected];
}

/** The range label of the users footer: 'first-last of total'. */
export function rangeLabel(page: number, limit: number, total: number, isLowerBound = false): string {
  if (total === 0) return "0-0 of 0";
  const first = (page - 1) * limit + 1;
  return `${first}-${Math.min(page * limit, total)} of ${totalText(total, isLowerBound)}`;
}

/** A subscriber as a status change names it. */
export interface SubscriberNamed {
  subscriberId: string;
  name: string;
}

/**
 * How far a helpdesk administrator's suspension or unsuspension reaches: the account, at every subscriber
 * of the user, or one subscriber. A user of several subscribers is never changed at all of them by default:
 * the change must name one subscriber or all of them (`unnamed` lists them). A user of one subscriber (or
 * none) is changed as an account, which is the same thing.
 */
export type StatusReach =
  | { kind: "account"; subscribers: SubscriberNamed[] }
  | { kind: "subscriber"; subscriber: SubscriberNamed }
  | { kind: "unnamed"; subscribers: SubscriberNamed[] };

export function helpdeskStatusReach(
  subscribers: readonly SubscriberNamed[],
  requested: { subscriberId?: string; allSubscribers?: boolean },
): StatusReach {
  const named = subscribers.map(({ subscriberId, name }) => ({ subscriberId, name }));
  if (requested.subscriberId !== undefined) {
    const subscriber = named.find((candidate) => candidate.subscriberId === requested.subscriberId);
    if (subscriber) return { kind: "subscriber", subscriber };
  }
  if (requested.allSubscribers || named.length <= 1) return { kind: "account", subscribers: named };
  return { kind: "unnamed", subscribers: named };
}

/** Why a change of a user of several subscribers must say where, naming them. */
export function statusReachUnnamedMessage(name: string, wanted: SettableUserStatus, subscribers: readonly SubscriberNamed[]): string {
  const list = subscribers.map((subscriber) => `${subscriber.name} (${subscriber.subscriberId})`).join(", ");
  const verb = wanted === "Suspended" ? "suspend" : "unsuspend";
  return `${name} is a user of ${subscribers.length} subscribers: ${list}. Say whether to ${verb} them at one of them or at every one.`;
}

/** Where a status change took effect, for the line under its toast. */
export function statusReachDescription(reach: Exclude<StatusReach, { kind: "unnamed" }>): string {
  if (reach.kind === "subscriber") return `At ${reach.subscriber.name} only`;
  if (reach.subscribers.length === 0) return "Their account, at every subscriber";
  return `At every subscriber of theirs: ${reach.subscribers.map((subscriber) => subscriber.name).join(", ")}`;
}
