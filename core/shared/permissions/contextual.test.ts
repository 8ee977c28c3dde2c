import { describe, expect, it } from "vitest";
import { PARTICIPANT_ROLES, TRANSACTION_TYPES } from "../../workspaces/enums.js";
import { ALL_PERMISSIONS, permissionsForRoles } from "./roles.js";
import { ACTION_PERMISSIONS, ACTIONS, allowedActions, can, contextualPermissionsIn } from "./actions.js";
import { ALL_CONTEXTUAL_PERMISSIONS, ContextualPermission as C, effectiveContextualPermissions } from "./contextual.js";

/** The specification's lists (document 1 section 6), written out in full as the reviewer reads them. */
const LODGEMENT_VIEW = [C.VIEW_LODGEMENT_DOCUMENTS, C.VIEW_LODGEMENT_TITLES, C.VIEW_LODGEMENT_CASES, C.VIEW_LODGEMENT_REQUESTS, C.VIEW_LODGEMENT_PROPRIETORS, C.VIEW_LODGEMENT_FILES];
const LENDER = [
  C.ADD_WORKSPACE_PARTIES, C.EDIT_WORKSPACE_PARTIES, C.EDIT_BUYER_PARTIES, C.VIEW_WORKSPACES,
  C.ADD_INCOMING_LENDER_REPRESENTATIVE_PARTICIPANT,
  ...LODGEMENT_VIEW,
  C.ADD_LODGEMENT_FILES, C.EDIT_LODGEMENT_FILE_ACCESS,
  C.VIEW_FINANCIAL_SETTLEMENT_SCHEDULES, C.AUTHORISE_FUNDS, C.DELETE_WORKSPACE_PARTIES,
  C.EDIT_WORKSPACE_ADDRESSES, C.VIEW_AUDIT_EVENTS, C.VIEW_WORKSPACE_TASKS,
  C.ADD_LENDER_REFERENCE, C.EDIT_LENDER_REFERENCE, C.CANCEL_WORKSPACES,
  C.VIEW_SOURCE_LINE_ITEMS, C.VIEW_DESTINATION_LINE_ITEMS,
];
const LENDER_REPRESENTATIVE = [
  C.VIEW_WORKSPACES, ...LODGEMENT_VIEW, C.ADD_LODGEMENT_FILES, C.EDIT_LODGEMENT_FILE_ACCESS, C.VIEW_FINANCIAL_SETTLEMENT_SCHEDULES,
  C.VIEW_AUDIT_EVENTS, C.VIEW_WORKSPACE_TASKS, C.VIEW_SOURCE_LINE_ITEMS, C.VIEW_DESTINATION_LINE_ITEMS,
  C.ADD_WORKSPACE_PARTIES, C.EDIT_WORKSPACE_PARTIES, C.DELETE_WORKSPACE_PARTIES, C.EDIT_WORKSPACE_ADDRESSES,
  C.ADD_LODGEMENT_TITLES, C.EDIT_LODGEMENT_TITLES, C.ADD_LODGEMENT_DOCUMENTS, C.EDIT_LODGEMENT_DOCUMENTS, C.ADD_LODGEMENT_CASES, C.EDIT_LODGEMENT_CASES,
  C.EDIT_FINANCIAL_SETTLEMENT_SCHEDULES,
  C.ADD_FSS_LINE_ITEMS, C.EDIT_FSS_LINE_ITEMS, C.DELETE_FSS_LINE_ITEMS,
  C.ADD_SOURCE_LINE_ITEMS, C.EDIT_SOURCE_LINE_ITEMS, C.DELETE_SOURCE_LINE_ITEMS,
  C.ADD_DESTINATION_LINE_ITEMS, C.EDIT_DESTINATION_LINE_ITEMS, C.DELETE_DESTINATION_LINE_ITEMS,
  C.APPROVE_WORKSPACES, C.UNAPPROVE_WORKSPACES, C.APPROVE_FINANCIAL_SETTLEMENT_SCHEDULES, C.UNAPPROVE_FINANCIAL_SETTLEMENT_SCHEDULES,
  C.APPROVE_LODGEMENT_DOCUMENTS, C.UNAPPROVE_LODGEMENT_DOCUMENTS,
  C.SUBMIT_LODGEMENT_REQUISITIONS, C.SUBMIT_LODGEMENT_APPLICATIONS, C.CREATE_TITLE_CHANGE_REQUEST,
  C.DELETE_LODGEMENT_DOCUMENTS, C.DELETE_LODGEMENT_FILES, C.VIEW_FREQUENTLY_USED_ACCOUNTS,
  C.ADD_LEGAL_REPRESENTATION_DETAILS, C.EDIT_EXTERNAL_LAW_FIRM_DETAILS,
  C.ADD_LENDER_REFERENCE, C.EDIT_LENDER_REFERENCE, C.ADD_LAW_FIRM_REFERENCE, C.EDIT_LAW_FIRM_REFERENCE, C.EDIT_COMPLETION_DATE,
  C.EDIT_BUYER_PARTIES, C.EDIT_SELLER_PARTIES, C.CANCEL_WORKSPACES, C.EDIT_LODGEMENT_PROPRIETORS,
];
const STAMP_DUTY = [C.VIEW_STAMP_DUTY_DETAILS, C.ADD_STAMP_DUTY_DETAILS, C.EDIT_STAMP_DUTY_DETAILS];
const BUYER_REPRESENTATIVE = [...LENDER_REPRESENTATIVE, C.ADD_BUYER_REPRESENTATIVE_REFERENCE, C.EDIT_BUYER_REPRESENTATIVE_REFERENCE, C.EDIT_FSS_FUNDS_ALLOCATION];
const SELLER_REPRESENTATIVE = [
  C.ADD_SELLER_REPRESENTATIVE_REFERENCE, C.EDIT_SELLER_REPRESENTATIVE_REFERENCE, C.VIEW_WORKSPACES, C.EDIT_SELLER_PARTIES,
  C.ADD_LODGEMENT_FILES, C.DELETE_LODGEMENT_FILES, C.EDIT_LODGEMENT_FILE_ACCESS,
  C.VIEW_LODGEMENT_CASES, C.VIEW_LODGEMENT_DOCUMENTS, C.VIEW_LODGEMENT_PROPRIETORS, C.VIEW_LODGEMENT_REQUESTS, C.VIEW_FINANCIAL_SETTLEMENT_SCHEDULES,
  C.ADD_DESTINATION_LINE_ITEMS, C.EDIT_DESTINATION_LINE_ITEMS, C.DELETE_DESTINATION_LINE_ITEMS,
  C.APPROVE_FINANCIAL_SETTLEMENT_SCHEDULES, C.UNAPPROVE_FINANCIAL_SETTLEMENT_SCHEDULES,
];

