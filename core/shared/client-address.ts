/**
 * The client's address behind trusted proxies, one rule for the app's server and the provider.
 *
 * Each proxy appends the address it received the request from to X-Forwarded-For, so only the right-hand
 * end of the header was written by proxies we trust; everything to the left of it was sent by the client,
 * who may write anything there. With `trustedHops` proxies in front of the server (the peer of the
 * connection being the last of them), the client is the `trustedHops`-th entry from the right. A header
 * shorter than that yields its leftmost entry (the farthest address known). With no trusted hop, or a peer
 * that is not a trusted proxy, the header is ignored and the peer's own address is the client's.
 *
 * Walking the addresses from the server outwards (hop 0 is the peer, hop 1 the rightmost forwarded entry,
 * …), each address is a trusted proxy while `isTrustedHop` says so; the client is the first that is not.
 * The provider hands `isTrustedHop` to Fastify, so that `request.ip` follows this same rule.
 */

export interface ProxyTrust {
  /** How many proxies in front of the server are trusted (0: X-Forwarded-For is ignored). */
  trustedHops: number;
  /** Whether the connection's peer may forward at all (every peer when left out). */
  trustsPeer?: (address: string) => boolean;
}

/** Whether the address at `hop` (0 = the connection's peer) is one of the trusted proxies. */
export function isTrustedHop(trust: ProxyTrust, address: string, hop: number): boolean {
  if (hop >= trust.trustedHops) return false;
  return hop > 0 || (trust.trustsPeer?.(address) ?? true);
}

/** The entries of X-Forwarded-For from left to right (repeated headers in order), blanks dropped. */
export function forwardedAddresses(header: string | readonly string[] | undefined | null): string[] {
  if (header === undefined || header === null) return [];
  const lines = typeof header === "string" ? [header] : header;
  return lines.flatMap((line) => line.split(",")).map((entry) => entry.trim()).filter(Boolean);
}

/** The client's address: see the rule above. `undefined` only when the peer is unknown and nothing is trusted. */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | readonly string[] | undefined | null,
  trust: ProxyTrust,
): string | undefined {
  const outwards = [peer ?? "", ...forwardedAddresses(forwardedFor).reverse()];
  let hop = 0;
  while (hop < outwards.length - 1 && isTrustedHop(trust, outwards[hop]!, hop)) hop++;
  return outwards[hop] || undefined;
}

/** A hop count from configuration: a whole number from 0, else the default of 1. */
export function parseTrustedHops(value: string | undefined, fallback = 1): number {
  if (value === undefined || value.trim() === "") return fallback;
  if (!/^\d{1,2}$/.test(value.trim())) throw new Error(`A number of trusted proxy hops must be a whole number, not "${value}"`);
  return Number(value.trim());
}
