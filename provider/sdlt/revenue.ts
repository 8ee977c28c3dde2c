/**
 * The seam to the revenue for filing SDLT returns (decision 0811), like the land registry's seam of
 * provider/documents/registry.ts: the filing job (filing.ts) asks an implementation of `RevenueFiling` to take a
 * prepared return and, later, for its outcome, and never knows which one answers. The sandbox
 * (revenue-sandbox.ts) answers from documented fixtures (docs/sandboxes.md "Revenue (SDLT filing)"); an adapter
 * over HMRC's SDLT online filing (the transaction-in-XML submission with its poll for the SDLT5 certificate's
 * unique transaction reference number) implements the same two calls. SDLT_REVENUE chooses (sandbox by default).
 *
 * Idempotency: every call carries the return's `submissionKey`, fixed once when the return became READY. An
 * implementation must treat a second submit with the same key as the same submission (answer the same
 * submission id, file nothing new): a job run cut short after the revenue accepted, a retry or a second
 * process then never files twice.
 */
import { z } from "zod";
import type {
  SdltAgentDetailsData,
  SdltPropertyDetailsData,
  SdltPurchaserDetailsData,
  SdltTaxCalculationData,
  SdltTransactionDetailsData,
} from "../../core/sdlt/api.js";
import { createSandboxRevenue } from "./revenue-sandbox.js";

/** The prepared return as it is filed. */
export interface SdltReturnFiling {
  submissionKey: string;
  taxApplicationId: string;
  workspaceId: string;
  effectiveDateOfTransaction: string | null;
  sections: {
    transactionDetails: SdltTransactionDetailsData;
    propertyDetails: SdltPropertyDetailsData;
    taxCalculation: SdltTaxCalculationData;
    purchaserDetails: SdltPurchaserDetailsData | null;
    purchaserAgentDetails: SdltAgentDetailsData;
  };
  /** Product time of the call. */
  now: Date;
}

/** The revenue took the return (or refused it outright). A thrown error is a failure to reach it: retried. */
export type RevenueSubmitAnswer =
  { accepted: true; submissionId: string } | { accepted: false; reason: string };

/** The outcome of a submission: not yet, filed with its unique transaction reference number, or rejected. */
export type RevenuePollAnswer =
  | { outcome: "PENDING" }
  | { outcome: "FILED"; transactionReferenceNumber: string }
  | { outcome: "REJECTED"; reason: string };

export interface RevenueFiling {
  readonly name: string;
  submit(filing: SdltReturnFiling): Promise<RevenueSubmitAnswer>;
  poll(filing: SdltReturnFiling & { submissionId: string }): Promise<RevenuePollAnswer>;
}

export const SDLT_REVENUES = ["sandbox", "hmrc"] as const;
const EnvSchema = z.object({ SDLT_REVENUE: z.enum(SDLT_REVENUES).default("sandbox") });
let chosen: RevenueFiling | undefined;

/** The revenue SDLT_REVENUE names (sandbox by default); no HMRC adapter is installed. */
export function revenueFromEnvironment(env: NodeJS.ProcessEnv = process.env): RevenueFiling {
  if (chosen) return chosen;
  const { SDLT_REVENUE } = EnvSchema.parse({ SDLT_REVENUE: env.SDLT_REVENUE || undefined });
  if (SDLT_REVENUE === "hmrc") {
    throw new Error(
      "SDLT_REVENUE=hmrc: no HMRC SDLT filing adapter is installed; implement RevenueFiling (provider/sdlt/revenue.ts).",
    );
  }
  chosen = createSandboxRevenue();
  return chosen;
}

/** Tests and other deployments may put their own implementation behind the seam. */
export function useRevenue(revenue: RevenueFiling | undefined): void {
  chosen = revenue;
}
