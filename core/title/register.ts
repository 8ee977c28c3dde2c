/**
 * What the product reads from a title's register entries (document 2 sections 3.5, 3.7 and 4.2): the
 * outgoing lenders (the chargees of the charges, to be discharged) and the reasons a title is unsupported
 * (a charge whose lender is an individual, a noted charge, an equitable charge: the workspace must be cancelled).
 */
import type { TitleEntry, UnsupportedReason } from "./api.js";

export function unsupportedReasonsOf(entries: readonly TitleEntry[]): UnsupportedReason[] {
  const reasons = new Set<UnsupportedReason>();
  for (const entry of entries) {
    if (entry.type !== "CHARGE") continue;
    if (entry.attributes.parties.some((party) => party.type === "INDIVIDUAL")) reasons.add("INDIVIDUAL_LENDER");
    if (entry.attributes.chargeType === "NOTED_CHARGE") reasons.add("NOTED_CHARGE");
    if (entry.attributes.chargeType === "EQUITABLE_CHARGE") reasons.add("EQUITABLE_CHARGE");
  }
  return [...reasons];
}

export const UNSUPPORTED_REASON_TEXTS: Readonly<Record<UnsupportedReason, string>> = {
  INDIVIDUAL_LENDER: "A charge on the title is held by an individual lender.",
  NOTED_CHARGE: "The title carries a noted charge.",
  EQUITABLE_CHARGE: "The title carries an equitable charge.",
};

/** Each chargee of each charge, in register order: the outgoing lenders. */
export function outgoingLendersOf(entries: readonly TitleEntry[]): { name: string; entryNumber: string; chargeDate: string | null }[] {
  return entries
    .filter((entry) => entry.type === "CHARGE")
    .flatMap((entry) => entry.attributes.parties.map((party) => ({ name: party.name, entryNumber: entry.entryNumber, chargeDate: entry.attributes.chargeDate })));
}
