/**
 * /organisation, /subscribers and /subscribers/:subscriberId in the browser, with and without JavaScript
 * (document 3 sections 2.4, 5.3 and 8.4; issue 5 acceptance 1, 2 and 6): the User Manager sets an IP allow
 * list and the notification email; the helpdesk administrator pages and searches the subscribers by name
 * (docs/decisions/0906-subscriber-lists-page.md) and opens another subscriber's organisation page,
 * and an allow list that leaves out the browser's address sends that subscriber's next login to
 * /user/unrecognised-ip-address until it is removed. Every list a test sets is cleared again.
 */
import { expect, test, type Page } from "@playwright/test";
import { writeFileSync } from "node:fs";
import {
  findSubscribers,
  FRESH,
  helpdeskApi,
  restoreOrganisationFlag,
  setIpAllowList,
  stateFile as userStateFile,
  storageStateFor,
  SUBSCRIBERS,
  turnOnOrganisationPage,
  type HelpdeskApi,
} from "./administration-support";
import { expectNoAxeViolations, login, submitLogin, USERS } from "./support";

const run = Date.now().toString(36);
const stateFile = (who: string) => userStateFile("administration-organisation", run, who);
let api: HelpdeskApi;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext(FRESH);
  api = await helpdeskApi(await context.newPage());
  await turnOnOrganisationPage(api);
  for (const who of ["manager", "helpdesk"] as const) {
    writeFileSync(stateFile(who), JSON.stringify(await storageStateFor(browser, USERS[who].email)));
  }
});

test.afterAll(async () => {
  await restoreOrganisationFlag(api);
});

/** The toast of the last action: a status message under its title. */
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const CONNECTION_UPDATED = "Connection settings updated successfully";

