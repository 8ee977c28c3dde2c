import { describe, expect, it } from "vitest";
import { isAddressAllowed } from "./ip-allow-list.js";

describe("isAddressAllowed", () => {
  it("allows every address when the list is empty (or holds only blanks)", () => {
    expect(isAddressAllowed("203.0.113.9", [])).toBe(true);
    expect(isAddressAllowed("2001:db8::1", [" ", ""])).toBe(true);
  });

  it("matches single IPv4 addresses exactly", () => {
    expect(isAddressAllowed("203.0.113.9", ["203.0.113.9"])).toBe(true);
    expect(isAddressAllowed("203.0.113.10", ["203.0.113.9"])).toBe(false);
  });

  it("matches IPv4 CIDR ranges", () => {
    const list = ["10.0.0.0/8", "192.168.1.0/24"];
    expect(isAddressAllowed("10.200.3.4", list)).toBe(true);
    expect(isAddressAllowed("192.168.1.255", list)).toBe(true);
    expect(isAddressAllowed("192.168.2.1", list)).toBe(false);
    expect(isAddressAllowed("11.0.0.1", list)).toBe(false);
    expect(isAddressAllowed("8.8.8.8", ["0.0.0.0/0"])).toBe(true);
  });

  it("matches IPv6 addresses in any notation and IPv6 CIDR ranges", () => {
    expect(isAddressAllowed("2001:0db8:0000:0000:0000:0000:0000:0001", ["2001:db8::1"])).toBe(true);
    expect(isAddressAllowed("2001:db8:abcd::5", ["2001:db8:abcd::/48"])).toBe(true);
    expect(isAddressAllowed("2001:db8:abce::5", ["2001:db8:abcd::/48"])).toBe(false);
    expect(isAddressAllowed("::1", ["::1"])).toBe(true);
  });

  it("treats IPv4-mapped IPv6 addresses as the IPv4 address, both ways", () => {
    expect(isAddressAllowed("::ffff:127.0.0.1", ["127.0.0.1"])).toBe(true);
    expect(isAddressAllowed("::ffff:127.0.0.1", ["127.0.0.0/8"])).toBe(true);
    expect(isAddressAllowed("::ffff:10.0.0.1", ["127.0.0.0/8"])).toBe(false);
    expect(isAddressAllowed("127.0.0.1", ["::ffff:127.0.0.1"])).toBe(true);
    expect(isAddressAllowed("127.0.0.5", ["::ffff:127.0.0.0/104"])).toBe(true);
    expect(isAddressAllowed("127.0.0.5", ["::ffff:0:0/96"])).toBe(true);
  });

  it("does not confuse IPv4 and IPv6 otherwise", () => {
    expect(isAddressAllowed("127.0.0.1", ["::1"])).toBe(false);
    expect(isAddressAllowed("::1", ["127.0.0.1"])).toBe(false);
  });

  it("ignores surrounding spaces in entries", () => {
    expect(isAddressAllowed("203.0.113.9", ["  203.0.113.0/24 "])).toBe(true);
  });

  it("never matches an invalid entry and refuses an invalid address", () => {
    expect(isAddressAllowed("10.0.0.1", ["10.0.0", "10.0.0.0/33", "not-an-ip", "10.0.0.0/x"])).toBe(false);
    expect(isAddressAllowed("garbage", ["10.0.0.0/8"])).toBe(false);
    expect(isAddressAllowed("", ["10.0.0.0/8"])).toBe(false);
  });
});
