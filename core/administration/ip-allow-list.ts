/**
 * The subscriber's IP allow list (document 3 section 5.3): addresses separated by commas, spaces or new
 * lines; the text may end with a comma; no empty entries; each an IPv4 or IPv6 address or CIDR range;
 * duplicates removed; at most 5000 characters. Parsed with ipaddr.js; IPv4 must be four-part decimal
 * (no `127.1`, octal or hex forms) and zone ids are refused. Entries come out in canonical form.
 */
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { ADMINISTRATION_LIMITS } from "./enums.js";
import { tooLong } from "../shared/validation-messages.js";
import { UseCaseRefusal } from "../shared/refusals.js";

export const IP_ALLOW_LIST_MESSAGE = "Invalid IP address format. IP addresses need to be comma separated";
export const IP_ALLOW_LIST_MAX_LENGTH = ADMINISTRATION_LIMITS.ipAllowListText;
export const IP_ALLOW_LIST_TOO_LONG_MESSAGE = tooLong("IP allow list", IP_ALLOW_LIST_MAX_LENGTH);

function canonicalAddress(text: string): string | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text).toString();
  if (!text.includes("%") && text.includes(":") && ipaddr.IPv6.isValid(text)) return ipaddr.IPv6.parse(text).toString();
  return null;
}

/** One address or CIDR range in canonical form, or null when it is neither. */
export function canonicalIpEntry(text: string): string | null {
  const slash = text.indexOf("/");
  if (slash === -1) return canonicalAddress(text);
  const address = canonicalAddress(text.slice(0, slash));
  const bits = text.slice(slash + 1);
  if (address === null || !/^[0-9]{1,3}$/.test(bits)) return null;
  const max = address.includes(":") ? 128 : 32;
  if (Number(bits) > max) return null;
  return `${address}/${Number(bits)}`;
}

/** Splits allow-list text into entries, or null when an entry is empty. */
export function splitIpAllowList(text: string): string[] | null {
  let body = text.trim();
  if (body === "") return [];
  if (body.endsWith(",")) body = body.slice(0, -1).trimEnd();
  if (body === "") return null;
  const entries: string[] = [];
  for (const chunk of body.split(",")) {
    const words = chunk.trim().split(/\s+/);
    if (words.length === 1 && words[0] === "") return null;
    entries.push(...words);
  }
  return entries;
}

export function parseIpAllowList(text: string): { value: string[] } | { message: string } {
  if (text.length > IP_ALLOW_LIST_MAX_LENGTH) return { message: IP_ALLOW_LIST_TOO_LONG_MESSAGE };
  const entries = splitIpAllowList(text);
  if (entries === null) return { message: IP_ALLOW_LIST_MESSAGE };
  const unique: string[] = [];
  for (const entry of entries) {
    const canonical = canonicalIpEntry(entry);
    if (canonical === null) return { message: IP_ALLOW_LIST_MESSAGE };
    if (!unique.includes(canonical)) unique.push(canonical);
  }
  return { value: unique };
}

/**
 * Why allow-list text is refused, naming the entries that are neither an address nor a CIDR range (for
 * clients that can say more than the form's one line); null when the text is a valid list.
 */
export function ipAllowListProblem(text: string): string | null {
  const result = parseIpAllowList(text);
  if (!("message" in result)) return null;
  if (result.message !== IP_ALLOW_LIST_MESSAGE) return result.message;
  const entries = splitIpAllowList(text);
  if (entries === null) return `${IP_ALLOW_LIST_MESSAGE}: there is an empty entry between two commas`;
  const invalid = [...new Set(entries.filter((entry) => canonicalIpEntry(entry) === null))];
  return `${IP_ALLOW_LIST_MESSAGE}. Not an IP address or CIDR range: ${invalid.join(", ")}`;
}

/** Text → array of unique canonical entries. Empty text gives [] (no restriction). */
export const IpAllowListSchema = z
  .preprocess((value) => (value === undefined || value === null ? "" : value), z.string({ error: () => IP_ALLOW_LIST_MESSAGE }))
  .transform((text, ctx) => {
    const result = parseIpAllowList(text);
    if ("message" in result) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.value;
  });

/** One entry (the provider's JSON list of addresses). */
export const IpAllowListEntrySchema = z.string().transform((text, ctx) => {
  const canonical = canonicalIpEntry(text.trim());
  if (canonical === null) {
    ctx.addIssue({ code: "custom", message: IP_ALLOW_LIST_MESSAGE });
    return z.NEVER;
  }
  return canonical;
});

/** Whether an address is allowed by a list of canonical entries (an empty list allows everyone). */
export function isIpAllowed(address: string, allowList: readonly string[]): boolean {
  if (allowList.length === 0) return true;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return false;
  }
  return allowList.some((entry) => {
    try {
      if (entry.includes("/")) {
        const range = ipaddr.parseCIDR(entry);
        return parsed.kind() === range[0].kind() && parsed.match(range);
      }
      const other = ipaddr.process(entry);
      return other.kind() === parsed.kind() && other.toString() === parsed.toString();
    } catch {
      return false;
    }
  });
}

/** How an allow list is changed: replaced by the entries, or the entries added or removed. */
export interface IpAllowListChange {
  action: "set" | "add" | "remove";
  entries: readonly string[];
}

/** The allow list after a change; removing an entry that is not on it is refused, naming it. */
export function editedIpAllowList(current: readonly string[], change: IpAllowListChange): string[] {
  if (change.action === "set") return [...change.entries];
  if (change.action === "add") return [...current, ...change.entries.filter((entry) => !current.includes(entry))];
  const missing = change.entries.filter((entry) => !current.includes(entry));
  if (missing.length > 0) throw new UseCaseRefusal(`Not on the IP allow list: ${missing.join(", ")}`);
  const removed = new Set(change.entries);
  return current.filter((entry) => !removed.has(entry));
}
