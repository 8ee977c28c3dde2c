/**
 * The status filter after Reset and Clear shows the ticks of the filter now applied (not those the user had
 * before), so that Apply filters by what the page says: in the table's Status filter and the cards' Sort and
 * filter, with JavaScript on (client-side navigation) and off.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support";
import { clickAndWaitForUrl, pageAs } from "./workspaces-support";

/** The "of N" of the pager's summary. */
async function totalOf(page: Page): Promise<number> {
  const text = await page.getByText(/^Showing \d+ to \d+ of \d+$/).textContent();
  return Number(/of (\d+)$/.exec(text ?? "")?.[1]);
}

const DEFAULT_SIX = ["Created", "Prepared", "Funds authorised", "Funds exchanged", "Lodged", "Requisitioned"];

async function checkedStatuses(page: Page) {
  const checked: string[] = [];
  for (const box of await page
    .getByRole("group", { name: /^Status/ })
    .getByRole("checkbox")
    .all()) {
    if (await box.isChecked())
      checked.push((await box.evaluate((input) => input.parentElement?.textContent ?? "")).trim());
  }
  return checked;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`status filter (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    for (const layout of ["table", "cards"] as const) {
      test(`${layout}: Clear leaves no tick behind and Apply keeps every status; Reset ticks the default six again`, async ({
        browser,
      }) => {
        const page = await pageAs(browser, "manager", javaScriptEnabled);
        await page.goto(layout === "cards" ? "/workspaces?layout=cards" : "/workspaces");
        const summary = page.locator("summary", {
          hasText: layout === "cards" ? /^Sort and filter/ : /^Status/,
        });
        const defaultTotal = await totalOf(page);

        await summary.click();
        expect(await checkedStatuses(page)).toEqual(DEFAULT_SIX);
        // A tick the user gave and then cleared (Clear is a link: it drops what is ticked but not applied).
        await page.getByRole("checkbox", { name: "Cancelled", exact: true }).check();
        await clickAndWaitForUrl(page, page.getByRole("link", { name: "Clear" }), /filtered=1/);
        await expect.poll(() => totalOf(page)).toBeGreaterThan(defaultTotal);
        const everyStatus = await totalOf(page);

        await summary.click();
        await expect(page.getByRole("button", { name: "Apply" })).toBeVisible();
        expect(await checkedStatuses(page)).toEqual([]);
        await expectNoAxeViolations(page, javaScriptEnabled);
        await page.getByRole("button", { name: "Apply" }).click();
        // The same address as after Clear: the page is back once the panel has closed.
        await expect(page.getByRole("button", { name: "Apply" })).toBeHidden();
        await expect.poll(() => totalOf(page)).toBe(everyStatus);

        await summary.click();
        await page.getByRole("checkbox", { name: "Closed", exact: true }).check();
        await clickAndWaitForUrl(
          page,
          page.getByRole("link", { name: "Reset" }),
          /\/workspaces(\?layout=cards)?$/,
        );
        await summary.click();
        expect(await checkedStatuses(page)).toEqual(DEFAULT_SIX);
        await expect.poll(() => totalOf(page)).toBe(defaultTotal);
        await page.context().close();
      });
    }
  });
}
