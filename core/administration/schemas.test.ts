import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { field, lengthLimitTests, messageAt, value } from "../shared/length-limits.test-helper.js";
import { ADMINISTRATION_LIMITS } from "./enums.js";
import {
  disabledRoleChoices,
  EMAIL_PATTERN,
  ClientSecretSchema,
  IpAllowListFormSchema,
  isValidEmail,
  LODGEMENT_IDENTIFIER_MESSAGES,
  LodgementIdentifiersSchema,
  lodgementIdentifiersChanges,
  lockedUserFields,
  NOTIFICATION_EMAIL_MESSAGES,
  NotificationEmailSchema,
  notificationSettingsSchema,
  USER_FORM_MESSAGES,
  UserEmailSchema,
  userFormSchema,
} from "./schemas.js";
import { errors } from "../shared/schema-errors.test-helper.js";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
};

describe("user form", () => {
  const user = { firstName: "Ann", lastName: "Smith", email: "ann@example.co.uk", roleNames: ["Workspace User"] };
  const manager = userFormSchema({ actorIsHelpdeskAdministrator: false });
  it("uses the spec's messages", () => {
    expect(errors(manager, {})).toMatchObject({
      firstName: USER_FORM_MESSAGES.firstNameRequired,
      lastName: USER_FORM_MESSAGES.lastNameRequired,
      email: USER_FORM_MESSAGES.emailRequired,
    });
    expect(errors(manager, { ...user, firstName: "4nn", middleName: "M1", lastName: "-S" })).toEqual({
      firstName: "Enter a valid first name",
      middleName: "Enter a valid middle name",
      lastName: "Enter a valid last name",
    });
    expect(errors(manager, { ...user, firstName: "A".repeat(101) }).firstName).toBe("First name must not exceed 100 characters");
    expect(errors(manager, { ...user, firstName: "A".repeat(100) })).toEqual({});
    expect(errors(manager, { ...user, email: "ann@example" }).email).toBe(USER_FORM_MESSAGES.emailInvalid);
  });
  it("never both Workspace Approver and Workspace User", () => {
    expect(errors(manager, { ...user, roleNames: ["Workspace Approver", "Workspace User"] }).roleNames).toBe(USER_FORM_MESSAGES.approverAndUser);
    expect(disabledRoleChoices(["Workspace Approver"], true)).toEqual(["Workspace User"]);
    expect(disabledRoleChoices(["Workspace User"], false)).toEqual(["Workspace Approver", "User Manager"]);
  });
  it("only a helpdesk administrator changes the User Manager role", () => {
    expect(errors(manager, { ...user, roleNames: ["User Manager"] }).roleNames).toBe(USER_FORM_MESSAGES.userManager);
    expect(errors(userFormSchema({ actorIsHelpdeskAdministrator: false, previousRoles: ["User Manager"] }), { ...user, roleNames: ["Workspace User"] }).roleNames).toBe(
      USER_FORM_MESSAGES.userManager,
    );
    expect(errors(userFormSchema({ actorIsHelpdeskAdministrator: false, previousRoles: ["User Manager"] }), { ...user, roleNames: ["User Manager", "Workspace User"] })).toEqual({});
    expect(errors(userFormSchema({ actorIsHelpdeskAdministrator: true }), { ...user, roleNames: ["User Manager"] })).toEqual({});
  });
  it("reads roles from a form and needs one", () => {
    const submission = parseWithZod(form([["firstName", "Ann"], ["lastName", "Smith"], ["email", "a@b.co"], ["roleNames", "Workspace Viewer"]]), { schema: manager });
    expect(submission.status).toBe("success");
    expect(errors(manager, { ...user, roleNames: [] }).roleNames).toBe(USER_FORM_MESSAGES.rolesRequired);
    expect(errors(manager, { ...user, roleNames: ["Helpdesk Administrator"] })["roleNames.0"]).toBe(USER_FORM_MESSAGES.invalidRole);
  });
  it("locks fields", () => {
    expect(lockedUserFields("ENTERPRISE_CONNECTION", true)).toEqual(["email", "firstName", "middleName", "lastName"]);
    expect(lockedUserFields("AUTH0_DATABASE_CONNECTION", true)).toEqual(["email"]);
    expect(lockedUserFields("ENTERPRISE_CONNECTION", false)).toEqual([]);
    expect(isValidEmail("first.last+tag@sub.example.org")).toBe(true);
  });
});

