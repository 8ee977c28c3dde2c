import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messageAt } from "../shared/length-limits.test-helper.js";
import { UseCaseRefusal } from "../shared/refusals.js";
import { ADMINISTRATION_LIMITS } from "./enums.js";
import {
  canonicalIpEntry,
  editedIpAllowList,
  IP_ALLOW_LIST_MESSAGE,
  IP_ALLOW_LIST_TOO_LONG_MESSAGE,
  IpAllowListEntrySchema,
  IpAllowListSchema,
  isIpAllowed,
  parseIpAllowList,
} from "./ip-allow-list.js";

const messageOf = (input: unknown) => {
  const result = IpAllowListSchema.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
};

describe("IpAllowListSchema", () => {
  it("splits on commas, spaces and new lines, allows a trailing comma, removes duplicates", () => {
    expect(IpAllowListSchema.parse("10.0.0.1, 10.0.0.2\n192.168.0.0/16 10.0.0.1,")).toEqual([
      "10.0.0.1",
      "10.0.0.2",
      "192.168.0.0/16",
    ]);
  });

  it("accepts IPv6 addresses and ranges in canonical form", () => {
    expect(IpAllowListSchema.parse("2001:DB8:0:0:0:0:0:1, 2001:db8::/32, ::1")).toEqual(["2001:db8::1", "2001:db8::/32", "::1"]);
    expect(IpAllowListSchema.parse("2001:db8::1 2001:DB8::1")).toEqual(["2001:db8::1"]);
  });

  it("refuses empty entries, bad addresses and bad ranges", () => {
    for (const bad of [
      "10.0.0.1,,10.0.0.2",
      ",10.0.0.1",
      "10.0.0.1,,",
      ",",
      "10.0.0.256",
      "10.0.0",
      "127.1",
      "010.0.0.1",
      "0x7f.0.0.1",
      "2130706433",
      "10.0.0.1/33",
      "10.0.0.1/",
      "2001:db8::/129",
      "fe80::1%eth0",
      "10.0.0.1;10.0.0.2",
      "localhost",
    ]) {
      expect(messageOf(bad), bad).toBe(IP_ALLOW_LIST_MESSAGE);
    }
  });

  it("allows 5000 characters, not 5001", () => {
    const entry = "10.0.0.1,";
    const atLimit = entry.repeat(555) + "1.2.3.45";
    expect(atLimit.length).toBe(5003);
    const exact = (entry.repeat(555) + "1.2.3").slice(0, 5000);
    expect(exact.length).toBe(5000);
    const padded = "10.0.0.1" + " ".repeat(4992);
    expect(padded.length).toBe(5000);
    expect(IpAllowListSchema.parse(padded)).toEqual(["10.0.0.1"]);
    expect(messageOf(padded + " ")).toBe(IP_ALLOW_LIST_TOO_LONG_MESSAGE);
  });

  it("gives an empty list for empty text", () => {
    expect(IpAllowListSchema.parse("")).toEqual([]);
    expect(IpAllowListSchema.parse(undefined)).toEqual([]);
    expect(IpAllowListSchema.parse("  \n ")).toEqual([]);
    expect(messageOf(42)).toBe(IP_ALLOW_LIST_MESSAGE);
  });

  const ipv4 = fc.ipV4();
  const ipv6 = fc.ipV6();
  const entry = fc.oneof(
    ipv4,
    ipv6,
    fc.tuple(ipv4, fc.integer({ min: 0, max: 32 })).map(([a, b]) => `${a}/${b}`),
    fc.tuple(ipv6, fc.integer({ min: 0, max: 128 })).map(([a, b]) => `${a}/${b}`),
  );
  const separator = fc.constantFrom(",", ", ", " ", "\n", ",\n", " ,  ");

  it("round-trips lists of addresses and ranges", () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 20 }), separator, fc.boolean(), (entries, sep, trailing) => {
        const text = entries.join(sep) + (trailing ? "," : "");
        const parsed = IpAllowListSchema.parse(text);
        expect(parsed).toEqual([...new Set(entries.map((e) => canonicalIpEntry(e)))]);
        expect(IpAllowListSchema.parse(parsed.join(", "))).toEqual(parsed);
      }),
    );
  });

  it("refuses a list with any invalid entry with the spec's message", () => {
    const invalidEntry = fc.string({ minLength: 1 }).filter((text) => !/[\s,]/.test(text) && canonicalIpEntry(text) === null);
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 5 }), invalidEntry, (entries, bad) => {
        expect(messageOf([...entries, bad].join(", "))).toBe(IP_ALLOW_LIST_MESSAGE);
      }),
    );
  });

  it("never throws", () => {
    fc.assert(fc.property(fc.anything(), (input) => void IpAllowListSchema.safeParse(input)));
    fc.assert(fc.property(fc.string(), (input) => void parseIpAllowList(input)));
  });
});

