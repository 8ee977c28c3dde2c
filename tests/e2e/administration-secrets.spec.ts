/**
 * Lodgement identifiers and stored secrets in the browser (document 3 sections 2.4, 4.6, 5.3 and 8.4;
 * issue 5 acceptance 5 and 6): the identifiers screen creates, then edits with five-asterisk passwords
 * that are not sent again; 'Usernames cannot be same'; a User Manager has no access. Secrets set through
 * the screens (lodgement passwords, an SSO client secret) and the demo world's own never appear in the
 * HTML of any administration page, nor in the answer to a refused form, nor in the app server's log (its
 * request log and warnings, kept in the data folder by `npm start`).
 */
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { expect, test, type Page } from "@playwright/test";
import { readFileSync, writeFileSync } from "node:fs";
import {
  findSubscribers,
  FRESH,
  helpdeskApi,
  restoreOrganisationFlag,
  stateFile as userStateFile,
  storageStateFor,
  SUBSCRIBERS,
  turnOnOrganisationPage,
  type HelpdeskApi,
} from "./administration-support";
import { APP_LOG_FILE, APP_URL, expectNoAxeViolations, USERS } from "./support";

const run = Date.now().toString(36);
const stateFile = (who: string) => userStateFile("administration-secrets", run, who);
let api: HelpdeskApi;

/** The demo world's stored secrets (provider/administration/seed.ts). */
const DEMO_SECRETS = ["demo-ashdown-sso-client-secret-7Qx", "demo-hmlr-password-K2v", "demo-hmrc-password-P8w"];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext(FRESH);
  api = await helpdeskApi(await context.newPage());
  await turnOnOrganisationPage(api);
  for (const who of ["manager", "helpdesk"] as const) {
    writeFileSync(stateFile(who), JSON.stringify(await storageStateFor(browser, USERS[who].email)));
  }
});

test.afterAll(async () => {
  await restoreOrganisationFlag(api);
});

/** The toast of the last action: a status message under its title. */
const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

const identifiersPage = (subscriberId: string) => `/lodgement/identifiers?subscriberId=${subscriberId}`;

