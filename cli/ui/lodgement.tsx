/** What `convey documents list` and `convey lodgement status` print on stdout. */
import { Box, Text } from "ink";
import type { DocumentRow, LodgementOverview } from "../../core/documents/overview-client.js";
import type { LodgementRequest } from "../../core/documents/api.js";
import { LODGEMENT_CASE_STATUS_LABELS } from "../../core/documents/enums.js";
import { formatDocumentDateTime } from "../../core/shared/format-dates.js";
import { formatMoney } from "../../core/shared/format-money.js";
import type { Io } from "../io.js";
import type { Column } from "./columns.js";
import { printResult } from "./render.js";
import { Table } from "./table.js";
import { Tone } from "./theme.js";

const when = (value: string | null) => (value ? formatDocumentDateTime(value) : "");

export const DOCUMENT_COLUMNS: Column<DocumentRow>[] = [
  { header: "Document", value: (row) => (row.level === "attached" ? `  ${row.name}` : row.name), max: 44 },
  { header: "Type", value: (row) => row.documentType, max: 28 },
  { header: "Category", value: (row) => row.documentCategory },
  { header: "Status", value: (row) => row.status },
  { header: "File", value: (row) => (row.fileName ? `${row.fileName} (${row.fileUploadStatus ?? "?"})` : ""), max: 36 },
  { header: "Fee", value: (row) => (row.landRegistryFee === null ? "" : formatMoney(row.landRegistryFee)) },
  { header: "Submitted", value: (row) => when(row.submittedAt) },
  { header: "Rejected", value: (row) => when(row.rejectedAt) },
];

const REQUEST_COLUMNS: Column<LodgementRequest>[] = [
  { header: "Submitted", value: (request) => when(request.submittedAt) },
  { header: "Reference", value: (request) => request.registryReference ?? "" },
  { header: "Status", value: (request) => request.status },
  { header: "Answer", value: (request) => request.outcome ?? "awaiting the registry" },
  { header: "Reply by", value: (request) => when(request.requisitionDeadline) },
  { header: "Rejected", value: (request) => when(request.rejectedAt) },
  { header: "Fee", value: (request) => formatMoney(request.landRegistryFee) },
];

export function DocumentsTable({ rows }: { rows: DocumentRow[] }) {
  if (rows.length === 0) return <Text>No documents have been attached to this workspace yet</Text>;
  return <Table columns={DOCUMENT_COLUMNS} rows={rows} rowKey={(row) => row.documentId} />;
}

export function LodgementStatus({ overview }: { overview: LodgementOverview }) {
  const { lodgementCase, workspace, requests } = overview;
  const rows: [string, string][] = [
    ["Workspace", `${workspace.workspaceReferenceId} (${workspace.status})`],
    ["Lodgement case", LODGEMENT_CASE_STATUS_LABELS[lodgementCase.lodgementCaseStatus]],
    ["Applications", lodgementCase.applicationTypes.join(", ") || "-"],
    ["Approved", lodgementCase.applicationsApproved ? "yes" : "no"],
    ["Land registry fee", formatMoney(lodgementCase.landRegistryFeeTotal)],
    ["Reply deadline", lodgementCase.requisitionDeadline ? formatDocumentDateTime(lodgementCase.requisitionDeadline) : "-"],
  ];
  return (
    <Box flexDirection="column">
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Box width={20} flexShrink={0}>
            <Tone tone="muted">{label}</Tone>
          </Box>
          <Text>{value}</Text>
        </Box>
      ))}
      <Box marginTop={1} flexDirection="column">
        <Tone tone="strong">Before submission</Tone>
        {lodgementCase.submissionProblems.length === 0 ? (
          <Text>Nothing stops it.</Text>
        ) : (
          lodgementCase.submissionProblems.map((problem) => <Text key={problem.code}>- {problem.message}</Text>)
        )}
      </Box>
      <Box marginTop={1} flexDirection="column">
        <Tone tone="strong">Lodgement requests</Tone>
        {requests.length === 0 ? <Text>None yet.</Text> : <Table columns={REQUEST_COLUMNS} rows={requests} rowKey={(request) => request.lodgementRequestId} />}
      </Box>
    </Box>
  );
}

export const print = {
  documents: (io: Io, rows: DocumentRow[]) => printResult(io, <DocumentsTable rows={rows} />),
  lodgement: (io: Io, overview: LodgementOverview) => printResult(io, <LodgementStatus overview={overview} />),
};
