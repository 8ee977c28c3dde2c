/** Vitest global set-up: builds the command line once, as `npm install` does, for the tests that run `bin/convey.js`. */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

export default function buildCli(): void {
  execFileSync(process.execPath, ["--import", "tsx", "scripts/build-cli.ts"], { cwd: resolve(import.meta.dirname, "../.."), stdio: "inherit" });
}
