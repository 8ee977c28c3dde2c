import { Text } from "ink";
import Spinner from "ink-spinner";
import { SYMBOLS, Tone } from "./theme.js";

export type TaskState = "running" | "done" | "failed";

/** A step in progress (spinner), then ticked or crossed; shown only on a terminal. */
export function Task({ title, state }: { title: string; state: TaskState }) {
  return (
    <Text>
      {state === "running" ? (
        <Tone tone="info">
          <Spinner type="dots" />
        </Tone>
      ) : state === "done" ? (
        <Tone tone="success">{SYMBOLS.success}</Tone>
      ) : (
        <Tone tone="error">{SYMBOLS.error}</Tone>
      )}{" "}
      {title}
    </Text>
  );
}
