/** What `convey jobs list` prints on stdout: one line per job. */
import { Box, Text } from "ink";
import type { Job } from "../../core/shared/jobs.js";
import type { PageInfo } from "../../core/shared/contract.js";
import type { Io } from "../io.js";
import { JOB_COLUMNS, rangeOf } from "./columns.js";
import { printResult } from "./render.js";
import { Table } from "./table.js";
import { Tone } from "./theme.js";

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
  jobs: (io: Io, jobs: Job[], page: PageInfo) => printResult(io, <JobsTable jobs={jobs} page={page} />),
};
