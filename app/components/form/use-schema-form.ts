/**
 * `useSchemaForm(schema, { id, lastResult })`: Conform's useForm with the product's settings, so that every
 * form validates the same way — the SAME core zod schema in the browser (onValidate) as in the action
 * (parseWithZod), first on blur, then on every input once a field has been checked.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

export interface SchemaFormOptions<Input> {
  /** The form's id: also the prefix of every field id (`${id}-${name}`), which the error summary links to. */
  id: string;
  /** The action's `submission.reply()` (from useActionData), so server errors and the user's input come back. */
  lastResult?: SubmissionResult<string[]> | null;
  /** Initial values (e.g. from the loader when editing). */
  defaultValue?: Partial<Input> | Record<string, unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useSchemaForm<S extends z.ZodType<any, Record<string, any>>>(schema: S, options: SchemaFormOptions<z.input<S>>) {
  return useForm<z.input<S>, z.output<S>>({
    id: options.id,
    lastResult: options.lastResult ?? undefined,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    defaultValue: options.defaultValue as any,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
