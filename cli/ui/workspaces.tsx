/** What `convey workspaces show` prints on stdout: the workspace, its title search, its parties and the unmatched proprietors. */
import { Box, Text } from "ink";
import type { WorkspaceOverview } from "../../core/workspaces/overview-client.js";
import type { Io } from "../io.js";
import type { Column } from "./columns.js";
import { printResult } from "./render.js";
import { Table } from "./table.js";
import { Tone } from "./theme.js";

type Party = WorkspaceOverview["parties"][number];
type Unmatched = WorkspaceOverview["unmatchedProprietors"][number];

export const PARTY_COLUMNS: Column<Party>[] = [
  { header: "Role", value: (party) => party.roleLabel },
  { header: "Type", value: (party) => party.typeLabel },
  { header: "Name", value: (party) => (party.registrationNumber ? `${party.name} (${party.registrationNumber})` : party.name), max: 40 },
  { header: "Representation", value: (party) => party.representationLabel ?? "Not confirmed" },
  { header: "Representative", value: (party) => party.representative ?? "-", max: 32 },
  { header: "Match", value: (party) => (party.proprietorMatchStatus.length > 0 ? party.proprietorMatchStatus.join(", ") : "-") },
];

const UNMATCHED_COLUMNS: Column<Unmatched>[] = [
  { header: "Proprietor", value: (proprietor) => proprietor.name, max: 40 },
  { header: "Actions", value: (proprietor) => (proprietor.availableActions.length > 0 ? proprietor.availableActions.join(", ") : "-") },
];

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <Box flexDirection="column">
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Box width={22} flexShrink={0}>
            <Tone tone="muted">{label}</Tone>
          </Box>
          <Text>{value}</Text>
        </Box>
      ))}
    </Box>
  );
}

export function WorkspaceOverviewView({ overview }: { overview: WorkspaceOverview }) {
  const search = overview.titleSearch;
  const titleRows: [string, string][] = search
    ? [
        ["Title search", search.status ?? "Not searched"],
        ["Title number", search.titleNumber ?? "-"],
        ["Last searched", search.lastSearchedAt ?? "-"],
        ["Unsupported", search.unsupportedReasons.length > 0 ? search.unsupportedReasons.join(", ") : "No"],
      ]
    : [["Title search", `Could not be read: ${overview.titleSearchProblem ?? "unknown"}`]];
  return (
    <Box flexDirection="column">
      <Rows
        rows={[
          ["Workspace", `${overview.workspaceReferenceId} (${overview.workspaceId})`],
          ["Status", overview.statusLabel],
          ["Transaction type", overview.transactionTypeLabel],
          ["Security address", overview.securityAddress],
          ["Borrowers validation", overview.borrowersValidationStatus],
          ...titleRows,
        ]}
      />
      <Box marginTop={1} flexDirection="column">
        <Text bold>Parties</Text>
        {overview.parties.length > 0 ? <Table columns={PARTY_COLUMNS} rows={overview.parties} rowKey={(party) => party.partyId} /> : <Text>No parties.</Text>}
      </Box>
      {overview.unmatchedProprietors.length > 0 ? (
        <Box marginTop={1} flexDirection="column">
          <Text bold>Unmatched proprietors</Text>
          <Table columns={UNMATCHED_COLUMNS} rows={overview.unmatchedProprietors} rowKey={(proprietor) => proprietor.proprietorId} />
        </Box>
      ) : null}
    </Box>
  );
}

export const print = {
  workspace: (io: Io, overview: WorkspaceOverview) => printResult(io, <WorkspaceOverviewView overview={overview} />),
};
