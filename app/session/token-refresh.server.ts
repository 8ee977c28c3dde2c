/**
 * At most one token refresh per session at a time. Remix runs a request's loaders in parallel, and a browser
 * sends requests in parallel too; the identity provider rotates refresh tokens and revokes the whole grant
 * when a rotated one is used again. So every caller holding the same refresh token shares one refresh, and
 * the outcome is remembered for a short while so that a caller that read the session just before the new
 * tokens were written still gets them instead of replaying the old refresh token.
 *
 * This is per process: several app instances need sticky sessions (or a shared lock) for the same guarantee.
 */

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
