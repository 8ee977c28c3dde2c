/**
 * The Stamp duty tab (document 3 sections 2.3, 4.5, 5.2, 6 and 8.3) in the browser, with JavaScript on and off.
 * The SDLT flag is turned on at the provider for this file and off again at the end (the browser product is
 * shared by every spec), and the product clock is put back.
 *
 * As the buyer's representative (Harper & Vale) on a dual-represented purchase, in each mode: the three
 * questions (with JavaScript, choosing the selected answer again clears it; without, one submit at a time), the
 * five sections with their badges and conditional fields, a refused value with its message, the calculated tax
 * and its bands beside the entered tax with the note when they differ, Edit (with the discard dialog when
 * JavaScript is on), Next, consent, the PREPARED notice, reopen and consent again, and the return filed by the
 * revenue sandbox on the completion date with its transaction reference number. Without JavaScript on
 * WS-0000003; with it on a fresh purchase made through the API. Once the five sections are completed, in the
 * same mode, a Workspace Viewer of the same firm (view only: no add or edit permission) sees each section's
 * summary with the values entered and 'to be provided' where none was, and the calculated and entered tax, with
 * no form, Edit, Next or consent. On a locked workspace the questions are disabled with the lock's reason; the
 * Keystone Workspace Viewer sees the read-only summary with 'to be provided' before any answer; a seller's
 * representative gets 403. Axe on every state.
 */
import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from "@playwright/test";
import { apiAs, FRESH, SUBSCRIBERS, type HelpdeskApi } from "./administration-support";
import { expectNoAxeViolations, USERS } from "./support";
import { DEMO_WORKSPACES, expectNoConsoleErrors, pageAs, setFeatureFlag } from "./workspaces-support";
import { IN_HOURS, setProductClock, TITLE_FIXTURES } from "./title-fixtures";
import { SDLT_CALCULATION_NOTE } from "../../core/sdlt/calculation.js";
import { EDIT_LOCK_TOOLTIPS } from "../../core/workspaces/status.js";
import { earliestCompletionDate, nextWorkingDay } from "../../core/financials/completion-date.js";
import { bankHolidayDates } from "../../core/shared/bank-holidays.js";
import { addDays } from "../../core/shared/london-time.js";
import { linksIn, type MailListResponse, type MailMessage } from "../../core/shared/mail-sandbox.js";

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
  test.setTimeout(120_000);
  helpdesk = await apiOf(browser, USERS.helpdesk.email);
  await setFeatureFlag(helpdesk, "sdltEnabled", true);
});

test.afterAll(async () => {
  if (!helpdesk) return;
  await setProductClock(helpdesk, null);
  await setFeatureFlag(helpdesk, "sdltEnabled", false);
});

/** WS-0000003's completion date: 28 days after the world was seeded (docs/demo-workspaces.md). */
const DEMO_COMPLETION = new Date(Date.now() + 28 * 86_400_000).toISOString().slice(0, 10);
const stampDutyHref = (key: keyof typeof DEMO_WORKSPACES) =>
  `/workspaces/${DEMO_WORKSPACES[key].workspaceId}/stamp-duty`;

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

const group = (scope: Page | ReturnType<Page["locator"]>, name: string | RegExp) =>
  scope.getByRole("group", { name });
const section = (page: Page, title: string) => page.locator(`#section-${title}`);

/** Answers a yes/no question in `scope`; without JavaScript, reveals the fields the answer calls for when asked. */
async function answer(
  scope: ReturnType<Page["locator"]>,
  legend: string | RegExp,
  choice: string,
  reveal = false,
  javaScriptEnabled = true,
) {
  await group(scope, legend).getByLabel(choice, { exact: true }).check();
  if (reveal && !javaScriptEnabled) {
    await scope
      .locator(".sdlt-question")
      .filter({ has: scope.page().getByRole("group", { name: legend }) })
      .getByRole("button", { name: "Show the questions for this answer" })
      .click();
  }
}

async function reveal(scope: ReturnType<Page["locator"]>, label: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) return;
  await scope
    .locator(".sdlt-question")
    .filter({ has: scope.page().getByLabel(label, { exact: true }) })
    .getByRole("button", { name: "Show the questions for this answer" })
    .click();
}

