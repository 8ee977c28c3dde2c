/**
 * One way to write: every write to a versioned resource carries the version its author saw, as
 * `If-Match: "<version>"`. Without it the provider answers 428; with a version that is no longer current,
 * 409 with the conflict message (errors.ts), and nothing changes. The provider, the client and the screens
 * use these same pieces.
 */
import { z } from "zod";

export const IF_MATCH_HEADER = "if-match";

export const VERSION_REQUIRED_MESSAGE =
  'This change needs the version you last saw, as the If-Match header ("<version>"). Reload the page and try again.';
export const INVALID_VERSION_MESSAGE = 'If-Match must be a version the provider gave, for example "3".';

/** The If-Match value for a version. */
export function ifMatch(version: number): string {
  return `"${version}"`;
}

/** The version an If-Match header names (`"7"`, `W/"7"` or `7`); null when absent; "invalid" otherwise. */
export function versionOfIfMatch(header: string | string[] | undefined): number | null | "invalid" {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === "") return null;
  const match = /^\s*(?:W\/)?"?([1-9]\d{0,9})"?\s*$/.exec(value);
  return match ? Number(match[1]) : "invalid";
}

/** The request headers of a versioned write, as the OpenAPI document declares them. */
export const IfMatchHeadersSchema = z.looseObject({
  [IF_MATCH_HEADER]: z
    .string()
    .optional()
    .describe('The version of the resource the change was made against, e.g. "3" (428 without it, 409 when stale)'),
});

/** A version a form carried: a positive whole number. */
export const FormVersionSchema = z.coerce.number().int().min(1);
