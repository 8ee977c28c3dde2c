/**
 * UK postcodes (document 1 section 5, document 2 section 5.2). Input is normalised first (trimmed,
 * upper-cased, inner whitespace removed, one space before the inward code), then checked against the
 * whole pattern, grouped so that both anchors bind every alternative.
 */
import { z } from "zod";
import { required } from "./validation-messages.js";

export const POSTCODE_MESSAGE = "Enter a valid Postcode";
export const POSTCODE_REQUIRED_MESSAGE = required("Postcode");

/**
 * Outward code forms A9, A99, AA9, AA99, A9A, AA9A with the letters each position may hold, a space, then
 * the inward code 9AA (never C, I, K, M, O or V); plus the special case GIR 0AA.
 */
export const POSTCODE_PATTERN =
  /^(?:GIR 0AA|(?:[A-PR-UWYZ][0-9]{1,2}|[A-PR-UWYZ][A-HK-Y][0-9]{1,2}|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY]) [0-9][ABD-HJLNP-UW-Z]{2})$/;

/** Canonical form of a postcode-like text: upper case, no inner spaces, one space before the last three characters. */
export function normalisePostcode(text: string): string {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export function isValidPostcode(text: string): boolean {
  return POSTCODE_PATTERN.test(normalisePostcode(text));
}

/** Text → canonical postcode (`"sw1a1aa"` → `"SW1A 1AA"`); message 'Enter a valid Postcode'. */
export const PostcodeSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? POSTCODE_REQUIRED_MESSAGE : POSTCODE_MESSAGE) })
  .transform((raw, ctx) => {
    if (raw.trim() === "") {
      ctx.addIssue({ code: "custom", message: POSTCODE_REQUIRED_MESSAGE });
      return z.NEVER;
    }
    const postcode = normalisePostcode(raw);
    if (postcode.length > 8 || !POSTCODE_PATTERN.test(postcode)) {
      ctx.addIssue({ code: "custom", message: POSTCODE_MESSAGE });
      return z.NEVER;
    }
    return postcode;
  });
