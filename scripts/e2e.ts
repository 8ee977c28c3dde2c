/**
 * `npm run test:e2e`: the browser suite in shards that run at once, each against a product of its own (its
 * own ports and data folder, started by playwright.config.ts's webServer). Playwright's `--shard` splits the
 * spec files between them (by their count of tests, in the files' order); each shard runs its files one at a
 * time, as the one-worker config expects (specs share their product's demo world and feature flags).
 * E2E_SHARDS sets the count (default 2). Arguments are passed to one `playwright test` run, unsharded
 * (`npm run test:e2e -- tests/e2e/login.spec.ts`).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";

const extraArgs = process.argv.slice(2);
const shardCount = extraArgs.length ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
const appPort = Number(process.env.E2E_APP_PORT ?? 3100);
const providerPort = Number(process.env.E2E_PROVIDER_PORT ?? 4100);
const started = Date.now();

function runShard(index: number, shards: number): Promise<number> {
  const prefix = shards > 1 ? `[${index}/${shards}] ` : "";
  const args = ["playwright", "test", ...(shards > 1 ? [`--shard=${index}/${shards}`] : extraArgs)];
  const child = spawn("npx", args, {
    env: {
      ...process.env,
      E2E_APP_PORT: String(appPort + index - 1),
      E2E_PROVIDER_PORT: String(providerPort + index - 1),
      E2E_DATA_DIR: process.env.E2E_DATA_DIR ? `${process.env.E2E_DATA_DIR}-${index}` : join(process.cwd(), ".tmp", `e2e-${started}-${index}`),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Whole lines, each marked with its shard, so the two reports can be read apart.
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream }).on("line", (line) => out.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(Array.from({ length: shardCount }, (_, i) => runShard(i + 1, shardCount)));
const failed = codes.flatMap((code, i) => (code === 0 ? [] : [i + 1]));
if (failed.length) console.error(`Browser tests failed in shard ${failed.join(", ")} of ${shardCount}.`);
process.exit(failed.length ? 1 : 0);
