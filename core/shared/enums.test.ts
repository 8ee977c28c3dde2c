import { describe, expect, it } from "vitest";
import * as financials from "../financials/enums.js";
import * as lodgement from "../documents/enums.js";
import * as sdlt from "../sdlt/enums.js";
import * as parties from "../parties/enums.js";
import * as title from "../title/enums.js";
import { ADMINISTRATION_LIMITS, AUTHORITY_ALIASES, MASKED_CLIENT_SECRET, MASKED_PASSWORD, ORGANISATION_TAB_LABELS, USER_AUTHENTICATION_LABELS } from "../administration/enums.js";
import {
  ALLOWED_ACCOUNT_TYPES,
  availableLineItemCategories,
  COP_REASON_CODE_VALUES,
  COP_REASON_CODES,
  copStatus,
  isFundsReceived,
  LINE_ITEM_CATEGORIES,
  LINE_ITEM_CATEGORY_LABELS,
  lineItemTypeOf,
} from "../financials/enums.js";
import { labelOf, labelsFor, sentenceCase } from "./labels.js";
import { APPLICATION_DOCUMENT_TYPE_LABELS, DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, isRejectedRequest, MORTGAGE_DEED_REFERENCE_TYPE_LABELS } from "../documents/enums.js";
import {
  RELIEF_REASON_CODE_LABELS,
  RELIEF_REASON_CODES,
  SDLT_SECTION_SLUGS,
  TAX_AUTHORITY_LABELS,
  TaxAuthoritySchema,
  visibleSdltSections,
} from "../sdlt/enums.js";
import { CANCELLATION_REASON_LABELS, CANCELLATION_REASONS, CancellationReasonSchema, defaultWorkspaceSearchField, isSelectableSubscriber, showsCardPager, TransactionTypeSchema, visibleQuickFilters, workspaceListLayout } from "../workspaces/enums.js";

describe("labels", () => {
  it("sentence case and exceptions", () => {
    expect(sentenceCase("FUNDS_AUTHORISED")).toBe("Funds authorised");
    expect(labelOf({ A: "Alpha" }, "A")).toBe("Alpha");
    expect(labelOf({}, "NOT_REQUIRED")).toBe("Not required");
    expect(labelsFor(["X_Y", "Z"] as const, { Z: "Zed" })).toEqual({ X_Y: "X y", Z: "Zed" });
  });
});

describe("workspace enumerations", () => {
  it("cancellation reasons embed the brand and read 'platform scope'", () => {
    expect(CANCELLATION_REASONS).toContain("TITLE_COMPLICATIONS_OUTSIDE_PEXA_SCOPE");
    expect(CANCELLATION_REASON_LABELS.TITLE_COMPLICATIONS_OUTSIDE_PEXA_SCOPE).toBe("Title complications outside platform scope");
    expect(CancellationReasonSchema.safeParse(undefined).error?.issues[0].message).toBe("Reason is required");
    expect(TransactionTypeSchema.safeParse("").error?.issues[0].message).toBe("Transaction type is required");
  });
  it("quick filters by the enhanced-approval flag", () => {
    expect(visibleQuickFilters(true)).toEqual([
      "LODGEMENT_APPROVAL_PENDING",
      "FINANCIAL_APPROVAL_PENDING",
      "EXCEPTION_TASKS_PENDING",
      "FUNDS_AUTHORISATION_PENDING",
      "COMPANIES_HOUSE_REGISTRATION_PENDING",
      "LODGEMENT_SUBMISSION_PENDING",
    ]);
    expect(visibleQuickFilters(false)).toContain("APPROVAL_PENDING");
    expect(visibleQuickFilters(false)).not.toContain("FINANCIAL_APPROVAL_PENDING");
  });
  it("search defaults, pager and subscriber list", () => {
    expect(defaultWorkspaceSearchField(true)).toBe("workspaceReferenceId");
    expect(defaultWorkspaceSearchField(false)).toBe("applicantName");
    expect(showsCardPager(6)).toBe(false);
    expect(showsCardPager(7)).toBe(true);
    expect(isSelectableSubscriber(" HSBC ")).toBe(false);
    expect(isSelectableSubscriber("Small Building Society")).toBe(true);
  });
});

