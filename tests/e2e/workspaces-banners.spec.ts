/**
 * The workspace page's banners and actions say only what the user can do: a banner names a tab or offers
 * to go there only when that tab's screen is built (overview, participants, property details and financials so far), Companies House evidence
 * only for an organisation party, and an action that does not apply looks disabled with its reason in
 * visible text, with JavaScript on and off.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support";
import { pageAs, workspaceHref } from "./workspaces-support";

/** The text of every banner on the page. */
async function bannerText(page: Page) {
  return (await page.locator("[data-banner]").allInnerTexts()).join("\n");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`banners and disabled actions (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test("no banner sends the user to a tab that is not built, nor asks individuals for Companies House evidence", async ({
      browser,
    }) => {
      const page = await pageAs(browser, "lender", javaScriptEnabled);
      // The lender may authorise funds and the financials tab is built: the banner sends the lender there.
      await page.goto(workspaceHref("remortgageApproved"));
      await expect(page.getByRole("heading", { name: "Ready for funds authorisation" })).toBeVisible();
      expect(await bannerText(page)).not.toMatch(/documents tab\b/);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByRole("link", { name: "Go to financials" }).click();
      await expect(page).toHaveURL(/\/financials$/);
      await expect(page.getByRole("heading", { name: "Financials", level: 2 })).toBeVisible();

      // A remortgage of individuals: nothing about Companies House.
      await page.goto(workspaceHref("remortgageExchanged"));
      await expect(page.getByRole("heading", { name: "Funds exchanged" })).toBeVisible();
      expect(await bannerText(page)).not.toContain("Companies House");

      await page.goto(workspaceHref("remortgageBorrowerMismatch"));
      await expect(
        page.getByRole("heading", { name: "The borrower information below doesn't match the title" }),
      ).toBeVisible();
      // The participants tab is built: the mismatch banner sends the user there to resolve it.
      expect(await bannerText(page)).toContain("participants tab");
      await page.getByRole("link", { name: "Go to participants" }).click();
      await expect(page).toHaveURL(/\/participants$/);
      await expect(page.getByRole("heading", { name: "Participants", level: 2 })).toBeVisible();
      await page.context().close();
    });

    test("the law firm's requisition and organisation banners point to no screen that is not built", async ({
      browser,
    }) => {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.goto(workspaceHref("purchaseRequisitioned"));
      await expect(page.getByRole("heading", { name: "Requisitioned" })).toBeVisible();
      expect(await bannerText(page)).not.toMatch(/tab\b/);
      await page.goto(workspaceHref("purchaseExchangedOrganisation"));
      await expect(page.getByRole("heading", { name: "Funds exchanged" })).toBeVisible();
      // Companies House evidence is uploaded on the documents screen, which is not built yet.
      expect(await bannerText(page)).not.toMatch(/tab\b/);
      await page.context().close();
    });

    test("Cancel workspace on a cancelled or locked workspace looks disabled and says why in visible text", async ({
      browser,
    }) => {
      const page = await pageAs(browser, "lender", javaScriptEnabled);
      for (const [key, reason] of [
        ["remortgageCancelled", "This workspace has been cancelled and can no longer be edited."],
        ["remortgageLodged", /locked/i],
      ] as const) {
        await page.goto(workspaceHref(key));
        const cancel = page.getByRole("button", { name: "Cancel workspace" });
        await expect(cancel).toHaveAttribute("aria-disabled", "true");
        // The reason is on the page, not only in a tooltip, and is the button's description.
        const why = page.getByRole("group", { name: "Workspace actions" }).getByText(reason);
        await expect(why).toBeVisible();
        await expect(cancel).toHaveAccessibleDescription(reason);
        await expect(cancel).not.toHaveAttribute("title");
        // It looks disabled: greyed out as a disabled button, with the not-allowed pointer.
        const look = await cancel.evaluate((button) => ({
          opacity: Number(getComputedStyle(button).opacity),
          cursor: getComputedStyle(button).cursor,
        }));
        expect(look.opacity).toBeLessThan(1);
        expect(look.cursor).toBe("not-allowed");
        const url = page.url();
        // Playwright waits for an enabled control: the click is forced, as a user's would be.
        await cancel.click({ force: true });
        expect(page.url()).toBe(url);
        await expectNoAxeViolations(page, javaScriptEnabled);
      }
      await page.context().close();
    });
  });
}
