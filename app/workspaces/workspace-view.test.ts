import { describe, expect, it } from "vitest";
import type { WorkspaceDetail } from "../../core/workspaces/api.js";
import { workspaceDetail } from "../../core/workspaces/workspace-detail.test-helper.js";
import { defaultFeatureFlags } from "../../core/shared/feature-flags.js";
import { permissionsForRoles } from "../../core/shared/permissions/roles.js";
import { workspaceView, type WorkspaceViewInput } from "./workspace-view";

const party = (role: "BORROWER" | "BUYER" | "SELLER", forenames: string, surname: string, dual = false) => ({
  partyId: `${role}-${forenames}`,
  role,
  type: "INDIVIDUAL" as const,
  partyDetails: { forenames, surname, organisationName: null, registrationNumber: null, organisationType: null, legalEntityName: null },
  individualDetails: { forenames, surname },
  organisationDetails: null,
  proprietorMatchStatus: [],
  sourceProprietorId: null,
  representationDetails: dual
    ? {
        representationId: `representation-${forenames}`,
        representationType: "DUAL_REPRESENTATION" as const,
        representativeType: null,
        representativeName: null,
        lawFirmId: null,
        participantId: null,
        representativeRole: null,
      }
    : null,
  availableActions: [],
  verificationOfIdentity: null,
  isIncomingProprietor: null,
  titleStatus: null,
  addresses: [],
  locked: false,
});

function workspace(change: Partial<WorkspaceDetail> = {}): WorkspaceDetail {
  return workspaceDetail({
    parties: [party("BORROWER", "Oliver", "Bennett"), party("BORROWER", "Sophie Anne", "Bennett"), party("SELLER", "Sam", "Seller")],
    references: [
      { referenceId: "r1", referenceNumber: "NG-1", representativeRole: "INCOMING_LENDER", representativeId: null },
      { referenceId: "r2", referenceNumber: "HV-2", representativeRole: "INCOMING_LENDER_REPRESENTATIVE", representativeId: null },
    ],
    reference: "NG-1",
    participantReference: "HV-2",
    participantRole: "INCOMING_LENDER_REPRESENTATIVE",
    readyForApproval: true,
    ...change,
  });
}

const approver = { permissions: permissionsForRoles(["Workspace Approver"]), roles: ["Workspace Approver"], subscriberId: "hv", subscriberType: "Law Firm" };
const lender = { permissions: permissionsForRoles(["Workspace Creator"]), roles: ["Workspace Creator"], subscriberId: "ng", subscriberType: "Lender" };
const helpdesk = { permissions: permissionsForRoles(["Helpdesk Administrator"]), roles: ["Helpdesk Administrator"], subscriberId: null, subscriberType: null };
const flags = defaultFeatureFlags("local");
const view = (input: Partial<WorkspaceViewInput> & { workspace?: WorkspaceDetail } = {}) =>
  workspaceView({ workspace: input.workspace ?? workspace(), user: input.user ?? approver, flags: input.flags ?? flags });

describe("the workspace page's view", () => {
  it("header and summary: the address, the first applicant with a count of all, the user's own reference", () => {
    const v = view();
    expect(v.heading).toBe("Orchard House, 3 Church Road, Winchester, SO23 9LP");
    expect(v.summary.applicants).toEqual({ text: "Oliver Bennett", more: 1, tooltip: "Oliver Bennett, Sophie Anne Bennett" });
    expect(v.summary.references).toEqual([{ label: null, value: "HV-2" }]);
    expect(v.summary.completionDate).toBe("To be provided");
    expect(v.status).toEqual({ label: "Created", colour: "yellow" });
  });

  it("the helpdesk administrator sees every reference; others without one of their own see 'To be provided'", () => {
    expect(view({ user: helpdesk, workspace: workspace({ participantRole: null, participantReference: null }) }).summary.references).toEqual([
      { label: "Incoming lender", value: "NG-1" },
      { label: "Incoming lender representative", value: "HV-2" },
    ]);
    expect(view({ workspace: workspace({ participantReference: null }) }).summary.references).toEqual([{ label: null, value: "To be provided" }]);
  });

  it("offers approve to the law firm's approver when ready, and cancel before approval", () => {
    const v = view();
    expect(v.actions.map((action) => [action.label, action.disabledReason])).toEqual([
      ["Approve workspace", null],
      ["Cancel workspace", null],
    ]);
    expect(v.notice).toBeNull();
  });

  it("offers no approval to the lender, and explains why cancel is not possible once cancelled", () => {
    const cancelled = workspace({ status: "CANCELLED", isCancelled: true, canBeCancelled: false, readyForApproval: false, participantRole: "INCOMING_LENDER" });
    const v = view({ user: lender, workspace: cancelled });
    expect(v.actions).toEqual([
      expect.objectContaining({ label: "Cancel workspace", disabledReason: "This workspace has been cancelled and can no longer be edited." }),
    ]);
    expect(v.notice).toBe("Workspace has been cancelled and is in view-only mode");
    expect(v.banners.map((banner) => banner.id)).toEqual(["cancelled"]);
  });

  it("shows the lodgement delay banner while the applications are finalised after funds exchanged", () => {
    const exchanged = { status: "FUNDS_EXCHANGED", readyForApproval: false, canBeCancelled: false, isLocked: true, hardLocked: true } as const;
    expect(view({ workspace: workspace({ ...exchanged, lodgementDelayed: true }) }).banners.map((banner) => banner.id)).toEqual(["lodgement-delay"]);
    expect(view({ workspace: workspace(exchanged) }).banners.map((banner) => banner.id)).toEqual(["hard-locked-before-lodgement"]);
  });

  it("unapprove while it can be, and the locked notice", () => {
    const approved = workspace({ status: "PREPARED", readyForApproval: false, canBeUnapproved: true, canBeCancelled: false, isLocked: true });
    const v = view({ workspace: approved });
    expect(v.notice).toBe("Workspace is in view-only mode");
    const intents = [...v.banners.map((banner) => banner.action?.intent), ...v.actions.map((action) => action.intent)];
    expect(intents.filter((intent) => intent === "unapprove-workspace")).toHaveLength(1);
  });

  it("the borrower validation banner before the status banner", () => {
    expect(view({ workspace: workspace({ borrowersValidationStatus: "COUNT_INVALID" }) }).banners[0].id).toBe("borrower-cancel-workspace");
  });

  it("tabs: stamp duty only with the SDLT flag, on a purchase with a dual-represented buyer, for a user who may view it", () => {
    expect(view().tabs.map((tab) => tab.slug)).toEqual(["overview", "participants", "property-details", "financials", "documents"]);
    const purchase = workspace({
      transactionType: "PURCHASE",
      participantRole: "BUYER_REPRESENTATIVE",
      parties: [party("BUYER", "Priya", "Shah", true)],
    });
    expect(view({ workspace: purchase }).tabs.map((tab) => tab.slug)).not.toContain("stamp-duty");
    expect(view({ workspace: purchase, flags: { ...flags, sdltEnabled: true } }).tabs.map((tab) => tab.slug)).toContain("stamp-duty");
  });

  it("the transfer-of-equity tag only with its flag on", () => {
    expect(view({ workspace: workspace({ transferOfEquity: true }) }).transferOfEquity).toBe("Transfer of equity");
    expect(view({ workspace: workspace({ transferOfEquity: true }), flags: { ...flags, "transfer-of-equity-enabled": false } }).transferOfEquity).toBeNull();
  });
});
