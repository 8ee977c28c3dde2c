/**
 * The workspace service's contract (document 1 sections 3 and 7, document 2 section 7): the requests and
 * responses of
 *
 *   POST  /api/workspace/v1/workspaces                                    create
 *   GET   /api/workspace/v1/workspaces/{workspaceId}                      detail (ETag: the version)
 *   PATCH /api/workspace/v1/workspaces/{workspaceId}                      approve, unapprove, cancel
 *   GET   /api/workspace/v1/workspaces/{workspaceId}/tasks                tasks
 *   GET   /api/workspace/v1/workspaces/{workspaceId}/authorization        what the caller may do
 *   POST  /api/workspace/v1/workspaces/{workspaceId}/references           add a reference
 *   PATCH /api/workspace/v1/workspaces/{workspaceId}/references/{id}      edit a reference
 *   GET   /api/v1/workspaces/{workspaceId}/participant-details            participants
 *   POST  /api/v1/workspaces/{workspaceId}/participants                   assign a participant
 *   POST  /api/v1/workspaces/search?page&limit                            the list (with the chips' counts on request)
 *   POST  /api/v1/workspaces/search/quick-filter-counts                   every chip's count, in one call
 *
 * Every write to a workspace (or to its references and participants) carries the workspace's version,
 * as `If-Match: "<version>"` (428 without it); a stale version answers 409 with CONFLICT_MESSAGE and
 * changes nothing. Every successful write answers the new version.
 */
import { z } from "zod";
import { BorrowerValidationStatusSchema, VerificationOfIdentitySchema, OrganisationTypeSchema, PartyRoleSchema, PartyTypeSchema, RepresentativeRoleSchema, APPLICANT_ROLE } from "../parties/enums.js";
import { CancellationReasonSchema, JurisdictionSchema, ParticipantRoleSchema, QuickFilterSchema, SortOrderSchema, TransactionTypeSchema, QUICK_FILTERS, TO_BE_PROVIDED } from "./enums.js";
import { LIMITS } from "../shared/limits.js";
import { ACTIONS } from "../shared/permissions/actions.js";
import { SubscriberEntityTypeSchema } from "../administration/enums.js";
import { AddressSchema } from "../shared/address.js";
import { CancellationSchema, WorkspaceReferenceSchema } from "./schemas.js";
import { IndividualPartySchema, OrganisationPartySchema, ReferenceSchema } from "../parties/schemas.js";
import { PartyAddressSchema, RepresentationDetailsSchema } from "../parties/api.js";
import { WorkspaceStatusSchema } from "./status.js";
import { TASK_NAMES } from "../tasks/dashboard.js";
import { TaskStatusSchema } from "../documents/enums.js";
import { PageInfoSchema } from "../shared/contract.js";


export const WorkspaceIdParamsSchema = z.object({ workspaceId: z.uuid({ error: () => "workspaceId must be a UUID" }) });

/** Whether a text can name a workspace at all (the provider's rule for its path); anything else is not found. */
export function isWorkspaceId(text: string | undefined): text is string {
  return WorkspaceIdParamsSchema.safeParse({ workspaceId: text }).success;
}
export const WorkspaceReferenceParamsSchema = WorkspaceIdParamsSchema.extend({
  referenceId: z.uuid({ error: () => "referenceId must be a UUID" }),
});

// ---------------------------------------------------------------------------------------------------
// Create

export const CREATE_WORKSPACE_MESSAGES = {
  noApplicant: "At least one applicant is required",
  tooManyApplicants: `No more than ${LIMITS.applicants} applicants are allowed`,
  organisationAlone: "An organisation applicant must be the only applicant",
  applicantRole: (transactionType: string, role: string) =>
    `The applicants of a ${transactionType.toLowerCase()} workspace have the role ${role}`,
} as const;

const ApplicantRoleSchema = PartyRoleSchema.extract(["BORROWER", "BUYER"], { error: () => "Applicant role must be BORROWER or BUYER" });

