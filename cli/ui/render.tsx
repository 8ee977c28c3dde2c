/**
 * How views reach the terminal. Results (a list, a shown record, an import report) go to stdout, so that
 * `convey users list | grep …` works; messages, progress and prompts go to stderr. On a terminal, views render live (spinners, prompts); elsewhere each view is printed once as plain
 * lines, without cursor movement or colour codes, so that logs stay readable.
 */
import { render, type Instance } from "ink";
import { PassThrough, Writable } from "node:stream";
import type { ReactElement } from "react";
import { canPrompt, colorEnabled, isInteractive, type Io } from "../io.js";
import { Confirm, type ConfirmProps } from "./confirm.js";
import { Task } from "./task.js";
import { ThemeProvider } from "./theme.js";

/** Renders a view to text once, as Ink would draw its final frame. */
export function renderToString(node: ReactElement, options: { columns?: number; color?: boolean } = {}): string {
  const sink = new FrameSink(options.columns ?? 100);
  const stdin = Object.assign(new PassThrough(), { isTTY: false });
  const instance = render(<ThemeProvider color={options.color ?? false}>{node}</ThemeProvider>, {
    stdout: sink as unknown as NodeJS.WriteStream,
    stderr: sink as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  instance.unmount();
  instance.cleanup();
  return sink.lastFrame;
}

/** Prints a result on stdout, once (colour only when stdout is a terminal that may have it). */
export function printResult(io: Io, node: ReactElement): void {
  const text = renderToString(node, { columns: io.stdout.columns || 200, color: colorEnabled(io) });
  if (text) io.stdout.write(`${text}\n`);
}

/** Prints a message on stderr, once. */
export function printView(io: Io, node: ReactElement): void {
  const text = renderToString(node, { columns: io.stderr.columns || 200, color: colorEnabled(io) });
  if (text) io.stderr.write(`${text}\n`);
}

export interface LiveView {
  update(node: ReactElement): void;
  /** Draws the last frame (the given one, or the current one) and stops. */
  finish(node?: ReactElement): Promise<void>;
}

/** A view that redraws in place; undefined when stderr is not a terminal (print a static view instead). */
export function liveView(io: Io, node: ReactElement): LiveView | undefined {
  if (!isInteractive(io)) return undefined;
  const color = colorEnabled(io);
  const themed = (element: ReactElement) => <ThemeProvider color={color}>{element}</ThemeProvider>;
  const instance = render(themed(node), inkOptions(io));
  return {
    update: (next) => instance.rerender(themed(next)),
    finish: async (last) => {
      if (last) instance.rerender(themed(last));
      await stop(instance);
    },
  };
}

/** Runs `work` under a spinner on a terminal (ticked or crossed at the end); silently elsewhere. */
export async function withTask<T>(io: Io, title: string, work: () => Promise<T>): Promise<T> {
  const view = liveView(io, <Task title={title} state="running" />);
  if (!view) return work();
  try {
    const result = await work();
    await view.finish(<Task title={title} state="done" />);
    return result;
  } catch (error) {
    await view.finish(<Task title={title} state="failed" />);
    throw error;
  }
}

/** Asks a yes/no question; the caller must first check canPrompt (and otherwise ask for an option). */
export function confirm(io: Io, props: Omit<ConfirmProps, "onAnswer">): Promise<boolean> {
  if (!canPrompt(io)) throw new Error("confirm() needs a terminal: check canPrompt(io) first");
  const color = colorEnabled(io);
  return new Promise((resolve) => {
    const instance = render(
      <ThemeProvider color={color}>
        <Confirm
          {...props}
          onAnswer={(confirmed) => {
            // Let the answered frame draw, then hand the terminal back.
            setImmediate(() => void stop(instance).then(() => resolve(confirmed)));
          }}
        />
      </ThemeProvider>,
      inkOptions(io),
    );
  });
}

function inkOptions(io: Io) {
  return {
    stdout: io.stderr as NodeJS.WriteStream,
    stderr: io.stderr as NodeJS.WriteStream,
    stdin: io.stdin as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
  };
}

async function stop(instance: Instance): Promise<void> {
  const exited = instance.waitUntilExit();
  instance.unmount();
  await exited;
  instance.cleanup();
}

class FrameSink extends Writable {
  lastFrame = "";
  constructor(readonly columns: number) {
    super();
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.lastFrame = chunk.toString();
    done();
  }
}
