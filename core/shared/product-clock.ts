/**
 * The sandbox product clock's API contract (docs/decisions/0015-job-queue-and-clock.md, docs/sandboxes.md):
 * `GET /api/v1/clock` reads it, `PUT /api/v1/clock` sets it, `DELETE /api/v1/clock` puts it back on real time.
 * Outside production only: production's clock is real time and has no such routes.
 */
import { z } from "zod";

/**
 * On every provider answer: how far the product clock is from real time, in milliseconds (0 in production,
 * where it is real time). The app takes the product's time from the answers it already has
 * (docs/decisions/0916-product-time-on-every-answer.md).
 */
export const PRODUCT_CLOCK_OFFSET_HEADER = "x-product-clock-offset";

export const ProductClockSchema = z.object({
  /** The product's time now. */
  now: z.string(),
  /** Real time now. */
  realNow: z.string(),
  /** How far the product clock is ahead of real time (negative: behind), in milliseconds; 0 on real time. */
  offsetMs: z.number().int(),
});
export type ProductClock = z.infer<typeof ProductClockSchema>;

export const ProductClockSetSchema = z.object({
  /** The product time to set, e.g. 2030-06-28T16:24:00+01:00; the clock runs on from there. */
  now: z.iso.datetime({
    offset: true,
    error: "give a date and time with its offset, e.g. 2030-06-28T16:24:00+01:00",
  }),
});
export type ProductClockSet = z.infer<typeof ProductClockSetSchema>;
