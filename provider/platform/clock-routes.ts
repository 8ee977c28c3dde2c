/**
 * The sandbox product clock, /api/v1/clock (docs/sandboxes.md): registered outside production only, where
 * the clock is real time and cannot be set. Anyone signed in reads it; the helpdesk administrator sets it.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ProductClockSchema,
  ProductClockSetSchema,
  type ProductClock as ProductClockBody,
} from "../../core/shared/product-clock.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import { requireHelpdeskAdministrator, type RequestMeta } from "./access.js";
import { AuditAction, recordAuditEvent } from "./audit.js";
import type { ProductClock } from "./clock.js";
import { requestMeta } from "./http/auth.js";
import { errorResponses } from "./http/errors.js";
import type { ApiDeps } from "./route-deps.js";

const tags = ["Sandbox clock"];

function clockNow(clock: ProductClock): ProductClockBody {
  const realNow = new Date();
  return {
    now: new Date(realNow.getTime() + clock.offset).toISOString(),
    realNow: realNow.toISOString(),
    offsetMs: Math.round(clock.offset),
  };
}

async function setClock(
  clock: ProductClock,
  caller: VerifiedCaller,
  productTime: Date | null,
  meta: RequestMeta,
): Promise<ProductClockBody> {
  requireHelpdeskAdministrator(caller);
  await clock.set(productTime, caller.userId, (trx) =>
    recordAuditEvent(
      trx,
      {
        actorUserId: caller.userId,
        subscriberId: null,
        action: AuditAction.PRODUCT_CLOCK_SET,
        target: null,
        details: { productTime: productTime?.toISOString() ?? null },
      },
      meta,
    ),
  );
  return clockNow(clock);
}

export const clockRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { clock }) => {
  app.get(
    "/clock",
    {
      schema: {
        tags,
        summary: "The product's time now, and how far it is set from real time (outside production)",
        response: { 200: ProductClockSchema, ...errorResponses(401) },
      },
    },
    async () => {
      await clock.refresh();
      return clockNow(clock);
    },
  );

  app.put(
    "/clock",
    {
      schema: {
        tags,
        summary:
          "Set the product's time; it runs on from there, and jobs due by then run (helpdesk administrator, outside production)",
        body: ProductClockSetSchema,
        response: { 200: ProductClockSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => setClock(clock, request.caller, new Date(request.body.now), requestMeta(request)),
  );

  app.delete(
    "/clock",
    {
      schema: {
        tags,
        summary: "Put the product clock back on real time (helpdesk administrator, outside production)",
        response: { 200: ProductClockSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => setClock(clock, request.caller, null, requestMeta(request)),
  );
};
