/**
 * The users list's state lives in its URL (document 3 sections 2.4 and 4.6): the helpdesk administrator's
 * subscriber, the search term, the roles and status filters, the sort and the page. Pure: the loader reads
 * it, the page builds its links and GET forms from it, so every control works without JavaScript.
 */
import { z } from "zod";
import { ADMINISTRATION_LIMITS, USER_SORT_FIELDS, type UserSortField } from "../../core/administration/enums.js";
import { effectiveFilter } from "../../core/administration/users.js";
import { USER_STATUSES, type UserStatus } from "../../core/administration/subscribers.js";
import { positiveIntParam } from "../utils/search-params";

export const PAGE_SIZES = ADMINISTRATION_LIMITS.usersPageSizes.options;
export const DEFAULT_PAGE_SIZE = ADMINISTRATION_LIMITS.usersPageSizes.default;

export interface UsersQuery {
  /** Helpdesk administrators only: the subscriber whose users are listed (null: every subscriber). */
  subscriberId: string | null;
  /** Helpdesk administrators only: the text the subscriber selector finds subscribers by (their name). */
  subscriberName: string;
  q: string;
  roles: string[];
  statuses: UserStatus[];
  sort: UserSortField;
  order: "asc" | "desc";
  page: number;
  limit: number;
}

export const DEFAULT_USERS_QUERY: UsersQuery = {
  subscriberId: null,
  subscriberName: "",
  q: "",
  roles: [],
  statuses: [],
  sort: "firstName",
  order: "asc",
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
};

const QuerySchema = z.object({
  subscriberId: z.string().trim().max(200).catch(""),
  q: z.string().max(200).catch(""),
  sort: z.enum(USER_SORT_FIELDS).catch("firstName"),
  order: z.enum(["asc", "desc"]).catch("asc"),
});

/** Reads the list state from URL search parameters; anything unknown or malformed falls back to the default. */
export function readUsersQuery(params: URLSearchParams, roleOptions: readonly string[]): UsersQuery {
  const parsed = QuerySchema.parse({
    subscriberId: params.get("subscriberId") ?? "",
    q: params.get("q") ?? "",
    sort: params.get("sort") ?? undefined,
    order: params.get("order") ?? undefined,
  });
  const statuses = unique(params.getAll("status")).filter((value): value is UserStatus =>
    (USER_STATUSES as readonly string[]).includes(value),
  );
  const roles = unique(params.getAll("role")).filter((value) => roleOptions.includes(value));
  const limit = positiveIntParam(params.get("limit"));
  return {
    subscriberId: parsed.subscriberId || null,
    subscriberName: readSubscriberName(params),
    q: parsed.q.trim(),
    roles: effectiveFilter(roles, roleOptions) ?? [],
    statuses: effectiveFilter(statuses, USER_STATUSES) ?? [],
    sort: parsed.sort,
    order: parsed.order,
    page: positiveIntParam(params.get("page")) ?? 1,
    limit: limit !== null && (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}

/**
 * The text a "Find a subscriber" search finds subscribers by (`?subscriber=` on /users, /users/new and
 * /lodgement/identifiers, `?name=` on /subscribers): spaces trimmed and runs of them made one; longer than
 * 200 characters, none.
 */
export function readSubscriberName(params: URLSearchParams, param: "subscriber" | "name" = "subscriber"): string {
  const text = params.get(param) ?? "";
  return text.length > 200 ? "" : text.trim().replace(/\s+/g, " ");
}

function unique(values: string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))];
}

/** The query as URL parameters, defaults left out; the canonical form the loader redirects to. */
export function usersSearchParams(query: UsersQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.subscriberId) params.set("subscriberId", query.subscriberId);
  if (query.subscriberName) params.set("subscriber", query.subscriberName);
  if (query.q) params.set("q", query.q);
  for (const role of query.roles) params.append("role", role);
  for (const status of query.statuses) params.append("status", status);
  if (query.sort !== DEFAULT_USERS_QUERY.sort) params.set("sort", query.sort);
  if (query.order !== DEFAULT_USERS_QUERY.order) params.set("order", query.order);
  if (query.page !== 1) params.set("page", String(query.page));
  if (query.limit !== DEFAULT_PAGE_SIZE) params.set("limit", String(query.limit));
  return params;
}

/** `?…` for a link (empty string when the query is the default). */
export function usersSearch(query: UsersQuery, change: Partial<UsersQuery> = {}): string {
  const text = usersSearchParams({ ...query, ...change }).toString();
  return text ? `?${text}` : "";
}

/** Name and Email headers sort ascending, then descending; another column starts ascending again. */
export function nextSort(query: UsersQuery, field: UserSortField): Pick<UsersQuery, "sort" | "order" | "page"> {
  const order = query.sort === field && query.order === "asc" ? "desc" : "asc";
  return { sort: field, order, page: 1 };
}

/** The last page that has rows (at least 1). */
export function lastPage(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/**
 * Hidden fields that carry the rest of the list state through a GET form which sets only `own` (the search
 * box, a filter menu, rows per page). A new search, filter or page size starts again at page 1.
 */
export function carriedFields(query: UsersQuery, own: "q" | "role" | "status" | "limit" | "subscriberId"): [string, string][] {
  const fields: [string, string][] = [];
  const params = usersSearchParams({ ...query, page: 1 });
  for (const [name, value] of params) {
    if (name === own) continue;
    // The subscriber selector's form holds its own search text beside the subscriber.
    if (own === "subscriberId" && name === "subscriber") continue;
    // A new subscriber has other roles: the role filter does not carry over.
    if (own === "subscriberId" && name === "role") continue;
    fields.push([name, value]);
  }
  return fields;
}

/** The search, filters or both that narrow the list (for the results message and the empty states). */
export function narrowing(query: UsersQuery): { hasSearch: boolean; hasFilters: boolean } {
  return { hasSearch: query.q !== "", hasFilters: query.roles.length > 0 || query.statuses.length > 0 };
}
