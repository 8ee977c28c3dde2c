/** GET /api/v1/me: the caller as the access token describes them. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MeResponseSchema } from "../../core/api/contract.js";
import { errorResponses } from "../http/errors.js";
import { getMe } from "../services/me.js";
import type { ApiDeps } from "./deps.js";

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
};