async function editIpAllowList(page: Page, text: string, javaScriptEnabled: boolean) {
  await page.getByRole("link", { name: "Edit IP allow list" }).click();
  const field = page.getByLabel("Allowed IP addresses");
  await expect(field).toBeVisible();
  const save = page.getByRole("button", { name: "Save" });
  // Save stays disabled while the list is unchanged (with JavaScript).
  if (javaScriptEnabled) await expect(save).toBeDisabled();
  await field.fill(text);
  await save.click();
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JavaScript on" : "JavaScript off";

  test.describe(`my organisation as the User Manager (${mode})`, () => {
    test.use({ javaScriptEnabled, storageState: stateFile("manager") });

    test("set an IP allow list: invalid entries refused, duplicates removed, who changed it and when; then clear it", async ({ page }) => {
      try {
        await page.goto("/organisation");
        await expect(page.getByRole("heading", { name: SUBSCRIBERS.harperVale.name, level: 1 })).toBeVisible();
        const tabs = page.getByRole("navigation", { name: "Organisation settings" });
        await expect(tabs.getByRole("link")).toHaveText(["Communication settings", "Connection settings"]);
        await expectNoAxeViolations(page, javaScriptEnabled);

        await tabs.getByRole("link", { name: "Connection settings" }).click();
        await expect(page).toHaveURL(/tab=connection/);
        await expect(page.getByText("MFA (multi-factor authentication)")).toBeVisible();
        await expect(page.getByText("No IP allow list: users can log in from any address.")).toBeVisible();

        // Without JavaScript an invalid list comes back with the message and the text kept.
        if (javaScriptEnabled) {
          await page.getByRole("link", { name: "Edit IP allow list" }).click();
          await page.getByLabel("Allowed IP addresses").fill("not-an-address");
          await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
          await page.getByLabel("Allowed IP addresses").blur();
          await expect(page.getByText("Invalid IP address format. IP addresses need to be comma separated").first()).toBeVisible();
          await page.getByRole("link", { name: "Cancel" }).click();
        } else {
          await editIpAllowList(page, "127.0.0.1, 300.1.1.1", javaScriptEnabled);
          await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(
            "Invalid IP address format. IP addresses need to be comma separated",
          );
          await expect(page.getByLabel("Allowed IP addresses")).toHaveValue("127.0.0.1, 300.1.1.1");
          await expectNoAxeViolations(page, javaScriptEnabled);
          await page.getByRole("link", { name: "Cancel" }).click();
        }

        // The browser runs on this machine: a list of the loopback addresses keeps the manager in.
        await editIpAllowList(page, "127.0.0.1,\n::1,\n127.0.0.1,", javaScriptEnabled);
        await expect(toast(page, CONNECTION_UPDATED)).toBeVisible();
        await expect(page).toHaveURL(/tab=connection$/);
        const list = page.getByRole("list", { name: "Allowed IP addresses" });
        await expect(list.getByRole("listitem")).toHaveText(["127.0.0.1", "::1"]);
        await expect(page.getByText(new RegExp(`Last modified by ${USERS.manager.name} on \\d{2}/\\d{2}/\\d{4} at \\d{2}:\\d{2} (AM|PM)`))).toBeVisible();
        await expectNoAxeViolations(page, javaScriptEnabled);

        await editIpAllowList(page, "", javaScriptEnabled);
        await expect(toast(page, CONNECTION_UPDATED)).toBeVisible();
        await expect(page.getByText("No IP allow list: users can log in from any address.")).toBeVisible();
      } finally {
        await setIpAllowList(api, SUBSCRIBERS.harperVale.subscriberId, []);
      }
    });

    test("a list that would lock the manager out is refused: the failure toast, the reason, the input kept, nothing saved", async ({ page }) => {
      await page.goto("/organisation?tab=connection");
      await editIpAllowList(page, "203.0.113.0/24", javaScriptEnabled);
      // The toast says which rule was broken (the provider's reason), not "Uh-oh, bad request … try again".
      const refusal = page.getByRole("alert").filter({ hasText: "Connection settings not saved" });
      await expect(refusal).toBeVisible();
      await expect(refusal).toContainText(/does not include your own address \(.+\): saving it would lock you out/);
      await expect(refusal).not.toContainText("Uh-oh");
      await expect(refusal).not.toContainText("try again");
      await expect(page.getByText(/does not include your own address/).first()).toBeVisible();
      await expect(page.getByLabel("Allowed IP addresses")).toHaveValue("203.0.113.0/24");
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.goto("/organisation?tab=connection");
      await expect(page.getByText("No IP allow list: users can log in from any address.")).toBeVisible();
    });

    test("set the notification email", async ({ page }) => {
      await page.goto("/organisation?tab=communication");
      await page.getByRole("link", { name: "Edit email notifications" }).click();
      await expect(page).toHaveURL(/edit=communication/);
      const email = page.getByLabel("Receiving email address");
      await email.fill("not-an-email");
      if (javaScriptEnabled) {
        await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
      } else {
        await page.getByRole("button", { name: "Save" }).click();
        await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Invalid email format");
        await expectNoAxeViolations(page, javaScriptEnabled);
      }
      const address = `notices.${javaScriptEnabled ? "scripted" : "plain"}@harpervale.example`;
      await email.fill(address);
      await page.getByLabel("New requisition").check();
      await page.getByRole("button", { name: "Save" }).click();
      await expect(toast(page, "Communication settings updated successfully")).toBeVisible();
      await expect(page.getByText(address)).toBeVisible();
      await expect(page.getByText("New requisition")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
    });

    test("no subscribers list for a User Manager", async ({ page }) => {
      const response = await page.goto("/subscribers");
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "You do not have access" })).toBeVisible();
    });
  });

  test.describe(`subscribers as the helpdesk administrator (${mode})`, () => {
    test.use({ javaScriptEnabled, storageState: stateFile("helpdesk") });

    test("the subscribers list: a page by name with its range, and a name search", async ({ page }) => {
      await page.goto("/subscribers");
      const links = page.getByRole("table").getByRole("link");
      await expect(links).toHaveText([SUBSCRIBERS.ashdown.name, SUBSCRIBERS.harperVale.name, SUBSCRIBERS.keystone.name, SUBSCRIBERS.northgate.name]);
      // Fewer than a page (50): one page, Previous and Next lead nowhere.
      const pagination = page.getByRole("navigation", { name: "Pagination" });
      await expect(pagination.getByText("1-4 of 4")).toBeVisible();
      await expect(pagination.getByRole("link")).toHaveCount(0);
      await expect(pagination.getByText("Previous page")).toHaveAttribute("aria-disabled", "true");
      await expect(pagination.getByText("Next page")).toHaveAttribute("aria-disabled", "true");

      // Found by a part of the name, whatever its case.
      await findSubscribers(page, "GATE");
      await expect(page).toHaveURL(/\/subscribers\?name=GATE$/);
      await expect(links).toHaveText([SUBSCRIBERS.northgate.name]);
      await expect(page.getByRole("status").filter({ hasText: "1 subscriber(s) found." })).toBeVisible();
      await expect(pagination.getByText("1-1 of 1")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);

      await findSubscribers(page, "no such firm");
      await expect(page.getByText('No subscriber\'s name contains "no such firm".')).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByRole("link", { name: "Clear search" }).click();
      await expect(page).toHaveURL(/\/subscribers$/);
      await expect(links).toHaveCount(4);

      // A page past the last shows the last, the search kept.
      await page.goto("/subscribers?name=ash&page=7");
      await expect(page).toHaveURL(/\/subscribers\?name=ash$/);
      await expect(links).toHaveText([SUBSCRIBERS.ashdown.name]);
    });

    test("the subscribers list fits a 320 px screen", async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto("/subscribers?name=a");
      await expect(page.getByRole("table").getByRole("link").first()).toBeVisible();
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(320);
    });

    test("open another subscriber's organisation page: single sign-on with a masked secret, no IP allow list", async ({ page }) => {
      await page.goto("/subscribers");
      await expect(page.getByRole("heading", { name: "Subscribers", level: 1 })).toBeVisible();
      await expect(page.getByRole("table").getByRole("link")).toHaveText([
        SUBSCRIBERS.ashdown.name,
        SUBSCRIBERS.harperVale.name,
        SUBSCRIBERS.keystone.name,
        SUBSCRIBERS.northgate.name,
      ]);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByRole("link", { name: SUBSCRIBERS.ashdown.name }).click();
      await expect(page).toHaveURL(new RegExp(`/subscribers/${SUBSCRIBERS.ashdown.subscriberId}`));
      await expect(page.getByRole("heading", { name: SUBSCRIBERS.ashdown.name, level: 1 })).toBeVisible();
      await page.getByRole("link", { name: "Connection settings" }).click();
      await expect(page.getByText("SSO (single sign-on with your company's identity provider)")).toBeVisible();
      await expect(page.getByText("ashdown-legal-entra-id", { exact: true })).toBeVisible();
      await expect(page.getByText("*".repeat(30), { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "IP allow list" })).toHaveCount(0);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByRole("link", { name: /^Edit client secret/ }).click();
      await expect(page.getByLabel("New client secret")).toHaveValue("");
      if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
      await expectNoAxeViolations(page, javaScriptEnabled);
    });

    test("a notification email saved from a page that did not know of a registration made meanwhile is refused with the failure toast", async ({ page }) => {
      const subscriber = javaScriptEnabled ? SUBSCRIBERS.keystone : SUBSCRIBERS.northgate;
      const edit = `/subscribers/${subscriber.subscriberId}?tab=communication&edit=communication`;
      await page.goto(edit);
      const email = page.getByLabel("Receiving email address");
      await expect(email).toHaveValue("");

      // Meanwhile, in another tab, the subscriber's registration is made.
      const other = await page.context().newPage();
      await other.goto(edit);
      await other.getByLabel("Receiving email address").fill(`first.${run}@example.com`);
      await other.getByLabel("New requisition").check();
      await other.getByRole("button", { name: "Save" }).click();
      await expect(toast(other, "Communication settings updated successfully")).toBeVisible();
      await other.close();

      // This page has no registration id to update: the provider refuses, nothing is overwritten.
      await email.fill(`second.${run}@example.com`);
      await page.getByLabel("New requisition").check();
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Communication settings could not be updated. Please try again." })).toBeVisible();
      await expect(page.getByText(`${subscriber.name} already has an EMAIL registration: update it instead.`).first()).toBeVisible();
      await expect(email).toHaveValue(`second.${run}@example.com`);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.goto(`/subscribers/${subscriber.subscriberId}?tab=communication`);
      await expect(page.getByText(`first.${run}@example.com`)).toBeVisible();
    });

    test("an allow list without the browser's address ends the subscriber's live session and sends its next login to the unrecognised IP page; removing it restores access", async ({
      page,
      browser,
    }) => {
      // The lender is logged in, on the workspaces page, before the list is set.
      const live = await browser.newContext({ ...FRESH, javaScriptEnabled });
      const livePage = await live.newPage();
      try {
        await login(livePage, USERS.lender.email);
        await expect(livePage.getByRole("banner")).toContainText(SUBSCRIBERS.northgate.name);

        await page.goto(`/subscribers/${SUBSCRIBERS.northgate.subscriberId}?tab=connection`);
        await editIpAllowList(page, "203.0.113.0/24", javaScriptEnabled);
        await expect(toast(page, CONNECTION_UPDATED)).toBeVisible();
        await expect(page.getByRole("list", { name: "Allowed IP addresses" }).getByRole("listitem")).toHaveText(["203.0.113.0/24"]);

        // Their next page is the unrecognised IP page, not an error page, and the session is over.
        await livePage.getByRole("banner").getByRole("link", { name: "Workspaces", exact: true }).click();
        await expect(livePage).toHaveURL(/\/user\/unrecognised-ip-address/);
        await expect(livePage.getByRole("heading", { level: 1 })).toContainText("Unrecognised IP address");
        await expect(livePage.getByRole("banner")).toHaveCount(0);
        await expectNoAxeViolations(livePage, javaScriptEnabled);
        const sessionCookie = (await live.cookies()).find((cookie) => cookie.name === "__session");
        expect(sessionCookie).toBeUndefined();
        // The next visit asks them to log in again.
        await livePage.goto("/workspaces");
        await expect(livePage.getByRole("heading", { name: "Log in" })).toBeVisible();

        const lender = await browser.newContext({ ...FRESH, javaScriptEnabled });
        const lenderPage = await lender.newPage();
        await lenderPage.goto("/workspaces");
        await submitLogin(lenderPage, USERS.lender.email);
        await expect(lenderPage).toHaveURL(/\/user\/unrecognised-ip-address/);
        await expect(lenderPage.getByRole("heading", { level: 1 })).toContainText("Unrecognised IP address");
        await lender.close();

        await editIpAllowList(page, "", javaScriptEnabled);
        await expect(toast(page, CONNECTION_UPDATED)).toBeVisible();
        await expect(page.getByText("No IP allow list: users can log in from any address.")).toBeVisible();

        const again = await browser.newContext({ ...FRESH, javaScriptEnabled });
        const againPage = await again.newPage();
        await login(againPage, USERS.lender.email);
        await expect(againPage.getByRole("banner")).toContainText(SUBSCRIBERS.northgate.name);
        await again.close();
      } finally {
        await live.close();
        await setIpAllowList(api, SUBSCRIBERS.northgate.subscriberId, []);
      }
    });
  });
}
