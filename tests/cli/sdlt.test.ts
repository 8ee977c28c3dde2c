/**
 * `convey sdlt calculate` end to end, in-process with no login and no provider: the table, the JSON and the
 * CSV of the bands, the flags, and usage errors (2) for a bad price, date or kind.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SdltCalculationOutput } from "../../cli/ui/sdlt.js";
import { SDLT_CALCULATION_NOTE } from "../../core/sdlt/calculation.js";
import { ConveyHarness } from "./harness.js";

let anyone: ConveyHarness;

beforeAll(async () => {
  anyone = await ConveyHarness.create();
});
afterAll(async () => {
  await anyone?.dispose();
});

const calculate = (...args: string[]) => anyone.run(["sdlt", "calculate", ...args]);

describe("convey sdlt calculate", () => {
  it("prints the rule set, the bands and the total without a login (gov.uk: £295,000 → £4,750 from April 2025)", async () => {
    const result = await calculate("--price", "295000", "--effective-date", "2025-06-01");

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    const lines = result.stdout.split("\n").map((line) => line.trimEnd());
    expect(lines.slice(0, 9)).toEqual([
      "£295,000 on 2025-06-01 (residential)",
      "Rule set: England residential from 1 April 2025",
      "",
      "Band                  Rate  Tax",
      "up to £125,000        0%    £0.00",
      "£125,001 to £250,000  2%    £2,500.00",
      "£250,001 to £925,000  5%    £2,250.00",
      "",
      "Total SDLT £4,750",
    ]);
    // The note wraps at the terminal's width (100 columns here).
    expect(lines.slice(9).join(" ").trim()).toBe(SDLT_CALCULATION_NOTE);
  });

  it("prints exactly the JSON result with --json: the input, the bands, the rule set and the note", async () => {
    const result = await anyone.run([
      "--json",
      "sdlt",
      "calculate",
      "--price",
      "500,000",
      "--effective-date",
      "2025-06-01",
      "--first-time-buyer",
      "--non-resident",
    ]);

    expect(result.code, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout) as SdltCalculationOutput;
    expect(output).toEqual({
      input: {
        price: 500_000,
        kind: "residential",
        effectiveDate: "2025-06-01",
        firstTimeBuyer: true,
        additionalDwelling: false,
        nonResident: true,
      },
      tax: 20_000,
      bands: [
        { from: 0, to: 300_000, rate: 2, tax: 6_000 },
        { from: 300_000, to: 500_000, rate: 7, tax: 14_000 },
      ],
      rules:
        "England residential from 1 April 2025, first-time buyer relief, non-resident surcharge 2 points",
      note: SDLT_CALCULATION_NOTE,
    });
    expect(result.stdout).toBe(`${JSON.stringify(output, null, 2)}\n`);
  });

  it("--output json is the same as --json; --output csv prints the bands", async () => {
    const args = ["--price", "275000", "--effective-date", "2025-06-01", "--kind", "mixed"];
    const json = await calculate(...args, "--output", "json");
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      tax: 3_250,
      rules: "England non-residential and mixed from 17 March 2016",
    });

    const csv = await calculate(...args, "-o", "csv");
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.split("\r\n")).toEqual([
      "Band,Rate,Tax",
      '"up to £150,000",0%,£0.00',
      '"£150,001 to £250,000",2%,"£2,000.00"',
      '"above £250,000",5%,"£1,250.00"',
      "",
    ]);
  });

  it("applies the additional dwellings surcharge of the date (3 points on 30 October 2024, 5 from the next day)", async () => {
    const before = await anyone.run([
      "--json",
      "sdlt",
      "calculate",
      "--price",
      "295000",
      "--effective-date",
      "2024-10-30",
      "--additional",
    ]);
    const after = await anyone.run([
      "--json",
      "sdlt",
      "calculate",
      "--price",
      "295000",
      "--effective-date",
      "2024-10-31",
      "--additional",
    ]);
    expect(JSON.parse(before.stdout)).toMatchObject({
      tax: 11_100,
      rules: "England residential from 23 September 2022, additional dwellings surcharge 3 points",
    });
    expect(JSON.parse(after.stdout)).toMatchObject({
      tax: 17_000,
      rules: "England residential from 23 September 2022, additional dwellings surcharge 5 points",
    });
  });

  it.each([
    [["--effective-date", "2025-06-01"], "--price: Price is required"],
    [["--price", "29x", "--effective-date", "2025-06-01"], "--price: Price must be a valid amount in pounds"],
    [
      ["--price", "295000.50", "--effective-date", "2025-06-01"],
      "--price: Price must be in whole pounds, with 00 pence",
    ],
    [["--price", "-1", "--effective-date", "2025-06-01"], "--price: Price must be a valid amount in pounds"],
    [["--price", "295000"], "--effective-date: enter the effective date as YYYY-MM-DD"],
    [
      ["--price", "295000", "--effective-date", "1/6/2025"],
      "--effective-date: enter the effective date as YYYY-MM-DD",
    ],
    [
      ["--price", "295000", "--effective-date", "2025-02-30"],
      "The effective date must be a date written YYYY-MM-DD",
    ],
    [
      ["--price", "295000", "--effective-date", "2014-12-03"],
      "There are no residential rates before 4 December 2014: enter an effective date from then on",
    ],
    [
      ["--price", "295000", "--effective-date", "2025-06-01", "--kind", "commercial"],
      "--kind: use residential, non-residential, mixed",
    ],
    [
      ["--price", "295000", "--effective-date", "2025-06-01", "--output", "xml"],
      "--output: use table, json, csv",
    ],
  ])("refuses %j as a usage error (2): %s", async (args, message) => {
    const result = await calculate(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(`✖ ${message}\n`);
  });

  it("has help with examples, and completes in the shell", async () => {
    const help = await calculate("--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--first-time-buyer");
    expect(help.stdout).toContain("$ convey sdlt calculate --price 295000 --effective-date 2025-06-01");

    const completion = await anyone.run(["completion", "bash"]);
    expect(completion.stdout).toContain(
      "'sdlt calculate') words='--price --effective-date --kind --first-time-buyer --additional --non-resident --output",
    );
  });
});
