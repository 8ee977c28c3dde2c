/**
 * calculateSdlt against the published examples and one pound either side of every threshold of every rule
 * set. Sources: "gov.uk residential" is 'Stamp Duty Land Tax: residential property rates' (and its previous
 * rates), "gov.uk first-time" 'Stamp Duty Land Tax: relief for first-time buyers', "gov.uk additional"
 * 'buying an additional residential property', "gov.uk non-UK" 'rates for non-UK residents', "gov.uk
 * non-residential" 'non-residential and mixed rates'; the worked figures apply those pages' rate tables
 * (as rule-sets.ts cites them) by hand, the way the pages' own examples do.
 */
import { describe, expect, it } from "vitest";
import {
  calculateSdlt,
  SDLT_CALCULATION_NOTE,
  SDLT_MAXIMUM_PRICE,
  SdltCalculationError,
  sdltBandLabel,
  type SdltInput,
} from "./calculation.js";

const FROM_APRIL_2025 = "2025-06-01";
const REDUCED_2022 = "2023-06-01";
const HOLIDAY_2020 = "2020-10-01";
const TAPER_2021 = "2021-08-01";
const STANDARD_2021 = "2022-01-01";
const STANDARD_2014 = "2018-06-01";

function tax(price: number, effectiveDate: string, extra: Partial<SdltInput> = {}): number {
  return calculateSdlt({ price, effectiveDate, kind: "residential", ...extra }).tax;
}

/** [price, tax] rows: each threshold with one pound below and above it. */
type Row = [number, number];

describe("England residential from 1 April 2025 (gov.uk residential)", () => {
  it("£295,000 → £4,750 with its three slices (the published gov.uk example)", () => {
    expect(calculateSdlt({ price: 295_000, kind: "residential", effectiveDate: FROM_APRIL_2025 })).toEqual({
      tax: 4_750,
      bands: [
        { from: 0, to: 125_000, rate: 0, tax: 0 },
        { from: 125_000, to: 250_000, rate: 2, tax: 2_500 },
        { from: 250_000, to: 925_000, rate: 5, tax: 2_250 },
      ],
      rules: "England residential from 1 April 2025",
    });
  });

  it.each<Row>([
    [124_999, 0],
    [125_000, 0],
    [125_001, 0], // 2% of £1 is 2p, rounded down
    [249_999, 2_499], // £2,499.98
    [250_000, 2_500],
    [250_001, 2_500], // £2,500.05
    [924_999, 36_249], // £2,500 + 5% of £674,999
    [925_000, 36_250],
    [925_001, 36_250],
    [1_499_999, 93_749], // £36,250 + 10% of £574,999
    [1_500_000, 93_750],
    [1_500_001, 93_750], // 12p more
  ])("£%i → £%i (worked from the gov.uk residential table)", (price, expected) => {
    expect(tax(price, FROM_APRIL_2025)).toBe(expected);
  });

  it("the top band has no upper limit and the slices are taxed to the penny", () => {
    const { bands } = calculateSdlt({
      price: 1_500_001,
      kind: "residential",
      effectiveDate: FROM_APRIL_2025,
    });
    expect(bands.at(-1)).toEqual({ from: 1_500_000, to: null, rate: 12, tax: 0.12 });
    expect(
      calculateSdlt({ price: 125_001, kind: "residential", effectiveDate: FROM_APRIL_2025 }).bands[1],
    ).toEqual({ from: 125_000, to: 250_000, rate: 2, tax: 0.02 });
  });

  it("a price of nothing is in the first band at no tax", () => {
    expect(calculateSdlt({ price: 0, kind: "residential", effectiveDate: FROM_APRIL_2025 })).toMatchObject({
      tax: 0,
      bands: [{ from: 0, to: 125_000, rate: 0, tax: 0 }],
    });
  });

  it("pence in the price count, and the total alone is rounded down", () => {
    // 2% of £49.99 is 99.98p on top of the slice below.
    expect(
      calculateSdlt({ price: 125_049.99, kind: "residential", effectiveDate: FROM_APRIL_2025 }),
    ).toMatchObject({ tax: 0, bands: [{ tax: 0 }, { tax: 0.99 }] });
    expect(tax(125_050, FROM_APRIL_2025)).toBe(1);
  });
});

