/**
 * Stamp duty land tax rule sets as dated data (England and Northern Ireland): the rates of FA 2003 s.55 for
 * each period, first-time buyer relief (Sch 6ZA) with its ceiling, and the two surcharges (higher rates for
 * additional dwellings, Sch 4ZA; non-UK resident purchasers, Sch 9A). Each entry applies from `from` up to
 * and including `until` (YYYY-MM-DD; null while in force) and cites its source. Amounts are whole pounds;
 * a band taxes the part of the price above `from` up to `to` (null: no upper limit); rates are percent.
 * calculation.ts picks the entries in force on the effective date; no rate lives anywhere else.
 * Decision record: docs/decisions/0800-sdlt-calculation-rule-sets.md.
 */

export interface RateBand {
  from: number;
  to: number | null;
  rate: number;
}

/** The rates for one kind of property over one period. */
export interface RateTable {
  /** Names the rule set in the calculation's answer, e.g. "England residential from 1 April 2025". */
  name: string;
  from: string;
  until: string | null;
  bands: readonly RateBand[];
  source: string;
}

/** First-time buyer relief over one period: its own bands, and no relief at all above `ceiling`. */
export interface FirstTimeBuyerRelief {
  from: string;
  until: string | null;
  /** null when the period has no relief (`why` says what stands in its place). */
  relief: { bands: readonly RateBand[]; ceiling: number } | null;
  why?: string;
  source: string;
}

/** Percentage points added to every band of the residential rates. */
export interface Surcharge {
  from: string;
  until: string | null;
  points: number;
  /** The surcharge does not apply when the price is below this (0: at any price). */
  minimumPrice: number;
  source: string;
}

const GOV_UK_RESIDENTIAL = "gov.uk 'Stamp Duty Land Tax: residential property rates'";
const STANDARD_RESIDENTIAL_BANDS: readonly RateBand[] = [
  { from: 0, to: 125_000, rate: 0 },
  { from: 125_000, to: 250_000, rate: 2 },
  { from: 250_000, to: 925_000, rate: 5 },
  { from: 925_000, to: 1_500_000, rate: 10 },
  { from: 1_500_000, to: null, rate: 12 },
];
/** The nil-rate band raised to £250,000 (July to September 2021, and September 2022 to March 2025). */
const NIL_TO_250K_BANDS: readonly RateBand[] = [
  { from: 0, to: 250_000, rate: 0 },
  { from: 250_000, to: 925_000, rate: 5 },
  { from: 925_000, to: 1_500_000, rate: 10 },
  { from: 1_500_000, to: null, rate: 12 },
];

/** Residential rates (FA 2003 s.55 Table A), in date order without gaps. */
export const RESIDENTIAL_RATES: readonly RateTable[] = [
  {
    name: "England residential from 4 December 2014",
    from: "2014-12-04",
    until: "2020-07-07",
    bands: STANDARD_RESIDENTIAL_BANDS,
    source: `FA 2003 s.55 Table A (as substituted from 4 December 2014 by the Stamp Duty Land Tax Act 2015); ${GOV_UK_RESIDENTIAL}`,
  },
  {
    name: "England residential temporary rates from 8 July 2020",
    from: "2020-07-08",
    until: "2021-06-30",
    bands: [
      { from: 0, to: 500_000, rate: 0 },
      { from: 500_000, to: 925_000, rate: 5 },
      { from: 925_000, to: 1_500_000, rate: 10 },
      { from: 1_500_000, to: null, rate: 12 },
    ],
    source: `Stamp Duty Land Tax (Temporary Relief) Act 2020 s.1, extended to 30 June 2021 by the Finance Act 2021; ${GOV_UK_RESIDENTIAL} (previous rates)`,
  },
  {
    name: "England residential temporary rates from 1 July 2021",
    from: "2021-07-01",
    until: "2021-09-30",
    bands: NIL_TO_250K_BANDS,
    source: `Stamp Duty Land Tax (Temporary Relief) Act 2020 as amended by the Finance Act 2021 (the £250,000 nil-rate band to 30 September 2021); ${GOV_UK_RESIDENTIAL} (previous rates)`,
  },
  {
    name: "England residential from 1 October 2021",
    from: "2021-10-01",
    until: "2022-09-22",
    bands: STANDARD_RESIDENTIAL_BANDS,
    source: `FA 2003 s.55 Table A; ${GOV_UK_RESIDENTIAL} (previous rates)`,
  },
  {
    name: "England residential from 23 September 2022",
    from: "2022-09-23",
    until: "2025-03-31",
    bands: NIL_TO_250K_BANDS,
    source: `FA 2003 s.55 Table A as amended by the Stamp Duty Land Tax (Reduction) Act 2022, made temporary to 31 March 2025 by the Stamp Duty Land Tax (Temporary Relief) Act 2023; ${GOV_UK_RESIDENTIAL} (example: £295,000 → £2,250)`,
  },
  {
    name: "England residential from 1 April 2025",
    from: "2025-04-01",
    until: null,
    bands: STANDARD_RESIDENTIAL_BANDS,
    source: `FA 2003 s.55 Table A (the 2022 reduction ended by the Stamp Duty Land Tax (Temporary Relief) Act 2023); ${GOV_UK_RESIDENTIAL} (example: £295,000 → £4,750)`,
  },
];

