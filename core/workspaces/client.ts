/**
 * Use-cases over the workspace service (document 1 section 7, document 2 section 7.1), shared by the app
 * and the CLI. Shapes in core/workspaces/api.ts. Every write sends the workspace version it was made
 * against; a stale one answers 409 (ProviderError) and nothing changes.
 */
import {
  AssignParticipantResponseSchema,
  CreateWorkspaceResponseSchema,
  ParticipantDetailsResponseSchema,
  ReferenceWriteResponseSchema,
  TasksResponseSchema,
  WorkspaceAuthorizationResponseSchema,
  WorkspaceDetailSchema,
  WorkspaceSearchResponseSchema,
  type AddReferenceRequest,
  type AssignParticipantRequest,
  type CreateWorkspaceRequest,
  type EditReferenceRequest,
  type WorkspaceSearchRequest,
} from "./api.js";
import type { CancellationReason } from "./enums.js";
import { call, type RequestContext } from "../shared/provider-client.js";

const WORKSPACES = "/api/workspace/v1/workspaces";
const id = (workspaceId: string) => encodeURIComponent(workspaceId);

export async function createWorkspace(ctx: RequestContext, body: CreateWorkspaceRequest) {
  return (await call(ctx, "POST", WORKSPACES, { body, schema: CreateWorkspaceResponseSchema })).data;
}

/** Every field of document 1 section 3, with the version the next write must carry. */
export async function getWorkspace(ctx: RequestContext, workspaceId: string) {
  return (await call(ctx, "GET", `${WORKSPACES}/${id(workspaceId)}`, { schema: WorkspaceDetailSchema })).data;
}

function patchWorkspace(ctx: RequestContext, workspaceId: string, version: number, body: Record<string, unknown>) {
  return call(ctx, "PATCH", `${WORKSPACES}/${id(workspaceId)}`, {
    body,
    version,
    schema: WorkspaceDetailSchema,
  }).then((result) => result.data);
}

/** PATCH {approved: true}: only while readyForApproval (400 otherwise). */
export function approveWorkspace(ctx: RequestContext, workspaceId: string, version: number) {
  return patchWorkspace(ctx, workspaceId, version, { approved: true });
}

/** PATCH {approved: false}: only while canBeUnapproved (400 otherwise). */
export function unapproveWorkspace(ctx: RequestContext, workspaceId: string, version: number) {
  return patchWorkspace(ctx, workspaceId, version, { approved: false });
}

/** PATCH {status: CANCELLED, remarks}: only while canBeCancelled (400 otherwise). Irreversible. */
export function cancelWorkspace(
  ctx: RequestContext,
  workspaceId: string,
  version: number,
  remarks: { cancellationReason: CancellationReason; cancellationNotesForOther?: string | undefined },
) {
  return patchWorkspace(ctx, workspaceId, version, { status: "CANCELLED", remarks });
}

export async function listWorkspaceTasks(ctx: RequestContext, workspaceId: string) {
  return (await call(ctx, "GET", `${WORKSPACES}/${id(workspaceId)}/tasks`, { schema: TasksResponseSchema })).data.records;
}

/** Every action and whether the caller may take it in this workspace. */
export async function getWorkspaceAuthorization(ctx: RequestContext, workspaceId: string) {
  return (await call(ctx, "GET", `${WORKSPACES}/${id(workspaceId)}/authorization`, { schema: WorkspaceAuthorizationResponseSchema })).data;
}

export async function addWorkspaceReference(ctx: RequestContext, workspaceId: string, version: number, body: AddReferenceRequest) {
  return (
    await call(ctx, "POST", `${WORKSPACES}/${id(workspaceId)}/references`, {
      body,
      version,
      schema: ReferenceWriteResponseSchema,
    })
  ).data;
}

export async function editWorkspaceReference(
  ctx: RequestContext,
  workspaceId: string,
  referenceId: string,
  version: number,
  body: EditReferenceRequest,
) {
  return (
    await call(ctx, "PATCH", `${WORKSPACES}/${id(workspaceId)}/references/${encodeURIComponent(referenceId)}`, {
      body,
      version,
      schema: ReferenceWriteResponseSchema,
    })
  ).data;
}

export async function listWorkspaceParticipants(ctx: RequestContext, workspaceId: string) {
  return (
    await call(ctx, "GET", `/api/v1/workspaces/${id(workspaceId)}/participant-details`, { schema: ParticipantDetailsResponseSchema })
  ).data.records;
}

export async function assignWorkspaceParticipant(ctx: RequestContext, workspaceId: string, version: number, body: AssignParticipantRequest) {
  return (
    await call(ctx, "POST", `/api/v1/workspaces/${id(workspaceId)}/participants`, {
      body,
      version,
      schema: AssignParticipantResponseSchema,
    })
  ).data;
}

/** The list: records of one page and the page info (with isSubscriberHasWorkspace), and with `withQuickFilterCounts` every chip's count. */
export async function searchWorkspaces(ctx: RequestContext, search: WorkspaceSearchRequest, page: { page: number; limit: number }) {
  return (
    await call(ctx, "POST", "/api/v1/workspaces/search", {
      query: { page: page.page, limit: page.limit },
      reads: true,
      body: search,
      schema: WorkspaceSearchResponseSchema,
    })
  ).data;
}
