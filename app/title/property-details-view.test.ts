import { describe, expect, it } from "vitest";
import { defaultFeatureFlags } from "../../core/shared/feature-flags.js";
import { Permission, permissionsForRoles } from "../../core/shared/permissions/roles.js";
import { TITLE_SEARCH_TEXTS } from "../../core/title/title-search.js";
import { EDIT_LOCK_TOOLTIPS } from "../../core/workspaces/status.js";
import { propertyDetailsModel, PROPERTY_DETAILS_TEXTS, type PropertyDetailsInput, type TitleForDisplay } from "./property-details-view";

const ALL_CONTEXT = [Permission.ADD_LODGEMENT_TITLES, Permission.EDIT_WORKSPACE_ADDRESSES, Permission.VIEW_WORKSPACES];
const user = (roles: string[]) => ({ roles, permissions: permissionsForRoles(roles), accessToken: "token" });
const TITLE: TitleForDisplay = {
  titleNumber: "DN100001",
  documents: [{ fileName: "DN100001 register.pdf", fileId: "reg-DN100001" }],
  addressLines: ["3 Church Road", "Winchester", "SO23 9LP"],
  proprietors: ["Oliver Bennett"],
  restrictions: ["No disposition without consent"],
  lenders: ["Northgate Bank PLC"],
};
// 12:00 London in winter: the land registry is open.
const OPEN = new Date("2026-01-15T12:00:00Z");
// 23:30 London: closed.
const CLOSED = new Date("2026-01-15T23:30:00Z");

function input(change: Partial<PropertyDetailsInput> = {}): PropertyDetailsInput {
  return {
    workspace: {
      workspaceId: "w1",
      version: 7,
      isLocked: false,
      isCancelled: false,
      participantRole: "INCOMING_LENDER_REPRESENTATIVE",
      transactionType: "REMORTGAGE",
      contextualPermissions: ALL_CONTEXT,
      securityAddress: { addressId: "a1", name: null, number: "3", flat: null, street: "Church Road", town: "Winchester", postcode: "SO23 9LP" },
    },
    user: user(["Workspace User"]),
    flags: defaultFeatureFlags("local"),
    now: OPEN,
    authorization: null,
    loadFailed: false,
    lodgementCase: { lastTitleSearchStatus: "SUCCESS", lastTitleSearchTime: "2026-01-15T10:00:00Z", unsupportedReasons: [] },
    title: TITLE,
    updates: null,
    documentHref: "/workspaces/w1/title-documents",
    ...change,
  };
}

describe("the title panel", () => {
  it("shows the retrieve form before any search, to a user who may retrieve titles; the no-action text to others", () => {
    const none = { lodgementCase: { lastTitleSearchStatus: null, lastTitleSearchTime: null, unsupportedReasons: [] }, title: null };
    const model = propertyDetailsModel(input(none)).titlePanel;
    expect(model).toMatchObject({ view: "initial", showRetrieveForm: true, prompt: null, retrieve: { shown: true, disabledReason: null } });
    const viewer = propertyDetailsModel(input({ ...none, user: user(["Workspace Viewer"]) })).titlePanel;
    expect(viewer).toMatchObject({ view: "initial", showRetrieveForm: false, prompt: TITLE_SEARCH_TEXTS.noAction, retrieve: { shown: false } });
  });

  it("shows pending, not found and search error with the text the user's permission calls for", () => {
    const status = (lastTitleSearchStatus: string, roles = ["Workspace User"]) =>
      propertyDetailsModel(input({ title: null, user: user(roles), lodgementCase: { lastTitleSearchStatus, lastTitleSearchTime: null, unsupportedReasons: [] } })).titlePanel;
    expect(status("PENDING")).toMatchObject({ view: "pending", prompt: TITLE_SEARCH_TEXTS.pending, showRetrieveForm: false });
    expect(status("IN_PROGRESS").view).toBe("pending");
    expect(status("NOT_FOUND")).toMatchObject({ view: "not-found", prompt: TITLE_SEARCH_TEXTS.enterTitleNumber, showRetrieveForm: true });
    expect(status("ERROR")).toMatchObject({ view: "search-error", prompt: TITLE_SEARCH_TEXTS.enterTitleNumber, showRetrieveForm: true });
    expect(status("NOT_FOUND", ["Workspace Viewer"])).toMatchObject({ prompt: TITLE_SEARCH_TEXTS.noAction, showRetrieveForm: false });
    expect(status("ERROR", ["Workspace Viewer"])).toMatchObject({ prompt: TITLE_SEARCH_TEXTS.noAction, showRetrieveForm: false });
  });

  it("shows the load failure as the error view", () => {
    expect(propertyDetailsModel(input({ loadFailed: true, lodgementCase: null, title: null })).titlePanel.view).toBe("error");
  });

  it("links each register document to the app's resource route", () => {
    const model = propertyDetailsModel(input()).titlePanel;
    expect(model.view).toBe("success");
    expect(model.title?.documents).toEqual([{ fileName: "DN100001 register.pdf", href: "/workspaces/w1/title-documents/reg-DN100001" }]);
  });

  it("shows restrictions only with the title-pilot flag and lenders only with the discharge-application display flag", () => {
    const off = propertyDetailsModel(input({ flags: { hmlrTitlePilotEnabled: false, displayDischargeApplicationEnabled: false } })).titlePanel.title;
    expect(off).toMatchObject({ restrictions: null, lenders: null });
    const on = propertyDetailsModel(input({ flags: { hmlrTitlePilotEnabled: true, displayDischargeApplicationEnabled: true } })).titlePanel.title;
    expect(on).toMatchObject({ restrictions: TITLE.restrictions, lenders: TITLE.lenders });
  });

  it("offers Check for updates inside land registry hours only, and says when outside them", () => {
    expect(propertyDetailsModel(input()).titlePanel.checkForUpdates).toEqual({ shown: true, disabledReason: null, hoursHint: null });
    expect(propertyDetailsModel(input({ now: CLOSED })).titlePanel.checkForUpdates).toEqual({
      shown: false,
      disabledReason: null,
      hoursHint: PROPERTY_DETAILS_TEXTS.outsideHours,
    });
    // Without the permission: neither the action nor the hint.
    expect(propertyDetailsModel(input({ user: user(["Workspace Viewer"]) })).titlePanel.checkForUpdates).toEqual({ shown: false, disabledReason: null, hoursHint: null });
  });

  it("shows the changed or no-changes banner after a check", () => {
    expect(propertyDetailsModel(input({ updates: "changed" })).titlePanel.updates).toEqual({ outcome: "changed", text: TITLE_SEARCH_TEXTS.titleChanged });
    expect(propertyDetailsModel(input({ updates: "unchanged" })).titlePanel.updates).toEqual({ outcome: "unchanged", text: TITLE_SEARCH_TEXTS.noChanges });
    expect(propertyDetailsModel(input({ updates: "changed", title: null })).titlePanel.updates).toBeNull();
  });

  it("alerts on an unsupported title", () => {
    const lodgementCase = { lastTitleSearchStatus: "SUCCESS", lastTitleSearchTime: null, unsupportedReasons: ["NOTED_CHARGE"] };
    expect(propertyDetailsModel(input({ lodgementCase })).titlePanel.unsupported).toBe(TITLE_SEARCH_TEXTS.unsupportedTitle);
    expect(propertyDetailsModel(input()).titlePanel.unsupported).toBeNull();
  });
});

