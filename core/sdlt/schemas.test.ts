import { describe, expect, it } from "vitest";
import { field, lengthLimitTests, messageAt } from "../shared/length-limits.test-helper.js";
import { SDLT_LIMITS } from "./enums.js";
import {
  disabledFormCodes,
  FORM_CODE_MAX_MESSAGE,
  identificationNumberProblem,
  isAgentRequired,
  LAND_AREA_MESSAGES,
  landAreaProblem,
  SDLT_CONSENT_MESSAGE,
  SDLT_DATE_MESSAGES,
  sdltAgentDetailsSchema,
  SdltConsentSchema,
  SdltInitialQuestionsSchema,
  SdltPropertyDetailsSchema,
  sdltPurchaserDetailsSchema,
  sdltTaxCalculationSchema,
  SdltTransactionDetailsSchema,
  SELECT_ONE_OF_THE_RESPONSES,
} from "./schemas.js";
import { errors } from "../shared/schema-errors.test-helper.js";


describe("initial questions", () => {
  it("need an answer to each question shown", () => {
    expect(errors(SdltInitialQuestionsSchema, {})).toEqual({ needStampDutySubmission: SELECT_ONE_OF_THE_RESPONSES });
    expect(errors(SdltInitialQuestionsSchema, { needStampDutySubmission: "true" })).toEqual({ taxAuthority: SELECT_ONE_OF_THE_RESPONSES });
    expect(errors(SdltInitialQuestionsSchema, { needStampDutySubmission: "true", taxAuthority: "HM_REVENUE_AND_CUSTOMS" })).toEqual({
      submitThroughProduct: SELECT_ONE_OF_THE_RESPONSES,
    });
    expect(errors(SdltInitialQuestionsSchema, { needStampDutySubmission: "true", taxAuthority: "WELSH_REVENUE_AUTHORITY" })).toEqual({});
    expect(errors(SdltInitialQuestionsSchema, { needStampDutySubmission: "false" })).toEqual({});
  });
});

describe("transaction details", () => {
  const valid = {
    propertyType: "RESIDENTIAL",
    effectiveDateOfTransaction: "2025-06-30",
    transactionDescription: "F",
    interestTransferred: "FP",
    restrictionsAffecting: "false",
    landExchanged: "false",
    pursuantToOption: "false",
  };
  it("accepts a complete section", () => {
    expect(SdltTransactionDetailsSchema.parse({ ...valid, landExchangedAddress: { postcode: "x" } })).toMatchObject({
      restrictionsAffecting: false,
      landExchangedAddress: undefined,
    });
  });
  it("requires the answers and chosen values", () => {
    expect(errors(SdltTransactionDetailsSchema, {})).toEqual({
      propertyType: "Property type is required",
      effectiveDateOfTransaction: "Effective date of transaction is required",
      transactionDescription: "Transaction description is required",
      interestTransferred: "Interest transferred is required",
      restrictionsAffecting: SELECT_ONE_OF_THE_RESPONSES,
      landExchanged: SELECT_ONE_OF_THE_RESPONSES,
      pursuantToOption: SELECT_ONE_OF_THE_RESPONSES,
    });
  });
  it("restriction details when restrictions apply: 42, letters, digits, dot and space", () => {
    const restricted = { ...valid, restrictionsAffecting: "true" };
    expect(errors(SdltTransactionDetailsSchema, restricted).restrictionsDetails).toBe("Restrictions details is required");
    expect(errors(SdltTransactionDetailsSchema, { ...restricted, restrictionsDetails: "a".repeat(42) })).toEqual({});
    expect(errors(SdltTransactionDetailsSchema, { ...restricted, restrictionsDetails: "a".repeat(43) }).restrictionsDetails).toBe(
      "Restrictions details must not exceed 42 characters",
    );
    expect(errors(SdltTransactionDetailsSchema, { ...restricted, restrictionsDetails: "a,b" }).restrictionsDetails).toBe("Enter a valid Restrictions details");
  });
  it("land exchanged needs an address with building number or name and postcode", () => {
    const exchanged = { ...valid, landExchanged: "true" };
    expect(errors(SdltTransactionDetailsSchema, exchanged)).toMatchObject({
      "landExchangedAddress.postcode": "Postcode is required",
      "landExchangedAddress.buildingNumber": "Enter at least one of building number or building name",
    });
    expect(SdltTransactionDetailsSchema.parse({ ...exchanged, landExchangedAddress: { buildingNumber: "1", postcode: "m11ae" } }).landExchangedAddress).toMatchObject({
      postcode: "M1 1AE",
    });
  });
  it("contract date: not after the effective date, 1900 to 2099", () => {
    expect(errors(SdltTransactionDetailsSchema, { ...valid, contractDate: "2025-06-30" })).toEqual({});
    expect(errors(SdltTransactionDetailsSchema, { ...valid, contractDate: "2025-07-01" }).contractDate).toBe(SDLT_DATE_MESSAGES.contractAfterEffective);
    expect(errors(SdltTransactionDetailsSchema, { ...valid, contractDate: "1899-12-31" }).contractDate).toBe("Contract date must be between 1900 and 2099");
    expect(errors(SdltTransactionDetailsSchema, { ...valid, effectiveDateOfTransaction: "2100-01-01" }).effectiveDateOfTransaction).toBe(
      "Effective date of transaction must be between 1900 and 2099",
    );
    expect(errors(SdltTransactionDetailsSchema, { ...valid, contractDate: "2025-02-30" }).contractDate).toBe("Enter a valid Contract date");
  });
});

