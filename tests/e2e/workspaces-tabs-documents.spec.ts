/**
 * The Documents tab (document 3 sections 2.1, 4.1 to 4.3, 5.1, 6, 8.2 and 9) in the browser, with JavaScript
 * on and off, as the demo users: upload refusals with their messages (an encrypted PDF, a renamed PNG, a file
 * of 20 MB + 1 byte, the EICAR string found by the scan); in each mode the whole journey on one workspace — a
 * PDF uploaded, scanned and attached to the mortgage charge, the transaction value and deed preference,
 * approval with the statements, the workspace approved and its funds exchanged on completion day, submission,
 * a requisition from the land registry sandbox (a value in pounds ending in 999) answered, registered and
 * closed — and in each mode a requisition whose deadline passes (product clock), rejected, then resubmitted
 * outside the product (without JavaScript) or prepared for resubmission, changed, approved, submitted again and
 * registered in the product (with JavaScript; its prepare post without). Every state passes axe and fits 320 px. Test PDFs are made at test time
 * (documents-files.ts); docs/demo-workspaces.md names the workspaces.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiAs, FRESH, type HelpdeskApi } from "./administration-support";
import { APP_URL, expectNoAxeViolations, USERS } from "./support";
import { DEMO_WORKSPACES, expectNoConsoleErrors, pageAs } from "./workspaces-support";
import { setProductClock } from "./title-fixtures";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { earliestCompletionDate, nextWorkingDay } from "../../core/financials/completion-date.js";
import { bankHolidayDates } from "../../core/shared/bank-holidays.js";
import { addDays } from "../../core/shared/london-time.js";
import { DEMO_SUBSCRIBERS } from "../../provider/platform/demo-world.js";
import { eicarPdfFile, encryptedPdfFile, pdfFile, renamedPngFile, type TestFile } from "./documents-files";

let helpdesk: HelpdeskApi;

async function apiOf(browser: Browser, email: string) {
  const context = await browser.newContext(FRESH);
  try {
    return await apiAs(await context.newPage(), email);
  } finally {
    await context.close();
  }
}

test.beforeAll(async ({ browser }) => {
  helpdesk = await apiOf(browser, USERS.helpdesk.email);
});

test.afterAll(async () => {
  await setProductClock(helpdesk, null);
});

/** Nothing wider than a 320 px screen. */
async function expectFits320(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(320);
  if (size) await page.setViewportSize(size);
}

async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator(".toast").filter({ hasText: text })).toBeVisible();
}

const documentsHref = (key: keyof typeof DEMO_WORKSPACES) =>
  `/workspaces/${DEMO_WORKSPACES[key].workspaceId}/documents`;

function section(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

function application(page: Page, title: string) {
  return page.locator("details.application").filter({ has: page.locator("summary", { hasText: title }) });
}

function fileRow(page: Page, fileName: string) {
  return section(page, "Workspace documents").locator("tbody tr").filter({ hasText: fileName });
}

/** Opens a row's menu (a <details> disclosure) unless it is open already. */
async function openMenu(row: ReturnType<typeof fileRow>) {
  const menu = row.locator("details.row-menu");
  if ((await menu.getAttribute("open")) === null) await menu.locator("summary").click();
}

/** The open modal: a dialog over the tab with JavaScript, the page itself without. */
function modal(page: Page, javaScriptEnabled: boolean) {
  return javaScriptEnabled ? page.locator("dialog[open]") : page.locator("main");
}

/** Uploads `file` as `documentType` through the form (certification when asked). */
async function upload(page: Page, file: TestFile, documentType: string, certification?: string) {
  const area = section(page, "Upload documents");
  await area
    .getByLabel("File")
    .setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: file.buffer });
  await area.getByLabel("Document type").selectOption({ label: documentType });
  if (certification) await area.getByLabel(/^Certification/).selectOption({ label: certification });
  // With JavaScript the button waits until a file and a type are chosen.
  await area.getByRole("button", { name: "Upload" }).click();
}

