/** The views of `convey sdlt status` and `convey sdlt calculate`, drawn as the terminal shows them. */
import { describe, expect, it } from "vitest";
import { calculateSdlt, SDLT_CALCULATION_NOTE } from "../../core/sdlt/calculation.js";
import type { SdltStatus } from "../../core/sdlt/helpdesk-client.js";
import { renderToString } from "./render.js";
import { CalculationView, circumstances, StatusView } from "./sdlt.js";

const draw = (node: React.ReactElement) =>
  renderToString(node, { columns: 160 })
    .split("\n")
    .map((line) => line.trimEnd());

type Application = NonNullable<SdltStatus["taxApplication"]>;

const base: SdltStatus = {
  workspaceId: "ws-1",
  workspaceReferenceId: "WS-0000011",
  workspaceStatus: "IN_PREPARATION",
  workspaceStatusLabel: "In preparation",
  lodgementCaseId: "lc-1",
  version: 2,
  taxEligibilityStatus: null,
  taxEligibilityLabel: "Not answered",
  revenueAuthority: null,
  revenueAuthorityLabel: null,
  effectiveDateOfTransaction: null,
  taxApplication: null,
};

const sections: Application["sections"] = [
  {
    slug: "transaction-details",
    title: "Transaction details",
    status: "COMPLETED",
    statusLabel: "Completed",
  },
  { slug: "tax-calculation", title: "Tax calculation", status: "PENDING", statusLabel: "Pending" },
];

const noFiling: Application["filing"] = {
  transactionReferenceNumber: null,
  submittedAt: null,
  filedAt: null,
  failureReason: null,
  attempts: 0,
};

function withApplication(overrides: Partial<Application>): SdltStatus {
  return {
    ...base,
    taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA",
    taxEligibilityLabel: "Submission through the product",
    revenueAuthority: "HM_REVENUE_AND_CUSTOMS",
    revenueAuthorityLabel: "HM Revenue and Customs",
    effectiveDateOfTransaction: "2030-06-28",
    taxApplication: {
      taxApplicationId: "app-1",
      taxApplicationStatus: "CREATED",
      taxApplicationStatusLabel: "Created",
      canBePrepared: false,
      canBeReopened: false,
      sections,
      calculation: null,
      filing: noFiling,
      ...overrides,
    },
  };
}

describe("StatusView", () => {
  it("before the questions: the decision not answered and no return", () => {
    expect(draw(<StatusView status={base} />)).toEqual([
      "WS-0000011 (In preparation) · stamp duty return",
      "",
      "Decision        Not answered",
      "Authority       -",
      "Effective date  not set",
      "Return          none",
    ]);
  });

  it("a return in progress: its sections, the calculated and entered tax with a warning when they differ", () => {
    const lines = draw(
      <StatusView
        status={withApplication({
          calculation: {
            calculated: true,
            calculatedTax: "£4,750.00",
            enteredTax: "£4,000.00",
            differs: true,
            rules: "England residential from 1 April 2025",
            bands: [{ band: "up to £125,000", rate: "0%", tax: "£0.00" }],
            note: SDLT_CALCULATION_NOTE,
          },
        })}
      />,
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        "Decision        Submission through the product",
        "Authority       HM Revenue and Customs",
        "Return          Created",
        "Next step       sections to complete",
        "Transaction details  Completed",
        "Tax calculation      Pending",
        "Calculated  £4,750.00",
        "Entered     £4,000.00",
        "Rule set    England residential from 1 April 2025",
        "up to £125,000  0%    £0.00",
        "The entered tax differs from the calculated tax.",
        SDLT_CALCULATION_NOTE,
        "Reference   -",
        "Attempts    0",
      ]),
    );
  });

  it.each<[Partial<Application>, string]>([
    [{ canBePrepared: true }, "ready for consent"],
    [
      { taxApplicationStatus: "PREPARED", canBeReopened: true },
      "filed on the completion date (may be reopened)",
    ],
    [{ taxApplicationStatus: "PREPARED" }, "filed on the completion date"],
    [{ taxApplicationStatus: "SUBMITTED" }, "waiting for the revenue"],
    [{ taxApplicationStatus: "FILED" }, "none: filed"],
    [{ taxApplicationStatus: "SUBMISSION_FAILED" }, "see why it failed below"],
  ])("next step for %j: %s", (overrides, step) => {
    expect(draw(<StatusView status={withApplication(overrides)} />)).toContain(`Next step       ${step}`);
  });

  it("a filed return shows its reference; a failed one why, and a calculation without a figure says so", () => {
    const filed = draw(
      <StatusView
        status={withApplication({
          taxApplicationStatus: "FILED",
          filing: {
            ...noFiling,
            transactionReferenceNumber: "SDLT-000123",
            filedAt: "2030-06-28T09:05:00.000Z",
            attempts: 1,
          },
        })}
      />,
    );
    expect(filed).toContain("Reference   SDLT-000123");
    expect(filed).toContain("Filed       2030-06-28T09:05:00.000Z");

    const failed = draw(
      <StatusView
        status={withApplication({
          taxApplicationStatus: "FAILED",
          filing: { ...noFiling, failureReason: "The revenue rejected the return", attempts: 1 },
          calculation: {
            calculated: false,
            calculatedTax: null,
            enteredTax: "£0.00",
            differs: false,
            rules: null,
            bands: [],
            note: "Nothing to calculate from.",
          },
        })}
      />,
    );
    expect(failed).toContain("Failed: The revenue rejected the return");
    expect(failed).toContain("Calculated  not calculated");
    expect(failed.join("\n")).not.toContain("Rule set");
  });
});

describe("CalculationView", () => {
  it("names the circumstances taken into account", () => {
    const input = {
      price: 500_000,
      kind: "residential" as const,
      effectiveDate: "2025-06-01",
      firstTimeBuyer: true,
      additionalDwelling: true,
      nonResident: true,
    };
    expect(circumstances(input)).toBe("residential, first-time buyer, additional dwelling, non-UK resident");
    const lines = draw(
      <CalculationView calculation={{ input, ...calculateSdlt(input), note: SDLT_CALCULATION_NOTE }} />,
    );
    expect(lines[0]).toBe(
      "£500,000 on 2025-06-01 (residential, first-time buyer, additional dwelling, non-UK resident)",
    );
    expect(lines).toContain("Total SDLT £50,000");
  });
});
