/** For each area's enumeration tests: every status enumeration has a zod enum and a label for each value. */
import { expect, it } from "vitest";

interface EnumSchema {
  parse(input: unknown): unknown;
  safeParse(input: unknown): { success: boolean };
}

/** [what, the values, their zod enum, their labels]. */
export type StatusEnumeration = readonly [string, readonly string[], EnumSchema, Readonly<Record<string, string>>];

/** One test per enumeration: a label for each value, in order and in words; the zod enum takes each value and nothing else. */
export function statusEnumerationTests(enumerations: readonly StatusEnumeration[]) {
  for (const [name, values, schema, labels] of enumerations) {
    it(name, () => {
      expect(Object.keys(labels)).toEqual([...values]);
      for (const value of values) {
        expect(schema.parse(value)).toBe(value);
        expect((labels as Record<string, string>)[value], value).toMatch(/^[A-Z][a-z]/);
      }
      expect(schema.safeParse("NOT_A_VALUE").success).toBe(false);
    });
  }
}
