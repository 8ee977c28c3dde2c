/**
 * Every length limit of the three documents (document 1 section 9, document 2 section 9, document 3
 * section 9), as a pair: the longest accepted value, and one character more refused with the message.
 */
import { describe, expect, it } from "vitest";
import { ADMINISTRATION_LIMITS } from "../administration/enums.js";
import { SDLT_LIMITS } from "../sdlt/enums.js";
import { LIMITS } from "./limits.js";
import { AddressFieldsSchema } from "./address.js";
import { ClientSecretSchema, NotificationEmailSchema, userFormSchema } from "../administration/schemas.js";
import { AccountNameSchema, DisplayNameSchema } from "../financials/bank-account.js";
import { LineItemReferenceSchema } from "../financials/schemas.js";
import { IpAllowListSchema } from "../administration/ip-allow-list.js";
import {
  identificationNumberProblem,
  sdltAgentDetailsSchema,
  SdltPropertyDetailsSchema,
  sdltPurchaserDetailsSchema,
  sdltTaxCalculationSchema,
  SdltTransactionDetailsSchema,
} from "../sdlt/schemas.js";
import { CancellationSchema, WorkspaceReferenceSchema } from "../workspaces/schemas.js";
import { ForenamesSchema, LawFirmNameSchema, OrganisationNameSchema, ReferenceSchema, SurnameSchema } from "../parties/schemas.js";

interface Safe {
  safeParse(input: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
}

/** The message on `path` ("" for the value itself), or null when the value passes there. */
function messageAt(schema: Safe, input: unknown, path = ""): string | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  return result.error!.issues.find((issue) => issue.path.join(".") === path)?.message ?? null;
}

const field =
  (schema: Safe, key: string, base: Record<string, unknown> = {}) =>
  (text: string) =>
    messageAt(schema, { ...base, [key]: text }, key);
const value = (schema: Safe) => (text: string) => messageAt(schema, text);

const address = { buildingNumber: "1", postcode: "SW1A 1AA" };
const user = { firstName: "Ann", lastName: "Smith", email: "ann@example.com", roleNames: ["Workspace User"] };
const transaction = {
  propertyType: "RESIDENTIAL",
  effectiveDateOfTransaction: "2025-01-01",
  transactionDescription: "F",
  interestTransferred: "FG",
  restrictionsAffecting: "true",
  landExchanged: "false",
  pursuantToOption: "false",
};
const purchaser = {
  title: "Other",
  address,
  identification: { type: "VAT_REGISTRATION_NUMBER", identificationNumber: "123456789" },
  actingAsTrustee: "false",
  connectedToVendor: "false",
  certificateAddress: "PROPERTY",
  authorisedAgent: "false",
};

/** [what, the check, limit, a character the field accepts, the message one past the limit]. */
const LENGTH_LIMITS: [string, (text: string) => string | null, number, string, string][] = [
  [
    "building name",
    field(AddressFieldsSchema, "buildingName", address),
    LIMITS.buildingName,
    "A",
    "Building name must not exceed 50 characters",
  ],
  [
    "building number",
    field(AddressFieldsSchema, "buildingNumber", address),
    LIMITS.buildingNumber,
    "1",
    "Building number must not exceed 4 characters",
  ],
  [
    "flat",
    field(AddressFieldsSchema, "flat", address),
    LIMITS.flat,
    "A",
    "Flat must not exceed 30 characters",
  ],
  [
    "street",
    field(AddressFieldsSchema, "street", address),
    LIMITS.street,
    "A",
    "Street must not exceed 60 characters",
  ],
  [
    "town",
    field(AddressFieldsSchema, "town", address),
    LIMITS.town,
    "A",
    "Town must not exceed 30 characters",
  ],
  [
    "workspace reference",
    value(WorkspaceReferenceSchema),
    LIMITS.reference,
    "R",
    "Reference must not exceed 25 characters",
  ],
  [
    "law firm or lender reference",
    field(ReferenceSchema, "referenceNumber"),
    LIMITS.reference,
    "R",
    "Reference must not exceed 25 characters",
  ],
  ["forenames", value(ForenamesSchema), LIMITS.forenames, "A", "First name must not exceed 90 characters"],
  ["surname", value(SurnameSchema), LIMITS.surname, "A", "Last name must not exceed 50 characters"],
  [
    "organisation name",
    value(OrganisationNameSchema),
    LIMITS.organisationName,
    "A",
    "Organisation name must not exceed 160 characters",
  ],
  [
    "law firm name",
    value(LawFirmNameSchema),
    LIMITS.lawFirmName,
    "A",
    "Law firm name must not exceed 160 characters",
  ],
  [
    "line item reference",
    value(LineItemReferenceSchema),
    LIMITS.lineItemReference,
    "R",
    "Reference must not exceed 18 characters",
  ],
  [
    "account name",
    value(AccountNameSchema),
    LIMITS.accountName,
    "A",
    "Account name must not exceed 35 characters",
  ],
  [
    "display name",
    value(DisplayNameSchema),
    LIMITS.displayName,
    "A",
    "Display name must not exceed 35 characters",
  ],
  [
    "cancellation notes",
    field(CancellationSchema, "cancellationNotesForOther", { cancellationReason: "OTHER" }),
    LIMITS.cancellationNotes,
    "n",
    "Further details must not exceed 100 characters",
  ],
  [
    "scheme number",
    field(sdltTaxCalculationSchema({}), "schemeNumber", {
      isClaimingRelief: "true",
      reasonCode: "PART_EXCHANGE",
    }),
    SDLT_LIMITS.schemeNumber,
    "1",
    "Scheme number must not exceed 14 characters",
  ],
  [
    "agent name",
    field(sdltAgentDetailsSchema({ agentRequired: true, addressShown: false }), "agentName"),
    SDLT_LIMITS.agentName,
    "A",
    "Agent name must not exceed 28 characters",
  ],
  [
    "agent reference",
    field(sdltAgentDetailsSchema({ agentRequired: false, addressShown: false }), "agentReference"),
    SDLT_LIMITS.agentReference,
    "A",
    "Agent reference must not exceed 14 characters",
  ],
  [
    "agent phone number",
    field(sdltAgentDetailsSchema({ agentRequired: false, addressShown: false }), "agentPhoneNumber"),
    SDLT_LIMITS.agentPhoneNumber,
    "1",
    "Agent phone number must not exceed 14 characters",
  ],
  [
    "NLPG UPRN",
    field(SdltPropertyDetailsSchema, "nlpgUprn"),
    SDLT_LIMITS.nlpgUprn,
    "A",
    "NLPG UPRN must not exceed 14 characters",
  ],
  [
    "restrictions details",
    field(SdltTransactionDetailsSchema, "restrictionsDetails", transaction),
    SDLT_LIMITS.restrictionsDetails,
    "A",
    "Restrictions details must not exceed 42 characters",
  ],
  [
    "other title",
    (text) =>
      messageAt(
        sdltPurchaserDetailsSchema(() => new Date("2025-06-01T12:00:00Z")),
        { primaryPurchaser: { ...purchaser, otherTitle: text } },
        "primaryPurchaser.otherTitle",
      ),
    SDLT_LIMITS.otherTitle,
    "D",
    "Other title must not exceed 6 characters",
  ],
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
];