export const CreateWorkspacePartySchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("INDIVIDUAL"),
      role: ApplicantRoleSchema,
      partyDetails: IndividualPartySchema.omit({ type: true }),
    }),
    z.object({
      type: z.literal("ORGANISATION"),
      role: ApplicantRoleSchema,
      partyDetails: OrganisationPartySchema.omit({ type: true }),
    }),
  ],
  { error: () => "Party type must be INDIVIDUAL or ORGANISATION" },
);
export type CreateWorkspaceParty = z.output<typeof CreateWorkspacePartySchema>;

/**
 * POST /api/workspace/v1/workspaces: reference, transaction type, jurisdiction (fixed), security address
 * (the form's shape: buildingName, buildingNumber, flat, street, town, postcode) and the applicants: 1 to
 * 4 individuals, or exactly one organisation (a limited company), all BORROWER on a remortgage and BUYER
 * on a purchase. `toCreateWorkspaceBody` in core/workspaces/schemas.ts builds it from the form.
 */
export const CreateWorkspaceRequestSchema = z
  .object({
    reference: WorkspaceReferenceSchema,
    transactionType: TransactionTypeSchema,
    jurisdiction: JurisdictionSchema.default("ENGLAND_WALES"),
    transferOfEquity: z.boolean().default(false),
    securityAddress: AddressSchema,
    parties: z.array(CreateWorkspacePartySchema, { error: () => CREATE_WORKSPACE_MESSAGES.noApplicant }),
  })
  .superRefine((value, ctx) => {
    const { parties } = value;
    if (parties.length === 0) ctx.addIssue({ code: "custom", message: CREATE_WORKSPACE_MESSAGES.noApplicant, path: ["parties"] });
    if (parties.length > LIMITS.applicants) {
      ctx.addIssue({ code: "custom", message: CREATE_WORKSPACE_MESSAGES.tooManyApplicants, path: ["parties"] });
    }
    if (parties.length > 1 && parties.some((party) => party.type === "ORGANISATION")) {
      ctx.addIssue({ code: "custom", message: CREATE_WORKSPACE_MESSAGES.organisationAlone, path: ["parties"] });
    }
    const role = APPLICANT_ROLE[value.transactionType];
    parties.forEach((party, index) => {
      if (party.role !== role) {
        ctx.addIssue({
          code: "custom",
          message: CREATE_WORKSPACE_MESSAGES.applicantRole(value.transactionType, role),
          path: ["parties", index, "role"],
        });
      }
    });
  });
export type CreateWorkspaceRequest = z.input<typeof CreateWorkspaceRequestSchema>;

export const CreateWorkspaceResponseSchema = z.object({
  workspaceId: z.string(),
  workspaceReferenceId: z.string(),
  version: z.number().int(),
});
export type CreateWorkspaceResponse = z.infer<typeof CreateWorkspaceResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Detail

export const SecurityAddressSchema = z.object({
  securityAddressId: z.string(),
  addressId: z.string(),
  name: z.string().nullable(),
  number: z.string().nullable(),
  flat: z.string().nullable(),
  street: z.string().nullable(),
  town: z.string().nullable(),
  postcode: z.string(),
});
export type SecurityAddress = z.infer<typeof SecurityAddressSchema>;

export const PartyDetailsSchema = z.object({
  forenames: z.string().nullable(),
  surname: z.string().nullable(),
  organisationName: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  organisationType: OrganisationTypeSchema.nullable(),
  legalEntityName: z.string().nullable(),
});

