/**
 * The feature flags of one environment, fetched from the flag service with a user's access token and kept
 * in memory for FEATURE_FLAG_REFRESH_MS (document 1 section 6) — per login when a scope is given (the
 * single-page original fetched them when each browser session started, for its user), so a flag changed at
 * the service reaches every login that starts afterwards. Any failure falls back to the local defaults,
 * which are kept only briefly so the service is asked again soon. One fetch at a time per environment and
 * scope.
 */
import { LRUCache } from "lru-cache";
import {
  defaultFeatureFlags,
  FEATURE_FLAG_REFRESH_MS,
  isFlagName,
  type Environment,
  type FeatureFlags,
} from "../core/shared/feature-flags.js";

export interface FeatureFlagCacheOptions<Ctx> {
  fetchFlags: (ctx: Ctx, environment: Environment) => Promise<{ flags: Record<string, boolean> }>;
  now?: () => number;
  refreshMs?: number;
  /** How long the defaults stand in after a failure before the service is asked again (never longer than refreshMs). */
  retryAfterErrorMs?: number;
  /** Whose flags these are (a login); one cache entry per environment and scope. Default: everyone's. */
  scopeOf?: (ctx: Ctx) => string;
  /** The most entries kept (the least recently used go first). */
  maxEntries?: number;
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
  const retryAfterErrorMs = Math.min(options.retryAfterErrorMs ?? 60_000, refreshMs);
  const entries = new LRUCache<string, { flags: FeatureFlags; expiresAt: number }>({ max: options.maxEntries ?? 10_000 });
  const inFlight = new Map<string, Promise<FeatureFlags>>();

  async function fetchFresh(ctx: Ctx, environment: Environment, key: string): Promise<FeatureFlags> {
    try {
      const flags = mergeFlags(environment, (await options.fetchFlags(ctx, environment)).flags);
      entries.set(key, { flags, expiresAt: now() + refreshMs });
      return flags;
    } catch (error) {
      options.onError?.(error);
      const flags = defaultFeatureFlags(environment);
      entries.set(key, { flags, expiresAt: now() + retryAfterErrorMs });
      return flags;
    }
  }

  return {
    get(ctx: Ctx, environment: Environment): Promise<FeatureFlags> {
      const key = `${environment}\u0000${options.scopeOf?.(ctx) ?? ""}`;
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return Promise.resolve(entry.flags);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = fetchFresh(ctx, environment, key).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
    clear(): void {
      entries.clear();
    },
  };
}
