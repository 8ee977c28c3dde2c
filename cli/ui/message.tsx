import { Box, Text } from "ink";
import type { Io } from "../io.js";
import { printView } from "./render.js";
import { SYMBOLS, Tone } from "./theme.js";

export type MessageKind = keyof typeof SYMBOLS;

/** One outcome line, e.g. "✔ Jane has been suspended", with optional quieter lines below it. */
export function Message({ kind, text, details = [] }: { kind: MessageKind; text: string; details?: string[] }) {
  return (
    <Box flexDirection="column">
      <Text>
        <Tone tone={kind}>{SYMBOLS[kind]}</Tone> {text}
      </Text>
      {details.map((line) => (
        <Box key={line} marginLeft={2}>
          <Tone tone="muted">{line}</Tone>
        </Box>
      ))}
    </Box>
  );
}

export function printMessage(io: Io, kind: MessageKind, text: string, details?: string[]): void {
  printView(io, <Message kind={kind} text={text} details={details} />);
}
