/** The rule-set tables are well formed: dated without gaps or overlaps, bands contiguous, every entry sourced. */
import { describe, expect, it } from "vitest";
import {
  ADDITIONAL_DWELLINGS_SURCHARGE,
  FIRST_TIME_BUYER_RELIEF,
  inForce,
  NON_RESIDENT_SURCHARGE,
  NON_RESIDENTIAL_RATES,
  RESIDENTIAL_RATES,
  type RateBand,
} from "./rule-sets.js";

const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const TABLES = {
  RESIDENTIAL_RATES,
  NON_RESIDENTIAL_RATES,
  FIRST_TIME_BUYER_RELIEF,
  ADDITIONAL_DWELLINGS_SURCHARGE,
  NON_RESIDENT_SURCHARGE,
};

function expectContiguous(bands: readonly RateBand[], openEnded: boolean) {
  expect(bands[0]!.from).toBe(0);
  bands.slice(1).forEach((band, index) => expect(band.from).toBe(bands[index]!.to));
  if (openEnded) expect(bands.at(-1)!.to).toBeNull();
}

describe.each(Object.entries(TABLES))("%s", (_name, table) => {
  it("follows on day by day, the last entry still in force, each with its source", () => {
    table.slice(1).forEach((entry, index) => expect(entry.from).toBe(dayAfter(table[index]!.until!)));
    expect(table.at(-1)!.until).toBeNull();
    for (const entry of table) expect(entry.source).toMatch(/FA 2003|Act 20\d\d/);
  });
});

describe("bands", () => {
  it("rates cover every price from £0 without gaps", () => {
    for (const rates of [...RESIDENTIAL_RATES, ...NON_RESIDENTIAL_RATES]) expectContiguous(rates.bands, true);
  });

  it("first-time buyer relief bands run from £0 to the ceiling", () => {
    for (const { relief } of FIRST_TIME_BUYER_RELIEF) {
      if (!relief) continue;
      expectContiguous(relief.bands, false);
      expect(relief.bands.at(-1)!.to).toBe(relief.ceiling);
    }
  });
});

describe("inForce", () => {
  it("finds the entry whose dates include the day, inclusive at both ends", () => {
    expect(inForce(RESIDENTIAL_RATES, "2022-09-23")?.name).toBe("England residential from 23 September 2022");
    expect(inForce(RESIDENTIAL_RATES, "2025-03-31")?.name).toBe("England residential from 23 September 2022");
    expect(inForce(RESIDENTIAL_RATES, "2099-01-01")?.name).toBe("England residential from 1 April 2025");
    expect(inForce(NON_RESIDENT_SURCHARGE, "2021-03-31")).toBeUndefined();
  });
});
