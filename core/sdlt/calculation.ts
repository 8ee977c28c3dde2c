/**
 * Stamp duty land tax for a single transaction in England (issue: "The tax calculated"). The shape of
 * `calculateSdlt` is fixed: other checks rely on it. The dated rule sets are being built on their own branch.
 */
export type SdltKind = "residential" | "non-residential" | "mixed";

export interface SdltInput {
  /** The chargeable consideration in pounds. */
  price: number;
  kind: SdltKind;
  /** The effective date of the transaction, YYYY-MM-DD. */
  effectiveDate: string;
  firstTimeBuyer?: boolean;
  additionalDwelling?: boolean;
  nonResident?: boolean;
}

export interface SdltBand {
  from: number;
  to: number | null;
  /** Percent, for example 5 for 5%. */
  rate: number;
  tax: number;
}

export interface SdltResult {
  /** Whole pounds, rounded down. */
  tax: number;
  bands: SdltBand[];
  /** Names the rule set used. */
  rules: string;
}

export function calculateSdlt(input: SdltInput): SdltResult {
  throw new Error(`calculateSdlt is not built yet (${input.effectiveDate})`);
}
