/**
 * Cancel workspace (document 2 sections 2.5, 4.9 and 5.8): a reason (further details for Other only, at
 * most 100 characters, with a counter), confirm or dismiss. A page of its own without JavaScript and a
 * dialog over the workspace with it (the form kit's modal route). Cancelling is irreversible; the
 * workspace then shows 'Workspace has been cancelled and is in view-only mode'.
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { isWorkspaceId } from "../../core/workspaces/api.js";
import { CANCELLATION_REASON_LABELS, CANCELLATION_REASONS } from "../../core/workspaces/enums.js";
import type { Toast } from "../../core/shared/errors.js";
import { WORKSPACE_TOASTS } from "../../core/workspaces/messages.js";
import { CANCELLATION_NOTES_MAX, CancellationSchema, cancellationNotesRemaining } from "../../core/workspaces/schemas.js";
import { CsrfInput } from "../components/csrf-input";
import { GeneralErrorBoundary } from "../components/error-page";
import { DIALOG_ROUTE, ErrorSummary, RouteDialog, SelectField, SubmitButton, Textarea, useHydrated, useSchemaForm } from "../components/form";
import { ToastMessage } from "../components/toast";
import { tabMeta, WORKSPACE_ROUTE_ID } from "../workspaces/tab-meta";
import { loadCancelWorkspace } from "../workspaces/workspace-page.server";
import type { WorkspaceView } from "../workspaces/workspace-view";
import { cancelWorkspace } from "../../core/workspaces/client.js";
import { writeFailureToast } from "../errors/provider-errors.server";
import { redirectWithToast, successToast } from "../errors/toast.server";
import { invariantResponse } from "../errors/invariant";
import { readForm } from "../components/form/read-form.server";
import { requireUser } from "../session/user-session.server";

export const handle = DIALOG_ROUTE;

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadCancelWorkspace(request, params.workspaceId);
}

const VersionSchema = z.object({ version: z.coerce.number().int().min(1) });

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request, CancellationSchema);
  const user = await requireUser(request);
  const workspaceId = params.workspaceId;
  invariantResponse(isWorkspaceId(workspaceId), "Workspace not found", 404);
  const submission = parseWithZod(formData, { schema: CancellationSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null as Toast | null }, { status: 400 });
  }
  const version = VersionSchema.safeParse({ version: formData.get("version") });
  invariantResponse(version.success, "The workspace version is missing", 400);
  try {
    await cancelWorkspace(user.ctx, workspaceId, version.data.version, submission.value);
  } catch (error) {
    const toast = await writeFailureToast(request, error);
    return data({ result: submission.reply({ formErrors: [toast.message] }), toast }, { status: 400 });
  }
  return redirectWithToast(`/workspaces/${workspaceId}/overview`, successToast(WORKSPACE_TOASTS.workspaceCancelled));
}

export default function CancelWorkspace() {
  const { canBeCancelled } = useLoaderData<typeof loader>();
  const parent = useRouteLoaderData(WORKSPACE_ROUTE_ID) as { view: WorkspaceView } | undefined;
  const view = parent?.view;
  const back = view ? `${view.basePath}/overview` : "/workspaces";
  return (
    <RouteDialog title="Cancel workspace" closeTo={back}>
      {view && canBeCancelled ? (
        <CancelForm view={view} back={back} />
      ) : (
        <>
          <p>This workspace can no longer be cancelled.</p>
          <Link to={back}>Back to the workspace</Link>
        </>
      )}
    </RouteDialog>
  );
}

function CancelForm({ view, back }: { view: WorkspaceView; back: string }) {
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(CancellationSchema, { id: "cancel-workspace", lastResult: actionData?.result });
  const reason = fields.cancellationReason.value;
  const [notes, setNotes] = useState(String(fields.cancellationNotesForOther.initialValue ?? ""));
  // Without JavaScript the further-details field is always there (used for Other only).
  const showNotes = !hydrated || reason === "OTHER";
  return (
    <>
      <ToastMessage toast={actionData?.toast ?? null} />
      <p>
        Cancel workspace <strong>{view.workspaceReferenceId}</strong>, {view.heading}? Cancelling cannot be undone: the
        workspace becomes view-only.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <CsrfInput />
        <input type="hidden" name="version" value={view.version} />
        <ErrorSummary form={form} />
        <SelectField
          field={fields.cancellationReason}
          label="Reason"
          placeholder="Select a reason"
          options={CANCELLATION_REASONS.map((value) => ({ value, label: CANCELLATION_REASON_LABELS[value] }))}
        />
        {showNotes ? (
          <>
            <Textarea
              field={fields.cancellationNotesForOther}
              label="Further details"
              hint={hydrated ? undefined : `Only when the reason is Other; up to ${CANCELLATION_NOTES_MAX} characters`}
              maxLength={CANCELLATION_NOTES_MAX}
              rows={3}
              onInput={(event) => setNotes(event.currentTarget.value)}
            />
            {hydrated ? (
              <p className="counter" aria-live="polite">
                You have {cancellationNotesRemaining(notes)} characters remaining
              </p>
            ) : null}
          </>
        ) : null}
        <div className="form-actions">
          <SubmitButton>Cancel workspace</SubmitButton>
          <Link to={back} className="button secondary outline" preventScrollReset>
            Keep workspace
          </Link>
        </div>
      </Form>
    </>
  );
}

export const meta = tabMeta("Cancel workspace");

export const ErrorBoundary = GeneralErrorBoundary;
