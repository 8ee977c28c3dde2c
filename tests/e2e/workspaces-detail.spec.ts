/**
 * The workspace page shell (document 1 section 2.6, document 2 sections 2.1 and 4.8; issue 4 acceptance 1,
 * 3 (as the app shows it) and 4), with JavaScript on and off: the header and summary card, the vertical
 * tabs (each built), approve and unapprove where allowed, the conflict
 * toast for a stale version, the status banners (the lodgement delay among them) and the view-only notices,
 * the /workspace-detail redirect, and the error pages with their retry when loading fails.
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support";
import { DEMO_WORKSPACES, expectNoConsoleErrors, pageAs, tableRows, visibleTooltip, workspaceHref } from "./workspaces-support";

const CONFLICT =
  "Your action was not successful because there was a change in the workspace. Please refresh the page, review any changes and try again.";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`workspace page (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test("header, summary card and every tab; /workspace-detail redirects to the canonical address", async ({ browser }) => {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.goto(`/workspace-detail/${DEMO_WORKSPACES.purchaseReady.workspaceId}`);
      await page.waitForURL(`**${workspaceHref("purchaseReady")}/overview`);
      await expect(page.getByRole("link", { name: "Back to workspaces" })).toHaveAttribute("href", "/workspaces");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Flat 2, Riverside Court, Quay Street, Bristol, BS1 4RS");
      await expect(page.getByText(DEMO_WORKSPACES.purchaseReady.workspaceReferenceId)).toBeVisible();
      await expect(page.locator(".workspace-header .tag-status")).toHaveText("Created");
      const card = page.getByRole("article", { name: "Summary" });
      // The first applicant and a count, which the keyboard reaches; its tooltip lists all (a title without JavaScript).
      await expect(card).toContainText("Priya Shah +2");
      const count = card.getByText("Priya Shah +2");
      if (javaScriptEnabled) {
        await count.focus();
        await expect(visibleTooltip(page)).toHaveText("Priya Shah, Arjun Shah, Meera Shah");
        await expect(count).toHaveAccessibleDescription("Priya Shah, Arjun Shah, Meera Shah");
        await count.blur();
      } else {
        await expect(count).toHaveAttribute("title", "Priya Shah, Arjun Shah, Meera Shah");
        await expect(count).toHaveAttribute("tabindex", "0");
      }
      // The law firm sees its own reference.
      await expect(card).toContainText("HV/PUR/3301");
      await expect(card).not.toContainText("NG-MA-100262");
      await expectNoAxeViolations(page, javaScriptEnabled);

      const tabs = page.getByRole("navigation", { name: "Workspace sections" });
      await expect(tabs.getByRole("link")).toHaveText(["Overview", "Participants", "Property details", "Financials", "Documents"]);
      await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
      for (const tab of ["Participants", "Property details", "Financials", "Documents"]) {
        await tabs.getByRole("link", { name: tab }).click();
        await expect(page.getByRole("heading", { name: tab, level: 2 })).toBeVisible();
        // Each tab is built (tests/e2e/workspaces-tabs-participants.spec.ts, workspaces-tabs-property-details.spec.ts,
        // workspaces-tabs-financials.spec.ts, workspaces-tabs-documents.spec.ts).
        if (tab === "Property details") await expect(page.getByRole("heading", { name: "Title information", level: 3 })).toBeVisible();
        else if (tab === "Participants") await expect(page.getByRole("heading", { name: "Buyer details", level: 3 })).toBeVisible();
        else if (tab === "Financials") await expect(page.getByRole("heading", { name: "Completion date", level: 3 })).toBeVisible();
        else await expect(page.getByRole("heading", { name: "Applications for lodgement with HMLR", level: 3 })).toBeVisible();
        await expect(tabs.getByRole("link", { name: tab })).toHaveAttribute("aria-current", "page");
        await expectNoAxeViolations(page, javaScriptEnabled);
      }
      // The stamp duty tab only under its rule (the SDLT flag is off here): not found.
      const stampDuty = await page.goto(`${workspaceHref("purchaseReady")}/stamp-duty`);
      expect(stampDuty?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to workspaces" })).toHaveAttribute("href", "/workspaces");
      await expectNoAxeViolations(page, javaScriptEnabled);

      // The helpdesk administrator sees every reference.
      const helpdesk = await pageAs(browser, "helpdesk", javaScriptEnabled);
      await helpdesk.goto(workspaceHref("purchaseReady"));
      const helpdeskCard = helpdesk.getByRole("article", { name: "Summary" });
      await expect(helpdeskCard).toContainText("HV/PUR/3301");
      await expect(helpdeskCard).toContainText("NG-MA-100262");
      await helpdesk.context().close();
      expectNoConsoleErrors(page);
      await page.context().close();
    });

    test("the law firm's approver approves and unapproves a workspace ready for approval", async ({ browser }) => {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.goto(workspaceHref("remortgageReady"));
      await expect(page.getByRole("heading", { name: "Ready for approval" })).toBeVisible();
      await expect(page.getByText("Workspace is in view-only mode")).toHaveCount(0);
      await page.getByRole("button", { name: "Approve workspace" }).click();
      await expect(page.getByText("Workspace approved successfully")).toBeVisible();
      await expect(page.locator(".workspace-header .tag-status")).toHaveText("Prepared");
      await expect(page.getByText("Workspace is in view-only mode")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Ready for funds authorisation" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Unapprove workspace" }).click();
      await expect(page.getByText("Workspace unapproved successfully")).toBeVisible();
      await expect(page.locator(".workspace-header .tag-status")).toHaveText("Created");
      await expect(page.getByRole("button", { name: "Approve workspace" })).toBeVisible();
      expectNoConsoleErrors(page);
      await page.context().close();
    });

    test("the lender reads the banners without the approve action; locked and cancelled workspaces say they are view-only", async ({ browser }) => {
      const page = await pageAs(browser, "lender", javaScriptEnabled);
      await page.goto(workspaceHref("remortgageReady"));
      await expect(page.getByRole("heading", { name: "Ready for approval" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Approve workspace" })).toHaveCount(0);
      // Funds exchanged: locked before lodgement while the submission is still to make…
      await page.goto(workspaceHref("remortgageExchanged"));
      await expect(page.getByRole("heading", { name: "Funds exchanged" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Lodgement delayed" })).toHaveCount(0);
      // …and the lodgement delay once the applications are submitted and being finalised.
      await page.goto(workspaceHref("remortgageLodgementDelayed"));
      await expect(page.getByRole("heading", { name: "Lodgement delayed" })).toBeVisible();
      await expect(page.getByText("The applications are being finalised before they are lodged with HMLR.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Funds exchanged" })).toHaveCount(0);
      await expect(page.getByText("Workspace is in view-only mode")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.goto(workspaceHref("remortgageLodged"));
      await expect(page.getByText("Workspace is in view-only mode")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Lodged" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.goto(workspaceHref("remortgageCancelled"));
      await expect(page.getByText("Workspace has been cancelled and is in view-only mode")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Workspace cancelled" })).toBeVisible();
      // Cancel is shown disabled, with the reason.
      const cancel = page.getByRole("button", { name: "Cancel workspace" });
      await expect(cancel).toHaveAttribute("aria-disabled", "true");
      await expect(cancel).toHaveAccessibleDescription("This workspace has been cancelled and can no longer be edited.");
      await expect(page.getByText("Other (Borrowers chose a product switch with their current lender)")).toBeVisible();
      await page.goto(workspaceHref("remortgageMustCancel"));
      await expect(page.getByRole("heading", { name: "This workspace cannot continue" })).toBeVisible();
      await page.goto(workspaceHref("remortgageTransferOfEquity"));
      await expect(page.locator(".workspace-header .tag")).toContainText(["Remortgage", "Transfer of equity"]);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.context().close();
    });
  });
}

test("an approval sent with a stale version gets the conflict message and changes nothing", async ({ browser }) => {
  const first = await pageAs(browser, "manager", true);
  const second = await pageAs(browser, "manager", false);
  await first.goto(workspaceHref("purchaseReady"));
  await second.goto(workspaceHref("purchaseReady"));
  await first.getByRole("button", { name: "Approve workspace" }).click();
  await expect(first.getByText("Workspace approved successfully")).toBeVisible();
  // The second page still carries the version it read.
  await second.getByRole("button", { name: "Approve workspace" }).click();
  await expect(second.getByText(CONFLICT)).toBeVisible();
  await expect(second.locator(".workspace-header .tag-status")).toHaveText("Prepared");
  await first.getByRole("button", { name: "Unapprove workspace" }).click();
  await expect(first.getByText("Workspace unapproved successfully")).toBeVisible();
  await first.context().close();
  await second.context().close();
});

test("when loading the workspace fails, the error page shows its status and a retry that works", async ({ browser }) => {
  const page = await pageAs(browser, "lender", true);
  const { workspaceId, workspaceReferenceId } = DEMO_WORKSPACES.remortgageReady;
  // A gateway in front of the app times out on the workspace's data: not an answer of the app at all.
  let failing = true;
  await page.route(
    (url) => url.pathname.startsWith(`/workspaces/${workspaceId}`) && url.pathname.endsWith(".data"),
    (route) => (failing ? route.fulfill({ status: 504, contentType: "text/plain", body: "Gateway Timeout" }) : route.fallback()),
  );
  await page.goto(`/workspaces?field=workspaceReferenceId&q=${workspaceReferenceId}`);
  // A click before hydration is a document request the gateway above never sees: let React take the page first.
  await page.waitForLoadState("networkidle");
  await tableRows(page).first().getByRole("link").click();
  // With no status of the app's own, the page is the internal server error (the status a failure without one takes).
  await expect(page.getByRole("heading", { name: "Internal server error" })).toBeVisible();
  await expect(page.getByText("Error 500")).toBeVisible();
  await expect(page.getByText("Orchard House")).toHaveCount(0);
  await expectNoAxeViolations(page, true);
  // Try Again goes back to the workspaces, from where the workspace opens once the gateway answers again.
  failing = false;
  await page.getByRole("link", { name: "Try Again" }).click();
  await page.waitForURL(/\/workspaces$/);
  await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();
  await page.goto(`/workspaces?field=workspaceReferenceId&q=${workspaceReferenceId}`);
  await tableRows(page).first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orchard House, 3 Church Road, Winchester, SO23 9LP");
  await page.context().close();
});

test("an aborted data request left unhandled (a navigation interrupted by another) is not a page error; any other failure is", async ({ browser }) => {
  const page = await pageAs(browser, "lender", true);
  await page.goto(workspaceHref("remortgageReady"));
  await page.waitForLoadState("networkidle");
  // What Remix leaves behind when a second click aborts a data response mid-stream, and a failure that is real.
  await page.evaluate(() => {
    const interrupted = new AbortController();
    interrupted.abort();
    void Promise.reject(interrupted.signal.reason);
    void Promise.reject(new Error("a real failure"));
  });
  await expect.poll(() => (page as typeof page & { consoleErrors: string[] }).consoleErrors).toEqual(["a real failure"]);
  await page.context().close();
});
