/**
 * The named messages of the three documents (document 1 section 8, document 2 section 8, document 3
 * section 8) that the error catalogue in errors.ts does not already hold. Texts the spec quotes are used
 * as quoted; success toasts the spec only names are worded in docs/decisions/0115-toast-texts.md.
 */
import { SUSPENDED_BY_SUPPORT_TEXT, SUSPENDED_BY_USER_MANAGER_TEXT } from "./errors.js";

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

export const SWITCH_SUBSCRIBER_DIALOG = {
  title: "Discard Changes?",
  message: "Changes you made may not be saved",
  confirm: "Switch Subscriber",
  cancel: "Cancel",
} as const;

export const SHELL_TEXTS = {
  unableToLoadAccountDetails: "Unable to load account details",
  unableToLoadCredentials: "Unable to load credentials",
  creditInfoError: "error fetching credit info",
  accountsEmpty: "No accounts at the moment. Let's add some.",
  manageFinancialAccounts: "Manage financial accounts",
  accountsPerPage: "Accounts per page",
  documentsEmpty: "No documents have been attached to this workspace yet",
  documentsHeading: "Documents",
  applicationsHeading: "Applications for lodgement with HMLR",
  uploading: "Uploading",
  upload: "Upload",
  expired: "Expired",
  ifApplicable: "if applicable",
  toBeProvided: "To be provided",
  notProvided: "not provided",
  transactionSettingsHelp: "These credentials are used to lodge applications with HMLR and submit returns to HMRC.",
  greeting: (name: string) => `Hi ${name}`,
} as const;

/** Document upload and application messages (document 3 section 8.2). */
export const DOCUMENT_MESSAGES = {
  uploaded: (fileName: string) => `${fileName} uploaded successfully`,
  virusFound: "A virus has been detected in the document. Please check and upload again.",
  uploadUnsuccessful: "File upload unsuccessful, please try again",
  virusScanUnsuccessful: "Virus scan unsuccessful, please try again",
  somethingWentWrong: "Something went wrong, please try again",
  uploadError: "Error occurred while uploading the file. Please try again.",
  documentsFailed: "Failed to receive documents from api",
  correspondenceFailed: "Error displaying correspondence, please contact HMLR directly.",
  completionDataFailed: "Unable to load completion data",
  submitted: "Document submitted successfully",
  attached: "Document attached to application",
  removed: "Document removed from application",
  deleted: "Document deleted",
  permissionsUpdated: "Viewing permissions updated",
  transactionValueAdded: "Transaction value added",
  transactionValueUpdated: "Transaction value updated",
  transferOfWholeUpdated: "Transfer of whole updated",
  mortgageChargeUpdated: "Mortgage charge updated",
  deedPreferenceConfirmed: "Deed preference confirmed",
  applicationsApproved: "Applications approved",
  applicationsUnapproved: "Applications unapproved",
} as const;

/** The message for an upload's final file status, or null while it is still pending. */
export function uploadOutcomeMessage(fileUploadStatus: string, fileName: string): { kind: "success" | "error"; message: string } | null {
  switch (fileUploadStatus) {
    case "SUCCESS":
      return { kind: "success", message: DOCUMENT_MESSAGES.uploaded(fileName) };
    case "VIRUS_FOUND":
      return { kind: "error", message: DOCUMENT_MESSAGES.virusFound };
    case "FAILED":
      return { kind: "error", message: DOCUMENT_MESSAGES.uploadUnsuccessful };
    case "PENDING":
      return null;
    default:
      return { kind: "error", message: DOCUMENT_MESSAGES.somethingWentWrong };
  }
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

/** SDLT toasts (document 3 section 8.3). */
export const SDLT_TOASTS = {
  confirmed: { title: "Success", message: "stamp duty confirmed" },
  sectionSaved: (section: string) => `${section} saved successfully`,
} as const;

/** Administration toasts and texts (document 3 section 8.4). */
export const ADMINISTRATION_MESSAGES = {
  suspended: (firstName: string) => `${firstName} has been suspended`,
  unsuspended: (firstName: string) => `${firstName} has been unsuspended and is now active`,
  activationEmailResent: (email: string) => `Activation email resent to ${email}`,
  invitationFailed: (email: string, reason: string) => `Failed to send invitation email to ${email}. ${reason}`,
  userAdded: (name: string) => `${name} has been added successfully`,
  userChangesSaved: (name: string) => `${name} Changes saved`,
  suspendModal: "The user will no longer be able to access the product and any active sessions will be logged out. You can unsuspend the user at any time.",
  unsuspendModal: "The user's access to the product will be restored.",
  noCancel: "No, cancel",
  CONNECTION_SETTINGS_UPDATED: "Connection settings updated successfully",
  CONNECTION_SETTINGS_FAILED: "Connection settings could not be updated. Please try again.",
  COMMUNICATION_SETTINGS_UPDATED: "Communication settings updated successfully",
  COMMUNICATION_SETTINGS_FAILED: "Communication settings could not be updated. Please try again.",
  lodgementIdentifierAdded: "HMLR lodgement identifier added successfully.",
  lodgementIdentifierUpdated: "HMLR lodgement identifier updated successfully.",
  suspendedBySupport: SUSPENDED_BY_SUPPORT_TEXT,
  suspendedByUserManager: SUSPENDED_BY_USER_MANAGER_TEXT,
} as const;
