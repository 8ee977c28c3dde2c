/**
 * Use-cases over the stamp duty land tax return (document 3 section 7.2), shared by the app and the CLI.
 * Shapes in core/sdlt/api.ts. A stale version answers 409 (ProviderError) and nothing changes; a refusal is a
 * ProviderError 400 whose message is the field's or the rule's text.
 */
import {
  SDLT_CASES_PATH,
  SDLT_SECTION_PUT_PATHS,
  STAMP_DUTY_DETAILS_PATH,
  StampDutyDetailsSchema,
  taxApplicationPath,
  type SdltApplicationIds,
  type SdltConsentRequest,
  type SdltSectionBodies,
  type StampDutyDetails,
  type TaxEligibilityRequest,
} from "./api.js";
import type { SdltSectionSlug } from "./enums.js";
import { call, type RequestContext } from "../shared/provider-client.js";

/** The workspace's stamp duty details: the decision, the read-only transaction summary and the return. */
export async function getStampDutyDetails(
  ctx: RequestContext,
  workspaceId: string,
): Promise<StampDutyDetails> {
  return (
    await call(ctx, "GET", STAMP_DUTY_DETAILS_PATH, {
      query: { workspace_id: workspaceId },
      schema: StampDutyDetailsSchema,
    })
  ).data;
}

/** Confirms the answer of the initial questions (core/sdlt/rules.ts taxEligibility); it cannot change afterwards. */
export async function confirmTaxEligibility(
  ctx: RequestContext,
  lodgementCaseId: string,
  version: number,
  body: TaxEligibilityRequest,
): Promise<StampDutyDetails> {
  const path = `${SDLT_CASES_PATH}/${encodeURIComponent(lodgementCaseId)}/tax-eligibility`;
  return (await call(ctx, "POST", path, { body, version, schema: StampDutyDetailsSchema })).data;
}

/** Saves one section of the return (the section becomes COMPLETED). */
export async function saveSdltSection<S extends SdltSectionSlug>(
  ctx: RequestContext,
  ids: SdltApplicationIds,
  slug: S,
  version: number,
  body: SdltSectionBodies[S],
): Promise<StampDutyDetails> {
  const path = `${taxApplicationPath(ids)}/${SDLT_SECTION_PUT_PATHS[slug]}`;
  return (await call(ctx, "PUT", path, { body, version, schema: StampDutyDetailsSchema })).data;
}

/** Consents to the return (both statements): CREATED → PREPARED, locked for filing on the completion date. */
export async function consentToSdltReturn(
  ctx: RequestContext,
  ids: SdltApplicationIds,
  version: number,
  body: SdltConsentRequest,
): Promise<StampDutyDetails> {
  return (
    await call(ctx, "POST", `${taxApplicationPath(ids)}/consent`, {
      body,
      version,
      schema: StampDutyDetailsSchema,
    })
  ).data;
}

/** Reopens a prepared return for changes (PREPARED → CREATED), before the completion date only. */
export async function reopenSdltReturn(
  ctx: RequestContext,
  ids: SdltApplicationIds,
  version: number,
): Promise<StampDutyDetails> {
  return (
    await call(ctx, "POST", `${taxApplicationPath(ids)}/reopen`, { version, schema: StampDutyDetailsSchema })
  ).data;
}
