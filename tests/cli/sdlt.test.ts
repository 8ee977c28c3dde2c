/**
 * `convey sdlt calculate` end to end, in-process with no login and no provider: the table, the JSON and the
 * CSV of the bands, the flags, and usage errors (2) for a bad price, date or kind. `convey sdlt status`
 * against the real provider with the SDLT flag on: the helpdesk administrator reads the return of the purchase
 * ready for approval before the questions, then after its buyer's representative has chosen submission through the
 * product and saved two sections (the calculated tax beside the entered one).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CredentialsStore } from "../../cli/services/credentials.js";
import type { SdltCalculationOutput } from "../../cli/ui/sdlt.js";
import { SDLT_MESSAGES } from "../../core/sdlt/api.js";
import { SDLT_CALCULATION_NOTE } from "../../core/sdlt/calculation.js";
import { confirmTaxEligibility, getStampDutyDetails, saveSdltSection } from "../../core/sdlt/client.js";
import type { SdltStatus } from "../../core/sdlt/helpdesk-client.js";
import { setFeatureFlag } from "../../core/shared/feature-flags-client.js";
import { DEMO_USERS } from "../../provider/platform/demo-world.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { ConveyHarness } from "./harness.js";
import { startRealProvider, type RealProvider } from "./real-provider.js";

let anyone: ConveyHarness;

beforeAll(async () => {
  anyone = await ConveyHarness.create();
});
afterAll(async () => {
  await anyone?.dispose();
});

const calculate = (...args: string[]) => anyone.run(["sdlt", "calculate", ...args]);

describe("convey sdlt calculate", () => {
  it("prints the rule set, the bands and the total without a login (gov.uk: £295,000 → £4,750 from April 2025)", async () => {
    const result = await calculate("--price", "295000", "--effective-date", "2025-06-01");

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    const lines = result.stdout.split("\n").map((line) => line.trimEnd());
    expect(lines.slice(0, 9)).toEqual([
      "£295,000 on 2025-06-01 (residential)",
      "Rule set: England residential from 1 April 2025",
      "",
      "Band                  Rate  Tax",
      "up to £125,000        0%    £0.00",
      "£125,001 to £250,000  2%    £2,500.00",
      "£250,001 to £925,000  5%    £2,250.00",
      "",
      "Total SDLT £4,750",
    ]);
    // The note wraps at the terminal's width (100 columns here).
    expect(lines.slice(9).join(" ").trim()).toBe(SDLT_CALCULATION_NOTE);
  });

  it("prints exactly the JSON result with --json: the input, the bands, the rule set and the note", async () => {
    const result = await anyone.run([
      "--json",
      "sdlt",
      "calculate",
      "--price",
      "500,000",
      "--effective-date",
      "2025-06-01",
      "--first-time-buyer",
      "--non-resident",
    ]);

    expect(result.code, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout) as SdltCalculationOutput;
    expect(output).toEqual({
      input: {
        price: 500_000,
        kind: "residential",
        effectiveDate: "2025-06-01",
        firstTimeBuyer: true,
        additionalDwelling: false,
        nonResident: true,
      },
      tax: 20_000,
      bands: [
        { from: 0, to: 300_000, rate: 2, tax: 6_000 },
        { from: 300_000, to: 500_000, rate: 7, tax: 14_000 },
      ],
      rules:
        "England residential from 1 April 2025, first-time buyer relief, non-resident surcharge 2 points",
      note: SDLT_CALCULATION_NOTE,
    });
    expect(result.stdout).toBe(`${JSON.stringify(output, null, 2)}\n`);
  });

  it("--output json is the same as --json; --output csv prints the bands", async () => {
    const args = ["--price", "275000", "--effective-date", "2025-06-01", "--kind", "mixed"];
    const json = await calculate(...args, "--output", "json");
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      tax: 3_250,
      rules: "England non-residential and mixed from 17 March 2016",
    });

    const csv = await calculate(...args, "-o", "csv");
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.split("\r\n")).toEqual([
      "Band,Rate,Tax",
      '"up to £150,000",0%,£0.00',
      '"£150,001 to £250,000",2%,"£2,000.00"',
      '"above £250,000",5%,"£1,250.00"',
      "",
    ]);
  });

  it("applies the additional dwellings surcharge of the date (3 points on 30 October 2024, 5 from the next day)", async () => {
    const before = await anyone.run([
      "--json",
      "sdlt",
      "calculate",
      "--price",
      "295000",
      "--effective-date",
      "2024-10-30",
      "--additional",
    ]);
    const after = await anyone.run([
      "--json",
      "sdlt",
      "calculate",
      "--price",
      "295000",
      "--effective-date",
      "2024-10-31",
      "--additional",
    ]);
    expect(JSON.parse(before.stdout)).toMatchObject({
      tax: 11_100,
      rules: "England residential from 23 September 2022, additional dwellings surcharge 3 points",
    });
    expect(JSON.parse(after.stdout)).toMatchObject({
      tax: 17_000,
      rules: "England residential from 23 September 2022, additional dwellings surcharge 5 points",
    });
  });

  it.each([
    [["--effective-date", "2025-06-01"], "--price: Price is required"],
    [["--price", "29x", "--effective-date", "2025-06-01"], "--price: Price must be a valid amount in pounds"],
    [
      ["--price", "295000.50", "--effective-date", "2025-06-01"],
      "--price: Price must be in whole pounds, with 00 pence",
    ],
    [["--price", "-1", "--effective-date", "2025-06-01"], "--price: Price must be a valid amount in pounds"],
    [["--price", "295000"], "--effective-date: enter the effective date as YYYY-MM-DD"],
    [
      ["--price", "295000", "--effective-date", "1/6/2025"],
      "--effective-date: enter the effective date as YYYY-MM-DD",
    ],
    [
      ["--price", "295000", "--effective-date", "2025-02-30"],
      "The effective date must be a date written YYYY-MM-DD",
    ],
    [
      ["--price", "295000", "--effective-date", "2014-12-03"],
      "There are no residential rates before 4 December 2014: enter an effective date from then on",
    ],
    [
      ["--price", "295000", "--effective-date", "2025-06-01", "--kind", "commercial"],
      "--kind: use residential, non-residential, mixed",
    ],
    [
      ["--price", "295000", "--effective-date", "2025-06-01", "--output", "xml"],
      "--output: use table, json, csv",
    ],
  ])("refuses %j as a usage error (2): %s", async (args, message) => {
    const result = await calculate(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(`✖ ${message}\n`);
  });

  it("has help with examples, and completes in the shell", async () => {
    const help = await calculate("--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--first-time-buyer");
    expect(help.stdout).toContain("$ convey sdlt calculate --price 295000 --effective-date 2025-06-01");

    const completion = await anyone.run(["completion", "bash"]);
    expect(completion.stdout).toContain(
      "'sdlt calculate') words='--price --effective-date --kind --first-time-buyer --additional --non-resident --output",
    );
  });
});

describe("convey sdlt status", () => {
  // A purchase past preparation whose buyers are dually represented by Harper & Vale, still editable.
  const ready = DEMO_WORKSPACES.purchaseReady;
  let provider: RealProvider;
  let helpdesk: ConveyHarness;

  beforeAll(async () => {
    provider = await startRealProvider();
    helpdesk = await ConveyHarness.create();
    const helpdeskToken = await provider.loginToken(DEMO_USERS.helpdesk.email);
    await CredentialsStore.for(
      { env: { CONVEY_CONFIG_DIR: helpdesk.configDir }, homeDir: "/nowhere" },
      "default",
    ).update(() => ({
      apiUrl: provider.url,
      kind: "device" as const,
      clientId: "convey-cli",
      accessToken: helpdeskToken,
      expiresAt: new Date(Date.now() + 240_000).toISOString(),
      savedAt: new Date().toISOString(),
    }));
    await setFeatureFlag({ apiUrl: provider.url, accessToken: helpdeskToken }, "sdltEnabled", true);
  });
  afterAll(async () => {
    await helpdesk?.dispose();
    await provider?.close();
  });

  it("before the questions: the decision not answered and no return", async () => {
    const result = await helpdesk.run(["sdlt", "status", ready.workspaceReferenceId]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`${ready.workspaceReferenceId} (`);
    expect(result.stdout).toMatch(/Decision\s+Not answered/);
    expect(result.stdout).toMatch(/Return\s+none/);
  });

  it("a return through the product: the sections and the calculated tax beside the entered one, as JSON", async () => {
    // The buyer's representative (Harper & Vale) answers the questions and saves two sections.
    const firm = {
      apiUrl: provider.url,
      accessToken: await provider.loginToken(DEMO_USERS.manager.email),
    };
    let details = await getStampDutyDetails(firm, ready.workspaceId);
    details = await confirmTaxEligibility(firm, details.lodgementCaseId, details.version, {
      taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA",
      revenueAuthority: "HM_REVENUE_AND_CUSTOMS",
    });
    const ids = {
      lodgementCaseId: details.lodgementCaseId,
      taxId: details.taxApplication!.taxId,
      taxApplicationId: details.taxApplication!.taxApplicationId,
    };
    details = await saveSdltSection(firm, ids, "transaction-details", details.version, {
      propertyType: "RESIDENTIAL",
      transactionDescription: "F",
      interestTransferred: "FG",
      restrictionsAffecting: false,
      landExchanged: false,
      pursuantToOption: false,
    });
    await saveSdltSection(firm, ids, "tax-calculation", details.version, {
      isClaimingRelief: false,
      totalConsideration: "295000",
      formCode: ["CASH"],
      isLinkedTransaction: false,
      taxPayable: "4000",
      amountPaid: "4000",
      isAmountPaidIncludePenalties: false,
    });

    const json = await helpdesk.run(["--json", "sdlt", "status", ready.workspaceId]);
    expect(json.code, json.stderr).toBe(0);
    const status = JSON.parse(json.stdout) as SdltStatus;
    expect(status).toMatchObject({
      workspaceReferenceId: ready.workspaceReferenceId,
      taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA",
      revenueAuthorityLabel: "HM Revenue and Customs",
      taxApplication: {
        taxApplicationStatus: "CREATED",
        canBePrepared: false,
        filing: { transactionReferenceNumber: null, attempts: 0 },
      },
    });
    expect(
      status.taxApplication!.sections.slice(0, 3).map((section) => [section.slug, section.status]),
    ).toEqual([
      ["transaction-details", "COMPLETED"],
      ["property-details", "PENDING"],
      ["tax-calculation", "COMPLETED"],
    ]);
    expect(status.taxApplication!.calculation).toMatchObject({ enteredTax: "£4,000.00", differs: true });
    expect(status.taxApplication!.calculation!.rules).toMatch(/^England residential from /);

    const table = await helpdesk.run(["sdlt", "status", ready.workspaceReferenceId]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/Decision\s+Submission through the product/);
    expect(table.stdout).toMatch(/Tax calculation\s+Completed/);
    expect(table.stdout).toMatch(/Entered\s+£4,000\.00/);
    expect(table.stdout).toContain("The entered tax differs from the calculated tax.");
  });

  it("refuses a text that names no workspace (usage, 2), and says so when the workspace has no stamp duty", async () => {
    const usage = await helpdesk.run(["sdlt", "status", "Abbey Gardens"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain(
      "give a workspace id (a UUID) or a workspace reference such as WS-0000001",
    );

    const remortgage = await helpdesk.run([
      "sdlt",
      "status",
      DEMO_WORKSPACES.remortgagePreparing.workspaceReferenceId,
    ]);
    expect(remortgage.code).toBe(1);
    expect(remortgage.stderr).toContain(SDLT_MESSAGES.notAvailable);
  });
});
