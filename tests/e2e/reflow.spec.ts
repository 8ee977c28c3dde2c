/**
 * Reflow (WCAG 2.2 1.4.10) and menus inside the viewport: at 320 px every page a seeded user reaches (found by
 * following the app's own links from the workspace list) scrolls only vertically, with JavaScript on and
 * off; the header collapses into a Menu disclosure; the profile menu and the Menu stay inside the viewport
 * at every width, with nothing focusable outside it; the workspace table becomes stacked rows.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support";
import { restoreOrganisationFlag, turnOnOrganisationPage, type HelpdeskApi } from "./administration-support";
import { helpdeskApiOf, pageAs, tableRows, type DemoUser } from "./workspaces-support";

const NARROW = { width: 320, height: 800 };

/** The page's own horizontal extent: more than the viewport means it scrolls sideways. */
function scrollWidth(page: Page) {
  return page.evaluate(() => document.scrollingElement!.scrollWidth);
}

/** A page's kind: its path with ids replaced, and the list's layout (the same route shows two layouts). */
function pageKind(url: URL) {
  const path = url.pathname.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ":id");
  return url.searchParams.get("layout") ? `${path}?layout=${url.searchParams.get("layout")}` : path;
}

/** Every kind of page reached from the workspace list by the app's links (not logging out, not leaving the app, not downloading). */
async function crawl(page: Page, visit: (url: string) => Promise<void>) {
  const seen = new Set<string>();
  const queue = ["/workspaces", "/workspaces?layout=cards"];
  while (queue.length > 0) {
    const next = queue.shift()!;
    const url = new URL(next, page.url() === "about:blank" ? "http://app.invalid" : page.url());
    if (seen.has(pageKind(url))) continue;
    seen.add(pageKind(url));
    await page.goto(`${url.pathname}${url.search}`);
    await visit(`${url.pathname}${url.search}`);
    const origin = new URL(page.url()).origin;
    const links = await page.evaluate(() =>
      // Not downloads (the title register's PDF): they are files, not pages.
      [...document.querySelectorAll("a[href]:not([download])")].map((a) => (a as HTMLAnchorElement).href),
    );
    for (const link of links) {
      const target = new URL(link);
      if (target.origin !== origin || /^\/(logout|oidc|authorize|login)/.test(target.pathname)) continue;
      if (!seen.has(pageKind(target))) queue.push(`${target.pathname}${target.search}`);
    }
  }
  return [...seen];
}

