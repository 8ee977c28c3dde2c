import { describe, expect, it } from "vitest";
import { BORROWER_VALIDATION_STATUSES } from "../parties/enums.js";
import {
  BORROWER_VALIDATION_BANNERS,
  borrowerValidationBanner,
  DEFAULT_STATUS_FILTER,
  editLock,
  editLockTooltip,
  EDIT_LOCK_TOOLTIPS,
  firmKind,
  statusBadgeColour,
  statusLabel,
  viewOnlyNotice,
  WORKSPACE_JOURNEY,
  WORKSPACE_STATUSES,
  workspaceBanner,
  workspaceMilestones,
  type WorkspaceBannerInput,
} from "./status.js";

describe("statuses", () => {
  it("labels: first letter capitalised, first underscore replaced by a space", () => {
    expect(WORKSPACE_JOURNEY.map(statusLabel)).toEqual(["Created", "Prepared", "Funds authorised", "Funds exchanged", "Lodged", "Requisitioned", "Closed", "Cancelled"]);
    expect(statusLabel("REQUISITION_SUBMITTED")).toBe("Requisition submitted");
    expect(statusLabel("A_B_C")).toBe("A b_c");
  });

  it("the full set and the default list filter of six", () => {
    expect(WORKSPACE_STATUSES).toHaveLength(13);
    expect(DEFAULT_STATUS_FILTER).toEqual(["CREATED", "PREPARED", "FUNDS_AUTHORISED", "FUNDS_EXCHANGED", "LODGED", "REQUISITIONED"]);
  });

  it("badge colours", () => {
    expect(Object.fromEntries(WORKSPACE_JOURNEY.map((status) => [status, statusBadgeColour(status)]))).toEqual({
      CREATED: "yellow",
      PREPARED: "coral",
      FUNDS_AUTHORISED: "green",
      FUNDS_EXCHANGED: "purple",
      LODGED: "neutral",
      REQUISITIONED: "pink",
      CLOSED: "disabled",
      CANCELLED: "red",
    });
    expect(statusBadgeColour("READY")).toBe("neutral");
  });

  it("milestones, newest first", () => {
    expect(workspaceMilestones("CREATED")).toEqual(["CREATED"]);
    expect(workspaceMilestones("FUNDS_EXCHANGED")).toEqual(["FUNDS_EXCHANGED", "FUNDS_AUTHORISED", "APPROVED", "CREATED"]);
    expect(workspaceMilestones("PREPARED")).toEqual(["APPROVED", "CREATED"]);
    expect(workspaceMilestones("CANCELLED")).toEqual(["CANCELLED", "CREATED"]);
    expect(workspaceMilestones("REGISTERED")[0]).toBe("CLOSED");
  });
});

describe("edit lock", () => {
  it("distinguishes cancelled from locked, cancelled first", () => {
    expect(editLock({})).toBeNull();
    expect(editLock({ isLocked: true })).toBe("locked");
    expect(editLock({ hardLocked: true })).toBe("locked");
    expect(editLock({ isCancelled: true, isLocked: true })).toBe("cancelled");
    expect(editLock({ status: "CANCELLED" })).toBe("cancelled");
    expect(editLockTooltip({ hardLocked: true })).toBe(EDIT_LOCK_TOOLTIPS.locked);
    expect(editLockTooltip({})).toBeNull();
  });
  it("view-only notices use the spec's texts", () => {
    expect(viewOnlyNotice({ isLocked: true })).toBe("Workspace is in view-only mode");
    expect(viewOnlyNotice({ isCancelled: true })).toBe("Workspace has been cancelled and is in view-only mode");
    expect(viewOnlyNotice({})).toBeNull();
  });
});

describe("borrower validation banner", () => {
  it("for every status", () => {
    const banners = Object.fromEntries(BORROWER_VALIDATION_STATUSES.map((status) => [status, borrowerValidationBanner(status)?.tone ?? null]));
    expect(banners).toEqual({ VALID: null, PENDING: null, NOT_REQUIRED: null, INVALID: "warning", UNSUPPORTED_TYPE: "error", TYPE_INVALID: "error", COUNT_INVALID: "error" });
    expect(borrowerValidationBanner("INVALID")?.title).toBe("The borrower information below doesn't match the title");
    expect(borrowerValidationBanner("COUNT_INVALID")).toBe(BORROWER_VALIDATION_BANNERS.CANCEL);
    expect(borrowerValidationBanner(undefined)).toBeNull();
  });
});

