/**
 * One way to write, for every write the provider's OpenAPI document lists: each PATCH, PUT and DELETE (and
 * each POST that changes a versioned resource) declares If-Match, answers 428 without it and 409 with a
 * stale one, and a refused write changes nothing. The test walks the document: a new write operation
 * fails here until it declares If-Match and has a target below.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { IF_MATCH_HEADER, VERSION_REQUIRED_MESSAGE } from "../../core/shared/versions.js";
import { DEMO_SSO_CONNECTION } from "../../provider/administration/seed.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { DEMO_FINANCIAL_ACCOUNTS } from "../../provider/financials/accounts-seed.js";
import { personWithRoles } from "./administration-support.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, type TestProvider } from "./support.js";

/**
 * Writes that carry no version, with the reason. A feature flag is a switch of an environment that the
 * helpdesk sets to a value: the request holds the whole new state, and nothing else of it can be lost. The
 * web app's session store is written only by the app, for the one browser login a session belongs to, its
 * token refreshes serialised by the store's lease (decision 0017); no person edits a session. The sandbox
 * clock (outside production only) is set to a time, or back to real time, by whoever runs a test or a demo.
 */
const NOT_VERSIONED = new Set([
  "PUT /api/v1/feature-flags/{name}",
  "PUT /api/v1/app-sessions/{sessionId}",
  "DELETE /api/v1/app-sessions/{sessionId}",
  "PUT /api/v1/app-sessions/{sessionId}/times",
  "PUT /api/v1/clock",
  "DELETE /api/v1/clock",
]);

/** POSTs whose If-Match is optional: without it they create a one-per-owner resource (409 when it exists). */
const CREATE_OR_UPDATE = new Set(["POST /api/subscriber/v1/lodgement-identifiers"]);

interface Target {
  token: () => string;
  url: string;
  body: Record<string, unknown>;
}

let provider: TestProvider;
const tokens: Record<string, string> = {};
let operations: { key: string; declaresIfMatch: boolean }[];

const harperVale = DEMO_SUBSCRIBERS.harperVale.subscriberId;
const ashdown = DEMO_SUBSCRIBERS.ashdown.subscriberId;
let registrationId = "";
let referenceId = "";
/** Lodgement cases of demo workspaces 1 (no title), 15 (a name mismatch) and 17 (pending), and the party of 15. */
const cases: Record<string, string> = {};
let mismatchedPartyId = "";
let partyId = "";
let addressId = "";
let lawFirmId = "";
/** The financial settlement schedule of demo workspace 1 and a line item on it. */
let scheduleId = "";
let lineItemId = "";
/** The mortgage charge of demo workspace 1's lodgement case. */
let mortgageChargeId = "";
/** The stamp duty return of demo workspace 3 (a dual-represented purchase): its case and tax application's path. */
let sdltCaseId = "";
let sdltApplicationPath = "";
/** A file of Harper & Vale's on demo workspace 1's case (its policy edited, then deleted). */
const walkFileId = "5d000000-0000-4000-8000-0000000000d1";

