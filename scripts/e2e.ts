/**
 * `npm run test:e2e`: the browser suite in shards that run at once, each against a product of its own (its
 * own ports and data folder, started by playwright.config.ts's webServer). The spec files are dealt out by
 * size, largest first, each to the shard with the fewest bytes so far, so the shards take about as long (the
 * long journeys live in the large specs; Playwright's own `--shard` counts tests and would put every workspace
 * tab's spec in the last shard). Each shard runs its files one at a time, as the one-worker config expects
 * (specs share their product's demo world and feature flags). E2E_SHARDS sets the count (default 2).
 * Arguments are passed to one `playwright test` run, unsharded (`npm run test:e2e -- tests/e2e/login.spec.ts`).
 */
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { createInterface } from "node:readline";
import { e2ePorts } from "../tests/e2e/ports.js";

const SPEC_DIR = "tests/e2e";
const extraArgs = process.argv.slice(2);
const shardCount = extraArgs.length ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
const { app: appPort, provider: providerPort } = e2ePorts();

/** The spec files of each shard: largest first to the lightest shard. */
function dealSpecs(count: number): string[][] {
  const specs = readdirSync(SPEC_DIR)
    .filter((name) => name.endsWith(".spec.ts"))
    .map((name) => ({ path: `${SPEC_DIR}/${name}`, size: statSync(`${SPEC_DIR}/${name}`).size }))
    .sort((a, b) => b.size - a.size || a.path.localeCompare(b.path));
  const shards = Array.from({ length: count }, () => ({ paths: [] as string[], size: 0 }));
  for (const spec of specs) {
    const lightest = shards.reduce((min, shard) => (shard.size < min.size ? shard : min));
    lightest.paths.push(spec.path);
    lightest.size += spec.size;
  }
  return shards.map((shard) => shard.paths.sort());
}

function runShard(index: number, args: string[]): Promise<number> {
  const prefix = shardCount > 1 ? `[${index}/${shardCount}] ` : "";
  const env: NodeJS.ProcessEnv = { ...process.env, E2E_APP_PORT: String(appPort + index - 1), E2E_PROVIDER_PORT: String(providerPort + index - 1) };
  // Without E2E_DATA_DIR each config names a fresh folder of its own (it holds the app's port).
  if (process.env.E2E_DATA_DIR && shardCount > 1) env.E2E_DATA_DIR = `${process.env.E2E_DATA_DIR}-${index}`;
  const child = spawn("npx", ["playwright", "test", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  // Whole lines, each marked with its shard, so the reports can be read apart.
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream }).on("line", (line) => out.write(`${prefix}${line}\n`));
  }
  // A child that ends without a code was killed by a signal.
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

// Playwright reads each argument as a pattern of file paths; these are whole paths, so each matches its one spec.
const shardArgs = shardCount > 1 ? dealSpecs(shardCount) : [extraArgs];
const codes = await Promise.all(shardArgs.map((args, i) => runShard(i + 1, args)));
const failed = codes.flatMap((code, i) => (code === 0 ? [] : [i + 1]));
if (failed.length) console.error(`Browser tests failed in shard ${failed.join(", ")} of ${shardCount}.`);
process.exit(failed.length ? 1 : 0);
