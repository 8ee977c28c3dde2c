/**
 * The Property details tab (document 2 sections 2.2, 4.2, 4.3, 5.2, 5.3, 6, 8 and 9; issue 12 acceptance 1
 * and 4), with JavaScript on and off: the security address read view, its edit form (in place with
 * JavaScript, ?view=edit-address without) with its validation errors and success toast; the title panel in
 * each view (retrieve with its validation, success with the register PDF, not found, search error, pending),
 * Check for updates inside land registry hours only (on the product clock) with the banner after a check;
 * actions hidden without permission and disabled with the reason on a locked or cancelled workspace; axe on
 * every state and no horizontal scrolling at 320 px.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { FRESH, apiAs, type HelpdeskApi } from "./administration-support";
import { expectNoAxeViolations, USERS } from "./support";
import { expectNoConsoleErrors, helpdeskApiOf, pageAs, setFeatureFlag, workspaceHref } from "./workspaces-support";
import { IN_HOURS, OUT_OF_HOURS, setProductClock, TITLE_FIXTURES } from "./title-fixtures";

const TOAST = "Security address updated successfully";
const LOCKED = "This workspace is locked and can no longer be edited.";
const CANCELLED = "This workspace has been cancelled and can no longer be edited.";

let manager: HelpdeskApi;
let helpdesk: HelpdeskApi;
let created = 0;

async function apiOf(browser: Browser, email: string): Promise<HelpdeskApi> {
  const context = await browser.newContext(FRESH);
  try {
    return await apiAs(await context.newPage(), email);
  } finally {
    await context.close();
  }
}

/** A fresh purchase of Harper & Vale (the manager's firm, buyer's representative), so each test starts from no title. */
async function newWorkspace(): Promise<string> {
  created += 1;
  const { status, json } = await manager.call("POST", "/api/workspace/v1/workspaces", {
    reference: `HV/PD/${Date.now() % 100000}-${created}`,
    transactionType: "PURCHASE",
    securityAddress: { buildingName: "Lark Rise", buildingNumber: "7", street: "Elm Street", town: "Oxford", postcode: "OX1 2AB" },
    parties: [{ type: "INDIVIDUAL", role: "BUYER", partyDetails: { forenames: "Nina", surname: "Patel" } }],
  });
  expect(status, JSON.stringify(json)).toBe(201);
  return `/workspaces/${(json as { workspaceId: string }).workspaceId}/property-details`;
}

const setClock = (now: string | null) => setProductClock(helpdesk, now);

/** Nothing wider than the window at 320 px (WCAG 1.4.10 reflow). */
async function expectReflowAt320(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}

const titlePanel = (page: Page) => page.getByRole("region", { name: "Title information" });
const addressSection = (page: Page) => page.getByRole("region", { name: "Security address" });

