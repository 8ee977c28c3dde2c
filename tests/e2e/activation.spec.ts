/**
 * Account activation in the browser, with and without JavaScript: a User Manager adds a user; the mail
 * sandbox's mailbox page shows the invitation; the invited person follows its link, meets the password
 * rules, sets a password and is logged in as an Active user without typing it again. A used link leads to
 * the already-verified page, an expired one (the product clock moved past its 7 days) to the link-expired
 * page. The Pending user's login is in login.spec.ts.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { FRESH, helpdeskApi, type HelpdeskApi } from "./administration-support";
import { expectNoAxeViolations, login, PROVIDER_URL, USERS } from "./support";

const run = Date.now().toString(36);
const PASSWORD = "marmalade tractor lighthouse";
let api: HelpdeskApi;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  api = await helpdeskApi(await (await browser.newContext(FRESH)).newPage());
});

/** The User Manager of Keystone Conveyancing adds a user through the Add user screen. */
async function addUser(browser: Browser, firstName: string, email: string) {
  const context = await browser.newContext(FRESH);
  const page = await context.newPage();
  await login(page, USERS.userManager.email);
  await page.goto("/users/new");
  // With JavaScript, let the page hydrate first: typing into the form before React takes it over can be lost.
  await page.waitForLoadState("networkidle");
  const form = page.locator("form#user-form");
  await form.getByLabel("First name").fill(firstName);
  await form.getByLabel("Last name").fill("Newton");
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Workspace User", { exact: true }).check();
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByText(`${firstName} Newton has been added successfully`).first()).toBeVisible();
  return { context, page };
}

/** Opens the latest email to `email` in the mailbox page and answers its activation link. */
async function invitationLink(page: Page, email: string, javaScriptEnabled: boolean) {
  await page.goto(`${PROVIDER_URL}/sandbox/mail`);
  await expect(page.getByRole("heading", { name: "Mailbox" })).toBeVisible();
  await page.getByLabel("Recipient's email address").fill(email);
  await page.getByRole("button", { name: "Show their emails" }).click();
  await expect(page.getByRole("status")).toHaveText(`1 email to ${email}.`);
  await fitsWidth(page);
  await expectNoAxeViolations(page, javaScriptEnabled);
  await page.getByRole("link", { name: "You have been invited to Convey by Keystone Conveyancing" }).click();
  await expect(page.getByRole("heading", { name: "You have been invited to Convey by Keystone Conveyancing" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(email);
  await fitsWidth(page);
  await expectNoAxeViolations(page, javaScriptEnabled);
  const link = page.getByRole("link", { name: /\/oidc\/activate\?token=/ });
  return { link, href: (await link.getAttribute("href"))! };
}

async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JavaScript on" : "JavaScript off";

  test.describe(`account activation (${mode})`, () => {
    test("a user added by the User Manager activates by the emailed link, is Active and logged in; the link then is used up", async ({ browser }) => {
      const firstName = javaScriptEnabled ? "Nia" : "Noor";
      const email = `${firstName.toLowerCase()}.${run}@keystone.example`;
      const manager = await addUser(browser, firstName, email);

      // The invited person, on their own device (320 px wide), reads the email in the mailbox.
      const invitee = await browser.newContext({ ...FRESH, javaScriptEnabled, viewport: { width: 320, height: 720 } });
      const page = await invitee.newPage();
      const { link, href } = await invitationLink(page, email, javaScriptEnabled);
      await link.click();

      await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
      await expect(page.getByLabel("Email address")).toHaveValue(email);
      await fitsWidth(page);
      await expectNoAxeViolations(page, javaScriptEnabled);

      // The password rules, each with its own message.
      await page.getByLabel("New password", { exact: true }).fill("password1");
      await page.getByLabel("Confirm new password").fill("password1");
      await page.getByRole("button", { name: "Set password and log in" }).click();
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary).toContainText("This password is one of the most commonly used passwords");
      await expect(page.getByLabel("New password", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await fitsWidth(page);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByLabel("New password", { exact: true }).fill("short");
      await page.getByLabel("Confirm new password").fill("short");
      await page.getByRole("button", { name: "Set password and log in" }).click();
      await expect(summary).toContainText("Your password must be at least 8 characters");

      await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Confirm new password").fill(PASSWORD);
      await page.getByRole("button", { name: "Set password and log in" }).click();

      // Logged in without typing the password again: the landing page, as the new user.
      await expect(page).toHaveURL(/\/workspaces$/);
      await expect(page.getByRole("banner")).toContainText(`${firstName} Newton`);
      await expect(page.getByRole("banner")).toContainText("Keystone Conveyancing");

      // The User Manager sees them Active.
      await manager.page.goto(`/users?q=${encodeURIComponent(email)}`);
      await expect(manager.page.getByRole("table").getByRole("row", { name: new RegExp(email) })).toContainText("Active");
      await manager.context.close();

      // The link worked once: again, it reaches the already-verified page.
      const later = await browser.newContext({ ...FRESH, javaScriptEnabled });
      const again = await later.newPage();
      await again.goto(href);
      await expect(again).toHaveURL(/\/email\/already-verified$/);
      await expect(again.getByRole("heading", { level: 1 })).toContainText(/verified/i);
      await expect(again.getByRole("link", { name: "Go to log in" })).toBeVisible();
      await later.close();
      await invitee.close();
    });
  });
}

test("an activation link past its 7 days on the product clock reaches the link-expired page", async ({ browser }) => {
  const email = `late.${run}@keystone.example`;
  const manager = await addUser(browser, "Lena", email);
  await manager.context.close();
  const context = await browser.newContext(FRESH);
  const page = await context.newPage();
  const { href } = await invitationLink(page, email, true);
  const moved = await api.call("PUT", "/api/v1/clock", { now: new Date(Date.now() + 8 * 24 * 60 * 60 * 1000).toISOString() });
  expect(moved.status).toBe(200);
  try {
    await page.goto(href);
    await expect(page).toHaveURL(/\/email\/verification-link-expired$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/expired/i);
    await expectNoAxeViolations(page);
  } finally {
    expect((await api.call("DELETE", "/api/v1/clock")).status).toBe(200);
    await context.close();
  }
});
