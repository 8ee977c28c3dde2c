/**
 * A login blocked after too many failed passwords (the provider's login throttling): the user lands on the
 * blocked page; their User Manager sees Blocked in the users list and the profile and lifts it with Unblock;
 * the user logs in again at once. And the login callback's mapping of refusals (document 1 section 2.2): the
 * specification's literal 'user blocked' and 'user suspended' go to their pages, any other error to
 * /workspaces, the query string kept.
 */
import { expect, test, type Page } from "@playwright/test";
import { APP_URL, expectNoAxeViolations, login, submitLogin, USERS } from "./support";

/** Ten wrong passwords for `email` on the provider's login page: the tenth lands on the blocked page. */
async function blockLogin(page: Page, email: string) {
  await page.goto("/workspaces");
  for (let attempt = 1; attempt < 10; attempt++) {
    await submitLogin(page, email, `wrong-password-${attempt}`);
    await expect(page.getByText("Incorrect email address or password")).toBeVisible();
  }
  await submitLogin(page, email, "wrong-password-10");
  await expect(page).toHaveURL(/\/user\/blocked/);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a blocked login (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("is shown as Blocked to the User Manager, who unblocks it, and the user logs in again at once", async ({ page, browser }) => {
      const target = USERS.keystoneCreator;
      await blockLogin(page, target.email);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Your account has been blocked");
      await expectNoAxeViolations(page, javaScriptEnabled);
      // The right password is refused too while the login is blocked.
      await page.goto("/workspaces");
      await submitLogin(page, target.email);
      await expect(page).toHaveURL(/\/user\/blocked/);

      const managerContext = await browser.newContext({ javaScriptEnabled, baseURL: APP_URL });
      const manager = await managerContext.newPage();
      try {
        await login(manager, USERS.userManager.email);
        await manager.goto("/users");
        await manager.getByLabel("Search users").fill(target.name.split(" ")[0]!);
        await manager.getByRole("button", { name: "Search", exact: true }).click();
        const row = manager.getByRole("row", { name: new RegExp(target.name) });
        await expect(row.getByRole("cell").nth(3)).toHaveText(/Active\s*Blocked/);

        await row.getByRole("link", { name: target.name }).click();
        const profile = javaScriptEnabled ? manager.getByRole("dialog") : manager.getByRole("main");
        await expect(profile.getByText("Blocked", { exact: true })).toBeVisible();
        await expect(profile).toContainText("Blocked after too many failed passwords until");
        await expectNoAxeViolations(manager, javaScriptEnabled);
        await profile.getByRole("button", { name: "Unblock" }).click();
        await expect(manager.getByText(`${target.name.split(" ")[0]} has been unblocked and can log in again`)).toBeVisible();
        await expect(manager.getByText("Blocked", { exact: true })).toHaveCount(0);
      } finally {
        await managerContext.close();
      }

      await page.goto("/workspaces");
      await submitLogin(page, target.email);
      await expect(page).toHaveURL(/\/workspaces/);
      await expect(page.getByRole("banner")).toContainText(target.name);
    });
  });
}

/** The state of a login the app has started (its cookie is in the page's context), as the provider would return it. */
async function startedLoginState(page: Page): Promise<string> {
  const start = await page.request.get("/login", { maxRedirects: 0 });
  const location = start.headers()["location"];
  expect(location, "the app sends the browser to the provider").toBeTruthy();
  return new URL(location!, APP_URL).searchParams.get("state")!;
}

test.describe("the login callback's refusals", () => {
  for (const [description, path, heading] of [
    ["user blocked", "/user/blocked", "Your account has been blocked"],
    ["user suspended", "/user/suspended", "Your account has been suspended"],
    ["user is blocked", "/user/blocked", "Your account has been blocked"],
  ] as const) {
    test(`'${description}' goes to ${path}, keeping the query string`, async ({ page }) => {
      const state = await startedLoginState(page);
      await page.goto(`/authorize?error=access_denied&error_description=${encodeURIComponent(description)}&state=${state}&ref=mail`);
      await expect(page).toHaveURL(`${APP_URL}${path}?ref=mail`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
    });
  }

  test("any other error goes to /workspaces, keeping the query string", async ({ page, browser }) => {
    await login(page, USERS.viewer.email);
    // A login started beside the session (as a refused subscriber switch would be): its state cookie joins it.
    const starter = await browser.newContext({ baseURL: APP_URL });
    const state = await startedLoginState(await starter.newPage());
    await page.context().addCookies(await starter.cookies());
    await starter.close();
    await page.goto(`/authorize?error=server_error&error_description=${encodeURIComponent("something else went wrong")}&state=${state}&ref=mail`);
    await expect(page).toHaveURL(`${APP_URL}/workspaces?ref=mail`);
    await expect(page.getByRole("banner")).toContainText(USERS.viewer.name);
  });
});
