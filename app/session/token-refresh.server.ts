/**
 * At most one token refresh per session at a time. Remix runs a request's loaders in parallel, and a browser
 * sends requests in parallel too; the identity provider rotates refresh tokens and revokes the whole grant
 * when a rotated one is used again. So every caller holding the same refresh token shares one refresh, and
 * the outcome is remembered for a short while so that a caller that read the session just before the new
 * tokens were written still gets them instead of replaying the old refresh token.
 *
 * `refreshOnce` does this within one process; `refreshAsTheOneProcess` across the app processes that share
 * the session store, through the store's refresh lease.
 */
import { setTimeout as delay } from "node:timers/promises";
import { REFRESH_LEASE_MS } from "../../core/identity/session-rules.js";

export interface TokenSet {
  accessToken: string;
  /** Milliseconds since the epoch. */
  accessTokenExpiresAt: number;
  refreshToken: string | null;
  idToken: string | null;
}

interface Rotation {
  from: string;
  promise: Promise<TokenSet>;
}

/** How long the outcome of a refresh is remembered after it settles. */
export const ROTATION_MEMORY_MS = 60_000;

const rotations = new Map<string, Rotation>();

/**
 * Refreshes `refreshToken` for `sessionId` once, however many callers ask. `refresh` does the network call;
 * `persist` stores the new tokens before any caller sees them.
 */
export function refreshOnce(
  sessionId: string,
  refreshToken: string,
  refresh: (refreshToken: string) => Promise<TokenSet>,
  persist: (tokens: TokenSet) => Promise<void>,
): Promise<TokenSet> {
  const current = rotations.get(sessionId);
  if (current && current.from === refreshToken) return current.promise;

  const promise = (async () => {
    const tokens = await refresh(refreshToken);
    await persist(tokens);
    return tokens;
  })();
  const rotation: Rotation = { from: refreshToken, promise };
  rotations.set(sessionId, rotation);
  const forget = () => {
    const timer = setTimeout(() => {
      if (rotations.get(sessionId) === rotation) rotations.delete(sessionId);
    }, ROTATION_MEMORY_MS);
    timer.unref?.();
  };
  promise.then(forget, forget);
  return promise;
}

/** The refresh (in flight or just finished) that replaced `refreshToken` in this session, if any. */
export function rotationFrom(sessionId: string, refreshToken: string | null): Promise<TokenSet> | undefined {
  if (!refreshToken) return undefined;
  const current = rotations.get(sessionId);
  return current && current.from === refreshToken ? current.promise : undefined;
}

/** Forgets every remembered refresh (tests only). */
export function resetRotations(): void {
  rotations.clear();
}

/** Thrown when the session ended (logout, suspension, a limit) while its tokens were due for refresh. */
export class SessionGoneError extends Error {}

export interface SharedRefreshDeps {
  /** The store's refresh lease: true granted, false held by another process, null no such session. */
  takeLease: () => Promise<boolean | null>;
  /** The tokens the store holds now, or null when the session has ended. */
  readTokens: () => Promise<TokenSet | null>;
  /** The refresh at the identity provider. */
  refresh: (refreshToken: string) => Promise<TokenSet>;
  /** How often a waiting process reads the store; 100 ms unless a test says otherwise. */
  pollMs?: number;
  leaseMs?: number;
}

/**
 * Refreshes `refreshToken` in the one app process granted the store's refresh lease. Any other process waits
 * for the tokens the lease holder writes and takes them, instead of using the refresh token a second time
 * (which would revoke the login); should the lease lapse without new tokens (the holder stopped), it asks for
 * the lease again.
 */
export async function refreshAsTheOneProcess(refreshToken: string, deps: SharedRefreshDeps): Promise<TokenSet> {
  const pollMs = deps.pollMs ?? 100;
  const leaseMs = deps.leaseMs ?? REFRESH_LEASE_MS;
  for (;;) {
    const granted = await deps.takeLease();
    if (granted === null) throw new SessionGoneError("The session ended while its tokens were due for refresh.");
    if (granted) {
      // Another process may have refreshed and written its tokens (ending its lease) after this one read the
      // session: then the refresh token held here is spent, and the stored tokens are the ones to use.
      const stored = await deps.readTokens();
      if (!stored) throw new SessionGoneError("The session ended while its tokens were due for refresh.");
      return stored.refreshToken === refreshToken ? deps.refresh(refreshToken) : stored;
    }
    for (let waited = 0; waited < leaseMs; waited += pollMs) {
      await delay(pollMs);
      const stored = await deps.readTokens();
      if (!stored) throw new SessionGoneError("The session ended while another process refreshed its tokens.");
      if (stored.refreshToken !== refreshToken) return stored;
    }
  }
}
