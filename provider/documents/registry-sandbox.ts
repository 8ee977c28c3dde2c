/**
 * The land registry lodgement sandbox (docs/sandboxes.md "Land registry lodgement"): deterministic answers
 * so that a tester, the demo world and the tests reach each outcome on purpose. The fixture is the mortgage
 * charge's transaction value (or, without one, the transfer's):
 *
 * - whole pounds ending in 999 (e.g. £250,999.00): the first answer is a requisition (one correspondence
 *   document asking for a certified copy of the deed); the answer after the reply is REGISTERED. Leaving the
 *   requisition unanswered past its deadline gets the request rejected (the job decides, as r.197 says).
 * - any other value: REGISTERED.
 *
 * The sandbox keeps no state: the answer follows from what was lodged and how many replies were sent.
 */
import type { LodgementAnswer, LodgementRegistry, LodgementSubmission } from "./registry.js";

/** Pounds ending in 999 raise a requisition. */
export const REQUISITION_POUNDS_SUFFIX = 999;

export const SANDBOX_REQUISITION = {
  name: "Requisition: certified copy of the mortgage deed",
  text:
    "HM Land Registry requisition. Please supply a certified copy of the mortgage deed, with the conveyancer's certificate, " +
    "by 12 noon on the reply date shown, or the application will be cancelled (Land Registration Rules 2003, r.197).",
} as const;

function fixtureValue(submission: LodgementSubmission): number | null {
  const mortgage = submission.applications.find((application) => application.documentType === "MORTGAGE_DEED");
  const transfer = submission.applications.find((application) => application.documentType === "TRANSFER_OF_WHOLE");
  return mortgage?.transactionValue ?? transfer?.transactionValue ?? null;
}

/** Whether a submission's fixture raises a requisition. */
export function raisesRequisition(submission: LodgementSubmission): boolean {
  const value = fixtureValue(submission);
  return value !== null && value % 100 === 0 && Math.floor(value / 100) % 1000 === REQUISITION_POUNDS_SUFFIX;
}

export function createSandboxLodgementRegistry(): LodgementRegistry {
  return {
    name: "sandbox",
    async lodge(submission) {
      return { registryReference: `SBX-${submission.lodgementRequestId.slice(0, 8).toUpperCase()}` };
    },
    async answer(submission): Promise<LodgementAnswer> {
      if (raisesRequisition(submission) && submission.requisitionsAnswered === 0) {
        return { outcome: "REQUISITIONED", correspondence: [{ ...SANDBOX_REQUISITION }] };
      }
      return { outcome: "REGISTERED" };
    },
  };
}
