/**
 * The product's time as the app and the CLI read it (docs/decisions/0510-product-time-in-the-app.md,
 * 0916-product-time-on-every-answer.md): real time plus the clock offset an earlier answer to the same context
 * carried; without one, the provider's sandbox clock (`GET /api/v1/clock`) outside production, where in
 * production that route does not exist (404) and the product's time is real time.
 */
import { ProductClockSchema } from "./product-clock.js";
import { call, type RequestContext } from "./provider-client.js";
import { ProviderError } from "./provider-errors.js";

/** The product's time now: the sandbox clock where there is one, real time where there is none. */
export async function productNow(ctx: RequestContext): Promise<Date> {
  if (ctx.productClockOffsetMs !== undefined) return new Date(Date.now() + ctx.productClockOffsetMs);
  try {
    const { data } = await call(ctx, "GET", "/api/v1/clock", { schema: ProductClockSchema });
    return new Date(data.now);
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return new Date();
    throw error;
  }
}
