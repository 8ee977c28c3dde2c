/**
 * The job queue on the command line, for the helpdesk administrator (docs/decisions/0015-job-queue-and-clock.md):
 * `jobs list` shows the later work the provider does, with its state, attempts and last error; `jobs retry`
 * tries a failed job again, or a job waiting to be tried again at once.
 */
import type { Command } from "commander";
import { z } from "zod";
import { JOB_STATES, JobStateSchema } from "../../core/shared/jobs.js";
import { parseOptions } from "../errors.js";
import type { Io } from "../io.js";
import { printJson } from "../output.js";
import { addOutputOption, globalOptions, outputFormat, printList, showMessage, step, PositiveInt, context } from "./shared.js";

const JobsListSchema = z
  .object({
    state: JobStateSchema.optional(),
    name: z.string().trim().min(1, "enter a job name").optional(),
    page: PositiveInt(100_000).default(1),
    limit: PositiveInt(1000).default(20),
    output: z.string().optional(),
  })
  .strict();

const JobIdSchema = z.uuid({ error: "a job id is a UUID, as `convey jobs list` shows it" });


export function registerJobs(program: Command, io: Io): void {
  const jobs = program
    .command("jobs")
    .description("the provider's later work: title answers, scans, filings (helpdesk administrators)");

  addOutputOption(jobs
    .command("list")
    .description("jobs newest first: what, state, attempts, when due (product clock) and last error"))
    .option("--state <state>", `only jobs in this state (${JOB_STATES.join(", ")})`)
    .option("--name <name>", "only jobs of this name, e.g. sweep-expired-identity-records")
    .option("--page <n>", "the page (from 1)", "1")
    .option("--limit <n>", "rows per page (at most 1000)", "20")
    .action(async (options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const { output, ...parsed } = parseOptions(JobsListSchema, options);
      const format = outputFormat(globals, output);
      const [client, ctx] = await Promise.all([
        import("../../core/shared/jobs-client.js"),
        context(io, command),
      ]);
      const result = await step(io, "Reading the jobs", () => client.listJobs(ctx, parsed));
      const { JOB_COLUMNS } = await import("../ui/columns.js");
      await printList(io, format, {
        json: result,
        columns: JOB_COLUMNS,
        rows: result.records,
        table: async () => (await import("../ui/jobs.js")).print.jobs(io, result.records, result.page),
      });
    });

  jobs
    .command("retry <id>")
    .description("try a failed job again, or a job waiting to be tried again at once")
    .action(async (id: string, _options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const jobId = parseOptions(JobIdSchema, id);
      const [client, ctx] = await Promise.all([
        import("../../core/shared/jobs-client.js"),
        context(io, command),
      ]);
      const job = await step(io, `Retrying job ${jobId}`, () => client.retryJob(ctx, jobId));
      if (globals.json) return printJson(io, job);
      await showMessage(io, "success", `The job ${job.name} (${job.key ?? job.id}) will be tried again`);
    });
}
