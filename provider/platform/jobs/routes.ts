/** The job queue for the helpdesk administrator, /api/v1/jobs (docs/decisions/0015-job-queue-and-clock.md). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  JobIdParamsSchema,
  JobSchema,
  JobsQuerySchema,
  JobsResponseSchema,
} from "../../../core/shared/jobs.js";
import { requestMeta } from "../http/auth.js";
import { errorResponses } from "../http/errors.js";
import type { ApiDeps } from "../route-deps.js";
import { listJobs, retryJob } from "./service.js";

const tags = ["Jobs"];

export const jobRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { jobs }) => {
  app.get(
    "/jobs",
    {
      schema: {
        tags,
        summary:
          "Jobs on the queue, newest first: state, attempts, last error, times (helpdesk administrator)",
        querystring: JobsQuerySchema,
        response: { 200: JobsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listJobs(jobs, request.caller, request.query),
  );

  app.post(
    "/jobs/:id/retry",
    {
      schema: {
        tags,
        summary:
          "Try a failed job again, or a job waiting to be tried again at once (helpdesk administrator)",
        params: JobIdParamsSchema,
        response: { 200: JobSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => retryJob(jobs, request.caller, request.params.id, requestMeta(request)),
  );
};
