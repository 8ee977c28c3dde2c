/**
 * How the app's server process is started, by `npm start` (scripts/start.ts) and by the benchmark alike:
 * remix-serve behind the origin guard, serving `build/index.js` of its working folder.
 *
 * `--max-semi-space-size=64` lets V8's young generation grow to 64 MB semi-spaces (16 MB by default): a
 * page's render leaves a few hundred kilobytes of short-lived objects, and fewer, larger scavenges cost the
 * app about 8% less CPU per page under load, for up to about 130 MB more memory at peak
 * (docs/decisions/0014-workspace-list-page-cost.md).
 */
import { join } from "node:path";

const APP_NODE_FLAGS = ["--max-semi-space-size=64"];

/** The arguments after `node`, with paths from `root` (the project's folder). */
export function appServerArgs(root: string, extraNodeFlags: readonly string[] = []): string[] {
  return [
    ...APP_NODE_FLAGS,
    ...extraNodeFlags,
    "--import",
    "tsx",
    "--import",
    join(root, "server", "origin-guard.ts"),
    join(root, "node_modules", "@remix-run", "serve", "dist", "cli.js"),
    "build/index.js",
  ];
}
