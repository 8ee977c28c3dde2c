/**
 * The header and menu of the authenticated app (document 1 section 2.3), as each kind of demo user sees
 * it, with and without JavaScript: tabs by permission, the help centre link, the profile menu (initials,
 * name, selected subscriber; none for the helpdesk administrator), the change-subscriber list only for a
 * user of two subscribers, and the menu's links by their rules.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, login, USERS } from "./support";

/** The tab labels in the main navigation, left to right. */
async function tabs(page: Page) {
  return page.getByRole("banner").locator("ul.tabs").getByRole("link").allInnerTexts();
}

function profileSummary(page: Page, name: string) {
  return page.getByRole("banner").locator("summary").filter({ hasText: name });
}

async function openProfileMenu(page: Page, name: string) {
  await profileSummary(page, name).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`header and menu (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("the lender: workspaces only, initials, name and bank; manage financial accounts; no change-subscriber list", async ({ page }) => {
      await login(page, USERS.lender.email);
      expect(await tabs(page)).toEqual(["Workspaces"]);
      const summary = profileSummary(page, USERS.lender.name);
      await expect(summary).toContainText("LN");
      await expect(summary).toContainText("Northgate Bank");

      const help = page.getByRole("banner").getByRole("link", { name: /Help centre/ });
      await expect(help).toHaveAttribute("target", "_blank");
      await expect(help).toHaveAttribute("href", /^https?:\/\//);

      await openProfileMenu(page, USERS.lender.name);
      const banner = page.getByRole("banner");
      await expect(banner.getByText("Change subscriber")).toHaveCount(0);
      await expect(banner.getByRole("button", { name: "Log out" })).toBeVisible();
      await banner.getByRole("link", { name: "Manage financial accounts" }).click();
      await expect(page).toHaveURL(/\/financial-accounts$/);
      await expect(page.getByRole("heading", { name: "Manage financial accounts", level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: "Add financial account" }).first()).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
    });

    test("the User Manager of two subscribers: the Users tab and the change-subscriber list; Cancel keeps the subscriber", async ({ page }) => {
      await login(page, USERS.manager.email);
      expect(await tabs(page)).toEqual(["Workspaces", "Users"]);
      await openProfileMenu(page, USERS.manager.name);
      const banner = page.getByRole("banner");
      await expect(banner.getByText("Change subscriber")).toBeVisible();
      await expect(banner.getByText("Harper & Vale LLP (current subscriber)")).toBeVisible();
      await expect(banner.getByRole("link", { name: "Manage financial accounts" })).toHaveCount(0);
      await expectNoAxeViolations(page, javaScriptEnabled);

      await banner.getByRole("link", { name: "Ashdown Legal" }).click();
      await expect(page.getByRole("heading", { name: "Discard Changes?" })).toBeVisible();
      await page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Cancel" }).click();
      await expect(page.getByRole("heading", { name: "Discard Changes?" })).toHaveCount(0);
      await expect(page).toHaveURL(/\/workspaces/);
      await expect(profileSummary(page, USERS.manager.name)).toContainText("Harper & Vale LLP");
    });

    test("the helpdesk administrator: workspaces, users and subscribers tabs; no subscriber in the profile; the lodgement identifier link", async ({ page }) => {
      await login(page, USERS.helpdesk.email);
      expect(await tabs(page)).toEqual(["Workspaces", "Users", "Subscribers"]);
      const summary = profileSummary(page, USERS.helpdesk.name);
      await expect(summary).toContainText("HD");
      await expect(summary.locator(".profile-subscriber")).toHaveCount(0);
      await openProfileMenu(page, USERS.helpdesk.name);
      await page.getByRole("banner").getByRole("link", { name: "Lodgement identifier" }).click();
      await expect(page.getByRole("heading", { name: "Lodgement identifiers", level: 1 })).toBeVisible();
    });

    test("the workspace viewer: no financial accounts link, and the page itself answers 403", async ({ page }) => {
      await login(page, USERS.viewer.email);
      expect(await tabs(page)).toEqual(["Workspaces"]);
      await openProfileMenu(page, USERS.viewer.name);
      await expect(page.getByRole("banner").getByRole("link", { name: "Manage financial accounts" })).toHaveCount(0);
      await page.goto("/financial-accounts");
      await expect(page.getByRole("heading", { name: "You do not have access" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to workspaces" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
    });
  });
}
