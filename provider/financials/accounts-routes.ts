/**
 * The frequently used financial accounts calls of the settlement service, /api/settlement/v1 (document 2
 * section 7.5). Shapes in core/financials/accounts-api.ts; rules in ./accounts.ts. Writes to an account take
 * its version as If-Match and answer the new one (ETag).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AddFinancialAccountRequestSchema,
  FinancialAccountParamsSchema,
  FinancialAccountSchema,
  FinancialAccountsPageSchema,
  FinancialAccountsQuerySchema,
  PatchFinancialAccountRequestSchema,
} from "../../core/financials/accounts-api.js";
import { IfMatchHeadersSchema } from "../../core/shared/versions.js";
import { requestMeta } from "../platform/http/auth.js";
import { errorResponses } from "../platform/http/errors.js";
import type { ApiDeps } from "../platform/route-deps.js";
import { requiredVersion } from "../platform/versions.js";
import { tagVersion } from "../workspaces/routes.js";
import {
  addFinancialAccount,
  deleteFinancialAccount,
  editFinancialAccount,
  getFinancialAccount,
  listFinancialAccounts,
  verifyFinancialAccount,
} from "./accounts.js";

const tags = ["Settlement service: frequently used financial accounts"];
const WRITE_ERRORS = [400, 401, 403, 404, 409, 428] as const;

export const financialAccountRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { db, clock }) => {
  const deps = { db, clock };

  app.get(
    "/financial-accounts",
    {
      schema: {
        tags,
        summary: "A subscriber's saved accounts of one type (REDEMPTION or CONVEYANCING_FEES), a page at a time",
        description:
          "page is one-based; limit defaults to 10. verified=true keeps only verified accounts; displayNameSort=ASC sorts by display name (otherwise the most recently changed first). subscriberId is required of the helpdesk administrator; others read their selected subscriber's.",
        querystring: FinancialAccountsQuerySchema,
        response: { 200: FinancialAccountsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listFinancialAccounts(db, request.caller, request.query),
  );

  app.get(
    "/financial-accounts/:financialAccountId",
    {
      schema: {
        tags,
        summary: "One saved account",
        params: FinancialAccountParamsSchema,
        response: { 200: FinancialAccountSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const account = await getFinancialAccount(db, request.caller, request.params.financialAccountId);
      tagVersion(reply, account.version);
      return account;
    },
  );

  app.post(
    "/financial-accounts",
    {
      schema: {
        tags,
        summary: "Add a saved account; the bank checks it (Confirmation of Payee) before it is saved",
        description:
          "Rules of document 2 section 5.9. A sort code and account number failing the modulus check answer 400 INVALID_ACCOUNT_NUMBER and nothing is saved; one the subscriber already has answers 400 FINANCIAL_ACCOUNT_EXISTS. Any other check result is saved, unverified unless MATCH.",
        body: AddFinancialAccountRequestSchema,
        response: { 201: FinancialAccountSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const account = await addFinancialAccount(deps, request.caller, request.body, requestMeta(request));
      tagVersion(reply, account.version);
      return reply.status(201).send(account);
    },
  );

  app.patch(
    "/financial-accounts/:financialAccountId",
    {
      schema: {
        tags,
        summary: "Edit a saved account (checked by the bank again), or verify it manually",
        description:
          "Either the account's fields (displayName, accountName, accountNumber, bankCode) or exactly { accountVerificationDetail: { verified: true } }: the review of an unverified account, which records who accepted it and when (400 ACCOUNT_ALREADY_VERIFIED when it is verified).",
        params: FinancialAccountParamsSchema,
        headers: IfMatchHeadersSchema,
        body: PatchFinancialAccountRequestSchema,
        response: { 200: FinancialAccountSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      const { financialAccountId } = request.params;
      const body = request.body;
      const account =
        "accountVerificationDetail" in body
          ? await verifyFinancialAccount(deps, request.caller, financialAccountId, version, requestMeta(request))
          : await editFinancialAccount(deps, request.caller, financialAccountId, body, version, requestMeta(request));
      tagVersion(reply, account.version);
      return account;
    },
  );

  app.delete(
    "/financial-accounts/:financialAccountId",
    {
      schema: {
        tags,
        summary: "Delete a saved account",
        params: FinancialAccountParamsSchema,
        headers: IfMatchHeadersSchema,
        response: { 204: z.null().describe("Deleted"), ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const version = requiredVersion(request.headers["if-match"]);
      await deleteFinancialAccount(deps, request.caller, request.params.financialAccountId, version, requestMeta(request));
      return reply.status(204).send(null);
    },
  );
};
