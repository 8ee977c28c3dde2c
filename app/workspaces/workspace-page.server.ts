/**
 * The workspace page's loaders and actions (document 1 section 2.6), server side, so that the page's
 * browser code gets plain data and imports nothing from core at run time.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { isWorkspaceId, type WorkspaceDetail } from "../../core/workspaces/api.js";
import { WORKSPACE_TOASTS } from "../../core/workspaces/messages.js";
import { can } from "../../core/shared/permissions/actions.js";
import { screenAccess } from "../../core/shared/permissions/screens.js";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError, writeFailureToast } from "../errors/provider-errors.server";
import { featureFlags } from "../feature-flags.server";
import { readForm } from "../components/form/read-form.server";
import { requireUser, type UserSession, subjectOf } from "../session/user-session.server";
import { oncePerPageLoad } from "../session/page-load.server";
import { safeLocalPath } from "../../core/shared/local-path.js";
import { buyerHasDualRepresentation, workspaceContext, workspaceView } from "./workspace-view";
import { approveWorkspace, getWorkspace, unapproveWorkspace } from "../../core/workspaces/client.js";
import { redirectWithToast, successToast } from "../errors/toast.server";

/** One read of the workspace per page load: the shell's loader and the tab's run in parallel and share it. */
function readWorkspace(request: Request, user: UserSession, workspaceId: string): Promise<WorkspaceDetail> {
  return oncePerPageLoad(request, `workspace ${workspaceId}`, () => getWorkspace(user.ctx, workspaceId));
}

/** The workspace the user may view: 403 without view permission, 404 for a workspace they are not part of. */
export async function loadViewableWorkspace(request: Request, user: UserSession, workspaceId: string | undefined) {
  const subject = subjectOf(user);
  invariantResponse(can(subject, "viewWorkspaceList"), "You do not have access to workspaces", 403);
  invariantResponse(isWorkspaceId(workspaceId), "Workspace not found", 404);
  const workspace = await readWorkspace(request, user, workspaceId).catch((error: unknown) => throwProviderError(request, error));
  invariantResponse(can(subject, "viewWorkspace", workspaceContext(workspace)), "You do not have access to this workspace", 403);
  return workspace;
}

/** A promise awaited later: marked handled now, so that it may reject before its turn comes. */
function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * The viewable workspace (loadViewableWorkspace) and a tab's own read of it, asked for at once rather than one
 * after the other: the provider answers the read only for a workspace the caller may see. The workspace is
 * awaited first, so that its refusal (403, 404) is the one the user sees; an id that is no workspace's asks
 * nothing else. The read's own failure comes when `tab` is awaited.
 */
export async function loadViewableWorkspaceWith<T>(
  request: Request,
  user: UserSession,
  workspaceId: string | undefined,
  read: (workspaceId: string) => Promise<T>,
): Promise<{ workspace: WorkspaceDetail; tab: Promise<T> }> {
  const pendingWorkspace = started(loadViewableWorkspace(request, user, workspaceId));
  if (!isWorkspaceId(workspaceId)) await pendingWorkspace;
  invariantResponse(isWorkspaceId(workspaceId), "Workspace not found", 404);
  const tab = started(read(workspaceId));
  return { workspace: await pendingWorkspace, tab };
}

export async function loadWorkspacePage(request: Request, workspaceId: string | undefined) {
  const user = await requireUser(request);
  const [workspace, flags] = await Promise.all([loadViewableWorkspace(request, user, workspaceId), featureFlags(user.ctx)]);
  return {
    view: workspaceView({
      workspace,
      user: { ...subjectOf(user), subscriberId: user.claims.subscriberId, subscriberType: user.claims.subscriberType },
      flags,
    }),
  };
}

const WorkspaceIntentSchema = z.object({
  intent: z.enum(["approve-workspace", "unapprove-workspace"], { error: () => "Unknown action" }),
  version: z.coerce.number().int().min(1),
  returnTo: z.string().optional(),
});

/** Approve or unapprove with the version the user saw; back to the page with a toast (409: the conflict message). */
export async function workspacePageAction(request: Request, workspaceId: string | undefined) {
  const formData = await readForm(request, WorkspaceIntentSchema);
  const user = await requireUser(request);
  const submission = parseWithZod(formData, { schema: WorkspaceIntentSchema });
  invariantResponse(submission.status === "success", "Unknown action", 400);
  invariantResponse(isWorkspaceId(workspaceId), "Workspace not found", 404);
  const { intent, version } = submission.value;
  const back = safeLocalPath(submission.value.returnTo, `/workspaces/${workspaceId}`);
  try {
    if (intent === "approve-workspace") {
      await approveWorkspace(user.ctx, workspaceId, version);
      return redirectWithToast(back, successToast(WORKSPACE_TOASTS.workspaceApproved));
    }
    await unapproveWorkspace(user.ctx, workspaceId, version);
    return redirectWithToast(back, successToast(WORKSPACE_TOASTS.workspaceUnapproved));
  } catch (error) {
    return redirectWithToast(back, await writeFailureToast(request, error));
  }
}

/** The stamp duty tab only under its rule (else 404), and with the view permission (else 403). */
export async function checkStampDutyTab(request: Request, workspaceId: string | undefined) {
  const user = await requireUser(request);
  const [workspace, flags] = await Promise.all([loadViewableWorkspace(request, user, workspaceId), featureFlags(user.ctx)]);
  const access = screenAccess("stamp-duty", subjectOf(user), {
    flags,
    workspace: workspaceContext(workspace),
    stampDuty: { transactionType: workspace.transactionType, buyerHasDualRepresentation: buyerHasDualRepresentation(workspace) },
  });
  invariantResponse(access !== "not-found" && access !== "hidden", "Not found", 404);
  invariantResponse(access === "allowed", "You do not have access to stamp duty", 403);
  return null;
}

/** Whether the user may cancel this workspace (403 otherwise), and whether it still can be. */
export async function loadCancelWorkspace(request: Request, workspaceId: string | undefined) {
  const user = await requireUser(request);
  const workspace = await loadViewableWorkspace(request, user, workspaceId);
  invariantResponse(can(subjectOf(user), "cancelWorkspace", workspaceContext(workspace)), "You cannot cancel this workspace", 403);
  return { canBeCancelled: workspace.canBeCancelled };
}
