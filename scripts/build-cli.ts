/**
 * Builds the `convey` command line to JavaScript in build/cli/, so the installed command runs without the
 * TypeScript toolchain, from any folder. ES modules for Node 20; every package stays external (installed
 * beside the project), and the commands' lazily loaded views stay separate chunks, so `convey --help`
 * loads no Ink. Run by `npm run build` and by `npm install` (`prepare`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const root = join(import.meta.dirname, "..");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };

await build({
  absWorkingDir: root,
  entryPoints: { convey: "cli/main.ts" },
  outdir: "build/cli",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  jsx: "automatic",
  // The package declares its modules free of side effects for the app's browser bundle; the CLI's own
  // side-effect imports (the CI mode set-up) must stay.
  ignoreAnnotations: true,
  define: { CONVEY_VERSION: JSON.stringify(version) },
  logLevel: "warning",
});