async function fillTransactionDetails(page: Page, javaScriptEnabled: boolean) {
  const form = section(page, "transaction-details");
  await form.getByLabel("Property type").selectOption({ label: "Residential" });
  await form
    .getByLabel("Transaction description")
    .selectOption({ label: "Conveyance or transfer of freehold" });
  await form.getByLabel("Interest transferred").selectOption({ label: "Freehold, transfer" });
  await answer(form, /restrictions, covenants/, "Yes", true, javaScriptEnabled);
  // The conditional field appears (after a submit that keeps the input, without JavaScript).
  await expect(form.getByLabel("Property type")).toHaveValue("RESIDENTIAL");
  await form.getByLabel("Restrictions details").fill("Covenant 12");
  await answer(form, /land exchanged/, "No");
  await answer(form, /pursuant to an option/, "No");
  await form.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Transaction details saved successfully");
}

async function fillTaxCalculation(page: Page, javaScriptEnabled: boolean, taxPayable: string) {
  const form = section(page, "tax-calculation");
  await answer(form, "Are you claiming relief?", "No");
  await form.getByLabel("Total consideration (£)").fill("295000");
  await group(form, "Forms of consideration").getByLabel("Cash", { exact: true }).check();
  await answer(form, "Is this a linked transaction?", "No");
  await form.getByLabel("Tax payable (£)").fill(taxPayable);
  await form.getByLabel("Amount paid (£)").fill(taxPayable);
  await answer(form, "Does the amount paid include penalties?", "No");
  await form.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Tax calculation saved successfully");
  void javaScriptEnabled;
}

async function fillPurchaserDetails(page: Page, javaScriptEnabled: boolean) {
  const form = section(page, "purchaser-details");
  const purchasers = form.locator("fieldset.sdlt-purchaser");
  const count = await purchasers.count();
  for (let index = 0; index < count; index++) {
    const purchaser = purchasers.nth(index);
    await purchaser.getByLabel(/^Title of/).selectOption("Mr");
    await purchaser.getByLabel("Building number").fill(String(20 + index));
    await purchaser.getByLabel("Postcode").fill("BS1 4RS");
    await group(purchaser, /acting as a trustee/)
      .getByLabel("No", { exact: true })
      .check();
    if (index > 1)
      await group(purchaser, /connected to the vendor/)
        .getByLabel("No", { exact: true })
        .check();
  }
  const primary = purchasers.first();
  await primary
    .getByLabel("Identification type")
    .selectOption({ label: "UK company UTR or UK partnership UTR" });
  await reveal(primary, "Identification type", javaScriptEnabled);
  await primary.getByLabel("UK company UTR or UK partnership UTR").fill("1234567890");
  await group(primary, "Is the purchaser connected to the vendor?").getByLabel("No", { exact: true }).check();
  await primary.getByLabel("Certificate address").selectOption({ label: "Property" });
  await group(primary, /agent authorised/)
    .getByLabel("No", { exact: true })
    .check();
  await form.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Purchaser details saved successfully");
}

async function fillAgentDetails(page: Page) {
  const form = section(page, "purchaser-agent-details");
  await form.getByLabel("Agent reference (optional)").fill("REF-1");
  await form.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Purchaser agent details saved successfully");
}

async function answerQuestions(page: Page, javaScriptEnabled: boolean) {
  const questions = page.getByRole("region", { name: "Stamp duty land tax return" });
  await expect(group(questions, /Is a stamp duty land tax return needed/)).toBeVisible();
  if (javaScriptEnabled) {
    // Choosing the selected answer again clears it, and the questions after it go.
    await group(questions, /return needed/)
      .getByLabel("Yes")
      .click();
    await expect(group(questions, /Which tax authority/)).toBeVisible();
    await group(questions, /return needed/)
      .getByLabel("Yes")
      .click();
    await expect(group(questions, /return needed/).getByLabel("Yes")).not.toBeChecked();
    await expect(group(questions, /Which tax authority/)).toHaveCount(0);
    await group(questions, /return needed/)
      .getByLabel("Yes")
      .click();
    await group(questions, /Which tax authority/)
      .getByLabel("HM Revenue and Customs")
      .click();
    await group(questions, /submit the return through this product/)
      .getByLabel("Yes")
      .click();
    await expectNoAxeViolations(page, javaScriptEnabled);
    await questions.getByRole("button", { name: "Confirm" }).click();
  } else {
    // Without JavaScript, each submit keeps the answers and shows the next question.
    await questions.getByRole("button", { name: "Continue" }).click();
    await expect(questions.getByText("select one of the responses").first()).toBeVisible();
    await group(questions, /return needed/)
      .getByLabel("Yes")
      .check();
    await questions.getByRole("button", { name: "Continue" }).click();
    await expect(group(questions, /return needed/).getByLabel("Yes")).toBeChecked();
    await group(questions, /Which tax authority/)
      .getByLabel("HM Revenue and Customs")
      .check();
    await questions.getByRole("button", { name: "Continue" }).click();
    await group(questions, /submit the return through this product/)
      .getByLabel("Yes")
      .check();
    await expectNoAxeViolations(page, javaScriptEnabled);
    await questions.getByRole("button", { name: "Continue" }).click();
  }
  await expectToast(page, "stamp duty confirmed");
  await expect(page.getByText("Complete each section, then select Next")).toBeVisible();
}

