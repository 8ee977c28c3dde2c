import { PassThrough } from "node:stream";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import type { Io } from "../io.js";
import { buildProgram } from "../main.js";
import { commandPath, EXAMPLES } from "./examples.js";

function helpOf(command: Command): string {
  let text = "";
  command.configureOutput({ writeOut: (chunk) => void (text += chunk), writeErr: () => {} });
  command.outputHelp();
  return text;
}

describe("every command's help", () => {
  const io: Io = { stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough(), env: {}, homeDir: "/x", now: () => 0, sleep: async () => {} };
  const program = buildProgram(io);
  const runnable: Command[] = [];
  const visit = (command: Command) => {
    if (command.commands.length === 0) runnable.push(command);
    command.commands.forEach(visit);
  };
  visit(program);

  it.each(runnable.map((command) => [commandPath(command), command] as const))("convey %s --help ends with examples", (path, command) => {
    const help = helpOf(command);
    expect(help).toContain("\nExamples:\n  $ convey");
    expect(EXAMPLES[path]!.length).toBeGreaterThan(0);
  });

  it("names no command that does not exist", () => {
    const paths = new Set(["", ...runnable.map(commandPath)]);
    expect(Object.keys(EXAMPLES).filter((path) => !paths.has(path))).toEqual([]);
  });
});
