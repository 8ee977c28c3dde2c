import { describe, expect, it } from "vitest";
import { DOCUMENT_MESSAGES, uploadOutcomeMessage } from "./messages.js";

describe("message catalogue", () => {
  it("keeps the spec's quoted texts", () => {
    expect(DOCUMENT_MESSAGES.virusFound).toBe("A virus has been detected in the document. Please check and upload again.");
    expect(DOCUMENT_MESSAGES.uploaded("deed.pdf")).toBe("deed.pdf uploaded successfully");
  });
  it("maps every upload status to its message", () => {
    expect(uploadOutcomeMessage("SUCCESS", "a.pdf")).toEqual({ kind: "success", message: "a.pdf uploaded successfully" });
    expect(uploadOutcomeMessage("VIRUS_FOUND", "a.pdf")?.message).toBe(DOCUMENT_MESSAGES.virusFound);
    expect(uploadOutcomeMessage("FAILED", "a.pdf")?.message).toBe("File upload unsuccessful, please try again");
    expect(uploadOutcomeMessage("PENDING", "a.pdf")).toBeNull();
    expect(uploadOutcomeMessage("???", "a.pdf")?.message).toBe("Something went wrong, please try again");
  });
});