test.beforeAll(async ({ browser }) => {
  manager = await apiOf(browser, USERS.manager.email);
  helpdesk = await helpdeskApiOf(browser);
});
// The land registry answers only in its hours (outside them a search waits, pending): every test starts inside.
test.beforeEach(async () => {
  await setClock(IN_HOURS);
});
test.afterAll(async () => {
  if (helpdesk) await setClock(null);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`property details (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test("edits the security address: validation errors with the input kept, then the toast and the new address", async ({ browser }) => {
      const href = await newWorkspace();
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.goto(href);
      await expect(page.getByRole("heading", { name: "Property details", level: 2 })).toBeVisible();
      const section = addressSection(page);
      await expect(section.getByText("Lark Rise")).toBeVisible();
      await expect(section.getByText("OX1 2AB")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await expectReflowAt320(page);

      // The Edit menu (a <details>, so it opens without JavaScript too) and its one item.
      await section.getByText("Edit", { exact: true }).click();
      await section.getByRole("link", { name: "Edit security address" }).click();
      if (javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`${href}$`));
      else await expect(page).toHaveURL(/\?view=edit-address$/);
      const form = page.getByRole("form", { name: "Edit security address" });
      await expect(form.getByLabel("Building name")).toHaveValue("Lark Rise");
      await expectNoAxeViolations(page, javaScriptEnabled);

      // Section 5.2: a building name or number, no leading space, a valid postcode.
      await form.getByLabel("Building name").fill("");
      await form.getByLabel("Building number").fill("");
      await form.getByLabel("Street").fill(" Elm Street");
      await form.getByLabel("Postcode").fill("NOPE");
      await form.getByRole("button", { name: "Update" }).click();
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary).toBeVisible();
      await expect(summary.getByRole("link", { name: "Enter at least one of building name or building number" })).toBeVisible();
      await expect(summary.getByRole("link", { name: "Enter a valid Postcode" })).toBeVisible();
      await expect(summary.getByRole("link", { name: /Street/ })).toBeVisible();
      await expect(form.getByLabel("Postcode")).toHaveValue("NOPE");
      await expectNoAxeViolations(page, javaScriptEnabled);
      await expectReflowAt320(page);

      // Fixed: the postcode is sent in capitals; the toast of section 8; the read view and the heading follow.
      await form.getByLabel("Building number").fill("12");
      await form.getByLabel("Street").fill("Elm Street");
      await form.getByLabel("Postcode").fill("ox2 6gg");
      await form.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText(TOAST)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(section.getByText("OX2 6GG")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("12 Elm Street, Oxford, OX2 6GG");
      await expect(page.getByRole("form", { name: "Edit security address" })).toHaveCount(0);
      await expectNoAxeViolations(page, javaScriptEnabled);

      // Cancel goes back to the read view with nothing changed.
      await section.getByText("Edit", { exact: true }).click();
      await section.getByRole("link", { name: "Edit security address" }).click();
      const again = page.getByRole("form", { name: "Edit security address" });
      await again.getByLabel("Town").fill("Abingdon");
      await again.getByRole("button", { name: "Cancel", exact: true }).click();
      await expect(page.getByRole("form", { name: "Edit security address" })).toHaveCount(0);
      await expect(section.getByText("Oxford")).toBeVisible();
      expectNoConsoleErrors(page);
      await page.context().close();
    });

    test("retrieves a title: the number's validation, the success accordion and its register PDF", async ({ browser }) => {
      const href = await newWorkspace();
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.goto(href);
      const panel = titlePanel(page);
      await expect(panel.getByLabel("Title number")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);

      await panel.getByLabel("Title number").fill("not a title");
      // Leaving the field shows its message first (with JavaScript), so the button is clicked where it then is.
      await panel.getByLabel("Title number").blur();
      await panel.getByRole("button", { name: "Retrieve" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" }).getByRole("link", { name: "Please enter a valid title number" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);

      // Lower case is accepted: the number is sent in capitals (section 5.3).
      await panel.getByLabel("Title number").fill(TITLE_FIXTURES.success.toLowerCase());
      await panel.getByRole("button", { name: "Retrieve" }).click();
      const accordion = panel.locator("details.title-accordion");
      await expect(accordion).toBeVisible();
      await expect(accordion.locator("summary")).toContainText(TITLE_FIXTURES.success);
      await expect(accordion.getByText("Registered proprietors")).toBeVisible();
      await expect(accordion.getByText("Address", { exact: true })).toBeVisible();
      await expect(accordion.getByText("pdf", { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await expectReflowAt320(page);

      // The accordion closes and opens by its summary, without JavaScript too.
      await accordion.locator("summary").click();
      await expect(accordion.getByText("Registered proprietors")).toBeHidden();
      await accordion.locator("summary").click();
      await expect(accordion.getByText("Registered proprietors")).toBeVisible();

      // The register PDF, through the app with the user's session: an attachment the browser must not sniff.
      const link = accordion.locator("a.title-document").first();
      const pdf = await page.request.get((await link.getAttribute("href"))!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toContain("application/pdf");
      expect(pdf.headers()["content-disposition"]).toMatch(/^attachment/);
      expect(pdf.headers()["x-content-type-options"]).toBe("nosniff");
      expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
      expectNoConsoleErrors(page);
      await page.context().close();
    });

    test("Check for updates shows inside land registry hours only, and says whether the title changed", async ({ browser }) => {
      const href = await newWorkspace();
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      try {
        await page.goto(href);
        const panel = titlePanel(page);
        await panel.getByLabel("Title number").fill(TITLE_FIXTURES.changes);
        await panel.getByRole("button", { name: "Retrieve" }).click();
        await expect(panel.locator("details.title-accordion")).toBeVisible();
        const check = panel.getByRole("button", { name: "Check for updates" });
        await expect(check).toBeVisible();
        await check.click();
        await expect(panel.getByRole("status")).toHaveText("The title information has changed since it was last retrieved.");
        await expectNoAxeViolations(page, javaScriptEnabled);
        await panel.getByRole("button", { name: "Check for updates" }).click();
        await expect(panel.getByRole("status")).toHaveText("No changes were found in the title information.");
        await expectNoAxeViolations(page, javaScriptEnabled);

        await setClock(OUT_OF_HOURS);
        await page.goto(href);
        await expect(panel.locator("details.title-accordion")).toBeVisible();
        await expect(panel.getByRole("button", { name: "Check for updates" })).toHaveCount(0);
        await expect(panel.getByText("Check for updates is available during land registry business hours, 06:30 to 23:00 (London time).")).toBeVisible();
        await expectNoAxeViolations(page, javaScriptEnabled);
      } finally {
        await setClock(IN_HOURS);
      }
      expectNoConsoleErrors(page);
      await page.context().close();
    });

    test("shows not found, search error and pending, each with what the user can do", async ({ browser }) => {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      const outcomes = [
        { number: TITLE_FIXTURES.notFound, heading: "No title was found", text: "Enter a title number to retrieve the title information.", form: true },
        { number: TITLE_FIXTURES.error, heading: "The title search could not be completed", text: "Enter a title number to retrieve the title information.", form: true },
        { number: TITLE_FIXTURES.pending, heading: "Title search in progress", text: "Please check back during land registry business hours", form: false },
      ];
      for (const outcome of outcomes) {
        const href = await newWorkspace();
        await page.goto(href);
        const panel = titlePanel(page);
        await panel.getByLabel("Title number").fill(outcome.number);
        await panel.getByRole("button", { name: "Retrieve" }).click();
        await expect(panel.getByRole("heading", { name: outcome.heading })).toBeVisible();
        await expect(panel.getByText(outcome.text)).toBeVisible();
        await expect(panel.getByRole("button", { name: "Retrieve" })).toHaveCount(outcome.form ? 1 : 0);
        await expectNoAxeViolations(page, javaScriptEnabled);
        await expectReflowAt320(page);
      }
      expectNoConsoleErrors(page);
      await page.context().close();
    });

    test("shows restrictions and lenders only with their flags, and the unsupported-title alert", async ({ browser }) => {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      try {
        const href = await newWorkspace();
        await page.goto(href);
        const panel = titlePanel(page);
        await panel.getByLabel("Title number").fill(TITLE_FIXTURES.restrictionsAndCharges);
        await panel.getByRole("button", { name: "Retrieve" }).click();
        const accordion = panel.locator("details.title-accordion");
        await expect(accordion).toBeVisible();
        await expect(accordion.getByText("Oliver Bennett")).toBeVisible();
        // The title-pilot flag is off and the discharge-application display flag on, by default.
        await expect(accordion.getByText("Restrictions", { exact: true })).toHaveCount(0);
        await expect(accordion.getByText("Northgate Bank plc")).toBeVisible();
        await setFeatureFlag(helpdesk, "hmlrTitlePilotEnabled", true);
        await setFeatureFlag(helpdesk, "displayDischargeApplicationEnabled", false);
        await page.reload();
        await expect(accordion.getByText("Restrictions", { exact: true })).toBeVisible();
        await expect(accordion.getByText(/No disposition by a sole proprietor/)).toBeVisible();
        await expect(accordion.getByText("Lenders", { exact: true })).toHaveCount(0);
        await expectNoAxeViolations(page, javaScriptEnabled);

        const unsupported = await newWorkspace();
        await page.goto(unsupported);
        await panel.getByLabel("Title number").fill(TITLE_FIXTURES.unsupported);
        await panel.getByRole("button", { name: "Retrieve" }).click();
        await expect(panel.getByRole("alert").filter({ hasText: "Unsupported title" })).toContainText(
          "An unsupported outgoing lender type or charge has been found on the title, so the workspace must be cancelled.",
        );
        await expectNoAxeViolations(page, javaScriptEnabled);
        await expectReflowAt320(page);
      } finally {
        await setFeatureFlag(helpdesk, "hmlrTitlePilotEnabled", false);
        await setFeatureFlag(helpdesk, "displayDischargeApplicationEnabled", true);
      }
      expectNoConsoleErrors(page);
      await page.context().close();
    });

    test("hides actions without permission and disables them, with the reason, when locked or cancelled", async ({ browser }) => {
      // Keystone's viewer may not retrieve titles nor edit addresses: no form, no menu, the no-action text.
      const viewer = await pageAs(browser, "viewer", javaScriptEnabled);
      await viewer.goto(`${workspaceHref("purchaseOrganisationPreparing")}/property-details`);
      await expect(titlePanel(viewer).getByRole("button", { name: "Retrieve" })).toHaveCount(0);
      await expect(addressSection(viewer).getByText("Edit", { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(viewer, javaScriptEnabled);
      await viewer.context().close();

      const page = await pageAs(browser, "manager", javaScriptEnabled);
      for (const [key, reason] of [
        ["remortgageApproved", LOCKED],
        ["remortgageCancelled", CANCELLED],
      ] as const) {
        await page.goto(`${workspaceHref(key)}/property-details`);
        const edit = addressSection(page).getByRole("button", { name: "Edit" });
        await expect(edit).toHaveAttribute("aria-disabled", "true");
        await expect(edit).toHaveAccessibleDescription(reason);
        await expect(addressSection(page).getByText(reason)).toBeVisible();
        // Without the edit menu, the form's own address shows the read view.
        await page.goto(`${workspaceHref(key)}/property-details?view=edit-address`);
        await expect(page.getByRole("form", { name: "Edit security address" })).toHaveCount(0);
        await expectNoAxeViolations(page, javaScriptEnabled);
      }
      expectNoConsoleErrors(page);
      await page.context().close();
    });
  });
}
