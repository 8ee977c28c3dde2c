/** GET /api/settlement/v1/bank-holidays: England and Wales bank holidays (core/shared/bank-holidays.ts). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BankHolidaysQuerySchema, BankHolidaysResponseSchema } from "../../core/financials/bank-holidays-api.js";
import { bankHolidaysBetween } from "../../core/shared/bank-holidays.js";
import { addDays, londonToday } from "../../core/shared/london-time.js";
import { errorResponses } from "../platform/http/errors.js";
import type { ApiDeps } from "../platform/route-deps.js";

export const bankHolidayRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { clock }) => {
  app.get(
    "/bank-holidays",
    {
      schema: {
        tags: ["Financial settlement"],
        summary: "England and Wales bank holidays between two dates (default: a year back to two years ahead, product time)",
        querystring: BankHolidaysQuerySchema,
        response: { 200: BankHolidaysResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const today = londonToday(clock.now());
      const from = request.query.from ?? addDays(today, -366);
      const to = request.query.to ?? addDays(today, 731);
      return { bankHolidays: [...bankHolidaysBetween(from, to)] };
    },
  );
};
