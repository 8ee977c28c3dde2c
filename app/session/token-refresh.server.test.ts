import { afterEach, describe, expect, it, vi } from "vitest";
import { refreshOnce, resetRotations, rotationFrom, type TokenSet } from "./token-refresh.server";

const tokens = (n: number): TokenSet => ({
  accessToken: `at-${n}`,
  accessTokenExpiresAt: 1_000 * n,
  refreshToken: `rt-${n}`,
  idToken: null,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => resetRotations());

describe("refreshOnce", () => {
  it("runs one refresh for parallel callers holding the same refresh token", async () => {
    const network = deferred<TokenSet>();
    const refresh = vi.fn(() => network.promise);
    const persist = vi.fn(async () => {});

    const calls = [1, 2, 3].map(() => refreshOnce("s1", "rt-1", refresh, persist));
    network.resolve(tokens(2));

    expect(await Promise.all(calls)).toEqual([tokens(2), tokens(2), tokens(2)]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it("stores the new tokens before any caller receives them", async () => {
    const order: string[] = [];
    const result = refreshOnce(
      "s1",
      "rt-1",
      async () => tokens(2),
      async () => {
        order.push("persisted");
      },
    ).then(() => order.push("received"));
    await result;
    expect(order).toEqual(["persisted", "received"]);
  });

  it("gives a late caller that still holds the rotated token the new tokens instead of replaying it", async () => {
    const refresh = vi.fn(async () => tokens(2));
    await refreshOnce("s1", "rt-1", refresh, async () => {});

    expect(await refreshOnce("s1", "rt-1", refresh, async () => {})).toEqual(tokens(2));
    expect(await rotationFrom("s1", "rt-1")).toEqual(tokens(2));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("refreshes again with the new refresh token", async () => {
    const refresh = vi.fn(async (rt: string) => tokens(Number(rt.slice(3)) + 1));
    await refreshOnce("s1", "rt-1", refresh, async () => {});
    expect(await refreshOnce("s1", "rt-2", refresh, async () => {})).toEqual(tokens(3));
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(rotationFrom("s1", "rt-1")).toBeUndefined();
  });

  it("keeps sessions apart", async () => {
    const refresh = vi.fn(async () => tokens(2));
    await Promise.all([
      refreshOnce("s1", "rt-1", refresh, async () => {}),
      refreshOnce("s2", "rt-1", refresh, async () => {}),
    ]);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("shares a failure with every parallel caller", async () => {
    const network = deferred<TokenSet>();
    const refresh = vi.fn(() => network.promise);
    const calls = [1, 2].map(() => refreshOnce("s1", "rt-1", refresh, async () => {}));
    network.reject(new Error("invalid_grant"));
    for (const call of calls) await expect(call).rejects.toThrow("invalid_grant");
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
