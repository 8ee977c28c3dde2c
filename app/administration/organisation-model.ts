/**
 * What the organisation page shows (document 3 sections 2.4 and 7.3), decided on the server: the
 * subscriber, the tabs the user may see, the open tab and the section being edited (both in the URL, so
 * they work without JavaScript), and each tab's data with secrets already reduced to masks. Pure.
 */
import {
  MASKED_CLIENT_SECRET,
  MASKED_PASSWORD,
  ORGANISATION_TAB_LABELS,
  ORGANISATION_TABS,
  type OrganisationTab,
} from "../../core/administration/enums.js";
import { SHELL_TEXTS } from "../../core/shared/shell-texts.js";

export const EDITABLE_SECTIONS = ["communication", "client-secret", "ip-allow-list"] as const;
export type EditableSection = (typeof EDITABLE_SECTIONS)[number];

export const SECTION_TAB: Readonly<Record<EditableSection, OrganisationTab>> = {
  communication: "communication",
  "client-secret": "connection",
  "ip-allow-list": "connection",
};

export interface CommunicationView {
  registrationId: string | null;
  email: string | null;
  eventTypes: string[];
  version: number | null;
}

export interface SsoConnectionView {
  connectionId: string;
  clientId: string;
  /** 30 asterisks when a secret is stored, else 'To be provided'. */
  clientSecret: string;
  lastModifiedAt: string | null;
}

export interface ConnectionView {
  authenticationType: "AUTH0_DATABASE_CONNECTION" | "ENTERPRISE_CONNECTION";
  sso: SsoConnectionView[];
  /** Null for enterprise connections (the section is hidden). */
  ipAllow: { ipAddresses: string[]; lastModifiedAt: string | null; lastModifiedBy: string | null } | null;
  version: number;
}

export interface CredentialView {
  userName: string;
  password: string;
  storn?: string;
}

export type TransactionView =
  | { state: "loaded"; landRegistry: CredentialView | null; revenue: CredentialView | null }
  | { state: "failed" };

export interface OrganisationView {
  subscriberId: string;
  name: string;
  /** The page's own path and the query that keeps it on this subscriber (a helpdesk administrator's /organisation?subscriberId=). */
  path: string;
  keep: Record<string, string>;
  helpdesk: boolean;
  tabs: OrganisationTab[];
  tab: OrganisationTab | null;
  edit: EditableSection | null;
  /** The SSO connection whose secret is being edited. */
  editConnectionId: string | null;
  communication: CommunicationView | null;
  connection: ConnectionView | null;
  transaction: TransactionView | null;
}

/** The open tab: the one asked for (or the one of the section being edited) when the user has it, else the first. */
export function openTab(tabs: readonly OrganisationTab[], requested: string | null, edit: EditableSection | null): OrganisationTab | null {
  const wanted = edit ? SECTION_TAB[edit] : requested;
  const known = (ORGANISATION_TABS as readonly string[]).includes(wanted ?? "") ? (wanted as OrganisationTab) : null;
  if (known && tabs.includes(known)) return known;
  return tabs[0] ?? null;
}

export function editSection(requested: string | null, tabs: readonly OrganisationTab[]): EditableSection | null {
  const section = (EDITABLE_SECTIONS as readonly string[]).includes(requested ?? "") ? (requested as EditableSection) : null;
  return section && tabs.includes(SECTION_TAB[section]) ? section : null;
}

/** A link within the page: a tab, or a section in edit mode, keeping the subscriber. */
export function organisationHref(
  view: Pick<OrganisationView, "path" | "keep">,
  change: { tab?: OrganisationTab | null; edit?: EditableSection | null; connection?: string | null },
): string {
  const params = new URLSearchParams(view.keep);
  if (change.tab) params.set("tab", change.tab);
  if (change.edit) params.set("edit", change.edit);
  if (change.connection) params.set("connection", change.connection);
  const query = params.toString();
  return query ? `${view.path}?${query}` : view.path;
}

/** 'To be provided' for a value not set yet. */
export function orToBeProvided(value: string | null | undefined): string {
  return value && value.trim() ? value : SHELL_TEXTS.toBeProvided;
}

/** Stored secrets are never shown: a mask when one is set, 'To be provided' when none is. */
export function maskedPassword(passwordSet: boolean): string {
  return passwordSet ? MASKED_PASSWORD : SHELL_TEXTS.toBeProvided;
}

export function maskedClientSecret(secretSet: boolean): string {
  return secretSet ? MASKED_CLIENT_SECRET : SHELL_TEXTS.toBeProvided;
}

/** The land registry and revenue authority cards from the provider's identifier records. */
export function transactionCards(
  records: readonly { authorityType: string; userName: string | null; passwordSet: boolean; storn: string | null }[],
): Extract<TransactionView, { state: "loaded" }> {
  const card = (type: "LODGEMENT" | "REVENUE"): CredentialView | null => {
    const record = records.find((candidate) => candidate.authorityType === type);
    if (!record) return null;
    return {
      userName: orToBeProvided(record.userName),
      password: maskedPassword(record.passwordSet),
      ...(type === "REVENUE" ? { storn: orToBeProvided(record.storn) } : {}),
    };
  };
  return { state: "loaded", landRegistry: card("LODGEMENT"), revenue: card("REVENUE") };
}

/** The page title: the open tab and the subscriber's name. */
export function organisationTitle(view: Pick<OrganisationView, "name" | "tab"> | undefined): string {
  if (!view) return "Organisation";
  return view.tab ? `${ORGANISATION_TAB_LABELS[view.tab]} | ${view.name}` : view.name;
}
