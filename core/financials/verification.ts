/**
 * The verification detail of a bank account (document 2 sections 3.10, 3.11, 4.7 and 4.10): what the name
 * check answered and whether a person accepted the account by hand. Line items and frequently used accounts
 * carry the same shape.
 */
import { z } from "zod";
import { BankVerificationStatusSchema, copStatus, COP_REASON_CODES, type BankVerificationStatus, type CopReasonCode } from "./enums.js";

export const VerificationDetailSchema = z.object({
  verified: z.boolean(),
  status: BankVerificationStatusSchema,
  /** The scheme's reason code when the answer is not an exact match (DOMAIN-FACTS: MBAM, ANNM, AC01…). */
  partnerReasonCode: z.string().nullable(),
  /** The account holder's name as the bank holds it, returned with a close match. */
  actualName: z.string().nullable(),
  /** The subscriber user who accepted the account by hand. */
  acceptedBy: z.string().nullable(),
  /** ISO date-time of the manual acceptance. */
  acceptedAt: z.string().nullable(),
  isManualOverrideAllowed: z.boolean(),
});
export type VerificationDetail = z.infer<typeof VerificationDetailSchema>;

/** What a name check answered: a reason code (none for an exact match) and the name returned with a close match. */
export type NameCheckResult =
  | { outcome: "ANSWERED"; reasonCode: CopReasonCode | null; actualName: string | null }
  | { outcome: "ERROR" }
  | { outcome: "TIMEOUT" };

/**
 * The verification detail of a name check's answer. An exact match is verified; every other answer is
 * saved unverified, and a person may accept it by hand (4.7: review, delete, or proceed with consent).
 * A name is kept only where the scheme returns one.
 */
export function verificationOf(result: NameCheckResult): VerificationDetail {
  const status: BankVerificationStatus = result.outcome === "ANSWERED" ? copStatus(result.reasonCode) : result.outcome;
  const returnsName = result.outcome === "ANSWERED" && result.reasonCode !== null && COP_REASON_CODES[result.reasonCode].returnsName;
  return {
    verified: status === "MATCH",
    status,
    partnerReasonCode: result.outcome === "ANSWERED" ? result.reasonCode : null,
    actualName: returnsName && result.outcome === "ANSWERED" ? result.actualName : null,
    acceptedBy: null,
    acceptedAt: null,
    isManualOverrideAllowed: status !== "MATCH",
  };
}

/** An account whose check has not run (a linked account copies its saved account's detail instead). */
export const NOT_RUN_VERIFICATION: VerificationDetail = {
  verified: false,
  status: "ACCOUNT_VERIFICATION_NOT_RUN",
  partnerReasonCode: null,
  actualName: null,
  acceptedBy: null,
  acceptedAt: null,
  isManualOverrideAllowed: true,
};

/** A manual acceptance (or consent to proceed without verification): verified, with who and when; the check's answer stays. */
export function acceptManually(detail: VerificationDetail, acceptedBy: string, acceptedAt: string): VerificationDetail {
  return { ...detail, verified: true, acceptedBy, acceptedAt, isManualOverrideAllowed: false };
}

/** The refusal of an account that fails the UK modulus check: no bank holds it, so no name check is made. */
export const INVALID_BANK_ACCOUNT_MESSAGE = "Check the sort code and account number: they are not a valid UK bank account";
