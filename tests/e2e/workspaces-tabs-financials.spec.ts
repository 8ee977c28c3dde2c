/**
 * The Financials tab (document 2 sections 2.3, 4.6, 4.7, 4.7a, 5.5 to 5.7 and 8) in the browser, with
 * JavaScript on and off, as the demo users: the lender's law firm adds a mortgage advance and the lender
 * authorises it; the law firm
 * adds a redemption from a saved account and a surplus to a personal account, accepts a close match by hand
 * (and the tab says who accepted it), proceeds after a time-out with consent; the completion date refuses a
 * bank holiday, a weekend and today after 16:25 (product clock) and asks before changing; financials approved
 * and unapproved; the seller representative sees the amount payable, not the fund sources. Every state passes
 * axe and fits 320 px. Workspaces a journey changes are made fresh through the API for each run.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiAs, FRESH, SUBSCRIBERS, type HelpdeskApi } from "./administration-support";
import { expectNoAxeViolations, USERS } from "./support";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { expectNoConsoleErrors, pageAs, setFeatureFlag, workspaceHref } from "./workspaces-support";
import { setProductClock } from "./title-fixtures";

/** The toast after a write (a flash on the page the action redirected to). */
async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator(".toast").filter({ hasText: text })).toBeVisible();
}

/** Nothing wider than a 320 px screen. */
async function expectFits320(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(320);
  if (size) await page.setViewportSize(size);
}

