/** GET /health: the process is up and its database answers. */
import { sql } from "kysely";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBodySchema } from "../../core/shared/contract.js";
import type { DB } from "./db/index.js";

const HealthSchema = z.object({ status: z.literal("ok") });

export const healthRoutes: FastifyPluginAsyncZod<{ db: DB }> = async (app, { db }) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["Health"],
        summary: "Liveness and database readiness",
        security: [],
        response: { 200: HealthSchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: "ok" as const };
      } catch (error) {
        request.log.error({ err: error }, "Health check: the database does not answer");
        return reply
          .status(503)
          .send({ status: 503, code: "SERVICE_UNAVAILABLE", message: "The database is not available." });
      }
    },
  );
};