function targets(): Record<string, Target> {
  const workspace = DEMO_WORKSPACES.remortgagePreparing.workspaceId;
  return {
    "PATCH /api/workspace/v1/workspaces/{workspaceId}": {
      token: () => tokens.harper!,
      url: `/api/workspace/v1/workspaces/${DEMO_WORKSPACES.remortgageApproved.workspaceId}`,
      body: { approved: false },
    },
    "POST /api/workspace/v1/workspaces/{workspaceId}/references": {
      token: () => tokens.harper!,
      url: `/api/workspace/v1/workspaces/${DEMO_WORKSPACES.remortgageTransferOfEquity.workspaceId}/references`,
      body: { referenceNumber: "WALK-1", representativeRole: "INCOMING_LENDER_REPRESENTATIVE" },
    },
    "PATCH /api/workspace/v1/workspaces/{workspaceId}/references/{referenceId}": {
      token: () => tokens.harper!,
      url: `/api/workspace/v1/workspaces/${workspace}/references/${referenceId}`,
      body: { referenceNumber: "WALK-2" },
    },
    "POST /api/v1/workspaces/{workspaceId}/participants": {
      token: () => tokens.helpdesk!,
      url: `/api/v1/workspaces/${workspace}/participants`,
      body: { subscriberId: DEMO_SUBSCRIBERS.keystone.subscriberId, role: "INCOMING_LENDER_REPRESENTATIVE" },
    },
    "POST /api/v1/lodgement-cases/{lodgementCaseId}/title-search": {
      token: () => tokens.harper!,
      url: `/api/v1/lodgement-cases/${cases.remortgagePreparing}/title-search`,
      body: { titleNumber: "DN100001" },
    },
    "POST /api/v1/lodgement-cases/{lodgementCaseId}/proprietors": {
      token: () => tokens.harper!,
      url: `/api/v1/lodgement-cases/${cases.remortgageBorrowerMismatch}/proprietors`,
      body: { proprietorId: "DN100004-P1", proprietorType: "INDIVIDUAL" },
    },
    "PATCH /api/v1/lodgement-cases/{lodgementCaseId}/change-of-name-application": {
      token: () => tokens.harper!,
      url: `/api/v1/lodgement-cases/${cases.remortgageBorrowerMismatch}/change-of-name-application`,
      body: { proprietorId: "DN100004-P1" },
    },
    "PATCH /api/v1/lodgement-cases/{lodgementCaseId}/set-as-outgoing-proprietor": {
      token: () => tokens.harper!,
      url: `/api/v1/lodgement-cases/${cases.remortgageBorrowerMismatch}/set-as-outgoing-proprietor`,
      body: { proprietorId: "DN100004-P1" },
    },
    "POST /api/v1/lodgement-cases/{lodgementCaseId}/parties/{partyId}/mismatch-resolution": {
      token: () => tokens.harper!,
      url: `/api/v1/lodgement-cases/${cases.remortgageBorrowerMismatch}/parties/${mismatchedPartyId}/mismatch-resolution`,
      body: { action: "NO_ACTION_NEEDED" },
    },
    "POST /api/workspace/v1/workspaces/{workspaceId}/parties": {
      token: () => tokens.harper!,
      url: `/api/workspace/v1/workspaces/${workspace}/parties`,
      body: { role: "BORROWER", type: "INDIVIDUAL", partyDetails: { forenames: "Walk", surname: "Er" } },
    },
    "PATCH /api/workspace/v1/workspaces/{workspaceId}/parties/{partyId}": {
      token: () => tokens.harper!,
      url: `/api/workspace/v1/workspaces/${workspace}/parties/${partyId}`,
      body: { type: "INDIVIDUAL", partyDetails: { forenames: "Walk", surname: "Er" } },
    },
    "DELETE /api/workspace/v1/workspaces/{workspaceId}/parties/{partyId}": {
      token: () => tokens.harper!,
      url: `/api/workspace/v1/workspaces/${workspace}/parties/${partyId}`,
      body: {},
    },
    "POST /api/workspace/v1/workspaces/{workspaceId}/representations": {
      token: () => tokens.harper!,
      url: `/api/workspace/v1/workspaces/${workspace}/representations`,
      body: { partyId, representationType: "NO_REPRESENTATION", verificationOfIdentity: "IDENTITY_EVIDENCE" },
    },
    "PATCH /api/workspace/v1/workspaces/{workspaceId}/law-firms/{lawFirmId}": {
      token: () => tokens.harper!,
      url: `/api/workspace/v1/workspaces/${workspace}/law-firms/${lawFirmId}`,
      body: { referenceNumber: "WALK-3" },
    },
    "PATCH /api/workspace/v1/workspaces/{workspaceId}/addresses/{addressId}": {
      token: () => tokens.harper!,
      url: `/api/workspace/v1/workspaces/${workspace}/addresses/${addressId}`,
      body: { number: "9", postcode: "HG1 2AB" },
    },
    "PATCH /api/settlement/v1/financial-settlement-schedules/{id}": {
      token: () => tokens.harper!,
      url: `/api/settlement/v1/financial-settlement-schedules/${scheduleId}`,
      body: { amountPayableOnCompletion: 150_000 },
    },
    "POST /api/settlement/v1/financial-settlement-schedules/{id}/line-items": {
      token: () => tokens.harper!,
      url: `/api/settlement/v1/financial-settlement-schedules/${scheduleId}/line-items`,
      body: { category: "MORTGAGE_ADVANCE", amount: 100_000, reference: "WALK" },
    },
    "PATCH /api/settlement/v1/financial-settlement-schedules/{id}/line-items/{lineItemId}": {
      token: () => tokens.harper!,
      url: `/api/settlement/v1/financial-settlement-schedules/${scheduleId}/line-items/${lineItemId}`,
      body: { amount: 200_000, reference: "WALK 2" },
    },
    "DELETE /api/settlement/v1/financial-settlement-schedules/{id}/line-items/{lineItemId}": {
      token: () => tokens.harper!,
      url: `/api/settlement/v1/financial-settlement-schedules/${scheduleId}/line-items/${lineItemId}`,
      body: {},
    },
    "PATCH /api/subscriber/v1/subscriber-users/{id}": {
      token: () => tokens.helpdesk!,
      url: `/api/subscriber/v1/subscriber-users/${DEMO_USERS.viewer.subscriberUserId}`,
      body: { status: "Suspended" },
    },
    "PATCH /api/subscriber/v1/idp-metadata/{subscriberId}/{type}": {
      token: () => tokens.helpdesk!,
      url: `/api/subscriber/v1/idp-metadata/${harperVale}/USER_IP_WHITELIST`,
      body: { type: "USER_IP_WHITELIST", data: { metadata: ["203.0.113.7"] } },
    },
    "PATCH /api/subscriber/v1/idp-sso/{subscriberId}": {
      token: () => tokens.helpdesk!,
      url: `/api/subscriber/v1/idp-sso/${ashdown}?connection_id=${DEMO_SSO_CONNECTION.connectionId}`,
      body: { clientSecret: "a-walked-client-secret-1" },
    },
    "PUT /api/notification/v2/notification-registrations/{registrationId}": {
      token: () => tokens.manager!,
      url: `/api/notification/v2/notification-registrations/${registrationId}`,
      body: {
        notificationType: "EMAIL",
        attributes: { email: "walk@harpervale.example" },
        eventTypes: ["LODGEMENT_CASE_REQUISITIONED"],
      },
    },
    "PATCH /api/settlement/v1/financial-accounts/{financialAccountId}": {
      token: () => tokens.helpdesk!,
      url: `/api/settlement/v1/financial-accounts/${DEMO_FINANCIAL_ACCOUNTS.harperValeRiverside.financialAccountId}`,
      body: {
        displayName: "Walked account",
        accountName: "Walked Ltd",
        accountNumber: "10000003",
        bankCode: "089999",
      },
    },
    "DELETE /api/settlement/v1/financial-accounts/{financialAccountId}": {
      token: () => tokens.helpdesk!,
      url: `/api/settlement/v1/financial-accounts/${DEMO_FINANCIAL_ACCOUNTS.harperValeRedemption.financialAccountId}`,
      body: {},
    },
    // The lodgement case of demo workspace 1 and its mortgage charge (decision 0710).
    "PATCH /api/lodgement/v1/lodgement-cases/{id}": {
      token: () => tokens.helpdesk!,
      url: `/api/lodgement/v1/lodgement-cases/${cases.remortgagePreparing}`,
      body: { status: "LODGED" },
    },
    "PATCH /api/lodgement/v1/lodgement-cases/{id}/documents/{documentId}": {
      token: () => tokens.helpdesk!,
      url: `/api/lodgement/v1/lodgement-cases/${cases.remortgagePreparing}/documents/${mortgageChargeId}`,
      body: { transactionValue: 15_000_000 },
    },
    "DELETE /api/lodgement/v1/lodgement-cases/{id}/documents/{documentId}": {
      token: () => tokens.helpdesk!,
      url: `/api/lodgement/v1/lodgement-cases/${cases.remortgagePreparing}/documents/${mortgageChargeId}`,
      body: {},
    },
    "POST /api/lodgement/v1/lodgement-cases/{id}/approvals": {
      token: () => tokens.helpdesk!,
      url: `/api/lodgement/v1/lodgement-cases/${cases.remortgagePreparing}/approvals`,
      body: { approved: true, statements: ["applicantIdentity", "dataAccuracy"] },
    },
    "POST /api/lodgement/v1/lodgement-cases/{id}/submit-requisitions": {
      token: () => tokens.helpdesk!,
      url: `/api/lodgement/v1/lodgement-cases/${cases.remortgagePreparing}/submit-requisitions`,
      body: { correspondenceDocumentIds: [mortgageChargeId] },
    },
    "PATCH /api/lodgement/v1/lodgement-cases/{lodgementCaseId}/files/{fileId}": {
      token: () => tokens.harper!,
      url: `/api/lodgement/v1/lodgement-cases/${cases.remortgagePreparing}/files/${walkFileId}`,
      body: { policy: [DEMO_SUBSCRIBERS.northgate.subscriberId] },
    },
    "DELETE /api/lodgement/v1/lodgement-cases/{lodgementCaseId}/files/{fileId}": {
      token: () => tokens.harper!,
      url: `/api/lodgement/v1/lodgement-cases/${cases.remortgagePreparing}/files/${walkFileId}`,
      body: {},
    },
    "POST /api/lodgement/v1/lodgement-cases/{id}/tax-eligibility": {
      token: () => tokens.harper!,
      url: `/api/lodgement/v1/lodgement-cases/${sdltCaseId}/tax-eligibility`,
      body: { taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA", revenueAuthority: "HM_REVENUE_AND_CUSTOMS" },
    },
    ...Object.fromEntries(
      [
        "transaction-details",
        "tax-calculation-details",
        "property-details",
        "purchaser-details",
        "purchaser-agent-details",
        "consent",
        "reopen",
      ].map((segment) => [
        `${segment === "consent" || segment === "reopen" ? "POST" : "PUT"} /api/lodgement/v1/lodgement-cases/{id}/taxes/{taxId}/tax-applications/{taxApplicationId}/${segment}`,
        {
          token: () => tokens.harper!,
          url: `${sdltApplicationPath}/${segment}`,
          body: segment === "consent" ? { accuracy: true, autoSubmit: true } : {},
        },
      ]),
    ),
    "POST /api/subscriber/v1/lodgement-identifiers": {
      token: () => tokens.hmlr!,
      url: "/api/subscriber/v1/lodgement-identifiers",
      body: {
        identifiers: {
          primary: { userName: "walk-primary", password: "walk-pass-1" },
          secondary: { userName: "walk-secondary", password: "walk-pass-2" },
        },
      },
    },
  };
}

beforeAll(async () => {
  provider = await startTestProvider();
  tokens.harper = await provider.scriptToken("harperVale");
  tokens.helpdesk = await provider.loginToken(DEMO_USERS.helpdesk.email);
  tokens.manager = await provider.loginToken(DEMO_USERS.manager.email);
  tokens.hmlr = (
    await personWithRoles(provider, "harperVale", ["HMLR Administrator", "User Manager"], "Walker")
  ).token;

  const document = (
    await provider.call(undefined, { method: "GET", url: "/api/docs/openapi.json" })
  ).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ["post", "put", "patch", "delete"].includes(method))
      .map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path.replace(/:(\w+)/g, "{$1}")}`,
        declaresIfMatch: (operation.parameters ?? []).some(
          (parameter) => parameter.in === "header" && parameter.name === IF_MATCH_HEADER,
        ),
      })),
  );

  // What the targets change must exist: a registration, a reference, the lodgement identifiers.
  const registration = await provider.call(tokens.manager, {
    method: "POST",
    url: "/api/notification/v2/notification-registrations",
    payload: {
      notificationType: "EMAIL",
      attributes: { email: "alerts@harpervale.example" },
      eventTypes: ["LODGEMENT_CASE_REQUISITIONED"],
    },
  });
  expect(registration.statusCode, registration.body).toBe(201);
  registrationId = registration.json().registrationId;
  const workspace = await provider.call(tokens.harper, {
    method: "GET",
    url: `/api/workspace/v1/workspaces/${DEMO_WORKSPACES.remortgagePreparing.workspaceId}`,
  });
  for (const key of ["remortgagePreparing", "remortgageBorrowerMismatch"] as const) {
    const answer = await provider.call(tokens.harper, {
      method: "GET",
      url: `/api/v1/lodgement-cases?workspace_id=${DEMO_WORKSPACES[key].workspaceId}`,
    });
    cases[key] = answer.json().records[0].lodgementCaseId;
  }
  const mismatch = await provider.call(tokens.harper, {
    method: "GET",
    url: `/api/workspace/v1/workspaces/${DEMO_WORKSPACES.remortgageBorrowerMismatch.workspaceId}`,
  });
  mismatchedPartyId = mismatch.json().parties[0].partyId;
  referenceId = workspace
    .json()
    .references.find(
      (reference: { representativeRole: string }) =>
        reference.representativeRole === "INCOMING_LENDER_REPRESENTATIVE",
    ).referenceId;
  partyId = workspace.json().parties[0].partyId;
  addressId = workspace.json().securityAddress.addressId;
  lawFirmId = workspace
    .json()
    .participants.find(
      (participant: { subscriberId: string }) => participant.subscriberId === harperVale,
    ).participantId;
  const schedule = await provider.call(tokens.harper, {
    method: "GET",
    url: `/api/settlement/v1/financial-settlement-schedules?workspace_id=${DEMO_WORKSPACES.remortgagePreparing.workspaceId}`,
  });
  scheduleId = schedule.json().records[0].financialSettlementScheduleId;
  const added = await provider.call(tokens.harper, {
    method: "POST",
    url: `/api/settlement/v1/financial-settlement-schedules/${scheduleId}/line-items`,
    payload: { category: "MORTGAGE_ADVANCE", amount: 100_000, reference: "WALK" },
    headers: { [IF_MATCH_HEADER]: `"${schedule.json().records[0].version}"` },
  });
  expect(added.statusCode, added.body).toBe(201);
  lineItemId = added.json().lineItems[0].lineItemId;
  const documents = await provider.call(tokens.harper, {
    method: "GET",
    url: `/api/lodgement/v1/lodgement-cases/${cases.remortgagePreparing}/documents`,
  });
  expect(documents.statusCode, documents.body).toBe(200);
  mortgageChargeId = documents
    .json()
    .records.find((record: { documentType: string }) => record.documentType === "MORTGAGE_DEED").documentId;
  await provider.db
    .insertInto("lodgement_files")
    .values({
      file_id: walkFileId,
      lodgement_case_id: cases.remortgagePreparing!,
      file_name: "walk.pdf",
      document_type: "EVIDENCE",
      document_category: "SUPPORTING_DOCUMENT",
      size_bytes: 10,
      sha256: "0".repeat(64),
      storage_key: `${walkFileId}.pdf`,
      upload_status: "SUCCESS",
      policy_owner: harperVale,
      policy: JSON.stringify([{ principal: harperVale, decision: "ALLOW", action: "VIEW" }]),
    })
    .execute();
  const identifiers = await provider.call(tokens.hmlr, {
    method: "POST",
    url: "/api/subscriber/v1/lodgement-identifiers",
    payload: targets()["POST /api/subscriber/v1/lodgement-identifiers"]!.body,
  });
  expect(identifiers.statusCode, identifiers.body).toBe(201);
  // The stamp duty return of demo workspace 3, submitted through the product (the SDLT flag on).
  expect(
    (
      await provider.call(tokens.helpdesk, {
        method: "PUT",
        url: "/api/v1/feature-flags/sdltEnabled",
        payload: { enabled: true },
      })
    ).statusCode,
  ).toBe(200);
  const stampDuty = await provider.call(tokens.harper, {
    method: "GET",
    url: `/api/lodgement/v1/lodgement-cases/stamp-duty-details?workspace_id=${DEMO_WORKSPACES.purchaseReady.workspaceId}`,
  });
  expect(stampDuty.statusCode, stampDuty.body).toBe(200);
  sdltCaseId = stampDuty.json().lodgementCaseId;
  const answered = await provider.call(tokens.harper, {
    method: "POST",
    url: `/api/lodgement/v1/lodgement-cases/${sdltCaseId}/tax-eligibility`,
    payload: { taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA", revenueAuthority: "HM_REVENUE_AND_CUSTOMS" },
    headers: { [IF_MATCH_HEADER]: `"${stampDuty.json().version}"` },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  const { taxId, taxApplicationId } = answered.json().taxApplication;
  sdltApplicationPath = `/api/lodgement/v1/lodgement-cases/${sdltCaseId}/taxes/${taxId}/tax-applications/${taxApplicationId}`;
});
afterAll(() => provider?.close());

/** What a refused write must leave as it was: every audited change, and every version. */
async function footprint(): Promise<string> {
  const [audit, versions] = await Promise.all([
    provider.db
      .selectFrom("audit_events")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow(),
    Promise.all(
      (
        [
          "subscribers",
          "subscriber_users",
          "notification_registrations",
          "lodgement_identifiers",
          "workspaces",
          "financial_settlement_schedules",
          "financial_line_items",
          "financial_accounts",
          "lodgement_files",
          "lodgement_cases",
          "lodgement_documents",
          "stamp_duty_returns",
        ] as const
      ).map((table) =>
        provider.db
          .selectFrom(table)
          .select((eb) => eb.fn.sum<number>("version").as("v"))
          .executeTakeFirstOrThrow(),
      ),
    ),
  ]);
  return JSON.stringify([audit.n, versions.map((row) => String(row.v))]);
}

describe("one way to write", () => {
  it("every write operation declares If-Match, or is listed as not versioned with its reason", () => {
    const writes = operations.filter((operation) => !NOT_VERSIONED.has(operation.key));
    const undeclared = writes.filter(
      (operation) => !operation.key.startsWith("POST ") && !operation.declaresIfMatch,
    );
    expect(undeclared.map((operation) => operation.key)).toEqual([]);
  });

  it("every versioned write has a target in this test", () => {
    const versioned = operations
      .filter((operation) => operation.declaresIfMatch)
      .map((operation) => operation.key);
    expect(versioned.length).toBeGreaterThan(5);
    expect(versioned.filter((key) => !(key in targets()))).toEqual([]);
  });

  it("answers 428 without a version, 409 with a stale one, and changes nothing either way", async () => {
    const answers: string[] = [];
    for (const { key } of operations.filter((operation) => operation.declaresIfMatch)) {
      const target = targets()[key]!;
      const method = key.split(" ")[0] as "POST";
      const before = await footprint();
      const without = await provider.call(target.token(), { method, url: target.url, payload: target.body });
      const stale = await provider.call(target.token(), {
        method,
        url: target.url,
        payload: target.body,
        headers: { [IF_MATCH_HEADER]: '"999999"' },
      });
      expect(await footprint(), key).toBe(before);
      const expectedWithout = CREATE_OR_UPDATE.has(key) ? 409 : 428;
      answers.push(`${key}: ${without.statusCode} ${stale.statusCode}`);
      expect(without.statusCode, `${key} without If-Match: ${without.body}`).toBe(expectedWithout);
      if (expectedWithout === 428) expect(without.json().message).toBe(VERSION_REQUIRED_MESSAGE);
      expect(stale.statusCode, `${key} with a stale If-Match: ${stale.body}`).toBe(409);
      expect(stale.json().message, key).toBe(CONFLICT_MESSAGE);
    }
    expect(answers.length).toBeGreaterThan(5);
  });
});

describe("the lost updates one way to write prevents", () => {
  it("a user changed by someone else since is not overwritten by a PATCH made against the version seen before", async () => {
    const id = DEMO_USERS.viewer.subscriberUserId;
    const url = `/api/subscriber/v1/subscriber-users/${id}`;
    const seen = (await provider.call(tokens.helpdesk!, { method: "GET", url })).json().version as number;
    const rename = (firstName: string, version?: number) =>
      provider.call(tokens.helpdesk!, {
        method: "PATCH",
        url,
        payload: {
          requestType: "PATCH_USER",
          firstName,
          lastName: "Stone",
          roleNames: ["Workspace Viewer"],
          subscriberId: DEMO_SUBSCRIBERS.keystone.subscriberId,
        },
        headers: version === undefined ? {} : { [IF_MATCH_HEADER]: `"${version}"` },
      });
    expect((await rename("Victoria")).statusCode).toBe(428);
    expect((await rename("Vic", seen)).statusCode).toBe(200);
    const lost = await rename("Victor", seen);
    expect(lost.statusCode).toBe(409);
    expect((await provider.call(tokens.helpdesk!, { method: "GET", url })).json().firstName).toBe("Vic");
  });

  it("lodgement identifiers saved by someone else are not overwritten by a form that showed the older ones, nor by a first save", async () => {
    const url = "/api/subscriber/v1/lodgement-identifiers";
    const seen = (await provider.call(tokens.hmlr!, { method: "GET", url })).json().version as number;
    const save = (primary: string, version?: number) =>
      provider.call(tokens.hmlr!, {
        method: "POST",
        url,
        // A first save names both passwords; an update may leave them out.
        payload: {
          identifiers:
            version === undefined
              ? {
                  primary: { userName: primary, password: "walk-pass-3" },
                  secondary: { userName: "walk-secondary", password: "walk-pass-4" },
                }
              : { primary: { userName: primary }, secondary: { userName: "walk-secondary" } },
        },
        headers: version === undefined ? {} : { [IF_MATCH_HEADER]: `"${version}"` },
      });
    expect((await save("first-editor", seen)).statusCode).toBe(200);
    expect((await save("second-editor", seen)).statusCode).toBe(409);
    expect((await save("no-version")).statusCode).toBe(409);
    expect(
      (await provider.call(tokens.hmlr!, { method: "GET", url })).json().identifiers.primary.userName,
    ).toBe("first-editor");
  });
});
