/**
 * The stamp duty land tax return through the real provider (document 3 sections 2.3, 4.5, 5.2, 6 and 7.2;
 * decisions 0810-0812): the tab's rule, the initial questions' answer (and that it cannot change), the five
 * sections with a representative set of 5.2's rules and their messages, the calculated tax stored beside the
 * entered one, consent, the lock, reopening, permissions, and 428 / 409 with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SDLT_CALCULATION_NOTES,
  SDLT_MESSAGES,
  StampDutyDetailsSchema,
  type StampDutyDetails,
} from "../../core/sdlt/api.js";
import { calculateSdlt, SDLT_CALCULATION_NOTE, type SdltInput } from "../../core/sdlt/calculation.js";
import { SDLT_CONSENT_MESSAGE } from "../../core/sdlt/schemas.js";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { ifMatch, VERSION_REQUIRED_MESSAGE } from "../../core/shared/versions.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { personWith } from "./generated-support.js";
import { DEMO_USERS, startTestProvider, type TestProvider } from "./support.js";

const L = "/api/lodgement/v1";
const WS = DEMO_WORKSPACES.purchaseReady.workspaceId; // WS-3: Harper & Vale for the buyers (dual representation)

let provider: TestProvider;
let harper: string;
let northgate: string; // the incoming lender on WS-3: no stamp duty permissions there
let keystone: string; // not a participant of WS-3
let helpdesk: string;
let viewer: string; // a Workspace Viewer of Harper & Vale

beforeAll(async () => {
  provider = await startTestProvider();
  [harper, northgate, keystone, helpdesk] = await Promise.all([
    provider.scriptToken("harperVale"),
    provider.scriptToken("northgate"),
    provider.scriptToken("keystone"),
    provider.loginToken(DEMO_USERS.helpdesk.email),
  ]);
  viewer = (await personWith(provider, { harperVale: ["Workspace Viewer"] }, "Viewer")).tokens.harperVale!;
  await setFlag(true);
});
afterAll(() => provider?.close());

async function setFlag(enabled: boolean) {
  const response = await provider.call(helpdesk, {
    method: "PUT",
    url: "/api/v1/feature-flags/sdltEnabled",
    payload: { enabled },
  });
  expect(response.statusCode, response.body).toBe(200);
}

type Method = "GET" | "POST" | "PUT";
function call(token: string, method: Method, url: string, payload?: unknown, version?: number) {
  return provider.call(token, {
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: version === undefined ? {} : { "if-match": ifMatch(version) },
  });
}
type Answer = Awaited<ReturnType<typeof call>>;

function expectRefusal(response: Answer, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().message).toBe(message);
}

function details(response: Answer): StampDutyDetails {
  expect(response.statusCode, response.body).toBe(200);
  return StampDutyDetailsSchema.parse(response.json());
}

const read = async (token = harper, workspaceId = WS) =>
  details(await call(token, "GET", `${L}/lodgement-cases/stamp-duty-details?workspace_id=${workspaceId}`));

function applicationPath(current: StampDutyDetails) {
  const application = current.taxApplication!;
  return `${L}/lodgement-cases/${current.lodgementCaseId}/taxes/${application.taxId}/tax-applications/${application.taxApplicationId}`;
}

async function save(slug: string, body: unknown, token = harper): Promise<Answer> {
  const current = await read();
  return call(token, "PUT", `${applicationPath(current)}/${slug}`, body, current.version);
}

const address = { buildingNumber: "2", street: "Quay Street", town: "Bristol", postcode: "BS1 4RS" };
const TRANSACTION = {
  propertyType: "RESIDENTIAL",
  contractDate: "2020-01-02",
  transactionDescription: "F",
  interestTransferred: "FT",
  restrictionsAffecting: false,
  landExchanged: false,
  pursuantToOption: false,
};
const TAX = {
  isClaimingRelief: false,
  totalConsideration: "295000",
  formCode: ["CASH"],
  isLinkedTransaction: false,
  taxPayable: "4750",
  amountPaid: "4750",
  isAmountPaidIncludePenalties: false,
};
const PROPERTY = {
  laNumber: "0116",
  planAttached: false,
  landDetails: { landArea: "0.25", landAreaUnit: "HECTARES" },
};
const purchaser = (extra: Record<string, unknown> = {}) => ({
  title: "Ms",
  address,
  identification: {
    type: "NATIONAL_INSURANCE_NUMBER",
    identificationNumber: "QQ123456C",
    dateOfBirth: "1980-05-01",
  },
  hasNonUKResident: false,
  actingAsTrustee: false,
  connectedToVendor: false,
  certificateAddress: "PROPERTY",
  authorisedAgent: false,
  ...extra,
});
const AGENT = {
  agentName: "Harper & Vale LLP",
  agentReference: "HV-3301",
  agentPhoneNumber: "0117 496 0000",
};

/** What the provider must have stored for this input: calculateSdlt's answer in pence, or why there is none. */
function expectCalculation(current: StampDutyDetails, input: SdltInput, entered: number) {
  const calculation = current.taxApplication!.calculation!;
  expect(calculation.enteredTaxPayable).toBe(entered);
  let expected;
  try {
    expected = calculateSdlt(input);
  } catch {
    // The rule sets are another branch's work: until they land the provider says why there is no figure.
    expect(calculation.calculated).toBe(false);
    expect(calculation.note.startsWith(SDLT_CALCULATION_NOTES.unavailable)).toBe(true);
    return;
  }
  expect(calculation).toMatchObject({
    calculated: true,
    tax: expected.tax * 100,
    rules: expected.rules,
    differs: expected.tax * 100 !== entered,
    note: SDLT_CALCULATION_NOTE,
    input: {
      ...input,
      price: input.price * 100,
      firstTimeBuyer: input.firstTimeBuyer ?? false,
      additionalDwelling: input.additionalDwelling ?? false,
      nonResident: input.nonResident ?? false,
    },
  });
  expect(calculation.bands).toEqual(
    expected.bands.map((band) => ({
      from: band.from * 100,
      to: band.to === null ? null : band.to * 100,
      rate: band.rate,
      tax: band.tax * 100,
    })),
  );
}