describe("first-time buyer relief from 1 April 2025 (gov.uk first-time)", () => {
  const first = { firstTimeBuyer: true };

  it("£500,000 → £10,000: 0% on £300,000 and 5% on £200,000 (gov.uk first-time example)", () => {
    expect(
      calculateSdlt({ price: 500_000, kind: "residential", effectiveDate: FROM_APRIL_2025, ...first }),
    ).toEqual({
      tax: 10_000,
      bands: [
        { from: 0, to: 300_000, rate: 0, tax: 0 },
        { from: 300_000, to: 500_000, rate: 5, tax: 10_000 },
      ],
      rules: "England residential from 1 April 2025, first-time buyer relief",
    });
  });

  it.each<Row>([
    [299_999, 0],
    [300_000, 0],
    [300_001, 0], // 5p
    [499_999, 9_999], // £9,999.95
    [500_000, 10_000],
    [500_001, 15_000], // above the ceiling: no relief at all, the standard rates (£15,000.05)
  ])("£%i → £%i", (price, expected) => {
    expect(tax(price, FROM_APRIL_2025, first)).toBe(expected);
  });

  it("above the £500,000 ceiling the standard rates apply and the rule set says why", () => {
    expect(
      calculateSdlt({ price: 500_001, kind: "residential", effectiveDate: FROM_APRIL_2025, ...first }).rules,
    ).toBe("England residential from 1 April 2025, no first-time buyer relief above £500,000");
  });

  it("with an additional dwelling there is no relief, only the surcharged standard rates", () => {
    const result = calculateSdlt({
      price: 295_000,
      kind: "residential",
      effectiveDate: FROM_APRIL_2025,
      ...first,
      additionalDwelling: true,
    });
    expect(result).toMatchObject({
      tax: 19_500,
      rules:
        "England residential from 1 April 2025, no first-time buyer relief with an additional dwelling, additional dwellings surcharge 5 points",
    });
  });

  it("a non-UK resident first-time buyer pays 2% to £300,000 and 7% to £500,000 (gov.uk non-UK, worked)", () => {
    expect(tax(500_000, FROM_APRIL_2025, { ...first, nonResident: true })).toBe(6_000 + 14_000);
  });
});

describe("the additional dwellings surcharge (gov.uk additional)", () => {
  const additional = { additionalDwelling: true };

  it("5 points from 31 October 2024: £295,000 → £19,500 (5% of £125,000, 7% of £125,000, 10% of £45,000)", () => {
    expect(
      calculateSdlt({ price: 295_000, kind: "residential", effectiveDate: FROM_APRIL_2025, ...additional }),
    ).toEqual({
      tax: 19_500,
      bands: [
        { from: 0, to: 125_000, rate: 5, tax: 6_250 },
        { from: 125_000, to: 250_000, rate: 7, tax: 8_750 },
        { from: 250_000, to: 925_000, rate: 10, tax: 4_500 },
      ],
      rules: "England residential from 1 April 2025, additional dwellings surcharge 5 points",
    });
  });

  it.each<Row>([
    [39_999, 0], // below £40,000 the surcharge does not apply (Sch 4ZA)
    [40_000, 2_000],
    [40_001, 2_000],
  ])("£%i → £%i at 5 points", (price, expected) => {
    expect(tax(price, FROM_APRIL_2025, additional)).toBe(expected);
  });

  it("below £40,000 the rule set says the surcharge is left out", () => {
    expect(
      calculateSdlt({ price: 39_999, kind: "residential", effectiveDate: FROM_APRIL_2025, ...additional })
        .rules,
    ).toBe("England residential from 1 April 2025, no additional dwellings surcharge below £40,000");
  });

  it("3 points up to 30 October 2024, 5 from 31 October 2024 (the 2022 rates: £295,000 → £11,100, then £17,000)", () => {
    expect(tax(295_000, "2024-10-30", additional)).toBe(7_500 + 3_600);
    expect(tax(295_000, "2024-10-31", additional)).toBe(12_500 + 4_500);
    expect(tax(40_000, "2024-10-30", additional)).toBe(1_200);
    expect(tax(39_999, "2024-10-30", additional)).toBe(0);
  });

  it("none before 1 April 2016, 3 points from that day", () => {
    expect(
      calculateSdlt({ price: 295_000, kind: "residential", effectiveDate: "2016-03-31", ...additional }),
    ).toMatchObject({
      tax: 4_750,
      rules:
        "England residential from 4 December 2014, no additional dwellings surcharge before 1 April 2016",
    });
    expect(tax(295_000, "2016-04-01", additional)).toBe(3_750 + 6_250 + 3_600);
  });

  it("on the temporary nil-rate band of 2020: 3% to £500,000 (£295,000 → £8,850)", () => {
    expect(tax(295_000, HOLIDAY_2020, additional)).toBe(8_850);
  });
});

