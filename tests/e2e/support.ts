import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { e2ePorts } from "./ports";

export const DEMO_PASSWORD = "Conveyancing-Demo-1";
export const APP_URL = `http://localhost:${e2ePorts().app}`;
export const PROVIDER_URL = `http://localhost:${e2ePorts().provider}`;
/** The data folder of the product under test (set by playwright.config.ts before the workers start). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR!;
/** The app server's log, kept in the data folder (scripts/start.ts). */
export const APP_LOG_FILE = `${E2E_DATA_DIR}/logs/app.log`;

export const USERS = {
  helpdesk: { email: "helpdesk@provider.example", name: "Helen Desk" },
  manager: { email: "manager@harpervale.example", name: "Morgan Harper" },
  lender: { email: "lender@northgate.example", name: "Lena North" },
  viewer: { email: "viewer@keystone.example", name: "Victor Stone" },
  suspended: { email: "suspended@harpervale.example", name: "Sam Pended" },
  pending: { email: "pending@keystone.example", name: "Penny Ding" },
  creator: { email: "creator@ashdown.example", name: "Rhys Ashworth" },
  keystoneCreator: { email: "creator@keystone.example", name: "Carla Keane" },
  userManager: { email: "users@keystone.example", name: "Una Manning" },
} as const;

/** Fills the provider's login page (the page must already be showing it). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Logs in through the real login page and waits for the landing page. */
export async function login(page: Page, email: string) {
  await page.goto("/workspaces");
  await submitLogin(page, email);
  await page.waitForURL(/\/workspaces/);
}

/** One scripted twin per browser, reused by every check: a context costs half a second to open. */
const twins = new WeakMap<Browser, Promise<Page>>();

function twinOf(browser: Browser): Promise<Page> {
  let twin = twins.get(browser);
  if (!twin) {
    twin = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true });
      const page = await context.newPage();
      await page.route(/\.m?js(\?|$)/, (route) => route.abort());
      return page;
    })();
    twins.set(browser, twin);
  }
  return twin;
}

/**
 * Runs axe on what the page shows. With JavaScript turned off axe cannot run in that page, so the same
 * markup is checked in a scripted twin that loads the page's styles but none of its scripts.
 */
export async function expectNoAxeViolations(page: Page, javaScriptEnabled = true) {
  let target = page;
  if (!javaScriptEnabled) {
    target = await twinOf(page.context().browser()!);
    const html = (await page.content()).replace(/<head([^>]*)>/i, `<head$1><base href="${page.url()}">`);
    await target.setContent(html, { waitUntil: "load" });
  }
  // Colours caught mid-transition would be judged as they look for a fraction of a second.
  await target.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"),
  );
  const results = await new AxeBuilder({ page: target }).analyze();
  const violations = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(violations).toEqual([]);
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real `convey` binary with its own config folder. */
export function runCli(
  args: string[],
  configDir: string,
  options: { input?: string; env?: NodeJS.ProcessEnv } = {},
) {
  return new Promise<CliResult>((resolve) => {
    const child = spawn(process.execPath, ["bin/convey.js", "--api-url", PROVIDER_URL, ...args], {
      env: { ...process.env, CONVEY_CONFIG_DIR: configDir, NO_COLOR: "1", ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdin.end(options.input ?? "");
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

export function newCliConfigDir() {
  return mkdtempSync(join(tmpdir(), "convey-cli-"));
}

/**
 * `convey login` through the device flow, completed in the browser as `email`: starts the CLI, reads the
 * verification link it prints, enters the code and logs in on the provider's pages, then waits for the CLI.
 */
export async function cliDeviceLogin(page: Page, email: string, configDir: string) {
  const child = spawn(process.execPath, ["bin/convey.js", "--api-url", PROVIDER_URL, "login"], {
    env: { ...process.env, CONVEY_CONFIG_DIR: configDir, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  await expect.poll(() => /https?:\/\/\S+\/oidc\/device\S*/.test(output), { timeout: 20_000 }).toBe(true);
  const link = output.match(/https?:\/\/\S+\/oidc\/device\S*/)![0].replace(/[.,)]+$/, "");
  const code = output.match(/\b([A-Z]{4}-?[A-Z]{4})\b/)?.[1];
  await page.goto(link);
  const codeBox = page.getByRole("textbox").first();
  if (code && (await codeBox.inputValue()) === "") await codeBox.fill(code);
  await page
    .getByRole("button", { name: /continue|confirm|submit/i })
    .first()
    .click();
  await submitLogin(page, email);
  const confirm = page.getByRole("button", { name: /continue|confirm|allow|yes/i });
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  const code_ = await exited;
  expect(code_, output).toBe(0);
}
