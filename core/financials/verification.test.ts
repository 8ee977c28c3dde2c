import { describe, expect, it } from "vitest";
import { acceptManually, NOT_RUN_VERIFICATION, VerificationDetailSchema, verificationOf } from "./verification.js";

describe("verification detail", () => {
  it("verifies an exact match only, and allows a manual override of everything else", () => {
    expect(verificationOf({ outcome: "ANSWERED", reasonCode: null, actualName: null })).toMatchObject({ verified: true, status: "MATCH", isManualOverrideAllowed: false });
    expect(verificationOf({ outcome: "ANSWERED", reasonCode: "ANNM", actualName: null })).toMatchObject({ verified: false, status: "NO_MATCH", isManualOverrideAllowed: true });
    expect(verificationOf({ outcome: "TIMEOUT" })).toMatchObject({ verified: false, status: "TIMEOUT", partnerReasonCode: null });
    expect(verificationOf({ outcome: "ERROR" })).toMatchObject({ verified: false, status: "ERROR" });
  });

  it("keeps the bank's name only where the scheme returns one", () => {
    expect(verificationOf({ outcome: "ANSWERED", reasonCode: "MBAM", actualName: "Jane Smyth" }).actualName).toBe("Jane Smyth");
    expect(verificationOf({ outcome: "ANSWERED", reasonCode: "ANNM", actualName: "Jane Smyth" }).actualName).toBeNull();
  });

  it("records who accepted an account by hand and when, keeping the check's answer", () => {
    const close = verificationOf({ outcome: "ANSWERED", reasonCode: "MBAM", actualName: "Jane Smyth" });
    const accepted = acceptManually(close, "user-1", "2026-11-26T10:00:00.000Z");
    expect(accepted).toEqual({ ...close, verified: true, acceptedBy: "user-1", acceptedAt: "2026-11-26T10:00:00.000Z", isManualOverrideAllowed: false });
    expect(VerificationDetailSchema.parse(accepted)).toEqual(accepted);
    expect(NOT_RUN_VERIFICATION).toMatchObject({ verified: false, status: "ACCOUNT_VERIFICATION_NOT_RUN" });
  });
});
