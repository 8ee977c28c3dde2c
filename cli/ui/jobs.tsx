/** What `convey jobs list` shows on stderr: one line per job. */
import { Box, Text } from "ink";
import { JOB_STATE_LABELS, type Job } from "../../core/shared/jobs.js";
import type { PageInfo } from "../../core/shared/contract.js";
import type { Io } from "../io.js";
import { rangeOf } from "./administration.js";
import { printView } from "./render.js";
import { Table, type Column } from "./table.js";
import { Tone } from "./theme.js";

/** `2030-06-28 15:00:00`, in UTC as the audit log shows its times. */
const when = (iso: string) => iso.replace("T", " ").slice(0, 19);

const JOB_COLUMNS: Column<Job>[] = [
  { header: "Id", value: (job) => job.id },
  { header: "Name", value: (job) => job.name, max: 32 },
  { header: "Key", value: (job) => job.key ?? "", max: 24 },
  { header: "State", value: (job) => JOB_STATE_LABELS[job.state] },
  { header: "Attempts", value: (job) => `${job.attempts} of ${job.maxAttempts}` },
  { header: "Due", value: (job) => when(job.runAfter) },
  { header: "Last error", value: (job) => job.lastError ?? "" },
];

export function JobsTable({ jobs, page }: { jobs: Job[]; page: PageInfo }) {
  if (jobs.length === 0) return <Text>No jobs found.</Text>;
  return (
    <Box flexDirection="column">
      <Table columns={JOB_COLUMNS} rows={jobs} rowKey={(job) => job.id} />
      <Box marginTop={1}>
        <Tone tone="muted">{rangeOf(page)} jobs; due times on the product clock</Tone>
      </Box>
    </Box>
  );
}

export const print = {
  jobs: (io: Io, jobs: Job[], page: PageInfo) => printView(io, <JobsTable jobs={jobs} page={page} />),
};
