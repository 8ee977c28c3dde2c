/**
 * With the SDLT flag on (document 3 sections 2.4, 6 and 8.4), in the browser with and without JavaScript:
 * the organisation page gains its Transaction settings tab — the explanation, the land registry card (user
 * name, password) and the revenue authority card (user name, password, STORN), masked passwords and 'To be
 * provided' where nothing is stored — and /lodgement/identifiers shows nothing. ('Unable to load
 * credentials' is proved at the loader: app/administration/organisation.server.test.tsx.)
 *
 * The app keeps each login's flags from the start of that login (app/feature-flags.server.ts): the flag is
 * turned on at the provider before this file's helpdesk login, and off again at the end, so logins of the
 * other files never see it on.
 */
import { expect, test, type Page } from "@playwright/test";
import { writeFileSync } from "node:fs";
import {
  FRESH,
  helpdeskApi,
  restoreOrganisationFlag,
  stateFile as userStateFile,
  storageStateFor,
  SUBSCRIBERS,
  turnOnOrganisationPage,
  type HelpdeskApi,
} from "./administration-support";
import { expectNoAxeViolations, runCli, USERS } from "./support";

const run = Date.now().toString(36);
const stateFile = (who: string) => userStateFile("administration-transaction-settings", run, who);
let api: HelpdeskApi;

async function setSdlt(value: "on" | "off") {
  const result = await runCli(["--json", "flags", "set", "sdltEnabled", value], api.cliDir);
  expect(result.code, result.stderr).toBe(0);
  expect(JSON.parse(result.stdout).flags.sdltEnabled).toBe(value === "on");
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext(FRESH);
  api = await helpdeskApi(await context.newPage());
  await turnOnOrganisationPage(api);
  await setSdlt("on");
  writeFileSync(stateFile("helpdesk"), JSON.stringify(await storageStateFor(browser, USERS.helpdesk.email)));
});

test.afterAll(async () => {
  // Both flags back to their defaults at the provider, so the files after this one see the product as seeded.
  if (api) await setSdlt("off");
  await restoreOrganisationFlag(api);
});

/** A credential card by its title, and what it lists (term: description), in order. */
async function card(page: Page, title: string) {
  const section = page.getByRole("region", { name: title });
  await expect(section.getByRole("heading", { name: title, level: 3 })).toBeVisible();
  return section;
}

async function details(section: ReturnType<Page["getByRole"]>) {
  const terms = await section.locator("dt").allInnerTexts();
  const values = await section.locator("dd").allInnerTexts();
  return terms.map((term, index) => `${term}: ${values[index]}`);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JavaScript on" : "JavaScript off";

  test.describe(`with the SDLT flag on, as the helpdesk administrator (${mode})`, () => {
    test.use({ javaScriptEnabled, storageState: stateFile("helpdesk") });

    test("the Transaction settings tab shows the explanation and both credential cards, passwords masked", async ({ page }) => {
      await page.goto(`/subscribers/${SUBSCRIBERS.harperVale.subscriberId}`);
      const tabs = page.getByRole("navigation", { name: "Organisation settings" });
      await expect(tabs.getByRole("link")).toHaveText(["Communication settings", "Connection settings", "Transaction settings"]);
      await tabs.getByRole("link", { name: "Transaction settings" }).click();
      await expect(page).toHaveURL(/tab=transaction/);

      await expect(page.getByRole("heading", { name: "Land registry and revenue authority credentials", level: 2 })).toBeVisible();
      await expect(page.getByText("These credentials are used to lodge applications with HMLR and submit returns to HMRC.")).toBeVisible();
      expect(await details(await card(page, "Land registry (HMLR)"))).toEqual(["User name: harpervale-hmlr", "Password: *****"]);
      expect(await details(await card(page, "Revenue authority (HMRC)"))).toEqual([
        "User name: harpervale-hmrc",
        "Password: *****",
        "STORN: STN0123456",
      ]);
      await expect(page.getByText("Unable to load credentials")).toHaveCount(0);
      await expectNoAxeViolations(page, javaScriptEnabled);
    });

    test("a subscriber with no credentials yet: 'To be provided' for every value of both cards", async ({ page }) => {
      await page.goto(`/subscribers/${SUBSCRIBERS.keystone.subscriberId}?tab=transaction`);
      expect(await details(await card(page, "Land registry (HMLR)"))).toEqual(["User name: To be provided", "Password: To be provided"]);
      expect(await details(await card(page, "Revenue authority (HMRC)"))).toEqual([
        "User name: To be provided",
        "Password: To be provided",
        "STORN: To be provided",
      ]);
      await expectNoAxeViolations(page, javaScriptEnabled);
    });

    test("/lodgement/identifiers shows nothing: no form, no identifiers", async ({ page }) => {
      const response = await page.goto(`/lodgement/identifiers?subscriberId=${SUBSCRIBERS.harperVale.subscriberId}`);
      expect(response?.status()).toBe(200);
      const main = page.getByRole("main");
      // Only the page's name, for screen readers; nothing on the screen.
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("Lodgement identifiers");
      await expect(main.getByRole("heading", { level: 1 })).toHaveClass("visually-hidden");
      await expect(main.locator("form, input, table, dl, p")).toHaveCount(0);
      await expect(main.getByText("Primary username")).toHaveCount(0);
      await expect(main.getByText("harper-primary")).toHaveCount(0);
      await expectNoAxeViolations(page, javaScriptEnabled);
    });
  });
}
