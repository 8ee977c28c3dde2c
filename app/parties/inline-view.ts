/**
 * The participants tab's inline views (document 2 section 2.2): only one is open at a time, and each is an
 * address of its own (`?view=edit-party&party=<id>` …), so that without JavaScript a link opens it, the
 * page renders it and its form posts back to the same address; with JavaScript the same links navigate in
 * place. Pure: parsing a URL's search and building the link of a view.
 */

export const INLINE_VIEW_KINDS = [
  /** The party's accordion: its details read-only. */
  "details",
  "edit-party",
  "add-party",
  "delete-party",
  "representation",
  "add-address",
  "edit-address",
  /** A mismatch action on a party, confirmed before it is sent. */
  "resolve",
  /** An action on an unmatched proprietor (set as outgoing or incoming proprietor), confirmed before it is sent. */
  "proprietor",
  "edit-law-firm",
  "add-reference",
  "edit-reference",
  "add-participant",
] as const;
export type InlineViewKind = (typeof INLINE_VIEW_KINDS)[number];

/** One open inline view and what it is about; the keys are the search parameters it is written with. */
export interface InlineView {
  view: InlineViewKind;
  party?: string;
  role?: string;
  action?: string;
  proprietor?: string;
  lawFirm?: string;
  reference?: string;
}

const KEYS = ["party", "role", "action", "proprietor", "lawFirm", "reference"] as const;

/** What each view needs to be meaningful; a view without it is no view (the tab shows none open). */
const REQUIRED: Readonly<Record<InlineViewKind, readonly (typeof KEYS)[number][]>> = {
  details: ["party"],
  "edit-party": ["party"],
  "add-party": ["role"],
  "delete-party": ["party"],
  representation: ["party"],
  "add-address": ["party"],
  "edit-address": ["party"],
  resolve: ["party", "action"],
  proprietor: ["proprietor", "action"],
  "edit-law-firm": ["lawFirm"],
  "add-reference": ["role"],
  "edit-reference": ["reference"],
  "add-participant": ["role"],
};

/** The open inline view named by a URL's search, or null when none (or an unknown or incomplete one) is named. */
export function parseInlineView(search: URLSearchParams | string): InlineView | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const kind = params.get("view");
  if (!kind || !(INLINE_VIEW_KINDS as readonly string[]).includes(kind)) return null;
  const view: InlineView = { view: kind as InlineViewKind };
  for (const key of KEYS) {
    const value = params.get(key)?.trim();
    if (value) view[key] = value;
  }
  return REQUIRED[view.view].every((key) => view[key]) ? view : null;
}

/** The search part (`?view=…`) that opens `view`; parameters in a fixed order so one view has one address. */
export function inlineViewSearch(view: InlineView): string {
  const params = new URLSearchParams({ view: view.view });
  for (const key of KEYS) {
    const value = view[key];
    if (value) params.set(key, value);
  }
  return `?${params.toString()}`;
}

/** Whether two views are the same one (same kind, same subject). */
export function sameInlineView(a: InlineView | null, b: InlineView | null): boolean {
  if (!a || !b) return a === b;
  return a.view === b.view && KEYS.every((key) => (a[key] ?? null) === (b[key] ?? null));
}

/**
 * The link of a view's opener: the view's address, or the tab with nothing open when the view is already
 * open (clicking an open accordion closes it).
 */
export function toggleHref(basePath: string, open: InlineView | null, view: InlineView): string {
  return sameInlineView(open, view) ? basePath : `${basePath}${inlineViewSearch(view)}`;
}
