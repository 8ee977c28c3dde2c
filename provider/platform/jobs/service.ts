/** The helpdesk administrator's view of the job queue: listing jobs and retrying one, audited. */
import type { Job, JobsQuery, JobsResponse } from "../../../core/shared/jobs.js";
import type { VerifiedCaller } from "../../identity/oidc.js";
import { requireHelpdeskAdministrator, type RequestMeta } from "../access.js";
import { AuditAction, recordAuditEvent } from "../audit.js";
import { pageInfo } from "../paging.js";
import type { JobQueue } from "./queue.js";

export async function listJobs(
  jobs: JobQueue,
  caller: VerifiedCaller,
  query: JobsQuery,
): Promise<JobsResponse> {
  requireHelpdeskAdministrator(caller);
  const { records, total } = await jobs.list(query);
  return { records, page: pageInfo(query, total, records.length) };
}

export async function retryJob(
  jobs: JobQueue,
  caller: VerifiedCaller,
  jobId: string,
  meta: RequestMeta,
): Promise<Job> {
  requireHelpdeskAdministrator(caller);
  return jobs.retry(jobId, (trx, job) =>
    recordAuditEvent(
      trx,
      {
        actorUserId: caller.userId,
        subscriberId: null,
        action: AuditAction.JOB_RETRIED,
        target: jobId,
        details: { name: job.name, state: job.state },
      },
      meta,
    ),
  );
}
