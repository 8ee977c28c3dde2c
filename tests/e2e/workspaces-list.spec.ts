/**
 * The workspace list (document 1 section 2.4; issue 4 acceptance 1, 2 and 4), with JavaScript on and off,
 * as demo users of each subscriber type (a lender, a law firm, a conveyancing firm, the helpdesk): search by
 * each field, the status filter, quick filters, the completion date sort, paging and page sizes, both
 * layouts (the card layout also through its feature flag alone), the empty states, row and card navigation
 * by click and keyboard, the overflow tooltips, the role-dependent default search field, the 403 page
 * without view permission, and axe on every state.
 */
import { expect, test, type Page } from "@playwright/test";
import type { HelpdeskApi } from "./administration-support";
import { expectNoAxeViolations, login, USERS } from "./support";
import {
  clickAndWaitForUrl,
  DEMO_WORKSPACES,
  expectNoConsoleErrors,
  helpdeskApiOf,
  listDateValue,
  pageAs,
  setFeatureFlag,
  tableRows,
  visibleTooltip,
  workspaceHref,
} from "./workspaces-support";

async function search(page: Page, field: string, text: string) {
  await page.getByLabel("Search by").selectOption({ label: field });
  await page.getByRole("searchbox", { name: "Search" }).fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === text);
}

/** The "of N" of the pager's summary. */
async function totalOf(page: Page): Promise<number> {
  const text = await page.getByText(/^Showing \d+ to \d+ of \d+$/).textContent();
  return Number(/of (\d+)$/.exec(text ?? "")?.[1]);
}