async function fillIdentifiers(page: Page, values: { primaryUser?: string; primaryPassword?: string; secondaryUser?: string; secondaryPassword?: string }) {
  if (values.primaryUser !== undefined) await page.getByLabel("Primary username").fill(values.primaryUser);
  if (values.primaryPassword !== undefined) await page.getByLabel("Primary password").fill(values.primaryPassword);
  if (values.secondaryUser !== undefined) await page.getByLabel("Secondary username").fill(values.secondaryUser);
  if (values.secondaryPassword !== undefined) await page.getByLabel("Secondary password").fill(values.secondaryPassword);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JavaScript on" : "JavaScript off";

  test.describe(`lodgement identifiers as the helpdesk administrator (${mode})`, () => {
    test.use({ javaScriptEnabled, storageState: stateFile("helpdesk") });

    test("create when none exist, then edit: five-asterisk passwords, saved only when changed, 'Usernames cannot be same'", async ({ page }) => {
      // A subscriber of its own per mode, so that each starts with no identifiers.
      const subscriber = javaScriptEnabled ? SUBSCRIBERS.keystone : SUBSCRIBERS.northgate;
      await page.goto("/lodgement/identifiers");
      await expect(page.getByRole("heading", { name: "Lodgement identifiers", level: 1 })).toBeVisible();
      // The subscriber is found by a part of its name ("Find a subscriber"), then chosen.
      const choice = page.getByLabel("Subscriber", { exact: true });
      await expect(choice.locator("option")).toHaveText([
        "Choose a subscriber",
        SUBSCRIBERS.ashdown.name,
        SUBSCRIBERS.harperVale.name,
        SUBSCRIBERS.keystone.name,
        SUBSCRIBERS.northgate.name,
      ]);
      await findSubscribers(page, subscriber.name.slice(3, 8).toUpperCase());
      await expect(page).toHaveURL(/subscriber=/);
      await expect(choice.locator("option")).toHaveText(["Choose a subscriber", subscriber.name]);
      await expect(page.getByText("1 subscriber(s) found.")).toBeVisible();
      await expect(page.getByLabel("Primary username")).toHaveCount(0);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await choice.selectOption({ label: subscriber.name });
      await page.getByRole("button", { name: "Show identifiers" }).click();
      await expect(page).toHaveURL(new RegExp(`subscriberId=${subscriber.subscriberId}`));
      // The one shown stays chosen while another search leaves it out.
      await findSubscribers(page, "no such firm");
      await expect(page.getByText('No subscriber\'s name contains "no such firm".')).toBeVisible();
      await expect(choice.locator("option")).toHaveText(["Choose a subscriber", subscriber.name]);
      await expect(choice).toHaveValue(subscriber.subscriberId);
      await expect(page.getByText("Add the land registry user names and passwords used to lodge applications.")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);

      // Everything required; the user names must differ.
      await page.getByRole("button", { name: "Save" }).click();
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      for (const message of ["Primary username is required", "Primary password is required", "Secondary username is required", "Secondary password is required"]) {
        await expect(summary.getByText(message)).toBeVisible();
      }
      const primaryPassword = `Primary-${run}-${mode.length}`;
      await fillIdentifiers(page, { primaryUser: "lodger", primaryPassword, secondaryUser: "LODGER", secondaryPassword: `Secondary-${run}` });
      await page.getByRole("button", { name: "Save" }).click();
      await expect(summary.getByText("Usernames cannot be same")).toBeVisible();
      // The passwords typed are not sent back with the refusal.
      await expect(page.getByLabel("Primary password")).toHaveValue(javaScriptEnabled ? primaryPassword : "");
      await expectNoAxeViolations(page, javaScriptEnabled);

      await fillIdentifiers(page, { secondaryUser: "lodger-two", primaryPassword, secondaryPassword: `Secondary-${run}` });
      await page.getByRole("button", { name: "Save" }).click();
      await expect(toast(page, "HMLR lodgement identifier added successfully.")).toBeVisible();

      // Stored: the user names, and passwords as five asterisks.
      await expect(page.getByLabel("Primary username")).toHaveValue("lodger");
      await expect(page.getByLabel("Primary password")).toHaveValue("*****");
      await expect(page.getByLabel("Secondary password")).toHaveValue("*****");
      const save = page.getByRole("button", { name: "Save" });
      if (javaScriptEnabled) {
        await expect(save).toBeDisabled();
      } else {
        // Nothing changed: nothing is sent.
        await save.click();
        await expect(toast(page, "There were no changes to save.")).toBeVisible();
      }

      // A new user name only: the passwords stay as they were (not resent).
      await fillIdentifiers(page, { secondaryUser: "lodger-three" });
      await save.click();
      await expect(toast(page, "HMLR lodgement identifier updated successfully.")).toBeVisible();
      await expect(page.getByLabel("Secondary username")).toHaveValue("lodger-three");
      await expect(page.getByLabel("Secondary password")).toHaveValue("*****");
      await expectNoAxeViolations(page, javaScriptEnabled);
    });

    test("a form that showed older identifiers is refused with the conflict message and overwrites nothing", async ({ page, context }) => {
      const subscriber = javaScriptEnabled ? SUBSCRIBERS.keystone : SUBSCRIBERS.northgate;
      const other = await context.newPage();
      await page.goto(identifiersPage(subscriber.subscriberId));
      await other.goto(identifiersPage(subscriber.subscriberId));
      // Someone else saves first.
      await fillIdentifiers(other, { secondaryUser: `saved-first-${mode.length}` });
      await other.getByRole("button", { name: "Save" }).click();
      await expect(toast(other, "HMLR lodgement identifier updated successfully.")).toBeVisible();
      // The form still showing the identifiers as they were is refused.
      await fillIdentifiers(page, { primaryUser: "stale-primary" });
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(CONFLICT_MESSAGE);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.goto(identifiersPage(subscriber.subscriberId));
      await expect(page.getByLabel("Secondary username")).toHaveValue(`saved-first-${mode.length}`);
      await expect(page.getByLabel("Primary username")).not.toHaveValue("stale-primary");
      await other.close();
    });
  });

  test.describe(`lodgement identifiers as the User Manager (${mode})`, () => {
    test.use({ javaScriptEnabled, storageState: stateFile("manager") });

    test("no access without the identifier permissions", async ({ page }) => {
      const response = await page.goto("/lodgement/identifiers");
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "You do not have access" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
    });
  });
}

