/**
 * The lodgement case, title and proprietor calls (document 2 sections 3.2, 3.4, 3.5, 3.7, 3.8 and 7.2),
 * under /api/v1. One schema per request and answer, shared by the provider (fastify-type-provider-zod, the
 * OpenAPI document), the app and the CLI (core/title/client.ts).
 *
 * Paths (every write carries the workspace's version as If-Match: 428 without, 409 when stale):
 *
 * - GET    /api/v1/lodgement-cases?workspace_id={workspaceId}                → LodgementCasesResponse
 * - GET    /api/v1/lodgement-cases/{lodgementCaseId}/titles                  → TitlesResponse
 * - POST   /api/v1/lodgement-cases/{lodgementCaseId}/title-search            TitleSearchRequest → TitleSearchResponse
 * - GET    /api/v1/lodgement-cases/{lodgementCaseId}/title-documents/{fileId} → application/pdf (attachment)
 * - GET    /api/v1/lodgement-cases/{lodgementCaseId}/proprietor-match        → ProprietorMatchResponse
 * - GET    /api/v1/lodgement-cases/{lodgementCaseId}/outgoing-lenders        → OutgoingLendersResponse
 * - POST   /api/v1/lodgement-cases/{lodgementCaseId}/proprietors             SetIncomingProprietorRequest → ProprietorWriteResponse
 * - PATCH  /api/v1/lodgement-cases/{lodgementCaseId}/change-of-name-application  ChangeOfNameApplicationRequest → ProprietorWriteResponse
 * - PATCH  /api/v1/lodgement-cases/{lodgementCaseId}/set-as-outgoing-proprietor  SetOutgoingProprietorRequest → ProprietorWriteResponse
 * - POST   /api/v1/lodgement-cases/{lodgementCaseId}/parties/{partyId}/mismatch-resolution  MismatchResolutionRequest → ProprietorWriteResponse
 * - GET    /api/v1/workspaces/{workspaceId}/borrowers-validation            → BorrowersValidationResponse
 */
import { z } from "zod";
import {
  BorrowerValidationStatusSchema,
  PartyActionSchema,
  PartyRoleSchema,
  PartyTypeSchema,
  RepresentationTypeSchema,
  RepresentativeTypeSchema,
} from "../parties/enums.js";
import { IndividualPartySchema, OrganisationPartySchema } from "../parties/schemas.js";
import { ProprietorMatchStatusSchema, TitleStatusSchema } from "./enums.js";
import { TitleNumberSchema } from "./title-number.js";
import { TITLE_SEARCH_STATUSES } from "./title-search.js";

// ---------------------------------------------------------------------------------------------------
// Enumerations of this contract

export const TitleSearchStatusSchema = z.enum(TITLE_SEARCH_STATUSES);

/**
 * Why a title cannot be handled by the product (section 4.2's unsupported-title alert): a charge whose
 * lender is an individual, a noted charge, or an equitable charge. Each means the workspace must be cancelled.
 */
export const UNSUPPORTED_REASONS = ["INDIVIDUAL_LENDER", "NOTED_CHARGE", "EQUITABLE_CHARGE"] as const;
export type UnsupportedReason = (typeof UNSUPPORTED_REASONS)[number];
export const UnsupportedReasonSchema = z.enum(UNSUPPORTED_REASONS);

/** Register entry kinds the sandbox and a Business Gateway adapter answer. */
export const TITLE_ENTRY_TYPES = ["PROPRIETOR", "RESTRICTION", "CHARGE", "NOTE"] as const;
export const TitleEntryTypeSchema = z.enum(TITLE_ENTRY_TYPES);

/** Kinds of charge on a register (a registered charge is the only supported one). */
export const CHARGE_TYPES = ["REGISTERED_CHARGE", "NOTED_CHARGE", "EQUITABLE_CHARGE"] as const;
export const ChargeTypeSchema = z.enum(CHARGE_TYPES);

