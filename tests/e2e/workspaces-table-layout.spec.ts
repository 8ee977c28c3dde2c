/**
 * The workspace table's layout on a desktop screen (1280 to 1440 px): column headers wrap between words,
 * never inside one, and an applicant cut with an ellipsis keeps its "+N" count of the other applicants in view.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support";
import { pageAs, tableRows } from "./workspaces-support";

/** The header words split over two lines (a word's text spanning more than one line box). */
function brokenHeaderWords(page: Page) {
  return page.getByRole("table", { name: "Workspaces" }).evaluate((table) => {
    const broken: string[] = [];
    for (const header of table.querySelectorAll("thead th")) {
      const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if ((node.parentElement as HTMLElement).closest(".visually-hidden")) continue;
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index!);
          range.setEnd(node, match.index! + match[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

/** The "+N" counts that are cut off or pushed out of their cell. */
function hiddenCounts(page: Page) {
  return tableRows(page).evaluateAll((rows) =>
    rows.flatMap((row) => {
      const count = row.querySelector<HTMLElement>(".more");
      if (!count) return [];
      const box = count.getBoundingClientRect();
      for (let clip = count.parentElement; clip && clip !== row; clip = clip.parentElement) {
        if (getComputedStyle(clip).overflowX === "visible") continue;
        const edge = clip.getBoundingClientRect();
        if (box.right > edge.right + 0.5 || box.width === 0) return [count.textContent ?? ""];
      }
      return [];
    }),
  );
}

for (const width of [1280, 1366, 1440]) {
  test(`at ${width} px the headers break between words and every "+N" count shows`, async ({ browser }) => {
    const page = await pageAs(browser, "manager", true);
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/workspaces");
    await expect(tableRows(page)).toHaveCount(10);
    // The demo world has applicants long enough to be cut, and rows with other applicants.
    await expect(tableRows(page).locator(".more").first()).toBeVisible();
    expect(await hiddenCounts(page)).toEqual([]);
    expect(await brokenHeaderWords(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
    await page.context().close();
  });
}