describe("every status enumeration has a zod enum and a label for each value", () => {
  const enumerations = [
    ["borrower validation statuses", parties.BORROWER_VALIDATION_STATUSES, parties.BorrowerValidationStatusSchema, parties.BORROWER_VALIDATION_STATUS_LABELS],
    ["title statuses", title.TITLE_STATUSES, title.TitleStatusSchema, title.TITLE_STATUS_LABELS],
    ["law firm roles", parties.LAW_FIRM_ROLES, parties.LawFirmRoleSchema, parties.LAW_FIRM_ROLE_LABELS],
    ["schedule statuses", financials.FINANCIAL_SETTLEMENT_SCHEDULE_STATUSES, financials.FinancialSettlementScheduleStatusSchema, financials.FINANCIAL_SETTLEMENT_SCHEDULE_STATUS_LABELS],
    ["bank verification statuses", financials.BANK_VERIFICATION_STATUSES, financials.BankVerificationStatusSchema, financials.BANK_VERIFICATION_STATUS_LABELS],
    ["lodgement case statuses", lodgement.LODGEMENT_CASE_STATUSES, lodgement.LodgementCaseStatusSchema, lodgement.LODGEMENT_CASE_STATUS_LABELS],
    ["lodgement request statuses", lodgement.LODGEMENT_REQUEST_STATUSES, lodgement.LodgementRequestStatusSchema, lodgement.LODGEMENT_REQUEST_STATUS_LABELS],
    ["document categories", lodgement.DOCUMENT_CATEGORIES, lodgement.DocumentCategorySchema, lodgement.DOCUMENT_CATEGORY_LABELS],
    ["document sub-types", lodgement.DOCUMENT_SUB_TYPES, lodgement.DocumentSubTypeSchema, lodgement.DOCUMENT_SUB_TYPE_LABELS],
    ["file upload statuses", lodgement.FILE_UPLOAD_STATUSES, lodgement.FileUploadStatusSchema, lodgement.FILE_UPLOAD_STATUS_LABELS],
    ["task statuses", lodgement.TASK_STATUSES, lodgement.TaskStatusSchema, lodgement.TASK_STATUS_LABELS],
    ["tax eligibility statuses", sdlt.TAX_ELIGIBILITY_STATUSES, sdlt.TaxEligibilityStatusSchema, sdlt.TAX_ELIGIBILITY_STATUS_LABELS],
    ["tax application statuses", sdlt.TAX_APPLICATION_STATUSES, sdlt.TaxApplicationStatusSchema, sdlt.TAX_APPLICATION_STATUS_LABELS],
  ] as const;

  for (const [name, values, schema, labels] of enumerations) {
    it(name, () => {
      expect(Object.keys(labels)).toEqual([...values]);
      for (const value of values) {
        expect(schema.parse(value)).toBe(value);
        expect((labels as Record<string, string>)[value], value).toMatch(/^[A-Z][a-z]/);
      }
      expect(schema.safeParse("NOT_A_VALUE").success).toBe(false);
    });
  }

  it("labels values in words, never the brand inside a contract value", () => {
    expect(parties.BORROWER_VALIDATION_STATUS_LABELS.COUNT_INVALID).toBe("Count invalid");
    expect(financials.FINANCIAL_SETTLEMENT_SCHEDULE_STATUS_LABELS.IN_PREPARATION).toBe("In preparation");
    expect(lodgement.FILE_UPLOAD_STATUS_LABELS.VIRUS_FOUND).toBe("Virus found");
    expect(sdlt.TAX_ELIGIBILITY_STATUS_LABELS.SUBMISSION_OUTSIDE_PEXA).toBe("Submission outside the product");
    expect(sdlt.TAX_ELIGIBILITY_STATUS_LABELS.SUBMISSION_THROUGH_PEXA).toBe("Submission through the product");
  });
});

describe("workspaceListLayout", () => {
  it("uses the newer card layout only behind upliftWorkspaceListEnabled", () => {
    expect(workspaceListLayout({ upliftWorkspaceListEnabled: true })).toBe("cards");
    expect(workspaceListLayout({ upliftWorkspaceListEnabled: false })).toBe("table");
    expect(workspaceListLayout({})).toBe("table");
  });
});

