import { displayedStatuses } from "../../core/administration/users.js";

/** A user's status as a badge: Active, Suspended or Pending (document 3 section 4.6), or Blocked. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${status.toLowerCase()}`}>{status}</span>;
}

/** The user's status, then Blocked while their login is locked after too many failed passwords. */
export function StatusBadges({ user }: { user: { status: string; loginBlockedUntil?: string | null } }) {
  return (
    <span className="badges">
      {displayedStatuses(user).map((status) => (
        <StatusBadge key={status} status={status} />
      ))}
    </span>
  );
}
