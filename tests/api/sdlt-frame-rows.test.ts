/**
 * The stamp duty tab's frame in one statement (`frameRowsOf`, provider/sdlt/returns.ts, decision 0921) answers
 * the rows the separate reads answer, with the same types (timestamps as Dates), for every workspace of the
 * demo world, with a return saved on one of them: on the embedded database and, when DATABASE_URL is set, on
 * PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { StampDutyDetails } from "../../core/sdlt/api.js";
import { ifMatch } from "../../core/shared/versions.js";
import { frameRowsOf, type FrameRows } from "../../provider/sdlt/returns.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { DEMO_USERS, startTestProvider, type TestProvider } from "./support.js";

const L = "/api/lodgement/v1";
const WS = DEMO_WORKSPACES.purchaseReady.workspaceId;
let product: TestProvider;

async function send(
  token: string,
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: unknown,
  version?: number,
): Promise<StampDutyDetails> {
  const response = await product.call(token, {
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: version === undefined ? {} : { "if-match": ifMatch(version) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as StampDutyDetails;
}

beforeAll(async () => {
  product = await startTestProvider();
  const [harper, helpdesk] = await Promise.all([
    product.scriptToken("harperVale"),
    product.loginToken(DEMO_USERS.helpdesk.email),
  ]);
  await send(helpdesk, "PUT", "/api/v1/feature-flags/sdltEnabled", { enabled: true });
  // A return on WS-3 with its first section saved, so that a return with sections is compared.
  const read = () => send(harper, "GET", `${L}/lodgement-cases/stamp-duty-details?workspace_id=${WS}`);
  const before = await read();
  await send(
    harper,
    "POST",
    `${L}/lodgement-cases/${before.lodgementCaseId}/tax-eligibility`,
    { taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA", revenueAuthority: "HM_REVENUE_AND_CUSTOMS" },
    before.version,
  );
  const created = await read();
  const application = created.taxApplication!;
  await send(
    harper,
    "PUT",
    `${L}/lodgement-cases/${created.lodgementCaseId}/taxes/${application.taxId}/tax-applications/${application.taxApplicationId}/transaction-details`,
    {
      propertyType: "RESIDENTIAL",
      contractDate: "2020-01-02",
      transactionDescription: "F",
      interestTransferred: "FT",
      restrictionsAffecting: false,
      landExchanged: false,
      pursuantToOption: false,
    },
    created.version,
  );
});

afterAll(async () => {
  await product?.close();
});

/** The same rows read one statement at a time, as the frame read them before. */
async function separately(workspaceId: string): Promise<FrameRows | undefined> {
  const { db, config } = product;
  const lodgementCase = await db
    .selectFrom("lodgement_cases")
    .select(["lodgement_case_id", "last_title_number"])
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  if (!lodgementCase) return undefined;
  const [title, buyers, stampDutyReturn, featureFlags] = await Promise.all([
    db
      .selectFrom("titles")
      .select("title_number")
      .where("lodgement_case_id", "=", lodgementCase.lodgement_case_id)
      .orderBy("retrieved_at", "desc")
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("workspace_parties")
      .select(["party_id", "type", "forenames", "surname", "organisation_name", "representation_type"])
      .where("workspace_id", "=", workspaceId)
      .where("role", "=", "BUYER")
      .orderBy("position")
      .execute(),
    db
      .selectFrom("stamp_duty_returns")
      .selectAll()
      .where("lodgement_case_id", "=", lodgementCase.lodgement_case_id)
      .executeTakeFirst(),
    db
      .selectFrom("feature_flags")
      .select(["name", "enabled"])
      .where("environment", "=", config.environment)
      .execute(),
  ]);
  return {
    ...lodgementCase,
    title_number: title?.title_number ?? null,
    buyers,
    stamp_duty_return: stampDutyReturn ?? null,
    feature_flags: featureFlags,
  };
}

it("the frame's rows in one statement are the rows the separate reads answer, for every demo workspace", async () => {
  let withBuyers = 0;
  let withTitles = 0;
  for (const { workspaceId } of Object.values(DEMO_WORKSPACES)) {
    const together = await frameRowsOf(product.db, workspaceId, product.config.environment);
    expect(together, workspaceId).toEqual(await separately(workspaceId));
    if (together && together.buyers.length > 0) withBuyers++;
    if (together?.title_number) withTitles++;
  }
  expect(withBuyers, "some workspaces have buyers, so they are compared").toBeGreaterThan(0);
  expect(withTitles, "some cases hold a title, so its number is compared").toBeGreaterThan(0);
  const saved = await frameRowsOf(product.db, WS, product.config.environment);
  expect(saved?.stamp_duty_return?.sections).toHaveProperty("transaction-details");
  expect(saved?.stamp_duty_return?.created_at, "timestamps are Dates").toBeInstanceOf(Date);
  expect(saved?.feature_flags).toContainEqual({ name: "sdltEnabled", enabled: true });
  expect(
    await frameRowsOf(product.db, randomUUID(), product.config.environment),
    "no case, no frame",
  ).toBeUndefined();
});
