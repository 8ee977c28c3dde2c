/**
 * Filing the prepared SDLT return with the revenue sandbox on the product clock (document 3 section 4.5;
 * decision 0811): nothing before the completion date; on it READY → SUBMITTED → POLL_INITIATED → FILED with a
 * unique transaction reference number; the sandbox's fixtures reaching FAILED, SUBMISSION_FAILED and
 * POLL_FAILED; and a submission retried after its transaction was lost files once, with one key.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { StampDutyDetailsSchema, type StampDutyDetails } from "../../core/sdlt/api.js";
import { ifMatch } from "../../core/shared/versions.js";
import type { ProductClock } from "../../provider/platform/clock.js";
import { runSdltFilingJob, SDLT_MAX_ATTEMPTS } from "../../provider/sdlt/filing.js";
import { useRevenue, type RevenueFiling } from "../../provider/sdlt/revenue.js";
import {
  createSandboxRevenue,
  REVENUE_SANDBOX_FIXTURES,
  REVENUE_SANDBOX_MESSAGES,
  sandboxUtrn,
  type SandboxRevenue,
} from "../../provider/sdlt/revenue-sandbox.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { DEMO_USERS, startTestProvider, type TestProvider } from "./support.js";

const L = "/api/lodgement/v1";
const WS = DEMO_WORKSPACES.purchaseReady.workspaceId;

let provider: TestProvider;
let harper: string;
let sandbox: SandboxRevenue;

beforeAll(async () => {
  provider = await startTestProvider();
  harper = await provider.scriptToken("harperVale");
  const helpdesk = await provider.loginToken(DEMO_USERS.helpdesk.email);
  expect(
    (
      await provider.call(helpdesk, {
        method: "PUT",
        url: "/api/v1/feature-flags/sdltEnabled",
        payload: { enabled: true },
      })
    ).statusCode,
  ).toBe(200);
  await provider.db
    .updateTable("workspaces")
    .set({ completion_date: "2026-03-02" })
    .where("workspace_id", "=", WS)
    .execute();
  const lodgementCase = await provider.db
    .selectFrom("lodgement_cases")
    .select("lodgement_case_id")
    .where("workspace_id", "=", WS)
    .executeTakeFirstOrThrow();
  await provider.db
    .updateTable("lodgement_cases")
    .set({ last_title_number: "AV123456" })
    .where("lodgement_case_id", "=", lodgementCase.lodgement_case_id)
    .execute();
  await prepareReturn();
});
afterEach(() => useRevenue(undefined));
afterAll(() => provider?.close());

const clockAt = (iso: string) => ({ now: () => new Date(iso) }) as unknown as ProductClock;
/** 09:00 London on the day before completion, and on the completion date (GMT in March). */
const BEFORE = "2026-03-01T09:00:00Z";
const ON_THE_DAY = "2026-03-02T09:00:00Z";

