/** The lines of an error summary from Conform's `allErrors` (field name → messages). */
export interface ErrorSummaryItem {
  key: string;
  message: string;
  /** `#<field id>` for a field's error; absent for the form's own errors. */
  href?: string;
}

export function errorSummaryItems(formId: string, allErrors: Record<string, string[] | undefined>): ErrorSummaryItem[] {
  const items: ErrorSummaryItem[] = [];
  const seen = new Set<string>();
  for (const [name, messages] of Object.entries(allErrors)) {
    for (const message of messages ?? []) {
      // A blank message only marks its field as in error (the form's own error says why): nothing to list.
      if (message.trim() === "") continue;
      const key = `${name}:${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(name === "" ? { key, message } : { key, message, href: `#${formId}-${name}` });
    }
  }
  // The form's own errors (a provider failure) first.
  return [...items.filter((item) => !item.href), ...items.filter((item) => item.href)];
}