describe("organisation settings", () => {
  it("client secret: 100, no leading whitespace, required", () => {
    expect(ClientSecretSchema.parse("s".repeat(100))).toHaveLength(100);
    expect(errors(ClientSecretSchema, "s".repeat(101))[""]).toBe("Client secret must not exceed 100 characters");
    expect(errors(ClientSecretSchema, " s")[""]).toBe("Client secret must not start with a space");
    expect(errors(ClientSecretSchema, "")[""]).toBe("Client secret is required");
  });
  it("notification email", () => {
    const create = notificationSettingsSchema({ registrationExists: false });
    expect(errors(create, {})).toEqual({ email: NOTIFICATION_EMAIL_MESSAGES.required, eventTypes: NOTIFICATION_EMAIL_MESSAGES.eventTypes });
    const email50 = `${"a".repeat(41)}@test.com`;
    expect(email50).toHaveLength(50);
    expect(create.parse({ email: email50, eventTypes: "LODGEMENT_CASE_REQUISITIONED" })).toEqual({ email: email50, eventTypes: ["LODGEMENT_CASE_REQUISITIONED"] });
    expect(errors(create, { email: `a${email50}`, eventTypes: ["LODGEMENT_CASE_REQUISITIONED"] }).email).toBe(NOTIFICATION_EMAIL_MESSAGES.tooLong);
    expect(errors(create, { email: "nope", eventTypes: ["LODGEMENT_CASE_REQUISITIONED"] }).email).toBe(NOTIFICATION_EMAIL_MESSAGES.invalid);
    expect(notificationSettingsSchema({ registrationExists: true }).parse({ email: "a@b.co" })).toEqual({ email: "a@b.co", eventTypes: [] });
  });
  describe.each([
    ["UserEmailSchema", UserEmailSchema, 254, USER_FORM_MESSAGES.emailInvalid],
    ["NotificationEmailSchema", NotificationEmailSchema, 50, NOTIFICATION_EMAIL_MESSAGES.invalid],
  ] as const)("%s", (_name, schema, max, invalidMessage) => {
    const email = fc.stringMatching(EMAIL_PATTERN).filter((text) => text.length <= max);
    it("round-trips a valid address, surrounding spaces trimmed", () => {
      fc.assert(fc.property(email, fc.stringMatching(/^ {0,2}$/), (text, pad) => void expect(schema.parse(`${pad}${text}${pad}`)).toBe(text)));
    });
    it("refuses text without an @ with the spec's message", () => {
      fc.assert(
        fc.property(
          fc.string({ minLength: 1, maxLength: 40 }).filter((text) => !text.includes("@") && text.trim() !== ""),
          (text) => void expect(errors(schema, text)[""]).toBe(invalidMessage),
        ),
      );
    });
    it("never throws", () => {
      fc.assert(fc.property(fc.anything(), (input) => void schema.safeParse(input)));
    });
  });
  it("IP allow list form", () => {
    expect(IpAllowListFormSchema.parse({ ipAddresses: "1.2.3.4,\n1.2.3.4" })).toEqual({ ipAddresses: ["1.2.3.4"] });
  });
  it("lodgement identifiers", () => {
    expect(errors(LodgementIdentifiersSchema, {})).toEqual({ primary: "Invalid input: expected object, received undefined", secondary: "Invalid input: expected object, received undefined" });
    expect(errors(LodgementIdentifiersSchema, { primary: {}, secondary: {} })).toEqual({
      "primary.userName": LODGEMENT_IDENTIFIER_MESSAGES.primaryUserName,
      "primary.password": LODGEMENT_IDENTIFIER_MESSAGES.primaryPassword,
      "secondary.userName": LODGEMENT_IDENTIFIER_MESSAGES.secondaryUserName,
      "secondary.password": LODGEMENT_IDENTIFIER_MESSAGES.secondaryPassword,
    });
    expect(errors(LodgementIdentifiersSchema, { primary: { userName: "Same", password: "p" }, secondary: { userName: "same ", password: "q" } })["secondary.userName"]).toBe(
      LODGEMENT_IDENTIFIER_MESSAGES.sameUserNames,
    );
  });
  it("sends identifiers only when changed, leaving masked passwords out", () => {
    const saved = { primary: { userName: "a", password: "x" }, secondary: { userName: "b", password: "y" } };
    expect(lodgementIdentifiersChanges(saved, { primary: { userName: "a", password: "*****" }, secondary: { userName: "b", password: "*****" } })).toBeNull();
    expect(lodgementIdentifiersChanges(saved, { primary: { userName: "a2", password: "*****" }, secondary: { userName: "b", password: "new" } })).toEqual({
      primary: { userName: "a2" },
      secondary: { userName: "b", password: "new" },
    });
    expect(lodgementIdentifiersChanges(null, saved)).toEqual(saved);
  });
});

const user = { firstName: "Ann", lastName: "Smith", email: "ann@example.com", roleNames: ["Workspace User"] };

describe("length limits: the limit is accepted, one more is refused with the message", () => {
  lengthLimitTests([
    [
      "user first name",
      field(userFormSchema({ actorIsHelpdeskAdministrator: true }), "firstName", user),
      ADMINISTRATION_LIMITS.name,
      "A",
      "First name must not exceed 100 characters",
    ],
    [
      "user middle name",
      field(userFormSchema({ actorIsHelpdeskAdministrator: true }), "middleName", user),
      ADMINISTRATION_LIMITS.name,
      "A",
      "Middle name must not exceed 100 characters",
    ],
    [
      "user last name",
      field(userFormSchema({ actorIsHelpdeskAdministrator: true }), "lastName", user),
      ADMINISTRATION_LIMITS.name,
      "A",
      "Last name must not exceed 100 characters",
    ],
    [
      "client secret",
      value(ClientSecretSchema),
      ADMINISTRATION_LIMITS.clientSecret,
      "s",
      "Client secret must not exceed 100 characters",
    ],
  ]);

  it("notification email: 50 / 51", () => {
    const at = (length: number) => `${"a".repeat(length - "@test.com".length)}@test.com`;
    expect(messageAt(NotificationEmailSchema, at(ADMINISTRATION_LIMITS.notificationEmail))).toBeNull();
    expect(messageAt(NotificationEmailSchema, at(ADMINISTRATION_LIMITS.notificationEmail + 1))).toBe(
      "Email address must be 50 characters or less",
    );
  });
});
