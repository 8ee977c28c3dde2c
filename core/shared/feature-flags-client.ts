import { FeatureFlagsResponseSchema } from "./contract.js";
import type { Environment } from "./feature-flags.js";
import { call, type RequestContext } from "./provider-client.js";

export async function getFeatureFlags(ctx: RequestContext, environment?: Environment) {
  return (
    await call(ctx, "GET", "/api/v1/feature-flags", {
      query: { environment },
      schema: FeatureFlagsResponseSchema,
    })
  ).data;
}

export async function setFeatureFlag(ctx: RequestContext, name: string, enabled: boolean, environment?: Environment) {
  return (
    await call(ctx, "PUT", `/api/v1/feature-flags/${encodeURIComponent(name)}`, {
      body: { enabled, environment },
      schema: FeatureFlagsResponseSchema,
    })
  ).data;
}
