/**
 * Stamp duty land tax for a single transaction in England (issue: "The tax calculated"). The shape of
 * `calculateSdlt` is fixed: other checks rely on it. The rates are the dated tables of rule-sets.ts; this
 * file only picks those in force on the effective date, applies first-time buyer relief and the surcharges,
 * and slices the price. The choices (what is outside the calculation, which combinations get no relief) are
 * in docs/decisions/0800-sdlt-calculation-rule-sets.md.
 */
import {
  ADDITIONAL_DWELLINGS_SURCHARGE,
  FIRST_TIME_BUYER_RELIEF,
  inForce,
  NON_RESIDENT_SURCHARGE,
  NON_RESIDENTIAL_RATES,
  RESIDENTIAL_RATES,
  type RateBand,
  type RateTable,
  type Surcharge,
} from "./rule-sets.js";

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

/** Shown beside every calculated figure: what the calculation leaves out (HMRC's own calculator does the same). */
export const SDLT_CALCULATION_NOTE =
  "Calculated for this transaction alone: linked transactions and reliefs other than first-time buyer relief are outside the calculation.";

/** The highest price calculated: the return's money fields hold at most 10 digits of pounds. */
export const SDLT_MAXIMUM_PRICE = 9_999_999_999;

/** An input the calculation cannot answer: a price or date that is not valid, or a date before every rule set. */
export class SdltCalculationError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = "SdltCalculationError";
  }
}

/**
 * The tax, its bands and the rule set, for one transaction. The bands are those of the rates applied that
 * the price reaches (`from` and `to` are the band's limits; `tax` the tax on the part of the price inside it,
 * to the penny); the total is rounded down to the whole pound. Throws SdltCalculationError for a negative or
 * non-finite price, a price above SDLT_MAXIMUM_PRICE, an invalid date or a date before the rule sets begin.
 */
export function calculateSdlt(input: SdltInput): SdltResult {
  const pricePence = pence(input.price);
  const date = effectiveDate(input.effectiveDate);
  if (input.kind === "residential") return residential(input, pricePence, date);
  const rates = ratesInForce(NON_RESIDENTIAL_RATES, date, "non-residential and mixed");
  const rules = [rates.name];
  if (input.firstTimeBuyer || input.additionalDwelling || input.nonResident) {
    rules.push("first-time buyer relief and the surcharges apply to residential property only");
  }
  return { ...sliced(rates.bands, 0, pricePence), rules: rules.join(", ") };
}

function residential(input: SdltInput, pricePence: number, date: string): SdltResult {
  const rates = ratesInForce(RESIDENTIAL_RATES, date, "residential");
  const rules = [rates.name];
  let bands = rates.bands;
  if (input.firstTimeBuyer) {
    const relief = inForce(FIRST_TIME_BUYER_RELIEF, date);
    if (!relief)
      rules.push(`no first-time buyer relief before ${longDate(FIRST_TIME_BUYER_RELIEF[0]!.from)}`);
    else if (!relief.relief) rules.push(`no first-time buyer relief: ${relief.why}`);
    else if (input.additionalDwelling) rules.push("no first-time buyer relief with an additional dwelling");
    else if (pricePence > relief.relief.ceiling * 100)
      rules.push(`no first-time buyer relief above ${pounds(relief.relief.ceiling)}`);
    else {
      bands = relief.relief.bands;
      rules.push("first-time buyer relief");
    }
  }
  let points = 0;
  const surcharges: [boolean | undefined, string, readonly Surcharge[]][] = [
    [input.additionalDwelling, "additional dwellings surcharge", ADDITIONAL_DWELLINGS_SURCHARGE],
    [input.nonResident, "non-resident surcharge", NON_RESIDENT_SURCHARGE],
  ];
  for (const [asked, name, table] of surcharges) {
    if (!asked) continue;
    const surcharge = inForce(table, date);
    if (!surcharge) rules.push(`no ${name} before ${longDate(table[0]!.from)}`);
    else if (pricePence < surcharge.minimumPrice * 100)
      rules.push(`no ${name} below ${pounds(surcharge.minimumPrice)}`);
    else {
      points += surcharge.points;
      rules.push(`${name} ${surcharge.points} points`);
    }
  }
  return { ...sliced(bands, points, pricePence), rules: rules.join(", ") };
}

/**
 * The price cut into the bands it reaches (at least the first), each at its rate plus `points`. Worked in
 * pence times percent, so that every sum is a whole number and the total is rounded down only once.
 */
function sliced(
  bands: readonly RateBand[],
  points: number,
  pricePence: number,
): Pick<SdltResult, "tax" | "bands"> {
  let total = 0;
  const reached = bands.filter((band, index) => index === 0 || band.from * 100 < pricePence);
  const slices = reached.map((band) => {
    const top = band.to === null ? pricePence : Math.min(pricePence, band.to * 100);
    const rate = band.rate + points;
    const pencePercent = Math.max(0, top - band.from * 100) * rate;
    total += pencePercent;
    return { from: band.from, to: band.to, rate, tax: Math.floor(pencePercent / 100) / 100 };
  });
  return { tax: Math.floor(total / 10_000), bands: slices };
}

function ratesInForce(table: readonly RateTable[], date: string, kind: string): RateTable {
  const rates = inForce(table, date);
  if (!rates)
    throw new SdltCalculationError(
      `There are no ${kind} rates before ${longDate(table[0]!.from)}: enter an effective date from then on`,
    );
  return rates;
}

function pence(price: number): number {
  if (typeof price !== "number" || !Number.isFinite(price))
    throw new SdltCalculationError("The price must be a number of pounds");
  if (price < 0) throw new SdltCalculationError("The price must not be negative");
  if (price > SDLT_MAXIMUM_PRICE)
    throw new SdltCalculationError(`The price must not exceed ${pounds(SDLT_MAXIMUM_PRICE)}`);
  return Math.round(price * 100);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function effectiveDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typeof value === "string" ? value : "");
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!day || day.toISOString().slice(0, 10) !== value) {
    throw new SdltCalculationError("The effective date must be a date written YYYY-MM-DD");
  }
  return value;
}

/** `2025-04-01` → `1 April 2025`, as the rule sets are named. */
function longDate(value: string): string {
  const [year, month, day] = value.split("-").map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
}

/** Whole pounds with grouping: `500000` → `£500,000`. */
function pounds(value: number): string {
  return `£${value.toLocaleString("en-GB")}`;
}

/**
 * A band as gov.uk writes it, in whole pounds: "up to £125,000", "£125,001 to £250,000", "above £1,500,000"
 * (the tab and the CLI both print bands this way).
 */
export function sdltBandLabel(band: Pick<SdltBand, "from" | "to">): string {
  if (band.to === null) return `above ${pounds(band.from)}`;
  if (band.from === 0) return `up to ${pounds(band.to)}`;
  return `${pounds(band.from + 1)} to ${pounds(band.to)}`;
}
