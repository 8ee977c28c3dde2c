/** What the workspace list shows of each record (document 1 section 2.4), decided on the server. */
import type { WorkspaceListRecord } from "../../core/workspaces/api.js";
import { NOT_PROVIDED_TEXT, PARTICIPANT_ROLE_LABELS, TO_BE_PROVIDED, TO_BE_PROVIDED_TEXT, TRANSACTION_TYPE_LABELS, TRANSFER_OF_EQUITY_LABEL } from "../../core/workspaces/enums.js";
import { formatListDate } from "../../core/shared/format-dates.js";
import { applicantListName, applicantSummary } from "../../core/parties/names.js";
import { addressLine } from "../../core/shared/address.js";
import { statusBadgeColour, statusLabel, type BadgeColour } from "../../core/workspaces/status.js";

/** Applicant names as core's applicantSummary gives them. */
export type Applicants = ReturnType<typeof applicantSummary>;

export interface ListRow {
  workspaceId: string;
  href: string;
  workspaceReferenceId: string;
  status: { label: string; colour: BadgeColour };
  transactionType: string;
  /** The transfer-of-equity tag's text, when the workspace is one. */
  transferOfEquity: string | null;
  /**
   * The table's applicant cell: the first applicant as 'Surname, Forenames' (or the organisation, or a dash),
   * a count of the others and a tooltip of every name when there are others.
   */
  tableApplicants: Applicants;
  /** The card's first two applicants as read ('Forenames Surname'), a count of the others and a tooltip of all. */
  cardApplicants: Applicants;
  address: string;
  /** dd-MMM-yyyy, or 'to be provided' (the table) / 'To be provided' (the cards). */
  completionDate: { table: string; card: string };
  incomingLenderReference: string;
  /** The caller's own subscriber's reference, or 'To be provided'. */
  reference: string;
  /** The caller's own role in the workspace (none for the helpdesk administrator). */
  role: string | null;
}

export function listRow(record: WorkspaceListRecord): ListRow {
  const completion = record.completionDate === TO_BE_PROVIDED ? "" : formatListDate(record.completionDate);
  return {
    workspaceId: record.workspaceId,
    href: `/workspaces/${record.workspaceId}`,
    workspaceReferenceId: record.workspaceReferenceId,
    status: { label: statusLabel(record.status), colour: statusBadgeColour(record.status) },
    transactionType: TRANSACTION_TYPE_LABELS[record.transactionType],
    transferOfEquity: record.transferOfEquity ? TRANSFER_OF_EQUITY_LABEL : null,
    tableApplicants: { ...applicantSummary(record.applicantParties), text: applicantListName(record.applicantParties[0]) },
    cardApplicants: applicantSummary(record.applicantParties, 2),
    address: addressLine(record.securityAddress),
    completionDate: { table: completion || TO_BE_PROVIDED_TEXT.toLowerCase(), card: completion || TO_BE_PROVIDED_TEXT },
    incomingLenderReference: record.incomingLenderReference?.trim() || NOT_PROVIDED_TEXT,
    reference: record.participantReference?.trim() || TO_BE_PROVIDED_TEXT,
    role: record.participantRole ? PARTICIPANT_ROLE_LABELS[record.participantRole] : null,
  };
}
