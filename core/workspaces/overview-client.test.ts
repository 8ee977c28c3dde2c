import { describe, expect, it } from "vitest";
import { mockProviderPerTest } from "../shared/mock-provider.test-helper.js";
import { UseCaseRefusal } from "../shared/refusals.js";
import { showWorkspace, WORKSPACE_LOOKUP_MESSAGES, WorkspaceLookupSchema } from "./overview-client.js";
import type { WorkspaceDetail } from "./api.js";
import { TEST_WORKSPACE_ID, workspaceDetail } from "./workspace-detail.test-helper.js";

const provider = mockProviderPerTest();
const WORKSPACE_ID = TEST_WORKSPACE_ID;
const CASE_ID = "6d000000-0000-4000-8000-000000000002";

const borrower = {
  partyId: "p1",
  role: "BORROWER",
  type: "INDIVIDUAL",
  partyDetails: { forenames: "Oliver", surname: "Bennett", organisationName: null, registrationNumber: null, organisationType: null, legalEntityName: null },
  individualDetails: { forenames: "Oliver", surname: "Bennett" },
  organisationDetails: null,
  proprietorMatchStatus: [],
  sourceProprietorId: null,
  representationDetails: {
    representationId: "r1",
    representationType: "SEPARATE_REPRESENTATION",
    representativeType: "EXTERNAL_LAW_FIRM",
    representativeName: "Kettle & Co",
    lawFirmId: "l1",
    participantId: null,
    representativeRole: "BORROWER_REPRESENTATIVE",
  },
  availableActions: [],
  verificationOfIdentity: null,
  addresses: [],
  locked: false,
  isIncomingProprietor: null,
  titleStatus: null,
};

function detail(): WorkspaceDetail {
  return workspaceDetail({
    securityAddress: { securityAddressId: "a", addressId: "a", name: null, number: "3", flat: null, street: "Church Road", town: "Winchester", postcode: "SO23 9LP" },
    parties: [borrower as WorkspaceDetail["parties"][number]],
    borrowersValidationStatus: "PENDING",
    version: 3,
  });
}

const lodgementCase = {
  lodgementCaseId: CASE_ID,
  workspaceId: WORKSPACE_ID,
  lastTitleSearchStatus: "SUCCESS",
  lastTitleSearchTime: "2026-01-02T10:00:00Z",
  lastTitleNumber: "DN100001",
  unsupportedReasons: [],
};
const title = {
  titleNumber: "DN100001",
  registeredProprietors: [],
  address: { lineOne: "3 Church Road", lineTwo: null, lineThree: null, lineFour: null, lineFive: null, postcode: "SO23 9LP" },
  restrictions: [],
  titleDocuments: [],
  chargeePartyOrgName: null,
  entries: [],
  metaData: { initialEditionDate: null, lastEditionDate: null },
  retrievedAt: "2026-01-02T10:00:00Z",
};
const match = {
  lodgementCaseId: CASE_ID,
  borrowersValidationStatus: "INVALID",
  parties: [
    {
      partyId: "p1",
      role: "BORROWER",
      proprietorMatchStatus: ["NAME_MISMATCH"],
      nameOnTitle: "Olly Bennett",
      sourceProprietorId: "t1",
      availableActions: [],
      isIncomingProprietor: null,
      titleStatus: null,
      locked: false,
    },
  ],
  unmatchedProprietors: [
    {
      id: "t2",
      proprietorId: "t2",
      individualDetails: { forenames: "Sophie", surname: "Bennett" },
      organisationDetails: null,
      availableActions: ["SET_AS_OUTGOING_PROPRIETOR"],
      refusedActions: [],
      mismatchedParties: [],
    },
  ],
  registeredProprietorCount: 2,
  incomingProprietorCount: 1,
  problems: [],
};