describe("financial enumerations", () => {
  it("categories, types and allowed account types", () => {
    expect(LINE_ITEM_CATEGORIES.map((c) => LINE_ITEM_CATEGORY_LABELS[c])).toEqual(["Mortgage Advance", "Buyer Funds", "Redemption", "Surplus", "Conveyancing Fees", "Onward Funds"]);
    expect(lineItemTypeOf("BUYER_FUNDS")).toBe("SOURCE");
    expect(lineItemTypeOf("ONWARD_FUNDS")).toBe("DESTINATION");
    expect(ALLOWED_ACCOUNT_TYPES).toMatchObject({ REDEMPTION: ["BUSINESS"], SURPLUS: ["PERSONAL", "BUSINESS"], CONVEYANCING_FEES: ["BUSINESS"], ONWARD_FUNDS: ["BUSINESS"] });
  });
  it("Buyer Funds only on a purchase with the sourcing flag", () => {
    expect(availableLineItemCategories("SOURCE", "PURCHASE", true)).toEqual(["MORTGAGE_ADVANCE", "BUYER_FUNDS"]);
    expect(availableLineItemCategories("SOURCE", "PURCHASE", false)).toEqual(["MORTGAGE_ADVANCE"]);
    expect(availableLineItemCategories("SOURCE", "REMORTGAGE", true)).toEqual(["MORTGAGE_ADVANCE"]);
    expect(availableLineItemCategories("DESTINATION", "REMORTGAGE", false)).toHaveLength(4);
  });
  it("funds received statuses", () => {
    for (const status of ["FUNDS_RECEIVED_BALANCED", "FUNDS_RECEIVED_UNDERPAID", "FUNDS_RECEIVED_OVERPAID"]) expect(isFundsReceived(status)).toBe(true);
    expect(isFundsReceived("AWAITING_FUNDS")).toBe(false);
    expect(isFundsReceived(null)).toBe(false);
  });
  it("classifies every CoP reason code", () => {
    expect(COP_REASON_CODE_VALUES).toHaveLength(12);
    expect(Object.fromEntries(COP_REASON_CODE_VALUES.map((code) => [code, copStatus(code)]))).toEqual({
      MBAM: "NAME_PARTIAL_MATCH",
      BANM: "TYPE_NO_MATCH",
      PANM: "TYPE_NO_MATCH",
      BAMM: "NAME_PARTIAL_MATCH_TYPE_NO_MATCH",
      PAMM: "NAME_PARTIAL_MATCH_TYPE_NO_MATCH",
      ANNM: "NO_MATCH",
      AC01: "UNABLE_TO_MATCH",
      OPTO: "UNABLE_TO_MATCH",
      ACNS: "UNABLE_TO_MATCH",
      CASS: "UNABLE_TO_MATCH",
      SCNS: "UNABLE_TO_MATCH",
      IVCR: "UNABLE_TO_MATCH",
    });
    expect(copStatus(undefined)).toBe("MATCH");
    expect(copStatus("")).toBe("MATCH");
    expect(copStatus("ZZZZ")).toBe("UNABLE_TO_MATCH");
    expect(COP_REASON_CODES.MBAM.returnsName).toBe(true);
    expect(COP_REASON_CODES.ANNM.returnsName).toBe(false);
  });
});

describe("lodgement enumerations", () => {
  it("labels and rejected requests", () => {
    expect(DOCUMENT_TYPES.length).toBeGreaterThanOrEqual(38);
    expect(DOCUMENT_TYPE_LABELS.PG82_CERTIFICATE).toBe("PG82 certificate");
    expect(APPLICATION_DOCUMENT_TYPE_LABELS.TRANSFER_OF_WHOLE).toBe("Transfer of whole (TR1)");
    expect(MORTGAGE_DEED_REFERENCE_TYPE_LABELS).toEqual({ STANDARD: "Standard deed", DIGITAL: "Digital deed" });
    expect(isRejectedRequest({ rejectedAt: "2025-01-01" })).toBe(true);
    expect(isRejectedRequest({ rejectedAt: null })).toBe(false);
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

describe("administration constants", () => {
  it("masks and limits", () => {
    expect(MASKED_CLIENT_SECRET).toBe("*".repeat(30));
    expect(MASKED_PASSWORD).toBe("*****");
    expect(ADMINISTRATION_LIMITS.ipAllowListText).toBe(5000);
    expect(AUTHORITY_ALIASES).toEqual({ LODGEMENT: "hmlr", REVENUE: "hmrc" });
    expect(ORGANISATION_TAB_LABELS.transaction).toBe("Transaction settings");
    expect(USER_AUTHENTICATION_LABELS.ENTERPRISE_CONNECTION).toBe("SSO");
  });
});
