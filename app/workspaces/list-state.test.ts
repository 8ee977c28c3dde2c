import { describe, expect, it } from "vitest";
import { DEFAULT_STATUS_FILTER } from "../../core/workspaces/status.js";
import { activeFilterCount, parseListState, searchRequestOf, type ListStateOptions } from "./list-state";
import { chipHref, listHref, nextSort, pagerPages, stateParams } from "./list-url";

const table: ListStateOptions = { flagLayout: "table", allowLayoutPreview: true, isHelpdeskAdministrator: false };
const parse = (query: string, options: ListStateOptions = table) => parseListState(new URLSearchParams(query), options);

describe("the workspace list's state in the URL", () => {
  it("defaults: all types, the default six statuses, page 1 of 10; party name for users, reference id for the helpdesk", () => {
    const state = parse("");
    expect(state).toMatchObject({ layout: "table", transactionType: null, statuses: null, sort: null, page: 1, size: 10, field: "applicantName" });
    expect(searchRequestOf(state)).toEqual({});
    expect(parse("", { ...table, isHelpdeskAdministrator: true }).field).toBe("workspaceReferenceId");
    expect(listHref(state)).toBe("/workspaces");
  });

  it("the card layout: 6 or 12 a page, search by postcode or workspace ID only", () => {
    const cards = { ...table, flagLayout: "cards" as const };
    expect(parse("", cards)).toMatchObject({ layout: "cards", size: 6, field: "postcode" });
    expect(parse("size=12&field=applicantName", cards)).toMatchObject({ size: 12, field: "postcode" });
    expect(parse("size=20", cards).size).toBe(6);
    expect(parse("", { ...cards, isHelpdeskAdministrator: true }).field).toBe("workspaceReferenceId");
  });

  it("a layout preview only where allowed, and kept in links", () => {
    expect(parse("layout=cards").layout).toBe("cards");
    expect(parse("layout=cards", { ...table, allowLayoutPreview: false }).layout).toBe("table");
    expect(listHref(parse("layout=cards"), { q: "x" })).toBe("/workspaces?layout=cards&field=postcode&q=x");
  });

  it("sends the search text under the chosen field, and the filters and sort", () => {
    const state = parse("type=PURCHASE&field=postcode&q=%20BS1%20&chip=APPROVAL_PENDING&status=LODGED&status=CREATED&sort=DESC&page=3&size=20");
    expect(searchRequestOf(state)).toEqual({
      status: ["CREATED", "LODGED"],
      transactionType: "PURCHASE",
      postcode: "BS1",
      completionDateSort: "DESC",
      quickFilter: "APPROVAL_PENDING",
    });
    expect(state).toMatchObject({ page: 3, size: 20 });
  });

  it("an applied empty status filter means every status; unknown values are ignored", () => {
    expect(searchRequestOf(parse("filtered=1"))).toEqual({ status: [] });
    expect(parse("status=NOPE").statuses).toBeNull();
    expect(parse("page=0&size=7&sort=UP&type=X")).toMatchObject({ page: 1, size: 10, sort: null, transactionType: null });
  });

  it("any change but the page goes back to page 1; the page link keeps everything else", () => {
    const state = parse("q=Shah&page=4");
    expect(listHref(state, { sort: "ASC" })).toBe("/workspaces?field=applicantName&q=Shah&sort=ASC");
    expect(listHref(state, { page: 5 })).toBe("/workspaces?field=applicantName&q=Shah&page=5");
    expect(listHref(state, { statuses: [...DEFAULT_STATUS_FILTER] })).toContain("filtered=1&status=CREATED");
  });

  it("one chip at a time, and clicking the active chip clears it", () => {
    const state = parse("chip=APPROVAL_PENDING");
    expect(chipHref(state, "APPROVAL_PENDING")).toBe("/workspaces");
    expect(chipHref(state, "EXCEPTION_TASKS_PENDING")).toBe("/workspaces?chip=EXCEPTION_TASKS_PENDING");
  });

  it("a form's hidden state leaves out what the form sets", () => {
    expect(stateParams(parse("q=a&sort=ASC&page=2"), ["q", "page"])).toEqual([["sort", "ASC"]]);
  });

  it("counts the newer layout's active sort and filters", () => {
    expect(activeFilterCount(parse(""))).toBe(0);
    expect(activeFilterCount(parse("sort=ASC"))).toBe(1);
    expect(activeFilterCount(parse("sort=ASC&filtered=1&status=CLOSED"))).toBe(2);
    expect(activeFilterCount(parse(DEFAULT_STATUS_FILTER.map((s) => `status=${s}`).join("&")))).toBe(0);
  });

  it("sort cycle and pager pages", () => {
    expect([nextSort(null), nextSort("ASC"), nextSort("DESC")]).toEqual(["ASC", "DESC", null]);
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(5, 20)).toEqual([1, null, 3, 4, 5, 6, 7, null, 20]);
    expect(pagerPages(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