describe("the non-UK resident surcharge (gov.uk non-UK)", () => {
  const nonResident = { nonResident: true };

  it("2 points on every band from 1 April 2021: £295,000 → £10,650", () => {
    expect(
      calculateSdlt({ price: 295_000, kind: "residential", effectiveDate: FROM_APRIL_2025, ...nonResident }),
    ).toMatchObject({
      tax: 2_500 + 5_000 + 3_150,
      rules: "England residential from 1 April 2025, non-resident surcharge 2 points",
    });
  });

  it("on top of the additional dwellings surcharge: £295,000 → £25,400 (7%, 9%, 12%)", () => {
    expect(
      calculateSdlt({
        price: 295_000,
        kind: "residential",
        effectiveDate: FROM_APRIL_2025,
        additionalDwelling: true,
        ...nonResident,
      }),
    ).toMatchObject({
      tax: 8_750 + 11_250 + 5_400,
      rules:
        "England residential from 1 April 2025, additional dwellings surcharge 5 points, non-resident surcharge 2 points",
    });
  });

  it("applies at any price (no £40,000 floor)", () => {
    expect(tax(10_000, FROM_APRIL_2025, nonResident)).toBe(200);
  });

  it("none on 31 March 2021, 2 points from 1 April 2021 (during the temporary nil-rate band)", () => {
    expect(
      calculateSdlt({ price: 295_000, kind: "residential", effectiveDate: "2021-03-31", ...nonResident }),
    ).toMatchObject({
      tax: 0,
      rules:
        "England residential temporary rates from 8 July 2020, no non-resident surcharge before 1 April 2021",
    });
    expect(tax(295_000, "2021-04-01", nonResident)).toBe(5_900);
  });
});

describe("England residential from 23 September 2022 to 31 March 2025 (gov.uk residential, previous rates)", () => {
  it("£295,000 → £2,250: 0% on £250,000 and 5% on £45,000 (the published gov.uk example)", () => {
    expect(calculateSdlt({ price: 295_000, kind: "residential", effectiveDate: REDUCED_2022 })).toEqual({
      tax: 2_250,
      bands: [
        { from: 0, to: 250_000, rate: 0, tax: 0 },
        { from: 250_000, to: 925_000, rate: 5, tax: 2_250 },
      ],
      rules: "England residential from 23 September 2022",
    });
  });

  it.each<Row>([
    [249_999, 0],
    [250_000, 0],
    [250_001, 0],
    [924_999, 33_749],
    [925_000, 33_750],
    [925_001, 33_750],
    [1_499_999, 91_249],
    [1_500_000, 91_250],
    [1_500_001, 91_250],
  ])("£%i → £%i", (price, expected) => {
    expect(tax(price, REDUCED_2022)).toBe(expected);
  });

  it.each<Row>([
    [424_999, 0],
    [425_000, 0],
    [425_001, 0],
    [499_999, 3_749],
    [500_000, 3_750], // gov.uk first-time (previous rates): 5% of the £75,000 above £425,000
    [624_999, 9_999],
    [625_000, 10_000],
    [625_001, 18_750], // above the £625,000 ceiling: the standard rates of the period
  ])("first-time buyer £%i → £%i (relief to £425,000, ceiling £625,000)", (price, expected) => {
    expect(tax(price, REDUCED_2022, { firstTimeBuyer: true })).toBe(expected);
  });

  it("the period's dates: 22 September 2022 and 1 April 2025 are under the standard rates", () => {
    expect(tax(295_000, "2022-09-22")).toBe(4_750);
    expect(tax(295_000, "2022-09-23")).toBe(2_250);
    expect(tax(295_000, "2025-03-31")).toBe(2_250);
    expect(tax(295_000, "2025-04-01")).toBe(4_750);
    expect(tax(500_000, "2025-03-31", { firstTimeBuyer: true })).toBe(3_750);
    expect(tax(500_000, "2025-04-01", { firstTimeBuyer: true })).toBe(10_000);
  });
});

