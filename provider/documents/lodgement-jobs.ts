/**
 * The land registry's answers on the product clock (decision 0712): a job that runs every few minutes of
 * product time and, for each lodgement request whose answer is due, asks the registry (the sandbox by
 * default) and applies its answer; then rejects every requisition whose reply deadline has passed
 * unanswered. Each request is handled in its own transaction with the workspace and the case locked and its
 * condition read again, so a run cut short, a retry or a second process never applies an answer twice.
 */
import { z } from "zod";
import { defineJob } from "../platform/jobs/queue.js";
import { runRegistryJob } from "./lodgement.js";

/** How often the job looks, in minutes of product time. */
export const LODGEMENT_REGISTRY_EVERY_MINUTES = 5;

export const lodgementRegistryJob = defineJob({
  name: "collect-land-registry-lodgement-answers",
  data: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  repeatEveryMinutes: LODGEMENT_REGISTRY_EVERY_MINUTES,
  async run(_data, { db, clock, job }) {
    await runRegistryJob(db, clock, `job:${job.id}`);
  },
});
