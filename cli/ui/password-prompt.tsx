import { Box, Text, render, useInput } from "ink";
import { useState } from "react";
import type { Io } from "../io.js";
import { canPrompt, colorEnabled } from "../io.js";
import { ThemeProvider, Tone } from "./theme.js";

export interface PasswordPromptProps {
  label: string;
  /** Shown under the question, e.g. "Leave it empty to keep the current password". */
  hint?: string;
  onAnswer(password: string | null): void;
}

/**
 * Asks for a password without echoing it: nothing of what is typed is drawn, not even its length.
 * Enter answers, Backspace deletes, Escape and Ctrl+C cancel (null).
 */
export function PasswordPrompt({ label, hint, onAnswer }: PasswordPromptProps) {
  const [value, setValue] = useState("");
  const [state, setState] = useState<"asking" | "answered" | "cancelled">("asking");

  useInput(
    (input, key) => {
      if (key.escape || (key.ctrl && input === "c")) {
        setState("cancelled");
        onAnswer(null);
      } else if (key.return) {
        setState("answered");
        onAnswer(value);
      } else if (key.backspace || key.delete) {
        setValue((current) => current.slice(0, -1));
      } else if (!key.ctrl && !key.meta && input) {
        setValue((current) => current + input);
      }
    },
    { isActive: state === "asking" },
  );

  return (
    <Box flexDirection="column">
      <Text>
        <Tone tone="strong">{label}:</Tone>
        {state === "asking" ? " " : state === "answered" ? " (entered)" : " (cancelled)"}
      </Text>
      {hint && state === "asking" ? <Tone tone="muted">{hint}</Tone> : null}
    </Box>
  );
}

/** Asks on the terminal; the caller must first check canPrompt (and otherwise ask for --password-stdin). */
export function askPassword(io: Io, props: Omit<PasswordPromptProps, "onAnswer">): Promise<string | null> {
  if (!canPrompt(io)) throw new Error("askPassword() needs a terminal: check canPrompt(io) first");
  return new Promise((resolve) => {
    const instance = render(
      <ThemeProvider color={colorEnabled(io)}>
        <PasswordPrompt
          {...props}
          onAnswer={(password) => {
            setImmediate(() => {
              const exited = instance.waitUntilExit();
              instance.unmount();
              void exited.then(() => {
                instance.cleanup();
                resolve(password);
              });
            });
          }}
        />
      </ThemeProvider>,
      {
        stdout: io.stderr as NodeJS.WriteStream,
        stderr: io.stderr as NodeJS.WriteStream,
        stdin: io.stdin as NodeJS.ReadStream,
        exitOnCtrlC: false,
        patchConsole: false,
      },
    );
  });
}
