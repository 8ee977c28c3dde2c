import { describe, expect, it } from "vitest";
import { createSandboxLodgementRegistry, raisesRequisition, SANDBOX_REQUISITION } from "./registry-sandbox.js";

const submission = (mortgage: number | null, transfer?: number | null) => ({
  lodgementRequestId: "0b7a6c1e-0000-4000-8000-000000000001",
  lodgementCaseId: "0b7a6c1e-0000-4000-8000-000000000002",
  titleNumber: null,
  applications: [
    { documentId: "m", documentType: "MORTGAGE_DEED", transactionValue: mortgage },
    ...(transfer === undefined ? [] : [{ documentId: "t", documentType: "TRANSFER_OF_WHOLE", transactionValue: transfer }]),
  ],
  now: new Date("2026-11-26T10:00:00Z"),
});

describe("the lodgement sandbox's fixtures", () => {
  it("whole pounds ending in 999 raise a requisition; a penny or a pound off does not", () => {
    expect(raisesRequisition(submission(250_999_00))).toBe(true);
    expect(raisesRequisition(submission(999_00))).toBe(true);
    expect(raisesRequisition(submission(250_999_01))).toBe(false);
    expect(raisesRequisition(submission(250_998_00))).toBe(false);
    expect(raisesRequisition(submission(251_000_00))).toBe(false);
  });
  it("without the mortgage charge's value, the transfer's decides", () => {
    expect(raisesRequisition(submission(null, 345_999_00))).toBe(true);
    expect(raisesRequisition(submission(null, null))).toBe(false);
  });
  it("answers the requisition first, then registers once a reply was sent; any other value registers", async () => {
    const registry = createSandboxLodgementRegistry();
    const { registryReference } = await registry.lodge(submission(250_999_00));
    expect(registryReference).toBe("SBX-0B7A6C1E");
    expect(await registry.answer({ ...submission(250_999_00), registryReference, requisitionsAnswered: 0 })).toEqual({
      outcome: "REQUISITIONED",
      correspondence: [{ ...SANDBOX_REQUISITION }],
    });
    expect(await registry.answer({ ...submission(250_999_00), registryReference, requisitionsAnswered: 1 })).toEqual({ outcome: "REGISTERED" });
    expect(await registry.answer({ ...submission(250_000_00), registryReference, requisitionsAnswered: 0 })).toEqual({ outcome: "REGISTERED" });
  });
});
