/**
 * The workspace service through the real provider: create, read, approve / unapprove / cancel with
 * versions, tasks, references, participants and authorization, as demo users of each subscriber type.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AssignParticipantResponseSchema,
  CreateWorkspaceResponseSchema,
  ParticipantDetailsResponseSchema,
  ReferenceWriteResponseSchema,
  TasksResponseSchema,
  WorkspaceAuthorizationResponseSchema,
  WorkspaceDetailSchema,
  type WorkspaceDetail,
} from "../../core/workspaces/api.js";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { CREATE_REFUSALS, WORKSPACE_ACTION_REFUSALS } from "../../core/workspaces/lifecycle.js";
import { EDIT_LOCK_TOOLTIPS } from "../../core/workspaces/status.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { WORKSPACE_NOT_FOUND_MESSAGE } from "../../provider/workspaces/access.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, type TestProvider } from "./support.js";

const W = "/api/workspace/v1/workspaces";
const V1 = "/api/v1/workspaces";

let provider: TestProvider;
let lender: string; // Lena North, Northgate Bank (Workspace Creator, Funds Authoriser, Financial Administrator)
let harper: string; // Morgan Harper, Harper & Vale LLP (User Manager, Workspace Creator, Approver, User)
let viewer: string; // Victor Stone, Keystone Conveyancing (Workspace Viewer)
let ashdown: string; // Morgan Harper at Ashdown Legal (Workspace User), which is in no workspace
let helpdesk: string; // Helen Desk, helpdesk administrator

beforeAll(async () => {
  provider = await startTestProvider();
  [lender, harper, viewer, ashdown, helpdesk] = await Promise.all([
    provider.scriptToken("northgate"),
    provider.scriptToken("harperVale"),
    provider.scriptToken("keystone"),
    provider.scriptToken("ashdown"),
    provider.loginToken(DEMO_USERS.helpdesk.email),
  ]);
});
afterAll(() => provider?.close());

/** A call; a write's `version` (the workspace version the test read) is sent as If-Match, as every client does. */
function call(token: string, method: "GET" | "POST" | "PATCH", url: string, payload?: unknown, headers?: Record<string, string>) {
  const { version, ...body } = (payload ?? {}) as Record<string, unknown>;
  const ifMatch = version === undefined ? {} : { "if-match": `"${String(version)}"` };
  return provider.call(token, { method, url, payload: payload === undefined ? undefined : body, headers: { ...ifMatch, ...headers } });
}

async function detail(token: string, workspaceId: string): Promise<WorkspaceDetail> {
  const response = await call(token, "GET", `${W}/${workspaceId}`);
  expect(response.statusCode, response.body).toBe(200);
  return WorkspaceDetailSchema.parse(response.json());
}

async function countRows(table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(provider.db);
  return rows[0].n;
}

async function snapshot() {
  return {
    workspaces: await countRows("workspaces"),
    parties: await countRows("workspace_parties"),
    participants: await countRows("workspace_participants"),
    references: await countRows("workspace_references"),
    tasks: await countRows("workspace_tasks"),
  };
}

const address = { buildingNumber: "14", street: "Willow Lane", town: "Harrogate", postcode: "hg1 2ab" };
const borrower = (forenames: string, surname: string) => ({ type: "INDIVIDUAL", role: "BORROWER", partyDetails: { forenames, surname } });

