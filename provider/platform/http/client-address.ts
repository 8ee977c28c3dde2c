/**
 * The provider's side of core's client-address rule (core/shared/client-address.ts): Fastify's `trustProxy`
 * as a function of each hop, so that `request.ip` (the IP allow lists, the identity provider, audit, logs)
 * is the address `trustedProxyHops` entries from the right of X-Forwarded-For, and only when the peer is
 * one of the proxies TRUST_PROXY names. A client cannot choose its address by writing the header's left.
 */
import type { FastifyServerOptions } from "fastify";
import { isTrustedHop, type ProxyTrust } from "../../../core/shared/client-address.js";
import type { ProviderConfig } from "../config.js";
import { isAddressAllowed } from "../security/ip-allow-list.js";

/** Names that TRUST_PROXY may use for well-known ranges. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** The trust the provider's configuration gives, in core's terms. */
export function providerProxyTrust(config: Pick<ProviderConfig, "trustProxy" | "trustedProxyHops">): ProxyTrust {
  if (config.trustProxy === false) return { trustedHops: 0 };
  if (config.trustProxy === true) return { trustedHops: config.trustedProxyHops };
  const ranges = config.trustProxy
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .flatMap((entry) => NAMED_RANGES[entry.toLowerCase()] ?? [entry]);
  if (ranges.length === 0) return { trustedHops: 0 };
  return { trustedHops: config.trustedProxyHops, trustsPeer: (address) => isAddressAllowed(address, ranges) };
}

/** Fastify's `trustProxy` option: false when nothing is trusted, else core's rule hop by hop. */
export function proxyTrust(config: Pick<ProviderConfig, "trustProxy" | "trustedProxyHops">): FastifyServerOptions["trustProxy"] {
  const trust = providerProxyTrust(config);
  if (trust.trustedHops === 0) return false;
  return (address: string, hop: number) => isTrustedHop(trust, address, hop);
}
