#!/usr/bin/env node
// The `convey` command: runs the TypeScript sources of cli/ through tsx, without a build step.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../cli/main.ts");
await main(process.argv.slice(2));