export const WorkspacePartySchema = z.object({
  partyId: z.string(),
  role: PartyRoleSchema,
  type: PartyTypeSchema,
  partyDetails: PartyDetailsSchema,
  /** Document 2's shape of the same details. */
  individualDetails: z.object({ forenames: z.string(), surname: z.string() }).nullable(),
  organisationDetails: z
    .object({ organisationName: z.string(), registrationNumber: z.string().nullable(), organisationType: OrganisationTypeSchema })
    .nullable(),
  /** Fields of the title match, the representation and the proprietors; filled in by document 2's flows. */
  proprietorMatchStatus: z.array(z.string()),
  sourceProprietorId: z.string().nullable(),
  /** The party's confirmed representation (document 2 section 4.5), null until confirmed. */
  representationDetails: RepresentationDetailsSchema.nullable(),
  availableActions: z.array(z.string()),
  verificationOfIdentity: VerificationOfIdentitySchema.nullable(),
  /** The correspondence address (individual) or registered address (organisation), when entered. */
  addresses: z.array(PartyAddressSchema),
  /** Set when a title update was confirmed for the party: it can no longer be edited or deleted. */
  locked: z.boolean(),
  isIncomingProprietor: z.boolean().nullable(),
  titleStatus: z.string().nullable(),
});
export type WorkspaceParty = z.infer<typeof WorkspacePartySchema>;

export const ParticipantSchema = z.object({
  participantId: z.string(),
  subscriberId: z.string(),
  subscriberName: z.string(),
  subscriberType: SubscriberEntityTypeSchema,
  role: ParticipantRoleSchema,
  isApproved: z.boolean(),
  status: z.string(),
});
export type Participant = z.infer<typeof ParticipantSchema>;

export const WorkspaceReferenceRecordSchema = z.object({
  referenceId: z.string(),
  referenceNumber: z.string(),
  representativeRole: RepresentativeRoleSchema,
  /** The participant the reference belongs to, when a participant holds that role. */
  representativeId: z.string().nullable(),
});
export type WorkspaceReferenceRecord = z.infer<typeof WorkspaceReferenceRecordSchema>;

export const TaskRecordSchema = z.object({
  taskName: z.enum(TASK_NAMES),
  title: z.string(),
  status: TaskStatusSchema,
  /** The participant role expected to do it, and the subscriber holding that role (null when none yet). */
  assigneeRole: ParticipantRoleSchema.nullable(),
  assignee: z.string().nullable(),
  completedBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** An 'if applicable' task. */
  optional: z.boolean(),
});
export type TaskRecord = z.infer<typeof TaskRecordSchema>;

export const TasksResponseSchema = z.object({ records: z.array(TaskRecordSchema) });

export const RemarksSchema = z.object({
  cancellationReason: CancellationReasonSchema,
  cancellationNotesForOther: z.string().nullable(),
  actionedAt: z.string(),
});

/** GET /api/workspace/v1/workspaces/{workspaceId}: every field of document 1 section 3. */
export const WorkspaceDetailSchema = z.object({
  workspaceId: z.string(),
  workspaceReferenceId: z.string(),
  transactionType: TransactionTypeSchema,
  transferOfEquity: z.boolean(),
  status: WorkspaceStatusSchema,
  workspaceStatus: WorkspaceStatusSchema,
  jurisdiction: JurisdictionSchema,
  securityAddress: SecurityAddressSchema,
  /** YYYY-MM-DD, or null when not yet provided. */
  completionDate: z.string().nullable(),
  createdAt: z.string(),
  workspaceCreatedAt: z.string(),
  parties: z.array(WorkspacePartySchema),
  participants: z.array(ParticipantSchema),
  references: z.array(WorkspaceReferenceRecordSchema),
  /** The mortgage application reference: the incoming lender's reference, when there is one. */
  reference: z.string().nullable(),
  /** The caller's own subscriber's reference and participant role; null for the helpdesk administrator. */
  participantReference: z.string().nullable(),
  participantRole: ParticipantRoleSchema.nullable(),
  /** The caller's effective contextual permissions here; null for the helpdesk administrator (exempt). */
  contextualPermissions: z.array(z.string()).nullable(),
  tasks: z.array(TaskRecordSchema),
  readyForApproval: z.boolean(),
  canBeCancelled: z.boolean(),
  canBeUnapproved: z.boolean(),
  hardLocked: z.boolean(),
  isLocked: z.boolean(),
  isCancelled: z.boolean(),
  /** Funds exchanged and the applications submitted to HMLR, being finalised before lodgement (the lodgement delay banner). */
  lodgementDelayed: z.boolean(),
  borrowersValidationStatus: BorrowerValidationStatusSchema,
  /** The subscriber that created (owns) the workspace. */
  subscriberId: z.string(),
  remarks: RemarksSchema.nullable(),
  version: z.number().int(),
});
export type WorkspaceDetail = z.infer<typeof WorkspaceDetailSchema>;

