/**
 * The revenue sandbox for SDLT filing (docs/sandboxes.md "Revenue (SDLT filing)"): deterministic answers so
 * that a tester, the demo world and the tests reach each outcome on purpose. The fixture is the purchaser
 * agent's reference (agentReference, upper-cased):
 *
 * - SBX-REJECT: the submission is accepted, the poll answers REJECTED → the return is FAILED.
 * - SBX-SUBMIT-ERR: every submit fails to reach the revenue → after the job's attempts, SUBMISSION_FAILED.
 * - SBX-POLL-ERR: submitted, every poll fails → after the job's attempts, POLL_FAILED.
 * - anything else: accepted, and the first poll answers FILED with a unique transaction reference number.
 *
 * Idempotent by submission key: the submission id and the transaction reference number follow from the key
 * alone (the same key always answers the same ones); `submissions` and `filings` record what was submitted and
 * filed per key, so a test can see that nothing is filed twice.
 */
import { createHash } from "node:crypto";
import type { RevenueFiling, RevenuePollAnswer, RevenueSubmitAnswer, SdltReturnFiling } from "./revenue.js";

export const REVENUE_SANDBOX_FIXTURES = {
  rejected: "SBX-REJECT",
  submitError: "SBX-SUBMIT-ERR",
  pollError: "SBX-POLL-ERR",
} as const;

export const REVENUE_SANDBOX_MESSAGES = {
  rejected:
    "The revenue rejected the return (sandbox fixture SBX-REJECT): the purchaser's details do not match its records.",
  submitError: "The revenue could not be reached to submit the return (sandbox fixture SBX-SUBMIT-ERR).",
  pollError: "The revenue could not be reached for the outcome of the return (sandbox fixture SBX-POLL-ERR).",
} as const;

const fixtureOf = (filing: SdltReturnFiling) =>
  (filing.sections.purchaserAgentDetails.agentReference ?? "").trim().toUpperCase();

/** A unique transaction reference number as the SDLT5 certificate shows it: 9 digits and 2 letters. */
export function sandboxUtrn(submissionKey: string): string {
  const digest = createHash("sha256").update(`utrn:${submissionKey}`).digest();
  const digits = String(digest.readUInt32BE(0) * 1000 + (digest.readUInt16BE(4) % 1000))
    .padStart(9, "0")
    .slice(-9);
  return `${digits}MC`;
}

export function sandboxSubmissionId(submissionKey: string): string {
  return `SBX-SDLT-${createHash("sha256").update(`submission:${submissionKey}`).digest("hex").slice(0, 12).toUpperCase()}`;
}

export interface SandboxRevenue extends RevenueFiling {
  /** How many times each submission key was submitted (a retry submits the same key again). */
  readonly submissions: Map<string, number>;
  /** The reference number filed for each submission key: one filing per key, whatever the retries. */
  readonly filings: Map<string, string>;
}

export function createSandboxRevenue(): SandboxRevenue {
  const submissions = new Map<string, number>();
  const filings = new Map<string, string>();
  return {
    name: "sandbox",
    submissions,
    filings,
    async submit(filing): Promise<RevenueSubmitAnswer> {
      submissions.set(filing.submissionKey, (submissions.get(filing.submissionKey) ?? 0) + 1);
      if (fixtureOf(filing) === REVENUE_SANDBOX_FIXTURES.submitError)
        throw new Error(REVENUE_SANDBOX_MESSAGES.submitError);
      return { accepted: true, submissionId: sandboxSubmissionId(filing.submissionKey) };
    },
    async poll(filing): Promise<RevenuePollAnswer> {
      const fixture = fixtureOf(filing);
      if (fixture === REVENUE_SANDBOX_FIXTURES.pollError) throw new Error(REVENUE_SANDBOX_MESSAGES.pollError);
      if (fixture === REVENUE_SANDBOX_FIXTURES.rejected)
        return { outcome: "REJECTED", reason: REVENUE_SANDBOX_MESSAGES.rejected };
      // Filed once per key: a second poll for the same key answers the same reference and files nothing new.
      const utrn = filings.get(filing.submissionKey) ?? sandboxUtrn(filing.submissionKey);
      filings.set(filing.submissionKey, utrn);
      return { outcome: "FILED", transactionReferenceNumber: utrn };
    },
  };
}
