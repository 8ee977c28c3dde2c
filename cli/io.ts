/**
 * The terminal the CLI talks to, passed in rather than read from `process` so that commands can run
 * in-process in tests. stdout carries results only; everything meant for a person goes to stderr.
 */
import { homedir } from "node:os";
import type { Readable, Writable } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";

export interface OutputStream extends Writable {
  isTTY?: boolean;
  columns?: number;
  rows?: number;
}

export interface InputStream extends Readable {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

export interface Io {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: InputStream;
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
  now(): number;
  sleep(ms: number): Promise<void>;
}

export function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    homeDir: homedir(),
    now: () => Date.now(),
    sleep: (ms) => delay(ms),
  };
}

/** Colour only when results go to a terminal and the person has not asked for none (no-color.org). */
export function colorEnabled(io: Io): boolean {
  const noColor = io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== "";
  return Boolean(io.stdout.isTTY) && Boolean(io.stderr.isTTY) && !noColor && io.env.TERM !== "dumb";
}

/** Live output (spinners, redrawn frames) only on a terminal, and not in CI logs. */
export function isInteractive(io: Io): boolean {
  return Boolean(io.stderr.isTTY) && !io.env.CI;
}

/** A question can be asked only when a person can both see it and answer it. */
export function canPrompt(io: Io): boolean {
  return Boolean(io.stdin.isTTY) && Boolean(io.stderr.isTTY);
}