// ---------------------------------------------------------------------------------------------------
// Approve, unapprove, cancel

export const WORKSPACE_UPDATE_MESSAGES = {
  oneChange: "Send either approved (true or false) or status CANCELLED with remarks",
  remarksRequired: "Reason is required",
  remarksOnlyWithCancel: "remarks are sent only with status CANCELLED",
} as const;

/**
 * PATCH /api/workspace/v1/workspaces/{workspaceId}: `{ approved: true }` approves, `{ approved: false }`
 * unapproves, `{ status: "CANCELLED", remarks: { cancellationReason, cancellationNotesForOther } }`
 * cancels; each with the version as If-Match. Allowed only when readyForApproval, canBeUnapproved or
 * canBeCancelled respectively; otherwise 400 with the reason.
 */
export const WorkspaceUpdateRequestSchema = z
  .object({
    approved: z.boolean({ error: () => "approved must be true or false" }).optional(),
    status: z.literal("CANCELLED", { error: () => "status can only be CANCELLED" }).optional(),
    remarks: CancellationSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const approving = value.approved !== undefined;
    const cancelling = value.status !== undefined;
    if (approving === cancelling) ctx.addIssue({ code: "custom", message: WORKSPACE_UPDATE_MESSAGES.oneChange, path: [] });
    if (cancelling && !value.remarks) {
      ctx.addIssue({ code: "custom", message: WORKSPACE_UPDATE_MESSAGES.remarksRequired, path: ["remarks", "cancellationReason"] });
    }
    if (!cancelling && value.remarks) ctx.addIssue({ code: "custom", message: WORKSPACE_UPDATE_MESSAGES.remarksOnlyWithCancel, path: ["remarks"] });
  });
export type WorkspaceUpdateRequest = z.input<typeof WorkspaceUpdateRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// References

export const AddReferenceRequestSchema = ReferenceSchema.extend({
  representativeRole: RepresentativeRoleSchema,
});
export type AddReferenceRequest = z.input<typeof AddReferenceRequestSchema>;

export const EditReferenceRequestSchema = ReferenceSchema;
export type EditReferenceRequest = z.input<typeof EditReferenceRequestSchema>;

/** A reference after a write, with the workspace's new version. */
export const ReferenceWriteResponseSchema = WorkspaceReferenceRecordSchema.extend({ version: z.number().int() });

// ---------------------------------------------------------------------------------------------------
// Participants

export const ParticipantDetailSchema = ParticipantSchema.extend({
  referenceId: z.string().nullable(),
  referenceNumber: z.string().nullable(),
});
export const ParticipantDetailsResponseSchema = z.object({ records: z.array(ParticipantDetailSchema) });

export const AssignParticipantRequestSchema = z.object({
  subscriberId: z.string({ error: () => "Subscriber is required" }).trim().min(1, "Subscriber is required"),
  role: ParticipantRoleSchema,
});
export type AssignParticipantRequest = z.input<typeof AssignParticipantRequestSchema>;

export const AssignParticipantResponseSchema = ParticipantSchema.extend({ version: z.number().int() });

// ---------------------------------------------------------------------------------------------------
// Authorization

