import { describe, expect, it } from "vitest";
import { defaultFeatureFlags } from "../../core/shared/feature-flags.js";
import { permissionsForRoles, Permission } from "../../core/shared/permissions/roles.js";
import { headerModel, type HeaderInput } from "./header-model.server";

const acme = { subscriberId: "sub-acme", name: "Acme Lending", isPrimary: true };
const brick = { subscriberId: "sub-brick", name: "Brick & Co Solicitors", isPrimary: false };

function input(overrides: Partial<HeaderInput> = {}): HeaderInput {
  const roles = overrides.roles ?? ["Workspace Creator"];
  return {
    me: {
      user: { firstName: "Jane", middleName: "Q", lastName: "Smith" } as HeaderInput["me"]["user"],
      selectedSubscriber: { ...acme, entityType: "Lender", status: "Active", authenticationType: "AUTH0_DATABASE_CONNECTION" },
    },
    roles,
    permissions: permissionsForRoles(roles),
    associatedSubscribers: [acme],
    selectedSubscriberId: acme.subscriberId,
    flags: defaultFeatureFlags("local"),
    ...overrides,
  };
}

const labels = (model: ReturnType<typeof headerModel>) => model.tabs.map((tab) => tab.label);

describe("headerModel", () => {
  it("shows the profile: initials, full name and selected subscriber", () => {
    const model = headerModel(input());
    expect(model).toMatchObject({ fullName: "Jane Q Smith", initials: "JS", subscriberName: "Acme Lending" });
  });

  it("shows no subscriber for the helpdesk administrator", () => {
    expect(headerModel(input({ roles: ["Helpdesk Administrator"] })).subscriberName).toBeNull();
  });

  it("shows each tab only with its permission", () => {
    expect(labels(headerModel(input({ roles: ["Workspace Viewer"] })))).toEqual(["Workspaces"]);
    expect(labels(headerModel(input({ roles: ["User Manager"] })))).toEqual(["Users"]);
    expect(labels(headerModel(input({ roles: ["Support Administrator"] })))).toEqual(["Workspaces", "Users", "Subscribers"]);
    expect(labels(headerModel(input({ roles: [], permissions: [] })))).toEqual([]);
  });

  it("shows My organisation only when the notification feature is on", () => {
    const flags = defaultFeatureFlags("local");
    expect(labels(headerModel(input({ roles: ["User Manager"], flags })))).not.toContain("My organisation");
    const on = headerModel(input({ roles: ["User Manager"], flags: { ...flags, notificationEnabled: true } }));
    expect(on.tabs).toContainEqual({ id: "organisation", label: "My organisation", to: "/organisation" });
  });

  it("offers a change of subscriber only with several subscribers and the switch feature on", () => {
    expect(headerModel(input()).switchableSubscribers).toEqual([]);
    const two = headerModel(input({ associatedSubscribers: [brick, acme] }));
    expect(two.switchableSubscribers).toEqual([
      { subscriberId: "sub-acme", name: "Acme Lending", current: true },
      { subscriberId: "sub-brick", name: "Brick & Co Solicitors", current: false },
    ]);
    const off = { ...defaultFeatureFlags("local"), "switch-subscriber": false };
    expect(headerModel(input({ associatedSubscribers: [acme, brick], flags: off })).switchableSubscribers).toEqual([]);
  });

  it("shows the lodgement identifier link with add and edit identifier permissions, unless SDLT is on", () => {
    const both = [Permission.ADD_LODGEMENT_IDENTIFIERS, Permission.EDIT_LODGEMENT_IDENTIFIERS];
    expect(headerModel(input({ permissions: both })).showLodgementIdentifier).toBe(true);
    expect(headerModel(input({ permissions: [Permission.ADD_LODGEMENT_IDENTIFIERS] })).showLodgementIdentifier).toBe(false);
    const sdlt = { ...defaultFeatureFlags("local"), sdltEnabled: true };
    expect(headerModel(input({ permissions: both, flags: sdlt })).showLodgementIdentifier).toBe(false);
  });

  it("shows Manage financial accounts to a Financial Administrator who may view frequently used accounts", () => {
    expect(headerModel(input({ roles: ["Financial Administrator"] })).showFinancialAccounts).toBe(true);
    expect(headerModel(input({ roles: ["Workspace User"] })).showFinancialAccounts).toBe(false);
    expect(
      headerModel(input({ roles: ["Financial Administrator"], permissions: [Permission.VIEW_WORKSPACES] })).showFinancialAccounts,
    ).toBe(false);
  });

  it("warns with 'Add now' instead of the lodgement identifier link when none exist yet", () => {
    const administrator = input({ roles: ["HMLR Administrator"] });
    expect(headerModel(administrator)).toMatchObject({ showLodgementIdentifier: true, lodgementIdentifierAddNow: false });
    expect(headerModel({ ...administrator, hasLodgementCredentials: true }).lodgementIdentifierAddNow).toBe(false);
    expect(headerModel({ ...administrator, hasLodgementCredentials: false }).lodgementIdentifierAddNow).toBe(true);
    const sdlt = { ...defaultFeatureFlags("local"), sdltEnabled: true };
    expect(headerModel({ ...administrator, flags: sdlt, hasLodgementCredentials: false })).toMatchObject({
      showLodgementIdentifier: false,
      lodgementIdentifierAddNow: false,
    });
    expect(headerModel(input({ hasLodgementCredentials: false })).lodgementIdentifierAddNow).toBe(false);
  });
});
