/**
 * The app's feature flags for its environment (CONVEY_ENV), from the provider's flag service, kept per login
 * (the access token's grant, which a new login or a subscriber switch replaces).
 */
import { getFeatureFlags } from "../core/shared/feature-flags-client.js";
import type { RequestContext } from "../core/shared/provider-client.js";
import { readAccessToken } from "../core/identity/claims";
import type { FeatureFlags } from "../core/shared/feature-flags.js";
import { config } from "./config.server";
import { createFeatureFlagCache } from "./feature-flag-cache";

/** The login a request belongs to; "" when its token cannot be read (then shared, like the defaults). */
function loginOf(ctx: RequestContext): string {
  try {
    return ctx.accessToken ? (readAccessToken(ctx.accessToken).grantId ?? "") : "";
  } catch {
    return "";
  }
}

const cache = createFeatureFlagCache<RequestContext>({
  fetchFlags: (ctx, environment) => getFeatureFlags(ctx, environment),
  refreshMs: config.featureFlagRefreshMs,
  scopeOf: loginOf,
  onError: (error) => console.warn(`Feature flags: using the defaults (${(error as Error).message})`),
});

/**
 * The flags, fetched with the user's access token once per login and then at most every 6 hours
 * (FEATURE_FLAG_REFRESH_MS); the defaults when the service fails.
 */
export function featureFlags(ctx: RequestContext): Promise<FeatureFlags> {
  return cache.get(ctx, config.environment);
}
