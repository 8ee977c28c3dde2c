/**
 * Creating a workspace: the helpdesk administrator, who has no subscriber, is offered no Create workspace
 * (decision 0213) and the page itself says why; the error summary lists the building name or number message
 * once; the registration number is upper-cased by the server too, so the form shown again without
 * JavaScript shows it as it is saved.
 */
import { expect, test } from "@playwright/test";
import { CREATE_REFUSALS } from "../../core/workspaces/lifecycle.js";
import { expectNoAxeViolations } from "./support";
import { pageAs } from "./workspaces-support";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`create workspace checks (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test("the helpdesk administrator is offered no Create workspace; the address says why", async ({
      browser,
    }) => {
      const page = await pageAs(browser, "helpdesk", javaScriptEnabled);
      await page.goto("/workspaces");
      await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: "Create workspace" })).toHaveCount(0);
      await page.goto("/create-workspace");
      await expect(page.getByText(CREATE_REFUSALS.noSubscriber)).toBeVisible();
      await expect(page.getByText(/Select a subscriber/)).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Create workspace" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Back to workspaces" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.context().close();
    });

    test("one building name or number error in the summary; the registration number upper-cased", async ({
      browser,
    }) => {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.goto("/create-workspace");
      await page.getByLabel("Reference").fill("E2E-CHECKS");
      await page.getByLabel("Street").fill("Quay Lane");
      await page.getByLabel("Town").fill("Falmouth");
      await page.getByLabel("Postcode").fill("TR11 3AA");
      await page.getByRole("radio", { name: "An organisation" }).check();
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Change applicant type" }).click();
      const organisation = page.getByRole("group", { name: "Organisation applicant" });
      await organisation.getByLabel("Organisation name").fill("Harbourside Lettings Ltd");
      await organisation.getByLabel("Registration number").fill("ab12345");
      await page.getByRole("button", { name: "Create workspace" }).click();

      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary).toBeVisible();
      await expect(summary.getByText("Enter at least one of building name or building number")).toHaveCount(
        1,
      );
      await expect(organisation.getByLabel("Registration number")).toHaveValue("AB12345");
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.context().close();
    });
  });
}