describe("tax calculation", () => {
  const base = { isClaimingRelief: "false", isLinkedTransaction: "false", isAmountPaidIncludePenalties: "false", taxPayable: "4750", amountPaid: "4750" };
  it("a lease (L) needs no consideration", () => {
    const schema = sdltTaxCalculationSchema({ propertyType: "RESIDENTIAL", transactionDescription: "L" });
    expect(schema.parse({ ...base, formCode: ["CASH"], totalConsideration: "1" })).toMatchObject({ taxPayable: 475_000, formCode: undefined, totalConsideration: undefined });
  });
  it("F, A and O need total consideration and forms of consideration, at most 4", () => {
    for (const description of ["F", "A", "O"]) {
      const schema = sdltTaxCalculationSchema({ propertyType: "RESIDENTIAL", transactionDescription: description });
      expect(errors(schema, base)).toEqual({ totalConsideration: "Total consideration is required", formCode: "Form of consideration is required" });
    }
    const schema = sdltTaxCalculationSchema({ transactionDescription: "F" });
    expect(schema.parse({ ...base, totalConsideration: "295000", formCode: "CASH" })).toMatchObject({ totalConsideration: 29_500_000, formCode: ["CASH"] });
    expect(errors(schema, { ...base, totalConsideration: "1", formCode: ["CASH", "DEBT", "OTHER", "SERVICES"] })).toEqual({});
    expect(errors(schema, { ...base, totalConsideration: "1", formCode: ["CASH", "DEBT", "OTHER", "SERVICES", "EMPLOYMENT"] }).formCode).toBe(FORM_CODE_MAX_MESSAGE);
    expect(disabledFormCodes(["CASH", "DEBT", "OTHER", "SERVICES"])).toHaveLength(6);
    expect(disabledFormCodes(["CASH"])).toEqual([]);
  });
  it("relief needs a reason; a scheme number for part exchange and charities; amount chargeable for mixed use", () => {
    const schema = sdltTaxCalculationSchema({ propertyType: "MIXED_USE", transactionDescription: "L" });
    const claiming = { ...base, isClaimingRelief: "true" };
    expect(errors(schema, claiming)).toEqual({ reasonCode: "Relief reason is required", amountChargeable: "Amount chargeable is required" });
    expect(errors(schema, { ...claiming, reasonCode: "PART_EXCHANGE", amountChargeable: "10" }).schemeNumber).toBe("Scheme number is required");
    expect(errors(schema, { ...claiming, reasonCode: "CHARITIES_RELIEF", amountChargeable: "10", schemeNumber: "S".repeat(15) }).schemeNumber).toBe(
      "Scheme number must not exceed 14 characters",
    );
    expect(errors(schema, { ...claiming, reasonCode: "CHARITIES_RELIEF", amountChargeable: "10", schemeNumber: "S".repeat(14) })).toEqual({});
    expect(errors(schema, { ...claiming, reasonCode: "GROUP_RELIEF", amountChargeable: "10" })).toEqual({});
    const residential = sdltTaxCalculationSchema({ propertyType: "RESIDENTIAL", transactionDescription: "L" });
    expect(errors(residential, { ...claiming, reasonCode: "FIRST_TIME_BUYERS_RELIEF" })).toEqual({});
  });
  it("linked transactions need the linked total; tax and amount paid are required", () => {
    const schema = sdltTaxCalculationSchema({ transactionDescription: "L" });
    expect(errors(schema, { ...base, isLinkedTransaction: "true" }).linkedTransactionTotal).toBe("Linked transaction total is required");
    expect(errors(schema, { ...base, taxPayable: undefined, amountPaid: "" })).toMatchObject({ taxPayable: "Tax payable is required", amountPaid: "Amount paid is required" });
    expect(errors(schema, { ...base, vatAmountCharged: "12.50" }).vatAmountCharged).toBe("VAT amount charged must be in whole pounds, with 00 pence");
  });
});

