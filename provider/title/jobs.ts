/**
 * The job that collects a title search the land registry left pending (document 2 section 4.2): scheduled
 * by the search for a moment inside the registry's business hours (06:30-23:00 London, product clock). When
 * it runs outside them (the clock was moved past its time) it asks nothing and schedules itself for the next
 * opening; an answer still pending is asked for again half an hour later.
 */
import { z } from "zod";
import { nextLandRegistryOpening } from "../../core/title/title-search.js";
import { resolveDataDir } from "../../scripts/dev-secrets.js";
import { defineJob } from "../platform/jobs/queue.js";
import { landRegistryFromEnvironment } from "./land-registry.js";
import { collectPendingTitleSearch } from "./service.js";

const STILL_PENDING_DELAY_MS = 30 * 60_000;

/** Where the job keeps register PDFs: set by the title routes at start (the provider's data folder). */
let dataDirForJobs: string | undefined;
export function setTitleJobsDataDir(dataDir: string): void {
  dataDirForJobs = dataDir;
}

export const collectPendingTitleSearchJob = defineJob({
  name: "collect-pending-title-search",
  data: z.object({ lodgementCaseId: z.string(), titleNumber: z.string() }),
  retryLimit: 5,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  async run(data, { db, clock, jobs }) {
    const deps = { db, clock, jobs, landRegistry: landRegistryFromEnvironment(), dataDir: dataDirForJobs ?? resolveDataDir(process.env) };
    const outcome = await collectPendingTitleSearch(deps, data.lodgementCaseId, data.titleNumber);
    if (outcome === "outside-hours" || outcome === "still-pending") {
      const from = new Date(clock.now().getTime() + (outcome === "still-pending" ? STILL_PENDING_DELAY_MS : 0));
      const runAt = nextLandRegistryOpening(from);
      await jobs.schedule(db, collectPendingTitleSearchJob, data, { key: `${data.lodgementCaseId}:${data.titleNumber}:${runAt.toISOString()}`, runAt });
    }
  },
});
