import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkBankAccount, usePayeeCheck, type BankAccountToCheck } from "./bank-check.js";
import { createSandboxPayeeCheck, PAYEE_CHECK_FIXTURES, SANDBOX_SORT_CODE } from "./payee-check-sandbox.js";
import { INVALID_BANK_ACCOUNT_MESSAGE } from "../../core/financials/verification.js";
import { passesModulusCheck } from "./bank-check.js";

const account = (accountNumber: string, bankCode = SANDBOX_SORT_CODE): BankAccountToCheck => ({
  accountName: "Riverside Property",
  accountNumber,
  bankCode,
  accountType: "BUSINESS",
});

const TIMEOUT_MS = 200;
beforeEach(() => usePayeeCheck(createSandboxPayeeCheck({ latencyMs: 0 }), TIMEOUT_MS));
afterEach(() => usePayeeCheck(undefined));

describe("the bank account check", () => {
  it("gives every sandbox fixture's outcome, classified by its reason code", async () => {
    const expected: Record<string, { status: string; partnerReasonCode: string | null; actualName: string | null; verified: boolean }> = {
      "10000003": { status: "MATCH", partnerReasonCode: null, actualName: null, verified: true },
      "10000016": { status: "NAME_PARTIAL_MATCH", partnerReasonCode: "MBAM", actualName: "Riverside Property Ltd", verified: false },
      "10000029": { status: "TYPE_NO_MATCH", partnerReasonCode: "BANM", actualName: null, verified: false },
      "10000032": { status: "TYPE_NO_MATCH", partnerReasonCode: "PANM", actualName: null, verified: false },
      "10000045": { status: "NAME_PARTIAL_MATCH_TYPE_NO_MATCH", partnerReasonCode: "BAMM", actualName: "Riverside Property Ltd", verified: false },
      "10000058": { status: "NAME_PARTIAL_MATCH_TYPE_NO_MATCH", partnerReasonCode: "PAMM", actualName: "Jane Riverside", verified: false },
      "10000061": { status: "NO_MATCH", partnerReasonCode: "ANNM", actualName: null, verified: false },
      "10000074": { status: "UNABLE_TO_MATCH", partnerReasonCode: "AC01", actualName: null, verified: false },
      "10000087": { status: "UNABLE_TO_MATCH", partnerReasonCode: "OPTO", actualName: null, verified: false },
      "10000090": { status: "UNABLE_TO_MATCH", partnerReasonCode: "ACNS", actualName: null, verified: false },
      "10000100": { status: "UNABLE_TO_MATCH", partnerReasonCode: "CASS", actualName: null, verified: false },
      "10000113": { status: "UNABLE_TO_MATCH", partnerReasonCode: "SCNS", actualName: null, verified: false },
      "10000126": { status: "UNABLE_TO_MATCH", partnerReasonCode: "IVCR", actualName: null, verified: false },
      "10000139": { status: "ERROR", partnerReasonCode: null, actualName: null, verified: false },
      "10000142": { status: "TIMEOUT", partnerReasonCode: null, actualName: null, verified: false },
    };
    expect(Object.keys(expected).sort()).toEqual(Object.keys(PAYEE_CHECK_FIXTURES).sort());
    for (const [number, outcome] of Object.entries(expected)) {
      expect(passesModulusCheck(SANDBOX_SORT_CODE, number), number).toBe(true);
      const answer = await checkBankAccount(account(number));
      expect(answer, number).toEqual({
        outcome: "CHECKED",
        verification: { ...outcome, acceptedBy: null, acceptedAt: null, isManualOverrideAllowed: !outcome.verified },
      });
    }
  });

  it("refuses an account that fails the modulus check without asking the bank", async () => {
    let asked = false;
    usePayeeCheck({ name: "spy", check: async () => ((asked = true), { reasonCode: null, actualName: null }) });
    expect(await checkBankAccount(account("10000000"))).toEqual({ outcome: "INVALID_ACCOUNT", message: INVALID_BANK_ACCOUNT_MESSAGE });
    expect(asked).toBe(false);
  });

  it("takes any other valid account as an exact match (sort codes outside the tables pass)", async () => {
    expect(await checkBankAccount(account("66374958", "089999"))).toMatchObject({ verification: { status: "MATCH", verified: true } });
    expect(await checkBankAccount(account("12345678", "000000"))).toMatchObject({ verification: { status: "MATCH" } });
  });

  it("gives up at the time-out, never much later, and stops the call", async () => {
    let aborted = false;
    usePayeeCheck(
      { name: "slow", check: (_account, signal) => new Promise((_resolve, reject) => signal.addEventListener("abort", () => ((aborted = true), reject(new Error("aborted"))))) },
      TIMEOUT_MS,
    );
    const started = performance.now();
    expect(await checkBankAccount(account("10000003"))).toMatchObject({ verification: { status: "TIMEOUT", verified: false, isManualOverrideAllowed: true } });
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(took).toBeLessThan(TIMEOUT_MS + 1_000);
    expect(aborted).toBe(true);
  });

  it("answers ERROR when the service fails", async () => {
    usePayeeCheck({ name: "failing", check: async () => Promise.reject(new Error("503")) });
    expect(await checkBankAccount(account("10000003"))).toMatchObject({ verification: { status: "ERROR", verified: false } });
  });
});
