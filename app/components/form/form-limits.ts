/**
 * How many entries each array of a form schema may have, read from the zod schemas themselves, so the form
 * reader can refuse `applicants[5000].firstName` before Conform builds an array of that length. Pure.
 */
import type { z } from "zod";

/** Array paths (`applicants`, `parties[].roles`) and their maximum length. */
export type ArrayLimits = ReadonlyMap<string, number>;

/** The length allowed for an array whose schema gives no maximum. */
export const DEFAULT_ARRAY_LIMIT = 100;

interface ZodInternals {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, z.ZodType>;
      element?: z.ZodType;
      innerType?: z.ZodType;
      in?: z.ZodType;
      out?: z.ZodType;
      options?: z.ZodType[];
      left?: z.ZodType;
      right?: z.ZodType;
      checks?: { _zod: { def: { check: string; maximum?: number } } }[];
      getter?: () => z.ZodType;
    };
  };
}

function maxLength(schema: ZodInternals): number {
  const max = schema._zod.def.checks?.find((check) => check._zod.def.check === "max_length")?._zod.def.maximum;
  return max ?? DEFAULT_ARRAY_LIMIT;
}

function walk(schema: z.ZodType | undefined, path: string, limits: Map<string, number>, depth: number): void {
  if (!schema || depth > 20) return;
  const { def } = (schema as unknown as ZodInternals)._zod;
  switch (def.type) {
    case "object":
      for (const [key, child] of Object.entries(def.shape ?? {})) walk(child, path ? `${path}.${key}` : key, limits, depth + 1);
      return;
    case "array":
      limits.set(path, Math.max(limits.get(path) ?? 0, maxLength(schema as unknown as ZodInternals)));
      walk(def.element, `${path}[]`, limits, depth + 1);
      return;
    case "pipe":
      walk(def.in, path, limits, depth + 1);
      walk(def.out, path, limits, depth + 1);
      return;
    case "union":
      for (const option of def.options ?? []) walk(option, path, limits, depth + 1);
      return;
    case "intersection":
      walk(def.left, path, limits, depth + 1);
      walk(def.right, path, limits, depth + 1);
      return;
    case "lazy":
      walk(def.getter?.(), path, limits, depth + 1);
      return;
    default:
      // optional, nullable, default, catch, readonly, prefault … wrap one inner schema.
      walk(def.innerType, path, limits, depth + 1);
  }
}

export function arrayLimitsOf(schemas: readonly z.ZodType[]): ArrayLimits {
  const limits = new Map<string, number>();
  for (const schema of schemas) walk(schema, "", limits, 0);
  return limits;
}

/** The longest field name the reader accepts. */
const MAX_NAME_LENGTH = 200;
const SEGMENT = /\[(\d*)\]|\.?([^.[\]]+)/g;

/**
 * Why a field name is refused, or null: too long, or an array index the schemas do not allow (on an array
 * they do not have, or at or past its maximum).
 */
export function fieldNameProblem(name: string, limits: ArrayLimits): string | null {
  if (name.length > MAX_NAME_LENGTH) return "The form has a field name that is too long.";
  if (!name.includes("[")) return null;
  let path = "";
  for (const match of name.matchAll(SEGMENT)) {
    const [, index, key] = match;
    if (key !== undefined) {
      path = path ? `${path}.${key}` : key;
      continue;
    }
    const limit = limits.get(path);
    if (limit === undefined || index === "" || Number(index) >= limit) {
      return `The form has more entries than it allows (${name}).`;
    }
    path = `${path}[]`;
  }
  return null;
}
