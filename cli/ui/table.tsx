import { Box, Text } from "ink";
import { Tone } from "./theme.js";

import type { Column } from "./columns.js";

export type { Column } from "./columns.js";

const GAP = 2;

/** Column widths: the longest value or header, capped by `max`. */
export function columnWidths<T>(columns: readonly Column<T>[], rows: readonly T[]): number[] {
  return columns.map((column) => {
    const longest = Math.max(column.header.length, ...rows.map((row) => column.value(row).length));
    return Math.min(longest, column.max ?? Number.POSITIVE_INFINITY);
  });
}

/** A plain table: a quiet header line, then one line per row, columns two spaces apart. */
export function Table<T>({ columns, rows, rowKey }: { columns: readonly Column<T>[]; rows: readonly T[]; rowKey(row: T): string }) {
  const widths = columnWidths(columns, rows);
  const cell = (text: string, index: number, last: boolean) => (
    <Box key={index} width={last ? undefined : widths[index]! + GAP} flexShrink={0}>
      <Text wrap="truncate-end">{text}</Text>
    </Box>
  );
  return (
    <Box flexDirection="column">
      <Box>
        {columns.map((column, index) => (
          <Box key={column.header} width={index === columns.length - 1 ? undefined : widths[index]! + GAP} flexShrink={0}>
            <Tone tone="muted">{column.header}</Tone>
          </Box>
        ))}
      </Box>
      {rows.map((row) => (
        <Box key={rowKey(row)}>{columns.map((column, index) => cell(column.value(row), index, index === columns.length - 1))}</Box>
      ))}
    </Box>
  );
}

/** Label and value pairs, labels in a column of their own. */
export function Details({ rows, labelWidth = 16 }: { rows: readonly [string, string][]; labelWidth?: number }) {
  return (
    <Box flexDirection="column">
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Box width={labelWidth} flexShrink={0}>
            <Tone tone="muted">{label}</Tone>
          </Box>
          <Text>{value}</Text>
        </Box>
      ))}
    </Box>
  );
}
