/**
 * What the Property details tab shows (document 2 sections 2.2, 4.2, 4.3, 6 and 9), decided on the server
 * from the workspace, the lodgement case and its title, the user, the flags and the product's time: which
 * view of the title panel, which of its sections, and whether each action (Retrieve, Check for updates, Edit
 * security address) is shown, disabled with its reason, or hidden. The page's components only render this.
 */
import { addressLine } from "../../core/shared/address.js";
import type { FlagSet } from "../../core/shared/feature-flags.js";
import { formatDetailDate } from "../../core/shared/format-dates.js";
import { attributeBasedAccess, prefetchesAuthorization, type AuthorizationRecord } from "../../core/shared/permissions/attribute-based.js";
import { can, type Action, type PermissionSubject, type WorkspaceContext } from "../../core/shared/permissions/actions.js";
import {
  canCheckForTitleUpdates,
  isWithinLandRegistryHours,
  titlePanelSections,
  titleSearchPrompt,
  titleSearchView,
  TITLE_SEARCH_TEXTS,
  type TitleSearchView,
} from "../../core/title/title-search.js";
import { editLockTooltip, type WorkspaceLockFlags } from "../../core/workspaces/status.js";

/** An action of the tab: hidden without permission; shown but disabled, with its reason, on a locked or cancelled workspace. */
export interface ActionState {
  shown: boolean;
  disabledReason: string | null;
}

/** The title as the accordion shows it; sections the flags hide are null. */
export interface TitleDisplay {
  titleNumber: string;
  documents: { fileName: string; href: string }[];
  address: string[];
  proprietors: string[];
  restrictions: string[] | null;
  lenders: string[] | null;
}

export type UpdateCheckOutcome = "changed" | "unchanged";

export interface TitlePanelModel {
  view: TitleSearchView;
  /** The pending, enter-a-title-number or no-action text, or null. */
  prompt: string | null;
  /** The retrieve form shows in the initial, not-found and search-error views, to users who may retrieve titles. */
  showRetrieveForm: boolean;
  retrieve: ActionState;
  /** When the last search ran (London time), or null. */
  lastSearched: string | null;
  title: TitleDisplay | null;
  /** The unsupported-title alert, or null. */
  unsupported: string | null;
  /** Shown only inside land registry hours (with a title and the permission); `hoursHint` says when otherwise. */
  checkForUpdates: ActionState & { hoursHint: string | null };
  /** The banner after a check: the title changed, or no changes were found. */
  updates: { outcome: UpdateCheckOutcome; text: string } | null;
}

export interface SecurityAddressModel {
  addressId: string;
  /** The read view's rows, label and value ("Not provided" for empty optional parts). */
  rows: { label: string; value: string }[];
  line: string;
  /** The edit form's initial values. */
  defaults: { buildingName: string; buildingNumber: string; flat: string; street: string; town: string; postcode: string };
  edit: ActionState;
}

export interface PropertyDetailsModel {
  workspaceId: string;
  version: number;
  titlePanel: TitlePanelModel;
  securityAddress: SecurityAddressModel;
}

/** The title fields the panel reads (document 2 section 3.5), as the title service answers them. */
export interface TitleForDisplay {
  titleNumber: string;
  documents: { fileName: string; fileId: string }[];
  addressLines: string[];
  proprietors: string[];
  restrictions: string[];
  lenders: string[];
}

export interface PropertyDetailsInput {
  workspace: WorkspaceLockFlags &
    WorkspaceContext & {
      workspaceId: string;
      version: number;
      securityAddress: {
        addressId: string;
        name: string | null;
        number: string | null;
        flat: string | null;
        street: string | null;
        town: string | null;
        postcode: string;
      };
    };
  user: PermissionSubject & { accessToken: string | null };
  flags: FlagSet;
  /** The product's time now (the product clock). */
  now: Date;
  /** The workspace's authorization records when attribute-based access control prefetches them; else null. */
  authorization: readonly AuthorizationRecord[] | null;
  /** Reading the lodgement case or its titles failed. */
  loadFailed: boolean;
  lodgementCase: { lastTitleSearchStatus: string | null; lastTitleSearchTime: string | null; unsupportedReasons: readonly string[] } | null;
  title: TitleForDisplay | null;
  /** The result of a Check for updates just made (from the page's address), or null. */
  updates: UpdateCheckOutcome | null;
  /** The resource route that streams a register document: `${documentHref}/${fileId}`. */
  documentHref: string;
}

export const PROPERTY_DETAILS_TEXTS = {
  outsideHours: "Check for updates is available during land registry business hours, 06:30 to 23:00 (London time).",
  notProvided: "Not provided",
  noneOnTitle: "None",
} as const;