async function openStatusFilter(page: Page) {
  const summary = page.locator("summary", { hasText: /^Status/ });
  await summary.click();
  await expect(page.getByRole("button", { name: "Apply" })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`workspace list (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test("the law firm searches by each field, filters by status and quick filter, sorts and pages the table", async ({ browser }) => {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.goto("/workspaces");
      await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: "Create workspace" })).toBeVisible();
      // Party name is the default search field for everyone but the helpdesk.
      await expect(page.getByLabel("Search by")).toHaveValue("applicantName");
      await expect(tableRows(page)).toHaveCount(10);
      await expect(page.getByText("Showing 1 to 10 of 11")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);

      // Search by each field.
      await search(page, "Applicant name", "Shah");
      await expect(tableRows(page)).toHaveCount(1);
      await expect(tableRows(page).first()).toContainText("Shah, Priya");
      await expect(tableRows(page).first()).toContainText(DEMO_WORKSPACES.purchaseReady.workspaceReferenceId);
      await search(page, "Postcode", "RG1 1LX");
      await expect(tableRows(page)).toHaveCount(1);
      await expect(tableRows(page).first()).toContainText(DEMO_WORKSPACES.remortgageLodged.workspaceReferenceId);
      await search(page, "Workspace ID", DEMO_WORKSPACES.remortgageExchanged.workspaceReferenceId);
      await expect(tableRows(page)).toHaveCount(1);
      await expect(tableRows(page).first()).toContainText("9 Mill Road, Cambridge, CB1 2AD");
      await search(page, "Incoming lender reference", "NG-MA-100330");
      await expect(tableRows(page)).toHaveCount(1);
      await expect(tableRows(page).first()).toContainText(DEMO_WORKSPACES.purchaseRequisitioned.workspaceReferenceId);
      // The search is in the URL: the view can be bookmarked.
      expect(new URL(page.url()).searchParams.get("field")).toBe("incomingLenderReference");
      await search(page, "Postcode", "ZZ1");
      await expect(page.getByText("No matches found")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await clickAndWaitForUrl(page, page.getByRole("link", { name: "Clear search" }), /\/workspaces$/);
      await expect(tableRows(page)).toHaveCount(10);

      // The status filter: only Lodged, then Reset to the default six, then Clear (every status).
      await openStatusFilter(page);
      await expectNoAxeViolations(page, javaScriptEnabled);
      for (const status of ["Created", "Prepared", "Funds authorised", "Funds exchanged", "Requisitioned"]) {
        await page.getByRole("checkbox", { name: status, exact: true }).uncheck();
      }
      await expect(page.getByRole("checkbox", { name: "Lodged" })).toBeChecked();
      await clickAndWaitForUrl(page, page.getByRole("button", { name: "Apply" }), /status=LODGED/);
      await expect(tableRows(page)).toHaveCount(1);
      await expect(tableRows(page).first()).toContainText("Lodged");
      await expect(page.locator("summary", { hasText: /^Status/ })).toContainText("1 selected");
      await openStatusFilter(page);
      await clickAndWaitForUrl(page, page.getByRole("link", { name: "Reset" }), /\/workspaces$/);
      await expect(page.getByText("Showing 1 to 10 of 11")).toBeVisible();
      await openStatusFilter(page);
      await clickAndWaitForUrl(page, page.getByRole("link", { name: "Clear" }), /filtered=1/);
      // No status filter: the cancelled workspace WS-0000013 counts too.
      await expect(page.locator("summary", { hasText: /^Status/ })).toContainText("all");
      await expect.poll(() => totalOf(page)).toBeGreaterThan(11);

      // A quick filter: its count is the number of rows; one at a time; clicking it again clears it.
      await page.goto("/workspaces");
      const chips = page.getByRole("navigation", { name: "Quick filters" });
      const exceptions = chips.getByRole("link", { name: /Exception tasks pending/ });
      const count = Number(/\((\d+)\)/.exec((await exceptions.textContent()) ?? "")?.[1]);
      expect(count).toBeGreaterThan(0);
      await clickAndWaitForUrl(page, exceptions, /chip=EXCEPTION_TASKS_PENDING/);
      await expect(tableRows(page)).toHaveCount(count);
      await expect(chips.locator("[aria-current]")).toHaveCount(1);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await clickAndWaitForUrl(page, chips.getByRole("link", { name: /Funds authorisation pending/ }), /chip=FUNDS_AUTHORISATION_PENDING/);
      await expect(chips.locator("[aria-current]")).toHaveCount(1);
      await clickAndWaitForUrl(page, chips.getByRole("link", { name: /Funds authorisation pending/ }), /\/workspaces$/);
      await expect(chips.locator("[aria-current]")).toHaveCount(0);

      // Completion date sort: nearest first, then furthest first, then none.
      const header = page.getByRole("columnheader", { name: /Completion date/ });
      await clickAndWaitForUrl(page, header.getByRole("link"), /sort=ASC/);
      await expect(header).toHaveAttribute("aria-sort", "ascending");
      const ascending = (await tableRows(page).locator("td:nth-child(3)").allTextContents()).map(listDateValue);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      await clickAndWaitForUrl(page, header.getByRole("link"), /sort=DESC/);
      await expect(header).toHaveAttribute("aria-sort", "descending");
      const descending = (await tableRows(page).locator("td:nth-child(3)").allTextContents()).map(listDateValue);
      expect(descending).toEqual([...descending].sort((a, b) => b - a));

      // Paging and the page size.
      await page.goto("/workspaces");
      const pages = page.getByRole("navigation", { name: "Pages" });
      await clickAndWaitForUrl(page, pages.getByRole("link", { name: "Next page" }), /page=2/);
      await expect(page.getByText("Showing 11 to 11 of 11")).toBeVisible();
      await expect(tableRows(page)).toHaveCount(1);
      await page.getByLabel("Rows per page").selectOption("20");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Show" }).click();
      await page.waitForURL(/size=20/);
      await expect(tableRows(page)).toHaveCount(11);
      // Changing the page size goes back to page 1.
      expect(new URL(page.url()).searchParams.get("page")).toBeNull();
      expectNoConsoleErrors(page);
      await page.context().close();
    });

    test("rows open the workspace by a click and by the keyboard", async ({ browser }) => {
      const page = await pageAs(browser, "lender", javaScriptEnabled);
      await page.goto(`/workspaces?field=workspaceReferenceId&q=${DEMO_WORKSPACES.remortgageReady.workspaceReferenceId}`);
      const row = tableRows(page).first();
      if (javaScriptEnabled) {
        // A click anywhere in the row.
        await clickAndWaitForUrl(page, row.getByRole("cell").nth(1), /\/workspaces\/[0-9a-f-]{36}\/overview$/);
        await page.goBack();
        await expect(tableRows(page)).toHaveCount(1);
      }
      // The link in the row, by the keyboard.
      await row.getByRole("link").focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`**${workspaceHref("remortgageReady")}/overview`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orchard House, 3 Church Road, Winchester, SO23 9LP");
      await page.context().close();
    });

    test("the lender sees its chips' counts; the helpdesk searches by workspace ID by default and sees every workspace", async ({ browser }) => {
      const lender = await pageAs(browser, "lender", javaScriptEnabled);
      await lender.goto("/workspaces");
      const chips = lender.getByRole("navigation", { name: "Quick filters" });
      await expect(chips.getByRole("link", { name: /Exception tasks pending \(3\)/ })).toBeVisible();
      await expect(chips.getByRole("link", { name: /Funds authorisation pending \(2\)/ })).toBeVisible();
      await expect(chips.getByRole("link", { name: /Lodgement submission pending \(1\)/ })).toBeVisible();
      const types = lender.getByRole("navigation", { name: "Transaction type" });
      await clickAndWaitForUrl(lender, types.getByRole("link", { name: "Remortgage", exact: true }), /type=REMORTGAGE/);
      await expect(types.getByRole("link", { name: "Remortgage", exact: true })).toHaveAttribute("aria-current", "page");
      const purchases = Object.values(DEMO_WORKSPACES).filter((w) => w.transactionType === "PURCHASE").map((w) => w.workspaceReferenceId);
      const shown = await tableRows(lender).locator("td:nth-child(5)").allTextContents();
      expect(shown.length).toBeGreaterThan(0);
      for (const reference of shown) expect(purchases).not.toContain(reference);
      await lender.context().close();

      const helpdesk = await pageAs(browser, "helpdesk", javaScriptEnabled);
      await helpdesk.goto("/workspaces");
      await expect(helpdesk.getByLabel("Search by")).toHaveValue("workspaceReferenceId");
      // Every workspace in the default six statuses (18 less the closed and the two cancelled).
      await expect.poll(() => totalOf(helpdesk)).toBeGreaterThanOrEqual(15);
      await search(helpdesk, "Workspace ID", "4");
      await expect(tableRows(helpdesk)).toHaveCount(1);
      await expect(tableRows(helpdesk).first()).toContainText("Brightwater Homes Ltd");
      await expectNoAxeViolations(helpdesk, javaScriptEnabled);
      await helpdesk.context().close();
    });

    test("the card layout: type dropdown, search by postcode, sort and filter with its badge, pager above six", async ({ browser }) => {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.goto("/workspaces?layout=cards&size=12");
      const cards = page.locator(".workspace-cards > li");
      await expect(cards).toHaveCount(11);
      // The first two applicants and a count of the others, the user's own role.
      const okafor = cards.filter({ hasText: "27 Beech Avenue" });
      await expect(okafor).toContainText("James Okafor, Grace Okafor +2");
      await expect(okafor).toContainText("Incoming lender representative");
      await page.goto("/workspaces?layout=cards");
      await expect(cards).toHaveCount(6);
      await expect(page.getByLabel("Search by")).toHaveValue("postcode");
      await expect(page.getByLabel("Search by").locator("option")).toHaveText(["Postcode", "Workspace ID"]);
      await expectNoAxeViolations(page, javaScriptEnabled);

      // Transaction type.
      await page.getByLabel("Transaction type").selectOption({ label: "Purchase workspaces" });
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL(/type=PURCHASE/);
      // (The address changes before the page does with JavaScript: assertions that wait.)
      await expect(cards.filter({ hasNotText: "Purchase" })).toHaveCount(0);
      await expect(cards).not.toHaveCount(0);
      // Search by postcode, then by workspace ID (the other search is cleared).
      await search(page, "Postcode", "BS1");
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText(DEMO_WORKSPACES.purchaseReady.workspaceReferenceId);
      await page.getByLabel("Search by").selectOption({ label: "Workspace ID" });
      if (javaScriptEnabled) await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
      await search(page, "Workspace ID", DEMO_WORKSPACES.purchaseTwoSided.workspaceReferenceId);
      await expect(cards).toHaveCount(1);
      expect(new URL(page.url()).searchParams.get("field")).toBe("workspaceReferenceId");

      // Sort and filter: nearest completion first; the badge counts it.
      await page.goto("/workspaces?layout=cards");
      await page.locator("summary", { hasText: "Sort and filter" }).click();
      await expect(page.getByRole("radio", { name: "Nearest to furthest" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByRole("radio", { name: "Nearest to furthest" }).check();
      await clickAndWaitForUrl(page, page.getByRole("button", { name: "Apply" }), /sort=ASC/);
      await expect(page.locator("summary", { hasText: "Sort and filter" })).toContainText("1 active");
      const dates = await cards.locator("dt:text-is('Completion date') + dd").allTextContents();
      expect(dates.map(listDateValue)).toEqual(dates.map(listDateValue).sort((a, b) => a - b));

      // The pager shows above six: 11 workspaces in pages of 6; none with 12 a page.
      await page.goto("/workspaces?layout=cards");
      await clickAndWaitForUrl(page, page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" }), /page=2/);
      await expect(cards).toHaveCount(5);
      await page.getByLabel("Workspaces per page").selectOption("12");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Show" }).click();
      await page.waitForURL(/size=12/);
      await expect(cards).toHaveCount(11);
      await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
      // A card opens the workspace.
      await clickAndWaitForUrl(page, cards.first().getByRole("link"), /\/overview$/);
      expectNoConsoleErrors(page);
      await page.context().close();
    });

    test("the conveyancing firm's viewer searches, filters, sorts and pages its workspaces and opens them read-only", async ({ browser }) => {
      const page = await pageAs(browser, "viewer", javaScriptEnabled);
      await page.goto("/workspaces");
      await expect(page.getByLabel("Search by")).toHaveValue("applicantName");
      // Keystone Conveyancing takes part in seven workspaces of the default six statuses.
      await expect(page.getByText("Showing 1 to 7 of 7")).toBeVisible();
      await expect(page.getByRole("link", { name: "Create workspace" })).toHaveCount(0);

      // Search by each field.
      await search(page, "Applicant name", "Lindqvist");
      await expect(tableRows(page)).toHaveCount(1);
      await expect(tableRows(page).first().getByRole("rowheader")).toHaveText(/^Lindqvist, Rosa, open workspace WS-0000019\s*\+1$/);
      await expect(tableRows(page).first()).toContainText(DEMO_WORKSPACES.remortgageLodgementDelayed.workspaceReferenceId);
      await search(page, "Postcode", "L3 9AG");
      await expect(tableRows(page)).toHaveCount(1);
      await expect(tableRows(page).first()).toContainText(DEMO_WORKSPACES.purchaseTwoSided.workspaceReferenceId);
      await search(page, "Workspace ID", "16");
      await expect(tableRows(page)).toHaveCount(1);
      await expect(tableRows(page).first()).toContainText("Davies, Owen");
      await search(page, "Incoming lender reference", "ng-ma-10030");
      await expect(tableRows(page)).toHaveCount(1);
      await expect(tableRows(page).first()).toContainText("Kestrel Property Holdings Ltd");
      await expect(tableRows(page).first()).toContainText("NG-MA-100301");
      await expectNoAxeViolations(page, javaScriptEnabled);

      // Only Funds exchanged: the two-sided company purchase and the remortgage whose lodgement is delayed.
      await page.goto("/workspaces");
      await openStatusFilter(page);
      for (const status of ["Created", "Prepared", "Funds authorised", "Lodged", "Requisitioned"]) {
        await page.getByRole("checkbox", { name: status, exact: true }).uncheck();
      }
      await clickAndWaitForUrl(page, page.getByRole("button", { name: "Apply" }), /status=FUNDS_EXCHANGED/);
      await expect(tableRows(page)).toHaveCount(2);
      await expect(tableRows(page).locator("td:nth-child(4)")).toHaveText(["Funds exchanged", "Funds exchanged"]);

      // A quick filter: Companies House evidence is pending on the company's purchase alone.
      await page.goto("/workspaces");
      const chips = page.getByRole("navigation", { name: "Quick filters" });
      await clickAndWaitForUrl(page, chips.getByRole("link", { name: /Companies House registration pending \(1\)/ }), /chip=COMPANIES_HOUSE_REGISTRATION_PENDING/);
      await expect(tableRows(page)).toHaveCount(1);
      await expect(tableRows(page).first()).toContainText(DEMO_WORKSPACES.purchaseExchangedOrganisation.workspaceReferenceId);

      // Sorted by completion date, nearest first, the dates to be provided last.
      await page.goto("/workspaces");
      const header = page.getByRole("columnheader", { name: /Completion date/ });
      await clickAndWaitForUrl(page, header.getByRole("link"), /sort=ASC/);
      const dates = (await tableRows(page).locator("td:nth-child(3)").allTextContents()).map(listDateValue);
      expect(dates).toHaveLength(7);
      expect(dates).toEqual([...dates].sort((a, b) => a - b));
      expect(dates.at(-1)).toBe(Number.POSITIVE_INFINITY);

      // Paged: seven workspaces are two pages of six cards.
      await page.goto("/workspaces?layout=cards");
      const cards = page.locator(".workspace-cards > li");
      await expect(cards).toHaveCount(6);
      await clickAndWaitForUrl(page, page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" }), /page=2/);
      await expect(cards).toHaveCount(1);
      await expect(page.getByText("Showing 7 to 7 of 7")).toBeVisible();

      // As the seller's representative of a two-sided purchase: its own reference, no tasks, no actions.
      await search(page, "Workspace ID", DEMO_WORKSPACES.purchaseTwoSided.workspaceReferenceId);
      await clickAndWaitForUrl(page, cards.first().getByRole("link"), /\/overview$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("23 Chapel Street, Liverpool, L3 9AG");
      const summary = page.getByRole("article", { name: "Summary" });
      await expect(summary).toContainText("KC-S-0092");
      await expect(summary).not.toContainText("HV/PUR/3335");
      await expect(page.getByRole("heading", { name: "In preparation" })).toBeVisible();
      await expect(page.getByRole("group", { name: "Workspace actions" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /Approve|Cancel/ })).toHaveCount(0);
      await expect(page.getByText("No tasks for you right now.")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      // The same role once funds are exchanged: locked, view only.
      await page.goto(workspaceHref("purchaseExchangedOrganisation"));
      await expect(page.getByText("Workspace is in view-only mode")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Funds exchanged" })).toBeVisible();
      // As the lender's representative whose applications are being finalised: the lodgement delay.
      await page.goto(workspaceHref("remortgageLodgementDelayed"));
      await expect(page.getByRole("heading", { name: "Lodgement delayed" })).toBeVisible();
      await expect(page.getByText("Workspace is in view-only mode")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      expectNoConsoleErrors(page);
      await page.context().close();
    });

    test("a user without view:workspaces gets the 403 page on the list and on a workspace of their subscriber", async ({ browser }) => {
      const page = await pageAs(browser, "userManager", javaScriptEnabled);
      for (const path of ["/workspaces", workspaceHref("purchaseTwoSided"), "/create-workspace"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(403);
        await expect(page.getByRole("heading", { name: "You do not have access" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Go to workspaces" })).toHaveAttribute("href", "/workspaces");
        await expect(page.getByRole("table")).toHaveCount(0);
        await expect(page.getByText("23 Chapel Street")).toHaveCount(0);
      }
      // The header offers no Workspaces tab either.
      await expect(page.getByRole("banner").getByRole("link", { name: "Workspaces", exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.context().close();
    });

    test("a viewer sees no Create button and gets 403 on /create-workspace, and 404 for another subscriber's workspace", async ({ browser }) => {
      const page = await pageAs(browser, "viewer", javaScriptEnabled);
      await page.goto("/workspaces");
      await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: "Create workspace" })).toHaveCount(0);
      const forbidden = await page.goto("/create-workspace");
      expect(forbidden?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "You do not have access" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      // Keystone Conveyancing takes no part in WS-0000001.
      const notFound = await page.goto(workspaceHref("remortgagePreparing"));
      expect(notFound?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      // …and the old address form redirects to the same answer.
      await page.goto(`/workspace-detail/${DEMO_WORKSPACES.remortgagePreparing.workspaceId}`);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await page.context().close();
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`empty lists (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("a user of a subscriber without workspaces and without create permission sees the empty state", async ({ page }) => {
      // A login of its own: switching subscriber changes the session.
      await login(page, USERS.manager.email);
      await page.getByRole("banner").getByText(USERS.manager.name).first().click();
      await page.getByRole("banner").getByRole("link", { name: "Ashdown Legal" }).click();
      await page.getByRole("button", { name: "Switch Subscriber" }).click();
      await page.waitForURL(/\/workspaces/);
      await expect(page.getByText("Looks like you haven't been added to any workspaces yet.")).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Create workspace" })).toHaveCount(0);
      await expectNoAxeViolations(page, javaScriptEnabled);
    });

    test("a creator at a subscriber without workspaces is offered to create one", async ({ page }) => {
      await login(page, USERS.creator.email);
      await expect(page.getByText("No workspace at the moment. Let's create one.")).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      await expectNoAxeViolations(page, javaScriptEnabled);
      const offer = page.locator(".empty-state").getByRole("link", { name: "Create workspace" });
      await clickAndWaitForUrl(page, offer, /\/create-workspace$/);
      await expect(page.getByRole("heading", { name: "Create workspace" })).toBeVisible();
    });
  });
}

