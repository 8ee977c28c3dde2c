/**
 * The Property details tab's forms, each the core schema the provider applies too: the title number of
 * document 2 section 5.3 (upper-cased, 'Please enter a valid title number') and the security address of
 * section 5.2 (lengths, building name or number, postcode upper-cased and checked).
 */
import { z } from "zod";
import { AddressSchema } from "../../core/shared/address.js";
import { TitleNumberSchema } from "../../core/title/title-number.js";

export const RetrieveTitleFormSchema = z.object({ titleNumber: TitleNumberSchema });
export const SecurityAddressFormSchema = AddressSchema;

export const PROPERTY_DETAILS_INTENTS = ["retrieve-title", "check-for-updates", "update-security-address"] as const;
export type PropertyDetailsIntent = (typeof PROPERTY_DETAILS_INTENTS)[number];
/** The search parameter that opens the security address edit form as an address of its own (without JavaScript). */
export const EDIT_ADDRESS_VIEW = "edit-address";