describe("actions by permission, lock and cancellation", () => {
  it("disables Retrieve, Check for updates and Edit on a locked or cancelled workspace, with the reason", () => {
    const locked = propertyDetailsModel(input({ workspace: { ...input().workspace, isLocked: true } }));
    expect(locked.titlePanel.checkForUpdates.disabledReason).toBe(EDIT_LOCK_TOOLTIPS.locked);
    expect(locked.securityAddress.edit).toEqual({ shown: true, disabledReason: EDIT_LOCK_TOOLTIPS.locked });
    const cancelled = propertyDetailsModel(input({ title: null, workspace: { ...input().workspace, isCancelled: true } }));
    expect(cancelled.titlePanel.retrieve).toEqual({ shown: true, disabledReason: EDIT_LOCK_TOOLTIPS.cancelled });
    expect(cancelled.securityAddress.edit.disabledReason).toBe(EDIT_LOCK_TOOLTIPS.cancelled);
  });

  it("hides what the user may not do: functional, contextual, and the authorization records when prefetched", () => {
    const viewer = propertyDetailsModel(input({ user: user(["Workspace Viewer"]) }));
    expect(viewer.securityAddress.edit.shown).toBe(false);
    const noContext = propertyDetailsModel(input({ workspace: { ...input().workspace, contextualPermissions: [Permission.VIEW_WORKSPACES] } }));
    expect(noContext.securityAddress.edit.shown).toBe(false);
    expect(noContext.titlePanel.checkForUpdates.shown).toBe(false);
    const flags = { ...defaultFeatureFlags("local"), attributeBasedAccessControlEnabled: true };
    const refused = propertyDetailsModel(input({ flags, authorization: [{ action: "editSecurityAddress", isAuthorized: false }, { action: "checkForTitleUpdates", isAuthorized: true }] }));
    expect(refused.securityAddress.edit.shown).toBe(false);
    expect(refused.titlePanel.checkForUpdates.shown).toBe(true);
    // The helpdesk administrator is exempt from the contextual check and the records.
    const helpdesk = propertyDetailsModel(input({ flags, user: user(["Helpdesk Administrator"]), workspace: { ...input().workspace, contextualPermissions: null } }));
    expect(helpdesk.securityAddress.edit.shown).toBe(true);
  });
});

describe("the security address", () => {
  it("reads each part, 'Not provided' for the empty ones, and fills the edit form with the address", () => {
    const model = propertyDetailsModel(input()).securityAddress;
    expect(model.rows).toContainEqual({ label: "Building name", value: PROPERTY_DETAILS_TEXTS.notProvided });
    expect(model.rows).toContainEqual({ label: "Postcode", value: "SO23 9LP" });
    expect(model.defaults).toEqual({ buildingName: "", buildingNumber: "3", flat: "", street: "Church Road", town: "Winchester", postcode: "SO23 9LP" });
    expect(model.line).toBe("3 Church Road, Winchester, SO23 9LP");
  });
});
