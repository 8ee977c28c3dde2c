/**
 * Headers on every provider answer: `X-Content-Type-Options: nosniff` (also on the identity provider's,
 * which write to the raw reply), and `Cache-Control: no-store` on JSON answers that do not say otherwise,
 * since they carry personal data and tokens that no shared or browser cache may keep.
 */
import type { FastifyInstance } from "fastify";

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

export function answerHeaders(app: FastifyInstance): void {
  app.addHook("onRequest", async (_request, reply) => {
    reply.raw.setHeader("x-content-type-options", "nosniff");
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && JSON_TYPE.test(type) && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
    return payload;
  });
}
