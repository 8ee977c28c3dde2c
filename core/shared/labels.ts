/** Display labels for enumeration values. */

/** Sentence case of an enumeration value: `FUNDS_AUTHORISED` → `Funds authorised`. */
export function sentenceCase(value: string): string {
  const words = value.toLowerCase().split("_").join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label of a value from a table, falling back to sentence case for values the table lacks. */
export function labelOf<T extends string>(labels: Partial<Record<T, string>>, value: T | string): string {
  return (labels as Record<string, string | undefined>)[value] ?? sentenceCase(value);
}

/** Labels for every value of a tuple, by sentence case, with exceptions. */
export function labelsFor<const T extends readonly string[]>(
  values: T,
  exceptions: Partial<Record<T[number], string>> = {},
): Readonly<Record<T[number], string>> {
  const labels = {} as Record<T[number], string>;
  for (const value of values as readonly T[number][]) labels[value] = exceptions[value] ?? sentenceCase(value);
  return labels;
}
