/** Every job the product runs: each area's definitions, registered with the queue when the provider starts. */
import { sweepExpiredIdentityRecordsJob } from "../../identity/expired-records.js";
import { collectPendingTitleSearchJob } from "../../title/jobs.js";
import { exchangeFundsJob } from "../../financials/completion-day.js";
import { lodgementRegistryJob } from "../../documents/lodgement-jobs.js";
import { scanLodgementFileJob } from "../../documents/virus-scan-job.js";
import { sweepOrphanLodgementFilesJob } from "../../documents/files-sweep.js";
import { sdltFilingJob } from "../../sdlt/jobs.js";
import { upkeepDatabaseJob } from "../db/upkeep.js";
import type { JobDefinition } from "./queue.js";

export const PRODUCT_JOBS: readonly JobDefinition[] = [
  sweepExpiredIdentityRecordsJob,
  collectPendingTitleSearchJob as JobDefinition,
  exchangeFundsJob,
  scanLodgementFileJob as JobDefinition,
  lodgementRegistryJob,
  sweepOrphanLodgementFilesJob,
  sdltFilingJob,
  upkeepDatabaseJob,
];
