/**
 * A subscriber's IP allow list (document 3 section 5.3): IPv4 and IPv6 addresses and CIDR ranges. An empty
 * list allows every address. IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`, as Node reports IPv4 clients
 * on a dual-stack socket) match IPv4 entries and the other way round. An entry that cannot be parsed never
 * matches; an address that cannot be parsed is refused by a non-empty list.
 */
import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** IPv4-mapped IPv6 → IPv4; everything else unchanged. */
function unmap(address: Address): Address {
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

function parseAddress(text: string): Address | undefined {
  const value = text.trim().replace(/^\[(.*)\]$/, "$1");
  if (ipaddr.IPv4.isValidFourPartDecimal(value)) return ipaddr.IPv4.parse(value);
  if (ipaddr.IPv6.isValid(value)) return unmap(ipaddr.IPv6.parse(value));
  return undefined;
}

function parseRange(text: string): [Address, number] | undefined {
  const value = text.trim();
  if (!value) return undefined;
  if (!value.includes("/")) {
    const address = parseAddress(value);
    return address ? [address, address.kind() === "ipv4" ? 32 : 128] : undefined;
  }
  const [addressPart, bitsPart] = value.split("/");
  if (!/^\d{1,3}$/.test(bitsPart ?? "")) return undefined;
  const bits = Number(bitsPart);
  const trimmed = addressPart.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(trimmed)) {
    return bits <= 32 ? [ipaddr.IPv4.parse(trimmed), bits] : undefined;
  }
  if (!ipaddr.IPv6.isValid(trimmed) || bits > 128) return undefined;
  const address = ipaddr.IPv6.parse(trimmed);
  if (address.isIPv4MappedAddress() && bits >= 96) return [address.toIPv4Address(), bits - 96];
  return [address, bits];
}

function matches(address: Address, [network, bits]: [Address, number]): boolean {
  if (address.kind() === network.kind()) return address.match(network, bits);
  // An IPv4 client against an IPv6 range (e.g. ::ffff:0:0/96): compare in the IPv6 space.
  if (address.kind() === "ipv4" && network.kind() === "ipv6") {
    return (address as ipaddr.IPv4).toIPv4MappedAddress().match(network, bits);
  }
  return false;
}

export function isAddressAllowed(ip: string, allowList: readonly string[]): boolean {
  const entries = allowList.map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) return true;
  const address = parseAddress(ip);
  if (!address) return false;
  return entries.some((entry) => {
    const range = parseRange(entry);
    return range !== undefined && matches(address, range);
  });
}
