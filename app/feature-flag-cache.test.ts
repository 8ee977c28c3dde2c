import { describe, expect, it, vi } from "vitest";
import { defaultFeatureFlags, FEATURE_FLAG_REFRESH_MS } from "../core/shared/feature-flags.js";
import { createFeatureFlagCache, mergeFlags } from "./feature-flag-cache";

function clock(start = 0) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("mergeFlags", () => {
  it("lays the service's known flags over the environment defaults and ignores unknown names", () => {
    const flags = mergeFlags("local", { sdltEnabled: true, "switch-subscriber": false, "made-up-flag": true });
    expect(flags.sdltEnabled).toBe(true);
    expect(flags["switch-subscriber"]).toBe(false);
    expect(flags.displayDischargeApplicationEnabled).toBe(true);
    expect(flags).not.toHaveProperty("made-up-flag");
  });
});

describe("createFeatureFlagCache", () => {
  it("fetches once and reuses the flags for 6 hours", async () => {
    const time = clock();
    const fetchFlags = vi.fn(async () => ({ flags: { notificationEnabled: true } }));
    const cache = createFeatureFlagCache({ fetchFlags, now: time.now });

    expect((await cache.get("ctx", "local")).notificationEnabled).toBe(true);
    time.advance(FEATURE_FLAG_REFRESH_MS - 1);
    await cache.get("ctx", "local");
    expect(fetchFlags).toHaveBeenCalledTimes(1);

    time.advance(1);
    await cache.get("ctx", "local");
    expect(fetchFlags).toHaveBeenCalledTimes(2);
  });

  it("shares one fetch between parallel requests", async () => {
    const fetchFlags = vi.fn(async () => ({ flags: {} }));
    const cache = createFeatureFlagCache({ fetchFlags });
    await Promise.all([cache.get("a", "local"), cache.get("b", "local"), cache.get("c", "local")]);
    expect(fetchFlags).toHaveBeenCalledTimes(1);
  });

  it("keeps each login's flags apart: a login that starts after a change at the service gets the new flags", async () => {
    let sdltEnabled = false;
    const fetchFlags = vi.fn(async () => ({ flags: { sdltEnabled } }));
    const cache = createFeatureFlagCache<{ login: string }>({ fetchFlags, scopeOf: (ctx) => ctx.login });

    expect((await cache.get({ login: "grant-1" }, "local")).sdltEnabled).toBe(false);
    sdltEnabled = true;
    expect((await cache.get({ login: "grant-1" }, "local")).sdltEnabled).toBe(false);
    expect((await cache.get({ login: "grant-2" }, "local")).sdltEnabled).toBe(true);
    expect(fetchFlags).toHaveBeenCalledTimes(2);
  });

  it("keeps at most maxEntries logins, forgetting the least recently used", async () => {
    const fetchFlags = vi.fn(async () => ({ flags: {} }));
    const cache = createFeatureFlagCache<string>({ fetchFlags, scopeOf: (ctx) => ctx, maxEntries: 2 });
    for (const login of ["a", "b", "c", "a"]) await cache.get(login, "local");
    expect(fetchFlags).toHaveBeenCalledTimes(4);
  });

  it("keeps environments apart", async () => {
    const fetchFlags = vi.fn(async () => ({ flags: {} }));
    const cache = createFeatureFlagCache({ fetchFlags });
    expect((await cache.get("ctx", "local"))["switch-subscriber"]).toBe(true);
    expect((await cache.get("ctx", "production"))["switch-subscriber"]).toBe(false);
    expect(fetchFlags).toHaveBeenCalledTimes(2);
  });

  it("with no refresh time, asks the service on every request, also after a failure", async () => {
    const fetchFlags = vi
      .fn<(ctx: string) => Promise<{ flags: Record<string, boolean> }>>()
      .mockResolvedValueOnce({ flags: { sdltEnabled: true } })
      .mockRejectedValueOnce(new Error("flag service down"))
      .mockResolvedValue({ flags: { sdltEnabled: false } });
    const cache = createFeatureFlagCache({ fetchFlags, now: clock().now, refreshMs: 0 });
    expect((await cache.get("ctx", "local")).sdltEnabled).toBe(true);
    expect(await cache.get("ctx", "local")).toEqual(defaultFeatureFlags("local"));
    expect((await cache.get("ctx", "local")).sdltEnabled).toBe(false);
    expect(fetchFlags).toHaveBeenCalledTimes(3);
  });

  it("falls back to the defaults on an error and asks again a minute later", async () => {
    const time = clock();
    const onError = vi.fn();
    const fetchFlags = vi
      .fn<(ctx: string) => Promise<{ flags: Record<string, boolean> }>>()
      .mockRejectedValueOnce(new Error("flag service down"))
      .mockResolvedValue({ flags: { sdltEnabled: true } });
    const cache = createFeatureFlagCache({ fetchFlags, now: time.now, retryAfterErrorMs: 60_000, onError });

    expect(await cache.get("ctx", "production")).toEqual(defaultFeatureFlags("production"));
    expect(onError).toHaveBeenCalledOnce();
    time.advance(59_999);
    await cache.get("ctx", "production");
    expect(fetchFlags).toHaveBeenCalledTimes(1);

    time.advance(1);
    expect((await cache.get("ctx", "production")).sdltEnabled).toBe(true);
  });
});