/** Waits for the scan's answer: with JavaScript the tab polls by itself; without, the user follows Refresh. */
async function expectScanned(page: Page, javaScriptEnabled: boolean, message: string | RegExp) {
  const status = page.locator("#upload-status");
  if (javaScriptEnabled) {
    await expect(status).toContainText(message, { timeout: 30_000 });
    return;
  }
  await expect(async () => {
    const text = (await status.textContent()) ?? "";
    if (!(typeof message === "string" ? text.includes(message) : message.test(text))) {
      await page.getByRole("link", { name: "Refresh to see the result" }).click();
      throw new Error(`still: ${text}`);
    }
  }).toPass({ timeout: 30_000, intervals: [500, 1000] });
}

/** Reloads until `check` passes (the registry job runs as the clock moves). */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
}

/** Fills an application's add or edit form: transaction value, deed and signature preference. */
async function fillApplication(page: Page, title: string, value: string) {
  const accordion = application(page, title);
  await accordion.getByLabel("Transaction value (£)").fill(value);
  const deed = accordion.getByLabel("Deed preference");
  // A standard deed: its signed copy is uploaded and attached (a digital deed is signed in the lender's service).
  if ((await deed.count()) > 0 && (await deed.inputValue()) === "") {
    const standard = await deed.locator("option", { hasText: "Standard deed" }).first().getAttribute("value");
    await deed.selectOption(standard ?? { index: 1 });
  }
  const signature = accordion.getByLabel("Signature preference");
  if ((await signature.count()) > 0 && (await signature.inputValue()) === "")
    await signature.selectOption({ index: 1 });
  await accordion.getByRole("button", { name: /^Save/ }).click();
}

/** Gives every application still in add mode its values (the fixture value for the mortgage charge). */
async function completeApplications(page: Page, mortgageValue: string) {
  await fillApplication(page, "Mortgage charge", mortgageValue);
  await expectToast(page, /Transaction value added|Mortgage charge updated/);
  for (;;) {
    const open = page.locator("details.application form.application-form");
    if ((await open.count()) === 0) break;
    const title =
      (await open.first().locator("xpath=ancestor::details[1]/summary/span[1]").textContent()) ?? "";
    await fillApplication(page, title, "1000");
    await expectToast(page, /added|updated/);
  }
}

