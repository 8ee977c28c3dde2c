/** What `convey sdlt calculate` and `convey sdlt status` print on stdout. */
import { Box, Text } from "ink";
import type { SdltInput, SdltResult } from "../../core/sdlt/calculation.js";
import type { SdltBandRow, SdltSectionRow, SdltStatus } from "../../core/sdlt/helpdesk-client.js";
import type { Io } from "../io.js";
import { SDLT_BAND_COLUMNS, type Column } from "./columns.js";
import { printResult } from "./render.js";
import { Details, Table } from "./table.js";
import { Tone } from "./theme.js";

/** What `sdlt calculate` prints and its `--json` answer: the input, calculateSdlt's result and the note. */
export interface SdltCalculationOutput extends SdltResult {
  input: SdltInput;
  note: string;
}

const wholePounds = (pounds: number) => `£${pounds.toLocaleString("en-GB")}`;

/** The circumstances taken into account, in words: "residential, first-time buyer". */
export function circumstances(input: SdltInput): string {
  const words: string[] = [input.kind];
  if (input.firstTimeBuyer) words.push("first-time buyer");
  if (input.additionalDwelling) words.push("additional dwelling");
  if (input.nonResident) words.push("non-UK resident");
  return words.join(", ");
}

export function CalculationView({ calculation }: { calculation: SdltCalculationOutput }) {
  const { input } = calculation;
  return (
    <Box flexDirection="column">
      <Text>
        {wholePounds(input.price)} on {input.effectiveDate} ({circumstances(input)})
      </Text>
      <Text>Rule set: {calculation.rules}</Text>
      <Box marginTop={1}>
        <Table columns={SDLT_BAND_COLUMNS} rows={calculation.bands} rowKey={(band) => String(band.from)} />
      </Box>
      <Box marginTop={1}>
        <Tone tone="strong">Total SDLT {wholePounds(calculation.tax)}</Tone>
      </Box>
      <Tone tone="muted">{calculation.note}</Tone>
    </Box>
  );
}

const SECTION_COLUMNS: Column<SdltSectionRow>[] = [
  { header: "Section", value: (row) => row.title },
  { header: "Status", value: (row) => row.statusLabel },
];

const STATUS_BAND_COLUMNS: Column<SdltBandRow>[] = [
  { header: "Band", value: (row) => row.band },
  { header: "Rate", value: (row) => row.rate },
  { header: "Tax", value: (row) => row.tax },
];

function Filing({ filing }: { filing: NonNullable<SdltStatus["taxApplication"]>["filing"] }) {
  const rows: [string, string][] = [
    ["Reference", filing.transactionReferenceNumber ?? "-"],
    ["Submitted", filing.submittedAt ?? "-"],
    ["Filed", filing.filedAt ?? "-"],
    ["Attempts", String(filing.attempts)],
  ];
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold>Filing</Text>
      <Details rows={rows} labelWidth={12} />
      {filing.failureReason ? <Tone tone="error">Failed: {filing.failureReason}</Tone> : null}
    </Box>
  );
}

function Calculation({
  calculation,
}: {
  calculation: NonNullable<NonNullable<SdltStatus["taxApplication"]>["calculation"]>;
}) {
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold>Tax</Text>
      <Details
        rows={[
          ["Calculated", calculation.calculatedTax ?? "not calculated"],
          ["Entered", calculation.enteredTax],
          ...(calculation.rules ? [["Rule set", calculation.rules] as [string, string]] : []),
        ]}
        labelWidth={12}
      />
      {calculation.bands.length > 0 ? (
        <Table columns={STATUS_BAND_COLUMNS} rows={calculation.bands} rowKey={(row) => row.band} />
      ) : null}
      {calculation.differs ? (
        <Tone tone="warning">The entered tax differs from the calculated tax.</Tone>
      ) : null}
      <Tone tone="muted">{calculation.note}</Tone>
    </Box>
  );
}

export function StatusView({ status }: { status: SdltStatus }) {
  const application = status.taxApplication;
  const rows: [string, string][] = [
    ["Decision", status.taxEligibilityLabel],
    ["Authority", status.revenueAuthorityLabel ?? "-"],
    ["Effective date", status.effectiveDateOfTransaction ?? "not set"],
    ["Return", application ? application.taxApplicationStatusLabel : "none"],
  ];
  if (application) rows.push(["Next step", nextStep(application)]);
  return (
    <Box flexDirection="column">
      <Text>
        {status.workspaceReferenceId} ({status.workspaceStatusLabel}) · stamp duty return
      </Text>
      <Box marginTop={1}>
        <Details rows={rows} />
      </Box>
      {application ? (
        <>
          <Box marginTop={1}>
            <Table columns={SECTION_COLUMNS} rows={application.sections} rowKey={(row) => row.slug} />
          </Box>
          {application.calculation ? <Calculation calculation={application.calculation} /> : null}
          <Filing filing={application.filing} />
        </>
      ) : null}
    </Box>
  );
}

/** What the return waits for, in a few words. */
function nextStep(application: NonNullable<SdltStatus["taxApplication"]>): string {
  if (application.taxApplicationStatus === "CREATED")
    return application.canBePrepared ? "ready for consent" : "sections to complete";
  if (application.taxApplicationStatus === "PREPARED")
    return application.canBeReopened
      ? "filed on the completion date (may be reopened)"
      : "filed on the completion date";
  if (application.taxApplicationStatus === "FILED") return "none: filed";
  if (["FAILED", "SUBMISSION_FAILED", "POLL_FAILED"].includes(application.taxApplicationStatus))
    return "see why it failed below";
  return "waiting for the revenue";
}

export const print = {
  calculation: (io: Io, calculation: SdltCalculationOutput) =>
    printResult(io, <CalculationView calculation={calculation} />),
  status: (io: Io, status: SdltStatus) => printResult(io, <StatusView status={status} />),
};
