import { describe, expect, it } from "vitest";
import type { TitleEntry } from "./api.js";
import { outgoingLendersOf, unsupportedReasonsOf } from "./register.js";

const charge = (entryNumber: string, name: string, options: { type?: "INDIVIDUAL" | "ORGANISATION"; chargeType?: TitleEntry["attributes"]["chargeType"] } = {}): TitleEntry => ({
  entryNumber,
  type: "CHARGE",
  text: `Charge to ${name}`,
  attributes: { chargeType: options.chargeType ?? "REGISTERED_CHARGE", parties: [{ name, type: options.type ?? "ORGANISATION" }], chargeDate: "1 May 2020" },
});

describe("what the register says", () => {
  it("finds the unsupported charges: an individual lender, a noted charge, an equitable charge", () => {
    expect(unsupportedReasonsOf([charge("C1", "Harbour Building Society")])).toEqual([]);
    expect(unsupportedReasonsOf([charge("C1", "Margaret Holloway", { type: "INDIVIDUAL" })])).toEqual(["INDIVIDUAL_LENDER"]);
    expect(unsupportedReasonsOf([charge("C1", "A Ltd", { chargeType: "NOTED_CHARGE" }), charge("C2", "B Ltd", { chargeType: "EQUITABLE_CHARGE" })])).toEqual([
      "NOTED_CHARGE",
      "EQUITABLE_CHARGE",
    ]);
  });

  it("lists the chargees as outgoing lenders in register order", () => {
    const restriction: TitleEntry = { entryNumber: "B3", type: "RESTRICTION", text: "RESTRICTION", attributes: { chargeType: null, parties: [], chargeDate: null } };
    expect(outgoingLendersOf([restriction, charge("C1", "Northgate Bank plc"), charge("C2", "Meridian Ltd")])).toEqual([
      { name: "Northgate Bank plc", entryNumber: "C1", chargeDate: "1 May 2020" },
      { name: "Meridian Ltd", entryNumber: "C2", chargeDate: "1 May 2020" },
    ]);
  });
});