test.describe("the card layout through its feature flag", () => {
  let api: HelpdeskApi;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    api = await helpdeskApiOf(browser);
  });

  test("upliftWorkspaceListEnabled alone turns the list into cards, which open by the keyboard; turned off, the table is back", async ({ browser }) => {
    const page = await pageAs(browser, "manager", true);
    const noScript = await pageAs(browser, "manager", false);
    const cards = (p: Page) => p.locator(".workspace-cards > li");
    try {
      await page.goto("/workspaces");
      await expect(page.getByRole("table", { name: "Workspaces" })).toBeVisible();
      await expect(cards(page)).toHaveCount(0);

      await setFeatureFlag(api, "upliftWorkspaceListEnabled", true);
      for (const p of [page, noScript]) {
        await p.goto("/workspaces");
        await expect(cards(p)).toHaveCount(6);
        await expect(p.getByRole("table")).toHaveCount(0);
        // The cards' own controls: the type dropdown and the Sort and filter panel, six a page.
        await expect(p.getByLabel("Transaction type")).toBeVisible();
        await expect(p.getByLabel("Workspaces per page")).toHaveValue("6");
        expect(new URL(p.url()).searchParams.get("layout")).toBeNull();
        // Enter on the card's link opens the workspace.
        await cards(p).first().getByRole("link").focus();
        await p.keyboard.press("Enter");
        await p.waitForURL(/\/workspaces\/[0-9a-f-]{36}\/overview$/);
        await expect(p.getByRole("navigation", { name: "Workspace sections" })).toBeVisible();
      }
    } finally {
      await setFeatureFlag(api, "upliftWorkspaceListEnabled", false);
    }
    await page.goto("/workspaces");
    await expect(page.getByRole("table", { name: "Workspaces" })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    expectNoConsoleErrors(page);
    await page.context().close();
    await noScript.context().close();
  });
});

