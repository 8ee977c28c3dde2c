import { describe, expect, it } from "vitest";
import { statusEnumerationTests } from "../shared/enumerations.test-helper.js";
import * as sdlt from "./enums.js";
import {
  RELIEF_REASON_CODE_LABELS,
  RELIEF_REASON_CODES,
  SDLT_SECTION_SLUGS,
  TAX_AUTHORITY_LABELS,
  TaxAuthoritySchema,
  visibleSdltSections,
} from "./enums.js";

describe("every status enumeration has a zod enum and a label for each value", () => {
  statusEnumerationTests([
    ["tax eligibility statuses", sdlt.TAX_ELIGIBILITY_STATUSES, sdlt.TaxEligibilityStatusSchema, sdlt.TAX_ELIGIBILITY_STATUS_LABELS],
    ["tax application statuses", sdlt.TAX_APPLICATION_STATUSES, sdlt.TaxApplicationStatusSchema, sdlt.TAX_APPLICATION_STATUS_LABELS],
  ]);

  it("labels values in words, never the brand inside a contract value", () => {
    expect(sdlt.TAX_ELIGIBILITY_STATUS_LABELS.SUBMISSION_OUTSIDE_PEXA).toBe("Submission outside the product");
    expect(sdlt.TAX_ELIGIBILITY_STATUS_LABELS.SUBMISSION_THROUGH_PEXA).toBe("Submission through the product");
  });
});

describe("SDLT enumerations", () => {
  it("has all 31 relief codes, each labelled", () => {
    expect(RELIEF_REASON_CODES).toHaveLength(31);
    expect(new Set(RELIEF_REASON_CODES).size).toBe(31);
    for (const code of RELIEF_REASON_CODES) expect(RELIEF_REASON_CODE_LABELS[code]).toBeTruthy();
    expect(RELIEF_REASON_CODE_LABELS.PART_EXCHANGE).toBe("08 Part exchange (house-building company)");
    expect(RELIEF_REASON_CODE_LABELS.INVESTMENT_ZONE_TAX_SITE_RELIEF.startsWith("37 ")).toBe(true);
  });
  it("sections in order; purchaser details only with purchaser data", () => {
    expect(SDLT_SECTION_SLUGS).toEqual(["transaction-details", "property-details", "tax-calculation", "purchaser-details", "purchaser-agent-details"]);
    expect(visibleSdltSections(false)).not.toContain("purchaser-details");
    expect(visibleSdltSections(true)).toHaveLength(5);
    expect(TAX_AUTHORITY_LABELS.HM_REVENUE_AND_CUSTOMS).toBe("HM Revenue and Customs");
    expect(TaxAuthoritySchema.safeParse(undefined).error?.issues[0].message).toBe("select one of the responses");
  });
});