describe("property details", () => {
  const valid = { laNumber: "1234", titleNumber: "DN1", planAttached: "false" };
  it("laNumber exactly 4 digits; title number and plan answer required", () => {
    expect(SdltPropertyDetailsSchema.parse(valid).landDetails).toEqual({ landAreaUnit: "HECTARES" });
    expect(errors(SdltPropertyDetailsSchema, { ...valid, laNumber: "123" }).laNumber).toBe("Enter a valid Local authority number");
    expect(errors(SdltPropertyDetailsSchema, { ...valid, laNumber: "12345" }).laNumber).toBe("Enter a valid Local authority number");
    expect(errors(SdltPropertyDetailsSchema, {})).toMatchObject({ laNumber: "Local authority number is required", titleNumber: "Title number is required" });
    expect(errors(SdltPropertyDetailsSchema, { ...valid, nlpgUprn: "A".repeat(15) }).nlpgUprn).toBe("NLPG UPRN must not exceed 14 characters");
  });
  it("land area: 14 characters and 3 decimals, with a combined message", () => {
    expect(landAreaProblem("12345678901.123")).toBe(LAND_AREA_MESSAGES.tooLong);
    expect(landAreaProblem("1234567890.123")).toBeNull();
    expect(landAreaProblem("1.1234")).toBe(LAND_AREA_MESSAGES.decimals);
    expect(landAreaProblem("1234567890123.1234")).toBe(LAND_AREA_MESSAGES.both);
    expect(landAreaProblem("1,2")).toBe(LAND_AREA_MESSAGES.invalid);
    expect(errors(SdltPropertyDetailsSchema, { ...valid, landDetails: { landArea: "1.1234" } })["landDetails.landArea"]).toBe(LAND_AREA_MESSAGES.decimals);
    expect(SdltPropertyDetailsSchema.parse({ ...valid, landDetails: { landArea: "2.5", landAreaUnit: "SQUARE_METERS" } }).landDetails).toEqual({
      landArea: "2.5",
      landAreaUnit: "SQUARE_METERS",
    });
  });
});