// Without JavaScript every link is a page load (the tests above follow them).
test.describe("navigation with JavaScript", () => {
  test("the list's links, its rows and the header's tabs navigate in place; the logo reloads the list", async ({ browser }) => {
    const page = await pageAs(browser, "lender", true);
    await page.goto("/workspaces");
    await expect(tableRows(page)).toHaveCount(10);
    // A mark on the document, gone after a page load.
    const stillTheSameDocument = () => page.evaluate(() => (window as { listMark?: boolean }).listMark === true);
    await page.evaluate(() => ((window as { listMark?: boolean }).listMark = true));

    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await page.getByRole("navigation", { name: "Transaction type" }).getByRole("link", { name: "Remortgage", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("type") === "REMORTGAGE");
    await expect(tableRows(page).first()).toBeVisible();
    expect(await stillTheSameDocument()).toBe(true);

    await clickAndWaitForUrl(page, tableRows(page).first().getByRole("cell").nth(1), /\/workspaces\/[0-9a-f-]{36}\/overview$/);
    expect(await stillTheSameDocument()).toBe(true);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Workspaces", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/workspaces");
    await expect(tableRows(page)).toHaveCount(10);
    expect(await stillTheSameDocument()).toBe(true);

    // On the list the logo loads it anew.
    await page.getByRole("link", { name: "Convey workspaces" }).click();
    await expect.poll(stillTheSameDocument).toBe(false);
    await expect(tableRows(page)).toHaveCount(10);
    expectNoConsoleErrors(page);
    await page.context().close();
  });
});

