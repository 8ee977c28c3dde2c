import { describe, expect, it } from "vitest";
import { ADMINISTRATION_MESSAGES } from "./messages.js";

describe("message catalogue", () => {
  it("keeps the spec's quoted texts", () => {
    expect(ADMINISTRATION_MESSAGES.activationEmailResent("a@b.co")).toBe("Activation email resent to a@b.co");
    expect(ADMINISTRATION_MESSAGES.userAdded("Ann Smith")).toBe("Ann Smith has been added successfully");
    expect(ADMINISTRATION_MESSAGES.userChangesSaved("Ann")).toBe("Ann Changes saved");
    expect(ADMINISTRATION_MESSAGES.invitationFailed("a@b.co", "Mailbox full")).toBe("Failed to send invitation email to a@b.co. Mailbox full");
    expect(ADMINISTRATION_MESSAGES.suspended("Ann")).toBe("Ann has been suspended");
    expect(ADMINISTRATION_MESSAGES.unsuspended("Ann")).toBe("Ann has been unsuspended and is now active");
    expect(ADMINISTRATION_MESSAGES.lodgementIdentifierAdded).toBe("HMLR lodgement identifier added successfully.");
  });
});
