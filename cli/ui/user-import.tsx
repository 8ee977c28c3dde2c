/** `convey users import`: a progress bar on a terminal, then the report of every row. */
import { Box, Text } from "ink";
import type { Io } from "../io.js";
import type { ImportOutcome, ImportReport, ImportRowReport } from "../../core/administration/user-import.js";
import type { ImportProgress } from "../../core/administration/user-import-client.js";
import { liveView, printResult, type LiveView } from "./render.js";
import { Table, type Column } from "./table.js";
import { SYMBOLS, Tone } from "./theme.js";

const BAR_WIDTH = 30;

/** `created 120 · updated 3 · …`, only the outcomes that happened, in a fixed order. */
export function summaryLine(summary: Record<ImportOutcome, number>, dryRun = false): string {
  const order: ImportOutcome[] = ["created", "updated", "suspended", "unsuspended", "unchanged", "refused", "unknown"];
  const settled = (outcome: ImportOutcome) => outcome === "unchanged" || outcome === "refused" || outcome === "unknown";
  const parts = order.filter((outcome) => summary[outcome] > 0).map((outcome) => `${summary[outcome]} ${dryRun && !settled(outcome) ? `to be ${outcome}` : outcome}`);
  return parts.length > 0 ? parts.join(" · ") : "no rows";
}

export function ProgressBar({ done, total, summary }: ImportProgress) {
  const ratio = total === 0 ? 1 : done / total;
  const filled = Math.round(ratio * BAR_WIDTH);
  return (
    <Box flexDirection="column">
      <Text>
        <Tone tone="info">{"█".repeat(filled)}</Tone>
        <Tone tone="muted">{"░".repeat(BAR_WIDTH - filled)}</Tone> {done}/{total} rows ({Math.floor(ratio * 100)}%)
      </Text>
      <Tone tone="muted">{summaryLine(summary)}</Tone>
    </Box>
  );
}

/** At most this many rows that changed are listed; refused rows and unknown ones are always listed in full. */
export const CHANGED_ROWS_SHOWN = 100;

const ROW_COLUMNS: Column<ImportRowReport>[] = [
  { header: "Row", value: (row) => String(row.row) },
  { header: "Email", value: (row) => row.email || "(none)", max: 40 },
  { header: "Outcome", value: (row) => row.outcome },
  { header: "Details", value: (row) => row.reason ?? (row.changes.length > 0 ? row.changes.join(", ") : "") },
];

export function ImportReportView({ report }: { report: ImportReport }) {
  const refused = report.rows.filter((row) => row.outcome === "refused" || row.outcome === "unknown");
  const changed = report.rows.filter((row) => row.outcome !== "refused" && row.outcome !== "unknown" && row.outcome !== "unchanged");
  const shown = [...changed.slice(0, CHANGED_ROWS_SHOWN), ...refused].sort((a, b) => a.row - b.row);
  const kind = refused.length > 0 ? "warning" : "success";
  const title = report.dryRun
    ? `Dry run of ${report.file}: nothing was changed`
    : `Imported ${report.file}`;
  return (
    <Box flexDirection="column">
      <Text>
        <Tone tone={kind}>{SYMBOLS[kind]}</Tone> {title}: {summaryLine(report.summary, report.dryRun)}
      </Text>
      {shown.length > 0 ? (
        <Box marginTop={1} flexDirection="column">
          <Table columns={ROW_COLUMNS} rows={shown} rowKey={(row) => String(row.row)} />
        </Box>
      ) : null}
      {changed.length > CHANGED_ROWS_SHOWN ? (
        <Tone tone="muted">
          … and {changed.length - CHANGED_ROWS_SHOWN} more changed rows (--json lists every row)
        </Tone>
      ) : null}
    </Box>
  );
}

export interface ImportDisplay {
  progress(progress: ImportProgress): void;
  finish(): Promise<void>;
}

/** A live progress bar on a terminal; nothing elsewhere (the report follows either way). */
export function showImportProgress(io: Io): ImportDisplay {
  let view: LiveView | undefined;
  return {
    progress(progress) {
      const node = <ProgressBar {...progress} />;
      if (view) view.update(node);
      else view = liveView(io, node);
    },
    async finish() {
      await view?.finish();
    },
  };
}

export function printImportReport(io: Io, report: ImportReport): void {
  printResult(io, <ImportReportView report={report} />);
}
