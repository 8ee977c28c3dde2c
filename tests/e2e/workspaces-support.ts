/**
 * Shared by the workspace browser tests: one login per demo user per test worker (the storage state is
 * reused by every test of every file in the worker), pages as that user with JavaScript on or off, and
 * the demo workspaces' ids (docs/demo-workspaces.md).
 */
import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { FRESH, helpdeskApi, type HelpdeskApi } from "./administration-support";
import { login, USERS } from "./support";

export { DEMO_WORKSPACES };

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
export type DemoUser = keyof typeof USERS;

const states = new Map<DemoUser, Promise<StorageState>>();

/** The logged-in storage state of a demo user: logs in through the real login page once per worker. */
export function storageStateOf(browser: Browser, user: DemoUser): Promise<StorageState> {
  let state = states.get(user);
  if (!state) {
    state = (async () => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await login(page, USERS[user].email);
        return await context.storageState();
      } finally {
        await context.close();
      }
    })();
    states.set(user, state);
    state.catch(() => states.delete(user));
  }
  return state;
}

/** A new page as a logged-in demo user; failing on any console error (React warnings included). */
export async function pageAs(browser: Browser, user: DemoUser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ storageState: await storageStateOf(browser, user), javaScriptEnabled });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  (page as Page & { consoleErrors: string[] }).consoleErrors = errors;
  return page;
}

/** No console errors on the page so far. */
export function expectNoConsoleErrors(page: Page) {
  expect((page as Page & { consoleErrors?: string[] }).consoleErrors ?? []).toEqual([]);
}

export const workspaceHref = (key: keyof typeof DEMO_WORKSPACES) => `/workspaces/${DEMO_WORKSPACES[key].workspaceId}`;

/** The data rows of the workspace table. */
export function tableRows(page: Page): Locator {
  return page.getByRole("table", { name: "Workspaces" }).locator("tbody tr");
}

/** Submits a GET form by its button (JavaScript on or off alike). */
export async function clickAndWaitForUrl(page: Page, target: Locator, url: RegExp) {
  await target.click();
  await page.waitForURL(url);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** dd-MMM-yyyy → a sortable number; 'to be provided' sorts last. */
export function listDateValue(text: string): number {
  const match = /^(\d{2})-([A-Z][a-z]{2})-(\d{4})$/.exec(text.trim());
  if (!match) return Number.POSITIVE_INFINITY;
  return Number(match[3]) * 10_000 + (MONTHS.indexOf(match[2]) + 1) * 100 + Number(match[1]);
}

/** The helpdesk administrator's API caller (through the CLI's device login), for a file's set-up. */
export async function helpdeskApiOf(browser: Browser): Promise<HelpdeskApi> {
  const context = await browser.newContext(FRESH);
  try {
    return await helpdeskApi(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Turns a feature flag on or off through the provider's flag API (the app reads flags on every page in the browser suite). */
export async function setFeatureFlag(api: HelpdeskApi, name: string, enabled: boolean) {
  const { status, json } = await api.call("PUT", `/api/v1/feature-flags/${name}`, { enabled });
  expect(status, JSON.stringify(json)).toBe(200);
  expect((json as { flags: Record<string, boolean> }).flags[name]).toBe(enabled);
}

/** The visible tooltip (role tooltip) a text shows on hover or focus. */
export function visibleTooltip(page: Page): Locator {
  return page.getByRole("tooltip");
}
