/**
 * Screen gating (document 1 sections 2.3 and 6, document 2 section 6, document 3 sections 2 and 6): which
 * header tabs and menu links show, and whether a screen renders, answers 403, is not found (404), or
 * shows nothing, for a user with a set of flags.
 */
import type { FlagSet } from "../feature-flags.js";
import { isFlagOn } from "../feature-flags.js";
import { Permission, hasAllPermissions, isHelpdeskAdministrator } from "./roles.js";
import { can, type PermissionSubject, type WorkspaceContext } from "./actions.js";

export type ScreenAccess = "allowed" | "forbidden" | "not-found" | "hidden";

export const SCREENS = [
  "workspaces",
  "create-workspace",
  "workspace-detail",
  "stamp-duty",
  "users",
  "subscribers",
  "organisation",
  "lodgement-identifiers",
  "financial-accounts",
  "add-financial-account",
  "edit-financial-account",
] as const;
export type Screen = (typeof SCREENS)[number];

export interface ScreenContext {
  flags: FlagSet;
  workspace?: WorkspaceContext | null;
  /** For the stamp duty tab: the workspace's transaction type and whether a buyer party has dual representation. */
  stampDuty?: { transactionType: string; buyerHasDualRepresentation: boolean };
}

/**
 * The stamp duty tab shows when the user may view stamp duty (functional and contextual), the SDLT flag is
 * on, the transaction is a purchase, and a buyer party has dual representation.
 */
export function isStampDutyTabVisible(user: PermissionSubject, context: ScreenContext): boolean {
  return (
    isFlagOn(context.flags, "sdltEnabled") &&
    context.stampDuty?.transactionType === "PURCHASE" &&
    context.stampDuty.buyerHasDualRepresentation === true &&
    can(user, "viewStampDuty", context.workspace)
  );
}

/** How a screen answers this user. */
export function screenAccess(screen: Screen, user: PermissionSubject, context: ScreenContext): ScreenAccess {
  const allowedIf = (ok: boolean): ScreenAccess => (ok ? "allowed" : "forbidden");
  switch (screen) {
    case "workspaces":
      return allowedIf(can(user, "viewWorkspaceList"));
    case "create-workspace":
      return allowedIf(can(user, "createWorkspace"));
    case "workspace-detail":
      return allowedIf(can(user, "viewWorkspace", context.workspace));
    case "stamp-duty": {
      const shown =
        isFlagOn(context.flags, "sdltEnabled") &&
        context.stampDuty?.transactionType === "PURCHASE" &&
        context.stampDuty.buyerHasDualRepresentation === true;
      if (!shown) return "not-found";
      return allowedIf(can(user, "viewStampDuty", context.workspace));
    }
    case "users":
      return allowedIf(can(user, "viewUsers"));
    case "subscribers":
      return allowedIf(can(user, "viewSubscribers"));
    case "organisation":
      if (!isFlagOn(context.flags, "notificationEnabled")) return "not-found";
      return allowedIf(can(user, "viewOrganisation"));
    case "lodgement-identifiers":
      if (isFlagOn(context.flags, "sdltEnabled")) return "hidden";
      return allowedIf(can(user, "manageLodgementIdentifiers"));
    case "financial-accounts":
      return allowedIf(can(user, "viewFrequentlyUsedAccounts"));
    case "add-financial-account":
      return allowedIf(can(user, "viewFrequentlyUsedAccounts") && can(user, "addFrequentlyUsedAccount"));
    case "edit-financial-account":
      return allowedIf(can(user, "viewFrequentlyUsedAccounts") && can(user, "editFrequentlyUsedAccount"));
  }
}

export interface HeaderTab {
  id: "workspaces" | "users" | "subscribers" | "organisation";
  label: string;
  to: string;
}

/** The header tabs, each shown only with its permission; My organisation also needs the notification flag. */
export function headerTabs(user: PermissionSubject, flags: FlagSet): HeaderTab[] {
  const tabs: HeaderTab[] = [];
  if (hasAllPermissions(user.permissions, [Permission.VIEW_WORKSPACES])) {
    tabs.push({ id: "workspaces", label: "Workspaces", to: "/workspaces" });
  }
  if (hasAllPermissions(user.permissions, [Permission.VIEW_SUBSCRIBER_USERS])) {
    tabs.push({ id: "users", label: "Users", to: "/users" });
  }
  if (hasAllPermissions(user.permissions, [Permission.VIEW_SUBSCRIBER_CONFIGURATIONS])) {
    tabs.push({ id: "subscribers", label: "Subscribers", to: "/subscribers" });
  }
  if (isFlagOn(flags, "notificationEnabled") && hasAllPermissions(user.permissions, [Permission.VIEW_ORGANISATIONS])) {
    tabs.push({ id: "organisation", label: "My organisation", to: "/organisation" });
  }
  return tabs;
}

