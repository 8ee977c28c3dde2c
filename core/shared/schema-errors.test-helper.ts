/** A schema's messages by field path (the first message of each), as the forms show them: for the schemas' tests. */
export type Safe = { safeParse(input: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string; path: PropertyKey[] }[] } } };
export const errors = (schema: Safe, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byPath: Record<string, string> = {};
  for (const issue of result.error!.issues) {
    const key = issue.path.join(".");
    byPath[key] ??= issue.message;
  }
  return byPath;
};
