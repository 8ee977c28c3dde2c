/** What `convey sdlt status` shows, from the stamp duty details the provider answers. */
import { describe, expect, it } from "vitest";
import type { StampDutyDetails } from "./api.js";
import { NOT_ANSWERED, sdltStatusOf, type SdltStatusHeading } from "./helpdesk-client.js";

const heading: SdltStatusHeading = {
  workspaceId: "5c000000-0000-4000-8000-000000000011",
  workspaceReferenceId: "WS-0000011",
  workspaceStatus: "IN_PREPARATION",
  workspaceStatusLabel: "In preparation",
};

const pending = { status: "PENDING" as const, data: null };

function details(overrides: Partial<StampDutyDetails> = {}): StampDutyDetails {
  return {
    lodgementCaseId: "lc-1",
    workspaceId: heading.workspaceId,
    version: 3,
    taxEligibilityStatus: null,
    revenueAuthority: null,
    transactionDetails: {
      effectiveDateOfTransaction: "2030-06-28",
      titleNumber: "AB123",
      propertyAddress: "1 Abbey Gardens",
      purchasers: [],
      transactionType: "TRANSFER",
    },
    taxApplication: null,
    ...overrides,
  };
}

const application = (overrides: Partial<NonNullable<StampDutyDetails["taxApplication"]>> = {}) => ({
  taxId: "tax-1",
  taxApplicationId: "app-1",
  taxApplicationStatus: "CREATED" as const,
  canBePrepared: false,
  canBeReopened: false,
  sections: {
    transactionDetails: { status: "COMPLETED" as const, data: null },
    propertyDetails: pending,
    taxCalculation: pending,
    purchaserDetails: pending,
    purchaserAgentDetails: pending,
  },
  calculation: null,
  filing: {
    transactionReferenceNumber: null,
    submittedAt: null,
    filedAt: null,
    failureReason: null,
    attempts: 0,
  },
  ...overrides,
});

describe("sdltStatusOf", () => {
  it("before the initial questions: not answered, no authority, no return", () => {
    expect(sdltStatusOf(heading, details())).toEqual({
      ...heading,
      lodgementCaseId: "lc-1",
      version: 3,
      taxEligibilityStatus: null,
      taxEligibilityLabel: NOT_ANSWERED,
      revenueAuthority: null,
      revenueAuthorityLabel: null,
      effectiveDateOfTransaction: "2030-06-28",
      taxApplication: null,
    });
  });

  it("a return through the product: labels, the sections in the form's order, no calculation yet", () => {
    const status = sdltStatusOf(
      heading,
      details({
        taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA",
        revenueAuthority: "HM_REVENUE_AND_CUSTOMS",
        taxApplication: application(),
      }),
    );
    expect(status).toMatchObject({
      taxEligibilityLabel: "Submission through the product",
      revenueAuthorityLabel: "HM Revenue and Customs",
      taxApplication: {
        taxApplicationStatus: "CREATED",
        taxApplicationStatusLabel: "Created",
        calculation: null,
      },
    });
    expect(status.taxApplication!.sections).toEqual([
      {
        slug: "transaction-details",
        title: "Transaction details",
        status: "COMPLETED",
        statusLabel: "Completed",
      },
      { slug: "property-details", title: "Property details", status: "PENDING", statusLabel: "Pending" },
      { slug: "tax-calculation", title: "Tax calculation", status: "PENDING", statusLabel: "Pending" },
      { slug: "purchaser-details", title: "Purchaser details", status: "PENDING", statusLabel: "Pending" },
      {
        slug: "purchaser-agent-details",
        title: "Purchaser agent details",
        status: "PENDING",
        statusLabel: "Pending",
      },
    ]);
  });

  it("leaves out purchaser details when the workspace has no buyer party", () => {
    const base = application();
    const status = sdltStatusOf(
      heading,
      details({ taxApplication: { ...base, sections: { ...base.sections, purchaserDetails: null } } }),
    );
    expect(status.taxApplication!.sections.map((section) => section.slug)).not.toContain("purchaser-details");
  });

  it("the calculated tax (pence from the provider) beside the entered one, its bands as gov.uk writes them", () => {
    const status = sdltStatusOf(
      heading,
      details({
        taxApplication: application({
          calculation: {
            calculated: true,
            tax: 475_000,
            bands: [
              { from: 0, to: 12_500_000, rate: 0, tax: 0 },
              { from: 12_500_000, to: 25_000_000, rate: 2, tax: 250_000 },
              { from: 25_000_000, to: null, rate: 5, tax: 225_000 },
            ],
            rules: "England residential from 1 April 2025",
            input: null,
            enteredTaxPayable: 400_000,
            differs: true,
            note: "Calculated for this transaction alone.",
          },
        }),
      }),
    );
    expect(status.taxApplication!.calculation).toEqual({
      calculated: true,
      calculatedTax: "£4,750.00",
      enteredTax: "£4,000.00",
      differs: true,
      rules: "England residential from 1 April 2025",
      bands: [
        { band: "up to £125,000", rate: "0%", tax: "£0.00" },
        { band: "£125,001 to £250,000", rate: "2%", tax: "£2,500.00" },
        { band: "above £250,000", rate: "5%", tax: "£2,250.00" },
      ],
      note: "Calculated for this transaction alone.",
    });
  });

  it("a calculation there was nothing to calculate from keeps its reason and no figure", () => {
    const status = sdltStatusOf(
      heading,
      details({
        taxApplication: application({
          calculation: {
            calculated: false,
            tax: null,
            bands: [],
            rules: null,
            input: null,
            enteredTaxPayable: 0,
            differs: false,
            note: "No total consideration to calculate from.",
          },
        }),
      }),
    );
    expect(status.taxApplication!.calculation).toMatchObject({
      calculatedTax: null,
      enteredTax: "£0.00",
      bands: [],
    });
  });

  it("the filing as the provider answers it", () => {
    const filing = {
      transactionReferenceNumber: "SDLT-123",
      submittedAt: "2030-06-28T09:00:00.000Z",
      filedAt: "2030-06-28T09:05:00.000Z",
      failureReason: null,
      attempts: 1,
    };
    const status = sdltStatusOf(
      heading,
      details({ taxApplication: application({ taxApplicationStatus: "FILED", filing }) }),
    );
    expect(status.taxApplication).toMatchObject({ taxApplicationStatusLabel: "Filed", filing });
  });
});