/** The resolutions a party's mismatch can be given through the mismatch-resolution call. */
export const MISMATCH_RESOLUTION_ACTIONS = [
  "UPDATE_NAME_IN_WORKSPACE",
  "UPDATE_REGISTRATION_NUMBER_IN_WORKSPACE",
  "NO_ACTION_NEEDED",
  "ORGANISATION_IS_A_BORROWER",
  "CHANGE_OF_NAME_APPLICATION",
] as const;
export type MismatchResolutionAction = (typeof MISMATCH_RESOLUTION_ACTIONS)[number];
export const MismatchResolutionActionSchema = z.enum(MISMATCH_RESOLUTION_ACTIONS, {
  error: () => "Choose how to resolve the mismatch",
});

// ---------------------------------------------------------------------------------------------------
// Path parameters and queries

const uuid = (name: string) => z.uuid({ error: () => `${name} must be a UUID` });

export const LodgementCaseParamsSchema = z.object({ lodgementCaseId: uuid("lodgementCaseId") });
export const LodgementCasePartyParamsSchema = LodgementCaseParamsSchema.extend({ partyId: uuid("partyId") });
export const TitleDocumentParamsSchema = LodgementCaseParamsSchema.extend({
  fileId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, { error: () => "fileId is not a title document id" }),
});
/**
 * `include=titles`: beside the case, what `GET lodgement-cases/{id}/titles` answers, from the same call (the
 * property details page reads both; decision 0918).
 */
export const LodgementCasesQuerySchema = z.object({
  workspace_id: uuid("workspace_id"),
  include: z.literal("titles", { error: () => "include: titles is the one value" }).optional(),
});

// ---------------------------------------------------------------------------------------------------
// Lodgement case (3.4)

export const LodgementCaseSchema = z.object({
  lodgementCaseId: z.string(),
  workspaceId: z.string(),
  /** Null until a search has run. */
  lastTitleSearchStatus: TitleSearchStatusSchema.nullable(),
  /** ISO date-time of the last search (or of its answer, for a pending one answered later). */
  lastTitleSearchTime: z.string().nullable(),
  /** The title number last searched for (kept while pending, not found or errored, for retry). */
  lastTitleNumber: z.string().nullable(),
  /** Non-empty when the title holds something the product cannot handle: the workspace must be cancelled. */
  unsupportedReasons: z.array(UnsupportedReasonSchema),
});
export type LodgementCase = z.infer<typeof LodgementCaseSchema>;

// ---------------------------------------------------------------------------------------------------
// Title (3.5)

export const RegisteredProprietorSchema = z.object({
  proprietorId: z.string(),
  type: PartyTypeSchema,
  individualDetails: z.object({ forenames: z.string(), surname: z.string() }).nullable(),
  organisationDetails: z.object({ organisationName: z.string(), registrationNumber: z.string().nullable() }).nullable(),
});
export type RegisteredProprietorRecord = z.infer<typeof RegisteredProprietorSchema>;

export const TitleAddressSchema = z.object({
  lineOne: z.string().nullable(),
  lineTwo: z.string().nullable(),
  lineThree: z.string().nullable(),
  lineFour: z.string().nullable(),
  lineFive: z.string().nullable(),
  postcode: z.string().nullable(),
});
export type TitleAddress = z.infer<typeof TitleAddressSchema>;

export const TitleRestrictionSchema = z.object({ entryNumber: z.string(), text: z.string() });

export const TitleEntrySchema = z.object({
  entryNumber: z.string(),
  type: TitleEntryTypeSchema,
  text: z.string(),
  attributes: z.object({
    /** CHARGE entries: the kind of charge and the chargee(s) as the register names them. */
    chargeType: ChargeTypeSchema.nullable(),
    parties: z.array(z.object({ name: z.string(), type: PartyTypeSchema })),
    chargeDate: z.string().nullable(),
  }),
});
export type TitleEntry = z.infer<typeof TitleEntrySchema>;

