/**
 * The workspace service, /api/workspace/v1 (document 1 section 7, document 2 section 7): create, read,
 * approve / unapprove / cancel, tasks, the caller's authorization records, and references. Shapes in
 * core/workspaces/api.ts. Every write takes the workspace's version (If-Match or a `version` field).
 */
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AddReferenceRequestSchema,
  CreateWorkspaceRequestSchema,
  CreateWorkspaceResponseSchema,
  EditReferenceRequestSchema,
  ReferenceWriteResponseSchema,
  TasksResponseSchema,
  WorkspaceAuthorizationResponseSchema,
  WorkspaceDetailSchema,
  WorkspaceIdParamsSchema,
  WorkspaceReferenceParamsSchema,
  WorkspaceUpdateRequestSchema,
} from "../../core/workspaces/api.js";
import { requestMeta } from "../platform/http/auth.js";
import { errorResponses } from "../platform/http/errors.js";
import {
  addReference,
  createWorkspace,
  editReference,
  getWorkspace,
  listWorkspaceTasks,
  updateWorkspace,
  workspaceAuthorization,
} from "./service.js";
import type { ApiDeps } from "../platform/route-deps.js";
import { requiredVersion } from "../platform/versions.js";
import { IfMatchHeadersSchema } from "../../core/shared/versions.js";

const tags = ["Workspace service"];

export function tagVersion(reply: FastifyReply, version: number): void {
  void reply.header("etag", `"${version}"`);
}


export const workspaceRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { db }) => {
  app.post(
    "/workspaces",
    {
      schema: {
        tags,
        summary: "Create a workspace",
        description:
          "The caller's subscriber becomes its first participant: a lender as INCOMING_LENDER of a remortgage with BORROWER applicants, a law or conveyancing firm as BUYER_REPRESENTATIVE of a purchase with BUYER applicants. 1 to 4 individual applicants or one limited company.",
        body: CreateWorkspaceRequestSchema,
        response: { 201: CreateWorkspaceResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await createWorkspace(db, request.caller, request.body, requestMeta(request));
      tagVersion(reply, created.version);
      return reply.status(201).header("location", `/api/workspace/v1/workspaces/${created.workspaceId}`).send(created);
    },
  );

  app.get(
    "/workspaces/:workspaceId",
    {
      schema: {
        tags,
        summary: "A workspace with every field of document 1 section 3; ETag is its version",
        params: WorkspaceIdParamsSchema,
        response: { 200: WorkspaceDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const workspace = await getWorkspace(db, request.caller, request.params.workspaceId);
      tagVersion(reply, workspace.version);
      return workspace;
    },
  );

  app.patch(
    "/workspaces/:workspaceId",
    {
      schema: {
        tags,
        summary: "Approve ({approved: true}), unapprove ({approved: false}) or cancel ({status: CANCELLED, remarks})",
        description:
          "Each only when readyForApproval, canBeUnapproved or canBeCancelled is true (otherwise 400 with the reason), with the workspace version (409 when stale, nothing changed).",
        params: WorkspaceIdParamsSchema,
        headers: IfMatchHeadersSchema,
        body: WorkspaceUpdateRequestSchema,
        response: { 200: WorkspaceDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 428) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const workspace = await updateWorkspace(db, request.caller, request.params.workspaceId, request.body, version, requestMeta(request));
      tagVersion(reply, workspace.version);
      return workspace;
    },
  );

  app.get(
    "/workspaces/:workspaceId/tasks",
    {
      schema: {
        tags,
        summary: "The workspace's tasks, pending first, each group by name",
        params: WorkspaceIdParamsSchema,
        response: { 200: TasksResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listWorkspaceTasks(db, request.caller, request.params.workspaceId),
  );

  app.get(
    "/workspaces/:workspaceId/authorization",
    {
      schema: {
        tags,
        summary: "Every action and whether the caller may take it in this workspace (permissions, not state)",
        params: WorkspaceIdParamsSchema,
        response: { 200: WorkspaceAuthorizationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => workspaceAuthorization(db, request.caller, request.params.workspaceId),
  );

  app.post(
    "/workspaces/:workspaceId/references",
    {
      schema: {
        tags,
        summary: "Add a reference (one per representative role)",
        params: WorkspaceIdParamsSchema,
        headers: IfMatchHeadersSchema,
        body: AddReferenceRequestSchema,
        response: { 201: ReferenceWriteResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 428) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const reference = await addReference(db, request.caller, request.params.workspaceId, request.body, version, requestMeta(request));
      tagVersion(reply, reference.version);
      return reply.status(201).send(reference);
    },
  );

  app.patch(
    "/workspaces/:workspaceId/references/:referenceId",
    {
      schema: {
        tags,
        summary: "Edit a reference's number",
        params: WorkspaceReferenceParamsSchema,
        headers: IfMatchHeadersSchema,
        body: EditReferenceRequestSchema,
        response: { 200: ReferenceWriteResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 428) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const reference = await editReference(
        db,
        request.caller,
        request.params.workspaceId,
        request.params.referenceId,
        request.body,
        version,
        requestMeta(request),
      );
      tagVersion(reply, reference.version);
      return reference;
    },
  );
};
