import { describe, expect, it } from "vitest";
import {
  BULK_USERS_MAX_ROWS,
  BulkUsersRequestSchema,
  LodgementIdentifiersSaveSchema,
  NotificationRegistrationRequestSchema,
  SubscriberDetailsSchema,
  SubscribersQuerySchema,
  UserPatchRequestSchema,
  UserSearchRequestSchema,
  UserStatusChangeSchema,
  AssociatedSubscriberSchema,
} from "./api.js";

const row = { email: "ann@example.com", firstName: "Ann", lastName: "Smith", roleNames: ["Workspace User"] };

describe("the administration contract", () => {
  it("tells the three user PATCH bodies apart by requestType; a bare status change needs none", () => {
    expect(UserPatchRequestSchema.parse({ status: "Suspended" })).toEqual({ status: "Suspended" });
    // The version goes in If-Match, never in the body.
    expect(UserPatchRequestSchema.safeParse({ status: "Suspended", version: 2 }).success).toBe(false);
    expect(
      UserPatchRequestSchema.parse({ requestType: "RESEND_INVITATION", email: "ann@example.com" }),
    ).toMatchObject({ requestType: "RESEND_INVITATION" });
    expect(
      UserPatchRequestSchema.parse({
        requestType: "PATCH_USER",
        firstName: "Ann",
        lastName: "Smith",
        roleNames: [],
      }),
    ).toMatchObject({
      requestType: "PATCH_USER",
    });
  });

  it("refuses a Pending status, an email in an edit and unknown fields", () => {
    expect(UserPatchRequestSchema.safeParse({ status: "Pending" }).success).toBe(false);
    expect(
      UserPatchRequestSchema.safeParse({
        requestType: "PATCH_USER",
        firstName: "A",
        lastName: "B",
        roleNames: [],
        email: "x@y.z",
      }).success,
    ).toBe(false);
    expect(UserPatchRequestSchema.safeParse({ status: "Active", admin: true }).success).toBe(false);
  });

  it("takes 1 to 500 bulk rows, not a dry run unless asked, with an optional settable status", () => {
    expect(BulkUsersRequestSchema.parse({ rows: [row] })).toEqual({ rows: [row], dryRun: false });
    expect(BulkUsersRequestSchema.safeParse({ rows: [] }).success).toBe(false);
    expect(
      BulkUsersRequestSchema.safeParse({ rows: Array.from({ length: BULK_USERS_MAX_ROWS }, () => row) })
        .success,
    ).toBe(true);
    expect(
      BulkUsersRequestSchema.safeParse({ rows: Array.from({ length: BULK_USERS_MAX_ROWS + 1 }, () => row) })
        .success,
    ).toBe(false);
    expect(BulkUsersRequestSchema.safeParse({ rows: [{ ...row, status: "Suspended" }] }).success).toBe(true);
    expect(BulkUsersRequestSchema.safeParse({ rows: [{ ...row, status: "Pending" }] }).success).toBe(false);
  });

  it("registers for EMAIL notifications by default, with no event types unless given", () => {
    expect(
      NotificationRegistrationRequestSchema.parse({ attributes: { email: "team@example.com" } }),
    ).toEqual({
      notificationType: "EMAIL",
      attributes: { email: "team@example.com" },
      eventTypes: [],
    });
    expect(
      NotificationRegistrationRequestSchema.safeParse({
        notificationType: "SMS",
        attributes: { email: "a@b.co" },
      }).success,
    ).toBe(false);
  });

  it("saves lodgement identifiers with passwords optional (kept when left out)", () => {
    const identifiers = { primary: { userName: "p" }, secondary: { userName: "s", password: "new" } };
    expect(LodgementIdentifiersSaveSchema.parse({ identifiers })).toEqual({ identifiers });
    expect(
      LodgementIdentifiersSaveSchema.safeParse({ identifiers: { primary: { userName: "p" } } }).success,
    ).toBe(false);
  });

  it("answers subscriber details without secrets, and filters subscribers by one or several types", () => {
    const details = {
      subscriberId: "s",
      name: "Acme",
      entityType: "Lender",
      status: "Active",
      version: 1,
      userAuthentication: {
        type: "ENTERPRISE_CONNECTION",
        sso: [
          {
            connectionId: "c",
            clientId: "i",
            lastModifiedAt: null,
            clientSecretSet: true,
            clientSecret: "leak",
          },
        ],
      },
      ipAllow: null,
    };
    const parsed = SubscriberDetailsSchema.parse(details);
    expect(parsed.userAuthentication?.sso[0]).not.toHaveProperty("clientSecret");
    expect(SubscribersQuerySchema.parse({ type: "Lender" }).type).toBe("Lender");
    expect(SubscribersQuerySchema.parse({ type: ["Lender", "Law Firm"] }).type).toEqual([
      "Lender",
      "Law Firm",
    ]);
  });
});

describe("subscriber users and their subscribers", () => {
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
});
