/**
 * Reads shared by the loaders of one page load. Remix runs the root's, the shell's and the tab's loaders in
 * parallel, and hands each its own copy of the request (it strips the `index` and `_routes` parameters into
 * a new Request), so nothing keyed on the Request object is shared. The copies keep the headers: the origin
 * guard (server/origin-guard.ts) gives every request a fresh random id, and a read is shared under that id
 * together with the request's cookies, so a request that names someone else's id shares nothing without
 * their cookies too. Without the guard (no id), nothing is shared.
 *
 * Only a GET shares: after a post's action the loaders read afresh what it wrote. A shared read lives a few
 * seconds: long enough for the loaders of one page load, which start together.
 */
import { LRUCache } from "lru-cache";

/** Set by server/origin-guard.ts on every request, never by the client. */
export const REQUEST_ID_HEADER = "x-convey-request-id";

const pageLoads = new LRUCache<string, Map<string, Promise<unknown>>>({ max: 2000, ttl: 5_000 });

function pageLoadOf(request: Request): Map<string, Promise<unknown>> | null {
  const id = request.headers.get(REQUEST_ID_HEADER);
  // A post runs its action before the loaders: they must read what the action wrote.
  if (!id || request.method !== "GET") return null;
  const key = `${id}\n${request.headers.get("cookie") ?? ""}`;
  let reads = pageLoads.get(key);
  if (!reads) {
    reads = new Map();
    pageLoads.set(key, reads);
  }
  return reads;
}

/** `read()` once per page load under `name`; the other loaders of the same page load get the same answer. */
export function oncePerPageLoad<T>(request: Request, name: string, read: () => Promise<T>): Promise<T> {
  const reads = pageLoadOf(request);
  if (!reads) return read();
  let shared = reads.get(name) as Promise<T> | undefined;
  if (!shared) {
    shared = read();
    reads.set(name, shared);
  }
  return shared;
}
