/** Texts of the shell that several areas show (header, switch subscriber dialog, empty states). */

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