const EXPECTED: Record<string, Record<string, string[]>> = {
  INCOMING_LENDER: { REMORTGAGE: LENDER, PURCHASE: [...LENDER, C.EDIT_PARTICIPANT_LEGAL_REPRESENTATION_DETAILS] },
  INCOMING_LENDER_REPRESENTATIVE: {
    REMORTGAGE: LENDER_REPRESENTATIVE,
    PURCHASE: [...LENDER_REPRESENTATIVE, C.EDIT_FSS_FUNDS_ALLOCATION, C.ADD_WORKSPACE_PARTICIPANTS, ...STAMP_DUTY],
  },
  BUYER_REPRESENTATIVE: { REMORTGAGE: BUYER_REPRESENTATIVE, PURCHASE: [...BUYER_REPRESENTATIVE, ...STAMP_DUTY, C.EDIT_PARTICIPANT_LEGAL_REPRESENTATION_DETAILS] },
  SELLER_REPRESENTATIVE: { REMORTGAGE: SELLER_REPRESENTATIVE, PURCHASE: SELLER_REPRESENTATIVE },
};

describe("the permission matrix", () => {
  for (const role of PARTICIPANT_ROLES) {
    for (const type of TRANSACTION_TYPES) {
      it(`${role} in a ${type}: the effective set equals the specification's list`, () => {
        const effective = effectiveContextualPermissions(role, type);
        expect([...effective].sort()).toEqual([...new Set(EXPECTED[role][type])].sort());
        expect(new Set(effective).size).toBe(effective.length);
      });
    }
  }

  it("REMORTGAGE adds nothing to any default set", () => {
    for (const role of PARTICIPANT_ROLES) {
      const purchaseExtra = effectiveContextualPermissions(role, "PURCHASE").filter((p) => !effectiveContextualPermissions(role, "REMORTGAGE").includes(p));
      expect(effectiveContextualPermissions(role, "REMORTGAGE").length + purchaseExtra.length).toBe(effectiveContextualPermissions(role, "PURCHASE").length);
    }
  });

  it("keeps the default set first, then the additions", () => {
    const purchase = effectiveContextualPermissions("INCOMING_LENDER", "PURCHASE");
    expect(purchase.at(-1)).toBe(C.EDIT_PARTICIPANT_LEGAL_REPRESENTATION_DETAILS);
  });

  it("gives nothing for unknown roles and only defaults for unknown types", () => {
    expect(effectiveContextualPermissions("OUTGOING_LENDER", "PURCHASE")).toEqual([]);
    expect(effectiveContextualPermissions("SELLER_REPRESENTATIVE", "TRANSFER_OF_EQUITY")).toEqual(effectiveContextualPermissions("SELLER_REPRESENTATIVE", "REMORTGAGE"));
  });

  it("uses action:resource strings, shared with functional permissions where they overlap", () => {
    for (const permission of ALL_CONTEXTUAL_PERMISSIONS) expect(permission).toMatch(/^[a-z_]+:[a-z_]+$/);
    expect(C.VIEW_WORKSPACES).toBe("view:workspaces");
  });
});