describe("the temporary rates from 8 July 2020 to 30 June 2021 (gov.uk residential, previous rates)", () => {
  it.each<Row>([
    [295_000, 0],
    [499_999, 0],
    [500_000, 0],
    [500_001, 0],
    [924_999, 21_249],
    [925_000, 21_250],
    [925_001, 21_250],
    [1_499_999, 78_749],
    [1_500_000, 78_750],
    [1_500_001, 78_750],
  ])("£%i → £%i", (price, expected) => {
    expect(tax(price, HOLIDAY_2020)).toBe(expected);
  });

  it("first-time buyers pay the temporary rates: no relief is better than the £500,000 nil-rate band", () => {
    expect(
      calculateSdlt({
        price: 400_000,
        kind: "residential",
        effectiveDate: HOLIDAY_2020,
        firstTimeBuyer: true,
      }),
    ).toMatchObject({
      tax: 0,
      rules:
        "England residential temporary rates from 8 July 2020, no first-time buyer relief: the temporary nil-rate band of £500,000 is at least as good",
    });
  });

  it("its first and last days", () => {
    expect(tax(295_000, "2020-07-07")).toBe(4_750);
    expect(tax(295_000, "2020-07-08")).toBe(0);
    expect(tax(295_000, "2021-06-30")).toBe(0);
    expect(tax(295_000, "2021-07-01")).toBe(2_250);
  });
});

describe("the temporary rates from 1 July 2021 to 30 September 2021 (gov.uk residential, previous rates)", () => {
  it.each<Row>([
    [249_999, 0],
    [250_000, 0],
    [250_001, 0],
    [295_000, 2_250],
    [925_000, 33_750],
    [1_500_001, 91_250],
  ])("£%i → £%i", (price, expected) => {
    expect(tax(price, TAPER_2021)).toBe(expected);
  });

  it("first-time buyer relief is back: 0% to £300,000, 5% to £500,000", () => {
    expect(
      calculateSdlt({ price: 500_000, kind: "residential", effectiveDate: TAPER_2021, firstTimeBuyer: true }),
    ).toMatchObject({
      tax: 10_000,
      rules: "England residential temporary rates from 1 July 2021, first-time buyer relief",
    });
    expect(tax(500_001, TAPER_2021, { firstTimeBuyer: true })).toBe(12_500);
  });

  it("its last day and the standard rates from 1 October 2021", () => {
    expect(tax(295_000, "2021-09-30")).toBe(2_250);
    expect(calculateSdlt({ price: 295_000, kind: "residential", effectiveDate: "2021-10-01" })).toMatchObject(
      { tax: 4_750, rules: "England residential from 1 October 2021" },
    );
  });
});

describe("the standard rates of 1 October 2021 and of 4 December 2014 (gov.uk residential, previous rates)", () => {
  it.each<[string, number, number]>([
    [STANDARD_2021, 124_999, 0],
    [STANDARD_2021, 125_001, 0],
    [STANDARD_2021, 250_001, 2_500],
    [STANDARD_2021, 925_001, 36_250],
    [STANDARD_2021, 1_500_001, 93_750],
    [STANDARD_2014, 295_000, 4_750],
    [STANDARD_2014, 249_999, 2_499],
    [STANDARD_2014, 1_499_999, 93_749],
  ])("on %s £%i → £%i", (date, price, expected) => {
    expect(tax(price, date)).toBe(expected);
  });

  it("first-time buyer relief from 22 November 2017 with its £500,000 ceiling", () => {
    expect(tax(295_000, STANDARD_2021, { firstTimeBuyer: true })).toBe(0);
    expect(tax(500_001, STANDARD_2021, { firstTimeBuyer: true })).toBe(15_000);
    expect(
      calculateSdlt({
        price: 295_000,
        kind: "residential",
        effectiveDate: "2017-11-21",
        firstTimeBuyer: true,
      }),
    ).toMatchObject({
      tax: 4_750,
      rules: "England residential from 4 December 2014, no first-time buyer relief before 22 November 2017",
    });
    expect(tax(295_000, "2017-11-22", { firstTimeBuyer: true })).toBe(0);
  });

  it("no residential rule set before 4 December 2014 (the slab rates are not calculated)", () => {
    expect(() => tax(295_000, "2014-12-03")).toThrow(
      "There are no residential rates before 4 December 2014: enter an effective date from then on",
    );
    expect(tax(295_000, "2014-12-04")).toBe(4_750);
  });
});