/** Non-residential and mixed-use rates (FA 2003 s.55 Table B, which also governs mixed use by s.55(2)). */
export const NON_RESIDENTIAL_RATES: readonly RateTable[] = [
  {
    name: "England non-residential and mixed from 17 March 2016",
    from: "2016-03-17",
    until: null,
    bands: [
      { from: 0, to: 150_000, rate: 0 },
      { from: 150_000, to: 250_000, rate: 2 },
      { from: 250_000, to: null, rate: 5 },
    ],
    source:
      "FA 2003 s.55 Table B (slice rates from 17 March 2016); gov.uk 'Stamp Duty Land Tax: non-residential and mixed rates' (example: £275,000 → £3,250)",
  },
];

const GOV_UK_FIRST_TIME = "gov.uk 'Stamp Duty Land Tax: relief for first-time buyers'";
const FIRST_TIME_TO_300K = {
  bands: [
    { from: 0, to: 300_000, rate: 0 },
    { from: 300_000, to: 500_000, rate: 5 },
  ],
  ceiling: 500_000,
} as const;

/** First-time buyer relief (FA 2003 Sch 6ZA), in date order without gaps from 22 November 2017. */
export const FIRST_TIME_BUYER_RELIEF: readonly FirstTimeBuyerRelief[] = [
  {
    from: "2017-11-22",
    until: "2020-07-07",
    relief: FIRST_TIME_TO_300K,
    source: `FA 2003 Sch 6ZA paras 3-4 (inserted by the Finance Act 2018, from 22 November 2017); ${GOV_UK_FIRST_TIME}`,
  },
  {
    from: "2020-07-08",
    until: "2021-06-30",
    relief: null,
    why: "the temporary nil-rate band of £500,000 is at least as good",
    source:
      "Stamp Duty Land Tax (Temporary Relief) Act 2020: the nil-rate band of £500,000 covers every price the relief covered",
  },
  {
    from: "2021-07-01",
    until: "2022-09-22",
    relief: FIRST_TIME_TO_300K,
    source: `FA 2003 Sch 6ZA paras 3-4; ${GOV_UK_FIRST_TIME} (previous rates)`,
  },
  {
    from: "2022-09-23",
    until: "2025-03-31",
    relief: {
      bands: [
        { from: 0, to: 425_000, rate: 0 },
        { from: 425_000, to: 625_000, rate: 5 },
      ],
      ceiling: 625_000,
    },
    source: `FA 2003 Sch 6ZA as amended by the Stamp Duty Land Tax (Reduction) Act 2022 and the Stamp Duty Land Tax (Temporary Relief) Act 2023; ${GOV_UK_FIRST_TIME} (previous rates)`,
  },
  {
    from: "2025-04-01",
    until: null,
    relief: FIRST_TIME_TO_300K,
    source: `FA 2003 Sch 6ZA paras 3-4; ${GOV_UK_FIRST_TIME} (example: £500,000 → £10,000)`,
  },
];

/** Higher rates for additional dwellings (FA 2003 Sch 4ZA): not below £40,000 (Sch 4ZA para 2: the
 * chargeable consideration must be £40,000 or more). */
export const ADDITIONAL_DWELLINGS_SURCHARGE: readonly Surcharge[] = [
  {
    from: "2016-04-01",
    until: "2024-10-30",
    points: 3,
    minimumPrice: 40_000,
    source:
      "FA 2003 Sch 4ZA (inserted by the Finance Act 2016, from 1 April 2016); gov.uk 'Stamp Duty Land Tax: buying an additional residential property'",
  },
  {
    from: "2024-10-31",
    until: null,
    points: 5,
    minimumPrice: 40_000,
    source:
      "FA 2003 Sch 4ZA para 1 as amended from 31 October 2024 (Autumn Budget 2024 resolution); gov.uk 'Stamp Duty Land Tax: buying an additional residential property'",
  },
];

/** The surcharge for non-UK resident purchasers (FA 2003 Sch 9A), on top of any other. */
export const NON_RESIDENT_SURCHARGE: readonly Surcharge[] = [
  {
    from: "2021-04-01",
    until: null,
    points: 2,
    minimumPrice: 0,
    source:
      "FA 2003 Sch 9A (inserted by the Finance Act 2021, from 1 April 2021); gov.uk 'Stamp Duty Land Tax: rates for non-UK residents'",
  },
];

/** The entry of a dated table in force on `date` (YYYY-MM-DD compares as text), if any. */
export function inForce<T extends { from: string; until: string | null }>(
  table: readonly T[],
  date: string,
): T | undefined {
  return table.find((entry) => entry.from <= date && (entry.until === null || date <= entry.until));
}