async function expectBadges(page: Page, expected: Record<string, "Completed" | "Pending">) {
  for (const [slug, badge] of Object.entries(expected)) {
    await expect(section(page, slug).locator(".status-chip").first()).toHaveText(badge);
  }
}

/**
 * A fresh purchase of Harper & Vale (the manager's firm, buyer's representative) that the Stamp duty tab shows:
 * one buyer with dual representation, the title retrieved (the return's title number is the workspace's) and a
 * completion date (the return's effective date, and the day the revenue sandbox files it). Through the API, as
 * a person would through the Participants, Property details and Financials tabs. Needs the clock in the land
 * registry's hours.
 */
async function freshDualRepresentedPurchase(
  browser: Browser,
): Promise<{ workspaceId: string; completionDate: string }> {
  const manager = await apiOf(browser, USERS.manager.email);
  const written = (answer: { status: number; json: unknown }, status = 200) => {
    expect(answer.status, JSON.stringify(answer.json)).toBe(status);
    return answer.json as { version: number } & Record<string, unknown>;
  };
  const ifMatch = (version: number) => ({ "if-match": `"${version}"` });
  const created = written(
    await manager.call("POST", "/api/workspace/v1/workspaces", {
      reference: `HV/SD/${Date.now() % 100000}`,
      transactionType: "PURCHASE",
      securityAddress: { buildingNumber: "2", street: "Quay Street", town: "Bristol", postcode: "BS1 4RS" },
      parties: [{ type: "INDIVIDUAL", role: "BUYER", partyDetails: { forenames: "Nina", surname: "Patel" } }],
    }),
    201,
  );
  const workspaceId = created.workspaceId as string;
  const detail = written(await manager.call("GET", `/api/workspace/v1/workspaces/${workspaceId}`)) as {
    version: number;
    parties: { partyId: string; role: string }[];
  };
  const buyer = detail.parties.find((party) => party.role === "BUYER")!;
  written(
    await manager.call(
      "POST",
      `/api/workspace/v1/workspaces/${workspaceId}/representations`,
      {
        partyId: buyer.partyId,
        representationType: "DUAL_REPRESENTATION",
        verificationOfIdentity: "IDENTITY_EVIDENCE",
      },
      ifMatch(detail.version),
    ),
  );
  // The title search carries the workspace's version (the representation moved it on).
  const { version } = written(await manager.call("GET", `/api/workspace/v1/workspaces/${workspaceId}`));
  const cases = written(
    await manager.call("GET", `/api/v1/lodgement-cases?workspace_id=${workspaceId}`),
  ) as unknown as {
    records: { lodgementCaseId: string }[];
  };
  const lodgementCase = cases.records[0]!;
  written(
    await manager.call(
      "POST",
      `/api/v1/lodgement-cases/${lodgementCase.lodgementCaseId}/title-search`,
      { titleNumber: TITLE_FIXTURES.success },
      ifMatch(version),
    ),
  );
  const schedules = written(
    await manager.call(
      "GET",
      `/api/settlement/v1/financial-settlement-schedules?workspace_id=${workspaceId}`,
    ),
  ) as unknown as { records: { financialSettlementScheduleId: string; version: number }[] };
  const schedule = schedules.records[0]!;
  const today = new Date().toISOString().slice(0, 10);
  const holidays = bankHolidayDates(today, addDays(today, 90));
  const completionDate = nextWorkingDay(addDays(earliestCompletionDate(new Date(), holidays), 7), holidays);
  written(
    await manager.call(
      "PATCH",
      `/api/settlement/v1/financial-settlement-schedules/${schedule.financialSettlementScheduleId}`,
      { completionDate },
      ifMatch(schedule.version),
    ),
  );
  // The title's answer comes back through the land registry sandbox: the return reads it once it is there.
  await expect(async () => {
    const details = written(
      await manager.call(
        "GET",
        `/api/lodgement/v1/lodgement-cases/stamp-duty-details?workspace_id=${workspaceId}`,
      ),
    ) as unknown as { transactionDetails: { titleNumber: string | null } };
    expect(details.transactionDetails.titleNumber).toBe(TITLE_FIXTURES.success);
  }).toPass({ timeout: 30_000 });
  return { workspaceId, completionDate };
}

