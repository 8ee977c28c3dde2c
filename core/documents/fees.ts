/**
 * Land registry fees for electronic applications (Land Registration Fee Order 2021, in force from
 * 31 January 2022; ../shared/DOMAIN-FACTS.md "Land registry timing and fees"), kept as a dated table so that a
 * later fee order is a new row, not an edit. Decision 0711.
 *
 * - Scale 1 (transfers for value, TR1 with monetary consideration): on the consideration.
 * - Scale 2 (charges, and transfers not for value): on the amount secured (the loan) or the value.
 * - A charge lodged with the transfer it secures pays no separate fee (article 5(2)).
 * - Discharges (DS1), change of name or address, death of a joint proprietor, cancelling or withdrawing a
 *   restriction and a change of property description carry no fee (Schedule 3 of the order: fee-free
 *   applications); DOMAIN-FACTS is silent on them, decision 0711 records the choice.
 *
 * Every amount is integer pence; a band's `upTo` is inclusive ("up to £80,000" includes £80,000.00).
 */

export interface FeeBand {
  /** Inclusive upper bound in pence; null for the open top band. */
  upTo: number | null;
  /** Fee in pence. */
  fee: number;
}

export interface FeeTable {
  /** YYYY-MM-DD, London date from which the table applies. */
  effectiveFrom: string;
  /** The instrument, for the record. */
  source: string;
  scale1: readonly FeeBand[];
  scale2: readonly FeeBand[];
}

const pounds = (value: number) => value * 100;

export const FEE_TABLES: readonly FeeTable[] = [
  {
    effectiveFrom: "2022-01-31",
    source: "Land Registration Fee Order 2021 (SI 2021/1273), electronic applications",
    scale1: [
      { upTo: pounds(80_000), fee: pounds(20) },
      { upTo: pounds(100_000), fee: pounds(40) },
      { upTo: pounds(200_000), fee: pounds(100) },
      { upTo: pounds(500_000), fee: pounds(150) },
      { upTo: pounds(1_000_000), fee: pounds(295) },
      { upTo: null, fee: pounds(500) },
    ],
    scale2: [
      { upTo: pounds(100_000), fee: pounds(20) },
      { upTo: pounds(200_000), fee: pounds(30) },
      { upTo: pounds(500_000), fee: pounds(45) },
      { upTo: pounds(1_000_000), fee: pounds(65) },
      { upTo: null, fee: pounds(140) },
    ],
  },
];

/** The fee table in force on a London date (YYYY-MM-DD); a date before the first table is refused. */
export function feeTableOn(date: string): FeeTable {
  let found: FeeTable | undefined;
  for (const table of FEE_TABLES) if (table.effectiveFrom <= date) found = table;
  if (!found) throw new RangeError(`No land registry fee table is in force on ${date}`);
  return found;
}

/** The fee of a scale for a value in pence. */
export function scaleFee(bands: readonly FeeBand[], valuePence: number): number {
  for (const band of bands) if (band.upTo === null || valuePence <= band.upTo) return band.fee;
  /* c8 ignore next */
  throw new RangeError("A fee scale must end with an open band");
}

export type FeeScale = "SCALE_1" | "SCALE_2" | "NONE";

export interface FeeApplication {
  documentType: string;
  /** Pence; null until the user gives it. */
  transactionValue: number | null;
  considerationType?: string | null;
}

export interface FeeContext {
  /** The case holds a transfer of whole, lodged with the charge it secures (article 5(2)). */
  lodgedWithTransfer: boolean;
}

/** Which scale an application pays on (NONE: fee-free). */
export function feeScale(application: FeeApplication, context: FeeContext): FeeScale {
  switch (application.documentType) {
    case "TRANSFER_OF_WHOLE":
      return application.considerationType && application.considerationType !== "MONETARY_CONSIDERATION" ? "SCALE_2" : "SCALE_1";
    case "MORTGAGE_DEED":
      return context.lodgedWithTransfer ? "NONE" : "SCALE_2";
    default:
      return "NONE";
  }
}

/**
 * The land registry fee of an application in pence on a London date (YYYY-MM-DD): 0 for fee-free
 * applications and for a charge lodged with its transfer; null while a fee-bearing application has no
 * transaction value yet.
 */
export function landRegistryFee(application: FeeApplication, context: FeeContext, date: string): number | null {
  const scale = feeScale(application, context);
  if (scale === "NONE") return 0;
  if (application.transactionValue === null) return null;
  const table = feeTableOn(date);
  return scaleFee(scale === "SCALE_1" ? table.scale1 : table.scale2, application.transactionValue);
}
