/**
 * The Property details tab's loader and action (document 2 sections 2.2, 4.2, 4.3, 5.2, 5.3, 7.1, 7.2 and 8),
 * server side: the workspace, its lodgement case and title, the product's time and (behind attribute-based
 * access control) the authorization records, turned into the page's model; and the three writes — Retrieve,
 * Check for updates and the security address update — each with the workspace version the user saw.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { isWorkspaceId } from "../../core/workspaces/api.js";
import { getWorkspaceAuthorization } from "../../core/workspaces/client.js";
import { WORKSPACE_TOASTS } from "../../core/workspaces/messages.js";
import { prefetchesAuthorization } from "../../core/shared/permissions/attribute-based.js";
import { productNow } from "../../core/shared/product-clock-client.js";
import { ProviderError } from "../../core/shared/provider-errors.js";
import type { Title } from "../../core/title/api.js";
import { downloadTitleDocument, getLodgementCase, getLodgementCaseWithTitle, searchTitle } from "../../core/title/client.js";
import { editSecurityAddress } from "../../core/parties/client.js";
import { securityAddressBody } from "../../core/parties/api.js";
import { TitleNumberSchema } from "../../core/title/title-number.js";
import { readForm, formVersion } from "../components/form/read-form.server";
import { invariantResponse } from "../errors/invariant";
import { writeFailureToast } from "../errors/provider-errors.server";
import { redirectWithToast, successToast } from "../errors/toast.server";
import { featureFlags } from "../feature-flags.server";
import { requireUser, subjectOf } from "../session/user-session.server";
import { loadViewableWorkspaceWith } from "../workspaces/workspace-page.server";
import { workspaceContext } from "../workspaces/workspace-view";
import { RetrieveTitleFormSchema, SecurityAddressFormSchema, type PropertyDetailsIntent } from "./forms";
import { propertyDetailsModel, type TitleForDisplay, type UpdateCheckOutcome } from "./property-details-view";

const tabPath = (workspaceId: string) => `/workspaces/${workspaceId}/property-details`;
/** The resource route that streams a register PDF (app/routes/workspaces.$workspaceId.title-documents.$fileId.ts). */
export const titleDocumentsPath = (workspaceId: string) => `/workspaces/${workspaceId}/title-documents`;

/** A proprietor as the register names it: "Forenames Surname", or the company's name and number. */
function proprietorName(proprietor: Title["registeredProprietors"][number]): string {
  if (proprietor.individualDetails) return `${proprietor.individualDetails.forenames} ${proprietor.individualDetails.surname}`;
  const organisation = proprietor.organisationDetails;
  if (!organisation) return "";
  return organisation.registrationNumber ? `${organisation.organisationName} (company number ${organisation.registrationNumber})` : organisation.organisationName;
}

/** The title's fields as the panel shows them: address lines, names, restriction texts and the chargees of its charges. */
export function titleForDisplay(title: Title): TitleForDisplay {
  const { address } = title;
  const lenders = title.entries
    .filter((entry) => entry.type === "CHARGE")
    .flatMap((entry) => entry.attributes.parties.map((party) => party.name));
  return {
    titleNumber: title.titleNumber,
    documents: title.titleDocuments.map((document) => ({ fileName: document.fileName, fileId: document.fileId })),
    addressLines: [address.lineOne, address.lineTwo, address.lineThree, address.lineFour, address.lineFive, address.postcode].filter(
      (line): line is string => Boolean(line && line.trim()),
    ),
    proprietors: title.registeredProprietors.map(proprietorName).filter(Boolean),
    restrictions: title.restrictions.map((restriction) => restriction.text),
    lenders: [...new Set(lenders)],
  };
}

const UpdatesSchema = z.enum(["changed", "unchanged"]);

