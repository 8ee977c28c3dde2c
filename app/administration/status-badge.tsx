/** A user's status as a badge: Active, Suspended or Pending (document 3 section 4.6). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${status.toLowerCase()}`}>{status}</span>;
}