export const TitleDocumentSchema = z.object({
  fileName: z.string(),
  fileId: z.string(),
  /** Where the register PDF is downloaded from (participants only). */
  downloadPath: z.string(),
});

export const TitleSchema = z.object({
  titleNumber: z.string(),
  registeredProprietors: z.array(RegisteredProprietorSchema),
  address: TitleAddressSchema,
  restrictions: z.array(TitleRestrictionSchema),
  titleDocuments: z.array(TitleDocumentSchema),
  /** The first chargee's organisation name, as the register names it; null without a charge. */
  chargeePartyOrgName: z.string().nullable(),
  entries: z.array(TitleEntrySchema),
  metaData: z.object({ initialEditionDate: z.string().nullable(), lastEditionDate: z.string().nullable() }),
  /** ISO date-time the register was retrieved. */
  retrievedAt: z.string(),
});
export type Title = z.infer<typeof TitleSchema>;

export const TitlesResponseSchema = z.object({ records: z.array(TitleSchema) });
export type TitlesResponse = z.infer<typeof TitlesResponseSchema>;

/** The plain answer (`records`), and `included` when `include=titles` was given and the workspace has its case. */
export const LodgementCasesResponseSchema = z.object({
  records: z.array(LodgementCaseSchema),
  included: z.object({ titles: z.array(TitleSchema) }).optional(),
});
export type LodgementCasesResponse = z.infer<typeof LodgementCasesResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Title search (5.3, 4.2, 4.3)

export const TitleSearchRequestSchema = z.object({
  titleNumber: TitleNumberSchema,
  /** Check for updates: ask the land registry again for the title held (only in its business hours). */
  refetch: z.boolean().optional(),
});
export type TitleSearchRequest = z.input<typeof TitleSearchRequestSchema>;

export const TitleSearchResponseSchema = z.object({
  lodgementCase: LodgementCaseSchema,
  titles: z.array(TitleSchema),
  /** For refetch: whether the register differs from the one held (the changed / no-changes banner); null otherwise. */
  changed: z.boolean().nullable(),
  borrowersValidationStatus: BorrowerValidationStatusSchema,
  version: z.number().int(),
});
export type TitleSearchResponse = z.infer<typeof TitleSearchResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Proprietor match (3.1, 3.2, 4.1, 4.4)

export const PartyMatchSchema = z.object({
  partyId: z.string(),
  role: PartyRoleSchema,
  proprietorMatchStatus: z.array(ProprietorMatchStatusSchema),
  nameOnTitle: z.string().nullable(),
  sourceProprietorId: z.string().nullable(),
  availableActions: z.array(PartyActionSchema),
  /** The party stays a proprietor after the transaction (a matched borrower, or set as incoming). */
  isIncomingProprietor: z.boolean().nullable(),
  titleStatus: TitleStatusSchema.nullable(),
  /** Confirmed from the title (name or registration number updated): not editable any more. */
  locked: z.boolean(),
});
export type PartyMatchRecord = z.infer<typeof PartyMatchSchema>;

export const UnmatchedProprietorSchema = z.object({
  /** The proprietor's id on the title (3.2's id). */
  id: z.string(),
  proprietorId: z.string(),
  individualDetails: z.object({ forenames: z.string(), surname: z.string() }).nullable(),
  organisationDetails: z.object({ organisationName: z.string(), registrationNumber: z.string().nullable() }).nullable(),
  availableActions: z.array(PartyActionSchema),
  /** Each action the provider refuses for this proprietor with the reason (section 4.4), for the disabled menu items. */
  refusedActions: z.array(z.object({ action: PartyActionSchema, reason: z.string() })),
  mismatchedParties: z.array(
    z.object({ partyId: z.string(), actionOnName: PartyActionSchema.nullable(), actionOnRegistrationNumber: PartyActionSchema.nullable() }),
  ),
});
export type UnmatchedProprietorRecord = z.infer<typeof UnmatchedProprietorSchema>;