const ALL_COMPLETED = {
  "transaction-details": "Completed",
  "property-details": "Completed",
  "tax-calculation": "Completed",
  "purchaser-details": "Completed",
  "purchaser-agent-details": "Completed",
} as const;

let harperValeViewerState: Promise<NonNullable<BrowserContextOptions["storageState"]>> | undefined;

/**
 * The logged-in storage state of a Workspace Viewer of Harper & Vale (view:stamp_duty_details, neither the add
 * nor the edit permission), the buyer's representative's firm, so the return is one the viewer's organisation
 * may see. None is seeded: the firm's User Manager adds one through the API, and the invited person follows the
 * invitation's link (read from the mail sandbox) to set a password, which logs them in. Once per run.
 */
function harperValeViewer(browser: Browser) {
  harperValeViewerState ??= (async () => {
    const manager = await apiOf(browser, USERS.manager.email);
    const email = `vera.${Date.now().toString(36)}@harpervale.example`;
    const added = await manager.call(
      "POST",
      `/api/subscriber/v1/subscribers/${SUBSCRIBERS.harperVale.subscriberId}/subscriber-users`,
      { firstName: "Vera", lastName: "Viewer", email, roleNames: ["Workspace Viewer"] },
    );
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    const mailbox = await manager.call("GET", `/api/v1/mail?to=${encodeURIComponent(email)}`);
    const [invitation] = (mailbox.json as MailListResponse).records;
    expect(invitation, JSON.stringify(mailbox.json)).toBeTruthy();
    const message = (await manager.call("GET", `/api/v1/mail/${invitation!.id}`)).json as MailMessage;
    const link = linksIn(message.text).find((candidate) => candidate.includes("/activate?token="));
    expect(link, message.text).toBeTruthy();
    const context = await browser.newContext(FRESH);
    try {
      const page = await context.newPage();
      await page.goto(link!);
      await page.getByLabel("New password", { exact: true }).fill("quiet harbour lantern");
      await page.getByLabel("Confirm new password").fill("quiet harbour lantern");
      await page.getByRole("button", { name: "Set password and log in" }).click();
      await expect(page).toHaveURL(/\/workspaces$/);
      return await context.storageState();
    } finally {
      await context.close();
    }
  })();
  return harperValeViewerState;
}

/** The value of one row (`term`, or the row whose term matches) of a summary. */
const fact = (summary: Locator, term: string | RegExp) =>
  summary
    .locator(":scope > div")
    .filter({
      has: summary
        .page()
        .locator("dt")
        .filter({ hasText: typeof term === "string" ? new RegExp(`^${term}$`) : term }),
    })
    .locator("dd");

/**
 * Harper & Vale's Workspace Viewer on the return the buyer's representative has just completed (status CREATED,
 * every section Completed): each section's summary with the values entered and 'to be provided' for those
 * left out, the calculated tax beside the entered one, and nothing to write with — no form, no Edit, no Next,
 * no consent. Axe and 320 px on that state, in the journey's mode.
 */
