import { describe, expect, it } from "vitest";
import { BORROWER_MESSAGES } from "./messages.js";

describe("message catalogue", () => {
  it("keeps the spec's quoted texts", () => {
    expect(BORROWER_MESSAGES.BORROWER_MISMATCH).toBe("The borrower information below doesn't match the title");
    expect(BORROWER_MESSAGES.SELLER_TYPE_INVALID).toBe("An unsupported title has been received, please cancel the workspace");
    expect(BORROWER_MESSAGES.PROPRIETOR_MISMATCH).toBe("Borrower names do not match the details on the title register");
    expect(BORROWER_MESSAGES.PARTIALLY_SUCCESS).toBe("We encountered a problem when saving your data. Please review your changes and retry if needed.");
  });
});
