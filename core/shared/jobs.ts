/**
 * The job queue's API contract (docs/decisions/0015-job-queue-and-clock.md): later work the provider does on
 * a queue in its own database (title search answers, virus scans, bank-check time-outs, filings on
 * completion day), which the helpdesk administrator lists and retries (`GET /api/v1/jobs`,
 * `POST /api/v1/jobs/{id}/retry`, `convey jobs list|retry`).
 */
import { z } from "zod";
import { PageInfoSchema, PagingQuerySchema } from "./contract.js";

/** A job's states, in the order a job passes through them (pg-boss's own names). */
export const JOB_STATES = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;
export const JobStateSchema = z.enum(JOB_STATES, { error: `use one of ${JOB_STATES.join(", ")}` });
export type JobState = z.infer<typeof JobStateSchema>;

export const JOB_STATE_LABELS: Record<JobState, string> = {
  created: "Waiting",
  retry: "Waiting to retry",
  active: "Running",
  completed: "Completed",
  cancelled: "Cancelled",
  failed: "Failed",
};

/** The states in which a retry is accepted: failed for good, or waiting for its next attempt (tried at once). */
export const RETRYABLE_JOB_STATES: readonly JobState[] = ["failed", "retry"];

export const JobSchema = z.object({
  id: z.uuid(),
  /** What the job does: its queue's name, e.g. `sweep-expired-identity-records`. */
  name: z.string(),
  /** The logical job it is: scheduling the same name and key again adds no second job. */
  key: z.string().nullable(),
  state: JobStateSchema,
  /** Attempts made so far. */
  attempts: z.number().int().min(0),
  /** Attempts it may make in all (the first and its retries). */
  maxAttempts: z.number().int().min(1),
  /** When it is due (again), on the product clock. */
  runAfter: z.string(),
  /** When it was scheduled, first started, and finished (completed, failed for good or cancelled): real time. */
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The error of its last failed attempt, unless it completed since. */
  lastError: z.string().nullable(),
});
export type Job = z.infer<typeof JobSchema>;

export const JobsQuerySchema = PagingQuerySchema.extend({
  state: JobStateSchema.optional(),
  name: z.string().trim().min(1).max(100).optional(),
});
export type JobsQuery = z.infer<typeof JobsQuerySchema>;

export const JobsResponseSchema = z.object({
  records: z.array(JobSchema),
  page: PageInfoSchema,
});
export type JobsResponse = z.infer<typeof JobsResponseSchema>;

export const JobIdParamsSchema = z.object({ id: z.uuid({ error: "a job id is a UUID" }) });
