/** Users and organisation settings (document 3 section 4.6). */
export type UserRowAction = "view-profile" | "suspend" | "unsuspend" | "resend-activation-email";

export const USER_ROW_ACTION_LABELS: Readonly<Record<UserRowAction, string>> = {
  "view-profile": "View profile",
  suspend: "Suspend",
  unsuspend: "Unsuspend",
  "resend-activation-email": "Resend activation email",
};

/**
 * The row menu by user status: View profile, then Suspend (Active), Unsuspend (Suspended) or Resend
 * activation email (Pending). The status actions need the edit-users permission and are disabled while a
 * status update for that user is in flight.
 */
export function userRowActions(
  status: string,
  options: { canEditUsers: boolean; updateInFlight: boolean },
): { action: UserRowAction; label: string; disabled: boolean }[] {
  const actions: { action: UserRowAction; label: string; disabled: boolean }[] = [
    { action: "view-profile", label: USER_ROW_ACTION_LABELS["view-profile"], disabled: false },
  ];
  const statusAction: UserRowAction | null =
    status === "Active" ? "suspend" : status === "Suspended" ? "unsuspend" : status === "Pending" ? "resend-activation-email" : null;
  if (statusAction && options.canEditUsers) {
    actions.push({ action: statusAction, label: USER_ROW_ACTION_LABELS[statusAction], disabled: options.updateInFlight });
  }
  return actions;
}

/** The status a suspend or unsuspend sends: Suspended for an Active user, Active for a Suspended one. */
export function nextUserStatus(status: string): "Active" | "Suspended" | null {
  if (status === "Active") return "Suspended";
  if (status === "Suspended") return "Active";
  return null;
}

/** `convey users suspend|unsuspend`, and the status each asks for. */
export type UserStatusAction = "suspend" | "unsuspend";
export const STATUS_OF_ACTION = { suspend: "Suspended", unsuspend: "Active" } as const satisfies Record<UserStatusAction, string>;

export type StatusChange =
  | { kind: "change"; status: (typeof STATUS_OF_ACTION)[UserStatusAction] }
  | { kind: "unchanged"; message: string }
  | { kind: "refused"; message: string };

/**
 * What asking a user to be suspended or unsuspended does, by the rule of nextUserStatus: the change; nothing,
 * when they already are (so a script can be re-run); or a refusal for a Pending user, who can only have the
 * activation email re-sent. The provider applies the same rule and refuses what it does not allow.
 */
export function statusChange(user: { status: string; firstName: string }, action: UserStatusAction): StatusChange {
  const target = STATUS_OF_ACTION[action];
  if (nextUserStatus(user.status) === target) return { kind: "change", status: target };
  if (user.status === target) {
    return { kind: "unchanged", message: `${user.firstName} is already ${target === "Suspended" ? "suspended" : "active"}: nothing was changed` };
  }
  return { kind: "refused", message: `${user.firstName} has not activated their account yet: only the activation email can be re-sent` };
}

/** The results message: 'N result(s) found based on your search', '… filters', or '… search and filters'. */
export function userResultsMessage(count: number, hasSearch: boolean, hasFilters: boolean): string | null {
  if (!hasSearch && !hasFilters) return null;
  const basis = hasSearch && hasFilters ? "search and filters" : hasSearch ? "search" : "filters";
  return `${count} result(s) found based on your ${basis}`;
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
export function rangeLabel(page: number, limit: number, total: number): string {
  if (total === 0) return "0-0 of 0";
  const first = (page - 1) * limit + 1;
  return `${first}-${Math.min(page * limit, total)} of ${total}`;
}