describe("workspace banner", () => {
  const base: WorkspaceBannerInput = {
    status: "CREATED",
    participantRole: "BUYER_REPRESENTATIVE",
    subscriberType: "Law Firm",
    canApproveWorkspace: true,
    canAuthoriseFunds: false,
    enhancedWorkspaceApprovalEnabled: false,
  };
  it("chooses by status, role and subscriber type", () => {
    expect(workspaceBanner(base)?.id).toBe("prepare");
    expect(workspaceBanner({ ...base, subscriberType: "Lender" })?.text).toContain("so that the law firm can approve it");
    expect(workspaceBanner({ ...base, readyForApproval: true })).toMatchObject({ id: "approve", action: { intent: "approve-workspace" } });
    expect(workspaceBanner({ ...base, readyForApproval: true, enhancedWorkspaceApprovalEnabled: true })).toMatchObject({ id: "approve", action: undefined });
    expect(workspaceBanner({ ...base, readyForApproval: true, canApproveWorkspace: false })?.id).toBe("approve-read-only");
    expect(workspaceBanner({ ...base, readyForApproval: true, subscriberType: "Lender" })?.id).toBe("approve-read-only");
    expect(workspaceBanner({ ...base, status: "PREPARED", canBeUnapproved: true })?.id).toBe("unapprove");
    expect(workspaceBanner({ ...base, status: "PREPARED" })?.id).toBe("authorise-funds-read-only");
    expect(workspaceBanner({ ...base, status: "PREPARED", subscriberType: "Lender", participantRole: "INCOMING_LENDER", canAuthoriseFunds: true, builtScreens: ["financials"] })?.id).toBe("authorise-funds");
    expect(workspaceBanner({ ...base, status: "FUNDS_AUTHORISED" })?.id).toBe("funds-authorised");
    expect(workspaceBanner({ ...base, status: "FUNDS_EXCHANGED" })?.id).toBe("hard-locked-before-lodgement");
    expect(workspaceBanner({ ...base, status: "FUNDS_EXCHANGED", lodgementDelayed: true })?.id).toBe("lodgement-delay");
    expect(workspaceBanner({ ...base, status: "LODGED" })?.id).toBe("hard-locked-after-lodgement");
    expect(workspaceBanner({ ...base, status: "REQUISITIONED" })?.id).toBe("requisitioned");
    expect(workspaceBanner({ ...base, status: "REQUISITION_SUBMITTED" })?.id).toBe("requisitioned");
    expect(workspaceBanner({ ...base, status: "CLOSED" })?.id).toBe("closed");
    expect(workspaceBanner({ ...base, status: "CANCELLED" })?.id).toBe("cancelled");
    expect(workspaceBanner({ ...base, isCancelled: true })?.id).toBe("cancelled");
  });
  it("names a tab and offers to go there only when its screen is built, and Companies House evidence only for an organisation", () => {
    const lender = { ...base, status: "PREPARED", subscriberType: "Lender", participantRole: "INCOMING_LENDER", canAuthoriseFunds: true } as const;
    expect(workspaceBanner({ ...lender, builtScreens: ["overview"] })).toMatchObject({ id: "authorise-funds-pending-screen" });
    expect(workspaceBanner({ ...lender, builtScreens: ["overview"] })?.action).toBeUndefined();
    expect(workspaceBanner({ ...lender, builtScreens: ["overview"] })?.text).not.toContain("tab");
    expect(workspaceBanner({ ...lender, builtScreens: ["overview", "financials"] })).toMatchObject({ id: "authorise-funds", action: { intent: "authorise-funds" } });
    // The screens built today: the financials tab is built, the documents tab is not, so no banner points there.
    for (const status of WORKSPACE_STATUSES) {
      for (const variant of [base, lender]) {
        const banner = workspaceBanner({ ...variant, status, hasOrganisationParty: true });
        expect(banner?.text, status).not.toMatch(/documents tab\b/);
      }
    }
    expect(workspaceBanner(lender)).toMatchObject({ id: "authorise-funds", action: { intent: "authorise-funds" } });
    const exchanged = { ...base, status: "FUNDS_EXCHANGED" } as const;
    const withDocuments = ["overview", "documents"];
    expect(workspaceBanner({ ...exchanged, hasOrganisationParty: false, builtScreens: withDocuments })?.text).not.toContain("Companies House");
    expect(workspaceBanner({ ...exchanged, hasOrganisationParty: true, builtScreens: withDocuments })?.text).toContain("Companies House evidence in the documents tab");
    expect(workspaceBanner({ ...exchanged, hasOrganisationParty: true })?.text).not.toContain("Companies House");
    expect(workspaceBanner({ ...base, status: "REQUISITIONED", builtScreens: withDocuments })?.text).toContain("documents tab");
    expect(borrowerValidationBanner("INVALID", ["overview", "participants"])).toBe(BORROWER_VALIDATION_BANNERS.INVALID);
    expect(borrowerValidationBanner("INVALID", ["overview"])?.text).not.toContain("tab");
    expect(borrowerValidationBanner("INVALID", ["overview"])?.action).toBeUndefined();
    // The participants tab is built: the default list sends the user there to resolve the mismatch.
    expect(borrowerValidationBanner("INVALID")).toMatchObject({ text: expect.stringContaining("participants tab"), action: { intent: "resolve-borrower-mismatch" } });
  });
  it("gives a banner for every status", () => {
    for (const status of WORKSPACE_STATUSES) expect(workspaceBanner({ ...base, status }), status).not.toBeNull();
  });
  it("firm kind", () => {
    expect(firmKind("Lender")).toBe("lender");
    expect(firmKind("Conveyancing Firm")).toBe("firm");
    expect(firmKind(null)).toBe("firm");
  });
});