async function expectViewOnlyReturn(browser: Browser, href: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    storageState: await harperValeViewer(browser),
    javaScriptEnabled,
  });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(href);
    const tab = page.getByRole("region", { name: "Stamp duty", exact: true });
    await expect(tab.getByRole("heading", { name: "Stamp duty return" })).toBeVisible();
    await expectBadges(page, ALL_COMPLETED);
    for (const slug of Object.keys(ALL_COMPLETED)) await section(page, slug).locator("summary").click();
    const summary = (title: string) => tab.locator(`dl[aria-label="${title} summary"]`);

    const transaction = summary("Transaction details");
    await expect(fact(transaction, "Property type")).toHaveText("Residential");
    await expect(fact(transaction, "Transaction description")).toHaveText(
      "Conveyance or transfer of freehold",
    );
    await expect(fact(transaction, "Interest transferred")).toHaveText("Freehold, transfer");
    await expect(fact(transaction, "Restrictions affecting the property")).toHaveText("Yes");
    await expect(fact(transaction, "Restrictions details")).toHaveText("Covenant 12");
    await expect(fact(transaction, "Land exchanged")).toHaveText("No");
    await expect(fact(transaction, "Contract date")).toHaveText("to be provided");

    const property = summary("Property details");
    await expect(fact(property, "Title number")).toHaveText(TITLE_FIXTURES.success);
    await expect(fact(property, "Local authority number")).toHaveText("1234");
    await expect(fact(property, "Plan attached")).toHaveText("No");
    await expect(fact(property, "NLPG UPRN")).toHaveText("to be provided");

    const tax = summary("Tax calculation");
    await expect(fact(tax, "Claiming relief")).toHaveText("No");
    await expect(fact(tax, "Total consideration")).toHaveText("£295,000.00");
    await expect(fact(tax, "Forms of consideration")).toHaveText("Cash");
    await expect(fact(tax, "Linked transaction")).toHaveText("No");
    await expect(fact(tax, "Tax payable")).toHaveText("£4,750.00");
    await expect(fact(tax, "Amount paid")).toHaveText("£4,750.00");
    await expect(fact(tax, "VAT amount charged")).toHaveText("to be provided");
    // The tax the product calculated beside the one entered: the same, so no note of a difference.
    const calculation = section(page, "tax-calculation").getByRole("region", { name: "Calculated tax" });
    await expect(calculation.getByText("Calculated:")).toContainText("£4,750.00");
    await expect(calculation.getByText("Entered:")).toContainText("£4,750.00");
    await expect(calculation.getByRole("table")).toContainText("5%");
    await expect(calculation.getByText("differs from the calculated tax")).toHaveCount(0);
    await expect(calculation.getByText(SDLT_CALCULATION_NOTE)).toBeVisible();

    const purchasers = summary("Purchaser details");
    await expect(fact(purchasers, /: title$/).first()).toHaveText("Mr");
    await expect(fact(purchasers, /: address$/).first()).toHaveText("20, BS1 4RS");
    await expect(fact(purchasers, /: identification type$/)).toHaveText(
      "UK company UTR or UK partnership UTR",
    );
    await expect(fact(purchasers, /: identification number$/)).toHaveText("1234567890");
    await expect(fact(purchasers, /: certificate address$/)).toHaveText("Property");
    await expect(fact(purchasers, /: authorised agent$/)).toHaveText("No");

    const agent = summary("Purchaser agent details");
    await expect(fact(agent, "Agent reference")).toHaveText("REF-1");
    await expect(fact(agent, "Agent name")).toHaveText("to be provided");

    // Read only: nothing to write with.
    await expect(tab.locator("form")).toHaveCount(0);
    await expect(tab.getByRole("textbox")).toHaveCount(0);
    await expect(tab.getByRole("link", { name: /Edit/ })).toHaveCount(0);
    await expect(tab.getByRole("button", { name: /Save|Update|Next/ })).toHaveCount(0);
    await expect(tab.getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Review and consent" })).toHaveCount(0);
    await expectNoAxeViolations(page, javaScriptEnabled);
    await expectFits320(page);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

/**
 * The whole return as the buyer's representative, in one mode: the questions, the five sections with a refused
 * value, the calculated tax beside the entered one, Edit (with the discard dialog when JavaScript is on), Next,
 * consent, the PREPARED notice, reopen ('clicking here') and consent again, then the return filed by the revenue
 * sandbox on the completion date (the product clock moved there, and back to working hours after).
 */
async function returnJourney(page: Page, href: string, completionDate: string, javaScriptEnabled: boolean) {
  await page.goto(href);
  await expect(page.getByRole("heading", { name: "Stamp duty", level: 2 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Summary of transaction details" })).toContainText(
    TITLE_FIXTURES.success,
  );
  await answerQuestions(page, javaScriptEnabled);
  // The sections in the spec's order, all pending, Next disabled with its reason.
  await expect(page.locator(".sdlt-section-title")).toHaveText([
    "Transaction details",
    "Property details",
    "Tax calculation",
    "Purchaser details",
    "Purchaser agent details",
  ]);
  await expectBadges(page, { "transaction-details": "Pending", "tax-calculation": "Pending" });
  await expect(page.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "true");
  await expectNoAxeViolations(page, javaScriptEnabled);
  await expectFits320(page);

  await fillTransactionDetails(page, javaScriptEnabled);
  await expectBadges(page, { "transaction-details": "Completed" });
  await expect(section(page, "transaction-details")).toContainText("Covenant 12");

  // A refused value: the message beside the field, nothing saved.
  const property = section(page, "property-details");
  await property.getByLabel("Local authority number").fill("12a4");
  await property.getByRole("button", { name: "Save" }).click();
  await expect(property.locator(".field-error").first()).toBeVisible();
  await expectBadges(page, { "property-details": "Pending" });
  await property.getByLabel("Local authority number").fill("1234");
  await answer(property, "Is a plan attached?", "No");
  await property.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Property details saved successfully");

  // The entered tax differs from the calculated one: both shown, the note visible.
  await fillTaxCalculation(page, javaScriptEnabled, "5000");
  const calculation = section(page, "tax-calculation").getByRole("region", { name: "Calculated tax" });
  await expect(calculation).toContainText("£4,750.00");
  await expect(calculation).toContainText("£5,000.00");
  await expect(calculation.getByRole("table")).toContainText("5%");
  await expect(calculation.getByText("differs from the calculated tax")).toBeVisible();
  await expect(calculation.getByText(SDLT_CALCULATION_NOTE)).toBeVisible();
  await fillPurchaserDetails(page, javaScriptEnabled);
  await fillAgentDetails(page);
  await expectNoAxeViolations(page, javaScriptEnabled);
  await expectFits320(page);

  // Edit: the form titled 'Edit Tax calculation'; with JavaScript, Cancel of a changed form asks first.
  await section(page, "tax-calculation").locator("summary").click();
  await section(page, "tax-calculation").getByRole("link", { name: /Edit/ }).click();
  const edit = page.getByRole("region", { name: /Edit Tax calculation/ });
  await expect(edit).toBeVisible();
  await edit.getByLabel("Tax payable (£)").fill("4750");
  if (javaScriptEnabled) {
    await edit.getByRole("link", { name: "Cancel" }).click();
    const discard = page.getByRole("dialog", { name: "Discard changes?" });
    await expect(discard).toBeVisible();
    await expectNoAxeViolations(page, true);
    await discard.getByRole("button", { name: "Keep editing" }).click();
    await expect(edit.getByLabel("Tax payable (£)")).toHaveValue("4750");
  }
  await edit.getByLabel("Amount paid (£)").fill("4750");
  await edit.getByRole("button", { name: "Update" }).click();
  await expectToast(page, "Tax calculation saved successfully");
  await expect(section(page, "tax-calculation").getByText("differs from the calculated tax")).toHaveCount(0);
  await expectBadges(page, ALL_COMPLETED);
  // Before consent, while the representative may still edit: what a user with view only sees of it.
  await expectViewOnlyReturn(page.context().browser()!, href, javaScriptEnabled);

  await consentTo(page, javaScriptEnabled);
  // Reopened before the completion date: the sections can be edited again, then consent once more.
  await page.getByRole("button", { name: "clicking here" }).click();
  await expectToast(page, "reopened for changes");
  await expect(section(page, "tax-calculation").locator('a[href*="edit=tax-calculation"]')).toHaveCount(1);
  await expect(page.getByRole("button", { name: "clicking here" })).toHaveCount(0);
  await consentTo(page, javaScriptEnabled);

  // On the completion date the revenue sandbox files it, with its transaction reference number.
  await setProductClock(helpdesk, `${completionDate}T10:00:00+00:00`);
  try {
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("region", { name: /Filing status/ })).toContainText(
        "Transaction reference number",
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 90_000, intervals: [1_000, 2_000] });
  } finally {
    await setProductClock(helpdesk, IN_HOURS);
  }
  await expect(page.getByRole("region", { name: /Filing status/ })).toContainText(
    "The return has been filed with HMRC.",
  );
  await expect(page.getByRole("button", { name: "clicking here" })).toHaveCount(0);
  await expectNoAxeViolations(page, javaScriptEnabled);
  await expectFits320(page);
}

/** Next, the consent form (Save and auto-submit waits for both statements with JavaScript), the PREPARED notice. */
async function consentTo(page: Page, javaScriptEnabled: boolean) {
  await page.getByRole("link", { name: "Next" }).click();
  const consent = page.getByRole("region", { name: "Review and consent" });
  await expect(consent).toBeVisible();
  const save = consent.getByRole("button", { name: "Save and auto-submit" });
  const boxes = consent.getByRole("checkbox");
  if (javaScriptEnabled) await expect(save).toBeDisabled();
  await boxes.nth(0).check();
  if (javaScriptEnabled) await expect(save).toBeDisabled();
  await boxes.nth(1).check();
  await expect(boxes.nth(0)).toBeChecked();
  await expect(boxes.nth(1)).toBeChecked();
  await expectNoAxeViolations(page, javaScriptEnabled);
  await save.click();
  await expectToast(page, "will be submitted automatically");
  await expect(page.getByRole("region", { name: /Filing status/ })).toContainText(
    "The return will be submitted automatically on the completion date.",
  );
  await expect(page.getByRole("button", { name: "clicking here" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Edit/ })).toHaveCount(0);
  await expectNoAxeViolations(page, javaScriptEnabled);
}

/**
 * The demo world has one dual-represented purchase that is still editable (WS-0000003, the others are locked for
 * completion): the journey without JavaScript runs there, its title retrieved through the Property details tab
 * first; the journey with JavaScript runs on a fresh one made through the API.
 */
test.describe.serial("the stamp duty return, from the questions to the filing", () => {
  test("without JavaScript, on WS-0000003: every step one submit at a time, conditional fields after a submit", async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    await setProductClock(helpdesk, IN_HOURS);
    const page = await pageAs(browser, "manager", false);
    await page.goto(`/workspaces/${DEMO_WORKSPACES.purchaseReady.workspaceId}/property-details`);
    const title = page.getByRole("region", { name: "Title information" });
    await title.getByLabel("Title number").fill(TITLE_FIXTURES.success);
    await title.getByRole("button", { name: "Retrieve" }).click();
    await expect(title.locator("details.title-accordion summary")).toContainText(TITLE_FIXTURES.success);
    await returnJourney(page, stampDutyHref("purchaseReady"), DEMO_COMPLETION, false);
  });

  test("with JavaScript, on a fresh dual-represented purchase: the same return, the discard dialog, no console error", async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    await setProductClock(helpdesk, IN_HOURS);
    const { workspaceId, completionDate } = await freshDualRepresentedPurchase(browser);
    const page = await pageAs(browser, "manager", true);
    await returnJourney(page, `/workspaces/${workspaceId}/stamp-duty`, completionDate, true);
    expectNoConsoleErrors(page);
  });
});

