/**
 * The participants tab (document 2 sections 2.2, 4.1, 4.4, 4.5, 5.1, 5.4, 6 and 8) in the browser, with
 * JavaScript on and off, as the demo users of each participant role: add a second borrower, edit a seller's
 * name, confirm separate representation with an external law firm, add a lender reference, resolve a name
 * mismatch by each allowed action, see each refusal of 4.4 with its message; every inline view passes axe
 * and fits 320 px. Each inline view is an address of its own (`?view=…`), so the journeys work without
 * JavaScript; workspaces a journey changes for good are made fresh through the API for each run.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiAs, FRESH, SUBSCRIBERS, type HelpdeskApi } from "./administration-support";
import { expectNoAxeViolations, USERS } from "./support";
import { expectNoConsoleErrors, pageAs, workspaceHref } from "./workspaces-support";
import { IN_HOURS, setProductClock } from "./title-fixtures";

const participants = (key: Parameters<typeof workspaceHref>[0]) => `${workspaceHref(key)}/participants`;

/** The toast after a write (a flash on the page the action redirected to). */
async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator(".toast").filter({ hasText: text })).toBeVisible();
}

/** Nothing wider than a 320 px screen. */
async function expectFits320(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(320);
}

/**
 * An inline view's markup without its text and without the values that name a record (identifiers,
 * addresses, field values): two views with one shape differ only in what they say. Runs in the page.
 */
function viewShape(root: Element) {
  const kept = new Set(["class", "type", "role", "disabled", "aria-disabled", "aria-invalid", "aria-expanded", "aria-busy"]);
  return [root, ...root.querySelectorAll("*")]
    .map((element) => {
      const attributes = [...element.attributes].map((attribute) => (kept.has(attribute.name) ? `${attribute.name}=${attribute.value}` : attribute.name));
      return `${element.tagName}[${attributes.sort().join(" ")}]`;
    })
    .join("");
}

/** A party's card in the tab, by its heading. */
function card(page: Page, name: string | RegExp) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name, level: 4 }) });
}

let lenderApi: HelpdeskApi;
let managerApi: HelpdeskApi;
let keystoneApi: HelpdeskApi;
let helpdeskApi: HelpdeskApi;

async function apiOf(browser: Browser, email: string) {
  const context = await browser.newContext(FRESH);
  try {
    return await apiAs(await context.newPage(), email);
  } finally {
    await context.close();
  }
}

/**
 * A fresh remortgage of Northgate Bank, with these borrowers, that Harper & Vale joins as the lender's law
 * firm and whose title it retrieved (`titleNumber`, the sandbox's fixture): the law firm retrieves titles
 * and resolves mismatches (section 6), the lender does neither.
 */