export const ProprietorMatchResponseSchema = z.object({
  lodgementCaseId: z.string(),
  borrowersValidationStatus: BorrowerValidationStatusSchema,
  parties: z.array(PartyMatchSchema),
  unmatchedProprietors: z.array(UnmatchedProprietorSchema),
  registeredProprietorCount: z.number().int(),
  /** Undefined (null) while no title is held (section 4.4). */
  incomingProprietorCount: z.number().int().nullable(),
  /** Section 4.4's proprietor rules the workspace breaks now, as messages (core/title/proprietor-mismatch.ts). */
  problems: z.array(z.string()),
});
export type ProprietorMatchResponse = z.infer<typeof ProprietorMatchResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Outgoing lenders (3.7)

export const OutgoingLenderSchema = z.object({
  name: z.string(),
  /** The register's charge entry the lender comes from. */
  entryNumber: z.string(),
  chargeDate: z.string().nullable(),
  representationDetails: z
    .object({ representationType: RepresentationTypeSchema, representativeType: RepresentativeTypeSchema.nullable(), representativeName: z.string().nullable() })
    .nullable(),
});
export type OutgoingLender = z.infer<typeof OutgoingLenderSchema>;
export const OutgoingLendersResponseSchema = z.object({ records: z.array(OutgoingLenderSchema) });

// ---------------------------------------------------------------------------------------------------
// Proprietor writes (7.2)

const ProprietorIdSchema = z.string({ error: () => "proprietorId is required" }).min(1, { error: () => "proprietorId is required" }).max(80);

/** POST …/proprietors: an unmatched proprietor stays on the title as an incoming proprietor. */
export const SetIncomingProprietorRequestSchema = z.object({
  proprietorId: ProprietorIdSchema,
  proprietorType: PartyTypeSchema,
  titleStatus: z.literal("INCOMING").default("INCOMING"),
  individualDetails: IndividualPartySchema.omit({ type: true }).optional(),
  organisationDetails: OrganisationPartySchema.omit({ type: true, organisationType: true }).optional(),
});
export type SetIncomingProprietorRequest = z.input<typeof SetIncomingProprietorRequestSchema>;

/** PATCH …/change-of-name-application: the party's name is right, the register will be changed by application. */
export const ChangeOfNameApplicationRequestSchema = z.object({
  proprietorId: ProprietorIdSchema,
  /** The party the proprietor was paired with; the provider finds it from the match when absent. */
  partyId: z.uuid().optional(),
  individualDetails: IndividualPartySchema.omit({ type: true }).optional(),
  organisationDetails: OrganisationPartySchema.omit({ type: true, organisationType: true }).optional(),
});
export type ChangeOfNameApplicationRequest = z.input<typeof ChangeOfNameApplicationRequestSchema>;

/** PATCH …/set-as-outgoing-proprietor: the proprietor leaves the title. */
export const SetOutgoingProprietorRequestSchema = z.object({ proprietorId: ProprietorIdSchema });
export type SetOutgoingProprietorRequest = z.input<typeof SetOutgoingProprietorRequestSchema>;

/** POST …/parties/{partyId}/mismatch-resolution. */
export const MismatchResolutionRequestSchema = z.object({ action: MismatchResolutionActionSchema });
export type MismatchResolutionRequest = z.input<typeof MismatchResolutionRequestSchema>;

/** Every proprietor write answers the match as it now stands and the workspace's new version. */
export const ProprietorWriteResponseSchema = ProprietorMatchResponseSchema.extend({ version: z.number().int() });
export type ProprietorWriteResponse = z.infer<typeof ProprietorWriteResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Borrowers validation (7.1)

export const BorrowersValidationResponseSchema = z.object({
  workspaceId: z.string(),
  borrowersValidationStatus: BorrowerValidationStatusSchema,
});
export type BorrowersValidationResponse = z.infer<typeof BorrowersValidationResponseSchema>;
