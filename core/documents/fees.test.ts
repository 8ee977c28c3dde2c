import { describe, expect, it } from "vitest";
import { FEE_TABLES, feeScale, feeTableOn, landRegistryFee, scaleFee } from "./fees.js";

const pounds = (value: number) => value * 100;
const DATE = "2026-11-26";
const transfer = (value: number | null, considerationType = "MONETARY_CONSIDERATION") => ({
  documentType: "TRANSFER_OF_WHOLE",
  transactionValue: value,
  considerationType,
});
const charge = (value: number | null) => ({ documentType: "MORTGAGE_DEED", transactionValue: value });
const alone = { lodgedWithTransfer: false };

describe("Scale 1 (transfers for value), one pound either side of every band boundary", () => {
  const cases: [number, number][] = [
    [0, 20],
    [79_999, 20],
    [80_000, 20],
    [80_001, 40],
    [99_999, 40],
    [100_000, 40],
    [100_001, 100],
    [199_999, 100],
    [200_000, 100],
    [200_001, 150],
    [499_999, 150],
    [500_000, 150],
    [500_001, 295],
    [999_999, 295],
    [1_000_000, 295],
    [1_000_001, 500],
    [50_000_000, 500],
  ];
  it.each(cases)("£%i pays £%i", (value, fee) => {
    expect(landRegistryFee(transfer(pounds(value)), alone, DATE)).toBe(pounds(fee));
  });
  it("a penny over a bound moves to the next band", () => {
    expect(landRegistryFee(transfer(pounds(80_000) + 1), alone, DATE)).toBe(pounds(40));
  });
});

describe("Scale 2 (charges not lodged with a transfer), one pound either side of every band boundary", () => {
  const cases: [number, number][] = [
    [1, 20],
    [99_999, 20],
    [100_000, 20],
    [100_001, 30],
    [199_999, 30],
    [200_000, 30],
    [200_001, 45],
    [499_999, 45],
    [500_000, 45],
    [500_001, 65],
    [999_999, 65],
    [1_000_000, 65],
    [1_000_001, 140],
  ];
  it.each(cases)("£%i pays £%i", (value, fee) => {
    expect(landRegistryFee(charge(pounds(value)), alone, DATE)).toBe(pounds(fee));
  });
  it("a transfer not for value pays Scale 2 on its value", () => {
    expect(landRegistryFee(transfer(pounds(150_000), "NO_MONETARY_CONSIDERATION"), alone, DATE)).toBe(pounds(30));
    expect(landRegistryFee(transfer(pounds(150_000), "TRANSFER_OF_MATRIMONIAL_OR_CIVIL_PARTNERSHIP_HOME"), alone, DATE)).toBe(pounds(30));
    expect(feeScale(transfer(0, "NO_MONETARY_CONSIDERATION"), alone)).toBe("SCALE_2");
  });
});

describe("fee-free applications and article 5(2)", () => {
  it("a charge lodged with the transfer it secures pays nothing", () => {
    expect(landRegistryFee(charge(pounds(250_000)), { lodgedWithTransfer: true }, DATE)).toBe(0);
    expect(feeScale(charge(1), { lodgedWithTransfer: true })).toBe("NONE");
  });
  it.each(["DISCHARGE", "CHANGE_OF_NAME", "CANCEL_A_RESTRICTION", "CHANGE_OF_ADDRESS", "DEATH_OF_JOINT_PROPRIETOR"])("%s is fee-free", (documentType) => {
    expect(landRegistryFee({ documentType, transactionValue: pounds(300_000) }, alone, DATE)).toBe(0);
    expect(landRegistryFee({ documentType, transactionValue: null }, alone, DATE)).toBe(0);
  });
  it("a fee-bearing application without a value has no fee yet", () => {
    expect(landRegistryFee(transfer(null), alone, DATE)).toBeNull();
    expect(landRegistryFee(charge(null), alone, DATE)).toBeNull();
  });
});

describe("the dated table", () => {
  it("applies from 31 January 2022 and refuses earlier dates", () => {
    expect(feeTableOn("2022-01-31")).toBe(FEE_TABLES[0]);
    expect(() => feeTableOn("2022-01-30")).toThrow(RangeError);
    expect(() => landRegistryFee(transfer(pounds(100)), alone, "2021-12-31")).toThrow(RangeError);
  });
  it("every scale ends with an open band and its bounds rise", () => {
    for (const table of FEE_TABLES) {
      for (const bands of [table.scale1, table.scale2]) {
        expect(bands.at(-1)?.upTo).toBeNull();
        const bounds = bands.slice(0, -1).map((band) => band.upTo as number);
        expect([...bounds].sort((a, b) => a - b)).toEqual(bounds);
        expect(scaleFee(bands, Number.MAX_SAFE_INTEGER)).toBe(bands.at(-1)?.fee);
      }
    }
  });
});
