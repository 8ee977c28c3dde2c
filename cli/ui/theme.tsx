/** Colour is a choice made once per run (see colorEnabled); views ask for a tone, never a raw colour. */
import { Text } from "ink";
import { createContext, useContext, type ReactNode } from "react";

const ColorContext = createContext(true);

export function ThemeProvider({ color, children }: { color: boolean; children: ReactNode }) {
  return <ColorContext.Provider value={color}>{children}</ColorContext.Provider>;
}

export type ToneName = "success" | "error" | "warning" | "info" | "muted" | "strong";

const TONES: Record<ToneName, { color?: string; dimColor?: boolean; bold?: boolean }> = {
  success: { color: "green" },
  error: { color: "red" },
  warning: { color: "yellow" },
  info: { color: "cyan" },
  muted: { dimColor: true },
  strong: { bold: true },
};

export function Tone({ tone, children }: { tone: ToneName; children: ReactNode }) {
  const color = useContext(ColorContext);
  return color ? <Text {...TONES[tone]}>{children}</Text> : <Text>{children}</Text>;
}

export const SYMBOLS = { success: "✔", error: "✖", warning: "⚠", info: "ℹ" } as const;
