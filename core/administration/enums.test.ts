import { describe, expect, it } from "vitest";
import { NAMED_ROLES } from "../shared/permissions/roles.js";
import {
  ADMINISTRATION_LIMITS,
  AuthenticationTypeSchema,
  AUTHORITY_ALIASES,
  MASKED_CLIENT_SECRET,
  MASKED_PASSWORD,
  NamedRoleSchema,
  ORGANISATION_TAB_LABELS,
  SettableUserStatusSchema,
  SubscriberEntityTypeSchema,
  SubscriberStatusSchema,
  USER_AUTHENTICATION_LABELS,
  UserStatusSchema,
} from "./enums.js";

describe("administration constants", () => {
  it("masks and limits", () => {
    expect(MASKED_CLIENT_SECRET).toBe("*".repeat(30));
    expect(MASKED_PASSWORD).toBe("*****");
    expect(ADMINISTRATION_LIMITS.ipAllowListText).toBe(5000);
    expect(AUTHORITY_ALIASES).toEqual({ LODGEMENT: "hmlr", REVENUE: "hmrc" });
    expect(ORGANISATION_TAB_LABELS.transaction).toBe("Transaction settings");
    expect(USER_AUTHENTICATION_LABELS.ENTERPRISE_CONNECTION).toBe("SSO");
  });
});

describe("subscribers", () => {
  it("has zod enums for entity types, statuses, authentication types and named roles", () => {
    expect(SubscriberEntityTypeSchema.options).toEqual(["Lender", "Law Firm", "Conveyancing Firm"]);
    expect(SubscriberStatusSchema.options).toEqual(["Active", "Suspended", "Pending"]);
    expect(UserStatusSchema.options).toEqual(["Active", "Suspended", "Pending"]);
    expect(AuthenticationTypeSchema.options).toEqual(["AUTH0_DATABASE_CONNECTION", "ENTERPRISE_CONNECTION"]);
    expect(NamedRoleSchema.options).toEqual([...NAMED_ROLES]);
    expect(NamedRoleSchema.safeParse("Workspace Admin").success).toBe(false);
    expect(SubscriberEntityTypeSchema.safeParse("law firm").success).toBe(false);
  });

  it("sets a user only Active or Suspended", () => {
    expect(SettableUserStatusSchema.options).toEqual(["Active", "Suspended"]);
    expect(SettableUserStatusSchema.safeParse("Pending").success).toBe(false);
  });
});
