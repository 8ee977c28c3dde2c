/**
 * Shared set-up of the administration browser tests: a helpdesk administrator's API token (through the
 * real CLI's device login), the notification flag that opens /organisation, a dozen extra users at Harper
 * & Vale so the users list has more than one page, and a logged-in storage state per seeded user.
 */
import { expect, request, type Browser, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";
import { UNSAFE_ErrorResponseImpl } from "@remix-run/router";
import { ServerMode } from "@remix-run/server-runtime/dist/mode.js";
import { encodeViaTurboStream } from "@remix-run/server-runtime/dist/single-fetch.js";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { decode } from "turbo-stream";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cliDeviceLogin, login, newCliConfigDir, PROVIDER_URL, runCli } from "./support";

export const SUBSCRIBERS = {
  northgate: { subscriberId: "5b000000-0000-4000-8000-000000000001", name: "Northgate Bank" },
  harperVale: { subscriberId: "5b000000-0000-4000-8000-000000000002", name: "Harper & Vale LLP" },
  keystone: { subscriberId: "5b000000-0000-4000-8000-000000000003", name: "Keystone Conveyancing" },
  ashdown: { subscriberId: "5b000000-0000-4000-8000-000000000004", name: "Ashdown Legal" },
} as const;

export const USER_IDS = {
  lender: "5a000000-0000-4000-8000-000000000003",
  suspended: "5a000000-0000-4000-8000-000000000005",
} as const;

/** Twelve Pending users at Harper & Vale (names of letters only, as the user form requires). */
export const PAGING_USERS = ["Ada", "Ben", "Cara", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jade", "Kit", "Lou"].map((firstName) => ({
  firstName,
  lastName: "Paging",
  email: `${firstName.toLowerCase()}.paging@harpervale.example`,
  roleNames: ["Workspace Viewer"],
}));

export interface HelpdeskApi {
  cliDir: string;
  call(method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; json: unknown }>;
}

/**
 * Logs the helpdesk administrator into the CLI (device flow in `page`) and returns an API caller. Access
 * tokens last five minutes: each call first lets the CLI refresh them (`whoami`), then reads the token.
 */
export function helpdeskApi(page: Page): Promise<HelpdeskApi> {
  return apiAs(page, "helpdesk@provider.example");
}

/** The same for any user (the User Manager's calls act at their own subscriber only). */
export async function apiAs(page: Page, email: string): Promise<HelpdeskApi> {
  const cliDir = newCliConfigDir();
  await cliDeviceLogin(page, email, cliDir);
  const http = await request.newContext({ storageState: { cookies: [], origins: [] } });
  const freshToken = async () => {
    const whoami = await runCli(["--json", "whoami"], cliDir);
    expect(whoami.code, whoami.stderr).toBe(0);
    const credentials = JSON.parse(readFileSync(join(cliDir, "credentials.json"), "utf8"));
    const token: string = credentials.accessToken ?? credentials.tokens?.accessToken;
    expect(token).toBeTruthy();
    return token;
  };
  return {
    cliDir,
    async call(method, path, body, headers = {}) {
      const response = await http.fetch(`${PROVIDER_URL}${path}`, {
        method,
        headers: { authorization: `Bearer ${await freshToken()}`, ...headers },
        data: body,
      });
      return { status: response.status(), json: await response.json().catch(() => null) };
    },
  };
}

/**
 * The notification flag adds /organisation (document 3 section 6). The browser suite's app reads the flags
 * again on every page (FEATURE_FLAG_REFRESH_MS=0 in playwright.config.ts), so the change shows at once.
 */
export async function turnOnOrganisationPage(api: HelpdeskApi) {
  const result = await runCli(["--json", "flags", "set", "notificationEnabled", "on"], api.cliDir);
  expect(result.code, result.stderr).toBe(0);
  expect(JSON.parse(result.stdout).flags.notificationEnabled).toBe(true);
}

/** Puts the flag back at the provider. */
export async function restoreOrganisationFlag(api: HelpdeskApi | undefined) {
  if (!api) return;
  const result = await runCli(["--json", "flags", "set", "notificationEnabled", "off"], api.cliDir);
  expect(result.code, result.stderr).toBe(0);
}

/** Creates the paging users (the bulk call matches by email, so running it again changes nothing). */
export async function addPagingUsers(api: HelpdeskApi) {
  const { status, json } = await api.call("POST", `/api/subscriber/v1/subscribers/${SUBSCRIBERS.harperVale.subscriberId}/subscriber-users/bulk`, {
    rows: PAGING_USERS,
  });
  expect(status, JSON.stringify(json)).toBe(200);
}

/** If-Match with the version a GET of `path` answers now, as a client reads before it writes. */
async function versionNow(api: HelpdeskApi, path: string): Promise<Record<string, string>> {
  const { status, json } = await api.call("GET", path);
  expect(status, JSON.stringify(json)).toBe(200);
  return { "if-match": `"${(json as { version: number }).version}"` };
}

