/** GET /api/docs/openapi.json: the OpenAPI document generated from the routes' zod schemas. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/docs/openapi.json",
    { schema: { hide: true, response: { 200: z.record(z.string(), z.unknown()) } } },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );
};
