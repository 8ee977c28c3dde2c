/**
 * The contract of parties, representation, law firms, lenders, the security address and the subscriber
 * selection list (document 2 sections 3.1, 3.3, 3.6, 3.7, 4.5, 5.1, 5.2, 5.4, 7.1 and 7.3):
 *
 *   POST   /api/workspace/v1/workspaces/{workspaceId}/parties                  add a party            → 201 PartyWriteResponse
 *   PATCH  /api/workspace/v1/workspaces/{workspaceId}/parties/{partyId}        edit a party           → 200 PartyWriteResponse
 *   DELETE /api/workspace/v1/workspaces/{workspaceId}/parties/{partyId}        delete a party         → 200 PartyWriteResponse
 *   POST   /api/workspace/v1/workspaces/{workspaceId}/representations          confirm representation → 200 RepresentationWriteResponse
 *   GET    /api/workspace/v1/workspaces/{workspaceId}/law-firms                the law firms          → 200 LawFirmsResponse
 *   PATCH  /api/workspace/v1/workspaces/{workspaceId}/law-firms/{lawFirmId}    edit a law firm        → 200, or 206 (partial) LawFirmWriteResponse
 *   GET    /api/workspace/v1/workspaces/{workspaceId}/lenders                  incoming and outgoing  → 200 LendersResponse
 *   PATCH  /api/workspace/v1/workspaces/{workspaceId}/addresses/{addressId}    the security address   → 200 SecurityAddressWriteResponse
 *   GET    /api/workspace/v1/subscribers?type={type}&page=1&limit=500          subscriber selection   → 200 SelectableSubscribersResponse
 *
 * Every write carries the workspace's version as `If-Match: "<version>"` (428 without, 409 when stale with
 * nothing written) and answers the new version (also as ETag). A party, law firm or address of another
 * workspace answers 404 through this workspace's URL. Refusals of the rules of 5.1 answer 400 with the
 * messages of core/parties/messages.ts and a code (PARTY_REFUSAL_CODES).
 */
import { z } from "zod";
import {
  AddressKindSchema,
  LawFirmRoleSchema,
  PartyRoleSchema,
  PartyTypeSchema,
  RepresentationTypeSchema,
  RepresentativeRoleSchema,
  RepresentativeTypeSchema,
  VerificationOfIdentitySchema,
} from "./enums.js";
import { IndividualPartySchema, LawFirmNameSchema, OrganisationPartySchema } from "./schemas.js";
import { AddressSchema, type AddressFieldsSchema, BUILDING_NAME_OR_NUMBER_MESSAGE } from "../shared/address.js";
import { EVEN_WITH_FIELD_ERRORS, filled, optionalText, requiredText } from "../shared/fields.js";
import { LIMITS } from "../shared/limits.js";
import { PostcodeSchema } from "../shared/postcode.js";
import { PageInfoSchema } from "../shared/contract.js";
import { SubscriberEntityTypeSchema } from "../administration/enums.js";
import { CONFIRM_REPRESENTATION_MESSAGES, PARTY_REQUEST_MESSAGES } from "./messages.js";

// ---------------------------------------------------------------------------------------------------
// Path parameters (the workspace id as core/workspaces/api.ts checks it; defined here so that module can
// import this one's shapes without a cycle)

export const WorkspaceIdParamsSchema = z.object({ workspaceId: z.uuid({ error: () => "workspaceId must be a UUID" }) });

export const PartyParamsSchema = WorkspaceIdParamsSchema.extend({ partyId: z.uuid({ error: () => "partyId must be a UUID" }) });
export const LawFirmParamsSchema = WorkspaceIdParamsSchema.extend({ lawFirmId: z.uuid({ error: () => "lawFirmId must be a UUID" }) });
export const AddressParamsSchema = WorkspaceIdParamsSchema.extend({ addressId: z.uuid({ error: () => "addressId must be a UUID" }) });

// ---------------------------------------------------------------------------------------------------
// Party addresses (document 2 section 3.3): a correspondence address for an individual, a registered
// address for an organisation; each with the address rules (building name or number, postcode).