describe("finding the workspace", () => {
  it("takes a workspace id or a reference, nothing else (a usage error)", async () => {
    expect(WorkspaceLookupSchema.safeParse(WORKSPACE_ID).success).toBe(true);
    expect(WorkspaceLookupSchema.safeParse("ws-0000002").success).toBe(true);
    expect(WorkspaceLookupSchema.safeParse("Church Road").success).toBe(false);
    await expect(showWorkspace(provider.ctx, "Church Road")).rejects.toEqual(new UseCaseRefusal(WORKSPACE_LOOKUP_MESSAGES.invalid, "invalid"));
    expect(provider.seen).toEqual([]);
  });

  it("finds a reference through the search across every status, exactly matched", async () => {
    provider.answer("POST", "/api/v1/workspaces/search", 200, {
      records: [{ workspaceId: WORKSPACE_ID, workspaceReferenceId: "WS-0000002" }].map((record) => ({
        ...record,
        status: "CREATED",
        transactionType: "REMORTGAGE",
        transferOfEquity: false,
        participantReference: null,
        participantRole: null,
        incomingLenderReference: null,
        securityAddress: detail().securityAddress,
        applicants: [],
        applicantParties: [],
        completionDate: "TO_BE_PROVIDED",
        createdAt: "2026-01-01T00:00:00Z",
      })),
      page: { page: 1, limit: 10, totalRecords: 1, pageRecords: 1, isSubscriberHasWorkspace: true },
    });
    provider.answer("GET", `/api/workspace/v1/workspaces/${WORKSPACE_ID}`, 200, detail());
    provider.answer("GET", "/api/v1/lodgement-cases", 200, { records: [lodgementCase], included: { titles: [title] } });
    provider.answer("GET", `/api/v1/lodgement-cases/${CASE_ID}/proprietor-match`, 200, match);

    const overview = await showWorkspace(provider.ctx, "ws-0000002");

    expect(provider.seen[0]).toMatchObject({ method: "POST", body: { workspaceReferenceId: "WS-0000002", status: [] } });
    // The case and its title in one call, then the match: no call of its own for the titles.
    expect(provider.seen.map((request) => `${request.method} ${request.path}`).slice(2)).toEqual([
      `GET /api/v1/lodgement-cases?workspace_id=${WORKSPACE_ID}&include=titles`,
      `GET /api/v1/lodgement-cases/${CASE_ID}/proprietor-match`,
    ]);
    expect(overview.titleSearch?.retrievedAt, "the title's own retrieval time").toBe(title.retrievedAt);
    expect(overview).toMatchObject({
      workspaceReferenceId: "WS-0000002",
      statusLabel: "Created",
      borrowersValidationStatus: "INVALID",
      titleSearch: { lodgementCaseId: CASE_ID, status: "SUCCESS", titleNumber: "DN100001", unsupportedReasons: [] },
      titleSearchProblem: null,
      unmatchedProprietors: [{ proprietorId: "t2", name: "Sophie Bennett", availableActions: ["SET_AS_OUTGOING_PROPRIETOR"] }],
    });
    expect(overview.parties).toEqual([
      expect.objectContaining({
        name: "Oliver Bennett",
        roleLabel: "Borrower",
        representation: "SEPARATE_REPRESENTATION",
        representationLabel: "Separate representation",
        representative: expect.stringContaining("Kettle & Co"),
        proprietorMatchStatus: ["NAME_MISMATCH"],
        nameOnTitle: "Olly Bennett",
      }),
    ]);
  });

  it("refuses a reference no workspace the caller sees has", async () => {
    provider.answer("POST", "/api/v1/workspaces/search", 200, {
      records: [],
      page: { page: 1, limit: 10, totalRecords: 0, pageRecords: 0, isSubscriberHasWorkspace: true },
    });
    await expect(showWorkspace(provider.ctx, "WS-0099999")).rejects.toEqual(new UseCaseRefusal(WORKSPACE_LOOKUP_MESSAGES.notFound("WS-0099999")));
  });

  it("still shows the workspace when its title cannot be read, with the reason", async () => {
    provider.answer("GET", `/api/workspace/v1/workspaces/${WORKSPACE_ID}`, 200, detail());
    provider.answer("GET", "/api/v1/lodgement-cases", 200, { records: [] });
    const overview = await showWorkspace(provider.ctx, WORKSPACE_ID);
    expect(overview.titleSearch).toBeNull();
    expect(overview.titleSearchProblem).toBe("The workspace has no lodgement case.");
    expect(overview.parties[0]?.proprietorMatchStatus).toEqual([]);
    expect(overview.borrowersValidationStatus).toBe("PENDING");
  });
});
