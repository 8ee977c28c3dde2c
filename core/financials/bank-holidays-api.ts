/**
 * GET /api/settlement/v1/bank-holidays (document 2 section 7.4): the England and Wales bank holidays the
 * completion date refuses, from one date to another (default: from a year before today, product time, to two
 * years after), at most ten years at a time.
 */
import { z } from "zod";
import { isIsoDate } from "../shared/london-time.js";

const IsoDateSchema = z.string().refine(isIsoDate, { message: "Enter a date as YYYY-MM-DD" });

export const BANK_HOLIDAYS_MAX_YEARS = 10;

export const BankHolidaysQuerySchema = z
  .object({ from: IsoDateSchema.optional(), to: IsoDateSchema.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: "from must not be after to", path: ["to"] })
  .refine((query) => !query.from || !query.to || Number(query.to.slice(0, 4)) - Number(query.from.slice(0, 4)) < BANK_HOLIDAYS_MAX_YEARS, {
    message: `Ask for at most ${BANK_HOLIDAYS_MAX_YEARS} years at a time`,
    path: ["to"],
  });
export type BankHolidaysQuery = z.infer<typeof BankHolidaysQuerySchema>;

export const BankHolidaysResponseSchema = z.object({
  bankHolidays: z.array(z.object({ date: z.string(), title: z.string() })),
});
export type BankHolidaysResponse = z.infer<typeof BankHolidaysResponseSchema>;