export async function loadPropertyDetails(request: Request, workspaceId: string | undefined) {
  const user = await requireUser(request);
  // The case and its title, asked for beside the workspace (a read: the provider answers it only for a workspace
  // the caller may see). Its failure is the panel's error state with a retry, not the whole page's.
  const [{ workspace, tab }, flags] = await Promise.all([
    loadViewableWorkspaceWith(request, user, workspaceId, (id) => getLodgementCaseWithTitle(user.ctx, id)),
    featureFlags(user.ctx),
  ]);
  const titleData = tab.catch((error: unknown) => {
    if (error instanceof ProviderError && (error.status === 401 || error.status === 403)) throw error;
    return null;
  });
  // After the workspace's answer, which carries the product clock's offset: no call of its own.
  const now = await productNow(user.ctx);
  const subject = subjectOf(user);
  const accessToken = user.ctx.accessToken ?? null;
  const prefetch = prefetchesAuthorization({ flags, accessToken, roles: subject.roles });
  const [titleResult, authorization] = await Promise.all([
    titleData,
    prefetch ? getWorkspaceAuthorization(user.ctx, workspace.workspaceId).then((answer) => answer.records) : Promise.resolve(null),
  ]);

  const updates = UpdatesSchema.safeParse(new URL(request.url).searchParams.get("updates"));
  return {
    model: propertyDetailsModel({
      workspace: { ...workspaceContext(workspace), ...workspace },
      user: { ...subject, accessToken },
      flags,
      now,
      authorization,
      loadFailed: titleResult === null,
      lodgementCase: titleResult?.lodgementCase ?? null,
      title: titleResult?.title ? titleForDisplay(titleResult.title) : null,
      updates: updates.success ? (updates.data as UpdateCheckOutcome) : null,
      documentHref: titleDocumentsPath(workspace.workspaceId),
    }),
  };
}

const CheckForUpdatesSchema = z.object({ titleNumber: TitleNumberSchema });
const AddressIdSchema = z.string().trim().min(1).max(80);

/** Retrieve, Check for updates, or the security address update, by the form's intent. */
export async function propertyDetailsAction(request: Request, workspaceId: string | undefined) {
  const formData = await readForm(request, RetrieveTitleFormSchema, SecurityAddressFormSchema);
  const user = await requireUser(request);
  invariantResponse(isWorkspaceId(workspaceId), "Workspace not found", 404);
  const intent = formData.get("intent") as PropertyDetailsIntent | null;
  const version = formVersion(formData);
  const back = tabPath(workspaceId);

  if (intent === "retrieve-title") {
    const submission = parseWithZod(formData, { schema: RetrieveTitleFormSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      const lodgementCase = await getLodgementCase(user.ctx, workspaceId);
      await searchTitle(user.ctx, lodgementCase.lodgementCaseId, version, { titleNumber: submission.value.titleNumber });
    } catch (error) {
      const toast = await writeFailureToast(request, error);
      return data({ intent, result: submission.reply({ formErrors: [toast.message] }) }, { status: 400 });
    }
    return redirect(back);
  }

  if (intent === "check-for-updates") {
    const parsed = CheckForUpdatesSchema.safeParse({ titleNumber: formData.get("titleNumber") });
    invariantResponse(parsed.success, "The title number is missing", 400);
    try {
      const lodgementCase = await getLodgementCase(user.ctx, workspaceId);
      const answer = await searchTitle(user.ctx, lodgementCase.lodgementCaseId, version, { titleNumber: parsed.data.titleNumber, refetch: true });
      return redirect(`${back}?updates=${answer.changed ? "changed" : "unchanged"}`);
    } catch (error) {
      return redirectWithToast(back, await writeFailureToast(request, error));
    }
  }

  if (intent === "update-security-address") {
    const submission = parseWithZod(formData, { schema: SecurityAddressFormSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const addressId = AddressIdSchema.safeParse(formData.get("addressId"));
    invariantResponse(addressId.success, "The address is missing", 400);
    try {
      await editSecurityAddress(user.ctx, workspaceId, addressId.data, version, securityAddressBody(submission.value));
    } catch (error) {
      const toast = await writeFailureToast(request, error);
      return data({ intent, result: submission.reply({ formErrors: [toast.message] }) }, { status: 400 });
    }
    return redirectWithToast(back, successToast(WORKSPACE_TOASTS.securityAddressUpdated));
  }

  throw new Response("Unknown action", { status: 400 });
}

/** The register PDF, fetched with the user's token and handed on as an attachment that the browser will not sniff. */
export async function titleDocumentResponse(request: Request, workspaceId: string | undefined, fileId: string | undefined) {
  const user = await requireUser(request);
  invariantResponse(isWorkspaceId(workspaceId), "Workspace not found", 404);
  invariantResponse(fileId && /^[A-Za-z0-9_-]{1,80}$/.test(fileId), "Document not found", 404);
  try {
    const lodgementCase = await getLodgementCase(user.ctx, workspaceId);
    const file = await downloadTitleDocument(user.ctx, lodgementCase.lodgementCaseId, fileId);
    return new Response(new Uint8Array(file.body), {
      status: 200,
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": file.contentDisposition ?? `attachment; filename="${fileId}.pdf"`,
        "Content-Length": String(file.body.byteLength),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof ProviderError) throw new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