export const PartyAddressRequestSchema = AddressSchema.and(z.object({ addressType: AddressKindSchema }));
export type PartyAddressRequest = z.input<typeof PartyAddressRequestSchema>;

/** An address as the provider answers it. */
export const PartyAddressSchema = z.object({
  addressId: z.string(),
  addressType: AddressKindSchema,
  buildingName: z.string().nullable(),
  buildingNumber: z.string().nullable(),
  flat: z.string().nullable(),
  street: z.string().nullable(),
  town: z.string().nullable(),
  postcode: z.string(),
});
export type PartyAddress = z.infer<typeof PartyAddressSchema>;

const IndividualDetailsSchema = IndividualPartySchema.omit({ type: true });
const OrganisationDetailsSchema = OrganisationPartySchema.omit({ type: true });
/** The party details schema of a party type. */
export function partyDetailsSchema(type: "INDIVIDUAL" | "ORGANISATION"): z.ZodType<Record<string, unknown>> {
  return type === "INDIVIDUAL" ? IndividualDetailsSchema : OrganisationDetailsSchema;
}

/** A party's addresses: at most one of each kind, of the kind its type takes. */
const addressesOf = (kind: "CORRESPONDENCE_ADDRESS" | "REGISTERED_ADDRESS") =>
  z
    .array(AddressSchema.and(z.object({ addressType: z.literal(kind, { error: () => PARTY_REQUEST_MESSAGES.addressKind(kind) }) })))
    .max(1, PARTY_REQUEST_MESSAGES.oneAddress);

// ---------------------------------------------------------------------------------------------------
// Add a party

/** Roles a party can be added with (the outgoing proprietors and lenders come from the title as well). */
export const AddablePartyRoleSchema = PartyRoleSchema;

/**
 * POST …/parties: role, type, partyDetails (forenames and surname, or organisation name, registration
 * number and type), and optionally the party's address. 201 {partyId, version}.
 */
export const AddPartyRequestSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      role: AddablePartyRoleSchema,
      type: z.literal("INDIVIDUAL"),
      partyDetails: IndividualDetailsSchema,
      addresses: addressesOf("CORRESPONDENCE_ADDRESS").optional(),
    }),
    z.object({
      role: AddablePartyRoleSchema,
      type: z.literal("ORGANISATION"),
      partyDetails: OrganisationDetailsSchema,
      addresses: addressesOf("REGISTERED_ADDRESS").optional(),
    }),
  ],
  { error: () => "Party type must be INDIVIDUAL or ORGANISATION" },
);
export type AddPartyRequest = z.input<typeof AddPartyRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Edit a party

/**
 * PATCH …/parties/{partyId}: any of type with partyDetails (both or neither: the details of that type, in
 * full), addresses (replacing the party's address; an empty list removes it), and the representation
 * fields. Fields left out are unchanged. A party whose title update was confirmed (locked) is refused.
 */
export const EditPartyRequestSchema = z
  .object({
    type: PartyTypeSchema.optional(),
    partyDetails: z.record(z.string(), z.unknown()).optional(),
    addresses: z.array(PartyAddressRequestSchema).max(1, PARTY_REQUEST_MESSAGES.oneAddress).optional(),
    representationType: RepresentationTypeSchema.optional(),
    representativeType: RepresentativeTypeSchema.nullable().optional(),
    representativeName: optionalText({ label: "Representative name", max: LIMITS.lawFirmName, noLeadingWhitespace: true }).nullable(),
    verificationOfIdentity: VerificationOfIdentitySchema.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.type === undefined) !== (value.partyDetails === undefined)) {
      ctx.addIssue({ code: "custom", message: PARTY_REQUEST_MESSAGES.typeWithDetails, path: ["partyDetails"] });
      return;
    }
    if (value.type !== undefined && value.partyDetails !== undefined) {
      const parsed = partyDetailsSchema(value.type).safeParse(value.partyDetails);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: "custom", message: issue.message, path: ["partyDetails", ...issue.path] as (string | number)[] });
        }
      }
      const kind = value.type === "INDIVIDUAL" ? "CORRESPONDENCE_ADDRESS" : "REGISTERED_ADDRESS";
      value.addresses?.forEach((address, index) => {
        if (address.addressType !== kind) {
          ctx.addIssue({ code: "custom", message: PARTY_REQUEST_MESSAGES.addressKind(kind), path: ["addresses", index, "addressType"] });
        }
      });
    }
  }, EVEN_WITH_FIELD_ERRORS)
  .transform((value) => {
    if (value.type === undefined || value.partyDetails === undefined) return value;
    return { ...value, partyDetails: partyDetailsSchema(value.type).parse(value.partyDetails) };
  });