function expectError(response: { statusCode: number; json(): unknown; body: string }, status: number, message?: string | RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { status: number; code: string; message: string };
  expect(body.status).toBe(status);
  if (typeof message === "string") expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

describe("POST /api/workspace/v1/workspaces", () => {
  it("lets a lender create a remortgage with three borrowers, as its incoming lender", async () => {
    const response = await call(lender, "POST", W, {
      reference: "NG-MA-900001",
      transactionType: "REMORTGAGE",
      securityAddress: address,
      parties: [borrower("Ann Marie", "Smith"), borrower("Bob", "Smith"), borrower("Cy", "Smith")],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = CreateWorkspaceResponseSchema.parse(response.json());
    expect(created.workspaceReferenceId).toMatch(/^WS-\d{7}$/);
    expect(created.version).toBe(1);
    expect(response.headers.location).toBe(`${W}/${created.workspaceId}`);
    expect(response.headers.etag).toBe('"1"');

    const workspace = await detail(lender, created.workspaceId);
    expect(workspace).toMatchObject({
      workspaceReferenceId: created.workspaceReferenceId,
      transactionType: "REMORTGAGE",
      transferOfEquity: false,
      status: "CREATED",
      jurisdiction: "ENGLAND_WALES",
      completionDate: null,
      reference: "NG-MA-900001",
      participantReference: "NG-MA-900001",
      participantRole: "INCOMING_LENDER",
      subscriberId: DEMO_SUBSCRIBERS.northgate.subscriberId,
      readyForApproval: false,
      canBeCancelled: true,
      canBeUnapproved: false,
      isLocked: false,
      hardLocked: false,
      isCancelled: false,
      borrowersValidationStatus: "PENDING",
      remarks: null,
      version: 1,
    });
    expect(workspace.securityAddress).toMatchObject({ name: null, number: "14", street: "Willow Lane", town: "Harrogate", postcode: "HG1 2AB" });
    expect(workspace.parties.map((party) => [party.role, party.type, party.partyDetails.forenames, party.partyDetails.surname])).toEqual([
      ["BORROWER", "INDIVIDUAL", "Ann Marie", "Smith"],
      ["BORROWER", "INDIVIDUAL", "Bob", "Smith"],
      ["BORROWER", "INDIVIDUAL", "Cy", "Smith"],
    ]);
    expect(workspace.participants).toEqual([
      expect.objectContaining({ subscriberId: DEMO_SUBSCRIBERS.northgate.subscriberId, subscriberName: "Northgate Bank", role: "INCOMING_LENDER", isApproved: false }),
    ]);
    expect(workspace.references).toEqual([
      expect.objectContaining({ referenceNumber: "NG-MA-900001", representativeRole: "INCOMING_LENDER", representativeId: workspace.participants[0].participantId }),
    ]);
    expect(workspace.tasks.map((task) => [task.taskName, task.status])).toEqual([
      ["approve-workspace", "PENDING"],
      ["assign-law-firm", "PENDING"],
      ["complete-applicant-information", "PENDING"],
      ["enter-completion-date", "PENDING"],
      ["enter-fund-source-details", "PENDING"],
    ]);
    expect(workspace.contextualPermissions).toContain("cancel:workspaces");
  });

  it("lets a law firm create a purchase for a limited company, as the buyer's representative", async () => {
    const response = await call(harper, "POST", W, {
      reference: "HV/PUR/9001",
      transactionType: "PURCHASE",
      securityAddress: { buildingName: "The Old Mill", street: "Mill Lane", town: "Ely", postcode: "CB7 4AA" },
      parties: [{ type: "ORGANISATION", role: "BUYER", partyDetails: { organisationName: "Fenland Homes Ltd", registrationNumber: "ab123456" } }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { workspaceId } = CreateWorkspaceResponseSchema.parse(response.json());
    const workspace = await detail(harper, workspaceId);
    expect(workspace).toMatchObject({ transactionType: "PURCHASE", participantRole: "BUYER_REPRESENTATIVE", participantReference: "HV/PUR/9001", reference: null });
    expect(workspace.parties).toEqual([
      expect.objectContaining({
        role: "BUYER",
        type: "ORGANISATION",
        partyDetails: expect.objectContaining({ organisationName: "Fenland Homes Ltd", registrationNumber: "AB123456", organisationType: "LIMITED_COMPANY" }),
        organisationDetails: { organisationName: "Fenland Homes Ltd", registrationNumber: "AB123456", organisationType: "LIMITED_COMPANY" },
      }),
    ]);
    expect(workspace.tasks.map((task) => task.taskName)).toContain("confirm-representations");
    expect(workspace.tasks.find((task) => task.taskName === "add-onward-funds")?.optional).toBe(true);
  });

  it("holds each subscriber type to its transaction type, and changes nothing", async () => {
    const before = await snapshot();
    expectError(
      await call(harper, "POST", W, { reference: "X", transactionType: "REMORTGAGE", securityAddress: address, parties: [borrower("Ann", "Smith")] }),
      400,
      "As a law firm you can only create a purchase workspace",
    );
    expectError(
      await call(lender, "POST", W, {
        reference: "X",
        transactionType: "PURCHASE",
        securityAddress: address,
        parties: [{ type: "INDIVIDUAL", role: "BUYER", partyDetails: { forenames: "Ann", surname: "Smith" } }],
      }),
      400,
      "A lender can only create a remortgage workspace",
    );
    expect(await snapshot()).toEqual(before);
  });

  it("answers invalid input with clear messages, and changes nothing", async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ parties: [] }, "body.parties: At least one applicant is required"],
      [{ parties: ["A", "B", "C", "D", "E"].map((name) => borrower(`Ann${name}`, "Smith")) }, "body.parties: No more than 4 applicants are allowed"],
      [
        { parties: [{ type: "ORGANISATION", role: "BORROWER", partyDetails: { organisationName: "Acme Ltd", registrationNumber: "12345678" } }, borrower("Ann", "Smith")] },
        "body.parties: An organisation applicant must be the only applicant",
      ],
      [{ reference: "R".repeat(26) }, "body.reference: Reference must not exceed 25 characters"],
      [{ securityAddress: { ...address, postcode: "NOT A POSTCODE" } }, "body.securityAddress.postcode: Enter a valid Postcode"],
      [{ securityAddress: { street: "Willow Lane", town: "Harrogate", postcode: "HG1 2AB" } }, "body.securityAddress.buildingName: Enter at least one of building name or building number"],
      [{ parties: [borrower("Ann", "")] }, "body.parties.0.partyDetails.surname: Last name is required"],
      [{ parties: [{ type: "INDIVIDUAL", role: "BUYER", partyDetails: { forenames: "Ann", surname: "Smith" } }] }, "body.parties.0.role: The applicants of a remortgage workspace have the role BORROWER"],
      [
        { parties: [{ type: "ORGANISATION", role: "BORROWER", partyDetails: { organisationName: "Acme Ltd", registrationNumber: "12" } }] },
        "body.parties.0.partyDetails.registrationNumber: Registration number must contain at least 6 characters",
      ],
    ];
    for (const [change, message] of cases) {
      const body = { reference: "NG-1", transactionType: "REMORTGAGE", securityAddress: address, parties: [borrower("Ann", "Smith")], ...change };
      const error = expectError(await call(lender, "POST", W, body), 400);
      expect(error.code).toBe("VALIDATION_ERROR");
      expect(error.message, JSON.stringify(change)).toContain(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a user without create permission, and the helpdesk administrator (no subscriber)", async () => {
    const body = { reference: "K-1", transactionType: "PURCHASE", securityAddress: address, parties: [{ type: "INDIVIDUAL", role: "BUYER", partyDetails: { forenames: "Ann", surname: "Smith" } }] };
    expectError(await call(viewer, "POST", W, body), 403);
    expectError(await call(ashdown, "POST", W, body), 403);
    expectError(await call(helpdesk, "POST", W, body), 403, CREATE_REFUSALS.noSubscriber);
  });
});

describe("GET /api/workspace/v1/workspaces/{id}", () => {
  it("shows a participant every field, with the version as ETag", async () => {
    const response = await call(viewer, "GET", `${W}/${DEMO_WORKSPACES.purchaseExchangedOrganisation.workspaceId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"1"');
    const workspace = WorkspaceDetailSchema.parse(response.json());
    expect(workspace).toMatchObject({
      status: "FUNDS_EXCHANGED",
      participantRole: "SELLER_REPRESENTATIVE",
      participantReference: "KC-S-0088",
      reference: "NG-MA-100301",
      isLocked: true,
      hardLocked: true,
      canBeCancelled: false,
      canBeUnapproved: false,
      readyForApproval: false,
    });
    expect(workspace.participants.map((participant) => participant.role)).toEqual(["INCOMING_LENDER", "BUYER_REPRESENTATIVE", "SELLER_REPRESENTATIVE"]);
    // A seller's representative has no view of the workspace's tasks.
    expect(workspace.tasks).toEqual([]);
  });

  it("answers 404 to a subscriber that is not a participant, exactly as for an unknown id", async () => {
    const harperOnly = DEMO_WORKSPACES.remortgagePreparing.workspaceId;
    const unknown = "5c000000-0000-4000-8000-999999999999";
    for (const token of [viewer, ashdown]) {
      for (const id of [harperOnly, unknown]) {
        expectError(await call(token, "GET", `${W}/${id}`), 404, WORKSPACE_NOT_FOUND_MESSAGE);
        expectError(await call(token, "GET", `${W}/${id}/tasks`), 404, WORKSPACE_NOT_FOUND_MESSAGE);
        expectError(await call(token, "GET", `${W}/${id}/authorization`), 404, WORKSPACE_NOT_FOUND_MESSAGE);
        expectError(await call(token, "GET", `${V1}/${id}/participant-details`), 404, WORKSPACE_NOT_FOUND_MESSAGE);
      }
    }
    expectError(await call(viewer, "PATCH", `${W}/${harperOnly}`, { approved: true, version: 1 }), 404, WORKSPACE_NOT_FOUND_MESSAGE);
    expectError(await call(ashdown, "POST", `${W}/${harperOnly}/references`, { referenceNumber: "A-1", representativeRole: "WORKSPACE_LAW_FIRM", version: 1 }), 404, WORKSPACE_NOT_FOUND_MESSAGE);
    expectError(await call(ashdown, "POST", `${V1}/${harperOnly}/participants`, { subscriberId: DEMO_SUBSCRIBERS.ashdown.subscriberId, role: "INCOMING_LENDER", version: 1 }), 404, WORKSPACE_NOT_FOUND_MESSAGE);
  });

  it("lets the helpdesk administrator see any workspace, without a role of its own", async () => {
    const workspace = await detail(helpdesk, DEMO_WORKSPACES.purchaseOrganisationPreparing.workspaceId);
    expect(workspace).toMatchObject({ participantRole: null, participantReference: null, contextualPermissions: null });
    expect(workspace.tasks.length).toBeGreaterThan(0);
  });

  it("says when the applications submitted after funds exchanged are being finalised (the lodgement delay)", async () => {
    const delayed = await detail(viewer, DEMO_WORKSPACES.remortgageLodgementDelayed.workspaceId);
    expect(delayed).toMatchObject({ status: "FUNDS_EXCHANGED", hardLocked: true, lodgementDelayed: true, participantRole: "INCOMING_LENDER_REPRESENTATIVE" });
    expect(delayed.tasks.find((task) => task.taskName === "submit-applications-to-hmlr")?.status).toBe("COMPLETED");
    // Funds exchanged with the submission still to make, and lodged: no delay.
    expect((await detail(lender, DEMO_WORKSPACES.remortgageExchanged.workspaceId)).lodgementDelayed).toBe(false);
    expect((await detail(lender, DEMO_WORKSPACES.remortgageLodged.workspaceId)).lodgementDelayed).toBe(false);
  });

  it("answers 403 to a user without view:workspaces, in a workspace of their subscriber and in the search", async () => {
    const userManager = await provider.loginToken(DEMO_USERS.userManager.email);
    // Keystone Conveyancing is the seller's representative here: only the missing permission stands in the way.
    const keystones = DEMO_WORKSPACES.purchaseExchangedOrganisation.workspaceId;
    expectError(await call(userManager, "GET", `${W}/${keystones}`), 403);
    expectError(await call(userManager, "GET", `${W}/${keystones}/tasks`), 403);
    expectError(await call(userManager, "POST", `${V1}/search`, {}), 403);
    expectError(await call(userManager, "POST", `${V1}/search/quick-filter-counts`, {}), 403);
    // A workspace the subscriber takes no part in stays not found, whatever the permissions.
    expectError(await call(userManager, "GET", `${W}/${DEMO_WORKSPACES.remortgagePreparing.workspaceId}`), 404, WORKSPACE_NOT_FOUND_MESSAGE);
  });

  it("answers 400 for an id that is not a UUID", async () => {
    expectError(await call(lender, "GET", `${W}/WS-0000001`), 400, /workspaceId must be a UUID/);
  });
});

describe("PATCH /api/workspace/v1/workspaces/{id}: approve and unapprove", () => {
  it("lets the law firm approve a workspace ready for approval, then unapprove it", async () => {
    const id = DEMO_WORKSPACES.remortgageReady.workspaceId;
    const before = await detail(harper, id);
    expect(before).toMatchObject({ status: "CREATED", readyForApproval: true, canBeUnapproved: false });

    const approved = await call(harper, "PATCH", `${W}/${id}`, { approved: true }, { "if-match": `"${before.version}"` });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = WorkspaceDetailSchema.parse(approved.json());
    expect(approved.headers.etag).toBe(`"${before.version + 1}"`);
    expect(after).toMatchObject({ status: "PREPARED", readyForApproval: false, canBeUnapproved: true, canBeCancelled: false, isLocked: true, version: before.version + 1 });
    expect(after.tasks.find((task) => task.taskName === "approve-workspace")).toMatchObject({ status: "COMPLETED", completedBy: DEMO_USERS.manager.subscriberUserId });
    expect(after.tasks.find((task) => task.taskName === "authorise-mortgage-advance")).toMatchObject({ status: "PENDING", assignee: DEMO_SUBSCRIBERS.northgate.subscriberId });
    expect(after.participants.find((participant) => participant.role === "INCOMING_LENDER_REPRESENTATIVE")?.isApproved).toBe(true);

    const unapproved = await call(harper, "PATCH", `${W}/${id}`, { approved: false, version: after.version });
    expect(unapproved.statusCode, unapproved.body).toBe(200);
    expect(WorkspaceDetailSchema.parse(unapproved.json())).toMatchObject({ status: "CREATED", readyForApproval: true, canBeUnapproved: false, version: after.version + 1 });
  });

  it("answers 409 with the spec's message to the second of two approvals sent with the same version", async () => {
    const id = DEMO_WORKSPACES.purchaseReady.workspaceId;
    const { version } = await detail(harper, id);
    const responses = await Promise.all([
      call(harper, "PATCH", `${W}/${id}`, { approved: true, version }),
      call(harper, "PATCH", `${W}/${id}`, { approved: true, version }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const conflict = responses.find((response) => response.statusCode === 409)!;
    expect(conflict.json()).toEqual({ status: 409, code: "CONFLICT", message: CONFLICT_MESSAGE });
    const after = await detail(harper, id);
    expect(after).toMatchObject({ status: "PREPARED", version: version + 1 });
  });

  it("answers 409 to a stale version and overwrites nothing", async () => {
    const id = DEMO_WORKSPACES.remortgageApproved.workspaceId;
    const before = await detail(harper, id);
    const stale = await call(harper, "PATCH", `${W}/${id}`, { approved: false, version: before.version - 1 + 10 });
    expectError(stale, 409, CONFLICT_MESSAGE);
    expect(await detail(harper, id)).toEqual(before);
  });

  it("asks for the version as If-Match when none is sent (428); a version in the body is not one", async () => {
    const id = DEMO_WORKSPACES.remortgageApproved.workspaceId;
    const before = await detail(harper, id);
    expectError(await call(harper, "PATCH", `${W}/${id}`, { approved: false }), 428, /the version you last saw/);
    const inBody = await provider.call(harper, { method: "PATCH", url: `${W}/${id}`, payload: { approved: false, version: before.version } });
    expectError(inBody, 428, /the version you last saw/);
    expect(await detail(harper, id)).toEqual(before);
  });

  it("refuses what the flags do not allow, with the reason, and changes nothing", async () => {
    const preparing = await detail(harper, DEMO_WORKSPACES.remortgagePreparing.workspaceId);
    expectError(await call(harper, "PATCH", `${W}/${preparing.workspaceId}`, { approved: true, version: preparing.version }), 400, WORKSPACE_ACTION_REFUSALS.approveNotReady);
    expectError(await call(harper, "PATCH", `${W}/${preparing.workspaceId}`, { approved: false, version: preparing.version }), 400, WORKSPACE_ACTION_REFUSALS.unapproveNotApproved);
    const mismatch = await detail(harper, DEMO_WORKSPACES.remortgageBorrowerMismatch.workspaceId);
    expectError(await call(harper, "PATCH", `${W}/${mismatch.workspaceId}`, { approved: true, version: mismatch.version }), 400, WORKSPACE_ACTION_REFUSALS.approveBorrowers);
    const lodged = await detail(harper, DEMO_WORKSPACES.remortgageLodged.workspaceId);
    expectError(await call(harper, "PATCH", `${W}/${lodged.workspaceId}`, { approved: false, version: lodged.version }), 400, /can no longer be unapproved: its status is Lodged/);
    expect(await detail(harper, preparing.workspaceId)).toEqual(preparing);
  });

  it("refuses a lender (no contextual approval) and a viewer (no functional approval)", async () => {
    const id = DEMO_WORKSPACES.remortgageBorrowerMismatch.workspaceId;
    const { version } = await detail(lender, id);
    expectError(await call(lender, "PATCH", `${W}/${id}`, { approved: true, version }), 403);
    const keystoneOwn = await detail(viewer, DEMO_WORKSPACES.purchaseApproved.workspaceId);
    expectError(await call(viewer, "PATCH", `${W}/${keystoneOwn.workspaceId}`, { approved: false, version: keystoneOwn.version }), 403);
  });
});

describe("PATCH /api/workspace/v1/workspaces/{id}: cancel", () => {
  it("cancels with reason OTHER and notes, then shows the workspace cancelled and refuses further changes", async () => {
    const id = DEMO_WORKSPACES.remortgageMustCancel.workspaceId;
    const before = await detail(lender, id);
    expect(before.canBeCancelled).toBe(true);
    const response = await call(lender, "PATCH", `${W}/${id}`, {
      status: "CANCELLED",
      remarks: { cancellationReason: "OTHER", cancellationNotesForOther: "The title shows three proprietors" },
      version: before.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = WorkspaceDetailSchema.parse(response.json());
    expect(cancelled).toMatchObject({
      status: "CANCELLED",
      isCancelled: true,
      canBeCancelled: false,
      readyForApproval: false,
      remarks: { cancellationReason: "OTHER", cancellationNotesForOther: "The title shows three proprietors" },
    });
    expect(Date.parse(cancelled.remarks!.actionedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await detail(viewer, id)).toMatchObject({ status: "CANCELLED", remarks: cancelled.remarks });

    expectError(
      await call(lender, "PATCH", `${W}/${id}`, { status: "CANCELLED", remarks: { cancellationReason: "OTHER" }, version: cancelled.version }),
      400,
      WORKSPACE_ACTION_REFUSALS.cancelCancelled,
    );
    expectError(
      await call(lender, "POST", `${W}/${id}/references`, { referenceNumber: "NG-2", representativeRole: "WORKSPACE_LAW_FIRM", version: cancelled.version }),
      403,
    );
    const reference = cancelled.references.find((r) => r.representativeRole === "INCOMING_LENDER")!;
    expectError(await call(lender, "PATCH", `${W}/${id}/references/${reference.referenceId}`, { referenceNumber: "NG-2", version: cancelled.version }), 400, EDIT_LOCK_TOOLTIPS.cancelled);
  });

  it("drops notes for a reason other than OTHER", async () => {
    const created = CreateWorkspaceResponseSchema.parse(
      (await call(lender, "POST", W, { reference: "NG-C", transactionType: "REMORTGAGE", securityAddress: address, parties: [borrower("Ann", "Smith")] })).json(),
    );
    const response = await call(lender, "PATCH", `${W}/${created.workspaceId}`, {
      status: "CANCELLED",
      remarks: { cancellationReason: "LENDER_DECIDED_NOT_TO_PROCEED", cancellationNotesForOther: "not kept" },
      version: created.version,
    });
    expect(WorkspaceDetailSchema.parse(response.json()).remarks).toMatchObject({ cancellationReason: "LENDER_DECIDED_NOT_TO_PROCEED", cancellationNotesForOther: null });
  });

  it("needs a reason and at most 100 characters of notes, and refuses to cancel an approved workspace", async () => {
    const approved = await detail(lender, DEMO_WORKSPACES.remortgageApproved.workspaceId);
    const url = `${W}/${approved.workspaceId}`;
    expectError(await call(lender, "PATCH", url, { status: "CANCELLED", version: approved.version }), 400, /remarks\.cancellationReason: Reason is required/);
    expectError(
      await call(lender, "PATCH", url, { status: "CANCELLED", remarks: { cancellationReason: "OTHER", cancellationNotesForOther: "x".repeat(101) }, version: approved.version }),
      400,
      /Further details must not exceed 100 characters/,
    );
    expectError(
      await call(lender, "PATCH", url, { status: "CANCELLED", remarks: { cancellationReason: "OTHER", cancellationNotesForOther: " leading" }, version: approved.version }),
      400,
      /Further details must not start with a space/,
    );
    expectError(
      await call(lender, "PATCH", url, { status: "CANCELLED", remarks: { cancellationReason: "APPLICANT_DECIDED_NOT_TO_PROCEED" }, version: approved.version }),
      400,
      WORKSPACE_ACTION_REFUSALS.cancelApproved,
    );
    expect(await detail(lender, approved.workspaceId)).toEqual(approved);
  });
});

describe("tasks and authorization", () => {
  it("lists the tasks pending first, with titles and assignees", async () => {
    const response = await call(lender, "GET", `${W}/${DEMO_WORKSPACES.remortgageApproved.workspaceId}/tasks`);
    expect(response.statusCode).toBe(200);
    const { records } = TasksResponseSchema.parse(response.json());
    const statuses = records.map((task) => task.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => (a === b ? 0 : a === "PENDING" ? -1 : 1)));
    expect(records[0]).toMatchObject({
      taskName: "authorise-mortgage-advance",
      title: "Authorise mortgage advance",
      status: "PENDING",
      assigneeRole: "INCOMING_LENDER",
      assignee: DEMO_SUBSCRIBERS.northgate.subscriberId,
    });
    expect(records.find((task) => task.taskName === "approve-workspace")).toMatchObject({ status: "COMPLETED", completedBy: "SYSTEM" });
  });

  it("refuses the tasks to a seller's representative (no contextual permission)", async () => {
    expectError(await call(viewer, "GET", `${W}/${DEMO_WORKSPACES.purchaseTwoSided.workspaceId}/tasks`), 403);
  });

  it("answers, per action, whether the caller may take it here", async () => {
    const id = DEMO_WORKSPACES.remortgageTransferOfEquity.workspaceId;
    const authorized = async (token: string) => {
      const response = await call(token, "GET", `${W}/${id}/authorization`);
      expect(response.statusCode, response.body).toBe(200);
      const body = WorkspaceAuthorizationResponseSchema.parse(response.json());
      expect(body.workspaceId).toBe(id);
      return Object.fromEntries(body.records.map((record) => [record.action, record.isAuthorized]));
    };
    const asLender = await authorized(lender);
    expect(asLender).toMatchObject({ viewWorkspace: true, cancelWorkspace: true, approveWorkspace: false, addLenderReference: true, addLawFirmReference: false, authoriseFunds: true });
    const asFirm = await authorized(harper);
    expect(asFirm).toMatchObject({ viewWorkspace: true, approveWorkspace: true, unapproveWorkspace: true, addLawFirmReference: true, authoriseFunds: false });
    const asHelpdesk = await authorized(helpdesk);
    expect(asHelpdesk).toMatchObject({ viewWorkspace: true, approveWorkspace: true, cancelWorkspace: true });
  });
});

describe("references", () => {
  it("adds the law firm's missing reference, edits it, and answers 409 to a stale version", async () => {
    const id = DEMO_WORKSPACES.remortgageTransferOfEquity.workspaceId;
    const before = await detail(harper, id);
    expect(before.participantReference).toBeNull();
    const added = await call(harper, "POST", `${W}/${id}/references`, { referenceNumber: "HV/RM/2150", representativeRole: "INCOMING_LENDER_REPRESENTATIVE" }, { "if-match": `"${before.version}"` });
    expect(added.statusCode, added.body).toBe(201);
    const reference = ReferenceWriteResponseSchema.parse(added.json());
    const firm = before.participants.find((participant) => participant.role === "INCOMING_LENDER_REPRESENTATIVE")!;
    expect(reference).toMatchObject({ referenceNumber: "HV/RM/2150", representativeRole: "INCOMING_LENDER_REPRESENTATIVE", representativeId: firm.participantId, version: before.version + 1 });
    expect((await detail(harper, id)).participantReference).toBe("HV/RM/2150");

    expectError(
      await call(harper, "POST", `${W}/${id}/references`, { referenceNumber: "HV/RM/2151", representativeRole: "INCOMING_LENDER_REPRESENTATIVE", version: reference.version }),
      400,
      /already has a INCOMING_LENDER_REPRESENTATIVE reference/,
    );

    const edited = await call(harper, "PATCH", `${W}/${id}/references/${reference.referenceId}`, { referenceNumber: "HV/RM/2150-A", version: reference.version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ReferenceWriteResponseSchema.parse(edited.json())).toMatchObject({ referenceNumber: "HV/RM/2150-A", version: reference.version + 1 });

    expectError(await call(harper, "PATCH", `${W}/${id}/references/${reference.referenceId}`, { referenceNumber: "LOST", version: reference.version }), 409, CONFLICT_MESSAGE);
    expect((await detail(harper, id)).participantReference).toBe("HV/RM/2150-A");
  });

  it("checks the reference's own permission and its validation", async () => {
    const id = DEMO_WORKSPACES.remortgagePreparing.workspaceId;
    const { version, references } = await detail(lender, id);
    // A lender may not touch a law firm's reference.
    const firmReference = references.find((reference) => reference.representativeRole === "INCOMING_LENDER_REPRESENTATIVE")!;
    expectError(await call(lender, "PATCH", `${W}/${id}/references/${firmReference.referenceId}`, { referenceNumber: "NG-X", version }), 403);
    expectError(await call(lender, "POST", `${W}/${id}/references`, { referenceNumber: "R".repeat(26), representativeRole: "INCOMING_LENDER", version }), 400, /Reference must not exceed 25 characters/);
    expectError(await call(lender, "POST", `${W}/${id}/references`, { referenceNumber: " NG", representativeRole: "INCOMING_LENDER", version }), 400, /Reference must not start with a space/);
    expectError(await call(lender, "PATCH", `${W}/${id}/references/5c000000-0000-4000-8000-999999999999`, { referenceNumber: "NG-X", version }), 404);
  });
});

describe("participants", () => {
  it("lists the participants with their subscribers and references", async () => {
    const response = await call(viewer, "GET", `${V1}/${DEMO_WORKSPACES.purchaseTwoSided.workspaceId}/participant-details`);
    expect(response.statusCode).toBe(200);
    const { records } = ParticipantDetailsResponseSchema.parse(response.json());
    expect(records.map((record) => [record.subscriberName, record.role, record.referenceNumber])).toEqual([
      ["Northgate Bank", "INCOMING_LENDER", "NG-MA-100380"],
      ["Harper & Vale LLP", "BUYER_REPRESENTATIVE", "HV/PUR/3335"],
      ["Keystone Conveyancing", "SELLER_REPRESENTATIVE", "KC-S-0092"],
    ]);
  });

  it("lets a lender assign its law firm, who then sees the workspace", async () => {
    const created = CreateWorkspaceResponseSchema.parse(
      (await call(lender, "POST", W, { reference: "NG-P", transactionType: "REMORTGAGE", securityAddress: address, parties: [borrower("Ann", "Jones")] })).json(),
    );
    expectError(await call(harper, "GET", `${W}/${created.workspaceId}`), 404);
    const response = await call(lender, "POST", `${V1}/${created.workspaceId}/participants`, {
      subscriberId: DEMO_SUBSCRIBERS.harperVale.subscriberId,
      role: "INCOMING_LENDER_REPRESENTATIVE",
      version: created.version,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(AssignParticipantResponseSchema.parse(response.json())).toMatchObject({
      subscriberName: "Harper & Vale LLP",
      subscriberType: "Law Firm",
      role: "INCOMING_LENDER_REPRESENTATIVE",
      version: created.version + 1,
    });
    const seen = await detail(harper, created.workspaceId);
    expect(seen.participantRole).toBe("INCOMING_LENDER_REPRESENTATIVE");
    expect(seen.tasks.find((task) => task.taskName === "assign-law-firm")).toMatchObject({ status: "COMPLETED", completedBy: DEMO_USERS.lender.subscriberUserId });
    expect(seen.tasks.find((task) => task.taskName === "complete-applicant-information")?.assignee).toBe(DEMO_SUBSCRIBERS.harperVale.subscriberId);
  });

  it("refuses a subscriber of the wrong type, a taken role, a role the transaction lacks, a repeat, an unknown subscriber", async () => {
    const id = DEMO_WORKSPACES.purchaseOrganisationPreparing.workspaceId;
    const { version } = await detail(helpdesk, id);
    const assign = (subscriberId: string, role: string) => call(helpdesk, "POST", `${V1}/${id}/participants`, { subscriberId, role, version });
    expectError(await assign(DEMO_SUBSCRIBERS.ashdown.subscriberId, "INCOMING_LENDER"), 400, "A Law Firm cannot be the incoming lender: that role is for a Lender.");
    expectError(await assign(DEMO_SUBSCRIBERS.ashdown.subscriberId, "BUYER_REPRESENTATIVE"), 400, "The workspace already has a participant in the role BUYER_REPRESENTATIVE.");
    expectError(await assign(DEMO_SUBSCRIBERS.keystone.subscriberId, "SELLER_REPRESENTATIVE"), 400, "That subscriber is already a participant in this workspace.");
    expectError(await assign("no-such-subscriber", "SELLER_REPRESENTATIVE"), 400, /no subscriber with that id/);
    const remortgage = await detail(helpdesk, DEMO_WORKSPACES.remortgagePreparing.workspaceId);
    expectError(
      await call(helpdesk, "POST", `${V1}/${remortgage.workspaceId}/participants`, { subscriberId: DEMO_SUBSCRIBERS.ashdown.subscriberId, role: "SELLER_REPRESENTATIVE", version: remortgage.version }),
      400,
      "A remortgage workspace has no seller representative participant.",
    );
    expect((await detail(helpdesk, id)).version).toBe(version);
  });

  it("lets the helpdesk administrator assign the lender of a firm's purchase", async () => {
    const id = DEMO_WORKSPACES.purchaseOrganisationPreparing.workspaceId;
    expectError(await call(lender, "GET", `${W}/${id}`), 404);
    const { version } = await detail(helpdesk, id);
    const response = await call(helpdesk, "POST", `${V1}/${id}/participants`, { subscriberId: DEMO_SUBSCRIBERS.northgate.subscriberId, role: "INCOMING_LENDER", version });
    expect(response.statusCode, response.body).toBe(201);
    expect((await detail(lender, id)).participantRole).toBe("INCOMING_LENDER");
    expectError(
      await call(helpdesk, "POST", `${V1}/${id}/participants`, { subscriberId: DEMO_SUBSCRIBERS.ashdown.subscriberId, role: "SELLER_REPRESENTATIVE", version }),
      409,
      CONFLICT_MESSAGE,
    );
  });
});
