/**
 * The length limits of the shared address fields (document 1 section 9): the longest accepted value, and one
 * character more refused with the message. Each area's tests hold its own forms to LIMITS the same way.
 */
import { describe } from "vitest";
import { AddressFieldsSchema } from "./address.js";
import { field, lengthLimitTests } from "./length-limits.test-helper.js";
import { LIMITS } from "./limits.js";

const address = { buildingNumber: "1", postcode: "SW1A 1AA" };

describe("length limits: the limit is accepted, one more is refused with the message", () => {
  lengthLimitTests([
    [
      "building name",
      field(AddressFieldsSchema, "buildingName", address),
      LIMITS.buildingName,
      "A",
      "Building name must not exceed 50 characters",
    ],
    [
      "building number",
      field(AddressFieldsSchema, "buildingNumber", address),
      LIMITS.buildingNumber,
      "1",
      "Building number must not exceed 4 characters",
    ],
    [
      "flat",
      field(AddressFieldsSchema, "flat", address),
      LIMITS.flat,
      "A",
      "Flat must not exceed 30 characters",
    ],
    [
      "street",
      field(AddressFieldsSchema, "street", address),
      LIMITS.street,
      "A",
      "Street must not exceed 60 characters",
    ],
    [
      "town",
      field(AddressFieldsSchema, "town", address),
      LIMITS.town,
      "A",
      "Town must not exceed 30 characters",
    ],
  ]);
});