async function attach(page: Page, javaScriptEnabled: boolean, fileName: string, applicationTitle: string) {
  await fileRow(page, fileName).getByRole("link", { name: "Attach to application" }).click();
  await expect(
    page.getByRole("heading", { name: "Document certification", level: javaScriptEnabled ? 2 : 1 }),
  ).toBeVisible();
  await expectNoAxeViolations(page, javaScriptEnabled);
  const dialog = modal(page, javaScriptEnabled);
  // Submitted empty: both fields are required.
  await dialog.getByRole("button", { name: "Attach to application" }).click();
  await expect(dialog.getByText("Certification is required").first()).toBeVisible();
  await dialog.getByLabel("Certification", { exact: true }).selectOption({ label: "Original" });
  await dialog.getByLabel(applicationTitle, { exact: true }).check();
  await dialog.getByRole("button", { name: "Attach to application" }).click();
  await expectToast(page, "Document attached to application");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`documents tab (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test("upload refusals show their messages, and nothing is stored", async ({ browser }) => {
      test.setTimeout(180_000);
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.goto(documentsHref(javaScriptEnabled ? "remortgageReady" : "purchaseReady"));
      await expect(page.getByRole("heading", { name: "Documents", level: 2 })).toBeVisible();
      await expect(page.getByText("No documents have been attached to this workspace yet")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await expectFits320(page);

      await upload(page, await encryptedPdfFile("locked.pdf"), "Deed");
      await expect(page.getByText("Your file is secured or restricted from editing").first()).toBeVisible();
      await upload(page, renamedPngFile("photo.pdf"), "Deed");
      await expect(page.getByText("File type must be in a valid PDF format").first()).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await expect(page.getByText("No documents have been attached to this workspace yet")).toBeVisible();

      // 20 MB + 1 byte: with JavaScript refused as it is chosen; without, cut off at the limit as it streams.
      const tooLarge = await pdfFile("large.pdf");
      const oversized = {
        ...tooLarge,
        buffer: Buffer.concat([tooLarge.buffer, Buffer.alloc(20_971_521 - tooLarge.buffer.length, 0x20)]),
      };
      const area = section(page, "Upload documents");
      if (javaScriptEnabled) {
        await area
          .getByLabel("File")
          .setInputFiles({ name: oversized.name, mimeType: oversized.mimeType, buffer: oversized.buffer });
        await area.getByLabel("Document type").selectOption({ label: "Deed" });
        await expect(area.getByText("Your document must be less than 20MB")).toBeVisible();
        await expect(area.getByRole("button", { name: "Upload" })).toBeDisabled();
      } else {
        await upload(page, oversized, "Deed");
        await expect(page.getByText("Your document must be less than 20MB").first()).toBeVisible();
      }
      await expect(page.getByText("No documents have been attached to this workspace yet")).toBeVisible();

      await upload(page, await eicarPdfFile("eicar.pdf"), "Deed");
      await expectScanned(
        page,
        javaScriptEnabled,
        "A virus has been detected in the document. Please check and upload again.",
      );
      await expectNoAxeViolations(page, javaScriptEnabled);
      expectNoConsoleErrors(page);
      await page.context().close();
    });
  });
}

/** A product time on `date` (YYYY-MM-DD) at `hour`:00 UTC: 10:00 to 16:00 is inside land registry hours all year. */
const at = (date: string, hour: number) => `${date}T${String(hour).padStart(2, "0")}:00:00Z`;

/**
 * A remortgage made through the API as the journey's starting point: Northgate creates it and assigns Harper &
 * Vale, who give the borrower's address, a completion date and the mortgage advance (the tasks that approval
 * waits for). Its completion date is the first one the rules allow a week from now.
 */
async function freshRemortgage(browser: Browser): Promise<{ workspaceId: string; completionDate: string }> {
  const [lender, lawFirm] = [
    await apiOf(browser, USERS.lender.email),
    await apiOf(browser, USERS.manager.email),
  ];
  const written = (answer: { status: number; json: unknown }, status = 200) => {
    expect(answer.status, JSON.stringify(answer.json)).toBe(status);
    return answer.json as { version: number } & Record<string, unknown>;
  };
  const ifMatch = (version: number) => ({ "if-match": `"${version}"` });
  const created = written(
    await lender.call("POST", "/api/workspace/v1/workspaces", {
      transactionType: "REMORTGAGE",
      transferOfEquity: false,
      reference: `NG-J${Date.now().toString().slice(-6)}`,
      securityAddress: { buildingNumber: "3", street: "Mill Road", town: "Leeds", postcode: "LS1 4AB" },
      parties: [
        { role: "BORROWER", type: "INDIVIDUAL", partyDetails: { forenames: "Ada", surname: "Lovelace" } },
      ],
    }),
    201,
  );
  const workspaceId = created.workspaceId as string;
  written(
    await lender.call(
      "POST",
      `/api/v1/workspaces/${workspaceId}/participants`,
      { subscriberId: DEMO_SUBSCRIBERS.harperVale.subscriberId, role: "INCOMING_LENDER_REPRESENTATIVE" },
      ifMatch(created.version),
    ),
    201,
  );
  const detail = written(await lawFirm.call("GET", `/api/workspace/v1/workspaces/${workspaceId}`)) as {
    version: number;
    parties: { partyId: string; role: string }[];
  };
  const borrower = detail.parties.find((party) => party.role === "BORROWER")!;
  written(
    await lawFirm.call(
      "PATCH",
      `/api/workspace/v1/workspaces/${workspaceId}/parties/${borrower.partyId}`,
      {
        addresses: [
          {
            addressType: "CORRESPONDENCE_ADDRESS",
            buildingNumber: "3",
            street: "Mill Road",
            town: "Leeds",
            postcode: "LS1 4AB",
          },
        ],
      },
      ifMatch(detail.version),
    ),
  );
  const schedules = written(
    await lawFirm.call(
      "GET",
      `/api/settlement/v1/financial-settlement-schedules?workspace_id=${workspaceId}`,
    ),
  ) as unknown as {
    records: { financialSettlementScheduleId: string; version: number }[];
  };
  const schedule = schedules.records[0]!;
  const today = new Date().toISOString().slice(0, 10);
  const holidays = bankHolidayDates(today, addDays(today, 90));
  const completionDate = nextWorkingDay(addDays(earliestCompletionDate(new Date(), holidays), 7), holidays);
  const url = `/api/settlement/v1/financial-settlement-schedules/${schedule.financialSettlementScheduleId}`;
  const dated = written(await lawFirm.call("PATCH", url, { completionDate }, ifMatch(schedule.version)));
  written(
    await lawFirm.call(
      "POST",
      `${url}/line-items`,
      { category: "MORTGAGE_ADVANCE", amount: 25_000_000, reference: "MA J1" },
      ifMatch(dated.version),
    ),
    201,
  );
  return { workspaceId, completionDate };
}

/** The lender authorises the mortgage advance (the financials tab's action, here through the API). */
async function authoriseMortgageAdvance(browser: Browser, workspaceId: string) {
  const lender = await apiOf(browser, USERS.lender.email);
  const { json } = await lender.call(
    "GET",
    `/api/settlement/v1/financial-settlement-schedules?workspace_id=${workspaceId}`,
  );
  const schedule = (
    json as {
      records: {
        financialSettlementScheduleId: string;
        lineItems: { lineItemId: string; category: string; version: number }[];
      }[];
    }
  ).records[0]!;
  const advance = schedule.lineItems.find((item) => item.category === "MORTGAGE_ADVANCE")!;
  const authorised = await lender.call(
    "PATCH",
    `/api/settlement/v1/financial-settlement-schedules/${schedule.financialSettlementScheduleId}/line-items/${advance.lineItemId}`,
    { authorised: true },
    { "if-match": `"${advance.version}"` },
  );
  expect(authorised.status, JSON.stringify(authorised.json)).toBe(200);
}

async function completionDateOf(workspaceId: string): Promise<string> {
  const { json } = await helpdesk.call("GET", `/api/workspace/v1/workspaces/${workspaceId}`);
  return (json as { completionDate: string }).completionDate;
}

async function approveApplications(page: Page, javaScriptEnabled: boolean) {
  const applications = section(page, "Applications for lodgement with HMLR");
  await applications.getByRole("link", { name: "Approve applications" }).click();
  await expect(
    page.getByRole("heading", { name: "Approve applications", level: javaScriptEnabled ? 2 : 1 }),
  ).toBeVisible();
  await expectNoAxeViolations(page, javaScriptEnabled);
  const approval = modal(page, javaScriptEnabled);
  // Every statement must be ticked.
  await approval.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(
    approval.getByText("Confirm this statement to approve the applications").first(),
  ).toBeVisible();
  for (const box of await approval.getByRole("checkbox").all()) await box.check();
  await approval.getByRole("button", { name: "Approve", exact: true }).click();
  await expectToast(page, "Applications approved");
}

/** Opens a modal from `link` (a dialog with JavaScript, a page without), checks it, and confirms it with `button`. */
async function confirmInModal(
  page: Page,
  javaScriptEnabled: boolean,
  link: string,
  button: string,
  toast: string,
) {
  await section(page, "Applications for lodgement with HMLR").getByRole("link", { name: link }).click();
  await expect(page.getByRole("heading", { name: link, level: javaScriptEnabled ? 2 : 1 })).toBeVisible();
  await expectNoAxeViolations(page, javaScriptEnabled);
  await modal(page, javaScriptEnabled).getByRole("button", { name: button, exact: true }).click();
  await expectToast(page, toast);
}

async function submitToLandRegistry(page: Page, javaScriptEnabled: boolean) {
  await confirmInModal(
    page,
    javaScriptEnabled,
    "Submit to the land registry",
    "Submit",
    "Applications submitted to the land registry",
  );
  await expect(section(page, "Applications for lodgement with HMLR")).toContainText("Case status: Lodged");
}

async function expectWorkspaceStatus(page: Page, workspaceId: string, status: string) {
  await page.goto(`/workspaces/${workspaceId}/overview`);
  await expect(page.locator(".workspace-header .tag-status")).toHaveText(status);
}

/**
 * A rejected case prepared for resubmission, changed, approved, submitted again and registered (decision 0714):
 * the prepare post made without JavaScript (its own confirmation page), after its dialog was seen and
 * cancelled with JavaScript; the rest with JavaScript on `page`. `day`: the product day of the rejection.
 */
async function resubmitInTheProduct(browser: Browser, page: Page, workspaceId: string, day: string) {
  const rejected = section(page, "Rejected applications");
  await expect(rejected.getByRole("link", { name: "Resubmit outside the product" })).toBeVisible();
  await rejected.getByRole("link", { name: "Prepare resubmission" }).click();
  await expect(page.getByRole("heading", { name: "Prepare resubmission", level: 2 })).toBeVisible();
  await expectNoAxeViolations(page, true);
  await modal(page, true).getByRole("link", { name: "Cancel" }).click();
  await expect(page.locator("dialog[open]")).toHaveCount(0);

  const noScript = await pageAs(browser, "manager", false);
  await noScript.goto(`/workspaces/${workspaceId}/documents`);
  await section(noScript, "Rejected applications").getByRole("link", { name: "Prepare resubmission" }).click();
  await expect(noScript.getByRole("heading", { name: "Prepare resubmission", level: 1 })).toBeVisible();
  await expectNoAxeViolations(noScript, false);
  await modal(noScript, false).getByRole("button", { name: "Prepare resubmission", exact: true }).click();
  await expectToast(noScript, "Resubmission prepared.");
  await noScript.context().close();

  // Prepared: the rejected lodgement still listed with its expired correspondence, no resubmission offered
  // again, the applications editable in the still requisitioned workspace.
  await page.reload();
  const applications = section(page, "Applications for lodgement with HMLR");
  await expect(applications).toContainText("Case status: Resubmission prepared");
  await expect(rejected.getByText("Expired").first()).toBeVisible();
  await expect(rejected.getByRole("link")).toHaveCount(0);
  await expectNoAxeViolations(page, true);
  await expectFits320(page);
  // £180,000: the registry sandbox registers it without a requisition this time.
  const charge = application(page, "Mortgage charge");
  if ((await charge.getAttribute("open")) === null) await charge.locator("summary").click();
  await charge.getByRole("link", { name: "Edit Mortgage charge" }).click();
  await fillApplication(page, "Mortgage charge", "180,000");
  await expectToast(page, /Mortgage charge updated|Transaction value/);
  await expect(application(page, "Mortgage charge")).toContainText("£180,000.00");
  await approveApplications(page, true);
  await expectWorkspaceStatus(page, workspaceId, "Requisitioned");
  await page.goto(`/workspaces/${workspaceId}/documents`);
  await submitToLandRegistry(page, true);
  await expectWorkspaceStatus(page, workspaceId, "Lodged");
  // The registry answers an hour after the submission: registered, the workspace closed.
  await setProductClock(helpdesk, at(day, 16));
  await page.goto(`/workspaces/${workspaceId}/documents`);
  await reloadUntil(page, () => expect(applications).toContainText("Case status: Registered"));
  await expect(section(page, "Rejected applications")).toBeVisible();
  await expectNoAxeViolations(page, true);
  await expectWorkspaceStatus(page, workspaceId, "Closed");
}

test.describe("documents tab journeys", () => {
  // Without JavaScript first: the demo requisition would lapse in any later test that moves the clock on.
  for (const javaScriptEnabled of [false, true]) {
    test(`a requisition left past its deadline is rejected, then resubmitted ${javaScriptEnabled ? "in" : "outside"} the product (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      test.setTimeout(300_000);
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      // With JavaScript: the exchanged remortgage is submitted and its £180,999 mortgage charge requisitioned;
      // without: the demo purchase already requisitioned.
      const key = javaScriptEnabled ? "remortgageExchanged" : "purchaseRequisitioned";
      const { workspaceId } = DEMO_WORKSPACES[key];
      await page.goto(documentsHref(key));
      const tomorrow = new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);
      if (javaScriptEnabled) {
        await submitToLandRegistry(page, javaScriptEnabled);
        await setProductClock(helpdesk, at(tomorrow, 12));
        await reloadUntil(page, () => expect(section(page, "Requisitions")).toBeVisible());
      }
      await expect(section(page, "Requisitions")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      // 30 days on, the reply deadline (12:00 on the 15th business day) has passed.
      await setProductClock(helpdesk, at(addDays(tomorrow, 30), 13));
      await reloadUntil(page, () => expect(section(page, "Rejected applications")).toBeVisible());
      await expect(section(page, "Rejected applications").getByText("Expired").first()).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await expectFits320(page);
      if (javaScriptEnabled) {
        // With JavaScript the rejected remortgage is resubmitted in the product (decision 0714).
        await resubmitInTheProduct(browser, page, workspaceId, addDays(tomorrow, 30));
      } else {
        await section(page, "Rejected applications")
          .getByRole("link", { name: "Resubmit outside the product" })
          .click();
        await expect(
          page.getByRole("heading", { name: "Resubmit outside the product", level: javaScriptEnabled ? 2 : 1 }),
        ).toBeVisible();
        await expectNoAxeViolations(page, javaScriptEnabled);
        await modal(page, javaScriptEnabled).getByRole("button", { name: "Confirm resubmission" }).click();
        await expectToast(page, "Recorded as resubmitted outside the product. The workspace is closed.");
        await expectWorkspaceStatus(page, workspaceId, "Closed");
      }
      expectNoConsoleErrors(page);
      await page.context().close();
      await setProductClock(helpdesk, null);
    });
  }
  for (const javaScriptEnabled of [true, false]) {
    test(`the law firm uploads a PDF, sees it scanned, attaches it to the mortgage charge, gives the value and deed preference, approves with the statements, submits; the land registry's requisition is answered and the workspace registered and closed (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      test.setTimeout(480_000);
      // With JavaScript a demo remortgage ready for approval; without, one made through the API for this run.
      const { workspaceId, completionDate } = javaScriptEnabled
        ? { workspaceId: DEMO_WORKSPACES.remortgageReady.workspaceId, completionDate: "" }
        : await freshRemortgage(browser);
      const documents = `/workspaces/${workspaceId}/documents`;
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.goto(documents);
      await expect(page.getByRole("heading", { name: "Documents", level: 2 })).toBeVisible();
      // Approval waits for the applications' information, and says so.
      await expect(
        section(page, "Applications for lodgement with HMLR").getByText(
          "The applications cannot be approved",
        ),
      ).toBeVisible();

      // The values first (a deed needs its preference before documents are attached); a mortgage value in
      // pounds ending 999 is the registry sandbox's requisition fixture.
      await completeApplications(page, "250,999");
      await expect(section(page, "Applications for lodgement with HMLR")).toContainText(
        /Total land registry fee: £\d[\d,]*\.\d\d/,
      );
      await expect(application(page, "Mortgage charge")).toContainText("£250,999.00");
      await expectNoAxeViolations(page, javaScriptEnabled);

      await upload(page, await pdfFile("Signed mortgage deed.pdf"), "Mortgage charge");
      await expectScanned(page, javaScriptEnabled, "Signed mortgage deed.pdf uploaded successfully");
      await expectNoAxeViolations(page, javaScriptEnabled);
      await expectFits320(page);
      await attach(page, javaScriptEnabled, "Signed mortgage deed.pdf", "Mortgage charge");
      await expect(application(page, "Mortgage charge")).toContainText("Signed mortgage deed.pdf");
      await expectNoAxeViolations(page, javaScriptEnabled);

      await approveApplications(page, javaScriptEnabled);
      // Approved: removing the signed deed is refused with its reason.
      const charge = application(page, "Mortgage charge");
      if ((await charge.getAttribute("open")) === null) await charge.locator("summary").click();
      await expect(
        charge.getByText("This document was attached before approval and cannot be detached.").first(),
      ).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      // Unapprove, then approve again.
      await confirmInModal(
        page,
        javaScriptEnabled,
        "Unapprove applications",
        "Unapprove",
        "Applications unapproved",
      );
      await approveApplications(page, javaScriptEnabled);
      // Submission waits for the funds' exchange on completion day, and says why.
      const applications = section(page, "Applications for lodgement with HMLR");
      await expect(applications.getByRole("link", { name: "Submit to the land registry" })).toHaveCount(0);

      // The law firm approves the workspace; the lender authorises the advance; on the completion date the
      // completion-day job exchanges the funds.
      await page.goto(`/workspaces/${workspaceId}/overview`);
      await page.getByRole("button", { name: "Approve workspace" }).click();
      await expect(page.getByText("Workspace approved successfully")).toBeVisible();
      await authoriseMortgageAdvance(browser, workspaceId);
      const onCompletion = completionDate || (await completionDateOf(workspaceId));
      expect(onCompletion).toMatch(/^\d{4}-\d\d-\d\d$/);
      await setProductClock(helpdesk, at(onCompletion, 10));
      await reloadUntil(page, () =>
        expect(page.locator(".workspace-header .tag-status")).toHaveText("Funds exchanged"),
      );

      await page.goto(documents);
      await submitToLandRegistry(page, javaScriptEnabled);
      await expectWorkspaceStatus(page, workspaceId, "Lodged");

      // The registry answers an hour after submission, in its hours: a requisition with its letter.
      await setProductClock(helpdesk, at(onCompletion, 12));
      await page.goto(documents);
      await reloadUntil(page, () => expect(section(page, "Requisitions")).toBeVisible());
      await expect(section(page, "Requisitions")).toContainText(
        "Requisition: certified copy of the mortgage deed",
      );
      await expectNoAxeViolations(page, javaScriptEnabled);
      await expectFits320(page);
      await upload(page, await pdfFile("Certified copy.pdf"), "Deed", "Certified");
      await expectScanned(page, javaScriptEnabled, "Certified copy.pdf uploaded successfully");
      await fileRow(page, "Certified copy.pdf")
        .getByRole("link", { name: "Add to requisition reply" })
        .click();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await modal(page, javaScriptEnabled)
        .getByLabel("Certification", { exact: true })
        .selectOption({ label: "Certified" });
      await modal(page, javaScriptEnabled).getByRole("button", { name: "Add to requisition reply" }).click();
      await expectToast(page, "Document attached to application");
      await expect(section(page, "Requisitions")).toContainText("Certified copy.pdf");
      await section(page, "Requisitions").getByRole("button", { name: "Submit requisition replies" }).click();
      await expectToast(page, "Document submitted successfully");
      await expectWorkspaceStatus(page, workspaceId, "Requisitioned");

      await setProductClock(helpdesk, at(onCompletion, 14));
      await page.goto(documents);
      await reloadUntil(page, () => expect(applications).toContainText("Case status: Registered"));
      await expectNoAxeViolations(page, javaScriptEnabled);
      await expectWorkspaceStatus(page, workspaceId, "Closed");
      expectNoConsoleErrors(page);
      await page.context().close();
      await setProductClock(helpdesk, null);
    });
  }
});

for (const javaScriptEnabled of [true, false]) {
  test(`a file's viewing permission is edited by its owner, the file viewed through a signed link, then deleted (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await pageAs(browser, "manager", javaScriptEnabled);
    await page.goto(documentsHref(javaScriptEnabled ? "remortgagePreparing" : "remortgageTransferOfEquity"));
    await upload(page, await pdfFile("Redemption statement.pdf"), "Redemption statement");
    await expectScanned(page, javaScriptEnabled, "Redemption statement.pdf uploaded successfully");
    const row = fileRow(page, "Redemption statement.pdf");
    await expect(row).toContainText(/\d\d\/\d\d\/\d{4}, \d\d:\d\d[AP]M/);

    // View: the app asks the provider for a 60-second signed link and sends the browser there.
    const viewHref = await row.getByRole("link", { name: "Redemption statement.pdf" }).getAttribute("href");
    const viewed = await page.request.get(`${APP_URL}${viewHref}`);
    expect(viewed.status()).toBe(200);
    expect(viewed.headers()["content-disposition"]).toMatch(/^attachment/);
    expect(viewed.headers()["x-content-type-options"]).toBe("nosniff");
    expect((await viewed.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // Edit viewing permission: the owner's organisation always kept (checked, disabled), the lender added.
    await openMenu(row);
    await row.getByRole("link", { name: "Edit viewing permission" }).click();
    const dialog = modal(page, javaScriptEnabled);
    await expect(
      page.getByRole("heading", { name: "Edit viewing permission", level: javaScriptEnabled ? 2 : 1 }),
    ).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: /Harper & Vale LLP/ })).toBeDisabled();
    await expectNoAxeViolations(page, javaScriptEnabled);
    const permissionUrl = new URL(page.url()).pathname.endsWith("/documents")
      ? await row.getByRole("link", { name: "Edit viewing permission" }).getAttribute("href")
      : new URL(page.url()).pathname;
    const seenVersion = await dialog.locator('input[name="version"]').inputValue();
    const token = await dialog.locator('input[name="csrf"]').inputValue();
    await dialog.getByRole("checkbox", { name: "Northgate Bank" }).check();
    await dialog.getByRole("button", { name: "Save viewing permission" }).click();
    await expectToast(page, "Viewing permissions updated");
    // The same form sent again with the version it showed: stale, the conflict message, nothing changed.
    const stale = await page.request.post(`${APP_URL}${permissionUrl}`, {
      headers: { origin: APP_URL },
      form: { csrf: token, version: seenVersion },
      maxRedirects: 0,
    });
    expect(stale.status()).toBe(409);
    expect(await stale.text()).toContain(CONFLICT_MESSAGE);

    await openMenu(fileRow(page, "Redemption statement.pdf"));
    await fileRow(page, "Redemption statement.pdf").getByRole("link", { name: "Delete" }).click();
    await expect(
      page.getByRole("heading", { name: "Delete document", level: javaScriptEnabled ? 2 : 1 }),
    ).toBeVisible();
    await expectNoAxeViolations(page, javaScriptEnabled);
    await modal(page, javaScriptEnabled).getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Document deleted");
    await expect(fileRow(page, "Redemption statement.pdf")).toHaveCount(0);
    expectNoConsoleErrors(page);
    await page.context().close();
  });
}

test("a forged upload is refused before any file is written", async ({ browser }) => {
  const page = await pageAs(browser, "manager", true);
  const href = documentsHref("remortgageReady");
  await page.goto(href);
  const pdf = await pdfFile("forged.pdf");
  const forged = await page.request.post(`${APP_URL}${href}`, {
    headers: { origin: "https://attacker.example", "sec-fetch-site": "cross-site" },
    multipart: { file: { name: pdf.name, mimeType: pdf.mimeType, buffer: pdf.buffer }, documentType: "DEED" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  const noToken = await page.request.post(`${APP_URL}${href}`, {
    headers: { origin: APP_URL },
    multipart: { file: { name: pdf.name, mimeType: pdf.mimeType, buffer: pdf.buffer }, documentType: "DEED" },
    maxRedirects: 0,
  });
  expect(noToken.status()).toBe(403);
  await page.reload();
  await expect(page.getByText("forged.pdf")).toHaveCount(0);
  await page.context().close();
});