test.describe("overflow tooltips", () => {
  test("with JavaScript only cut texts and counts have a tooltip, shown on hover and keyboard focus; without, a title", async ({ browser }) => {
    const page = await pageAs(browser, "manager", true);
    await page.goto(`/workspaces?field=workspaceReferenceId&q=${DEMO_WORKSPACES.purchaseReady.workspaceReferenceId}`);
    const row = tableRows(page).first();
    const address = row.locator("td").nth(0).locator("span").first();
    const reference = row.locator("td").nth(4).locator("span").first();
    // The long address is cut: it can be focused and describes itself with its whole text.
    await expect(address).toHaveAttribute("tabindex", "0");
    await expect(reference).toHaveText("NG-MA-100262");
    await expect(reference).not.toHaveAttribute("tabindex", "0");
    await expect(reference).not.toHaveAttribute("title");
    await expect(visibleTooltip(page)).toHaveCount(0);
    await address.focus();
    await expect(visibleTooltip(page)).toHaveText("Flat 2, Riverside Court, Quay Street, Bristol, BS1 4RS");
    await expect(address).toHaveAccessibleDescription("Flat 2, Riverside Court, Quay Street, Bristol, BS1 4RS");
    await page.keyboard.press("Escape");
    await expect(visibleTooltip(page)).toHaveCount(0);
    await reference.hover();
    await expect(visibleTooltip(page)).toHaveCount(0);
    await address.hover();
    await expect(visibleTooltip(page)).toBeVisible();
    // The applicant count lists every applicant, on the name's link by the keyboard.
    const applicant = row.getByRole("link", { name: /Shah, Priya/ });
    await applicant.focus();
    await expect(visibleTooltip(page)).toHaveText("Priya Shah, Arjun Shah, Meera Shah");
    await expect(applicant).toHaveAccessibleDescription("Priya Shah, Arjun Shah, Meera Shah");
    await expectNoAxeViolations(page, true);

    // The cards: the count of the applicants beyond the first two, by the keyboard.
    await page.goto(`/workspaces?layout=cards&field=workspaceReferenceId&q=${DEMO_WORKSPACES.remortgageApproved.workspaceReferenceId}`);
    const count = page.locator(".workspace-cards > li").first().getByText("James Okafor, Grace Okafor +2");
    await count.focus();
    await expect(visibleTooltip(page)).toHaveText("James Okafor, Grace Okafor, Daniel James Okafor, Ruth Okafor");
    await expectNoAxeViolations(page, true);
    expectNoConsoleErrors(page);
    await page.context().close();

    // Without JavaScript nothing can be measured: the whole text is the title.
    const noScript = await pageAs(browser, "manager", false);
    await noScript.goto(`/workspaces?field=workspaceReferenceId&q=${DEMO_WORKSPACES.purchaseReady.workspaceReferenceId}`);
    await expect(tableRows(noScript).first().locator("td").nth(0).locator("span").first()).toHaveAttribute(
      "title",
      "Flat 2, Riverside Court, Quay Street, Bristol, BS1 4RS",
    );
    await noScript.context().close();
  });
});