export async function setIpAllowList(api: HelpdeskApi, subscriberId: string, addresses: string[]) {
  const ifMatch = await versionNow(api, `/api/subscriber/v1/subscribers/${subscriberId}/details`);
  const { status, json } = await api.call(
    "PATCH",
    `/api/subscriber/v1/idp-metadata/${subscriberId}/USER_IP_WHITELIST`,
    { type: "USER_IP_WHITELIST", data: { metadata: addresses } },
    ifMatch,
  );
  expect(status, JSON.stringify(json)).toBe(200);
}

export async function setUserStatus(api: HelpdeskApi, subscriberUserId: string, status: "Active" | "Suspended") {
  const ifMatch = await versionNow(api, `/api/subscriber/v1/subscriber-users/${subscriberUserId}`);
  const result = await api.call("PATCH", `/api/subscriber/v1/subscriber-users/${subscriberUserId}`, { status }, ifMatch);
  expect(result.status, JSON.stringify(result.json)).toBe(200);
}

/**
 * Puts Sam Pended back as the demo world has them, whatever a test did: suspended at Harper & Vale by its
 * User Manager (not by the provider's support), as other specs expect when they log in as Sam.
 */
export async function restoreSuspendedDemoUser(helpdesk: HelpdeskApi, manager: HelpdeskApi) {
  await setUserStatus(helpdesk, USER_IDS.suspended, "Active");
  await setUserStatus(manager, USER_IDS.suspended, "Suspended");
}

/**
 * A file for `test.use({ storageState })`, one per user and run. It exists (empty) from the start, because
 * Playwright also applies the option to contexts the set-up code opens; beforeAll fills it.
 */
export function stateFile(spec: string, run: string, who: string): string {
  const file = join(tmpdir(), `${spec}-${run}-${who}.json`);
  if (!existsSync(file)) writeFileSync(file, JSON.stringify({ cookies: [], origins: [] }));
  return file;
}

/** Options for a context of set-up code: no storage state of the tests' own (they may not exist yet). */
export const FRESH: BrowserContextOptions = { storageState: { cookies: [], origins: [] }, javaScriptEnabled: true };

/** Logs `email` in once, in a context of its own, and returns its storage state for `test.use`. */
export async function storageStateFor(browser: Browser, email: string): Promise<NonNullable<BrowserContextOptions["storageState"]>> {
  const context = await browser.newContext(FRESH);
  const page = await context.newPage();
  await login(page, email);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * With JavaScript, makes the app's next data request (single fetch: `<path>.data`) answer as the app server
 * does when `routeId`'s loader could not get its data from the provider (the loader throws a Response with
 * the provider's status): the server's real answer is fetched and only that route's entry is replaced, so
 * the other routes keep their data. No request of a browser test can make the shared provider fail for one
 * screen on its own; this stands in for that outage.
 */
export async function failNextRouteData(page: Page, routeId: string, status: number, statusText: string) {
  let armed = true;
  await page.route(
    (url) => armed && url.pathname.endsWith(".data"),
    async (route) => {
      armed = false;
      const answer = await route.fetch();
      // The client's own decoding (@remix-run/react single-fetch.js), for the types the server encodes.
      const decoded = await decode(new Response(new Uint8Array(await answer.body())).body!, {
        plugins: [
          (type: string, ...rest: unknown[]) => {
            if (type === "ErrorResponse") return { value: new UNSAFE_ErrorResponseImpl(rest[1] as number, rest[2] as string, rest[0]) };
            if (type === "SingleFetchClassInstance") return { value: rest[0] };
            if (type === "SingleFetchFallback") return { value: undefined };
            return false;
          },
        ],
      });
      await decoded.done;
      const results = decoded.value as Record<string, unknown>;
      results[routeId] = { error: new UNSAFE_ErrorResponseImpl(status, statusText, statusText) };
      const body = await new Response(encodeViaTurboStream(results, new AbortController().signal, undefined, ServerMode.Production)).arrayBuffer();
      await route.fulfill({
        status,
        headers: { ...answer.headers(), "content-length": String(body.byteLength) },
        body: Buffer.from(body),
      });
    },
  );
}

/** Waits for the page after a navigation: with JavaScript, Remix has finished its transition. */
export async function settled(page: Page) {
  await page.waitForLoadState("load");
  await page.waitForFunction(() => !document.querySelector("[aria-busy='true']")).catch(() => undefined);
}

/** Searches subscribers by `text` with the "Find a subscriber" box of `within` (a page or a part of one). */
export async function findSubscribers(within: Page | Locator, text: string) {
  await within.getByLabel("Find a subscriber").fill(text);
  await within.getByRole("button", { name: "Find subscribers" }).click();
}
