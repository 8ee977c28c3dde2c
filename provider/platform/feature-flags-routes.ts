/** The feature-flag service, /api/v1/feature-flags (document 1 section 6). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FeatureFlagsQuerySchema, FeatureFlagsResponseSchema, FeatureFlagUpdateSchema } from "../../core/shared/contract.js";
import { requestMeta } from "./http/auth.js";
import { errorResponses } from "./http/errors.js";
import { getFeatureFlags, setFeatureFlag } from "./feature-flags.js";
import type { ApiDeps } from "./route-deps.js";

/** Any name is accepted here so that an unknown flag is answered 404 rather than 400. */
const FlagParamsSchema = z.object({ name: z.string().min(1).max(200) });
const tags = ["Feature flags"];

export const featureFlagRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { db, config }) => {
  app.get(
    "/feature-flags",
    {
      schema: {
        tags,
        summary: "Every feature flag for an environment (the provider's own by default)",
        querystring: FeatureFlagsQuerySchema,
        response: { 200: FeatureFlagsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const environment = request.query.environment ?? config.environment;
      return { environment, flags: await getFeatureFlags(db, environment) };
    },
  );

  app.put(
    "/feature-flags/:name",
    {
      schema: {
        tags,
        summary: "Turn one feature flag on or off (helpdesk administrator)",
        params: FlagParamsSchema,
        body: FeatureFlagUpdateSchema,
        response: { 200: FeatureFlagsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const environment = request.body.environment ?? config.environment;
      const flags = await setFeatureFlag(
        db,
        request.caller,
        { name: request.params.name, enabled: request.body.enabled, environment },
        requestMeta(request),
      );
      return { environment, flags };
    },
  );
};
