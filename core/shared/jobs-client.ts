/** The helpdesk administrator's use-cases over the job queue (`convey jobs list|retry`). */
import { JobSchema, JobsResponseSchema, type JobState } from "./jobs.js";
import { call, type RequestContext } from "./provider-client.js";

export interface JobsFilter {
  state?: JobState;
  name?: string;
  page?: number;
  limit?: number;
}

/** One page of jobs, newest first. */
export async function listJobs(ctx: RequestContext, filter: JobsFilter = {}) {
  const { data } = await call(ctx, "GET", "/api/v1/jobs", {
    query: { state: filter.state, name: filter.name, page: filter.page, limit: filter.limit },
    schema: JobsResponseSchema,
  });
  return data;
}

/** Tries a failed job again, or one waiting for its next attempt at once; answers the job as it is now. */
export async function retryJob(ctx: RequestContext, jobId: string) {
  const { data } = await call(ctx, "POST", `/api/v1/jobs/${encodeURIComponent(jobId)}/retry`, {
    schema: JobSchema,
  });
  return data;
}
