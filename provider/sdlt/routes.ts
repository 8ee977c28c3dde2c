/**
 * The SDLT calls, /api/lodgement/v1 (document 3 section 7.2; decisions 0810-0812): the workspace's stamp duty
 * details, the answer of the initial questions, the five section saves, consent and reopening. Shapes in
 * core/sdlt/api.ts. Every write takes the return's version as If-Match (428 without, 409 when stale) and
 * answers the new one as ETag.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  SdltApplicationParamsSchema,
  SdltCaseParamsSchema,
  SdltConsentRequestSchema,
  SdltSectionBodySchema,
  STAMP_DUTY_DETAILS_PATH,
  SDLT_API,
  StampDutyDetailsQuerySchema,
  StampDutyDetailsSchema,
  TaxEligibilityRequestSchema,
} from "../../core/sdlt/api.js";
import { SDLT_SECTION_PATHS, SDLT_SECTIONS } from "../../core/sdlt/enums.js";
import { IfMatchHeadersSchema } from "../../core/shared/versions.js";
import { requestMeta } from "../platform/http/auth.js";
import { errorResponses } from "../platform/http/errors.js";
import type { ApiDeps } from "../platform/route-deps.js";
import { requiredVersion } from "../platform/versions.js";
import { tagVersion } from "../workspaces/routes.js";
import {
  confirmTaxEligibility,
  consentToSdltReturn,
  getStampDutyDetails,
  reopenSdltReturn,
  saveSdltSection,
  type SdltDeps,
} from "./returns.js";

const tags = ["Lodgement service: stamp duty land tax return"];
const WRITE_ERRORS = [400, 401, 403, 404, 409, 428] as const;
const APPLICATION_PATH = "/lodgement-cases/:id/taxes/:taxId/tax-applications/:taxApplicationId";

/** The paths under the plugin's prefix (SDLT_API): the details path less the prefix. */
const DETAILS_PATH = STAMP_DUTY_DETAILS_PATH.slice(SDLT_API.length);

export const sdltRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { db, clock, config }) => {
  const deps: SdltDeps = { db, clock, environment: config.environment };

  app.get(
    DETAILS_PATH,
    {
      schema: {
        tags,
        summary:
          "The workspace's stamp duty details: the answer of the initial questions, the read-only transaction summary and the tax application",
        description:
          "404 when the workspace is not the caller's, or when the stamp duty tab's rule fails (the SDLT flag off, not a purchase, no buyer party with dual representation); 403 without VIEW_STAMP_DUTY_DETAILS.",
        querystring: StampDutyDetailsQuerySchema,
        response: { 200: StampDutyDetailsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const details = await getStampDutyDetails(deps, request.caller, request.query.workspace_id);
      tagVersion(reply, details.version);
      return details;
    },
  );

  app.post(
    "/lodgement-cases/:id/tax-eligibility",
    {
      schema: {
        tags,
        summary:
          "Confirm the answer of the initial questions (NOT_REQUIRED, SUBMISSION_OUTSIDE_PEXA or SUBMISSION_THROUGH_PEXA with the authority)",
        description:
          "Needs ADD_STAMP_DUTY_DETAILS. Through the product creates the tax application (CREATED, every section PENDING). The Welsh Revenue Authority is always outside the product. The same answer again changes nothing; a different one is refused with 409. If-Match: the return's version (1 before any answer).",
        params: SdltCaseParamsSchema,
        headers: IfMatchHeadersSchema,
        body: TaxEligibilityRequestSchema,
        response: { 200: StampDutyDetailsSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const details = await confirmTaxEligibility(
        deps,
        request.caller,
        request.params.id,
        request.body,
        version,
        requestMeta(request),
      );
      tagVersion(reply, details.version);
      return details;
    },
  );

  for (const section of SDLT_SECTIONS) {
    app.put(
      `${APPLICATION_PATH}/${SDLT_SECTION_PATHS[section.slug]}`,
      {
        schema: {
          tags,
          summary: `Save the ${section.title.toLowerCase()} section of the return`,
          description:
            "The section's fields as document 3 section 7.2 lists them (money as typed, in pounds, whole pounds only); every rule of section 5.2, the first problem answered as `Invalid request. body.<field>: <message>`. ADD_STAMP_DUTY_DETAILS for a pending section, EDIT_STAMP_DUTY_DETAILS for a completed one; only while the return is CREATED. If-Match: the return's version.",
          params: SdltApplicationParamsSchema,
          headers: IfMatchHeadersSchema,
          body: SdltSectionBodySchema,
          response: { 200: StampDutyDetailsSchema, ...errorResponses(...WRITE_ERRORS) },
        },
      },
      async (request, reply) => {
        const version = requiredVersion(request.headers["if-match"]);
        const { id, taxId, taxApplicationId } = request.params;
        const details = await saveSdltSection(
          deps,
          request.caller,
          { lodgementCaseId: id, taxId, taxApplicationId },
          section.slug,
          request.body as Record<string, unknown>,
          version,
          requestMeta(request),
        );
        tagVersion(reply, details.version);
        return details;
      },
    );
  }

  app.post(
    `${APPLICATION_PATH}/consent`,
    {
      schema: {
        tags,
        summary:
          "Consent to the return (both statements): CREATED → PREPARED, locked for filing on the completion date",
        description:
          "Needs ADD_ and EDIT_STAMP_DUTY_DETAILS and every needed section COMPLETED. If-Match: the return's version.",
        params: SdltApplicationParamsSchema,
        headers: IfMatchHeadersSchema,
        body: SdltConsentRequestSchema,
        response: { 200: StampDutyDetailsSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const { id, taxId, taxApplicationId } = request.params;
      const details = await consentToSdltReturn(
        deps,
        request.caller,
        { lodgementCaseId: id, taxId, taxApplicationId },
        request.body,
        version,
        requestMeta(request),
      );
      tagVersion(reply, details.version);
      return details;
    },
  );

  app.post(
    `${APPLICATION_PATH}/reopen`,
    {
      schema: {
        tags,
        summary: "Reopen a prepared return for changes (PREPARED → CREATED), before the completion date only",
        description: "Needs ADD_ and EDIT_STAMP_DUTY_DETAILS. If-Match: the return's version.",
        params: SdltApplicationParamsSchema,
        headers: IfMatchHeadersSchema,
        response: { 200: StampDutyDetailsSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const { id, taxId, taxApplicationId } = request.params;
      const details = await reopenSdltReturn(
        deps,
        request.caller,
        { lodgementCaseId: id, taxId, taxApplicationId },
        version,
        requestMeta(request),
      );
      tagVersion(reply, details.version);
      return details;
    },
  );
};
