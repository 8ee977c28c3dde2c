/**
 * `npm start`: builds the app, then starts the provider (API, identity provider, embedded database, demo
 * world on first start) and the app, and stops both together.
 *
 * Environment: PORT (app, 3000), PROVIDER_PORT (4000), DATA_DIR (./data), DATABASE_URL (PostgreSQL instead of
 * the embedded database), SKIP_BUILD=1 to serve an existing build.
 *
 * The app server's output (its request log and its warnings) also goes to DATA_DIR/logs/app.log, replaced at
 * each start, so that a run can be looked into afterwards (and searched for secrets by the browser tests).
 * The provider logs JSON lines to stdout on its own; it is not copied, because the first start prints the
 * demo script clients' secrets there for the person starting it, and they belong on no disk.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { join, resolve } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { appServerArgs } from "./app-server.js";
import { loadDevSecrets, resolveDataDir } from "./dev-secrets.js";
import { privateFile, privateFolder } from "./private-folder.js";

const appPort = process.env.PORT ?? "3000";
const providerPort = process.env.PROVIDER_PORT ?? "4000";
const providerUrl = process.env.PROVIDER_URL ?? `http://localhost:${providerPort}`;
const appUrl = process.env.APP_URL ?? `http://localhost:${appPort}`;
const dataDir = privateFolder(resolveDataDir());

const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: appPort,
  PROVIDER_PORT: providerPort,
  PROVIDER_URL: providerUrl,
  APP_URL: appUrl,
  DATA_DIR: dataDir,
  CONVEY_ENV: process.env.CONVEY_ENV ?? "local",
};

if (env.CONVEY_ENV !== "production") {
  // Both processes must share the same generated secrets: write them once before either starts.
  loadDevSecrets(dataDir);
}

if (process.env.SKIP_BUILD !== "1") {
  const build = spawnSync(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "build"], {
    stdio: "inherit",
    // The classic compiler loads Vite's CJS entry only to print a deprecation notice about it.
    env: { ...env, VITE_CJS_IGNORE_WARNING: "true" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children: ChildProcess[] = [];
let stopping = false;

function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((child) => new Promise((resolve) => child.once("exit", resolve)))).then(() =>
    process.exit(code),
  );
}

function run(name: string, command: string, args: string[], extraEnv: Record<string, string> = {}, logFile?: string) {
  const child = spawn(command, args, { stdio: logFile ? ["inherit", "pipe", "pipe"] : "inherit", env: { ...env, ...extraEnv } });
  if (logFile) {
    privateFolder(join(dataDir, "logs"));
    const log = createWriteStream(logFile, { flags: "w", mode: 0o600 });
    // An existing file keeps its mode when truncated: made private again once it is open.
    log.once("open", () => privateFile(logFile));
    child.stdout?.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      log.write(chunk);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      log.write(chunk);
    });
    child.once("exit", () => log.end());
  }
  child.once("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} stopped (${signal ?? `exit ${code}`}); stopping everything.`);
      stopAll(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

run("provider", process.execPath, ["--import", "tsx", "provider/platform/main.ts"], {
  NODE_ENV: process.env.NODE_ENV ?? "development",
});

async function waitForProvider() {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (stopping) return false;
    try {
      const response = await fetch(`http://127.0.0.1:${providerPort}/health`);
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await delay(250);
  }
  return false;
}

if (!(await waitForProvider())) {
  console.error("[start] the provider did not become ready in 60 seconds");
  stopAll(1);
} else {
  run("app", process.execPath, appServerArgs(resolve(import.meta.dirname, "..")), { NODE_ENV: "production" }, join(dataDir, "logs", "app.log"));
  console.error(`[start] app: ${appUrl}  provider: ${providerUrl}  (logins are listed in the README)`);
}
