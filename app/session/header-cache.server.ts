/**
 * What the header shows about the logged-in user (their details, their subscribers, whether lodgement
 * credentials exist), kept per session for the specification's query cache time (document 1 section 7: 15
 * minutes, never stale).
 *
 * An entry belongs to one session and one selected subscriber; it is dropped when that session writes
 * anything through the provider (so a user's own change shows on the next page), when the session ends, and
 * after the cache time. Whether the caller may still act is not cached: the root loader checks the token's
 * standing with the provider on every page (app/root.tsx), and a refused token ends the session.
 *
 * The cache is per process, while sessions are shared by every app process (session.server.ts). An entry is
 * only read for a session this request has just read from the provider's store, so a session ended through
 * another process (logout, suspension, a limit) is never served from here; the read that finds it gone drops
 * its entry.
 */
import { LRUCache } from "lru-cache";
import { QUERY_CACHE_MS } from "../../core/workspaces/enums.js";

interface Entry {
  subscriberId: string | null;
  values: Map<string, unknown>;
}

const entries = new LRUCache<string, Entry>({ max: 10_000, ttl: QUERY_CACHE_MS });

/**
 * The session's cached `name` for its selected subscriber, or a fresh one from `load`, then kept unless it
 * is undefined (what a load answers when it failed and reported the failure: the next page tries again).
 */
export async function cachedForSession<T>(
  session: { sessionId: string; subscriberId: string | null },
  name: string,
  load: () => Promise<T>,
): Promise<T> {
  let entry = entries.get(session.sessionId);
  if (entry?.values.has(name) && entry.subscriberId === session.subscriberId) return entry.values.get(name) as T;
  const value = await load();
  if (value === undefined) return value;
  entry = entries.get(session.sessionId);
  if (!entry || entry.subscriberId !== session.subscriberId) {
    entry = { subscriberId: session.subscriberId, values: new Map() };
    entries.set(session.sessionId, entry);
  }
  entry.values.set(name, value);
  return value;
}

export function forgetSession(sessionId: string): void {
  entries.delete(sessionId);
}
