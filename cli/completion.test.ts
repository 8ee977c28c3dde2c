import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bashScript, fishScript, zshScript } from "./completion.js";
import type { Io } from "./io.js";
import { buildProgram } from "./main.js";

const io: Io = {
  stdout: new PassThrough(),
  stderr: new PassThrough(),
  stdin: new PassThrough(),
  env: {},
  homeDir: "/nowhere",
  now: () => 0,
  sleep: async () => {},
};
const program = buildProgram(io);
let dir: string;
let script: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "convey-completion-"));
  script = join(dir, "convey.bash");
  await writeFile(script, bashScript(program));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** What bash offers after the words typed (the last one is being completed). */
function complete(...words: string[]): string[] {
  const line = ["convey", ...words].map((word) => `'${word}'`).join(" ");
  const out = execFileSync("bash", ["-c", `source '${script}'; COMP_WORDS=(${line}); COMP_CWORD=${words.length}; _convey; printf '%s\\n' "\${COMPREPLY[@]}"`], {
    encoding: "utf8",
  });
  return out.split("\n").filter(Boolean);
}

describe("convey completion", () => {
  it("completes commands, subcommands and their options in bash, skipping option values", () => {
    expect(complete("us")).toEqual(["users"]);
    expect(complete("users", "sus")).toEqual(["suspend"]);
    expect(complete("--json", "users", "list", "--ou")).toEqual(["--output"]);
    expect(complete("users", "suspend", "--subscriber", "users", "x@y.z", "--all")).toEqual(["--all-subscribers"]);
    expect(complete("auth", "")).toEqual(["status", "--json", "--api-url", "--profile", "--help"]);
    expect(complete("completion", "--h")).toEqual(["--help"]);
  });

  it("gives zsh the same function through bashcompinit, and fish a line per word", () => {
    expect(zshScript(program)).toContain("bashcompinit");
    expect(zshScript(program)).toContain("complete -F _convey convey");
    const fish = fishScript(program);
    expect(fish).toContain(`complete -c convey -n 'test (__convey_path) = '\\'''\\''' -a 'users'`);
    expect(fish).toContain(`complete -c convey -n 'test (__convey_path) = '\\''users suspend'\\''' -l 'all-subscribers'`);
  });
});