test.describe("the questions on a locked workspace, and view only", () => {
  test("with JavaScript, the questions of a locked workspace are disabled with the lock as the reason", async ({
    browser,
  }) => {
    const page = await pageAs(browser, "keystoneCreator", true);
    await page.goto(stampDutyHref("purchaseApproved"));
    const questions = page.getByRole("region", { name: "Stamp duty land tax return" });
    await expect(questions.getByRole("note")).toHaveText(EDIT_LOCK_TOOLTIPS.locked);
    await expect(group(questions, /return needed/).getByLabel("Yes")).toBeDisabled();
    await expect(questions.getByRole("button", { name: /Continue|Confirm/ })).toHaveCount(0);
    await expectNoAxeViolations(page, true);
    expectNoConsoleErrors(page);
  });

  test("without JavaScript, the Workspace Viewer sees the summary with 'to be provided' and the questions disabled; a seller's representative gets 403", async ({
    browser,
  }) => {
    const viewer = await pageAs(browser, "viewer", false);
    await viewer.goto(stampDutyHref("purchaseApproved"));
    await expect(viewer.getByRole("heading", { name: "Stamp duty", level: 2 })).toBeVisible();
    await expect(
      viewer.getByRole("region", { name: "Summary of transaction details" }).getByText("to be provided"),
    ).toBeVisible();
    await expect(viewer.getByText("You don't have permission to answer this question")).toBeVisible();
    await expect(viewer.getByRole("radio").first()).toBeDisabled();
    await expect(viewer.getByRole("button", { name: /Continue|Confirm/ })).toHaveCount(0);
    await expectNoAxeViolations(viewer, false);

    const response = await viewer.goto(stampDutyHref("purchaseExchangedOrganisation"));
    expect(response?.status()).toBe(403);
  });
});
