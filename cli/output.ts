/**
 * Output that needs no view: the JSON result on stdout (exactly `JSON.stringify(result, null, 2)` and a
 * newline, nothing else) and one-line messages on stderr. Ink is loaded only by views (cli/ui).
 */
import { styleText } from "node:util";
import { colorEnabled, type Io } from "./io.js";

export function printJson(io: Io, result: unknown): void {
  io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

export function printError(io: Io, message: string): void {
  const mark = colorEnabled(io) ? styleText("red", "✖") : "✖";
  io.stderr.write(`${mark} ${message}\n`);
}

export function printNote(io: Io, message: string): void {
  io.stderr.write(`${message}\n`);
}
