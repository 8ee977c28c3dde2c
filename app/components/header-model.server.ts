/**
 * What the header shows (document 1 section 2.3), decided on the server by core's header tabs and profile
 * menu rules (core/shared/permissions/screens.ts) from the user's roles and permissions, associated subscribers
 * and feature flags. Only these decisions, and the menu's texts, reach the browser (which then loads no
 * core module for the header).
 */
import type { AssociatedSubscriber } from "../../core/administration/api.js";
import type { Me } from "../../core/identity/api.js";
import type { FlagSet } from "../../core/shared/feature-flags.js";
import { SHELL_TEXTS, SWITCH_SUBSCRIBER_DIALOG } from "../../core/shared/shell-texts.js";
import { headerTabs, profileMenu, type HeaderTab } from "../../core/shared/permissions/screens.js";
import { fullName, initials } from "../../core/administration/subscribers.js";

export type { HeaderTab };

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
  texts: HeaderTexts;
}

export interface HeaderTexts {
  manageFinancialAccounts: string;
  switchSubscriber: SwitchSubscriberTexts;
}
export type SwitchSubscriberTexts = typeof SWITCH_SUBSCRIBER_DIALOG;

export interface HeaderInput {
  me: Pick<Me, "user" | "selectedSubscriber">;
  roles: readonly string[];
  permissions: readonly string[];
  associatedSubscribers: readonly Pick<AssociatedSubscriber, "subscriberId" | "name" | "isPrimary">[];
  selectedSubscriberId: string | null;
  flags: FlagSet;
  /** Whether the subscriber's lodgement identifiers exist (unknown counts as yes: the plain link). */
  hasLodgementCredentials?: boolean;
}

export function headerModel(input: HeaderInput): HeaderModel {
  const { me, flags } = input;
  const user = { roles: input.roles, permissions: input.permissions };
  const menu = profileMenu(user, flags, {
    associatedSubscriberCount: input.associatedSubscribers.length,
    hasLodgementCredentials: input.hasLodgementCredentials !== false,
  });
  const selectedId = input.selectedSubscriberId ?? me.selectedSubscriber?.subscriberId ?? null;
  const switchableSubscribers = menu.showsChangeSubscriber
    ? [...input.associatedSubscribers]
        .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
        .map(({ subscriberId, name }) => ({ subscriberId, name, current: subscriberId === selectedId }))
    : [];

  return {
    fullName: fullName(me.user),
    initials: initials(me.user.firstName, me.user.lastName),
    subscriberName: menu.showsSubscriber ? (me.selectedSubscriber?.name ?? null) : null,
    tabs: headerTabs(user, flags),
    switchableSubscribers,
    showLodgementIdentifier: menu.lodgementIdentifiers !== null,
    lodgementIdentifierAddNow: menu.lodgementIdentifiers === "add-now",
    showFinancialAccounts: menu.showsManageFinancialAccounts,
    texts: { manageFinancialAccounts: SHELL_TEXTS.manageFinancialAccounts, switchSubscriber: SWITCH_SUBSCRIBER_DIALOG },
  };
}
