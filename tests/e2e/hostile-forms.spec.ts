/**
 * Forms posted to hurt the app rather than to use it: each is refused with a 4xx that says why, before the
 * app builds anything from it, and the app goes on serving the next page at once.
 */
import { expect, test, type Page } from "@playwright/test";
import { USER_IDS } from "./administration-support";
import { APP_URL, login, USERS } from "./support";

async function tokenOf(page: Page, path: string): Promise<string> {
  await page.goto(path);
  return page.locator('input[name="csrf"]').first().inputValue();
}

test("array indices past a form's maximum, a 20 MB body and NUL characters are refused, and the app stays responsive", async ({ page }) => {
  await login(page, USERS.manager.email);
  const request = page.context().request;
  const headers = { origin: APP_URL, "content-type": "application/x-www-form-urlencoded" };
  const csrf = await tokenOf(page, "/create-workspace");

  const applicants = await request.post(`${APP_URL}/create-workspace`, {
    headers,
    data: `csrf=${csrf}&transactionType=REMORTGAGE&applicants%5B5000%5D.firstName=x`,
    maxRedirects: 0,
  });
  expect(applicants.status()).toBe(400);
  expect(await applicants.text()).toContain("more entries than it allows");

  const userToken = await tokenOf(page, "/users/new");
  const roles = await request.post(`${APP_URL}/users/new`, {
    headers,
    data: `csrf=${userToken}&email=a%40b.example&roleNames%5B50000%5D=Workspace%20User`,
    maxRedirects: 0,
  });
  expect(roles.status()).toBe(400);

  const large = await request.post(`${APP_URL}/create-workspace`, {
    headers,
    data: Buffer.concat([Buffer.from(`csrf=${csrf}&x=`), Buffer.alloc(20 * 1024 * 1024, "a")]),
    maxRedirects: 0,
  });
  expect(large.status()).toBe(413);
  expect(await large.text()).toContain("too large");

  const nul = await request.post(`${APP_URL}/create-workspace`, {
    headers,
    data: `csrf=${csrf}&transactionType=REMORTGAGE&applicants%5B0%5D.firstName=Ann%00`,
    maxRedirects: 0,
  });
  expect(nul.status()).toBe(400);
  expect(await nul.text()).toContain("cannot be saved");

  const started = Date.now();
  await page.goto("/workspaces");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(Date.now() - started).toBeLessThan(5_000);
});

test("a malformed version in a form is a bad request, not a server error", async ({ page }) => {
  await login(page, USERS.manager.email);
  const csrf = await tokenOf(page, `/users/${USER_IDS.suspended}/edit`);
  const response = await page.context().request.post(`${APP_URL}/users/${USER_IDS.suspended}/edit`, {
    headers: { origin: APP_URL },
    form: { csrf, version: "not-a-number", firstName: "Sam", lastName: "Suspended", roleNames: "Workspace User" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("reload the page");
});