/** A card of the tab, by its heading. */
function card(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

/** A line item's accordion, by the text of its summary. */
function lineItem(page: Page, text: string | RegExp) {
  return page.locator("details.line-item").filter({ has: page.locator("summary", { hasText: text }) });
}

let lenderApi: HelpdeskApi;
let managerApi: HelpdeskApi;
let helpdesk: HelpdeskApi;

async function apiOf(browser: Browser, email: string) {
  const context = await browser.newContext(FRESH);
  try {
    return await apiAs(await context.newPage(), email);
  } finally {
    await context.close();
  }
}

/** A fresh remortgage of Northgate Bank that Harper & Vale joins as the lender's law firm; answers its financials address. */
async function freshRemortgage(label: string): Promise<string> {
  const created = await lenderApi.call("POST", "/api/workspace/v1/workspaces", {
    reference: `E2E-FIN-${label}`.slice(0, 25),
    transactionType: "REMORTGAGE",
    securityAddress: { buildingNumber: "9", street: "Mill Lane", town: "Leeds", postcode: "LS1 4AB" },
    parties: [{ type: "INDIVIDUAL", role: "BORROWER", partyDetails: { forenames: "Nia", surname: "Cole" } }],
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const { workspaceId, version } = created.json as { workspaceId: string; version: number };
  const assigned = await lenderApi.call(
    "POST",
    `/api/v1/workspaces/${workspaceId}/participants`,
    { subscriberId: SUBSCRIBERS.harperVale.subscriberId, role: "INCOMING_LENDER_REPRESENTATIVE" },
    { "If-Match": `"${version}"` },
  );
  expect(assigned.status, JSON.stringify(assigned.json)).toBe(201);
  return `/workspaces/${workspaceId}/financials`;
}

test.beforeAll(async ({ browser }) => {
  lenderApi = await apiOf(browser, USERS.lender.email);
  managerApi = await apiOf(browser, USERS.manager.email);
  helpdesk = await apiOf(browser, USERS.helpdesk.email);
});

test.afterAll(async () => {
  await setProductClock(helpdesk, null);
});

/** Adds a fund destination with typed bank details (Surplus unless told). */
async function addDestination(page: Page, javaScriptEnabled: boolean, fields: { category: string; amount: string; reference: string; accountName?: string; sortCode?: string; accountNumber?: string; personal?: boolean; saved?: string }, expectChecking = false) {
  await card(page, "Fund destination").getByRole("link", { name: "Add fund destination" }).click();
  await expect(page.getByRole("heading", { name: "Add fund destination", level: 4 })).toBeVisible();
  await page.getByLabel("Category").selectOption({ label: fields.category });
  await page.getByLabel("Amount (£)").fill(fields.amount);
  await page.getByLabel("Reference").fill(fields.reference);
  if (fields.saved) {
    const select = page.getByLabel(javaScriptEnabled ? "Saved account" : "For Redemption: a saved account");
    const value = await select.locator("option", { hasText: fields.saved }).getAttribute("value");
    await select.selectOption(value!);
  }
  if (fields.accountName) {
    await page.getByLabel("Account name").fill(fields.accountName);
    await page.getByLabel("Sort code").fill(fields.sortCode ?? "08-99-99");
    await page.getByLabel("Account number").fill(fields.accountNumber ?? "10000003");
    // With JavaScript only Surplus offers a choice of account type; the others are business accounts.
    if (fields.personal || !javaScriptEnabled) await page.getByLabel(fields.personal ? "Personal" : "Business").check();
  }
  await page.getByRole("button", { name: "Add", exact: true }).click();
  // With JavaScript the button says the bank check is running (the time-out fixture takes a second).
  if (expectChecking && javaScriptEnabled) await expect(page.getByRole("button", { name: "Checking account…" })).toHaveAttribute("aria-busy", "true");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`financials tab (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test("the law firm adds a mortgage advance and the lender authorises it; the completion date's rules; financials approved and unapproved", async ({ browser }) => {
      test.setTimeout(300_000);
      const href = await freshRemortgage(`MA${javaScriptEnabled ? "J" : "N"}`);
      // The lender's law firm prepares the fund source (the lender itself may not add line items: section 6).
      const preparer = await pageAs(browser, "manager", javaScriptEnabled);
      await preparer.goto(href);
      await expect(preparer.getByRole("heading", { name: "Financials", level: 2 })).toBeVisible();
      await expect(card(preparer, "Fund source")).toContainText("No fund sources have been added yet.");
      await expectNoAxeViolations(preparer, javaScriptEnabled);
      await expectFits320(preparer);
      await card(preparer, "Fund source").getByRole("link", { name: "Add fund source" }).click();
      await expect(preparer.getByRole("heading", { name: "Add fund source", level: 4 })).toBeVisible();
      await expect(preparer.getByText("Category: Mortgage Advance")).toBeVisible();
      await expectNoAxeViolations(preparer, javaScriptEnabled);
      // A bad amount is refused with its message and nothing is saved.
      await preparer.getByLabel("Amount (£)").fill("0.50");
      await preparer.getByLabel("Reference").fill("MA-1");
      await preparer.getByRole("button", { name: "Add", exact: true }).click();
      await expect(preparer.getByText("Amount must be at least 1.00").first()).toBeVisible();
      await preparer.getByLabel("Amount (£)").fill("250,000");
      await preparer.getByRole("button", { name: "Add", exact: true }).click();
      await expectToast(preparer, "Mortgage Advance added successfully");
      await expect(lineItem(preparer, "Mortgage Advance").locator("summary")).toContainText("£250,000.00");
      expectNoConsoleErrors(preparer);
      await preparer.context().close();

      const lender = await pageAs(browser, "lender", javaScriptEnabled);
      await lender.goto(href);
      await expect(card(lender, "Fund source").getByRole("link", { name: "Add fund source" })).toHaveCount(0);
      const advance = lineItem(lender, "Mortgage Advance");
      await expect(advance.locator("summary")).toContainText("£250,000.00");
      await expect(advance.locator("summary")).toContainText("Not authorised");
      await advance.locator("summary").click();
      await expectNoAxeViolations(lender, javaScriptEnabled);
      await advance.getByRole("link", { name: "Authorise" }).click();
      await expect(lender.getByRole("heading", { name: "Authorise Mortgage Advance", level: 4 })).toBeVisible();
      await expectNoAxeViolations(lender, javaScriptEnabled);
      await lender.getByRole("button", { name: "Authorise" }).click();
      await expectToast(lender, "Mortgage Advance authorised successfully");
      await expect(lineItem(lender, "Mortgage Advance").locator("summary")).toContainText(/Authorised/);
      await expect(lineItem(lender, "Mortgage Advance").getByRole("link", { name: "Un-authorise" })).toBeVisible();
      await expectNoAxeViolations(lender, javaScriptEnabled);
      expectNoConsoleErrors(lender);
      await lender.context().close();

      // The law firm sets the completion date: today after 16:25, a bank holiday and a weekend are refused.
      await setProductClock(helpdesk, "2026-12-24T16:30:00+00:00");
      const firm = await pageAs(browser, "manager", javaScriptEnabled);
      await firm.goto(href);
      await firm.getByRole("link", { name: "Set completion date" }).click();
      await expect(firm.getByText("The earliest date you can choose is 29 Dec 2026")).toBeVisible();
      await expectNoAxeViolations(firm, javaScriptEnabled);
      const date = firm.getByRole("textbox", { name: "Completion date" });
      for (const [value, message] of [
        ["2026-12-24", "Completion date must be 29 Dec 2026 or later"],
        ["2026-12-25", /25 Dec 2026 is a bank holiday \(.+\): choose a working day/],
        ["2027-01-02", "02 Jan 2027 is a weekend: choose a working day"],
      ] as const) {
        await date.fill(value);
        await firm.getByRole("button", { name: "Save completion date" }).click();
        await expect(firm.locator(".field-error").filter({ hasText: message })).toBeVisible();
      }
      await expectNoAxeViolations(firm, javaScriptEnabled);
      await date.fill("2027-01-04");
      await firm.getByRole("button", { name: "Save completion date" }).click();
      await expectToast(firm, "Completion date added successfully");
      await expect(firm.getByTestId("completion-date")).toHaveText("04 Jan 2027");

      // Changing it asks first.
      await firm.getByRole("link", { name: "Change completion date" }).click();
      await firm.getByRole("textbox", { name: "Completion date" }).fill("2027-01-05");
      await firm.getByRole("button", { name: "Change completion date" }).click();
      await expect(firm.getByText("Change the completion date from 04 Jan 2027 to 05 Jan 2027?")).toBeVisible();
      await expectNoAxeViolations(firm, javaScriptEnabled);
      await firm.getByRole("button", { name: "Yes, change the completion date" }).click();
      await expectToast(firm, "Completion date updated successfully");
      await expect(firm.getByTestId("completion-date")).toHaveText("05 Jan 2027");

      // Ready: approve financials; then everything that changes the schedule is disabled with its reason.
      await expect(firm.getByTestId("approval-status")).toHaveText(/ready/i);
      await firm.getByRole("link", { name: "Approve financials" }).click();
      await expectNoAxeViolations(firm, javaScriptEnabled);
      await firm.getByRole("button", { name: "Approve financials" }).click();
      await expectToast(firm, "Financials approved successfully");
      await expect(firm.getByTestId("approval-status")).toHaveText(/approved/i);
      const add = card(firm, "Fund destination").getByRole("button", { name: "Add fund destination" });
      await expect(add).toHaveAttribute("aria-disabled", "true");
      await expect(card(firm, "Fund destination")).toContainText("Financials have been approved. Unapprove them to make changes.");
      await expectNoAxeViolations(firm, javaScriptEnabled);
      await expectFits320(firm);
      await firm.getByRole("link", { name: "Unapprove financials" }).click();
      await firm.getByRole("button", { name: "Unapprove financials" }).click();
      await expectToast(firm, "Financials unapproved successfully");
      await expect(card(firm, "Fund destination").getByRole("link", { name: "Add fund destination" })).toBeVisible();

      // The amount payable on completion (section 5.6): refused below 1.00, then saved and shown in pounds.
      await card(firm, "Amount payable on completion").getByRole("link", { name: "Add amount payable" }).click();
      await firm.getByLabel("Amount payable on completion (£)").fill("0");
      await firm.getByRole("button", { name: "Save", exact: true }).click();
      await expect(firm.getByText("Amount payable on completion must be at least 1.00").first()).toBeVisible();
      await expectNoAxeViolations(firm, javaScriptEnabled);
      await firm.getByLabel("Amount payable on completion (£)").fill("1,250.5");
      await firm.getByRole("button", { name: "Save", exact: true }).click();
      await expectToast(firm, "Amount payable on completion added successfully");
      await expect(firm.getByTestId("amount-payable")).toHaveText("£1,250.50");
      // The Cancel workspace button at the foot of the tab leads to the cancellation.
      await expect(card(firm, "Financials").getByRole("link", { name: "Cancel workspace" })).toHaveAttribute("href", /\/cancel$/);
      expectNoConsoleErrors(firm);
      await firm.context().close();
      await setProductClock(helpdesk, null);
    });

    test("the law firm adds a redemption from a saved account and a surplus to a personal account; accepts a close match; proceeds after a time-out", async ({ browser }) => {
      test.setTimeout(300_000);
      const href = await freshRemortgage(`DS${javaScriptEnabled ? "J" : "N"}`);
      const firm = await pageAs(browser, "manager", javaScriptEnabled);
      await firm.goto(href);

      await addDestination(firm, javaScriptEnabled, { category: "Redemption", amount: "120000", reference: "RED-1", saved: "Northgate Bank redemption" });
      await expectToast(firm, "Redemption added successfully");
      await expect(lineItem(firm, "Redemption").locator("summary")).toContainText("Linked account");

      await addDestination(firm, javaScriptEnabled, { category: "Surplus", amount: "5000.5", reference: "SUR-1", accountName: "Nia Cole", accountNumber: "10000003", personal: true });
      await expectToast(firm, "Surplus added successfully");
      const surplus = lineItem(firm, /Surplus.*£5,000\.50/);
      await expect(surplus.locator("summary")).toContainText("Verified");
      await expect(surplus).toContainText("08-99-99");
      await expect(surplus).toContainText("Personal");
      await expectNoAxeViolations(firm, javaScriptEnabled);

      // Edit the surplus's amount; delete the redemption after confirming.
      await surplus.getByRole("link", { name: "Edit" }).click();
      await expect(firm.getByRole("heading", { name: "Edit Surplus", level: 4 })).toBeVisible();
      await expect(firm.getByLabel("Amount (£)")).toHaveValue("5000.50");
      await expectNoAxeViolations(firm, javaScriptEnabled);
      await firm.getByLabel("Amount (£)").fill("6000");
      await firm.getByRole("button", { name: "Update" }).click();
      await expectToast(firm, "Surplus updated successfully");
      await expect(lineItem(firm, "Surplus").locator("summary")).toContainText("£6,000.00");
      const redemption = lineItem(firm, "Redemption");
      await redemption.locator("summary").click();
      await redemption.getByRole("link", { name: "Delete" }).click();
      await expect(firm.getByText("Redemption with reference RED-1 will be removed from the financials.")).toBeVisible();
      await firm.getByRole("button", { name: "Delete" }).click();
      await expectToast(firm, "Redemption deleted successfully");
      await expect(lineItem(firm, "Redemption")).toHaveCount(0);

      // A close match: the bank's name, and Accept with consent; then who accepted it.
      await addDestination(firm, javaScriptEnabled, { category: "Onward Funds", amount: "100", reference: "ONW-1", accountName: "Riverside Property", accountNumber: "10000016" });
      await expectToast(firm, "Account verification failed. Please review the account details.");
      const close = lineItem(firm, "Onward Funds");
      await expect(close.locator("summary")).toContainText("Partial match");
      await expect(close.getByTestId("verification-alert")).toContainText("Riverside Property Ltd");
      await expectNoAxeViolations(firm, javaScriptEnabled);
      await close.getByRole("link", { name: "Accept" }).click();
      await firm.getByRole("button", { name: "Accept" }).click();
      await expect(firm.getByText("Confirm that you accept the risk of paying an account that is not verified").first()).toBeVisible();
      await firm.getByLabel("You accept the risk of paying an account that is not verified").check();
      await firm.getByRole("button", { name: "Accept" }).click();
      await expectToast(firm, "Account manually verified successfully");
      await expect(lineItem(firm, "Onward Funds")).toContainText(new RegExp(`Accepted by ${USERS.manager.name} on \\d{2} [A-Z][a-z]{2} \\d{4}`));

      // A time-out: Retry, or proceed without verification with consent.
      await addDestination(firm, javaScriptEnabled, { category: "Surplus", amount: "77", reference: "SUR-2", accountName: "Nia Cole", accountNumber: "10000142", personal: true }, true);
      await expectToast(firm, "Account verification failed. Please review the account details.");
      const timedOut = lineItem(firm, /Surplus.*£77\.00/);
      await expect(timedOut.locator("summary")).toContainText("Verification failed");
      await expect(timedOut.getByRole("button", { name: "Retry" })).toBeVisible();
      await expectNoAxeViolations(firm, javaScriptEnabled);
      await timedOut.getByRole("link", { name: "Proceed without verification" }).click();
      await firm.getByLabel("You accept the risk of paying an account that is not verified").check();
      await firm.getByRole("button", { name: "Proceed without verification" }).click();
      await expectToast(firm, "Account manually verified successfully");
      await expect(lineItem(firm, /Surplus.*£77\.00/)).toContainText(`Accepted by ${USERS.manager.name}`);
      await expectFits320(firm);

      // An account that fails the modulus check is refused on its field and nothing is saved.
      await addDestination(firm, javaScriptEnabled, { category: "Surplus", amount: "10", reference: "SUR-3", accountName: "Nia Cole", accountNumber: "10000000", personal: true });
      const accountNumber = firm.getByRole("textbox", { name: "Account number" });
      await expect(firm.locator(".form-field--error").filter({ has: accountNumber }).locator(".field-error")).toBeVisible();
      await expect(accountNumber).toHaveValue("10000000");
      await firm.getByRole("link", { name: "Cancel", exact: true }).click();
      await expect(lineItem(firm, /£10\.00/)).toHaveCount(0);

      // A stale form: someone else changed the schedule meanwhile; the conflict message, the input kept, nothing saved.
      await card(firm, "Fund destination").getByRole("link", { name: "Add fund destination" }).click();
      await firm.getByLabel("Category").selectOption({ label: "Conveyancing Fees" });
      await firm.getByLabel("Amount (£)").fill("900");
      await firm.getByLabel("Reference").fill("FEES-1");
      const workspaceId = href.split("/")[2]!;
      const schedules = await managerApi.call("GET", `/api/settlement/v1/financial-settlement-schedules?workspace_id=${workspaceId}`);
      const [schedule] = (schedules.json as { records: { financialSettlementScheduleId: string; version: number; completionDate: string | null }[] }).records;
      const changed = await managerApi.call("PATCH", `/api/settlement/v1/financial-settlement-schedules/${schedule!.financialSettlementScheduleId}`, { completionDate: "2030-01-07" }, { "If-Match": `"${schedule!.version}"` });
      expect(changed.status, JSON.stringify(changed.json)).toBe(200);
      await firm.getByRole("button", { name: "Add", exact: true }).click();
      await expect(firm.getByText(CONFLICT_MESSAGE).first()).toBeVisible();
      await expect(firm.getByLabel("Reference")).toHaveValue("FEES-1");
      await expectNoAxeViolations(firm, javaScriptEnabled);
      await firm.goto(href);
      await expect(lineItem(firm, "Conveyancing Fees")).toHaveCount(0);
      expectNoConsoleErrors(firm);
      await firm.context().close();
    });

    test("the seller representative sees the amount payable, not the fund sources", async ({ browser }) => {
      const seller = await pageAs(browser, "keystoneCreator", javaScriptEnabled);
      await seller.goto(`${workspaceHref("purchaseTwoSided")}/financials`);
      await expect(seller.getByRole("heading", { name: "Financials", level: 2 })).toBeVisible();
      await expect(seller.getByRole("heading", { name: "Amount payable on completion", level: 3 })).toBeVisible();
      await expect(seller.locator("details.line-item").filter({ hasText: "Mortgage Advance" })).toHaveCount(0);
      await expectNoAxeViolations(seller, javaScriptEnabled);
      await expectFits320(seller);
      // With funds visibility on, the amount payable replaces the fund source card.
      await setFeatureFlag(helpdesk, "fundsVisibilityEnabled", true);
      try {
        await seller.reload();
        await expect(seller.getByRole("heading", { name: "Amount payable on completion", level: 3 })).toBeVisible();
        await expect(card(seller, "Fund source")).toHaveCount(0);
        await expect(card(seller, "Fund destination")).toBeVisible();
        await expectNoAxeViolations(seller, javaScriptEnabled);
      } finally {
        await setFeatureFlag(helpdesk, "fundsVisibilityEnabled", false);
      }
      await seller.context().close();
    });
  });
}
