/**
 * Rows read as JSON (a statement that gathers several lists with `json_agg`) answer each timestamp as text;
 * the driver answers a column outside JSON as a Date. `withDates` makes them Dates again, so a row read either
 * way is the same row to its reader.
 */
export function withDates<T extends object>(row: T, columns: readonly (keyof T)[]): T {
  const revived = { ...row } as Record<string, unknown>;
  for (const column of columns) {
    const value = row[column];
    if (typeof value === "string") revived[column as string] = new Date(value);
  }
  return revived as T;
}
