/**
 * The Confirmation of Payee sandbox (docs/sandboxes.md): deterministic answers keyed by sort code and account
 * number, so every outcome of document 2 sections 3.11 and 4.7 can be reached on purpose. Accounts under
 * sort code 08-99-99 are the fixtures; every other account (that passed the modulus check) is an exact
 * match. Each answer takes `latencyMs` (COP_SANDBOX_LATENCY_MS, default 150 ms), like a scheme round trip.
 */
import type { CopReasonCode } from "../../core/financials/enums.js";
import type { PayeeCheck, PayeeCheckAnswer } from "./bank-check.js";

export const SANDBOX_SORT_CODE = "089999";

/** The longest timer Node keeps (about 24.8 days): "never" for a check that is aborted long before. */
const NEVER_MS = 2_147_483_647;

type Fixture = { reasonCode: CopReasonCode | null; actualName?: string } | "ERROR" | "TIMEOUT";

/** Account number (under sort code 08-99-99) → the scheme's answer. Every number passes the modulus check. */
export const PAYEE_CHECK_FIXTURES: Readonly<Record<string, Fixture>> = {
  "10000003": { reasonCode: null },
  "10000016": { reasonCode: "MBAM", actualName: "Riverside Property Ltd" },
  "10000029": { reasonCode: "BANM" },
  "10000032": { reasonCode: "PANM" },
  "10000045": { reasonCode: "BAMM", actualName: "Riverside Property Ltd" },
  "10000058": { reasonCode: "PAMM", actualName: "Jane Riverside" },
  "10000061": { reasonCode: "ANNM" },
  "10000074": { reasonCode: "AC01" },
  "10000087": { reasonCode: "OPTO" },
  "10000090": { reasonCode: "ACNS" },
  "10000100": { reasonCode: "CASS" },
  "10000113": { reasonCode: "SCNS" },
  "10000126": { reasonCode: "IVCR" },
  "10000139": "ERROR",
  "10000142": "TIMEOUT",
};

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error("aborted"));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(new Error("aborted"))), { once: true });
  });
}

/** A scheme round trip, as the sandbox imitates it by default. */
export const SANDBOX_LATENCY_MS = 150;

export function createSandboxPayeeCheck({ latencyMs = SANDBOX_LATENCY_MS }: { latencyMs?: number } = {}): PayeeCheck {
  const latency = Math.max(0, latencyMs);
  return {
    name: "sandbox",
    async check(account, signal): Promise<PayeeCheckAnswer> {
      const fixture = account.bankCode === SANDBOX_SORT_CODE ? PAYEE_CHECK_FIXTURES[account.accountNumber] : undefined;
      if (fixture === "TIMEOUT") {
        // Never answers: the check gives up at its time-out and aborts.
        await sleep(NEVER_MS, signal);
      }
      await sleep(latency, signal);
      if (fixture === "ERROR") throw new Error("The payee check service is unavailable");
      if (!fixture || fixture === "TIMEOUT") return { reasonCode: null, actualName: null };
      return { reasonCode: fixture.reasonCode, actualName: fixture.actualName ?? null };
    },
  };
}
