/** The app's feature flags for its environment (CONVEY_ENV), from the provider's flag service. */
import { getFeatureFlags, type RequestContext } from "../core/client/index.js";
import type { FeatureFlags } from "../core/feature-flags.js";
import { config } from "./config.server";
import { createFeatureFlagCache } from "./feature-flag-cache";

const cache = createFeatureFlagCache<RequestContext>({
  fetchFlags: (ctx, environment) => getFeatureFlags(ctx, environment),
  onError: (error) => console.warn(`Feature flags: using the defaults (${(error as Error).message})`),
});

/** The flags, fetched with the user's access token at most every 6 hours; the defaults when the service fails. */
export function featureFlags(ctx: RequestContext): Promise<FeatureFlags> {
  return cache.get(ctx, config.environment);
}