export const WorkspaceAuthorizationResponseSchema = z.object({
  workspaceId: z.string(),
  records: z.array(z.object({ action: z.enum(ACTIONS as [string, ...string[]]), isAuthorized: z.boolean() })),
});
export type WorkspaceAuthorization = z.infer<typeof WorkspaceAuthorizationResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Search

export const WORKSPACE_SEARCH_LIMIT_MAX = 100;

export const WorkspaceSearchQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(WORKSPACE_SEARCH_LIMIT_MAX).default(10),
});

const searchText = z.string().max(200).optional();

/**
 * The search body. `status` absent means the default six statuses (Created through Requisitioned);
 * an empty list means every status. At most one search field is usually sent (the search box's choice);
 * several narrow the result together. Blank texts are ignored.
 */
export const WorkspaceSearchRequestSchema = z.object({
  status: z.array(WorkspaceStatusSchema).optional(),
  transactionType: TransactionTypeSchema.optional(),
  postcode: searchText,
  workspaceReferenceId: searchText,
  applicantName: searchText,
  incomingLenderReference: searchText,
  /** Completion date, nearest first (ASC) or furthest first (DESC); missing dates last. Absent: newest workspace first. */
  completionDateSort: SortOrderSchema.optional(),
  quickFilter: QuickFilterSchema.optional(),
  /** Also answer every quick filter's count for this search (its own quickFilter ignored): the list page's one call. */
  withQuickFilterCounts: z.boolean().optional(),
});
export type WorkspaceSearchRequest = z.input<typeof WorkspaceSearchRequestSchema>;

export const ListApplicantSchema = z.object({
  type: PartyTypeSchema,
  forenames: z.string().nullable(),
  surname: z.string().nullable(),
  organisationName: z.string().nullable(),
});

export const WorkspaceListRecordSchema = z.object({
  workspaceId: z.string(),
  workspaceReferenceId: z.string(),
  status: WorkspaceStatusSchema,
  transactionType: TransactionTypeSchema,
  transferOfEquity: z.boolean(),
  /** The caller's own subscriber's reference and role (null for the helpdesk administrator or when none). */
  participantReference: z.string().nullable(),
  participantRole: ParticipantRoleSchema.nullable(),
  incomingLenderReference: z.string().nullable(),
  securityAddress: SecurityAddressSchema,
  /** Applicant names as read ("Forenames Surname" or the organisation's name), in order. */
  applicants: z.array(z.string()),
  /** The same applicants, structured, for the table's "Surname, Forenames". */
  applicantParties: z.array(ListApplicantSchema),
  /** YYYY-MM-DD, or TO_BE_PROVIDED. */
  completionDate: z.union([z.string(), z.literal(TO_BE_PROVIDED)]),
  createdAt: z.string(),
});
export type WorkspaceListRecord = z.infer<typeof WorkspaceListRecordSchema>;

export const WorkspaceSearchPageSchema = PageInfoSchema.extend({
  /** Whether the caller's subscriber has any workspace at all (drives the empty states). */
  isSubscriberHasWorkspace: z.boolean(),
});

/** Each quick filter's count for a search (the same body; its quickFilter is ignored). */
export const QuickFilterCountsSchema = z.object(
  Object.fromEntries(QUICK_FILTERS.map((filter) => [filter, z.number().int()])) as Record<(typeof QUICK_FILTERS)[number], z.ZodNumber>,
);

export const WorkspaceSearchResponseSchema = z.object({
  records: z.array(WorkspaceListRecordSchema),
  page: WorkspaceSearchPageSchema,
  /** Present when the search asked for it (withQuickFilterCounts). */
  quickFilterCounts: QuickFilterCountsSchema.optional(),
});
export type WorkspaceSearchResponse = z.infer<typeof WorkspaceSearchResponseSchema>;

export const QuickFilterCountsResponseSchema = z.object({ counts: QuickFilterCountsSchema });
export type QuickFilterCounts = z.infer<typeof QuickFilterCountsResponseSchema>;
