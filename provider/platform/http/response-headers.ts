/**
 * Headers on every provider answer: `X-Content-Type-Options: nosniff` (also on the identity provider's,
 * which write to the raw reply), `Cache-Control: no-store` on JSON answers that do not say otherwise,
 * since they carry personal data and tokens that no shared or browser cache may keep, and the product
 * clock's offset (PRODUCT_CLOCK_OFFSET_HEADER), so that a caller knows the product's time from any answer.
 */
import type { FastifyInstance } from "fastify";
import { PRODUCT_CLOCK_OFFSET_HEADER } from "../../../core/shared/product-clock.js";
import type { ProductClock } from "../clock.js";

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

export function answerHeaders(app: FastifyInstance, clock: Pick<ProductClock, "offset">): void {
  app.addHook("onRequest", async (_request, reply) => {
    reply.raw.setHeader("x-content-type-options", "nosniff");
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && JSON_TYPE.test(type) && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
    // At sending, so that the answer to setting the clock carries the new offset.
    reply.header(PRODUCT_CLOCK_OFFSET_HEADER, String(Math.round(clock.offset)));
    return payload;
  });
}
