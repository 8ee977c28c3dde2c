/**
 * The Stamp duty tab's loader and action (document 3 sections 2.3, 4.5, 5.2, 6, 7.2 and 8.3), server side.
 * The tab's rule is checked first (404 when it does not apply, 403 without the view permission), then the
 * stamp duty details are read from the provider; a failure to read them is shown as the tab's error panel with
 * its status and a retry (section 8.3), not as an error page. Every write is sent with the version the user
 * saw (If-Match): a stale page gets the conflict message and changes nothing. A write is accepted only when
 * the view offers it to this user now; the provider enforces every rule again.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { ProviderError } from "../../core/shared/provider-errors.js";
import type { Toast } from "../../core/shared/errors.js";
import { SDLT_TOASTS } from "../../core/sdlt/messages.js";
import { taxEligibility } from "../../core/sdlt/rules.js";
import { SDLT_SECTIONS, type SdltSectionSlug } from "../../core/sdlt/enums.js";
import {
  confirmTaxEligibility,
  consentToSdltReturn,
  getStampDutyDetails,
  reopenSdltReturn,
  saveSdltSection,
} from "../../core/sdlt/client.js";
import { fieldErrorsOf, type SdltApplicationIds, type SdltSectionBodies } from "../../core/sdlt/api.js";
import { formVersion, readForm } from "../components/form/read-form.server";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError, writeFailureToast } from "../errors/provider-errors.server";
import { redirectWithToast, successToast } from "../errors/toast.server";
import { requireUser, subjectOf, type UserSession } from "../session/user-session.server";
import { checkStampDutyTab, loadViewableWorkspaceWith } from "../workspaces/workspace-page.server";
import { workspaceContext } from "../workspaces/workspace-view";
import { editLockTooltip } from "../../core/workspaces/status.js";
import {
  SdltAnswersSoFarSchema,
  SdltConsentSchema,
  SdltInitialQuestionsSchema,
  sectionBody,
  sectionSchema,
  SDLT_INTENTS,
  type SdltIntent,
} from "./sdlt-forms";
import {
  sdltView,
  sdltViewMode,
  type SdltApplicationView,
  type SdltView,
  type SdltViewMode,
} from "./sdlt-view";

/** Toasts this tab needs that section 8.3 does not word (docs/decisions/0820-stamp-duty-tab.md). */
export const SDLT_TAB_TOASTS = {
  consented: "The stamp duty return is saved and will be submitted automatically on the completion date.",
  reopened: "The stamp duty return is reopened for changes.",
} as const;

const basePathOf = (workspaceId: string) => `/workspaces/${workspaceId}/stamp-duty`;

async function loadState(
  request: Request,
  user: UserSession,
  workspaceId: string | undefined,
  mode: SdltViewMode,
) {
  await checkStampDutyTab(request, workspaceId);
  const { workspace, tab } = await loadViewableWorkspaceWith(request, user, workspaceId, (id) => getStampDutyDetails(user.ctx, id));
  const details = await tab;
  const view = sdltView({
    details,
    user: subjectOf(user),
    workspace: workspaceContext(workspace),
    lockReason: editLockTooltip(workspace),
    basePath: basePathOf(workspace.workspaceId),
    mode,
  });
  return { workspace, details, view };
}

export type StampDutyTabData =
  { view: SdltView; failure: null } | { view: null; failure: { status: number; message: string } };

/**
 * The tab's data. A provider failure other than a session refusal, a 403 or a 404 (which are the error pages
 * of the tab's rule) becomes the error panel: its status (500 when there is none) and the way to retry.
 */
export async function loadStampDutyTab(
  request: Request,
  workspaceId: string | undefined,
): Promise<StampDutyTabData> {
  const user = await requireUser(request);
  const mode = sdltViewMode(new URL(request.url).searchParams);
  try {
    const { view } = await loadState(request, user, workspaceId, mode);
    return { view, failure: null };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (
      error instanceof ProviderError &&
      (error.status === 401 || error.status === 403 || error.status === 404)
    )
      return throwProviderError(request, error);
    const status =
      error instanceof ProviderError && error.status >= 400 && error.status <= 599 ? error.status : 500;
    return { view: null, failure: { status, message: "We couldn't load the stamp duty details." } };
  }
}

export interface SdltActionReply {
  intent: SdltIntent;
  /** The section the reply belongs to (its form shows the errors). */
  section: SdltSectionSlug | null;
  result: SubmissionResult<string[]>;
  toast: Toast | null;
}

function reply(
  intent: SdltIntent,
  section: SdltSectionSlug | null,
  result: SubmissionResult<string[]>,
  toast: Toast | null,
  status: number,
) {
  return data<SdltActionReply>({ intent, section, result, toast }, { status });
}

async function failure(request: Request, error: unknown) {
  const toast = await writeFailureToast(request, error);
  const status =
    error instanceof ProviderError && error.status >= 400 && error.status < 500 ? error.status : 400;
  return { toast, status };
}

const sectionOf = (value: FormDataEntryValue | null) =>
  SDLT_SECTIONS.find((section) => section.slug === value)?.slug ?? null;