export type EditPartyRequest = z.input<typeof EditPartyRequestSchema>;
export type EditPartyBody = z.output<typeof EditPartyRequestSchema>;

/** The answer of every party write: the party (absent after a delete) and the workspace's new version. */
export const PartyWriteResponseSchema = z.object({
  partyId: z.string(),
  version: z.number().int(),
});
export type PartyWriteResponse = z.infer<typeof PartyWriteResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Representation

/** A law firm's address as sent: the address rules (a building name or number, a postcode). */
export const LawFirmAddressRequestSchema = AddressSchema;

/**
 * POST …/representations (document 2 sections 4.5 and 5.4). NO_REPRESENTATION and DUAL_REPRESENTATION
 * need nothing more; SEPARATE_REPRESENTATION needs a representativeType: EXTERNAL_LAW_FIRM with name,
 * referenceNumber and an address (postcode and a building name or number), which creates the external law
 * firm or, with representationId, updates the one already representing the party; PARTICIPANT with the
 * representativeRole of the participant that represents the party (e.g. SELLER_REPRESENTATIVE).
 * verificationOfIdentity is always required.
 */
export const ConfirmRepresentationRequestSchema = z
  .object({
    partyId: z.uuid({ error: () => "partyId must be a UUID" }),
    partyType: PartyTypeSchema.optional(),
    representationType: RepresentationTypeSchema,
    representationId: z.uuid({ error: () => "representationId must be a UUID" }).optional(),
    representativeType: RepresentativeTypeSchema.optional(),
    name: optionalText({ label: "Law firm name", max: LIMITS.lawFirmName, noLeadingWhitespace: true }),
    address: z.unknown().optional(),
    referenceNumber: optionalText({ label: "Reference", max: LIMITS.reference, noLeadingWhitespace: true }),
    representativeRole: RepresentativeRoleSchema.optional(),
    verificationOfIdentity: VerificationOfIdentitySchema,
  })
  .superRefine((value, ctx) => {
    if (value.representationType !== "SEPARATE_REPRESENTATION") return;
    if (!value.representativeType) {
      ctx.addIssue({ code: "custom", message: CONFIRM_REPRESENTATION_MESSAGES.representativeTypeRequired, path: ["representativeType"] });
      return;
    }
    if (value.representativeType === "PARTICIPANT") {
      if (!value.representativeRole) {
        ctx.addIssue({ code: "custom", message: CONFIRM_REPRESENTATION_MESSAGES.representativeRoleRequired, path: ["representativeRole"] });
      }
      return;
    }
    if (!filled(value.name)) ctx.addIssue({ code: "custom", message: CONFIRM_REPRESENTATION_MESSAGES.nameRequired, path: ["name"] });
    if (!filled(value.referenceNumber)) {
      ctx.addIssue({ code: "custom", message: CONFIRM_REPRESENTATION_MESSAGES.referenceRequired, path: ["referenceNumber"] });
    }
    const address = AddressSchema.safeParse(value.address ?? {});
    if (!address.success) {
      for (const issue of address.error.issues) {
        ctx.addIssue({ code: "custom", message: issue.message, path: ["address", ...issue.path] as (string | number)[] });
      }
    }
  }, EVEN_WITH_FIELD_ERRORS)
  .transform((value) => ({
    ...value,
    address:
      value.representationType === "SEPARATE_REPRESENTATION" && value.representativeType === "EXTERNAL_LAW_FIRM"
        ? AddressSchema.parse(value.address)
        : undefined,
  }));
export type ConfirmRepresentationRequest = z.input<typeof ConfirmRepresentationRequestSchema>;
export type ConfirmRepresentationBody = z.output<typeof ConfirmRepresentationRequestSchema>;

