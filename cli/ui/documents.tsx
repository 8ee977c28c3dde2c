/** What `convey documents list` and `convey lodgement status` print on stdout. */
import { Box, Text } from "ink";
import type { ApplicationRow, LodgementStatus, RequestRow, WorkspaceDocuments } from "../../core/documents/helpdesk-client.js";
import type { Io } from "../io.js";
import { DOCUMENT_COLUMNS, when, type Column } from "./columns.js";
import { printResult } from "./render.js";
import { Table } from "./table.js";
import { Tone } from "./theme.js";

const APPLICATION_COLUMNS: Column<ApplicationRow>[] = [
  { header: "Application", value: (row) => row.name, max: 36 },
  { header: "Status", value: (row) => row.status },
  { header: "Transaction value", value: (row) => row.transactionValue ?? "-" },
  { header: "Fee", value: (row) => row.landRegistryFee ?? "-" },
  { header: "Supporting", value: (row) => String(row.supportingDocuments) },
];

const REQUEST_COLUMNS: Column<RequestRow>[] = [
  { header: "Submitted", value: (row) => when(row.submittedAt) },
  { header: "Status", value: (row) => row.status },
  { header: "Outcome", value: (row) => row.outcome ?? "waiting" },
  { header: "Reference", value: (row) => row.registryReference ?? "-" },
  { header: "Reply by", value: (row) => (row.requisitionDeadline ? when(row.requisitionDeadline) : "-") },
  { header: "Rejected", value: (row) => (row.rejectedAt ? when(row.rejectedAt) : "-") },
  { header: "Fee", value: (row) => row.landRegistryFee },
];

function Heading({ of }: { of: WorkspaceDocuments | LodgementStatus }) {
  return (
    <Text>
      {of.workspaceReferenceId} ({of.workspaceStatusLabel}) · lodgement case {of.lodgementCaseStatusLabel}
    </Text>
  );
}

export function DocumentsView({ listed }: { listed: WorkspaceDocuments }) {
  return (
    <Box flexDirection="column">
      <Heading of={listed} />
      {listed.documents.length > 0 ? (
        <Table columns={DOCUMENT_COLUMNS} rows={listed.documents} rowKey={(row) => `${row.kind}:${row.id}`} />
      ) : (
        <Text>No documents have been attached to this workspace yet.</Text>
      )}
    </Box>
  );
}

export function LodgementView({ status }: { status: LodgementStatus }) {
  return (
    <Box flexDirection="column">
      <Heading of={status} />
      <Text>
        Applications {status.applicationsApproved ? "approved" : "not approved"}
        {status.hardLocked ? ", locked" : ""}; land registry fee {status.landRegistryFeeTotal}
        {status.requisitionDeadline ? `; requisition reply by ${when(status.requisitionDeadline)}` : ""}
      </Text>
      {status.submissionProblems.length > 0 ? (
        <Box flexDirection="column" marginTop={1}>
          <Text bold>Before submission</Text>
          {status.submissionProblems.map((problem) => (
            <Tone key={problem} tone="warning">
              - {problem}
            </Tone>
          ))}
        </Box>
      ) : null}
      <Box marginTop={1} flexDirection="column">
        <Text bold>Applications</Text>
        {status.applications.length > 0 ? (
          <Table columns={APPLICATION_COLUMNS} rows={status.applications} rowKey={(row) => row.documentId} />
        ) : (
          <Text>No applications.</Text>
        )}
      </Box>
      <Box marginTop={1} flexDirection="column">
        <Text bold>Lodgement requests</Text>
        {status.requests.length > 0 ? (
          <Table columns={REQUEST_COLUMNS} rows={status.requests} rowKey={(row) => row.lodgementRequestId} />
        ) : (
          <Text>Not submitted to the land registry.</Text>
        )}
      </Box>
    </Box>
  );
}

export const print = {
  documents: (io: Io, listed: WorkspaceDocuments) => printResult(io, <DocumentsView listed={listed} />),
  lodgement: (io: Io, status: LodgementStatus) => printResult(io, <LodgementView status={status} />),
};
