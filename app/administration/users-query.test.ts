import { describe, expect, it } from "vitest";
import { carriedFields, DEFAULT_USERS_QUERY, lastPage, narrowing, nextSort, readSubscriberName, readUsersQuery, usersSearch, usersSearchParams } from "./users-query";

const ROLES = ["User Manager", "Workspace User", "Workspace Viewer"];
const read = (query: string) => readUsersQuery(new URLSearchParams(query), ROLES);

describe("the users list query", () => {
  it("falls back to the defaults for anything missing or malformed", () => {
    expect(read("")).toEqual(DEFAULT_USERS_QUERY);
    expect(read("sort=lastName&order=up&page=-2&limit=15")).toEqual(DEFAULT_USERS_QUERY);
  });

  it("reads the search, filters, sort and page, keeping only known roles and statuses", () => {
    expect(read("q=%20sam%20&role=User+Manager&role=Nobody&status=Suspended&status=Gone&sort=email&order=desc&page=3&limit=20")).toEqual({
      ...DEFAULT_USERS_QUERY,
      q: "sam",
      roles: ["User Manager"],
      statuses: ["Suspended"],
      sort: "email",
      order: "desc",
      page: 3,
      limit: 20,
    });
  });

  it("drops a filter that selects every option (document 3 section 4.6)", () => {
    expect(read("status=Active&status=Suspended&status=Pending").statuses).toEqual([]);
    expect(read(ROLES.map((role) => `role=${encodeURIComponent(role)}`).join("&")).roles).toEqual([]);
  });

  it("writes the canonical address, defaults left out", () => {
    expect(usersSearch(DEFAULT_USERS_QUERY)).toBe("");
    expect(usersSearch(read("status=Pending&q=ada"), { page: 2 })).toBe("?q=ada&status=Pending&page=2");
  });

  it("sorts a header ascending, then descending, and starts again at page 1", () => {
    const byName = read("page=4");
    expect(nextSort(byName, "firstName")).toEqual({ sort: "firstName", order: "desc", page: 1 });
    expect(nextSort(byName, "email")).toEqual({ sort: "email", order: "asc", page: 1 });
    expect(nextSort(read("sort=email&order=desc"), "email")).toEqual({ sort: "email", order: "asc", page: 1 });
  });

  it("carries the rest of the state through a GET form, back to page 1, without the other subscriber's roles", () => {
    const query = read("subscriberId=s1&q=ada&role=User+Manager&status=Active&page=3&limit=20");
    expect(carriedFields(query, "q")).toEqual([
      ["subscriberId", "s1"],
      ["role", "User Manager"],
      ["status", "Active"],
      ["limit", "20"],
    ]);
    expect(carriedFields(query, "subscriberId")).toEqual([
      ["q", "ada"],
      ["status", "Active"],
      ["limit", "20"],
    ]);
  });

  it("keeps the subscriber selector's search text in the address, and in its own form only", () => {
    const query = read("subscriber=++north++gate+&subscriberId=s1&q=ada");
    expect(query.subscriberName).toBe("north gate");
    expect(usersSearchParams(query).toString()).toBe("subscriberId=s1&subscriber=north+gate&q=ada");
    expect(carriedFields(query, "subscriberId")).toEqual([["q", "ada"]]);
    expect(carriedFields(query, "q")).toEqual([
      ["subscriberId", "s1"],
      ["subscriber", "north gate"],
    ]);
  });

  it("reads a subscriber search's text the same way wherever it is: ?subscriber=, or ?name= on /subscribers", () => {
    expect(readSubscriberName(new URLSearchParams("subscriber=+north++gate"))).toBe("north gate");
    expect(readSubscriberName(new URLSearchParams("name=%20Ash%20&subscriber=x"), "name")).toBe("Ash");
    expect(readSubscriberName(new URLSearchParams(`subscriber=${"a".repeat(201)}`))).toBe("");
    expect(read(`subscriber=${"a".repeat(201)}`).subscriberName).toBe("");
  });

  it("knows the last page and what narrows the list", () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(21, 10)).toBe(3);
    expect(narrowing(read("q=x"))).toEqual({ hasSearch: true, hasFilters: false });
    expect(narrowing(read("status=Active"))).toEqual({ hasSearch: false, hasFilters: true });
  });
});
