import { afterEach, describe, expect, it, vi } from "vitest";
import { refreshAsTheOneProcess, refreshOnce, resetRotations, rotationFrom, SessionGoneError, type TokenSet } from "./token-refresh.server";

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

describe("refreshAsTheOneProcess", () => {
  /** The session store shared by the processes: one lease, the stored tokens. */
  function sharedStore(stored: TokenSet | null = tokens(1)) {
    let leaseHeld = false;
    return {
      get stored() {
        return stored;
      },
      set stored(next: TokenSet | null) {
        stored = next;
      },
      release: () => (leaseHeld = false),
      takeLease: async () => {
        if (stored === null) return null;
        if (leaseHeld) return false;
        leaseHeld = true;
        return true;
      },
      readTokens: async () => stored,
    };
  }

  it("lets only the process granted the lease use the refresh token; the other takes the tokens it writes", async () => {
    const store = sharedStore();
    const refresh = vi.fn(async () => {
      const next = tokens(2);
      store.stored = next;
      return next;
    });
    const [first, second] = await Promise.all([
      refreshAsTheOneProcess("rt-1", { ...store, refresh, pollMs: 1 }),
      refreshAsTheOneProcess("rt-1", { ...store, refresh, pollMs: 1 }),
    ]);
    expect(first).toEqual(tokens(2));
    expect(second).toEqual(tokens(2));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("uses the stored tokens, not its spent refresh token, when another process refreshed before it took the lease", async () => {
    // The other process refreshed and wrote its tokens, which ended its lease, after this one read the session.
    const store = sharedStore(tokens(2));
    const refresh = vi.fn(async () => tokens(3));
    expect(await refreshAsTheOneProcess("rt-1", { ...store, refresh, pollMs: 1 })).toEqual(tokens(2));
    expect(refresh).not.toHaveBeenCalled();
  });

  it("takes the lease itself when the holder's lease lapses without new tokens", async () => {
    const store = sharedStore();
    await store.takeLease(); // a process that stopped mid-refresh
    setTimeout(store.release, 5);
    const refresh = vi.fn(async () => tokens(2));
    expect(await refreshAsTheOneProcess("rt-1", { ...store, refresh, pollMs: 1, leaseMs: 3 })).toEqual(tokens(2));
    expect(refresh).toHaveBeenCalledWith("rt-1");
  });

  it("reports a session that ended while it waited or before it asked", async () => {
    const store = sharedStore();
    await store.takeLease();
    setTimeout(() => (store.stored = null), 2);
    const refresh = vi.fn(async () => tokens(2));
    await expect(refreshAsTheOneProcess("rt-1", { ...store, refresh, pollMs: 1 })).rejects.toBeInstanceOf(SessionGoneError);
    await expect(refreshAsTheOneProcess("rt-1", { ...store, refresh, pollMs: 1 })).rejects.toBeInstanceOf(SessionGoneError);
    expect(refresh).not.toHaveBeenCalled();
  });
});
