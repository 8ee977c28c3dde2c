/**
 * The feature flags of one environment, fetched from the flag service with a user's access token and kept
 * in memory for FEATURE_FLAG_REFRESH_MS (document 1 section 6). Any failure falls back to the local defaults,
 * which are kept only briefly so the service is asked again soon. One fetch at a time per environment.
 */
import {
  defaultFeatureFlags,
  FEATURE_FLAG_REFRESH_MS,
  isFlagName,
  type Environment,
  type FeatureFlags,
} from "../core/feature-flags.js";

export interface FeatureFlagCacheOptions<Ctx> {
  fetchFlags: (ctx: Ctx, environment: Environment) => Promise<{ flags: Record<string, boolean> }>;
  now?: () => number;
  refreshMs?: number;
  /** How long the defaults stand in after a failure before the service is asked again. */
  retryAfterErrorMs?: number;
  onError?: (error: unknown) => void;
}

/** Known flags from the service over the environment's defaults; unknown names are ignored. */
export function mergeFlags(environment: Environment, fetched: Record<string, boolean>): FeatureFlags {
  const flags = defaultFeatureFlags(environment);
  for (const [name, enabled] of Object.entries(fetched)) {
    if (isFlagName(name) && typeof enabled === "boolean") flags[name] = enabled;
  }
  return flags;
}

export function createFeatureFlagCache<Ctx>(options: FeatureFlagCacheOptions<Ctx>) {
  const now = options.now ?? Date.now;
  const refreshMs = options.refreshMs ?? FEATURE_FLAG_REFRESH_MS;
  const retryAfterErrorMs = options.retryAfterErrorMs ?? 60_000;
  const entries = new Map<Environment, { flags: FeatureFlags; expiresAt: number }>();
  const inFlight = new Map<Environment, Promise<FeatureFlags>>();

  async function fetchFresh(ctx: Ctx, environment: Environment): Promise<FeatureFlags> {
    try {
      const flags = mergeFlags(environment, (await options.fetchFlags(ctx, environment)).flags);
      entries.set(environment, { flags, expiresAt: now() + refreshMs });
      return flags;
    } catch (error) {
      options.onError?.(error);
      const flags = defaultFeatureFlags(environment);
      entries.set(environment, { flags, expiresAt: now() + retryAfterErrorMs });
      return flags;
    }
  }

  return {
    get(ctx: Ctx, environment: Environment): Promise<FeatureFlags> {
      const entry = entries.get(environment);
      if (entry && entry.expiresAt > now()) return Promise.resolve(entry.flags);
      let pending = inFlight.get(environment);
      if (!pending) {
        pending = fetchFresh(ctx, environment).finally(() => inFlight.delete(environment));
        inFlight.set(environment, pending);
      }
      return pending;
    },
    clear(): void {
      entries.clear();
    },
  };
}
