/**
 * The lodgement case and title calls under /api/v1 (document 2 section 7.2; shapes and the path list in
 * core/title/api.ts). Writes take the workspace's version as If-Match (428 without, 409 when stale) and
 * answer it as the ETag.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BorrowersValidationResponseSchema,
  ChangeOfNameApplicationRequestSchema,
  LodgementCaseParamsSchema,
  LodgementCasePartyParamsSchema,
  LodgementCasesQuerySchema,
  LodgementCasesResponseSchema,
  MismatchResolutionRequestSchema,
  OutgoingLendersResponseSchema,
  ProprietorMatchResponseSchema,
  ProprietorWriteResponseSchema,
  SetIncomingProprietorRequestSchema,
  SetOutgoingProprietorRequestSchema,
  TitleDocumentParamsSchema,
  TitleSearchRequestSchema,
  TitleSearchResponseSchema,
  TitlesResponseSchema,
} from "../../core/title/api.js";
import { WorkspaceIdParamsSchema } from "../../core/workspaces/api.js";
import { IfMatchHeadersSchema } from "../../core/shared/versions.js";
import { requestMeta } from "../platform/http/auth.js";
import { errorResponses } from "../platform/http/errors.js";
import type { ApiDeps } from "../platform/route-deps.js";
import { requiredVersion } from "../platform/versions.js";
import { tagVersion } from "../workspaces/routes.js";
import { setTitleJobsDataDir } from "./jobs.js";
import { landRegistryFromEnvironment } from "./land-registry.js";
import {
  applyForChangeOfName,
  borrowersValidation,
  listLodgementCases,
  listTitles,
  outgoingLenders,
  proprietorMatch,
  resolvePartyMismatch,
  searchTitle,
  setIncomingProprietor,
  setOutgoingProprietor,
  titleDocument,
  type TitleDeps,
} from "./service.js";

const tags = ["Lodgement case and title"];
const WRITE_ERRORS = errorResponses(400, 401, 403, 404, 409, 428);

/** A file name safe inside a quoted Content-Disposition parameter. */
function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, "_")}"`;
}

