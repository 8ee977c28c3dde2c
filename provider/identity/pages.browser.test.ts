/**
 * The provider's pages in a real browser (the system Chromium, skipped where there is none): accessible
 * (axe), working with JavaScript off and on, and never tripping the Content-Security-Policy.
 */
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser as Chromium, type BrowserContext, type Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_AUDIENCE } from "../../core/shared/contract.js";
import { authorizeUrl, PASSWORD, pkce, seedWorld, startHarness, USERS, type Harness } from "./testing/harness.js";

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const available = existsSync(executablePath);

let h: Harness;
let chromiumBrowser: Chromium;
/** Stands in for the web app: the redirect URI and the post-logout page. */
let app: Server;
let appUrl: string;

beforeAll(async () => {
  if (!available) return;
  app = createServer((_request, response) => {
    response.setHeader("content-type", "text/html");
    response.end('<!DOCTYPE html><html lang="en"><title>App</title><main><h1>App</h1></main></html>');
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  const address = app.address();
  appUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  h = await startHarness({ appUrl });
  await seedWorld(h.db);
  chromiumBrowser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
});
afterAll(async () => {
  await chromiumBrowser?.close();
  await h?.close();
  app?.close();
});

interface Tab {
  context: BrowserContext;
  page: Page;
  /** Console messages about the Content-Security-Policy. */
  cspViolations: string[];
}

async function openTab(javaScriptEnabled: boolean): Promise<Tab> {
  const context = await chromiumBrowser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const cspViolations: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
  });
  return { context, page, cspViolations };
}

/** axe runs as a script in the page: the same pages are checked in the run with JavaScript on. */
async function expectAccessible(page: Page) {
  // @axe-core/playwright is typed against a newer playwright-core than the installed playwright.
  const results = await new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]["page"] }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

async function startDevice() {
  const response = await fetch(`${h.baseUrl}/oidc/device/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: "convey-cli", scope: "openid offline_access", resource: API_AUDIENCE }).toString(),
  });
  return (await response.json()) as { user_code: string; verification_uri: string; verification_uri_complete: string };
}

describe.skipIf(!available)("the provider's pages in Chromium", () => {
  for (const javaScriptEnabled of [false, true]) {
    it(`log in and log out (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const { context, page, cspViolations } = await openTab(javaScriptEnabled);
      const check = javaScriptEnabled ? expectAccessible : async () => {};
      await page.goto(authorizeUrl(h.baseUrl, pkce().challenge, { redirect_uri: `${appUrl}/authorize` }));
      await page.getByRole("heading", { name: "Log in" }).waitFor();
      await check(page);

      await page.getByLabel(/email/i).fill(USERS.viewer.email);
      await page.getByLabel(/password/i).fill("wrong-password");
      await page.getByRole("button", { name: "Log in" }).click();
      await page.getByText("Incorrect email address or password").waitFor();
      expect(await page.getByLabel(/email/i).inputValue()).toBe(USERS.viewer.email);
      await check(page);

      await page.getByLabel(/password/i).fill(PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL((url) => url.href.startsWith(`${appUrl}/authorize?code=`));

      const params = new URLSearchParams({ client_id: "convey-web", post_logout_redirect_uri: `${appUrl}/` });
      await page.goto(`${h.baseUrl}/oidc/session/end?${params}`, { waitUntil: "commit" });
      // With JavaScript the external script submits the form at once; without, the person presses the button.
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Log out" }).click();
      await page.waitForURL(`${appUrl}/`);
      expect(cspViolations).toEqual([]);
      await context.close();
    });
  }

  it("the logout page is accessible", async () => {
    const { context, page } = await openTab(true);
    await page.route(/\/oidc\/assets\/logout\.js$/, (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
    await page.goto(authorizeUrl(h.baseUrl, pkce().challenge, { redirect_uri: `${appUrl}/authorize` }));
    await page.getByLabel(/email/i).fill(USERS.viewer.email);
    await page.getByLabel(/password/i).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.href.startsWith(appUrl));
    await page.goto(`${h.baseUrl}/oidc/session/end?client_id=convey-web`);
    await page.getByRole("heading", { name: "Log out" }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it("the device pages, with the auto-submitted link (its script allowed by hash) and the code check", async () => {
    const { context, page, cspViolations } = await openTab(true);
    const device = await startDevice();
    await page.goto(device.verification_uri);
    await expectAccessible(page);

    await page.goto(device.verification_uri_complete);
    await page.getByRole("heading", { name: "Check the code" }).waitFor();
    expect(await page.getByRole("textbox").inputValue()).toBe(device.user_code);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByRole("heading", { name: "Log in" }).waitFor();
    await page.getByLabel(/email/i).fill(USERS.viewer.email);
    await page.getByLabel(/password/i).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("heading", { name: "You are logged in" }).waitFor();
    await expectAccessible(page);
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it("the error and expired pages", async () => {
    const { context, page } = await openTab(true);
    await page.goto(`${h.baseUrl}/oidc/auth?client_id=unknown-client&response_type=code`);
    await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
    await expectAccessible(page);
    await page.goto(`${h.baseUrl}/oidc/interaction/expired-one`);
    await page.getByRole("heading", { name: "Your login has expired" }).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
