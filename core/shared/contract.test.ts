import { describe, expect, it } from "vitest";
import {
  AssociatedSubscriberSchema,
  ErrorBodySchema,
  FeatureFlagUpdateSchema,
  FlagNameSchema,
  PagingQuerySchema,
  UserSearchRequestSchema,
  UserStatusChangeSchema,
} from "./contract.js";

describe("the shared contract", () => {
  it("pages from query text: numbers coerced, page from 1, limit 1 to 1000, defaults 1 and 20", () => {
    expect(PagingQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(PagingQuerySchema.parse({ page: "3", limit: "1000" })).toEqual({ page: 3, limit: 1000 });
    for (const bad of [{ page: "0" }, { limit: "0" }, { limit: "1001" }, { page: "1.5" }, { page: "x" }]) {
      expect(PagingQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("searches users by first name ascending, 10 a page, unless told", () => {
    expect(UserSearchRequestSchema.parse({})).toEqual({
      page: 1,
      limit: 10,
      sortBy: "firstName",
      sortOrder: "ASC",
    });
    expect(
      UserSearchRequestSchema.parse({ sortBy: "email", sortOrder: "DESC", status: ["Pending"] }),
    ).toMatchObject({
      sortBy: "email",
      sortOrder: "DESC",
      status: ["Pending"],
    });
    expect(UserSearchRequestSchema.safeParse({ sortBy: "lastName" }).success).toBe(false);
    expect(UserSearchRequestSchema.safeParse({ sortOrder: "asc" }).success).toBe(false);
    expect(UserSearchRequestSchema.safeParse({ status: ["Blocked"] }).success).toBe(false);
  });

  it("changes a user's status only to Active or Suspended", () => {
    expect(UserStatusChangeSchema.parse({ status: "Suspended" })).toEqual({ status: "Suspended" });
    expect(UserStatusChangeSchema.safeParse({ status: "Pending" }).success).toBe(false);
  });

  it("knows the subscriber's entity type, status and authentication type", () => {
    const subscriber = {
      subscriberId: "s",
      name: "Acme Lending",
      entityType: "Lender",
      status: "Active",
      isPrimary: true,
      authenticationType: "ENTERPRISE_CONNECTION",
    };
    expect(AssociatedSubscriberSchema.parse(subscriber)).toEqual(subscriber);
    expect(AssociatedSubscriberSchema.safeParse({ ...subscriber, entityType: "Bank" }).success).toBe(false);
    expect(AssociatedSubscriberSchema.safeParse({ ...subscriber, authenticationType: "SAML" }).success).toBe(
      false,
    );
  });

  it("names only known flags and environments", () => {
    expect(FlagNameSchema.parse("sdltEnabled")).toBe("sdltEnabled");
    expect(FlagNameSchema.safeParse("newThing").success).toBe(false);
    expect(FeatureFlagUpdateSchema.safeParse({ enabled: true, environment: "production" }).success).toBe(
      true,
    );
    expect(FeatureFlagUpdateSchema.safeParse({ enabled: "yes" }).success).toBe(false);
  });

  it("carries errors as status, code and message", () => {
    expect(ErrorBodySchema.safeParse({ status: 409, code: "CONFLICT", message: "changed" }).success).toBe(
      true,
    );
    expect(ErrorBodySchema.safeParse({ error: "invalid_grant" }).success).toBe(false);
  });
});
