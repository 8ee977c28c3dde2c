/** The Property details tab's own headings and labels (the rule texts are core's, in core/title/title-search.ts). */
export const TITLE_PANEL_HEADINGS = {
  panel: "Title information",
  pending: "Title search in progress",
  notFound: "No title was found",
  searchError: "The title search could not be completed",
  loadFailed: "The title information could not be loaded",
  unknown: "The title search has no result yet",
  unsupported: "Unsupported title",
  updates: "Title updates",
} as const;

export const TITLE_PANEL_LABELS = {
  titleNumber: "Title number",
  registeredTitleDocument: "Registered title document",
  address: "Address",
  registeredProprietors: "Registered proprietors",
  restrictions: "Restrictions",
  lenders: "Lenders",
  retrieve: "Retrieve",
  checkForUpdates: "Check for updates",
  retry: "Try again",
  lastSearched: "Last searched",
  titleNumberHint: "For example, DN123456",
  none: "None",
} as const;

export const SECURITY_ADDRESS_LABELS = {
  heading: "Security address",
  menu: "Edit",
  editItem: "Edit security address",
  editHeading: "Edit security address",
  cancel: "Cancel",
  update: "Update",
} as const;