describe("length limits: the limit is accepted, one more is refused with the message", () => {
  for (const [what, check, limit, character, message] of LENGTH_LIMITS) {
    it(`${what}: ${limit} / ${limit + 1}`, () => {
      expect(check(character.repeat(limit))).toBeNull();
      expect(check(character.repeat(limit + 1))).toBe(message);
    });
  }

  it("notification email: 50 / 51", () => {
    const at = (length: number) => `${"a".repeat(length - "@test.com".length)}@test.com`;
    expect(messageAt(NotificationEmailSchema, at(ADMINISTRATION_LIMITS.notificationEmail))).toBeNull();
    expect(messageAt(NotificationEmailSchema, at(ADMINISTRATION_LIMITS.notificationEmail + 1))).toBe(
      "Email address must be 50 characters or less",
    );
  });

  it("IP allow list text: 5000 / 5001", () => {
    const entry = "10.0.0.1,";
    const text = (length: number) => entry.repeat(Math.floor(length / entry.length)).padEnd(length, " ");
    expect(text(5000)).toHaveLength(5000);
    expect(messageAt(IpAllowListSchema, text(ADMINISTRATION_LIMITS.ipAllowListText))).toBeNull();
    expect(messageAt(IpAllowListSchema, text(ADMINISTRATION_LIMITS.ipAllowListText + 1))).toBe(
      "IP allow list must not exceed 5000 characters",
    );
  });
});

describe("exact and ranged lengths: both edges and one past each", () => {
  it("local authority number: exactly 4 digits", () => {
    const check = field(SdltPropertyDetailsSchema, "laNumber");
    expect(check("1234")).toBeNull();
    expect(check("123")).toBe("Enter a valid Local authority number");
    expect(check("12345")).toBe("Enter a valid Local authority number");
  });

  it("identification numbers: National Insurance 8 to 9, VAT exactly 9, UTR up to 10", () => {
    const ni = (text: string) => identificationNumberProblem("NATIONAL_INSURANCE_NUMBER", text);
    expect([ni("QQ12345"), ni("QQ123456"), ni("QQ1234567"), ni("QQ12345678")]).toEqual([
      "Enter a valid National Insurance number",
      null,
      null,
      "Enter a valid National Insurance number",
    ]);
    const vat = (text: string) => identificationNumberProblem("VAT_REGISTRATION_NUMBER", text);
    expect([vat("12345678"), vat("123456789"), vat("1234567890")]).toEqual([
      "Enter a valid VAT registration number",
      null,
      "Enter a valid VAT registration number",
    ]);
    const utr = (text: string) => identificationNumberProblem("UK_COMPANY_UTR_OR_UK_PARTNERSHIP_UTR", text);
    expect([utr("1"), utr("1234567890"), utr("12345678901")]).toEqual([null, null, "Enter a valid UTR"]);
  });

  it("land area: 14 characters and 3 decimals", () => {
    const check = (landArea: string) =>
      messageAt(SdltPropertyDetailsSchema, { landDetails: { landArea } }, "landDetails.landArea");
    expect(check("1234567890.123")).toBeNull();
    expect(check("12345678901.123")).toBe("Land area must not exceed 14 characters");
    expect(check("1.123")).toBeNull();
    expect(check("1.1234")).toBe("Land area can have up to 3 decimal places");
  });
});
