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
