import { defineConfig } from "@playwright/test";
import { join } from "node:path";
import { e2ePorts } from "./tests/e2e/ports";

const { app: appPort, provider: providerPort } = e2ePorts();
// A fresh data folder per run (the demo world is seeded on the product's first start), named with the app's
// port too, so products started at the same moment by scripts/e2e.ts's shards never share one.
const dataDir = process.env.E2E_DATA_DIR ?? join(process.cwd(), ".tmp", `e2e-${Date.now()}-${appPort}`);
process.env.E2E_DATA_DIR = dataDir;

export const E2E = {
  appUrl: `http://localhost:${appPort}`,
  providerUrl: `http://localhost:${providerPort}`,
  dataDir,
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Journeys walk many pages with an axe check on each, twice (JavaScript on and off).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E.appUrl,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "off",
  },
  webServer: {
    command: "node --import tsx scripts/start.ts",
    // A public page of the app: ready once both the provider and the app answer.
    url: `${E2E.appUrl}/user/blocked`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      SKIP_BUILD: "1",
      PORT: String(appPort),
      PROVIDER_PORT: String(providerPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Flags are read again on every page, so a test that turns one on or off at the provider sees it at once.
      FEATURE_FLAG_REFRESH_MS: "0",
      // The bank check's sandbox time-out fixture (08-99-99 / 10000142) never answers: give up after 1 s, not 5.
      COP_TIMEOUT_MS: process.env.E2E_COP_TIMEOUT_MS ?? "1000",
      // The browser suite runs on the embedded database unless E2E_DATABASE_URL names a PostgreSQL one.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
    },
  },
});
