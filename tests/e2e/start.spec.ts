/**
 * `npm start` as a new user runs it (issue 2, acceptance 1): the app on http://localhost:3000 and the provider
 * on http://localhost:4000, on the embedded database, the demo world seeded on first start, and nothing on
 * either process's output that reads as a warning. (The rest of the suite runs against its own instance on
 * other ports; this one uses a data folder of its own and the build the suite already made.)
 */
import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { submitLogin, USERS } from "./support";

const APP = "http://localhost:3000";
const PROVIDER = "http://localhost:4000";

async function waitFor(url: string, output: () => string) {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await delay(500);
  }
  throw new Error(`${url} did not answer in 120 seconds:\n${output()}`);
}

test("npm start serves the app on :3000 and the provider on :4000 with the demo world, and warns of nothing", async ({ page }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), "convey-start-"));
  const environment: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SKIP_BUILD: "1" };
  for (const name of ["PORT", "PROVIDER_PORT", "APP_URL", "PROVIDER_URL", "DATABASE_URL", "CONVEY_ENV", "LOG_LEVEL", "NODE_ENV"]) {
    delete environment[name];
  }
  const child = spawn("npm", ["start", "--silent"], { env: environment, detached: true });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  try {
    await waitFor(`${PROVIDER}/health`, () => stderr);
    await waitFor(`${APP}/user/blocked`, () => stderr);

    const openapi = await (await fetch(`${PROVIDER}/api/docs/openapi.json`)).json();
    expect(openapi.openapi).toMatch(/^3\./);

    await page.goto(`${APP}/workspaces`);
    await submitLogin(page, USERS.lender.email);
    await expect(page).toHaveURL(`${APP}/workspaces`);
    await expect(page.getByRole("banner")).toContainText("Northgate Bank");
    await expect(page.getByRole("table")).toBeVisible();

    // Node's own warnings and oidc-provider's start on stderr; the provider's structured logs (stdout) carry
    // a level, 40 and above being warnings and errors.
    const warnings = [
      ...stderr.split("\n").filter((line) => /warn|deprecat|unsupported/i.test(line)),
      ...stdout.split("\n").filter((line) => /"level":\s*([4-9]\d)/.test(line)),
    ];
    expect(warnings).toEqual([]);
  } finally {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