const workspaceUser = { permissions: permissionsForRoles(["Workspace User"]), roles: ["Workspace User"] };
const approver = { permissions: permissionsForRoles(["Workspace Approver"]), roles: ["Workspace Approver"] };
const helpdesk = { permissions: [...ALL_PERMISSIONS], roles: ["Helpdesk Administrator"] };

describe("can", () => {
  it("needs the functional and the contextual permission", () => {
    const lawFirm = { participantRole: "BUYER_REPRESENTATIVE", transactionType: "PURCHASE" };
    expect(can(workspaceUser, "editSecurityAddress", lawFirm)).toBe(true);
    expect(can(workspaceUser, "approveWorkspace", lawFirm)).toBe(false); // no functional permission
    expect(can(approver, "approveWorkspace", lawFirm)).toBe(true);
    expect(can(approver, "approveWorkspace", { participantRole: "SELLER_REPRESENTATIVE", transactionType: "PURCHASE" })).toBe(false); // no contextual
  });

  it("splits line items into source and destination", () => {
    const seller = { participantRole: "SELLER_REPRESENTATIVE", transactionType: "PURCHASE" };
    expect(can(workspaceUser, "addDestinationLineItem", seller)).toBe(true);
    expect(can(workspaceUser, "addSourceLineItem", seller)).toBe(false);
    expect(can(workspaceUser, "editSellerParty", seller)).toBe(true);
    expect(can(workspaceUser, "editApplicantParty", seller)).toBe(false);
  });

  it("accepts any of the law-firm reference permissions", () => {
    const user = { permissions: [ "add:law_firm_reference" ], roles: [] };
    expect(can(user, "addLawFirmReference", { participantRole: "SELLER_REPRESENTATIVE", transactionType: "PURCHASE" })).toBe(true);
    expect(can(user, "addLawFirmReference", { participantRole: "INCOMING_LENDER", transactionType: "PURCHASE" })).toBe(false);
  });

  it("stamp duty rights come only with a purchase", () => {
    expect(can(workspaceUser, "viewStampDuty", { participantRole: "BUYER_REPRESENTATIVE", transactionType: "PURCHASE" })).toBe(true);
    expect(can(workspaceUser, "viewStampDuty", { participantRole: "BUYER_REPRESENTATIVE", transactionType: "REMORTGAGE" })).toBe(false);
  });

  it("lets the helpdesk administrator bypass contextual checks, not functional ones", () => {
    for (const action of ACTIONS) {
      const rule = ACTION_PERMISSIONS[action] as { roles?: readonly string[] };
      if (rule.roles) continue;
      expect(can(helpdesk, action), action).toBe(true);
    }
    expect(can({ permissions: [], roles: ["Helpdesk Administrator"] }, "viewWorkspace")).toBe(false);
  });

  it("refuses a workspace action without the workspace, and unknown actions", () => {
    expect(can(workspaceUser, "viewWorkspace")).toBe(false);
    expect(can(workspaceUser, "viewWorkspace", {})).toBe(false);
    expect(can(workspaceUser, "viewWorkspaceList")).toBe(true);
    expect(can(helpdesk, "launchRockets")).toBe(false);
  });

  it("prefers the provider's contextual set when given", () => {
    expect(can(workspaceUser, "viewWorkspace", { contextualPermissions: ["view:workspaces"] })).toBe(true);
    expect(can(workspaceUser, "viewWorkspace", { participantRole: "INCOMING_LENDER", transactionType: "PURCHASE", contextualPermissions: [] })).toBe(false);
    expect(contextualPermissionsIn({ participantRole: "SELLER_REPRESENTATIVE" })).toEqual([]);
  });

  it("needs the Financial Administrator role for frequently used accounts", () => {
    const financial = { permissions: permissionsForRoles(["Financial Administrator"]), roles: ["Financial Administrator"] };
    expect(can(financial, "viewFrequentlyUsedAccounts")).toBe(true);
    expect(can({ ...financial, roles: [] }, "viewFrequentlyUsedAccounts")).toBe(false);
    expect(can(workspaceUser, "viewFrequentlyUsedAccounts")).toBe(false);
  });

  it("lists the allowed actions", () => {
    const actions = allowedActions({ permissions: ["view:workspaces"], roles: [] }, { participantRole: "SELLER_REPRESENTATIVE", transactionType: "PURCHASE" });
    expect(actions).toEqual(["viewWorkspaceList", "viewWorkspace"]);
  });
});