/** A party's representation as the provider answers it (also in the workspace detail's parties). */
export const RepresentationDetailsSchema = z.object({
  representationId: z.string(),
  representationType: RepresentationTypeSchema,
  representativeType: RepresentativeTypeSchema.nullable(),
  representativeName: z.string().nullable(),
  /** The external law firm, or the participant law firm, that represents the party; null otherwise. */
  lawFirmId: z.string().nullable(),
  /** The participant that represents the party (PARTICIPANT); null otherwise. */
  participantId: z.string().nullable(),
  representativeRole: RepresentativeRoleSchema.nullable(),
});
export type RepresentationDetails = z.infer<typeof RepresentationDetailsSchema>;

export const RepresentationWriteResponseSchema = z.object({
  partyId: z.string(),
  representationDetails: RepresentationDetailsSchema,
  verificationOfIdentity: VerificationOfIdentitySchema,
  version: z.number().int(),
});
export type RepresentationWriteResponse = z.infer<typeof RepresentationWriteResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Law firms

export const LawFirmAddressSchema = z.object({
  buildingName: z.string().nullable(),
  buildingNumber: z.string().nullable(),
  flat: z.string().nullable(),
  street: z.string().nullable(),
  town: z.string().nullable(),
  postcode: z.string().nullable(),
});

/**
 * A law firm of the workspace (document 2 section 3.6). The workspace's own law firm and the seller's are
 * participants (subscriberId set, name = the subscriber's, referenceId = their reference); an external law
 * firm was entered when confirming a party's separate representation (subscriberId null).
 */
export const LawFirmSchema = z.object({
  lawFirmId: z.string(),
  /** The same id, under the specification's name. */
  id: z.string(),
  name: z.string(),
  referenceNumber: z.string().nullable(),
  referenceId: z.string().nullable(),
  address: LawFirmAddressSchema.nullable(),
  role: LawFirmRoleSchema,
  representing: z.array(z.object({ entityType: z.string(), name: z.string(), partyId: z.string().nullable() })),
  subscriberId: z.string().nullable(),
  participantId: z.string().nullable(),
  /** Whether the workspace may change the name (false for a participant: the name is its subscriber's). */
  nameEditable: z.boolean(),
});
export type LawFirm = z.infer<typeof LawFirmSchema>;

export const LawFirmsResponseSchema = z.object({ records: z.array(LawFirmSchema) });

/**
 * PATCH …/law-firms/{lawFirmId}: name, referenceNumber, address (each optional; at least one). An external
 * firm saves all three (200). A participant's firm keeps its subscriber's name: when a different name is
 * sent, the reference and address are saved and the answer is 206 with the partial-success message and
 * `notSaved: ["name"]`.
 */
export const EditLawFirmRequestSchema = z
  .object({
    name: LawFirmNameSchema.optional(),
    referenceNumber: requiredText({ label: "Reference", max: LIMITS.reference, noLeadingWhitespace: true }).optional(),
    address: AddressSchema.optional(),
  })
  .refine((value) => value.name !== undefined || value.referenceNumber !== undefined || value.address !== undefined, {
    message: PARTY_REQUEST_MESSAGES.nothingToChange,
    path: [],
  });
export type EditLawFirmRequest = z.input<typeof EditLawFirmRequestSchema>;
export type EditLawFirmBody = z.output<typeof EditLawFirmRequestSchema>;

export const LAW_FIRM_FIELDS = ["name", "referenceNumber", "address"] as const;
export const LawFirmWriteResponseSchema = z.object({
  lawFirm: LawFirmSchema,
  /** True when only part of the change was saved (status 206). */
  partial: z.boolean(),
  /** The partial-success message when partial; null otherwise. */
  message: z.string().nullable(),
  /** The fields that were sent and not saved. */
  notSaved: z.array(z.enum(LAW_FIRM_FIELDS)),
  version: z.number().int(),
});
export type LawFirmWriteResponse = z.infer<typeof LawFirmWriteResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Lenders (document 2 section 3.7)

