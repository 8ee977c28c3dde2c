/**
 * A workspace as the provider's detail answers it, for tests: a remortgage before approval, with no parties,
 * participants, references or tasks unless the test gives them.
 */
import type { WorkspaceDetail } from "./api.js";

export const TEST_WORKSPACE_ID = "5c000000-0000-4000-8000-000000000002";

export function workspaceDetail(change: Partial<WorkspaceDetail> = {}): WorkspaceDetail {
  return {
    workspaceId: TEST_WORKSPACE_ID,
    workspaceReferenceId: "WS-0000002",
    transactionType: "REMORTGAGE",
    transferOfEquity: false,
    status: "CREATED",
    workspaceStatus: "CREATED",
    jurisdiction: "ENGLAND_WALES",
    securityAddress: { securityAddressId: "a", addressId: "a", name: "Orchard House", number: "3", flat: null, street: "Church Road", town: "Winchester", postcode: "SO23 9LP" },
    completionDate: null,
    createdAt: "2026-01-01T00:00:00Z",
    workspaceCreatedAt: "2026-01-01T00:00:00Z",
    parties: [],
    participants: [],
    references: [],
    reference: null,
    participantReference: null,
    participantRole: null,
    contextualPermissions: null,
    tasks: [],
    readyForApproval: false,
    canBeCancelled: true,
    canBeUnapproved: false,
    hardLocked: false,
    isLocked: false,
    isCancelled: false,
    lodgementDelayed: false,
    borrowersValidationStatus: "VALID",
    subscriberId: "s1",
    remarks: null,
    version: 4,
    ...change,
  };
}