export interface ProfileMenu {
  /** The subscriber shown under the name; the helpdesk administrator has none. */
  showsSubscriber: boolean;
  showsChangeSubscriber: boolean;
  /** "link" to /lodgement/identifiers, "add-now" warning when no credentials exist, or null. */
  lodgementIdentifiers: "link" | "add-now" | null;
  showsManageFinancialAccounts: boolean;
}

/** What the profile menu offers (document 1 section 2.3). */
export function profileMenu(
  user: PermissionSubject,
  flags: FlagSet,
  context: { associatedSubscriberCount: number; hasLodgementCredentials: boolean },
): ProfileMenu {
  const identifiers =
    !isFlagOn(flags, "sdltEnabled") &&
    hasAllPermissions(user.permissions, [Permission.ADD_LODGEMENT_IDENTIFIERS, Permission.EDIT_LODGEMENT_IDENTIFIERS]);
  return {
    showsSubscriber: !isHelpdeskAdministrator(user.roles),
    showsChangeSubscriber: context.associatedSubscriberCount > 1 && isFlagOn(flags, "switch-subscriber"),
    lodgementIdentifiers: identifiers ? (context.hasLodgementCredentials ? "link" : "add-now") : null,
    showsManageFinancialAccounts: can(user, "viewFrequentlyUsedAccounts"),
  };
}

export const ORGANISATION_TAB_RULES = {
  communication: { permissions: [Permission.VIEW_SUBSCRIBER_NOTIFICATION_PREFERENCES], flag: "notificationEnabled" },
  connection: { permissions: [Permission.VIEW_CONNECTION_SETTINGS], flag: null },
  transaction: {
    permissions: [Permission.VIEW_LODGEMENT_IDENTIFIERS, Permission.VIEW_REVENUE_IDENTIFIERS],
    flag: "sdltEnabled",
  },
} as const;

/** The organisation page's tabs: each only with all its permissions (and its flag); no tabs, nothing shows. */
export function organisationTabs(user: PermissionSubject, flags: FlagSet): (keyof typeof ORGANISATION_TAB_RULES)[] {
  return (Object.keys(ORGANISATION_TAB_RULES) as (keyof typeof ORGANISATION_TAB_RULES)[]).filter((tab) => {
    const rule = ORGANISATION_TAB_RULES[tab];
    return hasAllPermissions(user.permissions, rule.permissions) && (rule.flag === null || isFlagOn(flags, rule.flag));
  });
}

/** The IP allow list section is hidden for enterprise (SSO) connections. */
export function showsIpAllowList(authenticationType: string | null | undefined): boolean {
  return authenticationType !== "ENTERPRISE_CONNECTION";
}

/**
 * The workspace tabs whose screens are built. A banner names a tab or offers to go there only when the tab
 * is in this list (core/workspaces/status.ts), so building a tab and adding it here lights up its banners;
 * the other tabs show that they are not available yet. Decision 0212.
 */
export const BUILT_WORKSPACE_SCREENS: readonly string[] = ["overview", "participants", "property-details", "financials"];

/** Whether a workspace tab's screen is built (BUILT_WORKSPACE_SCREENS). */
export function workspaceScreenExists(tab: string, built: readonly string[] = BUILT_WORKSPACE_SCREENS): boolean {
  return built.includes(tab);
}

/** The vertical tabs of the workspace detail, with stamp duty only under its rule. */
export function workspaceTabs(stampDutyVisible: boolean): string[] {
  const tabs = ["overview", "participants", "property-details", "financials", "documents"];
  return stampDutyVisible ? [...tabs, "stamp-duty"] : tabs;
}

/**
 * Transaction types a subscriber may create (document 1 section 1): a lender creates remortgages with a
 * borrower; law and conveyancing firms create purchases with a buyer, fixed to PURCHASE behind the law-firm flag.
 */
export function creatableTransactionTypes(
  subscriberType: string | null | undefined,
  lawFirmPurchaseOnly: boolean,
): ("PURCHASE" | "REMORTGAGE")[] {
  if (subscriberType === "Lender") return ["REMORTGAGE"];
  if (lawFirmPurchaseOnly && (subscriberType === "Law Firm" || subscriberType === "Conveyancing Firm")) return ["PURCHASE"];
  return ["PURCHASE", "REMORTGAGE"];
}