describe("the stamp duty tab's rule, enforced by the provider", () => {
  it("is not available with the SDLT flag off, nor for a remortgage", async () => {
    await setFlag(false);
    expectRefusal(
      await call(harper, "GET", `${L}/lodgement-cases/stamp-duty-details?workspace_id=${WS}`),
      404,
      SDLT_MESSAGES.notAvailable,
    );
    await setFlag(true);
    const remortgage = DEMO_WORKSPACES.remortgageReady.workspaceId;
    expectRefusal(
      await call(helpdesk, "GET", `${L}/lodgement-cases/stamp-duty-details?workspace_id=${remortgage}`),
      404,
      SDLT_MESSAGES.notAvailable,
    );
  });

  it("is not available without a buyer party with dual representation", async () => {
    const before = await provider.db
      .selectFrom("workspace_parties")
      .select(["party_id", "representation_type"])
      .where("workspace_id", "=", WS)
      .where("role", "=", "BUYER")
      .execute();
    await provider.db
      .updateTable("workspace_parties")
      .set({ representation_type: "SEPARATE_REPRESENTATION" })
      .where("workspace_id", "=", WS)
      .where("role", "=", "BUYER")
      .execute();
    try {
      expectRefusal(
        await call(harper, "GET", `${L}/lodgement-cases/stamp-duty-details?workspace_id=${WS}`),
        404,
        SDLT_MESSAGES.notAvailable,
      );
    } finally {
      for (const party of before) {
        await provider.db
          .updateTable("workspace_parties")
          .set({ representation_type: party.representation_type })
          .where("party_id", "=", party.party_id)
          .execute();
      }
    }
  });

  it("answers 404 outside the caller's workspaces and 403 without the stamp duty permissions there", async () => {
    expect(
      (await call(keystone, "GET", `${L}/lodgement-cases/stamp-duty-details?workspace_id=${WS}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(northgate, "GET", `${L}/lodgement-cases/stamp-duty-details?workspace_id=${WS}`)).statusCode,
    ).toBe(403);
  });

  it("shows the read-only transaction details from the workspace before any answer", async () => {
    const current = await read();
    const workspace = await provider.db
      .selectFrom("workspaces")
      .select((eb) => eb.cast<string>("completion_date", "text").as("completion"))
      .where("workspace_id", "=", WS)
      .executeTakeFirstOrThrow();
    const buyers = await provider.db
      .selectFrom("workspace_parties")
      .select(["party_id"])
      .where("workspace_id", "=", WS)
      .where("role", "=", "BUYER")
      .orderBy("position")
      .execute();
    expect(current).toMatchObject({
      workspaceId: WS,
      version: 1,
      taxEligibilityStatus: null,
      revenueAuthority: null,
      taxApplication: null,
    });
    expect(current.transactionDetails.effectiveDateOfTransaction).toBe(workspace.completion);
    expect(current.transactionDetails.transactionType).toBe("PURCHASE");
    expect(current.transactionDetails.propertyAddress).toContain("BS1 4RS");
    expect(current.transactionDetails.purchasers.map((buyer) => buyer.id)).toEqual(
      buyers.map((buyer) => buyer.party_id),
    );
    // The helpdesk administrator is exempt from the contextual checks; a viewer of the buyers' firm sees it too.
    expect((await read(helpdesk)).lodgementCaseId).toBe(current.lodgementCaseId);
    expect((await read(viewer)).lodgementCaseId).toBe(current.lodgementCaseId);
  });
});

describe("the initial questions' answer", () => {
  const eligibility = async (body: unknown, version?: number, token = harper) => {
    const current = await read();
    return call(
      token,
      "POST",
      `${L}/lodgement-cases/${current.lodgementCaseId}/tax-eligibility`,
      body,
      version,
    );
  };
  const through = {
    taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA",
    revenueAuthority: "HM_REVENUE_AND_CUSTOMS",
  };

  it("needs If-Match, the current version and the add permission, and writes nothing when refused", async () => {
    expectRefusal(await eligibility(through), 428, VERSION_REQUIRED_MESSAGE);
    expectRefusal(await eligibility(through, 7), 409, CONFLICT_MESSAGE);
    expect((await eligibility(through, 1, viewer)).statusCode).toBe(403);
    expect(await provider.db.selectFrom("stamp_duty_returns").selectAll().execute()).toEqual([]);
  });

  it("keeps the Welsh authority outside the product and asks for an authority when a return is needed", async () => {
    expectRefusal(
      await eligibility(
        { taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA", revenueAuthority: "WELSH_REVENUE_AUTHORITY" },
        1,
      ),
      400,
      SDLT_MESSAGES.welshOutside,
    );
    expectRefusal(
      await eligibility({ taxEligibilityStatus: "SUBMISSION_OUTSIDE_PEXA" }, 1),
      400,
      `Invalid request. body.revenueAuthority: ${SDLT_MESSAGES.authorityRequired}`,
    );
    expect((await eligibility({ taxEligibilityStatus: "MAYBE" }, 1)).statusCode).toBe(400);
  });

  it("creates the tax application (CREATED, every section PENDING) for submission through the product; cannot change afterwards", async () => {
    const answered = details(await eligibility(through, 1));
    expect(answered).toMatchObject({
      version: 2,
      taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA",
      revenueAuthority: "HM_REVENUE_AND_CUSTOMS",
    });
    const application = answered.taxApplication!;
    expect(application).toMatchObject({
      taxApplicationStatus: "CREATED",
      canBePrepared: false,
      calculation: null,
    });
    expect(Object.values(application.sections).map((section) => section?.status)).toEqual([
      "PENDING",
      "PENDING",
      "PENDING",
      "PENDING",
      "PENDING",
    ]);
    // The same answer again changes nothing; a different one is refused.
    expect(details(await eligibility(through, 2)).version).toBe(2);
    const changed = await eligibility({ taxEligibilityStatus: "NOT_REQUIRED", revenueAuthority: null }, 2);
    expectRefusal(changed, 409, SDLT_MESSAGES.decisionConfirmed);
    expect((await read()).taxEligibilityStatus).toBe("SUBMISSION_THROUGH_PEXA");
    const audit = await provider.db
      .selectFrom("audit_events")
      .select("action")
      .where("action", "=", "SDLT_ELIGIBILITY_CONFIRMED")
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe("the five sections", () => {
  it("refuses the tax calculation before the transaction details (it depends on them)", async () => {
    expectRefusal(await save("tax-calculation-details", TAX), 400, SDLT_MESSAGES.transactionDetailsFirst);
  });

  it("checks the transaction details with 5.2's messages and takes the effective date from the workspace", async () => {
    expectRefusal(
      await save("transaction-details", { ...TRANSACTION, restrictionsAffecting: true }),
      400,
      "Invalid request. body.restrictionsDetails: Restrictions details is required",
    );
    expectRefusal(
      await save("transaction-details", {
        ...TRANSACTION,
        restrictionsAffecting: true,
        restrictionsDetails: "No pets!",
      }),
      400,
      "Invalid request. body.restrictionsDetails: Enter a valid Restrictions details",
    );
    expectRefusal(
      await save("transaction-details", { ...TRANSACTION, contractDate: "2099-12-31" }),
      400,
      "Invalid request. body.contractDate: Contract date must not be after the effective date of the transaction",
    );
    expectRefusal(
      await save("transaction-details", { ...TRANSACTION, landExchanged: true }),
      400,
      "Invalid request. body.landExchangedAddress.postcode: Postcode is required",
    );
    const saved = details(
      await save("transaction-details", {
        ...TRANSACTION,
        effectiveDateOfTransaction: "2001-01-01",
        landExchangedAddress: address,
      }),
    );
    const section = saved.taxApplication!.sections.transactionDetails;
    expect(section.status).toBe("COMPLETED");
    expect(section.data).toMatchObject({
      propertyType: "RESIDENTIAL",
      effectiveDateOfTransaction: saved.transactionDetails.effectiveDateOfTransaction,
    });
    // Sent only when land was exchanged.
    expect(section.data!.landExchangedAddress).toBeUndefined();
  });

  it("checks the money fields (whole pounds, not negative, 10 digits) and the conditional rules of the tax calculation", async () => {
    expectRefusal(
      await save("tax-calculation-details", { ...TAX, taxPayable: "4750.50" }),
      400,
      "Invalid request. body.taxPayable: Tax payable must be in whole pounds, with 00 pence",
    );
    expectRefusal(
      await save("tax-calculation-details", { ...TAX, amountPaid: "-1" }),
      400,
      "Invalid request. body.amountPaid: Amount paid must be a valid amount in pounds",
    );
    expectRefusal(
      await save("tax-calculation-details", { ...TAX, totalConsideration: "12345678901" }),
      400,
      "Invalid request. body.totalConsideration: Total consideration can have up to 10 digits",
    );
    expectRefusal(
      await save("tax-calculation-details", { ...TAX, isClaimingRelief: true }),
      400,
      "Invalid request. body.reasonCode: Relief reason is required",
    );
    expectRefusal(
      await save("tax-calculation-details", { ...TAX, isClaimingRelief: true, reasonCode: "PART_EXCHANGE" }),
      400,
      "Invalid request. body.schemeNumber: Scheme number is required",
    );
    expectRefusal(
      await save("tax-calculation-details", { ...TAX, totalConsideration: undefined }),
      400,
      "Invalid request. body.totalConsideration: Total consideration is required",
    );
    expectRefusal(
      await save("tax-calculation-details", {
        ...TAX,
        formCode: ["CASH", "DEBT", "OTHER", "SERVICES", "EMPLOYMENT"],
      }),
      400,
      "Invalid request. body.formCode: Select no more than 4 forms of consideration",
    );
  });

  it("stores the tax calculated beside the entered one (pence), as calculateSdlt answers for the same input", async () => {
    const saved = details(await save("tax-calculation-details", TAX));
    expect(saved.taxApplication!.sections.taxCalculation.data).toMatchObject({
      totalConsideration: 29_500_000,
      taxPayable: 475_000,
      amountPaid: 475_000,
      formCode: ["CASH"],
    });
    const effectiveDate = saved.transactionDetails.effectiveDateOfTransaction!;
    expectCalculation(
      saved,
      {
        price: 295_000,
        kind: "residential",
        effectiveDate,
        firstTimeBuyer: false,
        additionalDwelling: false,
        nonResident: false,
      },
      475_000,
    );

    const firstTime = details(
      await save("tax-calculation-details", {
        ...TAX,
        isClaimingRelief: true,
        reasonCode: "FIRST_TIME_BUYERS_RELIEF",
      }),
    );
    expectCalculation(
      firstTime,
      {
        price: 295_000,
        kind: "residential",
        effectiveDate,
        firstTimeBuyer: true,
        additionalDwelling: false,
        nonResident: false,
      },
      475_000,
    );
  });

  it("makes the tax calculation pending again when the transaction details no longer fit it, and calculates nothing for a new lease", async () => {
    const lease = details(
      await save("transaction-details", {
        ...TRANSACTION,
        transactionDescription: "L",
        interestTransferred: "LG",
      }),
    );
    expect(lease.taxApplication!.sections.taxCalculation.status).toBe("PENDING");
    expect(lease.taxApplication!.calculation).toBeNull();
    const noConsideration = details(await save("tax-calculation-details", TAX));
    expect(noConsideration.taxApplication!.sections.taxCalculation.data!.totalConsideration).toBeUndefined();
    expect(noConsideration.taxApplication!.calculation).toMatchObject({
      calculated: false,
      tax: null,
      note: SDLT_CALCULATION_NOTES.noConsideration,
      enteredTaxPayable: 475_000,
    });
    details(
      await save("transaction-details", {
        ...TRANSACTION,
        propertyType: "RESIDENTIAL_ADDITIONAL_PROPERTIES",
      }),
    );
    const additional = details(await save("tax-calculation-details", TAX));
    expectCalculation(
      additional,
      {
        price: 295_000,
        kind: "residential",
        effectiveDate: additional.transactionDetails.effectiveDateOfTransaction!,
        firstTimeBuyer: false,
        additionalDwelling: true,
        nonResident: false,
      },
      475_000,
    );
  });

  it("checks the property details and keeps the workspace's title number", async () => {
    const before = await read();
    if (!before.transactionDetails.titleNumber) {
      expectRefusal(await save("property-details", PROPERTY), 400, SDLT_MESSAGES.noTitle);
      await provider.db
        .updateTable("lodgement_cases")
        .set({ last_title_number: "AV123456" })
        .where("lodgement_case_id", "=", before.lodgementCaseId)
        .execute();
    }
    expectRefusal(
      await save("property-details", { ...PROPERTY, laNumber: "12a" }),
      400,
      "Invalid request. body.laNumber: Enter a valid Local authority number",
    );
    expectRefusal(
      await save("property-details", { ...PROPERTY, landDetails: { landArea: "12345678901.1234" } }),
      400,
      "Invalid request. body.landDetails.landArea: Land area must not exceed 14 characters and can have up to 3 decimal places",
    );
    const saved = details(await save("property-details", { ...PROPERTY, titleNumber: "FORGED1" }));
    expect(saved.taxApplication!.sections.propertyDetails.data).toMatchObject({
      laNumber: "0116",
      titleNumber: saved.transactionDetails.titleNumber,
      noOfProperties: 1,
    });
    expect(saved.transactionDetails.titleNumber).not.toBe("FORGED1");
  });

  it("checks the purchasers (identification by type, date of birth, other title) and names them from the buyer parties", async () => {
    const buyers = (await read()).transactionDetails.purchasers;
    expectRefusal(
      await save("purchaser-details", {
        primaryPurchaser: purchaser({
          identification: {
            type: "NATIONAL_INSURANCE_NUMBER",
            identificationNumber: "QQ1",
            dateOfBirth: "1980-05-01",
          },
        }),
      }),
      400,
      "Invalid request. body.primaryPurchaser.identification.identificationNumber: Enter a valid National Insurance number",
    );
    expectRefusal(
      await save("purchaser-details", {
        primaryPurchaser: purchaser({
          identification: { type: "VAT_REGISTRATION_NUMBER", identificationNumber: "12345" },
        }),
      }),
      400,
      "Invalid request. body.primaryPurchaser.identification.identificationNumber: Enter a valid VAT registration number",
    );
    expectRefusal(
      await save("purchaser-details", {
        primaryPurchaser: purchaser({
          identification: {
            type: "NATIONAL_INSURANCE_NUMBER",
            identificationNumber: "QQ123456C",
            dateOfBirth: "2099-01-01",
          },
        }),
      }),
      400,
      "Invalid request. body.primaryPurchaser.identification.dateOfBirth: Date of birth must not be in the future",
    );
    expectRefusal(
      await save("purchaser-details", { primaryPurchaser: purchaser({ title: "Other" }) }),
      400,
      "Invalid request. body.primaryPurchaser.otherTitle: Other title is required",
    );
    expectRefusal(
      await save("purchaser-details", { primaryPurchaser: purchaser({ id: "not-a-buyer" }) }),
      400,
      `Invalid request. body.primaryPurchaser.id: ${SDLT_MESSAGES.notABuyer}`,
    );
    const body = {
      primaryPurchaser: purchaser({
        id: buyers[0]!.id,
        title: "Other",
        otherTitle: "Dr",
        hasNonUKResident: true,
      }),
      additionalPurchaser: buyers[1]
        ? { id: buyers[1].id, title: "Mr", address, actingAsTrustee: false }
        : undefined,
    };
    const saved = details(await save("purchaser-details", body));
    const data = saved.taxApplication!.sections.purchaserDetails!.data!;
    expect(data.primaryPurchaser).toMatchObject({ id: buyers[0]!.id, name: buyers[0]!.name, title: "Dr" });
    if (buyers[1]) expect(data.additionalPurchaser).toMatchObject({ id: buyers[1].id, name: buyers[1].name });
    // A non-UK resident primary purchaser: the calculation is made again with the surcharge asked for.
    expect(
      saved.taxApplication!.calculation!.calculated
        ? saved.taxApplication!.calculation!.input!.nonResident
        : true,
    ).toBe(true);
  });

  it("requires the agent's name when the primary purchaser is an authorised agent, and checks its fields", async () => {
    const buyers = (await read()).transactionDetails.purchasers;
    details(
      await save("purchaser-details", {
        primaryPurchaser: purchaser({ id: buyers[0]!.id, authorisedAgent: true }),
      }),
    );
    expectRefusal(
      await save("purchaser-agent-details", { agentReference: "HV" }),
      400,
      "Invalid request. body.agentName: Agent name is required",
    );
    expectRefusal(
      await save("purchaser-agent-details", { ...AGENT, agentAddress: address, agentPhoneNumber: "call me" }),
      400,
      "Invalid request. body.agentPhoneNumber: Enter a valid Agent phone number",
    );
    const saved = details(await save("purchaser-agent-details", { ...AGENT, agentAddress: address }));
    expect(saved.taxApplication!.sections.purchaserAgentDetails).toMatchObject({
      status: "COMPLETED",
      data: { agentName: "Harper & Vale LLP", agentReference: "HV-3301" },
    });
  });

  it("lets a viewer read but neither edit a completed section nor add a pending one", async () => {
    const before = await read();
    expect((await save("transaction-details", TRANSACTION, viewer)).statusCode).toBe(403);
    await provider.db
      .updateTable("stamp_duty_returns")
      .set({ sections: JSON.stringify({}) })
      .where("lodgement_case_id", "=", before.lodgementCaseId)
      .execute();
    try {
      expect((await save("property-details", PROPERTY, viewer)).statusCode).toBe(403);
    } finally {
      const row = await provider.db
        .selectFrom("stamp_duty_returns")
        .select("sections")
        .where("lodgement_case_id", "=", before.lodgementCaseId)
        .executeTakeFirstOrThrow();
      expect(row.sections).toEqual({});
      await provider.db
        .updateTable("stamp_duty_returns")
        .set({
          sections: JSON.stringify(
            Object.fromEntries(
              Object.entries({
                "transaction-details": before.taxApplication!.sections.transactionDetails.data,
                "property-details": before.taxApplication!.sections.propertyDetails.data,
                "tax-calculation": before.taxApplication!.sections.taxCalculation.data,
                "purchaser-details": before.taxApplication!.sections.purchaserDetails?.data,
                "purchaser-agent-details": before.taxApplication!.sections.purchaserAgentDetails.data,
              }).filter(([, data]) => data),
            ),
          ),
        })
        .where("lodgement_case_id", "=", before.lodgementCaseId)
        .execute();
    }
    expect((await read()).version).toBe(before.version);
  });

  it("refuses a stale version and writes nothing", async () => {
    const current = await read();
    expectRefusal(
      await call(
        harper,
        "PUT",
        `${applicationPath(current)}/property-details`,
        PROPERTY,
        current.version - 1,
      ),
      409,
      CONFLICT_MESSAGE,
    );
    expectRefusal(
      await call(harper, "PUT", `${applicationPath(current)}/property-details`, PROPERTY),
      428,
      VERSION_REQUIRED_MESSAGE,
    );
    expect((await read()).version).toBe(current.version);
  });
});

describe("purchasers that are no longer the workspace's buyers", () => {
  it("make the purchaser details pending again (consent refused) until they are saved again; renamed buyers are renamed", async () => {
    const current = await read();
    const primaryId = current.taxApplication!.sections.purchaserDetails!.data!.primaryPurchaser.id!;
    await provider.db
      .updateTable("workspace_parties")
      .set({ forenames: "Renamed" })
      .where("party_id", "=", primaryId)
      .execute();
    const renamed = await read();
    expect(renamed.taxApplication!.sections.purchaserDetails!.data!.primaryPurchaser.name).toMatch(
      /^Renamed /,
    );
    await provider.db
      .updateTable("workspace_parties")
      .set({ role: "SELLER" })
      .where("party_id", "=", primaryId)
      .execute();
    try {
      const stale = await read();
      expect(stale.taxApplication!.sections.purchaserDetails!.status).toBe("PENDING");
      expect(stale.taxApplication!.sections.purchaserDetails!.data!.primaryPurchaser.id).toBe(primaryId);
      expect(stale.taxApplication!.canBePrepared).toBe(false);
      expectRefusal(
        await call(
          harper,
          "POST",
          `${applicationPath(stale)}/consent`,
          { accuracy: true, autoSubmit: true },
          stale.version,
        ),
        400,
        SDLT_MESSAGES.notReady,
      );
    } finally {
      await provider.db
        .updateTable("workspace_parties")
        .set({ role: "BUYER" })
        .where("party_id", "=", primaryId)
        .execute();
    }
    expect((await read()).taxApplication!.canBePrepared).toBe(true);
  });
});

describe("hostile section bodies", () => {
  const HOSTILE: unknown[] = [
    { propertyType: 1, restrictionsAffecting: "maybe", landExchangedAddress: "a string" },
    { taxPayable: 4750, amountPaid: ["1"], formCode: { CASH: true }, isClaimingRelief: null },
    { laNumber: ["0116"], landDetails: "big", planAttached: {} },
    { primaryPurchaser: "me", stampDuty2Purchasers: "x" },
    {
      primaryPurchaser: { identification: "NI", address: [] },
      additionalPurchaser: 7,
      stampDuty2Purchasers: [null, 1],
    },
    { agentAddress: [], agentName: { first: "x" }, agentReference: 5 },
    JSON.parse('{"__proto__":{"isHelpdesk":true},"constructor":{"prototype":{"polluted":true}}}'),
    JSON.parse(`${'{"primaryPurchaser":'.repeat(200)}1${"}".repeat(200)}`),
  ];

  it("are refused with 400 by every section, never a server error, and change nothing", async () => {
    const before = await read();
    const slugs = [
      "transaction-details",
      "tax-calculation-details",
      "property-details",
      "purchaser-details",
      "purchaser-agent-details",
    ];
    for (const slug of slugs) {
      for (const body of HOSTILE) {
        const response = await call(
          harper,
          "PUT",
          `${applicationPath(before)}/${slug}`,
          body,
          before.version,
        );
        expect(response.statusCode, `${slug} ${JSON.stringify(body).slice(0, 80)}: ${response.body}`).toBe(
          400,
        );
      }
    }
    expect((await read()).version).toBe(before.version);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("consent and reopening", () => {
  it("needs both statements, moves the return to PREPARED and locks every section", async () => {
    const current = await read();
    expect(current.taxApplication!.canBePrepared).toBe(true);
    const consent = (body: unknown, version = current.version, token = harper) =>
      call(token, "POST", `${applicationPath(current)}/consent`, body, version);
    expectRefusal(
      await consent({ accuracy: true }),
      400,
      `Invalid request. body.autoSubmit: ${SDLT_CONSENT_MESSAGE}`,
    );
    expect((await consent({ accuracy: true, autoSubmit: true }, current.version, viewer)).statusCode).toBe(
      403,
    );
    const prepared = details(await consent({ accuracy: true, autoSubmit: "on" }));
    expect(prepared.taxApplication).toMatchObject({
      taxApplicationStatus: "PREPARED",
      canBePrepared: false,
      canBeReopened: true,
    });
    expectRefusal(await save("property-details", PROPERTY), 400, SDLT_MESSAGES.locked);
    expectRefusal(
      await consent({ accuracy: true, autoSubmit: true }, prepared.version),
      400,
      SDLT_MESSAGES.locked,
    );
  });

  it("reopens before the completion date (CREATED again), and not on or after it", async () => {
    const current = await read();
    const reopen = (version: number) =>
      call(harper, "POST", `${applicationPath(current)}/reopen`, undefined, version);
    expectRefusal(await reopen(current.version - 1), 409, CONFLICT_MESSAGE);
    const reopened = details(await reopen(current.version));
    expect(reopened.taxApplication!.taxApplicationStatus).toBe("CREATED");
    expectRefusal(await reopen(reopened.version), 400, SDLT_MESSAGES.notPrepared);

    const again = details(
      await call(
        harper,
        "POST",
        `${applicationPath(current)}/consent`,
        { accuracy: true, autoSubmit: true },
        reopened.version,
      ),
    );
    const completion = current.transactionDetails.effectiveDateOfTransaction;
    await provider.db
      .updateTable("workspaces")
      .set({ completion_date: "2020-01-01" })
      .where("workspace_id", "=", WS)
      .execute();
    try {
      const late = details(
        await call(harper, "GET", `${L}/lodgement-cases/stamp-duty-details?workspace_id=${WS}`),
      );
      expect(late.taxApplication!.canBeReopened).toBe(false);
      expectRefusal(await reopen(again.version), 400, SDLT_MESSAGES.reopenTooLate);
    } finally {
      await provider.db
        .updateTable("workspaces")
        .set({ completion_date: completion })
        .where("workspace_id", "=", WS)
        .execute();
    }
  });
});