async function remortgageWithTitle(borrowers: { forenames: string; surname: string }[] | { organisationName: string; registrationNumber: string }, titleNumber: string, label: string) {
  const parties = Array.isArray(borrowers)
    ? borrowers.map((partyDetails) => ({ type: "INDIVIDUAL", role: "BORROWER", partyDetails }))
    : [{ type: "ORGANISATION", role: "BORROWER", partyDetails: { ...borrowers, organisationType: "LIMITED_COMPANY" } }];
  const created = await lenderApi.call("POST", "/api/workspace/v1/workspaces", {
    reference: `E2E-${label}`.slice(0, 25),
    transactionType: "REMORTGAGE",
    securityAddress: { buildingNumber: "56", street: "Queens Road", town: "Sheffield", postcode: "S2 4DR" },
    parties,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const { workspaceId, version } = created.json as { workspaceId: string; version: number };
  const assigned = await lenderApi.call(
    "POST",
    `/api/v1/workspaces/${workspaceId}/participants`,
    { subscriberId: SUBSCRIBERS.harperVale.subscriberId, role: "INCOMING_LENDER_REPRESENTATIVE" },
    { "If-Match": `"${version}"` },
  );
  expect(assigned.status, JSON.stringify(assigned.json)).toBe(201);
  return retrieveTitle(workspaceId, (assigned.json as { version: number }).version, titleNumber);
}

/** Harper & Vale retrieves the workspace's title (`titleNumber`, the sandbox's fixture); answers the participants tab. */
async function retrieveTitle(workspaceId: string, version: number, titleNumber: string) {
  const cases = await managerApi.call("GET", `/api/v1/lodgement-cases?workspace_id=${workspaceId}`);
  expect(cases.status, JSON.stringify(cases.json)).toBe(200);
  const [lodgementCase] = (cases.json as { records: { lodgementCaseId: string }[] }).records;
  const search = await managerApi.call(
    "POST",
    `/api/v1/lodgement-cases/${lodgementCase.lodgementCaseId}/title-search`,
    { titleNumber },
    { "If-Match": `"${version}"` },
  );
  expect(search.status, JSON.stringify(search.json)).toBe(200);
  return `/workspaces/${workspaceId}/participants`;
}

/** A fresh purchase by Harper & Vale, with no seller yet, whose title it retrieved (`titleNumber`). */
async function purchaseWithTitle(titleNumber: string, label: string) {
  const created = await managerApi.call("POST", "/api/workspace/v1/workspaces", {
    reference: `E2E-${label}`.slice(0, 25),
    transactionType: "PURCHASE",
    securityAddress: { buildingNumber: "9", street: "Abbey Gardens", town: "Bath", postcode: "BA1 1NT" },
    parties: [{ type: "INDIVIDUAL", role: "BUYER", partyDetails: { forenames: "Lena", surname: "Buyer" } }],
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const { workspaceId, version } = created.json as { workspaceId: string; version: number };
  return retrieveTitle(workspaceId, version, titleNumber);
}

/** A fresh purchase by Keystone Conveyancing that Northgate Bank joins as incoming lender, with no lender reference yet. */
async function purchaseWithNewLender(label: string) {
  const created = await keystoneApi.call("POST", "/api/workspace/v1/workspaces", {
    reference: `E2E-${label}`.slice(0, 25),
    transactionType: "PURCHASE",
    securityAddress: { buildingNumber: "7", street: "Abbey Gardens", town: "Bath", postcode: "BA1 1NT" },
    parties: [{ type: "INDIVIDUAL", role: "BUYER", partyDetails: { forenames: "Lena", surname: "Buyer" } }],
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const { workspaceId, version } = created.json as { workspaceId: string; version: number };
  const assigned = await helpdeskApi.call(
    "POST",
    `/api/v1/workspaces/${workspaceId}/participants`,
    { subscriberId: SUBSCRIBERS.northgate.subscriberId, role: "INCOMING_LENDER" },
    { "If-Match": `"${version}"` },
  );
  expect(assigned.status, JSON.stringify(assigned.json)).toBe(201);
  return `/workspaces/${workspaceId}/participants`;
}

test.beforeAll(async ({ browser }) => {
  lenderApi = await apiOf(browser, USERS.lender.email);
  managerApi = await apiOf(browser, USERS.manager.email);
  keystoneApi = await apiOf(browser, USERS.keystoneCreator.email);
  helpdeskApi = await apiOf(browser, USERS.helpdesk.email);
});
// The journeys search titles: inside land registry hours whatever the time of the run.
test.beforeEach(async () => {
  await setProductClock(helpdeskApi, IN_HOURS);
});
test.afterAll(async () => {
  if (helpdeskApi) await setProductClock(helpdeskApi, null);
});

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "on" : "off";
  // Names of letters only (the name pattern of 5.1), different for each run.
  const suffix = javaScriptEnabled ? "Jay" : "Noel";

  test.describe(`participants tab (JavaScript ${mode})`, () => {
    test("the sections in the order of 2.2, and the borrower mismatch banner that sends the user here", async ({ browser }) => {
      const page = await pageAs(browser, "lender", javaScriptEnabled);
      await page.goto(workspaceHref("remortgageBorrowerMismatch"));
      await page.getByRole("link", { name: "Go to participants" }).click();
      await expect(page).toHaveURL(/\/participants$/);
      const headings = await page.locator(".participants-tab h3").allInnerTexts();
      expect(headings.filter((text) => /details|proprietors/.test(text))).toEqual([
        "Borrower details",
        "Unmatched proprietors",
        "Outgoing proprietors",
        "Law firm details",
        "Lender details",
      ]);
      // Section 4.1 and 8: the banner comes first.
      await expect(page.getByRole("heading", { name: "The borrower information below doesn't match the title", level: 3 })).toBeVisible();
      await expect(page.getByText("Borrower names do not match the details on the title register")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      expectNoConsoleErrors(page);
      await page.context().close();
    });

    test("add a second borrower (the lender's law firm), with the form's errors first", async ({ browser }) => {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.goto(participants("remortgagePreparing"));
      await page.getByRole("link", { name: "Add borrower" }).click();
      await expect(page).toHaveURL(/view=add-party&role=BORROWER/);
      await expect(page.getByRole("heading", { name: "Add borrower" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
      await expect(page.getByRole("link", { name: "First name is required" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByLabel("First name").fill(suffix);
      await page.getByLabel("Last name").fill("Clarke");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await expect(page).toHaveURL(/\/participants$/);
      await expectToast(page, "Party added successfully");
      await expect(card(page, `${suffix} Clarke`)).toBeVisible();
      await expect(card(page, "Amelia Clarke")).toBeVisible();
      expectNoConsoleErrors(page);
      await page.context().close();
    });

    test("edit a seller's name (the buyer's law firm adds the seller, then corrects it)", async ({ browser }) => {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.goto(participants("purchaseReady"));
      await page.getByRole("link", { name: "Add seller" }).click();
      await page.getByLabel("First name").fill("Selina");
      await page.getByLabel("Last name").fill(`Sel${suffix.toLowerCase()}`);
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await expectToast(page, "Party added successfully");
      const seller = card(page, `Selina Sel${suffix.toLowerCase()}`);
      // Sellers cannot be deleted (5.1): no delete action at all.
      await expect(seller.getByRole("link", { name: "Delete" })).toHaveCount(0);
      await seller.getByRole("link", { name: "Edit" }).click();
      await expect(page).toHaveURL(/view=edit-party&party=/);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByLabel("Last name").fill(`Sellers${suffix.toLowerCase()}`);
      await page.getByRole("button", { name: "Update" }).click();
      await expectToast(page, "Party updated successfully");
      await expect(card(page, `Selina Sellers${suffix.toLowerCase()}`)).toBeVisible();
      await page.context().close();
    });

    test("confirm separate representation with an external law firm", async ({ browser }) => {
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      const buyer = javaScriptEnabled ? "Arjun Shah" : "Meera Shah";
      await page.goto(participants("purchaseReady"));
      await card(page, buyer).getByRole("link", { name: "Confirm representation" }).click();
      await expect(page).toHaveURL(/view=representation&party=/);
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByLabel("Separate representation").check();
      await page.getByLabel("An external law firm").check();
      // Section 5.4: the firm's name, reference, postcode and a building name or number are required.
      await page.getByLabel("Identity evidence").check();
      await page.getByRole("button", { name: "Confirm" }).click();
      await expect(page.getByRole("link", { name: "Law firm name is required" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByLabel("Law firm name").fill(`Quill ${suffix} Solicitors`);
      await page.getByLabel("Reference", { exact: true }).fill(`Q-${suffix}`);
      await page.getByLabel("Building number").fill("12");
      await page.getByLabel("Street").fill("Broad Street");
      await page.getByLabel("Town").fill("Bristol");
      await page.getByLabel("Postcode").fill("BS1 2HQ");
      await page.getByRole("button", { name: "Confirm" }).click();
      await expect(page).toHaveURL(/\/participants$/);
      await expectToast(page, "Representation confirmed successfully");
      const firm = card(page, `Quill ${suffix} Solicitors`);
      await expect(firm).toContainText("External law firm");
      await expect(firm).toContainText(buyer);
      // An externally represented applicant cannot be deleted (5.1), and says why.
      await expect(card(page, buyer).getByText("An applicant represented by an external law firm cannot be deleted")).toBeVisible();
      await page.context().close();
    });

    test("add a lender reference (the incoming lender of a purchase it has just joined)", async ({ browser }) => {
      const href = await purchaseWithNewLender(`ref-${mode}`);
      const page = await pageAs(browser, "lender", javaScriptEnabled);
      await page.goto(href);
      const lender = card(page, "Incoming lender");
      await expect(lender).toContainText("To be provided");
      await lender.getByRole("link", { name: "Add reference of Northgate Bank" }).click();
      await expect(page).toHaveURL(/view=add-reference&role=INCOMING_LENDER/);
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await expect(page.getByRole("link", { name: "Reference is required" })).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.getByRole("textbox", { name: "Reference" }).fill(`NG-E2E-${mode}`);
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await expectToast(page, "Reference added successfully");
      await expect(card(page, "Incoming lender")).toContainText(`NG-E2E-${mode}`);
      await page.context().close();
    });

    // Each resolution of 4.4 a party's menu offers, on the sandbox title that calls for it (docs/sandboxes.md).
    const MISMATCHES = [
      { action: "Update name in workspace", borrowers: [{ forenames: "Samuel", surname: "Wright" }], titleNumber: "DN100004", party: "Samuel Wright", says: "The name does not match the details on the title register: the title says Samuel John Wright", toast: "Party updated successfully", after: "Samuel John Wright" },
      { action: "Change of name application", borrowers: [{ forenames: "Samuel", surname: "Wright" }], titleNumber: "DN100004", party: "Samuel Wright", says: "The name does not match the details on the title register: the title says Samuel John Wright", toast: "Change of name requested successfully", after: null },
      { action: "No action needed", borrowers: [{ forenames: "Samuel", surname: "Wright" }], titleNumber: "DN100004", party: "Samuel Wright", says: "The name does not match the details on the title register: the title says Samuel John Wright", toast: "Party updated successfully", after: null },
      { action: "Update registration number in workspace", borrowers: { organisationName: "Brightwater Homes Ltd", registrationNumber: "09876543" }, titleNumber: "DN100005", party: "Brightwater Homes Ltd", says: "The registration number does not match the details on the title register", toast: "Party updated successfully", after: "Brightwater Homes Ltd" },
      { action: "Organisation is a borrower", borrowers: [{ forenames: "Amelia", surname: "Clarke" }], titleNumber: "DN100007", party: "Amelia Clarke", says: "The type of this party (individual or organisation) does not match the proprietor on the title register", toast: "Party updated successfully", after: "Moreno Estates Ltd" },
    ] as const;
    for (const mismatch of MISMATCHES) {
      const { action } = mismatch;
      test(`resolve a name mismatch: ${action}`, async ({ browser }) => {
        const href = await remortgageWithTitle(
          Array.isArray(mismatch.borrowers) ? [...mismatch.borrowers] : (mismatch.borrowers as { organisationName: string; registrationNumber: string }),
          mismatch.titleNumber,
          `${mode}-${action}`.replace(/\s+/g, ""),
        );
        const page = await pageAs(browser, "manager", javaScriptEnabled);
        await page.goto(href);
        const party = card(page, mismatch.party);
        await expect(party.getByText(mismatch.says)).toBeVisible();
        if (javaScriptEnabled) await party.getByText(`Resolve mismatch for ${mismatch.party}`).click();
        else await party.locator("summary").click();
        await party.getByRole("link", { name: action }).click();
        await expect(page).toHaveURL(/view=resolve&party=/);
        await expectNoAxeViolations(page, javaScriptEnabled);
        await page.getByRole("button", { name: "Confirm" }).click();
        await expect(page).toHaveURL(/\/participants$/);
        await expectToast(page, mismatch.toast);
        // Resolved: no banner, and a party the title updated is locked with its reason.
        await expect(page.getByRole("heading", { name: "The borrower information below doesn't match the title" })).toHaveCount(0);
        if (mismatch.after) {
          const updated = card(page, mismatch.after);
          await expect(updated.getByText("This party's details have been confirmed against the title and can no longer be changed").first()).toBeVisible();
        }
        await page.context().close();
      });
    }

    test("set an unmatched proprietor as outgoing, and another as incoming", async ({ browser }) => {
      // DN100008: Amelia Clarke (the borrower) and Robert Clarke, whom no party matches.
      for (const [action, toast] of [
        ["Set as outgoing proprietor", "Outgoing proprietor set successfully"],
        ["Set as incoming proprietor", "Incoming proprietor set successfully"],
      ] as const) {
        const href = await remortgageWithTitle([{ forenames: "Amelia", surname: "Clarke" }], "DN100008", `${mode}-${action}`.replace(/\s+/g, ""));
        const page = await pageAs(browser, "manager", javaScriptEnabled);
        await page.goto(href);
        const robert = card(page, "Robert Clarke");
        await robert.getByRole("link", { name: action }).click();
        await expect(page).toHaveURL(/view=proprietor/);
        await expectNoAxeViolations(page, javaScriptEnabled);
        await page.getByRole("button", { name: "Confirm" }).click();
        await expect(page).toHaveURL(/\/participants$/);
        await expectToast(page, toast);
        // Robert is now a proprietor party of the workspace (staying on or leaving the title), no longer unmatched.
        await expect(page.getByRole("region", { name: "Unmatched proprietors" }).getByText("Robert Clarke")).toHaveCount(0);
        await expect(page.getByRole("region", { name: "Outgoing proprietors" }).getByRole("heading", { name: "Robert Clarke", level: 4 })).toBeVisible();
        await page.context().close();
      }
    });

    test("each refusal of 4.4 shows its message", async ({ browser }) => {
      // One registered proprietor (DN100015's Harold Finch) that no party matches: it cannot leave the title.
      const single = await purchaseWithTitle("DN100015", `single-${mode}`);
      const page = await pageAs(browser, "manager", javaScriptEnabled);
      await page.goto(single);
      const finch = card(page, "Harold Finch");
      await expect(finch.getByText("At least one proprietor must stay on the title.")).toBeVisible();
      await expect(finch.getByRole("button", { name: "Set as outgoing proprietor" })).toHaveAttribute("aria-disabled", "true");
      await expectNoAxeViolations(page, javaScriptEnabled);
      await page.context().close();

      // Three borrowers already incoming (DN100010 has five proprietors): no more incoming proprietors.
      const full = await remortgageWithTitle(
        [
          { forenames: "James", surname: "Okafor" },
          { forenames: "Grace", surname: "Okafor" },
          { forenames: "Daniel", surname: "Okafor" },
        ],
        "DN100010",
        `incoming-${mode}`,
      );
      const firm = await pageAs(browser, "manager", javaScriptEnabled);
      await firm.goto(full);
      const ruth = card(firm, "Ruth Okafor");
      await expect(ruth.getByText("No more incoming proprietors can be added.")).toBeVisible();
      await expect(ruth.getByRole("button", { name: "Set as incoming proprietor" })).toHaveAttribute("aria-disabled", "true");

      // A borrower that is not a proprietor of the title: at least one borrower must stay an existing proprietor.
      const organisation = await remortgageWithTitle({ organisationName: "Wright Holdings Ltd", registrationNumber: "12345678" }, "DN100004", `existing-${mode}`);
      await firm.goto(organisation);
      await expect(firm.getByText("At least one borrower must be an existing proprietor.")).toBeVisible();
      await expectNoAxeViolations(firm, javaScriptEnabled);
      await firm.context().close();
    });

    test("permission, lock and cancellation: hidden for a viewer, disabled with the reason when locked or cancelled", async ({ browser }) => {
      const viewer = await pageAs(browser, "viewer", javaScriptEnabled);
      await viewer.goto(participants("purchaseTwoSided"));
      await expect(viewer.getByText("Your role in this workspace does not allow you to change these details.").first()).toBeVisible();
      await expect(viewer.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
      // An address naming a form the user may not open shows the tab, says so, and opens nothing.
      await viewer.goto(`${participants("purchaseTwoSided")}?view=add-party&role=BUYER`);
      await expect(viewer.getByText("That view is not available")).toBeVisible();
      await expect(viewer.getByRole("button", { name: "Add", exact: true })).toHaveCount(0);
      await viewer.context().close();

      const lender = await pageAs(browser, "lender", javaScriptEnabled);
      for (const [key, reason] of [
        ["remortgageApproved", "This workspace is locked and can no longer be edited."],
        ["remortgageCancelled", "This workspace has been cancelled and can no longer be edited."],
      ] as const) {
        await lender.goto(participants(key));
        await expect(lender.locator("#participants-lock-reason")).toHaveText(reason);
        const disabled = lender.locator('.participants-tab button[aria-disabled="true"]').first();
        await expect(disabled).toHaveAttribute("aria-describedby", "participants-lock-reason");
        await expectNoAxeViolations(lender, javaScriptEnabled);
      }
      await lender.context().close();
    });

    for (const [user, key] of [
      ["manager", "purchaseReady"],
      ["lender", "remortgagePreparing"],
      ["manager", "remortgageBorrowerMismatch"],
    ] as const) {
      test(`every inline view of ${key} passes axe and fits 320 px`, async ({ browser }) => {
        test.setTimeout(300_000);
        const page = await pageAs(browser, user, javaScriptEnabled);
        await page.goto(participants(key));
        const hrefs = await page.locator("a.inline-action, .party-card p > a[href*='view=details']").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
        expect(hrefs.length).toBeGreaterThan(0);
        const checkedShapes = new Set<string>();
        for (const href of [...new Set(hrefs)]) {
          await page.setViewportSize({ width: 1280, height: 900 });
          await page.goto(href);
          // The open view: a party's details, or the one inline form or question.
          const view = page.locator(new URL(href, page.url()).searchParams.get("view") === "details" ? "dl.party-details[id]" : ".inline-view");
          await expect(view, href).toHaveCount(1);
          await expect(view, href).toBeVisible();
          // Views of one shape (the same form for another party) give axe the same markup but for text and
          // identifiers: axe checks each shape once, every view is checked for 320 px.
          const shape = await view.evaluate(viewShape);
          if (!checkedShapes.has(shape)) {
            checkedShapes.add(shape);
            await expectNoAxeViolations(page, javaScriptEnabled);
          }
          await expectFits320(page);
        }
        expectNoConsoleErrors(page);
        await page.context().close();
      });
    }
  });
}
