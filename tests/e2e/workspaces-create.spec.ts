/**
 * Creating a workspace and working on it (document 1 sections 2.5 and 2.6, document 2 sections 2.5 and
 * 5.8; issue 4 acceptance 1 and 4), with JavaScript on and off: the lender creates a remortgage with three
 * applicants (adding four, removing one), opens it and cancels it with reason Other and notes; the law firm
 * creates a purchase with an organisation applicant (the transaction type fixed by the law-firm rule); the
 * conveyancing firm is held to purchases too, and when the provider refuses its create (its IP allow list
 * shuts the user out while they fill the form) the form keeps every value and says why.
 * Every workspace created here is cancelled, so the list's default view stays as seeded.
 */
import { expect, test, type Page } from "@playwright/test";
import { setIpAllowList, SUBSCRIBERS, type HelpdeskApi } from "./administration-support";
import { expectNoAxeViolations, login, USERS } from "./support";
import { expectNoConsoleErrors, helpdeskApiOf, pageAs } from "./workspaces-support";

async function fillAddress(page: Page, address: { number: string; street: string; town: string; postcode: string }) {
  await page.getByLabel("Building number").fill(address.number);
  await page.getByLabel("Street").fill(address.street);
  await page.getByLabel("Town").fill(address.town);
  await page.getByLabel("Postcode").fill(address.postcode);
}

/** Fills each individual applicant's first, middle (when given) and last name. */
async function fillApplicants(page: Page, people: string[][]) {
  for (const [index, [first, middle, last]] of people.entries()) {
    const applicant = page.getByRole("group", { name: `Applicant ${index + 1}` });
    await applicant.getByLabel("First name").fill(first);
    if (middle) await applicant.getByLabel("Middle name").fill(middle);
    await applicant.getByLabel("Last name").fill(last);
  }
}

