/**
 * What the header shows (document 1 section 2.3), decided on the server from the user's roles and
 * permissions, associated subscribers and feature flags. Only these decisions reach the browser.
 */
import type { AssociatedSubscriber, Me } from "../../core/api/contract.js";
import type { FeatureFlags } from "../../core/feature-flags.js";
import { hasAllPermissions, isHelpdeskAdministrator, Permission } from "../../core/permissions.js";
import { fullName, initials } from "../../core/subscribers.js";

export interface HeaderTab {
  label: string;
  to: string;
}

export interface SwitchableSubscriber {
  subscriberId: string;
  name: string;
  current: boolean;
}

export interface HeaderModel {
  fullName: string;
  initials: string;
  /** The selected subscriber's name; null for the helpdesk administrator. */
  subscriberName: string | null;
  tabs: HeaderTab[];
  /** Empty unless the user may change subscriber. */
  switchableSubscribers: SwitchableSubscriber[];
  showLodgementIdentifier: boolean;
  /** No lodgement identifiers exist yet: the menu shows a warning with 'Add now' instead of the link. */
  lodgementIdentifierAddNow: boolean;
  showFinancialAccounts: boolean;
}

export interface HeaderInput {
  me: Pick<Me, "user" | "selectedSubscriber">;
  roles: readonly string[];
  permissions: readonly string[];
  associatedSubscribers: readonly Pick<AssociatedSubscriber, "subscriberId" | "name" | "isPrimary">[];
  selectedSubscriberId: string | null;
  flags: Pick<FeatureFlags, "notificationEnabled" | "sdltEnabled" | "switch-subscriber">;
  /** Whether the subscriber's lodgement identifiers exist (unknown counts as yes: the plain link). */
  hasLodgementCredentials?: boolean;
}

const FINANCIAL_ADMINISTRATOR = "Financial Administrator";

export function headerModel(input: HeaderInput): HeaderModel {
  const { me, roles, permissions, flags } = input;
  const can = (...required: Permission[]) => hasAllPermissions(permissions, required);
  const helpdesk = isHelpdeskAdministrator(roles);

  const tabs: HeaderTab[] = [];
  if (can(Permission.VIEW_WORKSPACES)) tabs.push({ label: "Workspaces", to: "/workspaces" });
  if (can(Permission.VIEW_SUBSCRIBER_USERS)) tabs.push({ label: "Users", to: "/users" });
  if (can(Permission.VIEW_SUBSCRIBER_CONFIGURATIONS)) tabs.push({ label: "Subscribers", to: "/subscribers" });
  if (can(Permission.VIEW_ORGANISATIONS) && flags.notificationEnabled) {
    tabs.push({ label: "My organisation", to: "/organisation" });
  }

  const mayChange = input.associatedSubscribers.length > 1 && flags["switch-subscriber"];
  const selectedId = input.selectedSubscriberId ?? me.selectedSubscriber?.subscriberId ?? null;
  const switchableSubscribers = mayChange
    ? [...input.associatedSubscribers]
        .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
        .map(({ subscriberId, name }) => ({ subscriberId, name, current: subscriberId === selectedId }))
    : [];

  return {
    fullName: fullName(me.user),
    initials: initials(me.user.firstName, me.user.lastName),
    subscriberName: helpdesk ? null : (me.selectedSubscriber?.name ?? null),
    tabs,
    switchableSubscribers,
    showLodgementIdentifier:
      can(Permission.ADD_LODGEMENT_IDENTIFIERS, Permission.EDIT_LODGEMENT_IDENTIFIERS) && !flags.sdltEnabled,
    lodgementIdentifierAddNow:
      can(Permission.ADD_LODGEMENT_IDENTIFIERS, Permission.EDIT_LODGEMENT_IDENTIFIERS) &&
      !flags.sdltEnabled &&
      input.hasLodgementCredentials === false,
    showFinancialAccounts: roles.includes(FINANCIAL_ADMINISTRATOR) && can(Permission.VIEW_FREQUENTLY_USED_ACCOUNTS),
  };
}