async function read(): Promise<StampDutyDetails> {
  const response = await provider.call(harper, {
    method: "GET",
    url: `${L}/lodgement-cases/stamp-duty-details?workspace_id=${WS}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return StampDutyDetailsSchema.parse(response.json());
}

async function write(
  method: "POST" | "PUT",
  path: (current: StampDutyDetails) => string,
  payload: unknown,
): Promise<StampDutyDetails> {
  const current = await read();
  const response = await provider.call(harper, {
    method,
    url: path(current),
    payload: payload as Record<string, unknown>,
    headers: { "if-match": ifMatch(current.version) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return StampDutyDetailsSchema.parse(response.json());
}

const applicationPath = (current: StampDutyDetails) =>
  `${L}/lodgement-cases/${current.lodgementCaseId}/taxes/${current.taxApplication!.taxId}/tax-applications/${current.taxApplication!.taxApplicationId}`;

const address = { buildingNumber: "2", street: "Quay Street", town: "Bristol", postcode: "BS1 4RS" };

/** Answers the questions, completes every section and consents: PREPARED. */
async function prepareReturn() {
  await write("POST", (current) => `${L}/lodgement-cases/${current.lodgementCaseId}/tax-eligibility`, {
    taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA",
    revenueAuthority: "HM_REVENUE_AND_CUSTOMS",
  });
  const section = (slug: string, body: unknown) =>
    write("PUT", (current) => `${applicationPath(current)}/${slug}`, body);
  await section("transaction-details", {
    propertyType: "RESIDENTIAL",
    transactionDescription: "F",
    interestTransferred: "FT",
    restrictionsAffecting: false,
    landExchanged: false,
    pursuantToOption: false,
  });
  await section("tax-calculation-details", {
    isClaimingRelief: false,
    totalConsideration: "295000",
    formCode: "CASH",
    isLinkedTransaction: false,
    taxPayable: "4750",
    amountPaid: "4750",
    isAmountPaidIncludePenalties: false,
  });
  await section("property-details", { laNumber: "0116", planAttached: false });
  await section("purchaser-details", {
    primaryPurchaser: {
      title: "Ms",
      address,
      identification: { type: "NON_UK_TAX_REFERENCE_NUMBER", identificationNumber: "X-1" },
      actingAsTrustee: false,
      connectedToVendor: false,
      certificateAddress: "PROPERTY",
      authorisedAgent: false,
    },
  });
  await setAgentReference("HV-3301");
  const prepared = await write("POST", (current) => `${applicationPath(current)}/consent`, {
    accuracy: true,
    autoSubmit: true,
  });
  expect(prepared.taxApplication!.taxApplicationStatus).toBe("PREPARED");
}

async function setAgentReference(agentReference: string) {
  await write("PUT", (current) => `${applicationPath(current)}/purchaser-agent-details`, {
    agentName: "Harper & Vale LLP",
    agentReference,
  });
}

/** Puts the return back to PREPARED with no filing, the agent reference being a sandbox fixture. */
async function preparedWithFixture(agentReference: string) {
  const current = await read();
  const row = await provider.db
    .selectFrom("stamp_duty_returns")
    .select("sections")
    .where("lodgement_case_id", "=", current.lodgementCaseId)
    .executeTakeFirstOrThrow();
  const sections = { ...(row.sections as Record<string, Record<string, unknown>>) };
  sections["purchaser-agent-details"] = { ...sections["purchaser-agent-details"], agentReference };
  await provider.db
    .updateTable("stamp_duty_returns")
    .set({
      sections: JSON.stringify(sections),
      tax_application_status: "PREPARED",
      submission_key: null,
      revenue_submission_id: null,
      transaction_reference_number: null,
      attempts: 0,
      poll_attempts: 0,
      ready_at: null,
      submitted_at: null,
      poll_initiated_at: null,
      filed_at: null,
      failure_reason: null,
    })
    .where("lodgement_case_id", "=", current.lodgementCaseId)
    .execute();
}

const events = async () =>
  (
    await provider.db
      .selectFrom("audit_events")
      .select(["action"])
      .where("action", "like", "SDLT_RETURN_%")
      .orderBy("occurred_at")
      .execute()
  ).map((row) => row.action);

describe("filing on the completion date", () => {
  it("files nothing before the completion date, then READY → SUBMITTED → POLL_INITIATED → FILED on it", async () => {
    sandbox = createSandboxRevenue();
    useRevenue(sandbox);
    expect(await runSdltFilingJob(provider.db, clockAt(BEFORE), "test")).toEqual({});
    expect((await read()).taxApplication!.taxApplicationStatus).toBe("PREPARED");

    const reached = await runSdltFilingJob(provider.db, clockAt(ON_THE_DAY), "test");
    expect(Object.values(reached)).toEqual(["FILED"]);
    const filed = (await read()).taxApplication!;
    expect(filed.taxApplicationStatus).toBe("FILED");
    expect(filed.canBeReopened).toBe(false);
    const row = await provider.db.selectFrom("stamp_duty_returns").selectAll().executeTakeFirstOrThrow();
    expect(filed.filing).toMatchObject({
      transactionReferenceNumber: sandboxUtrn(row.submission_key!),
      attempts: 1,
      failureReason: null,
    });
    expect(filed.filing.transactionReferenceNumber).toMatch(/^[0-9]{9}MC$/);
    expect(filed.filing.submittedAt).toBe(new Date(ON_THE_DAY).toISOString());
    expect(await events()).toEqual([
      "SDLT_RETURN_PREPARED",
      "SDLT_RETURN_READY",
      "SDLT_RETURN_SUBMITTED",
      "SDLT_RETURN_POLL_INITIATED",
      "SDLT_RETURN_FILED",
    ]);

    // A second run (or a second process) finds nothing to do.
    expect(await runSdltFilingJob(provider.db, clockAt(ON_THE_DAY), "test")).toEqual({});
    expect([...sandbox.filings.values()]).toEqual([filed.filing.transactionReferenceNumber]);
  });

  it("a filed return is locked for good", async () => {
    const current = await read();
    const response = await provider.call(harper, {
      method: "PUT",
      url: `${applicationPath(current)}/property-details`,
      payload: { laNumber: "0116", planAttached: false },
      headers: { "if-match": ifMatch(current.version) },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("the sandbox's fixtures", () => {
  it("SBX-REJECT: submitted, then rejected by the revenue → FAILED with the reason", async () => {
    await preparedWithFixture(REVENUE_SANDBOX_FIXTURES.rejected);
    await runSdltFilingJob(provider.db, clockAt(ON_THE_DAY), "test");
    const failed = (await read()).taxApplication!;
    expect(failed.taxApplicationStatus).toBe("FAILED");
    expect(failed.filing).toMatchObject({
      transactionReferenceNumber: null,
      failureReason: REVENUE_SANDBOX_MESSAGES.rejected,
    });
  });

  it("SBX-SUBMIT-ERR: the revenue cannot be reached; READY is kept and retried, then SUBMISSION_FAILED", async () => {
    await preparedWithFixture(REVENUE_SANDBOX_FIXTURES.submitError);
    for (let run = 1; run < SDLT_MAX_ATTEMPTS; run += 1) {
      await runSdltFilingJob(provider.db, clockAt(ON_THE_DAY), "test");
      expect((await read()).taxApplication).toMatchObject({
        taxApplicationStatus: "READY",
        filing: { attempts: run },
      });
    }
    await runSdltFilingJob(provider.db, clockAt(ON_THE_DAY), "test");
    expect((await read()).taxApplication).toMatchObject({
      taxApplicationStatus: "SUBMISSION_FAILED",
      filing: { attempts: SDLT_MAX_ATTEMPTS, failureReason: REVENUE_SANDBOX_MESSAGES.submitError },
    });
  });

  it("SBX-POLL-ERR: submitted, the outcome cannot be fetched; POLL_FAILED after the attempts", async () => {
    await preparedWithFixture(REVENUE_SANDBOX_FIXTURES.pollError);
    await runSdltFilingJob(provider.db, clockAt(ON_THE_DAY), "test");
    expect((await read()).taxApplication!.taxApplicationStatus).toBe("POLL_INITIATED");
    for (let run = 1; run < SDLT_MAX_ATTEMPTS; run += 1)
      await runSdltFilingJob(provider.db, clockAt(ON_THE_DAY), "test");
    expect((await read()).taxApplication).toMatchObject({
      taxApplicationStatus: "POLL_FAILED",
      filing: { failureReason: REVENUE_SANDBOX_MESSAGES.pollError },
    });
  });
});

describe("never filing twice", () => {
  it("a submission whose answer was lost is submitted again with the same key and filed once", async () => {
    await preparedWithFixture("HV-3301");
    sandbox = createSandboxRevenue();
    let lose = true;
    // The revenue takes the submission, but the answer never reaches the provider (the connection drops).
    const flaky: RevenueFiling = {
      name: "flaky",
      async submit(filing) {
        const answer = await sandbox.submit(filing);
        if (lose) {
          lose = false;
          throw new Error("connection reset after the revenue accepted");
        }
        return answer;
      },
      poll: (filing) => sandbox.poll(filing),
    };
    useRevenue(flaky);
    await runSdltFilingJob(provider.db, clockAt(ON_THE_DAY), "test");
    expect((await read()).taxApplication!.taxApplicationStatus).toBe("READY");
    // Two job runs at once: each step locks the return and reads its status again.
    await Promise.all([
      runSdltFilingJob(provider.db, clockAt(ON_THE_DAY), "a"),
      runSdltFilingJob(provider.db, clockAt(ON_THE_DAY), "b"),
    ]);
    const filed = (await read()).taxApplication!;
    expect(filed.taxApplicationStatus).toBe("FILED");
    expect([...sandbox.submissions.entries()]).toHaveLength(1);
    expect([...sandbox.submissions.values()]).toEqual([2]);
    expect([...sandbox.filings.values()]).toEqual([filed.filing.transactionReferenceNumber]);
  });
});
