/**
 * The parties calls of the workspace service, /api/workspace/v1 (document 2 sections 7.1 and 7.3): parties,
 * representation, law firms, lenders, the security address and the subscriber selection list. Shapes in
 * core/parties/api.ts. Every write takes the workspace's version as If-Match and answers the new one (ETag).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AddPartyRequestSchema,
  AddressParamsSchema,
  ConfirmRepresentationRequestSchema,
  EditLawFirmRequestSchema,
  EditPartyRequestSchema,
  LawFirmParamsSchema,
  LawFirmsResponseSchema,
  LawFirmWriteResponseSchema,
  LendersResponseSchema,
  PartyParamsSchema,
  PartyWriteResponseSchema,
  RepresentationWriteResponseSchema,
  SecurityAddressRequestSchema,
  SecurityAddressWriteResponseSchema,
  SelectableSubscribersQuerySchema,
  SelectableSubscribersResponseSchema,
  WorkspaceIdParamsSchema,
} from "../../core/parties/api.js";
import { IfMatchHeadersSchema } from "../../core/shared/versions.js";
import { requestMeta } from "../platform/http/auth.js";
import { errorResponses } from "../platform/http/errors.js";
import type { ApiDeps } from "../platform/route-deps.js";
import { requiredVersion } from "../platform/versions.js";
import { tagVersion } from "../workspaces/routes.js";
import { ParticipantsTabResponseSchema } from "../../core/parties/tab-api.js";
import { participantsTab } from "./participants-tab.js";
import {
  addParty,
  confirmRepresentation,
  deleteParty,
  editLawFirm,
  editParty,
  editSecurityAddress,
  lenderDetails,
  listLawFirms,
  selectableSubscribers,
} from "./service.js";

const tags = ["Workspace service: parties"];
const WRITE_ERRORS = [400, 401, 403, 404, 409, 428] as const;

export const partyRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { db, clock }) => {
  const deps = { db, clock };

  app.post(
    "/workspaces/:workspaceId/parties",
    {
      schema: {
        tags,
        summary: "Add a party (applicant, seller, outgoing proprietor or lender) with its details and address",
        description:
          "Rules of document 2 section 5.1: at most 4 applicants; none when the first applicant is an organisation; an organisation only as the only applicant; borrowers on a remortgage, buyers and sellers on a purchase (400 with the reason).",
        params: WorkspaceIdParamsSchema,
        headers: IfMatchHeadersSchema,
        body: AddPartyRequestSchema,
        response: { 201: PartyWriteResponseSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const result = await addParty(deps, request.caller, request.params.workspaceId, request.body, version, requestMeta(request));
      tagVersion(reply, result.version);
      return reply.status(201).send(result);
    },
  );

  app.patch(
    "/workspaces/:workspaceId/parties/:partyId",
    {
      schema: {
        tags,
        summary: "Edit a party: type and partyDetails, its address, representation fields",
        description: "Refused (400 PARTY_LOCKED) once a title update was confirmed for the party.",
        params: PartyParamsSchema,
        headers: IfMatchHeadersSchema,
        body: EditPartyRequestSchema,
        response: { 200: PartyWriteResponseSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const { workspaceId, partyId } = request.params;
      const result = await editParty(deps, request.caller, workspaceId, partyId, request.body, version, requestMeta(request));
      tagVersion(reply, result.version);
      return result;
    },
  );

  app.delete(
    "/workspaces/:workspaceId/parties/:partyId",
    {
      schema: {
        tags,
        summary: "Delete a party",
        description: "Refused for the last applicant, an applicant represented by an external law firm, any seller, and a locked party (400 with the reason).",
        params: PartyParamsSchema,
        headers: IfMatchHeadersSchema,
        response: { 200: PartyWriteResponseSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const { workspaceId, partyId } = request.params;
      const result = await deleteParty(deps, request.caller, workspaceId, partyId, version, requestMeta(request));
      tagVersion(reply, result.version);
      return result;
    },
  );

  app.post(
    "/workspaces/:workspaceId/representations",
    {
      schema: {
        tags,
        summary: "Confirm a party's representation: none, dual, or separate (an external law firm or a participant)",
        description:
          "SEPARATE_REPRESENTATION with EXTERNAL_LAW_FIRM needs name, referenceNumber, and an address with a postcode and a building name or number; it creates the external law firm, or updates the party's own. PARTICIPANT names the participant by representativeRole.",
        params: WorkspaceIdParamsSchema,
        headers: IfMatchHeadersSchema,
        body: ConfirmRepresentationRequestSchema,
        response: { 200: RepresentationWriteResponseSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const result = await confirmRepresentation(deps, request.caller, request.params.workspaceId, request.body, version, requestMeta(request));
      tagVersion(reply, result.version);
      return result;
    },
  );

  app.get(
    "/workspaces/:workspaceId/law-firms",
    {
      schema: {
        tags,
        summary: "The workspace's law firms: its own, the seller's (participants) and the external ones",
        params: WorkspaceIdParamsSchema,
        response: { 200: LawFirmsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listLawFirms(db, request.caller, request.params.workspaceId),
  );

  app.patch(
    "/workspaces/:workspaceId/law-firms/:lawFirmId",
    {
      schema: {
        tags,
        summary: "Edit a law firm's name, reference and address; 206 when only part was saved",
        description:
          "An external law firm saves all (200). A participant's firm keeps its subscriber's name: a different name is not saved, the reference and address are, and the answer is 206 with the partial-success message and notSaved.",
        params: LawFirmParamsSchema,
        headers: IfMatchHeadersSchema,
        body: EditLawFirmRequestSchema,
        response: { 200: LawFirmWriteResponseSchema, 206: LawFirmWriteResponseSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const { workspaceId, lawFirmId } = request.params;
      const result = await editLawFirm(deps, request.caller, workspaceId, lawFirmId, request.body, version, requestMeta(request));
      tagVersion(reply, result.version);
      return reply.status(result.partial ? 206 : 200).send(result);
    },
  );

  app.get(
    "/workspaces/:workspaceId/participants-tab",
    {
      schema: {
        tags,
        summary: "Everything the participants tab shows, in one read: participants, law firms, lenders and the title's match",
        description:
          "The answers of participant-details, law-firms, lenders, and the lodgement case's proprietor-match and outgoing-lenders, after one permission check (view the workspace). `title` is null when the workspace has no lodgement case.",
        params: WorkspaceIdParamsSchema,
        response: { 200: ParticipantsTabResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => participantsTab(db, request.caller, request.params.workspaceId),
  );

  app.get(
    "/workspaces/:workspaceId/lenders",
    {
      schema: {
        tags,
        summary: "The incoming lender (name, reference, who represents it) and the outgoing lenders",
        params: WorkspaceIdParamsSchema,
        response: { 200: LendersResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => lenderDetails(db, request.caller, request.params.workspaceId),
  );

  app.patch(
    "/workspaces/:workspaceId/addresses/:addressId",
    {
      schema: {
        tags,
        summary: "Edit the security address (name, number, flat, street, town, postcode)",
        description: "Rules of document 2 section 5.2; the postcode is upper-cased. addressId is the workspace's securityAddress.addressId.",
        params: AddressParamsSchema,
        headers: IfMatchHeadersSchema,
        body: SecurityAddressRequestSchema,
        response: { 200: SecurityAddressWriteResponseSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const { workspaceId, addressId } = request.params;
      const result = await editSecurityAddress(deps, request.caller, workspaceId, addressId, request.body, version, requestMeta(request));
      tagVersion(reply, result.version);
      return result;
    },
  );

  app.get(
    "/subscribers",
    {
      schema: {
        tags,
        summary: "The subscriber selection list: active subscribers of the types, by name, without the four large banks",
        description: "type: Lender, Law Firm or Conveyancing Firm (several separated by commas); page from 1; limit up to 500.",
        querystring: SelectableSubscribersQuerySchema,
        response: { 200: SelectableSubscribersResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => selectableSubscribers(db, request.caller, request.query),
  );
};
