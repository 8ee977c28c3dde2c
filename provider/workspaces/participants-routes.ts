/**
 * The workspace calls under /api/v1 (document 1 section 7, document 2 section 7.3): the list's search, the
 * quick-filter counts of the whole chip bar in one call, and participants. Shapes in core/workspaces/api.ts.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AssignParticipantRequestSchema,
  AssignParticipantResponseSchema,
  ParticipantDetailsResponseSchema,
  QuickFilterCountsResponseSchema,
  WorkspaceIdParamsSchema,
  WorkspaceSearchQuerySchema,
  WorkspaceSearchRequestSchema,
  WorkspaceSearchResponseSchema,
} from "../../core/workspaces/api.js";
import { requestMeta } from "../platform/http/auth.js";
import { errorResponses } from "../platform/http/errors.js";
import { assignParticipant, participantDetails } from "./service.js";
import { quickFilterCounts, searchWorkspaces } from "./search.js";
import type { ApiDeps } from "../platform/route-deps.js";
import { tagVersion } from "./routes.js";
import { requiredVersion } from "../platform/versions.js";
import { IfMatchHeadersSchema } from "../../core/shared/versions.js";

const tags = ["Workspace service"];

export const workspaceV1Routes: FastifyPluginAsyncZod<ApiDeps> = async (app, { db }) => {
  app.post(
    "/workspaces/search",
    {
      schema: {
        tags,
        summary: "Search the workspaces the caller's subscriber participates in (all of them for the helpdesk administrator)",
        description:
          "Status absent means the default six statuses; an empty list means all. Search fields: postcode, workspaceReferenceId, applicantName, incomingLenderReference (prefix matches). Sort by completionDateSort (missing dates last) or, by default, newest first. withQuickFilterCounts: true also answers quickFilterCounts, as the quick-filter-counts call would.",
        querystring: WorkspaceSearchQuerySchema,
        body: WorkspaceSearchRequestSchema,
        response: { 200: WorkspaceSearchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => searchWorkspaces(db, request.caller, request.body, request.query),
  );

  app.post(
    "/workspaces/search/quick-filter-counts",
    {
      schema: {
        tags,
        summary: "The count of every quick filter for a search, in one call (the body's quickFilter is ignored)",
        body: WorkspaceSearchRequestSchema,
        response: { 200: QuickFilterCountsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => quickFilterCounts(db, request.caller, request.body),
  );

  app.get(
    "/workspaces/:workspaceId/participant-details",
    {
      schema: {
        tags,
        summary: "The workspace's participants with their subscribers and references",
        params: WorkspaceIdParamsSchema,
        response: { 200: ParticipantDetailsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => participantDetails(db, request.caller, request.params.workspaceId),
  );

  app.post(
    "/workspaces/:workspaceId/participants",
    {
      schema: {
        tags,
        summary: "Assign a subscriber to the workspace in a participant role",
        params: WorkspaceIdParamsSchema,
        headers: IfMatchHeadersSchema,
        body: AssignParticipantRequestSchema,
        response: { 201: AssignParticipantResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 428) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const participant = await assignParticipant(db, request.caller, request.params.workspaceId, request.body, version, requestMeta(request));
      tagVersion(reply, participant.version);
      return reply.status(201).send(participant);
    },
  );
};
