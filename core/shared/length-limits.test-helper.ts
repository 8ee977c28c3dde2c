/**
 * For each area's length-limit tests (document 1 section 9, document 2 section 9, document 3 section 9): a
 * limit is a pair, the longest accepted value, and one character more refused with the message.
 */
import { expect, it } from "vitest";

interface Safe {
  safeParse(input: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
}

/** The message on `path` ("" for the value itself), or null when the value passes there. */
export function messageAt(schema: Safe, input: unknown, path = ""): string | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  return result.error!.issues.find((issue) => issue.path.join(".") === path)?.message ?? null;
}

export const field =
  (schema: Safe, key: string, base: Record<string, unknown> = {}) =>
  (text: string) =>
    messageAt(schema, { ...base, [key]: text }, key);
export const value = (schema: Safe) => (text: string) => messageAt(schema, text);

/** [what, the check, limit, a character the field accepts, the message one past the limit]. */
export type LengthLimit = [string, (text: string) => string | null, number, string, string];

/** One test per limit: the limit is accepted, one more is refused with the message. */
export function lengthLimitTests(limits: LengthLimit[]) {
  for (const [what, check, limit, character, message] of limits) {
    it(`${what}: ${limit} / ${limit + 1}`, () => {
      expect(check(character.repeat(limit))).toBeNull();
      expect(check(character.repeat(limit + 1))).toBe(message);
    });
  }
}
