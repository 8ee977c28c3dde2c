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
