/**
 * The SDLT filing on the product clock (decision 0811): a job that runs every few minutes of product time and
 * takes each prepared return through the revenue (filing.ts): READY on its completion date (Europe/London),
 * SUBMITTED, POLL_INITIATED, then FILED or a failure. Each step is its own transaction with the return locked
 * and its status read again, so a run cut short, a retry or a second process never files twice.
 */
import { z } from "zod";
import { defineJob } from "../platform/jobs/queue.js";
import { runSdltFilingJob } from "./filing.js";

/** How often the job looks, in minutes of product time. */
export const SDLT_FILING_EVERY_MINUTES = 5;

export const sdltFilingJob = defineJob({
  name: "file-prepared-sdlt-returns",
  data: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  repeatEveryMinutes: SDLT_FILING_EVERY_MINUTES,
  async run(_data, { db, clock, job }) {
    await runSdltFilingJob(db, clock, `job:${job.id}`);
  },
});