describe("agent details", () => {
  it("agent name required when the agent rule applies; limits of 28 and 14", () => {
    const required = sdltAgentDetailsSchema({ agentRequired: true, addressShown: false });
    expect(errors(required, {}).agentName).toBe("Agent name is required");
    expect(errors(required, { agentName: "A".repeat(29) }).agentName).toBe("Agent name must not exceed 28 characters");
    expect(errors(required, { agentName: "A".repeat(28), agentReference: "R".repeat(15) }).agentReference).toBe("Agent reference must not exceed 14 characters");
    expect(errors(required, { agentName: " A" }).agentName).toBe("Agent name must not start with a space");
    expect(errors(required, { agentName: "A", agentPhoneNumber: "+44 (0)20-7946" })).toEqual({});
    expect(errors(required, { agentName: "A", agentPhoneNumber: "0207x" }).agentPhoneNumber).toBe("Enter a valid Agent phone number");
    const optional = sdltAgentDetailsSchema({ agentRequired: false, addressShown: true });
    expect(errors(optional, {})["agentAddress"]).toBe("Invalid input: expected object, received undefined");
    expect(optional.parse({ agentAddress: { buildingName: "A", postcode: "M1 1AE" } }).agentAddress?.postcode).toBe("M1 1AE");
  });
  it("knows when the agent is required", () => {
    expect(isAgentRequired({ authorisedAgent: true })).toBe(true);
    expect(isAgentRequired({ certificateAddress: "AGENT" })).toBe(true);
    expect(isAgentRequired({ authorisedAgent: false, certificateAddress: "PROPERTY" })).toBe(false);
  });
});

