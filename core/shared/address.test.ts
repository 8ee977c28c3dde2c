/** Addresses: the building name or number, each field's limit, the security address body and the display line. */
import { describe, expect, it } from "vitest";
import { addressLine, AddressSchema, addressSchema, BUILDING_NAME_OR_NUMBER_MESSAGE, BUILDING_NUMBER_OR_NAME_MESSAGE, toSecurityAddressBody } from "./address.js";
import { errors } from "./schema-errors.test-helper.js";

describe("addresses", () => {
  const valid = { buildingNumber: "10", street: "Downing Street", town: "London", postcode: "sw1a2aa" };
  it("needs a building name or number", () => {
    expect(AddressSchema.parse(valid).postcode).toBe("SW1A 2AA");
    expect(AddressSchema.parse({ buildingName: "Rose Cottage", postcode: "M1 1AE" }).buildingName).toBe("Rose Cottage");
    // Once, on the field the message names first (the error summary lists it once).
    expect(errors(AddressSchema, { postcode: "M1 1AE" })).toEqual({ buildingName: BUILDING_NAME_OR_NUMBER_MESSAGE });
    expect(errors(addressSchema({ numberFirst: true }), { postcode: "M1 1AE" })).toEqual({ buildingNumber: BUILDING_NUMBER_OR_NAME_MESSAGE });
  });

  it("holds each field to its limit, one past refused", () => {
    const limits = { buildingName: ["Building name", 50], buildingNumber: ["Building number", 4], flat: ["Flat", 30], street: ["Street", 60], town: ["Town", 30] } as const;
    for (const [field, [label, max]] of Object.entries(limits)) {
      expect(errors(AddressSchema, { ...valid, [field]: "a".repeat(max) })).toEqual({});
      expect(errors(AddressSchema, { ...valid, [field]: "a".repeat(max + 1) })[field]).toBe(`${label} must not exceed ${max} characters`);
    }
  });

  it("refuses leading whitespace in any text", () => {
    expect(errors(AddressSchema, { ...valid, street: " Downing Street" }).street).toBe("Street must not start with a space");
    expect(errors(AddressSchema, { ...valid, postcode: undefined }).postcode).toBe("Postcode is required");
  });

  it("maps to the security address body and one display line", () => {
    const address = AddressSchema.parse({ ...valid, flat: "2", buildingName: "Number Ten" });
    expect(toSecurityAddressBody(address)).toEqual({ name: "Number Ten", number: "10", flat: "2", street: "Downing Street", town: "London", postcode: "SW1A 2AA" });
    expect(toSecurityAddressBody(AddressSchema.parse({ buildingName: "X", postcode: "M1 1AE" }))).toEqual({ name: "X", number: null, flat: null, street: null, town: null, postcode: "M1 1AE" });
    expect(addressLine(address)).toBe("Flat 2, Number Ten, 10 Downing Street, London, SW1A 2AA");
    expect(addressLine({ name: "Mill", number: "3", flat: "Flat B", postcode: "M1 1AE" })).toBe("Flat B, Mill, 3, M1 1AE");
  });
});