test.describe("stored secrets never reach a page", () => {
  test.use({ storageState: stateFile("helpdesk") });

  test("secrets set through the screens, and the demo world's, appear in no administration page nor in a refused form's answer", async ({
    page,
    browser,
  }) => {
    const lodgementPassword = `Lodgement-secret-${run}`;
    const secondaryPassword = `Secondary-secret-${run}`;
    const clientSecret = `Client-secret-${run}`;
    const refusedPassword = `Refused-secret-${run}`;

    // A lodgement identifier password, through the screen.
    await page.goto(identifiersPage(SUBSCRIBERS.harperVale.subscriberId));
    await fillIdentifiers(page, { primaryUser: "harper-primary", primaryPassword: lodgementPassword, secondaryUser: "harper-secondary", secondaryPassword });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, /HMLR lodgement identifier (added|updated) successfully\./)).toBeVisible();

    // The SSO client secret, through the organisation page.
    await page.goto(`/subscribers/${SUBSCRIBERS.ashdown.subscriberId}?edit=client-secret`);
    await page.getByLabel("New client secret").fill(clientSecret);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Connection settings updated successfully")).toBeVisible();
    await expect(page.getByText("*".repeat(30), { exact: true })).toBeVisible();

    // A refused save (same user names) answers without the password typed, as a page (no JavaScript).
    const plain = await browser.newContext({ storageState: stateFile("helpdesk"), javaScriptEnabled: false });
    const plainPage = await plain.newPage();
    await plainPage.goto(identifiersPage(SUBSCRIBERS.harperVale.subscriberId));
    await fillIdentifiers(plainPage, { secondaryUser: "harper-primary", secondaryPassword: refusedPassword });
    await plainPage.getByRole("button", { name: "Save" }).click();
    await expect(plainPage.getByText("Usernames cannot be same").first()).toBeVisible();
    expect(await plainPage.content()).not.toContain(refusedPassword);
    await plain.close();

    const secrets = [lodgementPassword, secondaryPassword, clientSecret, refusedPassword, ...DEMO_SECRETS];
    const pages: string[] = ["/users", "/users/new", "/subscribers", "/lodgement/identifiers"];
    for (const subscriber of Object.values(SUBSCRIBERS)) {
      const id = subscriber.subscriberId;
      pages.push(
        `/users?subscriberId=${id}`,
        `/users/new?subscriberId=${id}`,
        `/subscribers/${id}`,
        `/subscribers/${id}?tab=communication`,
        `/subscribers/${id}?tab=connection`,
        `/subscribers/${id}?tab=transaction`,
        `/subscribers/${id}?edit=communication`,
        `/subscribers/${id}?edit=client-secret`,
        `/subscribers/${id}?edit=ip-allow-list`,
        `/organisation?subscriberId=${id}&tab=connection`,
        identifiersPage(id),
      );
    }
    for (const userId of ["5a000000-0000-4000-8000-000000000002", "5a000000-0000-4000-8000-000000000003"]) {
      pages.push(`/users/${userId}`, `/users/${userId}/edit`, `/users/${userId}/suspend`);
    }
    const manager = await browser.newContext({ storageState: stateFile("manager") });
    const visitors = [page.context(), manager];
    const managerPages = ["/users", "/users/new", "/organisation", "/organisation?tab=communication", "/organisation?tab=connection", "/organisation?edit=ip-allow-list"];
    for (const [context, paths] of [
      [visitors[0], pages],
      [visitors[1], managerPages],
    ] as const) {
      for (const path of paths) {
        // The server's HTML (with its data for hydration), then the page as the browser shows it.
        const response = await context.request.get(`${APP_URL}${path}`);
        const html = await response.text();
        expect(response.status(), path).toBeLessThan(500);
        for (const secret of secrets) expect(html, `${path} must not contain a secret`).not.toContain(secret);
      }
    }
    const shown = await manager.newPage();
    for (const path of managerPages) {
      await shown.goto(path);
      const html = await shown.content();
      for (const secret of secrets) expect(html, `${path} must not contain a secret`).not.toContain(secret);
    }
    await manager.close();

    // The app server's own log: it holds this test's requests (the saves among them), and no secret.
    await expect.poll(() => readFileSync(APP_LOG_FILE, "utf8")).toContain(`GET ${identifiersPage(SUBSCRIBERS.northgate.subscriberId)}`);
    const log = readFileSync(APP_LOG_FILE, "utf8");
    expect(log).toContain(`POST ${identifiersPage(SUBSCRIBERS.harperVale.subscriberId)}`);
    expect(log).toContain(`POST /subscribers/${SUBSCRIBERS.ashdown.subscriberId}`);
    for (const secret of secrets) expect(log, "the app server's log must not contain a secret").not.toContain(secret);
  });
});
