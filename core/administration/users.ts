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
