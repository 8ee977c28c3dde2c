import { describe, expect, it } from "vitest";
import { inlineViewSearch, parseInlineView, sameInlineView, toggleHref, INLINE_VIEW_KINDS, type InlineView } from "./inline-view";

describe("inline views as addresses", () => {
  it("reads a view and what it is about from the search", () => {
    expect(parseInlineView("?view=edit-party&party=p1")).toEqual({ view: "edit-party", party: "p1" });
    expect(parseInlineView("view=resolve&party=p1&action=NO_ACTION_NEEDED")).toEqual({ view: "resolve", party: "p1", action: "NO_ACTION_NEEDED" });
    expect(parseInlineView(new URLSearchParams({ view: "add-party", role: "SELLER" }))).toEqual({ view: "add-party", role: "SELLER" });
  });

  it("no view: none named, an unknown one, or one without its subject", () => {
    expect(parseInlineView("")).toBeNull();
    expect(parseInlineView("?view=launch-rockets&party=p1")).toBeNull();
    expect(parseInlineView("?view=edit-party")).toBeNull();
    expect(parseInlineView("?view=edit-party&party=%20%20")).toBeNull();
    expect(parseInlineView("?view=proprietor&proprietor=x")).toBeNull();
  });

  it("every view written as an address reads back as itself (one address per view)", () => {
    const subjects: Record<string, Partial<InlineView>> = {
      details: { party: "p" },
      "edit-party": { party: "p" },
      "add-party": { role: "BORROWER" },
      "delete-party": { party: "p" },
      representation: { party: "p" },
      "add-address": { party: "p" },
      "edit-address": { party: "p" },
      resolve: { party: "p", action: "UPDATE_NAME_IN_WORKSPACE" },
      proprietor: { proprietor: "x", action: "SET_AS_OUTGOING_PROPRIETOR" },
      "edit-law-firm": { lawFirm: "f" },
      "add-reference": { role: "INCOMING_LENDER" },
      "edit-reference": { reference: "r" },
      "add-participant": { role: "INCOMING_LENDER_REPRESENTATIVE" },
    };
    for (const kind of INLINE_VIEW_KINDS) {
      const view = { view: kind, ...subjects[kind] } as InlineView;
      expect(parseInlineView(inlineViewSearch(view)), kind).toEqual(view);
    }
    expect(inlineViewSearch({ view: "resolve", action: "NO_ACTION_NEEDED", party: "p" })).toBe("?view=resolve&party=p&action=NO_ACTION_NEEDED");
  });

  it("an open accordion's link closes it; any other opens its own view", () => {
    const open: InlineView = { view: "details", party: "p1" };
    expect(toggleHref("/w/participants", open, { view: "details", party: "p1" })).toBe("/w/participants");
    expect(toggleHref("/w/participants", open, { view: "details", party: "p2" })).toBe("/w/participants?view=details&party=p2");
    expect(toggleHref("/w/participants", null, { view: "details", party: "p1" })).toBe("/w/participants?view=details&party=p1");
    expect(sameInlineView(null, null)).toBe(true);
    expect(sameInlineView(open, { view: "edit-party", party: "p1" })).toBe(false);
  });
});