/** The new workspace's page after Create workspace: the toast, the address as heading, the summary card. */
async function expectCreated(page: Page, address: string, applicants: string, reference: string) {
  await page.waitForURL(/\/workspaces\/[0-9a-f-]{36}\/overview$/);
  await expect(page.getByText("Workspace created successfully")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(address);
  const card = page.getByRole("article", { name: "Summary" });
  await expect(card).toContainText(applicants);
  await expect(card).toContainText(reference);
  return card;
}

async function cancelWithOther(page: Page, javaScriptEnabled: boolean, notes: string) {
  await page.getByRole("link", { name: "Cancel workspace" }).click();
  await page.waitForURL(/\/cancel$/);
  // A dialog over the workspace with JavaScript, a page of its own without.
  const container = javaScriptEnabled ? page.getByRole("dialog", { name: "Cancel workspace" }) : page.getByRole("main");
  await expect(container.getByRole("heading", { name: "Cancel workspace", level: javaScriptEnabled ? 2 : 1 })).toBeVisible();
  if (!javaScriptEnabled) await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expectNoAxeViolations(page, javaScriptEnabled);
  // A reason is required.
  await container.getByRole("button", { name: "Cancel workspace" }).click();
  await expect(container.getByRole("alert").getByRole("link", { name: "Reason is required" })).toBeVisible();
  await expect(container.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, javaScriptEnabled);
  await container.getByLabel("Reason").selectOption({ label: "Other" });
  await container.getByLabel("Further details").fill(notes);
  if (javaScriptEnabled) await expect(container.getByText(`You have ${100 - notes.length} characters remaining`)).toBeVisible();
  await container.getByRole("button", { name: "Cancel workspace" }).click();
  await page.waitForURL(/\/overview$/);
  await expect(page.getByText("Workspace cancelled successfully")).toBeVisible();
  await expect(page.getByText("Workspace has been cancelled and is in view-only mode")).toBeVisible();
  await expect(page.getByRole("list").filter({ hasText: "Cancelled" })).toContainText(`Other (${notes})`);
  await expectNoAxeViolations(page, javaScriptEnabled);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`create a workspace (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test("the lender creates a remortgage with three applicants, opens it and cancels it with reason Other", async ({ browser }) => {
      const page = await pageAs(browser, "lender", javaScriptEnabled);
      await page.goto("/workspaces");
      await page.getByRole("link", { name: "Create workspace" }).first().click();
      await page.waitForURL(/\/create-workspace$/);
      await expect(page.getByRole("heading", { name: "Create workspace", level: 1 })).toBeVisible();
      // A lender creates remortgages only.
      await expect(page.getByRole("radio", { name: "Remortgage" })).toBeChecked();
      await expect(page.getByRole("radio", { name: "Purchase" })).toBeDisabled();
      await expectNoAxeViolations(page, javaScriptEnabled);

      // Nothing filled in: the error summary links to each field, the messages sit beside the fields.
      await page.getByRole("button", { name: "Create workspace" }).click();
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary).toBeVisible();
      await expect(summary.getByRole("link", { name: "Reference is required" })).toBeVisible();
      await expect(summary.getByRole("link", { name: "Postcode is required" })).toBeVisible();
      await expect(summary.getByRole("link", { name: "First name is required" })).toBeVisible();
      if (javaScriptEnabled) await expect(summary).toBeFocused();
      await expect(page.getByLabel("Reference")).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page, javaScriptEnabled);
      await summary.getByRole("link", { name: "Reference is required" }).click();
      await expect(page.getByLabel("Reference")).toBeFocused();

      const reference = `E2E-RM-${javaScriptEnabled ? "JS" : "NOJS"}`;
      await page.getByLabel("Reference").fill(reference);
      await fillAddress(page, { number: "10", street: "Harbour Road", town: "Whitby", postcode: "yo21 1aa" });
      const add = page.getByRole("button", { name: "Add another applicant" });
      // Four applicants at most: the add button goes; any of them can be removed while more than one remains.
      for (let i = 0; i < 3; i++) await add.click();
      await expect(page.getByRole("group", { name: /^Applicant \d$/ })).toHaveCount(4);
      await expect(add).toHaveCount(0);
      await page.getByRole("button", { name: "Remove applicant 4" }).click();
      await expect(page.getByRole("group", { name: /^Applicant \d$/ })).toHaveCount(3);
      const people = [
        ["Harriet", "Jane", "Moss"],
        ["Ivor", "", "Moss"],
        ["Jude", "", "Moss"],
      ];
      await fillApplicants(page, people);
      // The reference typed before the list changed is still there.
      await expect(page.getByLabel("Reference")).toHaveValue(reference);
      await page.getByRole("button", { name: "Create workspace" }).click();

      const card = await expectCreated(page, "10 Harbour Road, Whitby, YO21 1AA", "Harriet Jane Moss +2", reference);
      await expect(card).toContainText("To be provided");
      await expect(page.getByText("Remortgage", { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);

      await cancelWithOther(page, javaScriptEnabled, "Borrowers moved to another lender");
      // Cancelled for good: cancelling again is not offered.
      await expect(page.getByRole("button", { name: "Cancel workspace" })).toHaveAttribute("aria-disabled", "true");
      expectNoConsoleErrors(page);
      await page.context().close();
    });

    test("the law firm creates a purchase with an organisation applicant", async ({ browser }) => {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.goto("/create-workspace");
      // The law-firm rule: purchase only, with its tooltip.
      await expect(page.getByRole("radio", { name: "Purchase" })).toBeChecked();
      await expect(page.getByRole("radio", { name: "Remortgage" })).toBeDisabled();
      const type = page.getByRole("group", { name: "Transaction type" });
      await expect(type).toHaveAttribute("title", "As a law firm you can only create a purchase workspace");
      await expect(type).toContainText("As a law firm you can only create a purchase workspace");

      await page.getByLabel("Reference").fill(`E2E-PUR-${javaScriptEnabled ? "JS" : "NOJS"}`);
      await fillAddress(page, { number: "4", street: "Quay Lane", town: "Falmouth", postcode: "TR11 3AA" });
      await page.getByRole("radio", { name: "An organisation" }).check();
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Change applicant type" }).click();
      const organisation = page.getByRole("group", { name: "Organisation applicant" });
      await expect(organisation).toBeVisible();
      await expect(page.getByRole("group", { name: /^Applicant 1$/ })).toHaveCount(0);
      await expect(organisation).toContainText("Limited Company");
      // The input kept across the re-rendered form.
      await expect(page.getByLabel("Building number")).toHaveValue("4");
      await organisation.getByLabel("Organisation name").fill("Harbourside Lettings Ltd");
      await organisation.getByLabel("Registration number").fill("ab12345");
      if (javaScriptEnabled) await expect(organisation.getByLabel("Registration number")).toHaveValue("AB12345");
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Create workspace" }).click();

      await page.waitForURL(/\/workspaces\/[0-9a-f-]{36}\/overview$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("4 Quay Lane, Falmouth, TR11 3AA");
      await expect(page.getByRole("article", { name: "Summary" })).toContainText("Harbourside Lettings Ltd");
      await expect(page.getByRole("article", { name: "Summary" })).toContainText("Buyer representative");
      await expect(page.getByText("Purchase", { exact: true })).toBeVisible();
      await cancelWithOther(page, javaScriptEnabled, "Created by the browser tests");
      expectNoConsoleErrors(page);
      await page.context().close();
    });
  });
}

test.describe("the conveyancing firm's create, refused by the provider, then made", () => {
  let api: HelpdeskApi;
  const keystone = SUBSCRIBERS.keystone.subscriberId;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    api = await helpdeskApiOf(browser);
  });
  test.afterAll(async () => {
    if (api) await setIpAllowList(api, keystone, []);
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`a refused create keeps every field and shows the error; the same input then creates the purchase (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
      // A login of its own, just before: nothing but the form's submit reaches the provider while it refuses.
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await login(page, USERS.keystoneCreator.email);
      await page.goto("/create-workspace");
      // The law-firm rule holds for a conveyancing firm: purchases only, with its tooltip.
      await expect(page.getByRole("radio", { name: "Purchase" })).toBeChecked();
      await expect(page.getByRole("radio", { name: "Remortgage" })).toBeDisabled();
      await expect(page.getByRole("group", { name: "Transaction type" })).toHaveAttribute("title", "As a law firm you can only create a purchase workspace");

      const reference = `KC-E2E-${javaScriptEnabled ? "JS" : "NOJS"}`;
      const fields: [string, string][] = [
        ["Reference", reference],
        ["Building name", "Lock Keeper's Cottage"],
        ["Building number", "2"],
        ["Flat", "1A"],
        ["Street", "Towpath Walk"],
        ["Town", "Stratford-upon-Avon"],
        ["Postcode", "CV37 6BA"],
      ];
      for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByRole("button", { name: "Add another applicant" }).click();
      const people = [
        ["Nadia", "Rose", "Khan"],
        ["Tomasz", "", "Nowak"],
      ];
      await fillApplicants(page, people);

      // The administrator restricts Keystone Conveyancing to an office address while the form is open.
      await setIpAllowList(api, keystone, ["203.0.113.7"]);
      try {
        await page.getByRole("button", { name: "Create workspace" }).click();
        const toast = page.getByRole("alert").filter({ hasText: "You do not have access" });
        await expect(toast).toContainText("Access denied for your IP address.");
      } finally {
        await setIpAllowList(api, keystone, []);
      }
      expect(new URL(page.url()).pathname).toBe("/create-workspace");
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Access denied for your IP address.");
      // Every value is still there.
      for (const [label, value] of fields) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
      await expect(page.getByRole("radio", { name: "Purchase" })).toBeChecked();
      await expect(page.getByRole("group", { name: /^Applicant \d$/ })).toHaveCount(2);
      for (const [index, [first, middle, last]] of people.entries()) {
        const applicant = page.getByRole("group", { name: `Applicant ${index + 1}` });
        await expect(applicant.getByLabel("First name")).toHaveValue(first);
        await expect(applicant.getByLabel("Middle name")).toHaveValue(middle);
        await expect(applicant.getByLabel("Last name")).toHaveValue(last);
      }
      await expectNoAxeViolations(page, javaScriptEnabled);

      // Let in again: the same input creates the purchase, the conveyancing firm as the buyer's representative.
      await page.getByRole("button", { name: "Create workspace" }).click();
      const card = await expectCreated(page, "Flat 1A, Lock Keeper's Cottage, 2 Towpath Walk, Stratford-upon-Avon, CV37 6BA", "Nadia Rose Khan +1", reference);
      await expect(card).toContainText("Buyer representative");
      await expect(page.getByText("Purchase", { exact: true })).toBeVisible();
      await cancelWithOther(page, javaScriptEnabled, "Created by the browser tests");
      await context.close();
    });
  }
});