export const IncomingLenderSchema = z.object({
  name: z.string(),
  referenceNumber: z.string().nullable(),
  referenceId: z.string().nullable(),
  /** The name of the law firm acting for the lender (the incoming lender representative), or null. */
  representedBy: z.string().nullable(),
  subscriberId: z.string().nullable(),
  participantId: z.string().nullable(),
  /** The INCOMING_LENDER party, when the lender was entered as a party rather than joined as a participant. */
  partyId: z.string().nullable(),
});
export type IncomingLender = z.infer<typeof IncomingLenderSchema>;

export const OutgoingLenderSchema = z.object({
  partyId: z.string(),
  name: z.string(),
  representationDetails: RepresentationDetailsSchema.nullable(),
});
export type OutgoingLender = z.infer<typeof OutgoingLenderSchema>;

export const LendersResponseSchema = z.object({
  incoming: IncomingLenderSchema.nullable(),
  outgoing: z.array(OutgoingLenderSchema),
});
export type LendersResponse = z.infer<typeof LendersResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Security address (document 2 sections 5.2 and 7.1)

const securityText = (label: string, max: number) => optionalText({ label, max, noLeadingWhitespace: true }).nullable();

/**
 * PATCH …/addresses/{addressId}: name (building name, max 50), number (building number, max 4), flat (30),
 * street (60), town (30), postcode (required, max 8, a UK postcode, upper-cased). At least one of name and
 * number. None may start with a space.
 */
export const SecurityAddressRequestSchema = z
  .object({
    name: securityText("Building name", LIMITS.buildingName),
    number: securityText("Building number", LIMITS.buildingNumber),
    flat: securityText("Flat", LIMITS.flat),
    street: securityText("Street", LIMITS.street),
    town: securityText("Town", LIMITS.town),
    postcode: PostcodeSchema,
  })
  .superRefine((value, ctx) => {
    if (!filled(value.name) && !filled(value.number)) ctx.addIssue({ code: "custom", message: BUILDING_NAME_OR_NUMBER_MESSAGE, path: ["name"] });
  }, EVEN_WITH_FIELD_ERRORS);
export type SecurityAddressRequest = z.input<typeof SecurityAddressRequestSchema>;

export const SecurityAddressWriteResponseSchema = z.object({
  addressId: z.string(),
  name: z.string().nullable(),
  number: z.string().nullable(),
  flat: z.string().nullable(),
  street: z.string().nullable(),
  town: z.string().nullable(),
  postcode: z.string(),
  version: z.number().int(),
});
export type SecurityAddressWriteResponse = z.infer<typeof SecurityAddressWriteResponseSchema>;

/** The security address form (buildingName… as the app's forms name them) → the PATCH body. */
export function securityAddressBody(address: z.output<typeof AddressFieldsSchema>): SecurityAddressRequest {
  return {
    name: address.buildingName ?? null,
    number: address.buildingNumber ?? null,
    flat: address.flat ?? null,
    street: address.street ?? null,
    town: address.town ?? null,
    postcode: address.postcode,
  };
}

// ---------------------------------------------------------------------------------------------------
// Subscriber selection list (document 2 sections 3.7 and 5.4)

export const SELECTABLE_SUBSCRIBERS_LIMIT = 500;

/** GET /api/workspace/v1/subscribers?type={type}&page=1&limit=500: `type` is Lender, Law Firm or Conveyancing Firm (several with commas). */
export const SelectableSubscribersQuerySchema = z.object({
  type: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(SELECTABLE_SUBSCRIBERS_LIMIT).default(SELECTABLE_SUBSCRIBERS_LIMIT),
});
export type SelectableSubscribersQuery = z.input<typeof SelectableSubscribersQuerySchema>;

export const SelectableSubscriberSchema = z.object({
  subscriberId: z.string(),
  name: z.string(),
  type: SubscriberEntityTypeSchema,
});
export type SelectableSubscriber = z.infer<typeof SelectableSubscriberSchema>;

export const SelectableSubscribersResponseSchema = z.object({
  records: z.array(SelectableSubscriberSchema),
  page: PageInfoSchema,
});
export type SelectableSubscribersResponse = z.infer<typeof SelectableSubscribersResponseSchema>;
