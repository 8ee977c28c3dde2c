/** Borrower and title messages (document 1 section 8, document 2 section 8). */
export const BORROWER_MESSAGES = {
  BORROWER_MISMATCH: "The borrower information below doesn't match the title",
  BORROWER_COUNT_INVALID: "The number of borrowers does not match the title. Please cancel the workspace.",
  BORROWER_TYPE_INVALID: "The type of borrower does not match the title. Please cancel the workspace.",
  SELLER_TYPE_INVALID: "An unsupported title has been received, please cancel the workspace",
  PROPRIETOR_MISMATCH: "Borrower names do not match the details on the title register",
  PROPERTY_DETAILS_BORROWER_MISMATCH: "The borrower information doesn't match the title. Please resolve it in the participants tab.",
  PROPERTY_DETAILS_BORROWER_CANCEL_WORKSPACE: "This workspace cannot continue. Please cancel the workspace.",
  PARTIALLY_SUCCESS: "We encountered a problem when saving your data. Please review your changes and retry if needed.",
  UNSUPPORTED_OUTGOING_LENDER: "An unsupported outgoing lender type or charge has been found on the title. Please cancel the workspace.",
  UNMATCHED_PROPRIETOR: "There are proprietors on the title that do not match any party in the workspace.",
  MISMATCHED_APPLICANT: "There are applicants that do not match the proprietors on the title.",
} as const;
export type BorrowerMessageCode = keyof typeof BORROWER_MESSAGES;

/**
 * Refusals of the party rules (document 2 section 5.1) and of representation, law firm and address writes;
 * the provider answers them (400, or 404 / 423-like refusals as 400 with their code) and the app shows the
 * same texts as the reasons of disabled actions.
 */
export const PARTY_MESSAGES = {
  tooManyApplicants: "No more than 4 applicants can be added to a workspace",
  organisationApplicant: "No applicant can be added when the first applicant is an organisation",
  organisationNotAlone: "An organisation can only be added as the only applicant",
  lastApplicant: "The only applicant of a workspace cannot be deleted",
  externallyRepresented: "An applicant represented by an external law firm cannot be deleted",
  sellerNotDeletable: "Seller parties cannot be deleted",
  locked: "This party's details have been confirmed against the title and can no longer be changed",
  roleNotInTransaction: (role: string, transactionType: string) =>
    `A ${role.toLowerCase().replace(/_/g, " ")} cannot be added to a ${transactionType.toLowerCase()} workspace`,
  applicantTypeChange: "An applicant can only become an organisation when it is the only applicant",
  partyNotFound: "There is no party with that id in this workspace.",
  lawFirmNotFound: "There is no law firm with that id in this workspace.",
  addressNotFound: "There is no address with that id in this workspace.",
  representationNotFound: "There is no representation with that id for this party.",
  participantNotFound: (role: string) => `There is no participant with the role ${role} in this workspace.`,
  noWorkspaceLawFirm: "Dual representation needs the workspace's law firm, and none has joined the workspace yet.",
  partyTypeMismatch: "partyType does not match the party's type",
} as const;

/** Codes of the refusals above, as the provider's error body carries them. */
export const PARTY_REFUSAL_CODES = {
  tooManyApplicants: "TOO_MANY_APPLICANTS",
  organisationApplicant: "ORGANISATION_APPLICANT",
  organisationNotAlone: "ORGANISATION_APPLICANT",
  lastApplicant: "LAST_APPLICANT",
  externallyRepresented: "EXTERNALLY_REPRESENTED",
  sellerNotDeletable: "SELLER_NOT_DELETABLE",
  locked: "PARTY_LOCKED",
  roleNotInTransaction: "ROLE_NOT_IN_TRANSACTION",
  applicantTypeChange: "ORGANISATION_APPLICANT",
} as const;

/** Request-shape messages of the parties contract. */
export const PARTY_REQUEST_MESSAGES = {
  typeWithDetails: "type and partyDetails are sent together",
  oneAddress: "A party has one address",
  addressKind: (kind: string) =>
    kind === "CORRESPONDENCE_ADDRESS" ? "An individual has a correspondence address" : "An organisation has a registered address",
  nothingToChange: "Send at least one of name, referenceNumber and address",
} as const;

/** Confirm representation (document 2 sections 4.5 and 5.4). */
export const CONFIRM_REPRESENTATION_MESSAGES = {
  representationRequired: "Representation is required",
  representativeTypeRequired: "Representative is required",
  representativeRoleRequired: "Representative role is required",
  nameRequired: "Law firm name is required",
  referenceRequired: "Reference is required",
} as const;

/**
 * Law firm edits answered 206: the partial-success toast (document 2 section 8) is
 * BORROWER_MESSAGES.PARTIALLY_SUCCESS; the reason names what was not saved.
 */
export const LAW_FIRM_MESSAGES = {
  partial: BORROWER_MESSAGES.PARTIALLY_SUCCESS,
  nameOfParticipant: "The name of a law firm that is a participant is its subscriber's name and cannot be changed in the workspace.",
  /** The toast of a fully saved edit (the other toasts of this area: WORKSPACE_TOASTS in core/workspaces/messages.ts). */
  updated: "Law firm details updated successfully",
} as const;
