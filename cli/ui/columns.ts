/**
 * The columns of every list the CLI prints, as plain functions (no Ink): the table view draws them, and
 * `--output csv` writes the same headers and values, so a table and its CSV never disagree.
 */
import type { AssociatedSubscriber, AuditEvent, ManagedUser } from "../../core/administration/api.js";
import type { PageInfo } from "../../core/shared/contract.js";
import { fullName } from "../../core/administration/subscribers.js";
import { displayedStatuses, totalText } from "../../core/administration/users.js";
import { JOB_STATE_LABELS, type Job } from "../../core/shared/jobs.js";
import type { MailSummary } from "../../core/shared/mail-sandbox.js";
import type { DocumentRow } from "../../core/documents/helpdesk-client.js";
import { sdltBandLabel, type SdltBand } from "../../core/sdlt/calculation.js";
import { formatMoney } from "../../core/shared/format-money.js";

export interface Column<T> {
  header: string;
  value(row: T): string;
  /** The widest this column may get in a table; longer values are cut with an ellipsis (CSV keeps them whole). */
  max?: number;
}

/** 'first-last of total', as the users footer says it (document 3 section 2.4). */
/** `11-20 of 57`, or `11-20 of more than 1,000` when the total is a lower bound (the users search). */
export function rangeOf(page: PageInfo & { totalIsLowerBound?: boolean }): string {
  if (page.totalRecords === 0) return "0-0 of 0";
  const first = (page.page - 1) * page.limit + 1;
  return `${first}-${first + page.pageRecords - 1} of ${totalText(page.totalRecords, page.totalIsLowerBound)}`;
}

/** `2030-06-28 15:00:00`, in UTC as the audit log shows its times. */
export const when = (iso: string) => iso.replace("T", " ").slice(0, 19);

export const USER_COLUMNS: Column<ManagedUser>[] = [
  { header: "Name", value: fullName, max: 32 },
  { header: "Email", value: (user) => user.email, max: 40 },
  { header: "Status", value: (user) => displayedStatuses(user).join(", ") },
  { header: "Roles", value: (user) => user.roleNames.join(", ") },
];

export const SUBSCRIBER_COLUMNS: Column<AssociatedSubscriber>[] = [
  { header: "Name", value: (subscriber) => subscriber.name, max: 40 },
  { header: "Type", value: (subscriber) => subscriber.entityType },
  { header: "Status", value: (subscriber) => subscriber.status },
  { header: "Id", value: (subscriber) => subscriber.subscriberId },
];

/** What changed, in a few words: `roleNames: Workspace User → Workspace Viewer`. */
export function describeAuditDetails(details: Record<string, unknown>): string {
  const from = details.from;
  const to = details.to;
  const show = (value: unknown) => (Array.isArray(value) ? value.join(", ") || "(none)" : value === null ? "(none)" : String(value));
  if (from && to && typeof from === "object" && typeof to === "object" && !Array.isArray(from)) {
    return Object.keys(to as object)
      .map((key) => `${key}: ${show((from as Record<string, unknown>)[key])} → ${show((to as Record<string, unknown>)[key])}`)
      .join("; ");
  }
  if (from !== undefined && to !== undefined) return `${show(from)} → ${show(to)}`;
  return Object.entries(details)
    .filter(([key]) => key !== "via" && key !== "clientId")
    .map(([key, value]) => `${key}: ${show(value)}`)
    .join("; ");
}

export const AUDIT_COLUMNS: Column<AuditEvent>[] = [
  { header: "When", value: (event) => when(event.occurredAt) },
  { header: "Who", value: (event) => event.actorName ?? event.actorUserId ?? "System", max: 24 },
  { header: "Action", value: (event) => event.action },
  { header: "From", value: (event) => event.ipAddress ?? "" },
  { header: "What", value: (event) => describeAuditDetails(event.details) },
];

export type FlagRow = [name: string, enabled: boolean];

/** The flags by name; the second column is headed by the environment they were read for. */
export function flagColumns(environment: string): Column<FlagRow>[] {
  return [
    { header: "Flag", value: ([name]) => name },
    { header: environment, value: ([, enabled]) => (enabled ? "on" : "off") },
  ];
}

export function flagRows(flags: Record<string, boolean>): FlagRow[] {
  return Object.entries(flags).sort(([a], [b]) => a.localeCompare(b));
}

export const JOB_COLUMNS: Column<Job>[] = [
  { header: "Id", value: (job) => job.id },
  { header: "Name", value: (job) => job.name, max: 32 },
  { header: "Key", value: (job) => job.key ?? "", max: 24 },
  { header: "State", value: (job) => JOB_STATE_LABELS[job.state] },
  { header: "Attempts", value: (job) => `${job.attempts} of ${job.maxAttempts}` },
  { header: "Due", value: (job) => when(job.runAfter) },
  { header: "Last error", value: (job) => job.lastError ?? "" },
];

export const MAIL_COLUMNS: Column<MailSummary>[] = [
  { header: "Id", value: (mail) => mail.id },
  { header: "Sent", value: (mail) => when(mail.sentAt) },
  { header: "To", value: (mail) => mail.to, max: 40 },
  { header: "Subject", value: (mail) => mail.subject },
];

export const DOCUMENT_COLUMNS: Column<DocumentRow>[] = [
  { header: "Upload date", value: (row) => row.uploadedAtLabel },
  { header: "File", value: (row) => row.name, max: 36 },
  { header: "Document type", value: (row) => row.documentTypeLabel, max: 30 },
  { header: "Status", value: (row) => row.status },
  { header: "Application", value: (row) => row.application ?? "-", max: 28 },
  { header: "Submitted", value: (row) => (row.submittedAt ? when(row.submittedAt) : "-") },
];

/** The bands of `convey sdlt calculate`: the band as gov.uk writes it, its rate and the tax in it. */
export const SDLT_BAND_COLUMNS: Column<SdltBand>[] = [
  { header: "Band", value: sdltBandLabel },
  { header: "Rate", value: (band) => `${band.rate}%` },
  { header: "Tax", value: (band) => formatMoney(Math.round(band.tax * 100)) },
];
