import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
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
} from "../administration/schemas.js";
import {
  APPROVAL_STATEMENT_MESSAGE,
  approvalStatements,
  approvalStatementsSchema,
  CertificationSchema,
  deedPreferenceSchema,
  deedReferenceOptions,
  defaultConsiderationType,
  documentUploadSchema,
  looksLikePdf,
  looksSecured,
  transactionValueFormSchema,
  UPLOAD_MESSAGES,
  UPLOAD_REJECTION_MESSAGES,
  uploadFileProblem,
  uploadGrantees,
} from "../documents/schemas.js";
import { AmountPayableFormSchema, CONSENT_MESSAGES, frequentlyUsedAccountSchema, lineItemSchema, needsBankAccount } from "./schemas.js";

type Safe = { safeParse(input: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } };
const errors = (schema: Safe, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byPath: Record<string, string> = {};
  for (const issue of result.error!.issues) byPath[issue.path.join(".")] ??= issue.message;
  return byPath;
};
const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
};

describe("line items", () => {
  const account = { accountName: "Bank Ltd", accountNumber: "12345678", bankCode: "12-34-56", accountType: "BUSINESS" };
  it("asks for a bank account only where the category has one", () => {
    expect(needsBankAccount("MORTGAGE_ADVANCE")).toBe(false);
    expect(needsBankAccount("SURPLUS")).toBe(true);
    expect(lineItemSchema("MORTGAGE_ADVANCE").parse({ amount: "150,000", reference: "ADV 1" })).toEqual({ amount: 15_000_000, reference: "ADV 1" });
    expect(lineItemSchema("REDEMPTION").parse({ amount: "1", reference: "R", bankAccount: account })).toMatchObject({ bankAccount: { bankCode: "123456" } });
    expect(lineItemSchema("REDEMPTION", { hasLinkedAccount: true }).parse({ amount: "1", reference: "R" })).toEqual({ amount: 100, reference: "R" });
  });
  it("limits the account type by category", () => {
    expect(errors(lineItemSchema("REDEMPTION"), { amount: "1", reference: "R", bankAccount: { ...account, accountType: "PERSONAL" } })["bankAccount.accountType"]).toBe(
      "Account type is required",
    );
    expect(lineItemSchema("SURPLUS").safeParse({ amount: "1", reference: "R", bankAccount: { ...account, accountType: "PERSONAL" } }).success).toBe(true);
  });
  it("holds the reference to 18 and its character set", () => {
    const schema = lineItemSchema("MORTGAGE_ADVANCE");
    expect(schema.safeParse({ amount: "1", reference: "R".repeat(18) }).success).toBe(true);
    expect(errors(schema, { amount: "1", reference: "R".repeat(19) }).reference).toBe("Reference must not exceed 18 characters");
    expect(errors(schema, { amount: "1", reference: "R$" }).reference).toBe("Enter a valid Reference");
    expect(schema.safeParse({ amount: "1", reference: `a/-?:().,'+#=!` }).success).toBe(true);
    expect(schema.safeParse({ amount: "1", reference: `"%&;<>@{ 9` }).success).toBe(true);
  });
  it("needs both consent ticks for Buyer Funds, or the single box with auto-authorisation", () => {
    const two = lineItemSchema("BUYER_FUNDS");
    expect(errors(two, { amount: "1", reference: "B", consent: {} })).toEqual({
      "consent.financialCheck": CONSENT_MESSAGES.financialCheck,
      "consent.sourceOfFunds": CONSENT_MESSAGES.sourceOfFunds,
    });
    expect(two.safeParse({ amount: "1", reference: "B", consent: { financialCheck: "on", sourceOfFunds: "on" } }).success).toBe(true);
    const one = lineItemSchema("BUYER_FUNDS", { autoAuthorisationEnabled: true });
    expect(errors(one, { amount: "1", reference: "B", consent: {} })["consent.autoAuthorisation"]).toBe(CONSENT_MESSAGES.autoAuthorisation);
  });
  it("gives required messages through Conform", () => {
    const submission = parseWithZod(form([]), { schema: lineItemSchema("REDEMPTION") });
    const error = submission.reply().error ?? {};
    expect(error.amount).toEqual(["Amount is required"]);
    expect(error.reference).toEqual(["Reference is required"]);
    expect(error["bankAccount.accountName"]).toEqual(["Account name is required"]);
    expect(error["bankAccount.accountNumber"]).toEqual(["Account number is required"]);
    expect(error["bankAccount.bankCode"]).toEqual(["Sort code is required"]);
  });
  it("amount payable form", () => {
    expect(AmountPayableFormSchema.parse({ amountPayableOnCompletion: "1,000.5" })).toEqual({ amountPayableOnCompletion: 100_050 });
  });
});

