import { describe, expect, it } from "vitest";
import { clientAddress, forwardedAddresses, isTrustedHop, parseTrustedHops, type ProxyTrust } from "./client-address.js";

const PEER = "10.0.0.2";
const loopbackOnly: ProxyTrust["trustsPeer"] = (address) => address === "127.0.0.1" || address === "::1";

describe("the client's address behind trusted proxies", () => {
  it.each<[string, string | undefined, string | string[] | undefined, ProxyTrust, string | undefined]>([
    ["no header, nothing trusted", PEER, undefined, { trustedHops: 0 }, PEER],
    ["a header, nothing trusted", PEER, "192.0.2.10", { trustedHops: 0 }, PEER],
    ["one hop, one entry", PEER, "203.0.113.1", { trustedHops: 1 }, "203.0.113.1"],
    ["one hop: the client-written left is skipped", PEER, "192.0.2.10, 203.0.113.1", { trustedHops: 1 }, "203.0.113.1"],
    ["one hop, many client-written entries", PEER, "192.0.2.10, 192.0.2.11,192.0.2.12, 203.0.113.1", { trustedHops: 1 }, "203.0.113.1"],
    ["two hops", PEER, "192.0.2.10, 203.0.113.1, 10.0.0.1", { trustedHops: 2 }, "203.0.113.1"],
    ["three hops", PEER, "192.0.2.10, 203.0.113.1, 10.0.0.5, 10.0.0.1", { trustedHops: 3 }, "203.0.113.1"],
    ["a header shorter than the hops: its leftmost entry", PEER, "203.0.113.1", { trustedHops: 3 }, "203.0.113.1"],
    ["trusted, but no header: the peer", PEER, undefined, { trustedHops: 1 }, PEER],
    ["trusted, empty header: the peer", PEER, "", { trustedHops: 1 }, PEER],
    ["blank entries are dropped", PEER, "192.0.2.10, ,203.0.113.1 ,", { trustedHops: 1 }, "203.0.113.1"],
    ["repeated headers in order", PEER, ["192.0.2.10", "203.0.113.1"], { trustedHops: 1 }, "203.0.113.1"],
    ["IPv6 entries", PEER, "2001:db8::1, 2001:db8::2", { trustedHops: 1 }, "2001:db8::2"],
    ["a peer that may not forward: the header is ignored", PEER, "203.0.113.1", { trustedHops: 1, trustsPeer: loopbackOnly }, PEER],
    ["a peer that may forward", "127.0.0.1", "192.0.2.10, 203.0.113.1", { trustedHops: 1, trustsPeer: loopbackOnly }, "203.0.113.1"],
    ["no peer known, nothing trusted", undefined, "203.0.113.1", { trustedHops: 0 }, undefined],
  ])("%s", (_case, peer, header, trust, expected) => {
    expect(clientAddress(peer, header, trust)).toBe(expected);
  });

  it("says which hops are trusted, as Fastify asks (hop 0 is the peer)", () => {
    const trust: ProxyTrust = { trustedHops: 2, trustsPeer: loopbackOnly };
    expect(isTrustedHop(trust, "127.0.0.1", 0)).toBe(true);
    expect(isTrustedHop(trust, PEER, 0)).toBe(false);
    expect(isTrustedHop(trust, "203.0.113.1", 1)).toBe(true);
    expect(isTrustedHop(trust, "203.0.113.1", 2)).toBe(false);
    expect(isTrustedHop({ trustedHops: 0 }, "127.0.0.1", 0)).toBe(false);
  });

  it("reads the header's entries from left to right", () => {
    expect(forwardedAddresses(" a ,b,, c")).toEqual(["a", "b", "c"]);
    expect(forwardedAddresses(undefined)).toEqual([]);
  });

  it("reads the number of hops from configuration", () => {
    expect(parseTrustedHops(undefined)).toBe(1);
    expect(parseTrustedHops("")).toBe(1);
    expect(parseTrustedHops("0")).toBe(0);
    expect(parseTrustedHops(" 2 ")).toBe(2);
    expect(() => parseTrustedHops("-1")).toThrow(/whole number/);
    expect(() => parseTrustedHops("one")).toThrow(/whole number/);
  });
});
