import { expect, test } from "@playwright/test";
import { SUBSCRIBERS } from "./administration-support";
import { expectNoAxeViolations, login, submitLogin, USERS } from "./support";

const NORTHGATE_ID = SUBSCRIBERS.northgate.subscriberId;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`login and logout (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("a demo user logs in, sees their name and subscriber, logs out, and the old cookie stops working", async ({
      page,
      browser,
    }) => {
      await page.goto("/workspaces");
      // Unauthenticated: sent to the provider's login page.
      await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await submitLogin(page, USERS.manager.email);
      await expect(page).toHaveURL(/\/workspaces$/);
      await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();
      const banner = page.getByRole("banner");
      await expect(banner).toContainText(USERS.manager.name);
      await expect(banner).toContainText("Harper & Vale LLP");
      await expectNoAxeViolations(page, javaScriptEnabled);

      const oldCookies = await page.context().cookies(page.url());
      await banner.getByText(USERS.manager.name).first().click();
      await page.getByRole("button", { name: "Log out" }).click();
      const endSession = page.getByRole("button", { name: "Log out" });
      if (!javaScriptEnabled && (await endSession.isVisible().catch(() => false))) await endSession.click();
      await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();

      // The session cookie from before the logout is dead.
      const replay = await browser.newContext({ javaScriptEnabled });
      await replay.addCookies(oldCookies);
      const replayPage = await replay.newPage();
      await replayPage.goto("/workspaces");
      await expect(replayPage.getByRole("heading", { name: "Log in" })).toBeVisible();
      await replay.close();
    });

    test("wrong password keeps the user on the login page with a message", async ({ page }) => {
      await page.goto("/workspaces");
      await submitLogin(page, USERS.manager.email, "not-the-password");
      await expect(page.getByText("Incorrect email address or password")).toBeVisible();
      await expect(page.getByLabel(/email/i)).toHaveValue(USERS.manager.email);
      await expectNoAxeViolations(page, javaScriptEnabled);
    });

    test("the suspended user lands on the suspended page, which says their user manager suspended them", async ({ page }) => {
      await page.goto("/workspaces");
      await submitLogin(page, USERS.suspended.email);
      await expect(page).toHaveURL(/\/user\/suspended/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(/suspended/i);
      await expect(page.getByRole("main")).toContainText("Your access has been suspended by your user manager.");
      await expect(page.getByRole("main")).not.toContainText("provider's support");
      await expectNoAxeViolations(page, javaScriptEnabled);
    });

    test("the pending user (never activated, no password yet) is told the account is not activated", async ({ page }) => {
      await page.goto("/workspaces");
      await submitLogin(page, USERS.pending.email, "anything-at-all");
      await expect(page).toHaveURL(/\/user\/account-not-activated/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(/not activated/i);
      await expect(page.getByRole("main")).toContainText("Use the link in your invitation email to activate it");
      await expect(page.getByRole("main")).not.toContainText("Incorrect email address or password");
      await expectNoAxeViolations(page, javaScriptEnabled);
    });

    test("an unknown email still gets the answer that reveals nothing", async ({ page }) => {
      await page.goto("/workspaces");
      await submitLogin(page, "nobody@keystone.example", "anything-at-all");
      await expect(page.getByText("Incorrect email address or password")).toBeVisible();
    });

    test("a login for a subscriber the user is not part of lands on the account not activated page", async ({ page }) => {
      // A bookmarked login for Northgate Bank, used by a Harper & Vale user.
      await page.goto(`/login?organization=${NORTHGATE_ID}`);
      await submitLogin(page, USERS.manager.email);
      await expect(page).toHaveURL(/\/user\/account-not-activated/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(/not activated/i);
      await expect(page.getByRole("link", { name: "Continue" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
    });

    test("the user with two subscribers switches subscriber", async ({ page }) => {
      await login(page, USERS.manager.email);
      const banner = page.getByRole("banner");
      await expect(banner).toContainText("Harper & Vale LLP");
      await banner.getByText(USERS.manager.name).first().click();
      await banner.getByRole("link", { name: "Ashdown Legal" }).click();
      await expect(page.getByRole("heading", { name: "Discard Changes?" })).toBeVisible();
      await expect(page.getByText("Changes you made may not be saved")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Switch Subscriber" }).click();
      await expect(page).toHaveURL(/\/workspaces/);
      // The profile menu's summary names the selected subscriber.
      const profile = page.getByRole("banner").locator("summary").filter({ hasText: USERS.manager.name });
      await expect(profile).toContainText("Ashdown Legal");
      await expect(profile).not.toContainText("Harper & Vale LLP");
      // The new token carries Ashdown Legal: the provider answers with that subscriber's (empty) list.
      await expect(page.getByText("Looks like you haven't been added to any workspaces yet.")).toBeVisible();
    });
  });
}

test("every public status page shows its card and button", async ({ page }) => {
  const pages: [string, RegExp][] = [
    ["/user/blocked", /blocked/i],
    ["/user/suspended", /suspended/i],
    ["/user/unrecognised-ip-address", /IP address/i],
    ["/email/verification-link-expired", /expired/i],
    ["/email/already-verified", /verified/i],
    ["/user/account-not-activated", /not activated/i],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
    await expectNoAxeViolations(page);
  }
  await page.goto("/email/already-verified");
  await expect(page.getByRole("link", { name: "Go to log in" })).toBeVisible();
  await page.goto("/user/account-not-activated");
  await expect(page.getByRole("link", { name: "Continue" })).toBeVisible();
  await page.goto("/email/verification-link-expired");
  await expect(page.getByRole("link", { name: "Contact support" })).toBeVisible();
});

test("/ and /landing-page go to the landing page, the workspace list", async ({ page }) => {
  await login(page, USERS.viewer.email);
  for (const path of ["/", "/landing-page"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/workspaces$/);
    await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();
  }
});

test("unknown paths need a session, then answer the 404 page", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await submitLogin(page, USERS.viewer.email);
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to workspaces" })).toBeVisible();
  await expectNoAxeViolations(page);
});
