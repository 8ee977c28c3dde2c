import { describe, expect, it } from "vitest";
import { ADMINISTRATION_MESSAGES } from "../administration/messages.js";
import { BORROWER_MESSAGES } from "../parties/messages.js";
import { DOCUMENT_MESSAGES, uploadOutcomeMessage } from "../documents/messages.js";
import { SDLT_TOASTS } from "../sdlt/messages.js";
import { SHELL_TEXTS } from "./shell-texts.js";
import { WORKSPACE_LIST_TEXTS, WORKSPACE_TOASTS, workspaceListEmptyText } from "../workspaces/messages.js";

describe("message catalogue", () => {
  it("keeps the spec's quoted texts", () => {
    expect(BORROWER_MESSAGES.BORROWER_MISMATCH).toBe("The borrower information below doesn't match the title");
    expect(BORROWER_MESSAGES.SELLER_TYPE_INVALID).toBe("An unsupported title has been received, please cancel the workspace");
    expect(BORROWER_MESSAGES.PROPRIETOR_MISMATCH).toBe("Borrower names do not match the details on the title register");
    expect(BORROWER_MESSAGES.PARTIALLY_SUCCESS).toBe("We encountered a problem when saving your data. Please review your changes and retry if needed.");
    expect(DOCUMENT_MESSAGES.virusFound).toBe("A virus has been detected in the document. Please check and upload again.");
    expect(DOCUMENT_MESSAGES.uploaded("deed.pdf")).toBe("deed.pdf uploaded successfully");
    expect(ADMINISTRATION_MESSAGES.activationEmailResent("a@b.co")).toBe("Activation email resent to a@b.co");
    expect(ADMINISTRATION_MESSAGES.userAdded("Ann Smith")).toBe("Ann Smith has been added successfully");
    expect(ADMINISTRATION_MESSAGES.userChangesSaved("Ann")).toBe("Ann Changes saved");
    expect(ADMINISTRATION_MESSAGES.invitationFailed("a@b.co", "Mailbox full")).toBe("Failed to send invitation email to a@b.co. Mailbox full");
    expect(ADMINISTRATION_MESSAGES.suspended("Ann")).toBe("Ann has been suspended");
    expect(ADMINISTRATION_MESSAGES.unsuspended("Ann")).toBe("Ann has been unsuspended and is now active");
    expect(ADMINISTRATION_MESSAGES.lodgementIdentifierAdded).toBe("HMLR lodgement identifier added successfully.");
    expect(SDLT_TOASTS.confirmed).toEqual({ title: "Success", message: "stamp duty confirmed" });
    expect(SDLT_TOASTS.sectionSaved("Tax calculation")).toBe("Tax calculation saved successfully");
    expect(WORKSPACE_TOASTS.lineItemDeleted("Redemption")).toBe("Redemption deleted successfully");
    expect(WORKSPACE_TOASTS.lineItemAuthorised("Mortgage Advance")).toBe("Mortgage Advance authorised successfully");
    expect(WORKSPACE_TOASTS.lineItemUnauthorised("Mortgage Advance")).toBe("Mortgage Advance un-authorised successfully");
    expect(WORKSPACE_TOASTS.lineItemUpdated("Surplus")).toBe("Surplus updated successfully");
    expect(SHELL_TEXTS.greeting("Ann")).toBe("Hi Ann");
  });
  it("chooses the list's empty state", () => {
    expect(workspaceListEmptyText({ hasRecords: true, isSubscriberHasWorkspace: true, canCreate: true })).toBeNull();
    expect(workspaceListEmptyText({ hasRecords: false, isSubscriberHasWorkspace: true, canCreate: true })).toBe(WORKSPACE_LIST_TEXTS.noMatches);
    expect(workspaceListEmptyText({ hasRecords: false, isSubscriberHasWorkspace: false, canCreate: true })).toBe("No workspace at the moment. Let's create one.");
    expect(workspaceListEmptyText({ hasRecords: false, isSubscriberHasWorkspace: false, canCreate: false })).toBe("Looks like you haven't been added to any workspaces yet.");
  });
  it("maps every upload status to its message", () => {
    expect(uploadOutcomeMessage("SUCCESS", "a.pdf")).toEqual({ kind: "success", message: "a.pdf uploaded successfully" });
    expect(uploadOutcomeMessage("VIRUS_FOUND", "a.pdf")?.message).toBe(DOCUMENT_MESSAGES.virusFound);
    expect(uploadOutcomeMessage("FAILED", "a.pdf")?.message).toBe("File upload unsuccessful, please try again");
    expect(uploadOutcomeMessage("PENDING", "a.pdf")).toBeNull();
    expect(uploadOutcomeMessage("???", "a.pdf")?.message).toBe("Something went wrong, please try again");
  });
});
