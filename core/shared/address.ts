/**
 * Addresses (document 1 section 5, document 2 section 5.2): security address, land-exchanged address,
 * law firm and party addresses, and the SDLT addresses. Field names follow the forms
 * (buildingName, buildingNumber, flat, street, town, postcode); `toSecurityAddressBody` maps them to the
 * security address call's name/number.
 */
import { z } from "zod";
import { LIMITS } from "./limits.js";
import { EVEN_WITH_FIELD_ERRORS, filled, optionalText } from "./fields.js";
import { PostcodeSchema } from "./postcode.js";

export const BUILDING_NAME_OR_NUMBER_MESSAGE = "Enter at least one of building name or building number";
/** The variant that puts the number first. */
export const BUILDING_NUMBER_OR_NAME_MESSAGE = "Enter at least one of building number or building name";

const addressText = (label: string, max: number) => optionalText({ label, max, noLeadingWhitespace: true });

export const AddressFieldsSchema = z.object({
  buildingName: addressText("Building name", LIMITS.buildingName),
  buildingNumber: addressText("Building number", LIMITS.buildingNumber),
  flat: addressText("Flat", LIMITS.flat),
  street: addressText("Street", LIMITS.street),
  town: addressText("Town", LIMITS.town),
  postcode: PostcodeSchema,
});

/**
 * An address: at least one of building name and building number. One error, on the field the message names
 * first, so that the error summary lists it once and links to that field.
 */
export function addressSchema(options: { numberFirst?: boolean } = {}) {
  const message = options.numberFirst ? BUILDING_NUMBER_OR_NAME_MESSAGE : BUILDING_NAME_OR_NUMBER_MESSAGE;
  const path = options.numberFirst ? "buildingNumber" : "buildingName";
  return AddressFieldsSchema.superRefine((address, ctx) => {
    if (!filled(address.buildingName) && !filled(address.buildingNumber)) ctx.addIssue({ code: "custom", message, path: [path] });
  }, EVEN_WITH_FIELD_ERRORS);
}

export const AddressSchema = addressSchema();
export type Address = z.output<typeof AddressSchema>;

/** The security address update body: name, number, flat, street, town, postcode. */
export function toSecurityAddressBody(address: Address) {
  return {
    name: address.buildingName ?? null,
    number: address.buildingNumber ?? null,
    flat: address.flat ?? null,
    street: address.street ?? null,
    town: address.town ?? null,
    postcode: address.postcode,
  };
}

/** One line of an address for display: "Flat 2, 10 Downing Street, London, SW1A 2AA". */
export function addressLine(address: {
  flat?: string | null;
  buildingName?: string | null;
  name?: string | null;
  buildingNumber?: string | null;
  number?: string | null;
  street?: string | null;
  town?: string | null;
  postcode?: string | null;
}): string {
  const flat = address.flat ? (/^flat\b/i.test(address.flat) ? address.flat : `Flat ${address.flat}`) : null;
  const name = address.buildingName ?? address.name;
  const number = address.buildingNumber ?? address.number;
  const street = [number, address.street].filter(Boolean).join(" ");
  return [flat, name, street, address.town, address.postcode].filter((part) => part && String(part).trim()).join(", ");
}