describe("purchaser details", () => {
  const schema = sdltPurchaserDetailsSchema(() => new Date("2025-06-01T12:00:00Z"));
  const address = { buildingNumber: "1", postcode: "M1 1AE" };
  const primary = {
    title: "Mr",
    address,
    identification: { type: "NATIONAL_INSURANCE_NUMBER", identificationNumber: "QQ123456C", dateOfBirth: "1980-01-01" },
    actingAsTrustee: "false",
    connectedToVendor: "false",
    certificateAddress: "PROPERTY",
    authorisedAgent: "false",
  };
  it("accepts a complete primary purchaser and maps Other to its text", () => {
    expect(schema.parse({ primaryPurchaser: primary }).primaryPurchaser.title).toBe("Mr");
    expect(schema.parse({ primaryPurchaser: { ...primary, title: "Other", otherTitle: "Dr." } }).primaryPurchaser.title).toBe("Dr.");
  });
  it("other title: required with Other, letters and dots, at most 6", () => {
    expect(errors(schema, { primaryPurchaser: { ...primary, title: "Other" } })["primaryPurchaser.otherTitle"]).toBe("Other title is required");
    expect(errors(schema, { primaryPurchaser: { ...primary, title: "Other", otherTitle: "Profess" } })["primaryPurchaser.otherTitle"]).toBe(
      "Other title must not exceed 6 characters",
    );
    expect(errors(schema, { primaryPurchaser: { ...primary, title: "Other", otherTitle: "Dr 1" } })["primaryPurchaser.otherTitle"]).toBe("Enter a valid Other title");
  });
  it("identification number by type", () => {
    expect(identificationNumberProblem("NATIONAL_INSURANCE_NUMBER", "QQ12345")).toBe("Enter a valid National Insurance number");
    expect(identificationNumberProblem("NATIONAL_INSURANCE_NUMBER", "QQ1234567")).toBeNull();
    expect(identificationNumberProblem("NATIONAL_INSURANCE_NUMBER", "QQ12345678")).toBe("Enter a valid National Insurance number");
    expect(identificationNumberProblem("NATIONAL_INSURANCE_NUMBER", "")).toBe("National Insurance number is required");
    expect(identificationNumberProblem("VAT_REGISTRATION_NUMBER", "123456789")).toBeNull();
    expect(identificationNumberProblem("VAT_REGISTRATION_NUMBER", "12345678")).toBe("Enter a valid VAT registration number");
    expect(identificationNumberProblem("VAT_REGISTRATION_NUMBER", undefined)).toBe("VAT registration number is required");
    expect(identificationNumberProblem("UK_COMPANY_UTR_OR_UK_PARTNERSHIP_UTR", "1234567890")).toBeNull();
    expect(identificationNumberProblem("UK_COMPANY_UTR_OR_UK_PARTNERSHIP_UTR", "12345678901")).toBe("Enter a valid UTR");
    expect(identificationNumberProblem("UK_COMPANY_UTR_OR_UK_PARTNERSHIP_UTR", " ")).toBe("UTR is required");
    expect(identificationNumberProblem("NON_UK_TAX_REFERENCE_NUMBER", "X".repeat(21))).toBe("Identification number must not exceed 20 characters");
  });
  it("date of birth for a National Insurance number: required, not in the future", () => {
    const withBirth = (dateOfBirth?: string) => ({ primaryPurchaser: { ...primary, identification: { ...primary.identification, dateOfBirth } } });
    expect(errors(schema, withBirth(undefined))["primaryPurchaser.identification.dateOfBirth"]).toBe("Date of birth is required");
    expect(errors(schema, withBirth("2025-06-01"))).toEqual({});
    expect(errors(schema, withBirth("2025-06-02"))["primaryPurchaser.identification.dateOfBirth"]).toBe(SDLT_DATE_MESSAGES.birthInFuture);
    expect(errors(schema, withBirth("1899-12-31"))["primaryPurchaser.identification.dateOfBirth"]).toBe("Enter a valid Date of birth");
  });
  it("asks the caller's clock at each parse, for today in London", () => {
    let now = new Date("2025-06-01T22:59:59Z"); // 23:59:59 on 1 June in London (BST)
    const clocked = sdltPurchaserDetailsSchema(() => now);
    const born = { primaryPurchaser: { ...primary, identification: { ...primary.identification, dateOfBirth: "2025-06-02" } } };
    expect(errors(clocked, born)["primaryPurchaser.identification.dateOfBirth"]).toBe(SDLT_DATE_MESSAGES.birthInFuture);
    now = new Date("2025-06-01T23:00:00Z"); // midnight: 2 June in London
    expect(errors(clocked, born)).toEqual({});
  });
  it("requires the primary purchaser's answers; additional and second purchasers need theirs", () => {
    expect(errors(schema, { primaryPurchaser: { title: "Ms", identification: {} } })).toMatchObject({
      "primaryPurchaser.address": "Invalid input: expected object, received undefined",
      "primaryPurchaser.identification.type": "Identification type is required",
      "primaryPurchaser.actingAsTrustee": SELECT_ONE_OF_THE_RESPONSES,
      "primaryPurchaser.connectedToVendor": SELECT_ONE_OF_THE_RESPONSES,
      "primaryPurchaser.certificateAddress": "Certificate address is required",
      "primaryPurchaser.authorisedAgent": SELECT_ONE_OF_THE_RESPONSES,
    });
    expect(
      errors(schema, { primaryPurchaser: primary, additionalPurchaser: { title: "Mx", address }, stampDuty2Purchasers: [{ title: "Mrs", address, actingAsTrustee: "true" }] }),
    ).toEqual({ "additionalPurchaser.actingAsTrustee": SELECT_ONE_OF_THE_RESPONSES, "stampDuty2Purchasers.0.connectedToVendor": SELECT_ONE_OF_THE_RESPONSES });
  });
});

describe("consent", () => {
  it("needs both boxes", () => {
    expect(errors(SdltConsentSchema, { accuracy: "on" })).toEqual({ autoSubmit: SDLT_CONSENT_MESSAGE });
    expect(SdltConsentSchema.parse({ accuracy: "on", autoSubmit: true })).toEqual({ accuracy: true, autoSubmit: true });
  });
});

const address = { buildingNumber: "1", postcode: "SW1A 1AA" };
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

describe("length limits: the limit is accepted, one more is refused with the message", () => {
  lengthLimitTests([
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
  ]);
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
