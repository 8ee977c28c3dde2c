/** Texts and toasts of the workspace screens (document 1 section 2.4, document 2 section 8). */

/** Empty states of the workspace list (document 1 section 2.4). */
export const WORKSPACE_LIST_TEXTS = {
  emptyWithCreate: "No workspace at the moment. Let's create one.",
  emptyConveyancer: "Looks like you haven't been added to any workspaces yet.",
  noMatches: "No matches found",
} as const;

/** The workspace list's empty state, or null when records exist. */
export function workspaceListEmptyText(input: { hasRecords: boolean; isSubscriberHasWorkspace: boolean; canCreate: boolean }): string | null {
  if (input.hasRecords) return null;
  if (input.isSubscriberHasWorkspace) return WORKSPACE_LIST_TEXTS.noMatches;
  return input.canCreate ? WORKSPACE_LIST_TEXTS.emptyWithCreate : WORKSPACE_LIST_TEXTS.emptyConveyancer;
}

/** Success toasts of document 2 section 8. */
export const WORKSPACE_TOASTS = {
  securityAddressUpdated: "Security address updated successfully",
  partyAdded: "Party added successfully",
  partyUpdated: "Party updated successfully",
  partyDeleted: "Party deleted successfully",
  representationConfirmed: "Representation confirmed successfully",
  referenceAdded: "Reference added successfully",
  referenceEdited: "Reference updated successfully",
  incomingProprietorSet: "Incoming proprietor set successfully",
  changeOfNameRequested: "Change of name requested successfully",
  financialsApproved: "Financials approved successfully",
  financialsUnapproved: "Financials unapproved successfully",
  completionDateAdded: "Completion date added successfully",
  completionDateUpdated: "Completion date updated successfully",
  amountPayableAdded: "Amount payable on completion added successfully",
  amountPayableUpdated: "Amount payable on completion updated successfully",
  lineItemUpdated: (category: string) => `${category} updated successfully`,
  lineItemAuthorised: (category: string) => `${category} authorised successfully`,
  lineItemUnauthorised: (category: string) => `${category} un-authorised successfully`,
  lineItemDeleted: (category: string) => `${category} deleted successfully`,
  accountVerified: "Account verified successfully",
  workspaceApproved: "Workspace approved successfully",
  workspaceUnapproved: "Workspace unapproved successfully",
  workspaceCancelled: "Workspace cancelled successfully",
  accountSaved: "Account saved successfully",
  changesSaved: "Changes saved successfully",
  accountDeleted: "Account deleted successfully",
  manualVerificationSucceeded: "Account manually verified successfully",
  accountVerificationFailed: "Account verification failed. Please review the account details.",
  lawFirmPartialSuccess: "We encountered a problem when saving your data. Please review your changes and retry if needed.",
} as const;
