import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, permissionsForRoles } from "./roles.js";
import {
  creatableTransactionTypes,
  headerTabs,
  isStampDutyTabVisible,
  organisationTabs,
  profileMenu,
  screenAccess,
  showsIpAllowList,
  workspaceTabs,
  BUILT_WORKSPACE_SCREENS,
  workspaceScreenExists,
} from "./screens.js";

const user = (roles: string[]) => ({ roles, permissions: permissionsForRoles(roles) });
const helpdesk = { roles: ["Helpdesk Administrator"], permissions: [...ALL_PERMISSIONS] };
const nobody = { roles: [], permissions: [] };
const flags = { sdltEnabled: false, notificationEnabled: false };

describe("screenAccess", () => {
  it("answers 403 without the list, create and detail permissions", () => {
    expect(screenAccess("workspaces", nobody, { flags })).toBe("forbidden");
    expect(screenAccess("workspaces", user(["Workspace Viewer"]), { flags })).toBe("allowed");
    expect(screenAccess("create-workspace", user(["Workspace Viewer"]), { flags })).toBe("forbidden");
    expect(screenAccess("create-workspace", user(["Workspace Creator"]), { flags })).toBe("allowed");
    expect(screenAccess("workspace-detail", user(["Workspace Viewer"]), { flags, workspace: { participantRole: "INCOMING_LENDER", transactionType: "REMORTGAGE" } })).toBe("allowed");
    expect(screenAccess("workspace-detail", user(["Workspace Viewer"]), { flags })).toBe("forbidden");
    expect(screenAccess("workspace-detail", helpdesk, { flags })).toBe("allowed");
  });

  it("gates the organisation page on the notification flag, then on permission", () => {
    expect(screenAccess("organisation", helpdesk, { flags })).toBe("not-found");
    expect(screenAccess("organisation", helpdesk, { flags: { notificationEnabled: true } })).toBe("allowed");
    expect(screenAccess("organisation", user(["Workspace User"]), { flags: { notificationEnabled: true } })).toBe("forbidden");
  });

  it("shows nothing on the lodgement identifiers screen with SDLT on, else 403 without the permissions", () => {
    expect(screenAccess("lodgement-identifiers", helpdesk, { flags: { sdltEnabled: true } })).toBe("hidden");
    expect(screenAccess("lodgement-identifiers", user(["HMLR Administrator"]), { flags })).toBe("allowed");
    expect(screenAccess("lodgement-identifiers", user(["Workspace User"]), { flags })).toBe("forbidden");
  });

  it("needs the Financial Administrator role and the permission for accounts", () => {
    expect(screenAccess("financial-accounts", user(["Financial Administrator"]), { flags })).toBe("allowed");
    expect(screenAccess("add-financial-account", user(["Financial Administrator"]), { flags })).toBe("allowed");
    expect(screenAccess("edit-financial-account", user(["Financial Administrator"]), { flags })).toBe("allowed");
    expect(screenAccess("financial-accounts", user(["Workspace User"]), { flags })).toBe("forbidden");
    expect(screenAccess("edit-financial-account", { roles: ["Financial Administrator"], permissions: ["view:frequently_used_accounts"] }, { flags })).toBe("forbidden");
  });

  it("users and subscribers", () => {
    expect(screenAccess("users", user(["User Manager"]), { flags })).toBe("allowed");
    expect(screenAccess("subscribers", user(["User Manager"]), { flags })).toBe("forbidden");
    expect(screenAccess("subscribers", user(["Support Administrator"]), { flags })).toBe("allowed");
  });

  it("stamp duty: shown for a dual-represented purchase with the flag, 403 without view permission", () => {
    const stampDuty = { transactionType: "PURCHASE", buyerHasDualRepresentation: true };
    const workspace = { participantRole: "BUYER_REPRESENTATIVE", transactionType: "PURCHASE" };
    const on = { sdltEnabled: true };
    expect(screenAccess("stamp-duty", user(["Workspace User"]), { flags: on, stampDuty, workspace })).toBe("allowed");
    expect(screenAccess("stamp-duty", user(["Workspace User"]), { flags: on, stampDuty, workspace: { participantRole: "SELLER_REPRESENTATIVE", transactionType: "PURCHASE" } })).toBe("forbidden");
    expect(screenAccess("stamp-duty", user(["Workspace User"]), { flags, stampDuty, workspace })).toBe("not-found");
    expect(screenAccess("stamp-duty", user(["Workspace User"]), { flags: on, stampDuty: { ...stampDuty, buyerHasDualRepresentation: false }, workspace })).toBe("not-found");
    expect(isStampDutyTabVisible(user(["Workspace User"]), { flags: on, stampDuty, workspace })).toBe(true);
    expect(isStampDutyTabVisible(user(["Workspace User"]), { flags: on, stampDuty: { ...stampDuty, transactionType: "REMORTGAGE" }, workspace })).toBe(false);
    expect(workspaceTabs(true)).toContain("stamp-duty");
    expect(workspaceTabs(false)).not.toContain("stamp-duty");
  });
});

