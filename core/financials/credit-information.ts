/**
 * Credit information for Buyer Funds (document 2 sections 3.10, 4.6 and 7.4): the payments received against a
 * line item's reference, and the source-funds status they give it. Funds count as received once any credit
 * arrives; only a balanced receipt authorises the Buyer Funds (an over- or under-payment leaves authorisation
 * pending, and the person is sent to support).
 */
import { z } from "zod";
import type { FundsReceivedStatus } from "./enums.js";

export const CreditSchema = z.object({
  id: z.string(),
  /** Pence. */
  amount: z.number().int(),
  /** ISO date-time the payment arrived. */
  transactionTime: z.string(),
});
export type Credit = z.infer<typeof CreditSchema>;

export const CreditInformationQuerySchema = z.object({
  lineItemReference: z.string().min(1).max(40),
});
export const CreditInformationResponseSchema = z.object({ records: z.array(CreditSchema) });

/** The source-funds status of a line item expecting `expectedPence` that has received `receivedPence`; null before any credit. */
export function sourceFundsStatusOf(expectedPence: number, receivedPence: number): FundsReceivedStatus | null {
  if (receivedPence <= 0) return null;
  if (receivedPence === expectedPence) return "FUNDS_RECEIVED_BALANCED";
  return receivedPence < expectedPence ? "FUNDS_RECEIVED_UNDERPAID" : "FUNDS_RECEIVED_OVERPAID";
}

/** Buyer Funds are authorised by their receipt, and only when it balances. */
export function isAuthorisedByReceipt(status: string | null): boolean {
  return status === "FUNDS_RECEIVED_BALANCED";
}

/** The total of the credits, in pence. */
export function creditTotal(credits: readonly Pick<Credit, "amount">[]): number {
  return credits.reduce((total, credit) => total + credit.amount, 0);
}