/** Whether the user may take a workspace action: functional and contextual, and the authorization records when prefetched. */
export function mayTake(input: Pick<PropertyDetailsInput, "workspace" | "user" | "flags" | "authorization">, action: Action): boolean {
  if (!can(input.user, action, input.workspace)) return false;
  if (!prefetchesAuthorization({ flags: input.flags, accessToken: input.user.accessToken, roles: input.user.roles })) return true;
  return attributeBasedAccess({
    accessToken: input.user.accessToken,
    roles: input.user.roles,
    records: input.authorization,
    actions: [action],
    mode: "all",
  });
}

function actionState(allowed: boolean, lock: string | null): ActionState {
  return { shown: allowed, disabledReason: allowed ? lock : null };
}

export function titlePanelModel(input: PropertyDetailsInput): TitlePanelModel {
  const lock = editLockTooltip(input.workspace);
  const canRetrieve = mayTake(input, "retrieveTitle");
  const canCheck = mayTake(input, "checkForTitleUpdates");
  const hasTitle = input.title !== null;
  const view = titleSearchView({
    loading: false,
    loadFailed: input.loadFailed,
    hasTitle,
    lastTitleSearchStatus: input.lodgementCase?.lastTitleSearchStatus,
  });
  const sections = new Set(titlePanelSections(input.flags));
  const title = input.title
    ? {
        titleNumber: input.title.titleNumber,
        documents: input.title.documents.map((document) => ({
          fileName: document.fileName,
          href: `${input.documentHref}/${encodeURIComponent(document.fileId)}`,
        })),
        address: input.title.addressLines,
        proprietors: input.title.proprietors,
        restrictions: sections.has("restrictions") ? input.title.restrictions : null,
        lenders: sections.has("lenders") ? input.title.lenders : null,
      }
    : null;
  const checkShown = canCheckForTitleUpdates({ now: input.now, hasTitle, canAddTitle: canCheck });
  const outsideHours = hasTitle && canCheck && !isWithinLandRegistryHours(input.now);
  const lastSearchTime = input.lodgementCase?.lastTitleSearchTime;
  return {
    view,
    // Before any search, a user who may not retrieve titles reads that nothing is asked of them.
    prompt: titleSearchPrompt(view, canRetrieve) ?? (view === "initial" && !canRetrieve ? TITLE_SEARCH_TEXTS.noAction : null),
    showRetrieveForm: canRetrieve && (view === "initial" || view === "not-found" || view === "search-error"),
    retrieve: actionState(canRetrieve, lock),
    lastSearched: lastSearchTime ? formatDetailDate(lastSearchTime) : null,
    title,
    unsupported: input.lodgementCase && input.lodgementCase.unsupportedReasons.length > 0 ? TITLE_SEARCH_TEXTS.unsupportedTitle : null,
    checkForUpdates: { ...actionState(checkShown, lock), hoursHint: outsideHours ? PROPERTY_DETAILS_TEXTS.outsideHours : null },
    updates:
      input.updates && hasTitle
        ? { outcome: input.updates, text: input.updates === "changed" ? TITLE_SEARCH_TEXTS.titleChanged : TITLE_SEARCH_TEXTS.noChanges }
        : null,
  };
}

export function securityAddressModel(input: Pick<PropertyDetailsInput, "workspace" | "user" | "flags" | "authorization">): SecurityAddressModel {
  const address = input.workspace.securityAddress;
  const shown = (value: string | null) => (value && value.trim() ? value : PROPERTY_DETAILS_TEXTS.notProvided);
  return {
    addressId: address.addressId,
    rows: [
      { label: "Building name", value: shown(address.name) },
      { label: "Building number", value: shown(address.number) },
      { label: "Flat", value: shown(address.flat) },
      { label: "Street", value: shown(address.street) },
      { label: "Town", value: shown(address.town) },
      { label: "Postcode", value: address.postcode },
    ],
    line: addressLine(address),
    defaults: {
      buildingName: address.name ?? "",
      buildingNumber: address.number ?? "",
      flat: address.flat ?? "",
      street: address.street ?? "",
      town: address.town ?? "",
      postcode: address.postcode,
    },
    edit: actionState(mayTake(input, "editSecurityAddress"), editLockTooltip(input.workspace)),
  };
}

export function propertyDetailsModel(input: PropertyDetailsInput): PropertyDetailsModel {
  return {
    workspaceId: input.workspace.workspaceId,
    version: input.workspace.version,
    titlePanel: titlePanelModel(input),
    securityAddress: securityAddressModel(input),
  };
}