describe("header and menus", () => {
  it("shows each tab only with its permission, My organisation only with the notification flag", () => {
    expect(headerTabs(helpdesk, flags).map((tab) => tab.id)).toEqual(["workspaces", "users", "subscribers"]);
    expect(headerTabs(helpdesk, { notificationEnabled: true }).map((tab) => tab.label)).toEqual(["Workspaces", "Users", "Subscribers", "My organisation"]);
    expect(headerTabs(user(["Workspace Viewer"]), flags).map((tab) => tab.id)).toEqual(["workspaces"]);
    expect(headerTabs(nobody, flags)).toEqual([]);
  });

  it("builds the profile menu", () => {
    expect(profileMenu(helpdesk, { "switch-subscriber": true }, { associatedSubscriberCount: 2, hasLodgementCredentials: false })).toEqual({
      showsSubscriber: false,
      showsChangeSubscriber: true,
      lodgementIdentifiers: "add-now",
      showsManageFinancialAccounts: false,
    });
    expect(profileMenu(user(["HMLR Administrator", "Financial Administrator"]), { sdltEnabled: false }, { associatedSubscriberCount: 2, hasLodgementCredentials: true })).toEqual({
      showsSubscriber: true,
      showsChangeSubscriber: false,
      lodgementIdentifiers: "link",
      showsManageFinancialAccounts: true,
    });
    expect(profileMenu(helpdesk, { sdltEnabled: true, "switch-subscriber": true }, { associatedSubscriberCount: 1, hasLodgementCredentials: true })).toMatchObject({
      showsChangeSubscriber: false,
      lodgementIdentifiers: null,
    });
  });

  it("shows organisation tabs with all their permissions and flags", () => {
    expect(organisationTabs(helpdesk, { notificationEnabled: true, sdltEnabled: true })).toEqual(["communication", "connection", "transaction"]);
    expect(organisationTabs(helpdesk, {})).toEqual(["connection"]);
    expect(organisationTabs(user(["HMLR Administrator"]), { sdltEnabled: true })).toEqual(["transaction"]);
    expect(organisationTabs(nobody, { notificationEnabled: true })).toEqual([]);
    expect(showsIpAllowList("ENTERPRISE_CONNECTION")).toBe(false);
    expect(showsIpAllowList("AUTH0_DATABASE_CONNECTION")).toBe(true);
  });

  it("fixes the transaction type by subscriber", () => {
    expect(creatableTransactionTypes("Lender", true)).toEqual(["REMORTGAGE"]);
    expect(creatableTransactionTypes("Law Firm", true)).toEqual(["PURCHASE"]);
    expect(creatableTransactionTypes("Conveyancing Firm", true)).toEqual(["PURCHASE"]);
    expect(creatableTransactionTypes("Law Firm", false)).toEqual(["PURCHASE", "REMORTGAGE"]);
    expect(creatableTransactionTypes(null, true)).toEqual(["PURCHASE", "REMORTGAGE"]);
  });
});

describe("built workspace screens", () => {
  it("lists the overview, participants and property details tabs; banners point only to built tabs", () => {
    expect(BUILT_WORKSPACE_SCREENS).toEqual(["overview", "participants", "property-details", "financials"]);
    expect(workspaceScreenExists("participants")).toBe(true);
    expect(workspaceScreenExists("property-details")).toBe(true);
    expect(workspaceScreenExists("financials")).toBe(true);
    expect(workspaceScreenExists("documents")).toBe(false);
    expect(workspaceScreenExists("participants", ["overview"])).toBe(false);
  });
});
