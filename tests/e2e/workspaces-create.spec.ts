/**
 * Creating a workspace and working on it (document 1 sections 2.5 and 2.6, document 2 sections 2.5 and
 * 5.8; issue 4 acceptance 1 and 4), with JavaScript on and off: the lender creates a remortgage with three
 * applicants (adding four, removing one), opens it and cancels it with reason Other and notes; the law firm
 * creates a purchase with an organisation applicant (the transaction type fixed by the law-firm rule).
 * Every workspace created here is cancelled, so the list's default view stays as seeded.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support";
import { expectNoConsoleErrors, pageAs } from "./workspaces-support";

async function fillAddress(page: Page, address: { number: string; street: string; town: string; postcode: string }) {
  await page.getByLabel("Building number").fill(address.number);
  await page.getByLabel("Street").fill(address.street);
  await page.getByLabel("Town").fill(address.town);
  await page.getByLabel("Postcode").fill(address.postcode);
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
      for (const [index, [first, middle, last]] of people.entries()) {
        const applicant = page.getByRole("group", { name: `Applicant ${index + 1}` });
        await applicant.getByLabel("First name").fill(first);
        if (middle) await applicant.getByLabel("Middle name").fill(middle);
        await applicant.getByLabel("Last name").fill(last);
      }
      // The reference typed before the list changed is still there.
      await expect(page.getByLabel("Reference")).toHaveValue(reference);
      await page.getByRole("button", { name: "Create workspace" }).click();

      await page.waitForURL(/\/workspaces\/[0-9a-f-]{36}\/overview$/);
      await expect(page.getByText("Workspace created successfully")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("10 Harbour Road, Whitby, YO21 1AA");
      const card = page.getByRole("article", { name: "Summary" });
      await expect(card).toContainText("Harriet Jane Moss +2");
      await expect(card).toContainText(reference);
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
