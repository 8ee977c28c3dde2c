#!/usr/bin/env node
// The `convey` command: the command line built to JavaScript by `npm run build` (and by `npm install`).
import { existsSync } from "node:fs";
import { URL } from "node:url";

const built = new URL("../build/cli/convey.js", import.meta.url);
if (!existsSync(built)) {
  process.stderr.write("convey is not built: run `npm run build` in the project folder, then try again.\n");
  process.exit(1);
}
const { main } = await import(built.href);
await main(process.argv.slice(2));
