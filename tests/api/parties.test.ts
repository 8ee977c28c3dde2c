/**
 * Parties, representation, law firms, lenders, the security address and the subscriber selection list
 * through the real provider (document 2 sections 3.1, 3.3, 3.6, 3.7, 4.5, 5.1, 5.2, 5.4, 7.1, 7.3): each
 * rule of 5.1 with its message, 404 across workspaces, 428 without If-Match, 409 when stale with nothing
 * written, 403 without permission, cancelled and locked refused, and the tasks derived from the parties.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LawFirmsResponseSchema,
  LawFirmWriteResponseSchema,
  LendersResponseSchema,
  PartyWriteResponseSchema,
  RepresentationWriteResponseSchema,
  SecurityAddressWriteResponseSchema,
  SelectableSubscribersResponseSchema,
} from "../../core/parties/api.js";
import { ParticipantsTabResponseSchema } from "../../core/parties/tab-api.js";
import { BORROWER_MESSAGES, CONFIRM_REPRESENTATION_MESSAGES, PARTY_MESSAGES } from "../../core/parties/messages.js";
import { BUILDING_NAME_OR_NUMBER_MESSAGE } from "../../core/shared/address.js";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { VERSION_REQUIRED_MESSAGE } from "../../core/shared/versions.js";
import { WorkspaceDetailSchema, type WorkspaceDetail } from "../../core/workspaces/api.js";
import { EXCLUDED_LARGE_BANK_SUBSCRIBERS } from "../../core/workspaces/enums.js";
import { EDIT_LOCK_TOOLTIPS } from "../../core/workspaces/status.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { DEMO_EXTERNAL_LAW_FIRM } from "../../provider/parties/seed.js";
import { partyTasksDone } from "../../core/parties/rules.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, versionedCall, type TestProvider, type WriteMethod } from "./support.js";

const W = "/api/workspace/v1/workspaces";

let provider: TestProvider;
let harper: string; // Harper & Vale LLP: incoming lender's representative on remortgages, buyer's on purchases
let keystone: string; // Keystone Conveyancing's script (Workspace Viewer)
let helpdesk: string;

beforeAll(async () => {
  provider = await startTestProvider();
  [harper, keystone, helpdesk] = await Promise.all([
    provider.scriptToken("harperVale"),
    provider.scriptToken("keystone"),
    provider.loginToken(DEMO_USERS.helpdesk.email),
  ]);
});
afterAll(() => provider?.close());

function call(token: string, method: WriteMethod, url: string, payload?: unknown, version?: number) {
  return versionedCall(provider, token, method, url, payload, version);
}

async function detail(token: string, workspaceId: string): Promise<WorkspaceDetail> {
  const response = await call(token, "GET", `${W}/${workspaceId}`);
  expect(response.statusCode, response.body).toBe(200);
  return WorkspaceDetailSchema.parse(response.json());
}

async function count(table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(provider.db);
  return rows[0]!.n;
}

const individual = (forenames: string, surname: string, role = "BORROWER") => ({ role, type: "INDIVIDUAL", partyDetails: { forenames, surname } });
const address = { addressType: "CORRESPONDENCE_ADDRESS", buildingNumber: "7", street: "Elm Row", town: "York", postcode: "yo1 7hh" };

function expectRefusal(response: { statusCode: number; json: () => { code: string; message: string } }, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json().message).toBe(message);
}

describe("the demo world's parties (run first, before the tests below change them)", () => {
  it("agrees with each demo workspace's tasks: addresses where applicant information is complete, representation where confirmed", async () => {
    for (const [key, { workspaceId }] of Object.entries(DEMO_WORKSPACES)) {
      const workspace = await detail(helpdesk, workspaceId);
      const facts = workspace.parties.map((party) => ({
        role: party.role,
        type: party.type,
        representationType: party.representationDetails?.representationType ?? null,
        representativeType: party.representationDetails?.representativeType ?? null,
        verificationOfIdentity: party.verificationOfIdentity,
        hasAddress: party.addresses.length > 0,
      }));
      const done = partyTasksDone({ parties: facts, participantRoles: workspace.participants.map((participant) => participant.role) });
      for (const name of ["complete-applicant-information", "confirm-representations"] as const) {
        const task = workspace.tasks.find((t) => t.taskName === name);
        if (task) expect(`${key} ${name} ${task.status}`).toBe(`${key} ${name} ${done[name] ? "COMPLETED" : "PENDING"}`);
      }
    }
  });

  it("gives the approved purchase a seller represented by an external law firm, and the two-sided purchase one represented by its participant", async () => {
    const approved = await detail(helpdesk, DEMO_WORKSPACES.purchaseApproved.workspaceId);
    const seller = approved.parties.find((p) => p.role === "SELLER")!;
    expect(seller.representationDetails).toMatchObject({ representationType: "SEPARATE_REPRESENTATION", representativeType: "EXTERNAL_LAW_FIRM", representativeName: DEMO_EXTERNAL_LAW_FIRM.name });
    const firms = LawFirmsResponseSchema.parse((await call(helpdesk, "GET", `${W}/${approved.workspaceId}/law-firms`)).json()).records;
    expect(firms.map((firm) => [firm.role, firm.name])).toEqual([
      ["WORKSPACE_REPRESENTATIVE", DEMO_SUBSCRIBERS.keystone.name],
      ["EXTERNAL_REPRESENTATIVE", DEMO_EXTERNAL_LAW_FIRM.name],
    ]);
    expect(approved.parties.filter((p) => p.role === "BUYER").every((p) => p.representationDetails?.representationType === "DUAL_REPRESENTATION")).toBe(true);
    const twoSided = await detail(helpdesk, DEMO_WORKSPACES.purchaseTwoSided.workspaceId);
    expect(twoSided.parties.find((p) => p.role === "SELLER")!.representationDetails).toMatchObject({
      representativeType: "PARTICIPANT",
      representativeName: DEMO_SUBSCRIBERS.keystone.name,
      representativeRole: "SELLER_REPRESENTATIVE",
    });
  });
});

describe("adding parties", () => {
  const workspaceId = DEMO_WORKSPACES.remortgageReady.workspaceId;

  it("adds a borrower with a correspondence address (postcode upper-cased) and answers 201 with the new version", async () => {
    const before = await detail(harper, workspaceId);
    const response = await call(harper, "POST", `${W}/${workspaceId}/parties`, { ...individual("Ruth", "Bennett"), addresses: [address] }, before.version);
    expect(response.statusCode, response.body).toBe(201);
    const written = PartyWriteResponseSchema.parse(response.json());
    expect(written.version).toBe(before.version + 1);
    expect(response.headers.etag).toBe(`"${written.version}"`);
    const after = await detail(harper, workspaceId);
    const party = after.parties.find((p) => p.partyId === written.partyId)!;
    expect(party.individualDetails).toEqual({ forenames: "Ruth", surname: "Bennett" });
    expect(party.addresses).toEqual([expect.objectContaining({ addressType: "CORRESPONDENCE_ADDRESS", postcode: "YO1 7HH", buildingNumber: "7" })]);
    expect(party.locked).toBe(false);
  });

  it("answers 428 without If-Match and 409 with a stale version, writing nothing", async () => {
    const parties = await count("workspace_parties");
    const missing = await call(harper, "POST", `${W}/${workspaceId}/parties`, individual("No", "Version"));
    expectRefusal(missing, 428, VERSION_REQUIRED_MESSAGE);
    const { version } = await detail(harper, workspaceId);
    const stale = await call(harper, "POST", `${W}/${workspaceId}/parties`, individual("Stale", "Version"), version - 1);
    expectRefusal(stale, 409, CONFLICT_MESSAGE);
    expect(await count("workspace_parties")).toBe(parties);
    expect((await detail(harper, workspaceId)).version).toBe(version);
  });

  it("allows at most 4 applicants", async () => {
    const purchase = DEMO_WORKSPACES.purchaseReady.workspaceId;
    const before = await detail(harper, purchase);
    let { version } = before;
    expect(before.parties.filter((p) => p.role === "BUYER")).toHaveLength(3);
    const fourth = await call(harper, "POST", `${W}/${purchase}/parties`, individual("Dev", "Shah", "BUYER"), version);
    expect(fourth.statusCode, fourth.body).toBe(201);
    ({ version } = await detail(harper, purchase));
    const fifth = await call(harper, "POST", `${W}/${purchase}/parties`, individual("Kiran", "Shah", "BUYER"), version);
    expectRefusal(fifth, 400, PARTY_MESSAGES.tooManyApplicants);
    expect(fifth.json().code).toBe("TOO_MANY_APPLICANTS");
  });

  it("adds no applicant when the first applicant is an organisation, nor an organisation beside others", async () => {
    const organisation = DEMO_WORKSPACES.purchaseOrganisationPreparing.workspaceId;
    const { version } = await detail(helpdesk, organisation);
    const refused = await call(helpdesk, "POST", `${W}/${organisation}/parties`, individual("Kai", "Lowe", "BUYER"), version);
    expectRefusal(refused, 400, PARTY_MESSAGES.organisationApplicant);
    const beside = await call(
      harper,
      "POST",
      `${W}/${workspaceId}/parties`,
      { role: "BORROWER", type: "ORGANISATION", partyDetails: { organisationName: "Bennett Holdings Ltd", registrationNumber: "ab123456" } },
      (await detail(harper, workspaceId)).version,
    );
    expectRefusal(beside, 400, PARTY_MESSAGES.organisationNotAlone);
  });

  it("keeps roles to the transaction type", async () => {
    const { version } = await detail(harper, workspaceId);
    const seller = await call(harper, "POST", `${W}/${workspaceId}/parties`, individual("Sam", "Seller", "SELLER"), version);
    expectRefusal(seller, 400, "A seller cannot be added to a remortgage workspace");
  });

  it("refuses a caller without the permission (403) and a workspace the caller is not in (404)", async () => {
    const organisation = DEMO_WORKSPACES.purchaseOrganisationPreparing.workspaceId;
    const { version } = await detail(keystone, organisation);
    const viewer = await call(keystone, "POST", `${W}/${organisation}/parties`, individual("Vic", "Viewer", "SELLER"), version);
    expect(viewer.statusCode).toBe(403);
    const stranger = await call(keystone, "POST", `${W}/${workspaceId}/parties`, individual("Vic", "Viewer"), 1);
    expect(stranger.statusCode).toBe(404);
  });

  it("refuses writes to a cancelled or locked workspace", async () => {
    const cancelled = DEMO_WORKSPACES.remortgageCancelled.workspaceId;
    const before = await detail(helpdesk, cancelled);
    const refused = await call(helpdesk, "POST", `${W}/${cancelled}/parties`, individual("Too", "Late"), before.version);
    expectRefusal(refused, 400, EDIT_LOCK_TOOLTIPS.cancelled);
    const exchanged = DEMO_WORKSPACES.remortgageExchanged.workspaceId;
    const locked = await call(helpdesk, "POST", `${W}/${exchanged}/parties`, individual("Too", "Late"), (await detail(helpdesk, exchanged)).version);
    expectRefusal(locked, 400, EDIT_LOCK_TOOLTIPS.locked);
  });
});

describe("editing and deleting parties", () => {
  const purchase = DEMO_WORKSPACES.purchaseReady.workspaceId;

  it("edits a seller's name and refuses to delete any seller", async () => {
    let { version } = await detail(harper, purchase);
    const added = await call(harper, "POST", `${W}/${purchase}/parties`, individual("Sally", "Vendor", "SELLER"), version);
    expect(added.statusCode, added.body).toBe(201);
    const { partyId } = added.json();
    ({ version } = await detail(harper, purchase));
    const edited = await call(harper, "PATCH", `${W}/${purchase}/parties/${partyId}`, { type: "INDIVIDUAL", partyDetails: { forenames: "Sally", surname: "Seller" } }, version);
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await detail(harper, purchase);
    expect(after.parties.find((p) => p.partyId === partyId)!.individualDetails).toEqual({ forenames: "Sally", surname: "Seller" });
    const deleted = await call(harper, "DELETE", `${W}/${purchase}/parties/${partyId}`, undefined, after.version);
    expectRefusal(deleted, 400, PARTY_MESSAGES.sellerNotDeletable);
  });

  it("refuses to delete the last applicant", async () => {
    const single = DEMO_WORKSPACES.remortgagePreparing.workspaceId;
    const { version, parties } = await detail(harper, single);
    const only = parties.find((p) => p.role === "BORROWER")!;
    const refused = await call(harper, "DELETE", `${W}/${single}/parties/${only.partyId}`, undefined, version);
    expectRefusal(refused, 400, PARTY_MESSAGES.lastApplicant);
  });

  it("deletes an applicant, and refuses one represented by an external law firm", async () => {
    let current = await detail(harper, purchase);
    const [first, second] = current.parties.filter((p) => p.role === "BUYER");
    const confirmed = await call(
      harper,
      "POST",
      `${W}/${purchase}/representations`,
      {
        partyId: first!.partyId,
        partyType: "INDIVIDUAL",
        representationType: "SEPARATE_REPRESENTATION",
        representativeType: "EXTERNAL_LAW_FIRM",
        name: "Fenwick Solicitors",
        referenceNumber: "FEN-22",
        address: { buildingName: "Fenwick House", street: "High Street", town: "Ely", postcode: "cb7 4aa" },
        representativeRole: "BUYER_REPRESENTATIVE",
        verificationOfIdentity: "LAW_FIRM_CERTIFIED",
      },
      current.version,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const representation = RepresentationWriteResponseSchema.parse(confirmed.json());
    expect(representation.representationDetails).toMatchObject({ representationType: "SEPARATE_REPRESENTATION", representativeType: "EXTERNAL_LAW_FIRM", representativeName: "Fenwick Solicitors" });
    current = await detail(harper, purchase);
    const refused = await call(harper, "DELETE", `${W}/${purchase}/parties/${first!.partyId}`, undefined, current.version);
    expectRefusal(refused, 400, PARTY_MESSAGES.externallyRepresented);

    const firms = LawFirmsResponseSchema.parse((await call(harper, "GET", `${W}/${purchase}/law-firms`)).json()).records;
    const external = firms.find((firm) => firm.name === "Fenwick Solicitors")!;
    expect(external).toMatchObject({ role: "EXTERNAL_REPRESENTATIVE", referenceNumber: "FEN-22", subscriberId: null });
    expect(external.address?.postcode).toBe("CB7 4AA");
    expect(external.representing).toEqual([{ entityType: "BUYER", name: first!.individualDetails!.forenames + " " + first!.individualDetails!.surname, partyId: first!.partyId }]);

    const deleted = await call(harper, "DELETE", `${W}/${purchase}/parties/${second!.partyId}`, undefined, current.version);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await detail(harper, purchase)).parties.some((p) => p.partyId === second!.partyId)).toBe(false);
  });

  it("refuses edits and deletes of a party whose title update was confirmed (locked)", async () => {
    const { version, parties } = await detail(harper, purchase);
    const party = parties.find((p) => p.role === "BUYER" && p.representationDetails?.representativeType !== "EXTERNAL_LAW_FIRM")!;
    await provider.db.updateTable("workspace_parties").set({ locked: true }).where("party_id", "=", party.partyId).execute();
    const edit = await call(harper, "PATCH", `${W}/${purchase}/parties/${party.partyId}`, { type: "INDIVIDUAL", partyDetails: { forenames: "X", surname: "Y" } }, version);
    expectRefusal(edit, 400, PARTY_MESSAGES.locked);
    expect(edit.json().code).toBe("PARTY_LOCKED");
    const remove = await call(harper, "DELETE", `${W}/${purchase}/parties/${party.partyId}`, undefined, version);
    expectRefusal(remove, 400, PARTY_MESSAGES.locked);
    expect((await detail(harper, purchase)).parties.find((p) => p.partyId === party.partyId)!.locked).toBe(true);
    await provider.db.updateTable("workspace_parties").set({ locked: false }).where("party_id", "=", party.partyId).execute();
  });

  it("answers 404 for a party of another workspace through this workspace's URL", async () => {
    const other = (await detail(harper, DEMO_WORKSPACES.remortgagePreparing.workspaceId)).parties[0]!;
    const { version } = await detail(harper, purchase);
    const edit = await call(harper, "PATCH", `${W}/${purchase}/parties/${other.partyId}`, { type: "INDIVIDUAL", partyDetails: { forenames: "X", surname: "Y" } }, version);
    expectRefusal(edit, 404, PARTY_MESSAGES.partyNotFound);
    const remove = await call(harper, "DELETE", `${W}/${purchase}/parties/${other.partyId}`, undefined, version);
    expect(remove.statusCode).toBe(404);
    const represent = await call(harper, "POST", `${W}/${purchase}/representations`, { partyId: other.partyId, representationType: "NO_REPRESENTATION", verificationOfIdentity: "IDENTITY_EVIDENCE" }, version);
    expect(represent.statusCode).toBe(404);
  });
});

describe("representation", () => {
  const purchase = DEMO_WORKSPACES.purchaseTwoSided.workspaceId;

  it("needs the external law firm's name, reference, postcode and a building name or number", async () => {
    const { version, parties } = await detail(harper, purchase);
    const response = await call(
      harper,
      "POST",
      `${W}/${purchase}/representations`,
      { partyId: parties[0]!.partyId, representationType: "SEPARATE_REPRESENTATION", representativeType: "EXTERNAL_LAW_FIRM", verificationOfIdentity: "IDENTITY_EVIDENCE", address: {} },
      version,
    );
    expect(response.statusCode).toBe(400);
    for (const message of [CONFIRM_REPRESENTATION_MESSAGES.nameRequired, CONFIRM_REPRESENTATION_MESSAGES.referenceRequired, BUILDING_NAME_OR_NUMBER_MESSAGE]) {
      expect(response.body).toContain(message);
    }
  });

  it("confirms dual representation by the workspace's own law firm and completes the task when everyone is confirmed", async () => {
    let current = await detail(harper, purchase);
    const add = await call(harper, "POST", `${W}/${purchase}/parties`, individual("Sid", "Seller", "SELLER"), current.version);
    expect(add.statusCode, add.body).toBe(201);
    current = await detail(harper, purchase);
    for (const party of current.parties.filter((p) => p.role === "BUYER" || p.role === "SELLER")) {
      const confirmed = await call(
        harper,
        "POST",
        `${W}/${purchase}/representations`,
        { partyId: party.partyId, representationType: "DUAL_REPRESENTATION", verificationOfIdentity: "IDENTITY_EVIDENCE" },
        current.version,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().representationDetails.representativeName).toBe(DEMO_SUBSCRIBERS.harperVale.name);
      current = await detail(harper, purchase);
    }
    expect(current.parties.every((p) => p.verificationOfIdentity === "IDENTITY_EVIDENCE")).toBe(true);
    const task = current.tasks.find((t) => t.taskName === "confirm-representations");
    if (task) expect(task.status).toBe("COMPLETED");
  });
});

describe("representation by a participant, and through a party edit", () => {
  const purchase = DEMO_WORKSPACES.purchaseTwoSided.workspaceId;

  it("represents a party by the participant holding the representative role, and refuses a role nobody holds", async () => {
    let current = await detail(harper, purchase);
    const seller = current.parties.find((p) => p.role === "SELLER")!;
    const body = { partyId: seller.partyId, representationType: "SEPARATE_REPRESENTATION", representativeType: "PARTICIPANT", verificationOfIdentity: "LAW_FIRM_CERTIFIED" };
    const confirmed = await call(harper, "POST", `${W}/${purchase}/representations`, { ...body, representativeRole: "SELLER_REPRESENTATIVE" }, current.version);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const keystoneParticipant = current.participants.find((p) => p.role === "SELLER_REPRESENTATIVE")!;
    expect(confirmed.json().representationDetails).toMatchObject({
      representativeType: "PARTICIPANT",
      representativeName: DEMO_SUBSCRIBERS.keystone.name,
      participantId: keystoneParticipant.participantId,
      lawFirmId: keystoneParticipant.participantId,
    });
    current = await detail(harper, purchase);
    const nobody = await call(harper, "POST", `${W}/${purchase}/representations`, { ...body, representativeRole: "INCOMING_LENDER_REPRESENTATIVE" }, current.version);
    expectRefusal(nobody, 400, PARTY_MESSAGES.participantNotFound("INCOMING_LENDER_REPRESENTATIVE"));
    const firms = LawFirmsResponseSchema.parse((await call(harper, "GET", `${W}/${purchase}/law-firms`)).json()).records;
    expect(firms.find((firm) => firm.role === "SELLER_REPRESENTATIVE")!.representing).toContainEqual(expect.objectContaining({ entityType: "SELLER", partyId: seller.partyId }));
  });

  it("refuses to confirm representation without the permission (403)", async () => {
    const current = await detail(keystone, purchase);
    const refused = await call(
      keystone,
      "POST",
      `${W}/${purchase}/representations`,
      { partyId: current.parties[0]!.partyId, representationType: "NO_REPRESENTATION", verificationOfIdentity: "IDENTITY_EVIDENCE" },
      current.version,
    );
    expect(refused.statusCode).toBe(403);
  });

  it("changes the representation type and verification through a party edit, clearing a separate representative", async () => {
    let current = await detail(harper, purchase);
    const seller = current.parties.find((p) => p.role === "SELLER" && p.representationDetails?.representativeType === "PARTICIPANT")!;
    const edited = await call(harper, "PATCH", `${W}/${purchase}/parties/${seller.partyId}`, { representationType: "NO_REPRESENTATION", verificationOfIdentity: "IDENTITY_EVIDENCE" }, current.version);
    expect(edited.statusCode, edited.body).toBe(200);
    current = await detail(harper, purchase);
    const after = current.parties.find((p) => p.partyId === seller.partyId)!;
    expect(after.representationDetails).toMatchObject({ representationType: "NO_REPRESENTATION", representativeType: null, representativeName: null, lawFirmId: null });
    expect(after.verificationOfIdentity).toBe("IDENTITY_EVIDENCE");
  });
});

describe("law firms and lenders", () => {
  const purchase = DEMO_WORKSPACES.purchaseReady.workspaceId;

  it("saves an external law firm's edit (200)", async () => {
    const firms = LawFirmsResponseSchema.parse((await call(harper, "GET", `${W}/${purchase}/law-firms`)).json()).records;
    const external = firms.find((firm) => firm.name === "Fenwick Solicitors")!;
    const { version } = await detail(harper, purchase);
    const response = await call(harper, "PATCH", `${W}/${purchase}/law-firms/${external.lawFirmId}`, { name: "Fenwick & Co", referenceNumber: "FEN-23" }, version);
    expect(response.statusCode, response.body).toBe(200);
    const written = LawFirmWriteResponseSchema.parse(response.json());
    expect(written).toMatchObject({ partial: false, message: null, notSaved: [] });
    expect(written.lawFirm).toMatchObject({ name: "Fenwick & Co", referenceNumber: "FEN-23" });
  });

  it("answers 206 with the partial-success message when a participant firm's name cannot change", async () => {
    const firms = LawFirmsResponseSchema.parse((await call(harper, "GET", `${W}/${purchase}/law-firms`)).json()).records;
    const own = firms.find((firm) => firm.role === "WORKSPACE_REPRESENTATIVE")!;
    expect(own).toMatchObject({ name: DEMO_SUBSCRIBERS.harperVale.name, nameEditable: false, subscriberId: DEMO_SUBSCRIBERS.harperVale.subscriberId });
    const { version } = await detail(harper, purchase);
    const response = await call(
      harper,
      "PATCH",
      `${W}/${purchase}/law-firms/${own.lawFirmId}`,
      { name: "Harper Vale Renamed", referenceNumber: "HV/PUR/3302", address: { buildingNumber: "1", street: "Vale Road", town: "Bath", postcode: "ba1 1aa" } },
      version,
    );
    expect(response.statusCode, response.body).toBe(206);
    const written = LawFirmWriteResponseSchema.parse(response.json());
    expect(written).toMatchObject({ partial: true, message: BORROWER_MESSAGES.PARTIALLY_SUCCESS, notSaved: ["name"] });
    expect(written.lawFirm).toMatchObject({ name: DEMO_SUBSCRIBERS.harperVale.name, referenceNumber: "HV/PUR/3302" });
    expect(written.lawFirm.address?.postcode).toBe("BA1 1AA");
    expect(written.version).toBe(version + 1);
  });

  it("answers 404 for a law firm of another workspace", async () => {
    const firms = LawFirmsResponseSchema.parse((await call(harper, "GET", `${W}/${purchase}/law-firms`)).json()).records;
    const other = DEMO_WORKSPACES.remortgageReady.workspaceId;
    const { version } = await detail(harper, other);
    const response = await call(harper, "PATCH", `${W}/${other}/law-firms/${firms[0]!.lawFirmId}`, { referenceNumber: "X" }, version);
    expectRefusal(response, 404, PARTY_MESSAGES.lawFirmNotFound);
    const unknown = await call(harper, "PATCH", `${W}/${other}/law-firms/${randomUUID()}`, { referenceNumber: "X" }, version);
    expect(unknown.statusCode).toBe(404);
  });

  it("names the incoming lender, its reference and the firm that represents it", async () => {
    const workspaceId = DEMO_WORKSPACES.remortgagePreparing.workspaceId;
    const response = await call(harper, "GET", `${W}/${workspaceId}/lenders`);
    expect(response.statusCode, response.body).toBe(200);
    const lenders = LendersResponseSchema.parse(response.json());
    expect(lenders.incoming).toMatchObject({
      name: DEMO_SUBSCRIBERS.northgate.name,
      referenceNumber: "NG-MA-100231",
      representedBy: DEMO_SUBSCRIBERS.harperVale.name,
    });
    expect(lenders.outgoing).toEqual([]);
  });
});

describe("the participants tab's read", () => {
  it("answers in one call what participant-details, law-firms, lenders, proprietor-match and outgoing-lenders answer", async () => {
    for (const key of ["remortgageBorrowerMismatch", "purchaseTwoSided", "remortgagePreparing"] as const) {
      const { workspaceId } = DEMO_WORKSPACES[key];
      const response = await call(harper, "GET", `${W}/${workspaceId}/participants-tab`);
      expect(response.statusCode, response.body).toBe(200);
      const tab = ParticipantsTabResponseSchema.parse(response.json());
      const json = async (url: string) => (await call(harper, "GET", url)).json();
      expect(tab.participants).toEqual((await json(`/api/v1/workspaces/${workspaceId}/participant-details`)).records);
      expect(tab.lawFirms).toEqual((await json(`${W}/${workspaceId}/law-firms`)).records);
      expect(tab.lenders).toEqual(await json(`${W}/${workspaceId}/lenders`));
      const [lodgementCase] = (await json(`/api/v1/lodgement-cases?workspace_id=${workspaceId}`)).records;
      expect(tab.title).toEqual({
        lodgementCaseId: lodgementCase.lodgementCaseId,
        match: await json(`/api/v1/lodgement-cases/${lodgementCase.lodgementCaseId}/proprietor-match`),
        outgoingLenders: (await json(`/api/v1/lodgement-cases/${lodgementCase.lodgementCaseId}/outgoing-lenders`)).records,
      });
    }
  });

  it("is not found for a workspace the caller is not part of, and refused without the view permission", async () => {
    const notTheirs = await call(keystone, "GET", `${W}/${DEMO_WORKSPACES.remortgageReady.workspaceId}/participants-tab`);
    expect(notTheirs.statusCode).toBe(404);
    const unknown = await call(harper, "GET", `${W}/${randomUUID()}/participants-tab`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe("the security address", () => {
  const workspaceId = DEMO_WORKSPACES.remortgagePreparing.workspaceId;

  it("updates the address with the postcode upper-cased", async () => {
    const before = await detail(harper, workspaceId);
    const addressId = before.securityAddress.addressId;
    const response = await call(
      harper,
      "PATCH",
      `${W}/${workspaceId}/addresses/${addressId}`,
      { name: "Willow Cottage", number: "14", flat: null, street: "Willow Lane", town: "Harrogate", postcode: "hg1 2ab" },
      before.version,
    );
    expect(response.statusCode, response.body).toBe(200);
    const written = SecurityAddressWriteResponseSchema.parse(response.json());
    expect(written).toMatchObject({ addressId, name: "Willow Cottage", number: "14", postcode: "HG1 2AB", version: before.version + 1 });
    const after = await detail(harper, workspaceId);
    expect(after.securityAddress).toMatchObject({ name: "Willow Cottage", number: "14", postcode: "HG1 2AB" });
  });

  it("keeps the rules of 5.2 and answers 404 for another workspace's address", async () => {
    const current = await detail(harper, workspaceId);
    const url = `${W}/${workspaceId}/addresses/${current.securityAddress.addressId}`;
    const neither = await call(harper, "PATCH", url, { street: "Willow Lane", postcode: "HG1 2AB" }, current.version);
    expect(neither.statusCode).toBe(400);
    expect(neither.body).toContain(BUILDING_NAME_OR_NUMBER_MESSAGE);
    const tooLong = await call(harper, "PATCH", url, { number: "12345", postcode: "HG1 2AB" }, current.version);
    expect(tooLong.statusCode).toBe(400);
    const leadingSpace = await call(harper, "PATCH", url, { number: "1", street: " Lane", postcode: "HG1 2AB" }, current.version);
    expect(leadingSpace.statusCode).toBe(400);
    const badPostcode = await call(harper, "PATCH", url, { number: "1", postcode: "NOT A CODE" }, current.version);
    expect(badPostcode.statusCode).toBe(400);
    const other = await detail(harper, DEMO_WORKSPACES.remortgageReady.workspaceId);
    const crossed = await call(harper, "PATCH", `${W}/${workspaceId}/addresses/${other.securityAddress.addressId}`, { number: "1", postcode: "HG1 2AB" }, current.version);
    expectRefusal(crossed, 404, PARTY_MESSAGES.addressNotFound);
    expect((await detail(harper, workspaceId)).version).toBe(current.version);
  });
});

describe("tasks derived from the parties", () => {
  it("completes applicant information once every applicant has an address", async () => {
    const workspaceId = DEMO_WORKSPACES.remortgagePreparing.workspaceId;
    let current = await detail(harper, workspaceId);
    expect(current.tasks.find((t) => t.taskName === "complete-applicant-information")?.status).toBe("PENDING");
    const applicant = current.parties.find((p) => p.role === "BORROWER")!;
    const response = await call(harper, "PATCH", `${W}/${workspaceId}/parties/${applicant.partyId}`, { addresses: [address] }, current.version);
    expect(response.statusCode, response.body).toBe(200);
    current = await detail(harper, workspaceId);
    expect(current.tasks.find((t) => t.taskName === "complete-applicant-information")?.status).toBe("COMPLETED");
  });
});

describe("the subscriber selection list", () => {
  it("lists active subscribers of the type by name, without the four large banks", async () => {
    await provider.db
      .insertInto("subscribers")
      .values(EXCLUDED_LARGE_BANK_SUBSCRIBERS.map((name) => ({ subscriber_id: randomUUID(), name, entity_type: "Lender", status: "Active", ip_allow_list: JSON.stringify([]) })))
      .execute();
    const response = await call(harper, "GET", "/api/workspace/v1/subscribers?type=Lender&page=1&limit=500");
    expect(response.statusCode, response.body).toBe(200);
    const list = SelectableSubscribersResponseSchema.parse(response.json());
    const names = list.records.map((record) => record.name);
    expect(names).toContain(DEMO_SUBSCRIBERS.northgate.name);
    for (const bank of EXCLUDED_LARGE_BANK_SUBSCRIBERS) expect(names).not.toContain(bank);
    expect(list.records.every((record) => record.type === "Lender")).toBe(true);
    expect(list.page).toMatchObject({ page: 1, limit: 500 });

    const firms = SelectableSubscribersResponseSchema.parse((await call(harper, "GET", "/api/workspace/v1/subscribers?type=Law%20Firm,Conveyancing%20Firm")).json());
    expect(firms.records.map((record) => record.name)).toEqual([...firms.records.map((record) => record.name)].sort());
    expect((await call(harper, "GET", "/api/workspace/v1/subscribers?type=Bank")).statusCode).toBe(400);
    expect((await call(harper, "GET", "/api/workspace/v1/subscribers?limit=501")).statusCode).toBe(400);
  });
});

describe("references of every representative role (document 2 section 3.7)", () => {
  it("links the workspace law firm's reference to the workspace's own firm, and keeps one of an unrepresented role without a holder", async () => {
    const purchase = DEMO_WORKSPACES.purchaseTwoSided.workspaceId;
    let current = await detail(harper, purchase);
    const own = current.participants.find((participant) => participant.subscriberId === DEMO_SUBSCRIBERS.harperVale.subscriberId)!;
    const firm = await call(harper, "POST", `${W}/${purchase}/references`, { referenceNumber: "HV/WLF/1", representativeRole: "WORKSPACE_LAW_FIRM" }, current.version);
    expect(firm.statusCode, firm.body).toBe(201);
    expect(firm.json()).toMatchObject({ representativeRole: "WORKSPACE_LAW_FIRM", representativeId: own.participantId });
    current = await detail(harper, purchase);
    const outgoing = await call(harper, "POST", `${W}/${purchase}/references`, { referenceNumber: "OP-1", representativeRole: "OUTGOING_PROPRIETOR_REPRESENTATIVE" }, current.version);
    expect(outgoing.statusCode, outgoing.body).toBe(201);
    expect(outgoing.json()).toMatchObject({ representativeRole: "OUTGOING_PROPRIETOR_REPRESENTATIVE", representativeId: null });
    const edited = await call(harper, "PATCH", `${W}/${purchase}/references/${outgoing.json().referenceId}`, { referenceNumber: "OP-2" }, outgoing.json().version);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().referenceNumber).toBe("OP-2");
  });
});