describe("single entries and matching", () => {
  it("parses one entry", () => {
    expect(IpAllowListEntrySchema.parse(" 10.0.0.1 ")).toBe("10.0.0.1");
    expect(IpAllowListEntrySchema.safeParse("nope").success).toBe(false);
  });

  it("matches addresses against the list", () => {
    const list = ["10.0.0.0/8", "192.168.1.5", "2001:db8::/32"];
    expect(isIpAllowed("10.20.30.40", list)).toBe(true);
    expect(isIpAllowed("192.168.1.5", list)).toBe(true);
    expect(isIpAllowed("192.168.1.6", list)).toBe(false);
    expect(isIpAllowed("2001:db8::5", list)).toBe(true);
    expect(isIpAllowed("::ffff:10.1.2.3", list)).toBe(true);
    expect(isIpAllowed("not an ip", list)).toBe(false);
    expect(isIpAllowed("anything", [])).toBe(true);
    expect(isIpAllowed("10.0.0.1", ["garbage"])).toBe(false);
  });
});

describe("changing the allow list", () => {
  const current = ["10.0.0.1", "192.0.2.0/24"];

  it.each([
    [{ action: "set", entries: ["198.51.100.7"] }, ["198.51.100.7"]],
    [{ action: "set", entries: [] }, []],
    [{ action: "add", entries: ["10.0.0.1", "198.51.100.7"] }, ["10.0.0.1", "192.0.2.0/24", "198.51.100.7"]],
    [{ action: "remove", entries: ["10.0.0.1"] }, ["192.0.2.0/24"]],
  ] as const)("%j", (change, expected) => {
    expect(editedIpAllowList(current, change)).toEqual(expected);
  });

  it("refuses to remove what is not on the list, naming it", () => {
    expect(() => editedIpAllowList(current, { action: "remove", entries: ["10.0.0.1", "10.9.9.9"] })).toThrow(
      new UseCaseRefusal("Not on the IP allow list: 10.9.9.9"),
    );
  });
});

describe("length limits: the limit is accepted, one more is refused with the message", () => {
  it("IP allow list text: 5000 / 5001", () => {
    const entry = "10.0.0.1,";
    const text = (length: number) => entry.repeat(Math.floor(length / entry.length)).padEnd(length, " ");
    expect(text(5000)).toHaveLength(5000);
    expect(messageAt(IpAllowListSchema, text(ADMINISTRATION_LIMITS.ipAllowListText))).toBeNull();
    expect(messageAt(IpAllowListSchema, text(ADMINISTRATION_LIMITS.ipAllowListText + 1))).toBe(
      "IP allow list must not exceed 5000 characters",
    );
  });
});

describe("ipAllowListProblem", () => {
  it("names every entry that is neither an address nor a CIDR range, once", async () => {
    const { ipAllowListProblem, IP_ALLOW_LIST_MESSAGE } = await import("./ip-allow-list.js");
    expect(ipAllowListProblem("203.0.113.0/24, 10.0.0.256 foo, foo")).toBe(
      `${IP_ALLOW_LIST_MESSAGE}. Not an IP address or CIDR range: 10.0.0.256, foo`,
    );
    expect(ipAllowListProblem("203.0.113.0/24,,10.0.0.1")).toBe(`${IP_ALLOW_LIST_MESSAGE}: there is an empty entry between two commas`);
    expect(ipAllowListProblem("203.0.113.0/24 2001:db8::/32")).toBeNull();
    expect(ipAllowListProblem("1".repeat(6000))).toContain("5000");
  });
});
