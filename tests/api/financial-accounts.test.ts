/**
 * Frequently used financial accounts through the real provider (document 2 sections 3.12, 4.10, 5.9, 6 and
 * 7.5): the list with its paging, filter and sort; adding an account the bank verifies and one it does not
 * (a close match, with the bank's name); the modulus check and duplicate refusals; the review; edits with a
 * stale version; delete; 403 without the role or permission; 404 for another subscriber's account.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FinancialAccountSchema, FinancialAccountsPageSchema, type FinancialAccount } from "../../core/financials/accounts-api.js";
import { FINANCIAL_ACCOUNT_EXISTS_MESSAGE } from "../../core/financials/schemas.js";
import { frequentlyUsedAccountDisplay } from "../../core/financials/rules.js";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { VERSION_REQUIRED_MESSAGE } from "../../core/shared/versions.js";
import { DEMO_FINANCIAL_ACCOUNTS } from "../../provider/financials/accounts-seed.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, versionedCall, type TestProvider, type WriteMethod } from "./support.js";

const A = "/api/settlement/v1/financial-accounts";
const SANDBOX = "089999";

let provider: TestProvider;
let lender: string; // Lena North, Northgate Bank: Financial Administrator
let harper: string; // Harper & Vale's script (Morgan Harper: view permission, no Financial Administrator role)
let keystone: string; // Keystone's script (Workspace Viewer: no view permission)
let helpdesk: string;

beforeAll(async () => {
  provider = await startTestProvider();
  [lender, harper, keystone, helpdesk] = await Promise.all([
    provider.scriptToken("northgate"),
    provider.scriptToken("harperVale"),
    provider.scriptToken("keystone"),
    provider.loginToken(DEMO_USERS.helpdesk.email),
  ]);
});
afterAll(() => provider?.close());

function call(token: string, method: WriteMethod, url: string, payload?: unknown, version?: number) {
  return versionedCall(provider, token, method, url, payload, version);
}

const account = (accountNumber: string, displayName = `Account ${accountNumber}`) => ({
  type: "REDEMPTION",
  displayName,
  accountName: "Riverside Property Ltd",
  accountNumber,
  bankCode: SANDBOX,
});

async function add(token: string, body: Record<string, unknown>): Promise<FinancialAccount> {
  const response = await call(token, "POST", A, body);
  expect(response.statusCode, response.body).toBe(201);
  return FinancialAccountSchema.parse(response.json());
}

async function list(token: string, query = "") {
  const response = await call(token, "GET", `${A}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return FinancialAccountsPageSchema.parse(response.json());
}

async function countOf(subscriberId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM financial_accounts WHERE subscriber_id = ${subscriberId}`.execute(provider.db);
  return rows[0]!.n;
}

function expectRefusal(response: { statusCode: number; json: () => { code: string; message: string } }, status: number, message?: string) {
  expect(response.statusCode).toBe(status);
  if (message !== undefined) expect(response.json().message).toBe(message);
}

describe("the demo accounts", () => {
  it("lists Northgate's seeded Redemption accounts: one verified by the bank, one close match requiring review", async () => {
    const page = await list(lender, "?type=REDEMPTION&displayNameSort=ASC");
    expect(page.records.map((record) => [record.displayName, frequentlyUsedAccountDisplay(record.accountVerificationDetail)])).toEqual([
      ["Northgate redemptions", "Account verified"],
      ["Riverside mortgages", "Requires review"],
    ]);
    expect(page.records[1]!.accountVerificationDetail.actualName).toBe("Riverside Property Ltd");
  });

  it("gives each law or conveyancing firm one preconfigured Conveyancing Fees account", async () => {
    for (const key of ["harperVale", "keystone", "ashdown"] as const) {
      const page = await list(helpdesk, `?type=CONVEYANCING_FEES&subscriberId=${DEMO_SUBSCRIBERS[key].subscriberId}`);
      expect(page.page.totalRecords, key).toBe(1);
      expect(page.records[0]!.accountVerificationDetail.verified).toBe(true);
    }
  });
});

describe("adding an account", () => {
  it("saves an account the bank matches as verified", async () => {
    const saved = await add(lender, account("50000005", "Main redemption"));
    expect(saved).toMatchObject({
      subscriberId: DEMO_SUBSCRIBERS.northgate.subscriberId,
      type: "REDEMPTION",
      accountType: "BUSINESS",
      bankCode: SANDBOX,
      accountVerificationDetail: { verified: true, status: "MATCH", acceptedBy: null },
    });
    expect(frequentlyUsedAccountDisplay(saved.accountVerificationDetail)).toBe("Account verified");
  });

  it("saves a close match unverified, with the name the bank returned, to be reviewed", async () => {
    const saved = await add(lender, account("10000045", "Riverside business"));
    expect(saved.accountVerificationDetail).toMatchObject({
      verified: false,
      status: "NAME_PARTIAL_MATCH_TYPE_NO_MATCH",
      actualName: "Riverside Property Ltd",
      isManualOverrideAllowed: true,
    });
    expect(frequentlyUsedAccountDisplay(saved.accountVerificationDetail)).toBe("Requires review");
  });

  it("refuses a sort code and account number that fail the modulus check, on the account number, saving nothing", async () => {
    const before = await countOf(DEMO_SUBSCRIBERS.northgate.subscriberId);
    const response = await call(lender, "POST", A, account("10000000"));
    expectRefusal(response, 400);
    expect(response.json().code).toBe("INVALID_ACCOUNT_NUMBER");
    expect(await countOf(DEMO_SUBSCRIBERS.northgate.subscriberId)).toBe(before);
  });

  it("refuses an account the subscriber already has with the exact message, saving nothing", async () => {
    const before = await countOf(DEMO_SUBSCRIBERS.northgate.subscriberId);
    const response = await call(lender, "POST", A, account("50000005", "Another name"));
    expectRefusal(response, 400, FINANCIAL_ACCOUNT_EXISTS_MESSAGE);
    expect(await countOf(DEMO_SUBSCRIBERS.northgate.subscriberId)).toBe(before);
  });

  it("refuses the form's rules with a message naming the field", async () => {
    const response = await call(lender, "POST", A, { ...account("1234"), displayName: "x".repeat(36) });
    expectRefusal(response, 400);
    expect(response.json().message).toMatch(/accountNumber/);
    expect(response.json().message).toMatch(/displayName/);
  });
});

describe("reviewing, editing and deleting", () => {
  it("verifies an unverified account manually, recording who and when; a second review is refused", async () => {
    const saved = await add(lender, account("10000058", "Jane Riverside"));
    const missingVersion = await call(lender, "PATCH", `${A}/${saved.financialAccountId}`, { accountVerificationDetail: { verified: true } });
    expectRefusal(missingVersion, 428, VERSION_REQUIRED_MESSAGE);
    const response = await call(lender, "PATCH", `${A}/${saved.financialAccountId}`, { accountVerificationDetail: { verified: true } }, saved.version);
    expect(response.statusCode, response.body).toBe(200);
    const verified = FinancialAccountSchema.parse(response.json());
    expect(verified.accountVerificationDetail).toMatchObject({ verified: true, status: "NAME_PARTIAL_MATCH_TYPE_NO_MATCH", acceptedBy: DEMO_USERS.lender.subscriberUserId });
    expect(verified.accountVerificationDetail.acceptedAt).not.toBeNull();
    expect(frequentlyUsedAccountDisplay(verified.accountVerificationDetail)).toBe("Manually verified");
    const audit = await provider.db
      .selectFrom("audit_events")
      .select(["actor_user_id", "subscriber_id"])
      .where("action", "=", "FINANCIAL_ACCOUNT_VERIFIED_MANUALLY")
      .where("target", "=", saved.financialAccountId)
      .execute();
    expect(audit).toEqual([{ actor_user_id: DEMO_USERS.lender.subscriberUserId, subscriber_id: DEMO_SUBSCRIBERS.northgate.subscriberId }]);
    const again = await call(lender, "PATCH", `${A}/${saved.financialAccountId}`, { accountVerificationDetail: { verified: true } }, verified.version);
    expectRefusal(again, 400, "The account is already verified.");
  });

  it("edits an account and checks it again; a stale version answers 409 and changes nothing", async () => {
    const saved = await add(lender, account("10000061", "No match account"));
    expect(saved.accountVerificationDetail.status).toBe("NO_MATCH");
    const edit = { displayName: "Fixed account", accountName: "Fixed Ltd", accountNumber: "10000074", bankCode: "08-99-99" };
    const response = await call(lender, "PATCH", `${A}/${saved.financialAccountId}`, edit, saved.version);
    expect(response.statusCode, response.body).toBe(200);
    const edited = FinancialAccountSchema.parse(response.json());
    expect(edited).toMatchObject({ displayName: "Fixed account", accountNumber: "10000074", bankCode: SANDBOX, version: saved.version + 1 });
    expect(edited.accountVerificationDetail).toMatchObject({ verified: false, status: "UNABLE_TO_MATCH", partnerReasonCode: "AC01" });

    const stale = await call(lender, "PATCH", `${A}/${saved.financialAccountId}`, { ...edit, displayName: "Overwritten" }, saved.version);
    expectRefusal(stale, 409, CONFLICT_MESSAGE);
    const now = FinancialAccountSchema.parse((await call(lender, "GET", `${A}/${saved.financialAccountId}`)).json());
    expect(now.displayName).toBe("Fixed account");
  });

  it("refuses an edit onto another saved account's sort code and account number with the exact message", async () => {
    const saved = await add(lender, account("10000087", "Opted out"));
    const response = await call(
      lender,
      "PATCH",
      `${A}/${saved.financialAccountId}`,
      { displayName: "Clash", accountName: "Clash", accountNumber: "10000003", bankCode: SANDBOX },
      saved.version,
    );
    expectRefusal(response, 400, FINANCIAL_ACCOUNT_EXISTS_MESSAGE);
  });

  it("deletes an account with its version; a stale version is refused", async () => {
    const saved = await add(lender, account("10000090", "To delete"));
    expectRefusal(await call(lender, "DELETE", `${A}/${saved.financialAccountId}`), 428);
    expectRefusal(await call(lender, "DELETE", `${A}/${saved.financialAccountId}`, undefined, saved.version + 1), 409, CONFLICT_MESSAGE);
    const response = await call(lender, "DELETE", `${A}/${saved.financialAccountId}`, undefined, saved.version);
    expect(response.statusCode).toBe(204);
    expectRefusal(await call(lender, "GET", `${A}/${saved.financialAccountId}`), 404);
  });
});

describe("the list", () => {
  it("pages one-based with the page info, filters verified and sorts by display name", async () => {
    const all = await list(lender, "?type=REDEMPTION&limit=100");
    const total = all.page.totalRecords;
    expect(total).toBe(all.records.length);
    // Most recently changed first by default.
    const changed = all.records.map((record) => record.lastModifiedAt);
    expect([...changed].sort().reverse()).toEqual(changed);

    const second = await list(lender, "?type=REDEMPTION&page=2&limit=2");
    expect(second.page).toEqual({ page: 2, limit: 2, totalRecords: total, pageRecords: Math.min(2, total - 2) });
    expect(second.records.map((record) => record.financialAccountId)).toEqual(all.records.slice(2, 4).map((record) => record.financialAccountId));

    const verified = await list(lender, "?type=REDEMPTION&verified=true&displayNameSort=ASC&limit=100");
    expect(verified.records.every((record) => record.accountVerificationDetail.verified)).toBe(true);
    expect(verified.page.totalRecords).toBe(all.records.filter((record) => record.accountVerificationDetail.verified).length);
    const names = verified.records.map((record) => record.displayName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("defaults to 10 a page", async () => {
    expect((await list(lender)).page.limit).toBe(10);
  });
});

describe("who may do what", () => {
  it("refuses the list without the view permission (403)", async () => {
    expectRefusal(await call(keystone, "GET", A), 403);
  });

  it("refuses adding, editing, reviewing and deleting without the Financial Administrator role (403), changing nothing", async () => {
    const target = DEMO_FINANCIAL_ACCOUNTS.harperValeRiverside;
    // Harper & Vale's user can read the firm's accounts (for line items) but not manage them.
    const read = await call(harper, "GET", `${A}/${target.financialAccountId}`);
    expect(read.statusCode).toBe(200);
    const version = FinancialAccountSchema.parse(read.json()).version;
    const before = await countOf(DEMO_SUBSCRIBERS.harperVale.subscriberId);
    expectRefusal(await call(harper, "POST", A, account("10000100")), 403);
    expectRefusal(await call(harper, "PATCH", `${A}/${target.financialAccountId}`, { accountVerificationDetail: { verified: true } }, version), 403);
    expectRefusal(
      await call(harper, "PATCH", `${A}/${target.financialAccountId}`, { displayName: "x", accountName: "x", accountNumber: "10000003", bankCode: SANDBOX }, version),
      403,
    );
    expectRefusal(await call(harper, "DELETE", `${A}/${target.financialAccountId}`, undefined, version), 403);
    expect(await countOf(DEMO_SUBSCRIBERS.harperVale.subscriberId)).toBe(before);
    const after = FinancialAccountSchema.parse((await call(harper, "GET", `${A}/${target.financialAccountId}`)).json());
    expect(after.accountVerificationDetail.verified).toBe(false);
  });

  it("answers 404 for another subscriber's account and keeps each list to its own subscriber", async () => {
    const other = DEMO_FINANCIAL_ACCOUNTS.harperValeRedemption;
    expectRefusal(await call(lender, "GET", `${A}/${other.financialAccountId}`), 404);
    expectRefusal(await call(lender, "DELETE", `${A}/${other.financialAccountId}`, undefined, 1), 404);
    expectRefusal(await call(lender, "PATCH", `${A}/${other.financialAccountId}`, { accountVerificationDetail: { verified: true } }, 1), 404);
    expectRefusal(await call(lender, "GET", `${A}?subscriberId=${DEMO_SUBSCRIBERS.harperVale.subscriberId}`), 403);
    const own = await list(lender, "?limit=100");
    expect(own.records.every((record) => record.subscriberId === DEMO_SUBSCRIBERS.northgate.subscriberId)).toBe(true);
  });

  it("lets the helpdesk administrator manage any subscriber's accounts by naming it", async () => {
    expectRefusal(await call(helpdesk, "GET", A), 400);
    const subscriberId = DEMO_SUBSCRIBERS.ashdown.subscriberId;
    const saved = await add(helpdesk, { ...account("10000113", "Ashdown redemption"), subscriberId });
    expect(saved.subscriberId).toBe(subscriberId);
    const page = await list(helpdesk, `?subscriberId=${subscriberId}`);
    expect(page.records.map((record) => record.displayName)).toEqual(["Ashdown redemption"]);
  });
});