describe("England non-residential and mixed from 17 March 2016 (gov.uk non-residential)", () => {
  it("£275,000 → £3,250: 0% on £150,000, 2% on £100,000, 5% on £25,000 (the published gov.uk example)", () => {
    expect(
      calculateSdlt({ price: 275_000, kind: "non-residential", effectiveDate: FROM_APRIL_2025 }),
    ).toEqual({
      tax: 3_250,
      bands: [
        { from: 0, to: 150_000, rate: 0, tax: 0 },
        { from: 150_000, to: 250_000, rate: 2, tax: 2_000 },
        { from: 250_000, to: null, rate: 5, tax: 1_250 },
      ],
      rules: "England non-residential and mixed from 17 March 2016",
    });
  });

  it.each<Row>([
    [149_999, 0],
    [150_000, 0],
    [150_001, 0],
    [249_999, 1_999],
    [250_000, 2_000],
    [250_001, 2_000],
  ])("£%i → £%i, for non-residential and mixed alike", (price, expected) => {
    expect(tax(price, FROM_APRIL_2025, { kind: "non-residential" })).toBe(expected);
    expect(tax(price, FROM_APRIL_2025, { kind: "mixed" })).toBe(expected);
  });

  it("the residential rate changes do not touch it (2020 and 2022 alike)", () => {
    expect(tax(275_000, HOLIDAY_2020, { kind: "mixed" })).toBe(3_250);
    expect(tax(275_000, REDUCED_2022, { kind: "mixed" })).toBe(3_250);
  });

  it("relief and surcharges are residential only, and the rule set says so", () => {
    expect(
      calculateSdlt({
        price: 275_000,
        kind: "mixed",
        effectiveDate: FROM_APRIL_2025,
        firstTimeBuyer: true,
        additionalDwelling: true,
        nonResident: true,
      }),
    ).toMatchObject({
      tax: 3_250,
      rules:
        "England non-residential and mixed from 17 March 2016, first-time buyer relief and the surcharges apply to residential property only",
    });
  });

  it("no rule set before 17 March 2016", () => {
    expect(() => tax(275_000, "2016-03-16", { kind: "non-residential" })).toThrow(
      "There are no non-residential and mixed rates before 17 March 2016",
    );
    expect(tax(275_000, "2016-03-17", { kind: "non-residential" })).toBe(3_250);
  });
});

describe("inputs the calculation refuses", () => {
  it.each([
    [-1, "The price must not be negative"],
    [Number.NaN, "The price must be a number of pounds"],
    [Number.POSITIVE_INFINITY, "The price must be a number of pounds"],
    [SDLT_MAXIMUM_PRICE + 1, "The price must not exceed £9,999,999,999"],
  ])("price %s: %s", (price, message) => {
    expect(() => tax(price, FROM_APRIL_2025)).toThrow(new SdltCalculationError(message));
  });

  it("the highest price is calculated exactly", () => {
    // £36,250 + £57,500 to £1.5m, then 12% of £9,998,499,999.
    expect(tax(SDLT_MAXIMUM_PRICE, FROM_APRIL_2025)).toBe(93_750 + 1_199_819_999);
  });

  it.each(["2025-02-29", "2025-13-01", "01/06/2025", "", "2025-6-1"])(
    "effective date %j",
    (effectiveDate) => {
      expect(() => tax(295_000, effectiveDate)).toThrow(
        "The effective date must be a date written YYYY-MM-DD",
      );
    },
  );

  it("an effective date that is not text at all", () => {
    expect(() => tax(295_000, 20250601 as unknown as string)).toThrow(
      "The effective date must be a date written YYYY-MM-DD",
    );
  });

  it("is a RangeError a caller can tell from a fault", () => {
    expect(() => tax(-1, FROM_APRIL_2025)).toThrow(RangeError);
  });
});

describe("the note shown beside the figure", () => {
  it("says linked transactions and other reliefs are outside the calculation", () => {
    expect(SDLT_CALCULATION_NOTE).toBe(
      "Calculated for this transaction alone: linked transactions and reliefs other than first-time buyer relief are outside the calculation.",
    );
  });
});

describe("sdltBandLabel", () => {
  it("writes bands as gov.uk does", () => {
    expect(sdltBandLabel({ from: 0, to: 125_000 })).toBe("up to £125,000");
    expect(sdltBandLabel({ from: 125_000, to: 250_000 })).toBe("£125,001 to £250,000");
    expect(sdltBandLabel({ from: 1_500_000, to: null })).toBe("above £1,500,000");
  });
});
