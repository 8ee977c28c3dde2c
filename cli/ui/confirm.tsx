import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { Tone } from "./theme.js";

export interface ConfirmProps {
  question: string;
  explanation: string;
  confirmLabel: string;
  cancelLabel?: string;
  onAnswer(confirmed: boolean): void;
}

/**
 * A yes/no question that starts on the safe answer. Arrow keys or Tab move, Enter chooses; y and n
 * answer at once; Escape and Ctrl+C cancel.
 */
export function Confirm({ question, explanation, confirmLabel, cancelLabel = "No, cancel", onAnswer }: ConfirmProps) {
  const [confirmSelected, setConfirmSelected] = useState(false);
  const [answer, setAnswer] = useState<boolean | null>(null);

  const choose = (confirmed: boolean) => {
    if (answer !== null) return;
    setAnswer(confirmed);
    onAnswer(confirmed);
  };

  useInput(
    (input, key) => {
      if (key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.tab) {
        setConfirmSelected((selected) => !selected);
      } else if (key.return) {
        choose(confirmSelected);
      } else if (input === "y" || input === "Y") {
        choose(true);
      } else if (input === "n" || input === "N" || key.escape || (key.ctrl && input === "c")) {
        choose(false);
      }
    },
    { isActive: answer === null },
  );

  const options: [boolean, string][] = [
    [true, confirmLabel],
    [false, cancelLabel],
  ];
  return (
    <Box flexDirection="column">
      <Tone tone="strong">{question}</Tone>
      <Text>{explanation}</Text>
      {answer === null ? (
        <Box flexDirection="column" marginTop={1}>
          {options.map(([value, label]) => (
            <Text key={label}>
              {value === confirmSelected ? <Tone tone="info">❯ {label}</Tone> : `  ${label}`}
            </Text>
          ))}
        </Box>
      ) : (
        <Tone tone="muted">{answer ? confirmLabel : cancelLabel}</Tone>
      )}
    </Box>
  );
}
