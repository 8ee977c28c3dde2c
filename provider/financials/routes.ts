/**
 * The financial settlement calls, /api/settlement/v1 (document 2 section 7.4): the schedule of a workspace,
 * its completion date, amount payable and approval, and its line items. Shapes in core/financials/api.ts.
 * Writes take If-Match (the schedule's version; a line item's PATCH and DELETE the line item's) and answer the
 * whole schedule, its version as ETag.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AddLineItemRequestSchema,
  LineItemParamsSchema,
  LineItemPatchRequestSchema,
  ScheduleParamsSchema,
  SchedulePatchRequestSchema,
  ScheduleSchema,
  SchedulesQuerySchema,
  SchedulesResponseSchema,
  type SchedulePatchRequest,
} from "../../core/financials/api.js";
import { IfMatchHeadersSchema } from "../../core/shared/versions.js";
import { requestMeta } from "../platform/http/auth.js";
import { errorResponses } from "../platform/http/errors.js";
import type { ApiDeps } from "../platform/route-deps.js";
import { requiredVersion } from "../platform/versions.js";
import { tagVersion } from "../workspaces/routes.js";
import { checkBankAccount } from "./bank-check.js";
import { addLineItem, deleteLineItem, patchLineItem, type LineItemPatchBody } from "./line-items.js";
import { listSchedules, patchSchedule, type FinancialsDeps } from "./schedule.js";

const tags = ["Settlement service: financial settlement schedule"];
const WRITE_ERRORS = [400, 401, 403, 404, 409, 428] as const;

export const settlementRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { db, clock, config }) => {
  const deps: FinancialsDeps = { db, clock, environment: config.environment, checkBankAccount };

  app.get(
    "/financial-settlement-schedules",
    {
      schema: {
        tags,
        summary: "The workspace's financial settlement schedule (one record)",
        description: "Line items of a type are listed only with the permission to view that type (source or destination).",
        querystring: SchedulesQuerySchema,
        response: { 200: SchedulesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listSchedules(db, request.caller, request.query.workspace_id),
  );

  app.patch(
    "/financial-settlement-schedules/:id",
    {
      schema: {
        tags,
        summary: "Set the completion date, the amount payable on completion, or approve / unapprove the financials",
        description:
          "Exactly one of completionDate (a working day no earlier than today before 16:25 London time, else tomorrow), amountPayableOnCompletion (pence, at least 100) or approved. If-Match: the schedule's version.",
        params: ScheduleParamsSchema,
        headers: IfMatchHeadersSchema,
        body: SchedulePatchRequestSchema,
        response: { 200: ScheduleSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const schedule = await patchSchedule(deps, request.caller, request.params.id, request.body as SchedulePatchRequest, version, requestMeta(request));
      tagVersion(reply, schedule.version);
      return schedule;
    },
  );

  app.post(
    "/financial-settlement-schedules/:id/line-items",
    {
      schema: {
        tags,
        summary: "Add a line item (fund source or destination); a typed bank account is checked on the way in",
        description:
          "If-Match: the schedule's version. A bank account failing the modulus check answers 400 on bankAccount.accountNumber and nothing is saved; otherwise the Confirmation of Payee answer is stored (MATCH verified).",
        params: ScheduleParamsSchema,
        headers: IfMatchHeadersSchema,
        body: AddLineItemRequestSchema,
        response: { 201: ScheduleSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const schedule = await addLineItem(deps, request.caller, request.params.id, request.body, version, requestMeta(request));
      tagVersion(reply, schedule.version);
      return reply.status(201).send(schedule);
    },
  );

  app.patch(
    "/financial-settlement-schedules/:id/line-items/:lineItemId",
    {
      schema: {
        tags,
        summary: "Accept the account by hand, authorise / un-authorise, or edit a line item",
        description:
          "Exactly one of { verificationDetail: { verified: true } }, { authorised }, or the data { amount, reference, bankAccount?, financialAccountId?, consent? }. If-Match: the line item's version.",
        params: LineItemParamsSchema,
        headers: IfMatchHeadersSchema,
        body: LineItemPatchRequestSchema,
        response: { 200: ScheduleSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const { id, lineItemId } = request.params;
      const schedule = await patchLineItem(deps, request.caller, id, lineItemId, request.body as LineItemPatchBody, version, requestMeta(request));
      tagVersion(reply, schedule.version);
      return schedule;
    },
  );

  app.delete(
    "/financial-settlement-schedules/:id/line-items/:lineItemId",
    {
      schema: {
        tags,
        summary: "Delete a line item",
        description: "If-Match: the line item's version.",
        params: LineItemParamsSchema,
        headers: IfMatchHeadersSchema,
        response: { 200: ScheduleSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const { id, lineItemId } = request.params;
      const schedule = await deleteLineItem(deps, request.caller, id, lineItemId, version, requestMeta(request));
      tagVersion(reply, schedule.version);
      return schedule;
    },
  );
};