export async function stampDutyTabAction(request: Request, workspaceId: string | undefined) {
  const formData = await readForm(
    request,
    sectionSchema("purchaser-details", { agentRequired: false, agentAddressShown: false }),
  );
  const user = await requireUser(request);
  const intent = formData.get("intent");
  const slug = sectionOf(formData.get("section"));
  const mode: SdltViewMode =
    intent === "section" && slug
      ? { kind: "edit", slug }
      : intent === "consent"
        ? { kind: "consent" }
        : { kind: "accordion", open: null };
  const state = await loadState(request, user, workspaceId, mode).catch((error: unknown) =>
    throwProviderError(request, error),
  );
  // The tab's rule first (404 where the tab does not apply, 403 without the view permission), then the intent.
  invariantResponse(
    typeof intent === "string" && (SDLT_INTENTS as readonly string[]).includes(intent),
    "Unknown action",
    400,
  );
  const { view, details } = state;
  const back = view.basePath;
  switch (intent as SdltIntent) {
    case "questions": {
      invariantResponse(view.questions, "The stamp duty decision has already been confirmed", 409);
      invariantResponse(view.questions.disabledReason === null, view.questions.disabledReason ?? "", 403);
      const submission = parseWithZod(formData, { schema: SdltInitialQuestionsSchema });
      if (submission.status !== "success") {
        // Answers so far without the question that has just appeared: back with that question, no error yet.
        const soFar = parseWithZod(formData, { schema: SdltAnswersSoFarSchema });
        const decided = soFar.status === "success" ? taxEligibility(soFar.value) : null;
        if (soFar.status === "success" && decided === null && !answeredAllShown(formData))
          return reply("questions", null, soFar.reply(), null, 200);
        return reply("questions", null, submission.reply(), null, submission.status === "error" ? 400 : 200);
      }
      const decision = taxEligibility(submission.value);
      invariantResponse(decision, "select one of the responses", 400);
      try {
        await confirmTaxEligibility(user.ctx, details.lodgementCaseId, formVersion(formData), {
          taxEligibilityStatus: decision.taxEligibilityStatus as "NOT_REQUIRED",
          revenueAuthority: decision.revenueAuthority,
        });
      } catch (error) {
        const { toast, status } = await failure(request, error);
        return reply("questions", null, submission.reply({ formErrors: [toast.message] }), toast, status);
      }
      return redirectWithToast(back, { kind: "success", ...SDLT_TOASTS.confirmed });
    }
    case "section": {
      const application = view.application;
      invariantResponse(application, "The stamp duty return is not submitted through the product", 400);
      const section = application.sections.find((candidate) => candidate.slug === slug);
      invariantResponse(section, "Section not found", 404);
      invariantResponse(
        section.mode !== "summary",
        view.lockReason ?? "You cannot change this section now",
        403,
      );
      const context = {
        ...application.context,
        agentAddressShown:
          application.context.agentAddressShown || formData.get("agentAddressShown") === "true",
      };
      const schema = sectionSchema(section.slug, context);
      const submission = parseWithZod(formData, { schema });
      if (submission.status !== "success")
        return reply(
          "section",
          section.slug,
          submission.reply(),
          null,
          submission.status === "error" ? 400 : 200,
        );
      const body = sectionBody(section.slug, submission.payload, context);
      try {
        await saveSdltSection(
          user.ctx,
          applicationIds(details.lodgementCaseId, application),
          section.slug,
          formVersion(formData),
          body as SdltSectionBodies[typeof section.slug],
        );
      } catch (error) {
        const { toast, status } = await failure(request, error);
        // The provider's field message belongs beside its field: `Invalid request. body.laNumber: …`.
        const fieldErrors =
          error instanceof ProviderError && error.status === 400 ? fieldErrorsOf(error.message) : {};
        const result = Object.keys(fieldErrors).length
          ? submission.reply({
              fieldErrors: Object.fromEntries(
                Object.entries(fieldErrors).map(([name, message]) => [name, [message]]),
              ),
            })
          : submission.reply({ formErrors: [toast.message] });
        return reply("section", section.slug, result, toast, status);
      }
      return redirectWithToast(
        `${back}?open=${section.slug}#section-${section.slug}`,
        successToast(SDLT_TOASTS.sectionSaved(section.title)),
      );
    }
    case "consent": {
      const application = view.application;
      invariantResponse(application?.next, "You cannot consent to this return", 403);
      invariantResponse(application.next.reason === null, application.next.reason ?? "", 400);
      const submission = parseWithZod(formData, { schema: SdltConsentSchema });
      if (submission.status !== "success") return reply("consent", null, submission.reply(), null, 400);
      try {
        await consentToSdltReturn(
          user.ctx,
          applicationIds(details.lodgementCaseId, application),
          formVersion(formData),
          { accuracy: true, autoSubmit: true },
        );
      } catch (error) {
        const { toast, status } = await failure(request, error);
        return reply("consent", null, submission.reply({ formErrors: [toast.message] }), toast, status);
      }
      return redirectWithToast(back, successToast(SDLT_TAB_TOASTS.consented));
    }
    case "reopen": {
      const application = view.application;
      invariantResponse(application?.prepared?.reopen, "The stamp duty return cannot be reopened", 403);
      try {
        await reopenSdltReturn(
          user.ctx,
          applicationIds(details.lodgementCaseId, application),
          formVersion(formData),
        );
      } catch (error) {
        return redirectWithToast(back, (await failure(request, error)).toast);
      }
      return redirectWithToast(back, successToast(SDLT_TAB_TOASTS.reopened));
    }
  }
}

/** The ids a write to the return is addressed by: its lodgement case and the application's tax ids. */
function applicationIds(
  lodgementCaseId: string,
  application: Pick<SdltApplicationView, "taxId" | "taxApplicationId">,
): SdltApplicationIds {
  return { lodgementCaseId, taxId: application.taxId, taxApplicationId: application.taxApplicationId };
}

/** Whether the form showed every question its answers call for (the browser sends `questionsShown`). */
function answeredAllShown(formData: FormData): boolean {
  const shown = Number(formData.get("questionsShown") ?? "3");
  const need = formData.get("needStampDutySubmission");
  const authority = formData.get("taxAuthority");
  const called = need !== "true" ? 1 : authority === "HM_REVENUE_AND_CUSTOMS" ? 3 : 2;
  return shown >= called;
}