export const titleRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { db, clock, jobs, config }) => {
  const deps: TitleDeps = { db, clock, jobs, landRegistry: landRegistryFromEnvironment(), dataDir: config.dataDir };
  setTitleJobsDataDir(config.dataDir);

  app.get(
    "/lodgement-cases",
    {
      schema: {
        tags,
        summary: "The lodgement cases of a workspace (one per workspace); the app uses the first record",
        description: "include=titles (optional): answers beside the case, as `included.titles`, what the case's titles call answers.",
        querystring: LodgementCasesQuerySchema,
        response: { 200: LodgementCasesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listLodgementCases(db, request.caller, request.query.workspace_id, { titles: request.query.include === "titles" }),
  );

  app.get(
    "/lodgement-cases/:lodgementCaseId/titles",
    {
      schema: {
        tags,
        summary: "The title held for a lodgement case (none before a search succeeds)",
        params: LodgementCaseParamsSchema,
        response: { 200: TitlesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listTitles(db, request.caller, request.params.lodgementCaseId),
  );

  app.post(
    "/lodgement-cases/:lodgementCaseId/title-search",
    {
      schema: {
        tags,
        summary: "Retrieve a title from the land registry, or with refetch=true check the held title for updates",
        description:
          "Outside land registry business hours (06:30-23:00 London, product clock) a retrieval is left pending and collected by a job at the next opening; a check for updates is refused. The answer's lodgementCase.lastTitleSearchStatus is SUCCESS, PENDING, NOT_FOUND or ERROR; `changed` says whether a check for updates found a different register.",
        params: LodgementCaseParamsSchema,
        headers: IfMatchHeadersSchema,
        body: TitleSearchRequestSchema,
        response: { 200: TitleSearchResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 428, 502) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const answer = await searchTitle(deps, request.caller, request.params.lodgementCaseId, request.body, version, requestMeta(request));
      tagVersion(reply, answer.version);
      return answer;
    },
  );

  app.get(
    "/lodgement-cases/:lodgementCaseId/title-documents/:fileId",
    {
      schema: {
        tags,
        summary: "The register PDF of the title held (participants only), as an attachment",
        params: TitleDocumentParamsSchema,
        produces: ["application/pdf"],
        response: { 200: z.any().describe("application/pdf"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const document = await titleDocument(deps, request.caller, request.params.lodgementCaseId, request.params.fileId);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", attachment(document.fileName))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(document.bytes);
    },
  );

  app.get(
    "/lodgement-cases/:lodgementCaseId/proprietor-match",
    {
      schema: {
        tags,
        summary: "Each party's match with the title, the unmatched proprietors and the borrowers validation status",
        params: LodgementCaseParamsSchema,
        response: { 200: ProprietorMatchResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => proprietorMatch(db, request.caller, request.params.lodgementCaseId),
  );

  app.get(
    "/lodgement-cases/:lodgementCaseId/outgoing-lenders",
    {
      schema: {
        tags,
        summary: "The outgoing lenders: the chargees of the title's charges",
        params: LodgementCaseParamsSchema,
        response: { 200: OutgoingLendersResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => outgoingLenders(db, request.caller, request.params.lodgementCaseId),
  );

  app.post(
    "/lodgement-cases/:lodgementCaseId/proprietors",
    {
      schema: {
        tags,
        summary: "Set an unmatched proprietor as an incoming proprietor (refused when the incoming count is unknown or 3)",
        params: LodgementCaseParamsSchema,
        headers: IfMatchHeadersSchema,
        body: SetIncomingProprietorRequestSchema,
        response: { 201: ProprietorWriteResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const answer = await setIncomingProprietor(deps, request.caller, request.params.lodgementCaseId, request.body, version, requestMeta(request));
      tagVersion(reply, answer.version);
      return reply.status(201).send(answer);
    },
  );

  app.patch(
    "/lodgement-cases/:lodgementCaseId/change-of-name-application",
    {
      schema: {
        tags,
        summary: "Resolve a party's name mismatch by a change-of-name application (the register will be changed)",
        params: LodgementCaseParamsSchema,
        headers: IfMatchHeadersSchema,
        body: ChangeOfNameApplicationRequestSchema,
        response: { 200: ProprietorWriteResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const answer = await applyForChangeOfName(deps, request.caller, request.params.lodgementCaseId, request.body, version, requestMeta(request));
      tagVersion(reply, answer.version);
      return answer;
    },
  );

  app.patch(
    "/lodgement-cases/:lodgementCaseId/set-as-outgoing-proprietor",
    {
      schema: {
        tags,
        summary: "Set a registered proprietor as outgoing (refused with one or fewer proprietors, or when no borrower would stay a proprietor)",
        params: LodgementCaseParamsSchema,
        headers: IfMatchHeadersSchema,
        body: SetOutgoingProprietorRequestSchema,
        response: { 200: ProprietorWriteResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const answer = await setOutgoingProprietor(deps, request.caller, request.params.lodgementCaseId, request.body, version, requestMeta(request));
      tagVersion(reply, answer.version);
      return answer;
    },
  );

  app.post(
    "/lodgement-cases/:lodgementCaseId/parties/:partyId/mismatch-resolution",
    {
      schema: {
        tags,
        summary: "Resolve a party's mismatch with the title by one of its available actions",
        description:
          "UPDATE_NAME_IN_WORKSPACE (the party takes the name on the title, shows PARTY_NAME_UPDATED and is locked), UPDATE_REGISTRATION_NUMBER_IN_WORKSPACE (locked), NO_ACTION_NEEDED, ORGANISATION_IS_A_BORROWER (the party becomes the title's organisation, locked), CHANGE_OF_NAME_APPLICATION.",
        params: LodgementCasePartyParamsSchema,
        headers: IfMatchHeadersSchema,
        body: MismatchResolutionRequestSchema,
        response: { 200: ProprietorWriteResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const answer = await resolvePartyMismatch(
        deps,
        request.caller,
        request.params.lodgementCaseId,
        request.params.partyId,
        request.body.action,
        version,
        requestMeta(request),
      );
      tagVersion(reply, answer.version);
      return answer;
    },
  );

  app.get(
    "/workspaces/:workspaceId/borrowers-validation",
    {
      schema: {
        tags,
        summary: "The workspace's borrowers validation status (stored after every title search and resolution)",
        params: WorkspaceIdParamsSchema,
        response: { 200: BorrowersValidationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => borrowersValidation(db, request.caller, request.params.workspaceId),
  );
};
