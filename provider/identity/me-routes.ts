/**
 * GET /api/v1/me: the caller as the access token describes them. GET /api/v1/me/standing: 204 while the
 * token still stands (the user Active, the login not revoked, the address allowed), for a page that needs
 * no more than that proof from the provider.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MeResponseSchema } from "../../core/identity/api.js";
import { errorResponses } from "../platform/http/errors.js";
import { getMe } from "./me.js";
import type { ApiDeps } from "../platform/route-deps.js";

export const meRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { db }) => {
  app.get(
    "/me",
    {
      schema: {
        tags: ["Me"],
        summary: "The calling user, their selected subscriber, roles and functional permissions",
        response: { 200: MeResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => getMe(db, request.caller),
  );
  app.get(
    "/me/standing",
    {
      schema: {
        tags: ["Me"],
        summary: "Whether the access token still stands: 204, or the refusal of any other call",
        response: { 204: z.null().describe("The token stands"), ...errorResponses(401, 403) },
      },
    },
    // Every call's token check (provider/identity/verify.ts) has already run: getting here is the answer.
    async (_request, reply) => reply.code(204).send(null),
  );
};