/** For the failure message: the innermost elements that reach past the viewport's right edge. */
function widestElements(page: Page) {
  return page.evaluate((width) => {
    const past = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((e) => !e.parentElement?.closest("details:not([open])") || e.matches("summary, summary *"))
      .filter((e) => {
        // Content cut by a box of its own (an ellipsis, a scrolling table) does not widen the page.
        for (let box = e.parentElement; box && box !== document.body; box = box.parentElement) {
          if (getComputedStyle(box).overflowX !== "visible") return false;
        }
        return true;
      })
      .filter((e) => e.getBoundingClientRect().right > width + 0.5);
    return past
      .filter((e) => !past.some((other) => other !== e && e.contains(other)))
      .slice(0, 4)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} ${Math.round(e.getBoundingClientRect().right)}`,
      )
      .join(", ");
  }, page.viewportSize()!.width);
}

/** Every visible, focusable element inside the locator lies within the viewport's width. */
async function expectInsideViewport(page: Page, menu: Locator) {
  const width = page.viewportSize()!.width;
  const box = await menu.boundingBox();
  expect(box, "the menu is shown").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  const outside = await menu.evaluate((element, viewportWidth) => {
    return [...element.querySelectorAll<HTMLElement>("a, button, summary")]
      .filter((item) => item.getClientRects().length > 0)
      .filter((item) => {
        const rect = item.getBoundingClientRect();
        return rect.left < 0 || rect.right > viewportWidth;
      })
      .map((item) => item.textContent);
  }, width);
  expect(outside).toEqual([]);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
}

const CRAWLED: DemoUser[] = ["manager", "helpdesk", "lender", "viewer", "creator", "userManager"];

for (const javaScriptEnabled of [true, false]) {
  test.describe(`reflow at 320 px (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    for (const user of CRAWLED) {
      test(`every page the ${user} reaches scrolls only vertically`, async ({ browser }) => {
        test.setTimeout(240_000);
        const page = await pageAs(browser, user, javaScriptEnabled);
        await page.setViewportSize(NARROW);
        const tooWide: string[] = [];
        const kinds = await crawl(page, async (path) => {
          const width = await scrollWidth(page);
          if (width > NARROW.width) tooWide.push(`${path}: ${width}px (${await widestElements(page)})`);
        });
        expect(kinds.length).toBeGreaterThan(2);
        expect(tooWide).toEqual([]);
        await page.context().close();
      });
    }

    test("the header collapses into a Menu with the tabs and the help centre; the profile menu stays inside", async ({
      browser,
    }) => {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.setViewportSize(NARROW);
      await page.goto("/workspaces");
      const banner = page.getByRole("banner");
      // The wide tab bar is gone; its links are in the Menu.
      await expect(banner.getByRole("link", { name: "Users" })).toHaveCount(0);
      await banner.locator("summary", { hasText: "Menu" }).click();
      const menu = banner.locator(".site-menu > ul");
      await expect(menu.getByRole("link", { name: "Workspaces" })).toBeVisible();
      await expect(menu.getByRole("link", { name: "Users" })).toBeVisible();
      await expect(menu.getByRole("link", { name: /Help centre/ })).toBeVisible();
      await expectInsideViewport(page, menu);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await menu.getByRole("link", { name: "Users" }).click();
      await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();

      await banner.locator("summary", { hasText: "Morgan Harper" }).click();
      const profile = banner.locator(".profile-menu > ul");
      await expect(profile.getByRole("link", { name: "Ashdown Legal" })).toBeVisible();
      await expect(profile.getByRole("button", { name: "Log out" })).toBeVisible();
      await expectInsideViewport(page, profile);
      await expectNoAxeViolations(page, javaScriptEnabled);
    });

    test("the workspace table becomes stacked rows, each cell under its column's name", async ({
      browser,
    }) => {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.setViewportSize(NARROW);
      await page.goto("/workspaces");
      const row = tableRows(page).first();
      const rowBox = (await row.boundingBox())!;
      expect(rowBox.width).toBeLessThanOrEqual(NARROW.width);
      // Each cell is a line of its own: below the previous one, not beside it.
      const cells = row.locator("th, td");
      const tops = await cells.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
      expect(tops).toEqual([...tops].sort((a, b) => a - b));
      expect(new Set(tops).size).toBe(tops.length);
      await expect(row.locator("td[data-label='Status']")).toBeVisible();
      await expect(page.getByRole("link", { name: /Completion date/ })).toBeVisible();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(NARROW.width);
      await expectNoAxeViolations(page, javaScriptEnabled);
    });
  });
}

test.describe("the profile menu inside the viewport at every width", () => {
  for (const width of [390, 768, 1024, 1280, 1440]) {
    test(`at ${width} px the change-subscriber list needs no sideways scrolling`, async ({ browser }) => {
      const page = await pageAs(browser, "manager", true);
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/workspaces");
      await page.getByRole("banner").locator("summary", { hasText: "Morgan Harper" }).click();
      const profile = page.getByRole("banner").locator(".profile-menu > ul");
      await expect(profile.getByRole("link", { name: "Ashdown Legal" })).toBeVisible();
      await expectInsideViewport(page, profile);
    });
  }
});

test("with the organisation page turned on, its tabs and edit forms scroll only vertically at 320 px", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  let api: HelpdeskApi | undefined;
  try {
    api = await helpdeskApiOf(browser);
    await turnOnOrganisationPage(api);
    for (const javaScriptEnabled of [true, false]) {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.setViewportSize(NARROW);
      const tooWide: string[] = [];
      for (const path of [
        "/organisation?tab=communication",
        "/organisation?tab=communication&edit=communication",
        "/organisation?tab=connection",
      ]) {
        await page.goto(path);
        const width = await scrollWidth(page);
        if (width > NARROW.width) tooWide.push(`${path}: ${width}px (${await widestElements(page)})`);
      }
      await page.getByRole("link", { name: "Edit IP allow list" }).click();
      await expect(page.getByLabel("Allowed IP addresses")).toBeVisible();
      if ((await scrollWidth(page)) > NARROW.width)
        tooWide.push(`IP allow list form (${await widestElements(page)})`);
      expect(tooWide).toEqual([]);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.context().close();
    }
  } finally {
    await restoreOrganisationFlag(api);
  }
});