describe("frequently used accounts", () => {
  const account = { type: "REDEMPTION", displayName: "Main", accountName: "Bank", accountNumber: "12345678", bankCode: "123456" };
  it("rejects a duplicate the server reports with blank messages on both fields", () => {
    const schema = frequentlyUsedAccountSchema(({ bankCode, accountNumber }) => bankCode === "123456" && accountNumber === "12345678");
    expect(errors(schema, account)).toEqual({ "": "This financial account already exists.", bankCode: " ", accountNumber: " " });
    expect(schema.safeParse({ ...account, accountNumber: "87654321" }).success).toBe(true);
    expect(errors(frequentlyUsedAccountSchema(), { ...account, type: undefined }).type).toBe("Category is required");
  });
});

describe("documents", () => {
  const pdf = { name: "deed.pdf", size: 1000, type: "application/pdf" };
  it("upload: PDF only, under 20 MB", () => {
    const schema = documentUploadSchema({ requisitioned: false, participantSelectionEnabled: false });
    expect(schema.safeParse({ file: pdf, documentType: "DEED" }).success).toBe(true);
    expect(errors(schema, { file: { ...pdf, size: 20_971_519 }, documentType: "DEED" })).toEqual({});
    expect(errors(schema, { file: { ...pdf, size: 20_971_520 }, documentType: "DEED" }).file).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(errors(schema, { file: { ...pdf, type: "image/png" }, documentType: "DEED" }).file).toBe(UPLOAD_MESSAGES.notPdf);
    expect(errors(schema, { file: { name: "a.PDF", size: 1 }, documentType: "DEED" })).toEqual({});
    expect(errors(schema, { file: { name: "a.doc", size: 1 }, documentType: "DEED" }).file).toBe(UPLOAD_MESSAGES.notPdf);
    expect(errors(schema, { documentType: "DEED" }).file).toBe(UPLOAD_MESSAGES.fileRequired);
    expect(errors(schema, { file: pdf }).documentType).toBe(UPLOAD_MESSAGES.documentTypeRequired);
  });
  it("upload: not password protected or secured, with the spec's message", () => {
    const schema = documentUploadSchema({ requisitioned: false, participantSelectionEnabled: false });
    expect(errors(schema, { file: { ...pdf, encrypted: true }, documentType: "DEED" }).file).toBe(
      "Your file is secured or restricted from editing. Please check the file and remove any applicable restrictions and upload again.",
    );
    expect(errors(schema, { file: { ...pdf, encrypted: false }, documentType: "DEED" })).toEqual({});
    // A file that is not a PDF at all is refused as such first.
    expect(uploadFileProblem({ name: "a.doc", size: 1, encrypted: true })).toBe(UPLOAD_MESSAGES.notPdf);
    expect(uploadFileProblem({ ...pdf, encrypted: true })).toBe(UPLOAD_REJECTION_MESSAGES.secured);
  });
  it("recognises a secured PDF by its encryption dictionary", () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(looksSecured(encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer\n<</Root 1 0 R/Encrypt 5 0 R>>\n%%EOF"))).toBe(true);
    expect(looksSecured(encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer\n<</Root 1 0 R>>\n%%EOF"))).toBe(false);
    expect(looksSecured(encode("/Encryp"))).toBe(false);
    expect(looksSecured(new Uint8Array())).toBe(false);
  });
  it("certification for requisitioned cases, participants otherwise with the feature on", () => {
    const requisitioned = documentUploadSchema({ requisitioned: true, participantSelectionEnabled: true });
    expect(errors(requisitioned, { file: pdf, documentType: "DEED" })).toEqual({ certificationType: UPLOAD_MESSAGES.certificationRequired });
    const withParticipants = documentUploadSchema({ requisitioned: false, participantSelectionEnabled: true });
    expect(errors(withParticipants, { file: pdf, documentType: "DEED", participants: [] }).participants).toBe(UPLOAD_MESSAGES.participantsRequired);
    expect(errors(withParticipants, { file: pdf, documentType: "DEED" }).participants).toBe(UPLOAD_MESSAGES.participantsRequired);
    expect(withParticipants.safeParse({ file: pdf, documentType: "DEED", participants: ["s1"] }).success).toBe(true);
    expect(uploadGrantees("me", ["b", "me", "a", "b"])).toEqual(["me", "b", "a"]);
  });
  it("recognises PDF bytes", () => {
    expect(looksLikePdf(new TextEncoder().encode("%PDF-1.7"))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode("PK"))).toBe(false);
  });
  it("certification dialog", () => {
    expect(errors(CertificationSchema, {})).toEqual({ certificationType: "Certification is required", parentDocumentId: "Application is required" });
  });
  it("transaction value form", () => {
    expect(transactionValueFormSchema({ transferOfWhole: true }).parse({ transactionValue: "0" })).toEqual({ transactionValue: 0 });
    expect(errors(transactionValueFormSchema({ transferOfWhole: false }), { transactionValue: "0" }).transactionValue).toBe("Enter a valid transaction value");
  });
  it("deed preference, signature and consideration", () => {
    const all = deedPreferenceSchema({ signaturePreferenceEnabled: true, considerationTypeRequired: true });
    expect(errors(all, {})).toEqual({
      mortgageDeedReference: "Deed preference is required",
      mortgageDeedReferenceType: "Deed preference is required",
      signatureType: "Signature preference is required",
      considerationType: "Consideration type is required",
    });
    const none = deedPreferenceSchema({ signaturePreferenceEnabled: false, considerationTypeRequired: false });
    expect(none.safeParse({ mortgageDeedReference: "MD1", mortgageDeedReferenceType: "DIGITAL" }).success).toBe(true);
    expect(defaultConsiderationType("PURCHASE")).toBe("MONETARY_CONSIDERATION");
    expect(defaultConsiderationType("REMORTGAGE")).toBeUndefined();
  });
  it("deed reference options", () => {
    const refs = [
      { id: "d", mortgageDeedReferenceType: "DIGITAL" },
      { id: "s", mortgageDeedReferenceType: "STANDARD" },
    ];
    expect(deedReferenceOptions(refs, { transactionType: "REMORTGAGE", hasOrganisationParty: false }).options.map((r) => r.id)).toEqual(["d", "s"]);
    expect(deedReferenceOptions(refs, { transactionType: "PURCHASE", hasOrganisationParty: false })).toEqual({ options: [refs[1]], autoSelected: refs[1] });
    expect(deedReferenceOptions(refs, { transactionType: "REMORTGAGE", hasOrganisationParty: true }).autoSelected).toBe(refs[1]);
  });
  it("approval statements: two always, the law firm one with an external firm", () => {
    expect(approvalStatements(false)).toEqual(["applicantIdentity", "dataAccuracy"]);
    expect(approvalStatements(true)).toHaveLength(3);
    expect(errors(approvalStatementsSchema(true), { applicantIdentity: "on", dataAccuracy: "on" })).toEqual({ lawFirmIdentity: APPROVAL_STATEMENT_MESSAGE });
    expect(approvalStatementsSchema(false).safeParse({ applicantIdentity: "on", dataAccuracy: "on" }).success).toBe(true);
  });
});

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
