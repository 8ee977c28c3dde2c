/**
 * Title information (document 2 sections 4.2 and 4.3): which view of the title panel shows, and when
 * the land registry can be asked for updates (its business hours, 06:30 to 23:00 Europe/London).
 */
import { isFlagOn, type FlagSet } from "../shared/feature-flags.js";
import { londonTime } from "../shared/london-time.js";

export const LAND_REGISTRY_HOURS = { opens: { hour: 6, minute: 30 }, closes: { hour: 23, minute: 0 } } as const;
const OPENS = LAND_REGISTRY_HOURS.opens.hour * 60 + LAND_REGISTRY_HOURS.opens.minute;
const CLOSES = LAND_REGISTRY_HOURS.closes.hour * 60 + LAND_REGISTRY_HOURS.closes.minute;

/** Open from 06:30:00 London time up to, not including, 23:00:00 (docs/decisions/0104-land-registry-hours.md). */
export function isWithinLandRegistryHours(now: Date): boolean {
  const { minutesOfDay } = londonTime(now);
  return minutesOfDay >= OPENS && minutesOfDay < CLOSES;
}

/**
 * The first minute at or after `from` inside land registry business hours (`from` itself when it is inside):
 * when a search the registry left pending is collected. Walks minute by minute (at most a day and a half),
 * so the clock changes of British Summer Time need no special case.
 */
export function nextLandRegistryOpening(from: Date): Date {
  if (isWithinLandRegistryHours(from)) return from;
  const minute = 60_000;
  let at = new Date(Math.ceil(from.getTime() / minute) * minute);
  for (let step = 0; step < 36 * 60 && !isWithinLandRegistryHours(at); step++) at = new Date(at.getTime() + minute);
  return at;
}

export const CHECK_FOR_UPDATES_OUTSIDE_HOURS_MESSAGE =
  "Check for updates is only available within land registry business hours (06:30 to 23:00).";

/** The provider's refusals of a title search (docs/decisions/0500, 0502). */
export const TITLE_SEARCH_MESSAGES = {
  titleHeld: "A title is already held for this workspace: use Check for updates.",
  noTitleToRefetch: "There is no title with that number to check for updates: retrieve it first.",
  registryUnavailable: "The land registry did not answer the check for updates. Nothing was changed; try again later.",
  checkOutsideHours: CHECK_FOR_UPDATES_OUTSIDE_HOURS_MESSAGE,
} as const;

/**
 * lastTitleSearchStatus literals. The spec names SUCCESS and describes pending (two in-progress
 * values), not found and error without their literals; docs/decisions/0105-title-search-statuses.md.
 */
export const TITLE_SEARCH_STATUSES = ["SUCCESS", "PENDING", "IN_PROGRESS", "NOT_FOUND", "ERROR"] as const;
export type TitleSearchStatus = (typeof TITLE_SEARCH_STATUSES)[number];
export const TITLE_SEARCH_IN_PROGRESS: readonly TitleSearchStatus[] = ["PENDING", "IN_PROGRESS"];

export const TITLE_SEARCH_VIEWS = [
  "paused",
  "initial",
  "error",
  "success",
  "pending",
  "not-found",
  "search-error",
  "default",
] as const;
export type TitleSearchView = (typeof TITLE_SEARCH_VIEWS)[number];

export interface TitleSearchInput {
  /** A loader task is active: the view waits. */
  loading: boolean;
  /** Fetching the lodgement case or titles failed. */
  loadFailed: boolean;
  /** A title record exists for the lodgement case. */
  hasTitle: boolean;
  /** The case's lastTitleSearchStatus; null or undefined when no search has run. */
  lastTitleSearchStatus: string | null | undefined;
}

/** Which title panel view shows (document 2 section 4.2). */
export function titleSearchView(input: TitleSearchInput): TitleSearchView {
  if (input.loading) return "paused";
  if (input.loadFailed) return "error";
  if (input.hasTitle) return "success";
  const status = input.lastTitleSearchStatus;
  if (status === null || status === undefined || status === "") return "initial";
  if ((TITLE_SEARCH_IN_PROGRESS as readonly string[]).includes(status)) return "pending";
  if (status === "NOT_FOUND") return "not-found";
  if (status === "ERROR") return "search-error";
  return "default";
}

export const TITLE_SEARCH_TEXTS = {
  pending:
    "Your title search is in progress. Please check back during land registry business hours (06:30 to 23:00).",
  enterTitleNumber: "Enter a title number to retrieve the title information.",
  noAction: "Title information is not available yet. No action is needed from you.",
  unsupportedTitle: "An unsupported outgoing lender type or charge has been found on the title, so the workspace must be cancelled.",
  titleChanged: "The title information has changed since it was last retrieved.",
  noChanges: "No changes were found in the title information.",
} as const;

/** The text a not-found or search-error view shows: an invitation for users who may add a title, otherwise none. */
export function titleSearchPrompt(view: TitleSearchView, canAddTitle: boolean): string | null {
  if (view === "pending") return TITLE_SEARCH_TEXTS.pending;
  if (view === "not-found" || view === "search-error") {
    return canAddTitle ? TITLE_SEARCH_TEXTS.enterTitleNumber : TITLE_SEARCH_TEXTS.noAction;
  }
  return null;
}

/**
 * Check for updates (document 2 section 4.3): a title exists, the user may add titles, the title is not
 * awaiting a change the user already confirmed, and the land registry is open.
 */
export function canCheckForTitleUpdates(input: {
  now: Date;
  hasTitle: boolean;
  canAddTitle: boolean;
  titleChangePending?: boolean;
}): boolean {
  return input.hasTitle && input.canAddTitle && !input.titleChangePending && isWithinLandRegistryHours(input.now);
}

/** The sections of the title information accordion, in order (document 2 section 2.2). */
export const TITLE_PANEL_SECTIONS = [
  "titleNumber",
  "registeredTitleDocument",
  "address",
  "registeredProprietors",
  "restrictions",
  "lenders",
] as const;
export type TitlePanelSection = (typeof TITLE_PANEL_SECTIONS)[number];

/** Restrictions show only with the title-pilot flag, lenders only with the discharge-application display flag. */
export function titlePanelSections(flags: FlagSet): TitlePanelSection[] {
  return TITLE_PANEL_SECTIONS.filter((section) => {
    if (section === "restrictions") return isFlagOn(flags, "hmlrTitlePilotEnabled");
    if (section === "lenders") return isFlagOn(flags, "displayDischargeApplicationEnabled");
    return true;
  });
}
