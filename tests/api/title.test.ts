/**
 * The lodgement case and title through the real provider (document 2 sections 3.4-3.8, 4.1-4.4, 7.2):
 * every land registry sandbox outcome, Check for updates, the register PDF, the proprietor match, each
 * rule of section 4.4 with its message, the mismatch resolutions, the derived tasks, and the refusals
 * (404 across workspaces, 428 / 409, 403, locked). Workspaces are made fresh by Northgate Bank with Harper &
 * Vale as the lender's representative (who may retrieve titles and resolve mismatches).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LodgementCasesResponseSchema,
  OutgoingLendersResponseSchema,
  ProprietorMatchResponseSchema,
  ProprietorWriteResponseSchema,
  TitleSearchResponseSchema,
  TitlesResponseSchema,
  type ProprietorMatchResponse,
} from "../../core/title/api.js";
import { PROPRIETOR_RULE_MESSAGES } from "../../core/title/assessment.js";
import { MISMATCH_ACTION_REFUSALS } from "../../core/title/proprietor-mismatch.js";
import { TITLE_NUMBER_MESSAGE } from "../../core/title/title-number.js";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { VERSION_REQUIRED_MESSAGE } from "../../core/shared/versions.js";
import { WorkspaceDetailSchema, type WorkspaceDetail } from "../../core/workspaces/api.js";
import { LODGEMENT_CASE_NOT_FOUND_MESSAGE, TITLE_SEARCH_MESSAGES } from "../../provider/title/service.js";
import { SANDBOX_ERROR_MESSAGE } from "../../provider/title/land-registry-sandbox.js";
import { WORKSPACE_NOT_FOUND_MESSAGE } from "../../provider/workspaces/access.js";
import { DEMO_WORKSPACES, type DemoWorkspaceKey } from "../../provider/workspaces/seed.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, type TestProvider } from "./support.js";

const CASES = "/api/v1/lodgement-cases";
const W = "/api/workspace/v1/workspaces";

let provider: TestProvider;
let lender: string; // Northgate Bank: INCOMING_LENDER (no title permissions in the workspace)
let harper: string; // Harper & Vale: INCOMING_LENDER_REPRESENTATIVE (retrieve title, resolve mismatches)
let ashdown: string; // in no workspace
let helpdesk: string;

/** Wednesday 14 January 2026, noon in London: inside land registry business hours. */
const OPEN = "2026-01-14T12:00:00.000Z";

function call(token: string, method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: Record<string, unknown>, version?: number) {
  const headers = version === undefined ? {} : { "if-match": `"${version}"` };
  return provider.call(token, { method, url, payload, headers });
}

function expectError(response: { statusCode: number; body: string; json(): unknown }, status: number, message?: string | RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  const actual = (response.json() as { message: string }).message;
  if (typeof message === "string") expect(actual).toBe(message);
  else if (message) expect(actual).toMatch(message);
}

async function setClock(now: string) {
  expect((await call(helpdesk, "PUT", "/api/v1/clock", { now })).statusCode).toBe(200);
}

interface Made {
  workspaceId: string;
  lodgementCaseId: string;
  version: number;
}

async function detail(workspaceId: string, token = harper): Promise<WorkspaceDetail> {
  const response = await call(token, "GET", `${W}/${workspaceId}`);
  expect(response.statusCode, response.body).toBe(200);
  return WorkspaceDetailSchema.parse(response.json());
}

/** A remortgage with these borrowers, Harper & Vale as the lender's representative. */
async function remortgage(
  borrowers: ({ forenames: string; surname: string } | { organisationName: string; registrationNumber: string })[],
  options: { transferOfEquity?: boolean } = {},
): Promise<Made> {
  const created = await call(lender, "POST", W, {
    reference: `T-${Math.random().toString(36).slice(2, 10)}`,
    transactionType: "REMORTGAGE",
    transferOfEquity: options.transferOfEquity ?? false,
    securityAddress: { buildingNumber: "14", street: "Willow Lane", town: "Harrogate", postcode: "HG1 2AB" },
    parties: borrowers.map((partyDetails) =>
      "forenames" in partyDetails
        ? { type: "INDIVIDUAL", role: "BORROWER", partyDetails }
        : { type: "ORGANISATION", role: "BORROWER", partyDetails: { ...partyDetails, organisationType: "LIMITED_COMPANY" } },
    ),
  });
  expect(created.statusCode, created.body).toBe(201);
  const { workspaceId, version } = created.json() as { workspaceId: string; version: number };
  const assigned = await call(
    lender,
    "POST",
    `/api/v1/workspaces/${workspaceId}/participants`,
    { subscriberId: DEMO_SUBSCRIBERS.harperVale.subscriberId, role: "INCOMING_LENDER_REPRESENTATIVE" },
    version,
  );
  expect(assigned.statusCode, assigned.body).toBe(201);
  const cases = await call(harper, "GET", `${CASES}?workspace_id=${workspaceId}`);
  expect(cases.statusCode, cases.body).toBe(200);
  const [lodgementCase] = LodgementCasesResponseSchema.parse(cases.json()).records;
  expect(lodgementCase).toMatchObject({ workspaceId, lastTitleSearchStatus: null, unsupportedReasons: [] });
  return { workspaceId, lodgementCaseId: lodgementCase!.lodgementCaseId, version: (await detail(workspaceId)).version };
}

async function search(made: Made, titleNumber: string, refetch?: boolean) {
  const response = await call(harper, "POST", `${CASES}/${made.lodgementCaseId}/title-search`, { titleNumber, ...(refetch ? { refetch } : {}) }, made.version);
  if (response.statusCode === 200) made.version = TitleSearchResponseSchema.parse(response.json()).version;
  return response;
}

async function searched(made: Made, titleNumber: string, refetch?: boolean) {
  const response = await search(made, titleNumber, refetch);
  expect(response.statusCode, response.body).toBe(200);
  return TitleSearchResponseSchema.parse(response.json());
}

async function match(made: Made): Promise<ProprietorMatchResponse> {
  const response = await call(harper, "GET", `${CASES}/${made.lodgementCaseId}/proprietor-match`);
  expect(response.statusCode, response.body).toBe(200);
  return ProprietorMatchResponseSchema.parse(response.json());
}

async function write(made: Made, method: "POST" | "PATCH", path: string, body: Record<string, unknown>) {
  const response = await call(harper, method, `${CASES}/${made.lodgementCaseId}/${path}`, body, made.version);
  if (response.statusCode < 300) made.version = ProprietorWriteResponseSchema.parse(response.json()).version;
  return response;
}

async function pendingTaskNames(workspaceId: string): Promise<string[]> {
  return (await detail(workspaceId)).tasks.filter((task) => task.status === "PENDING").map((task) => task.taskName);
}

beforeAll(async () => {
  provider = await startTestProvider();
  [lender, harper, ashdown, helpdesk] = await Promise.all([
    provider.scriptToken("northgate"),
    provider.scriptToken("harperVale"),
    provider.scriptToken("ashdown"),
    provider.loginToken(DEMO_USERS.helpdesk.email),
  ]);
  await setClock(OPEN);
});
afterAll(() => provider?.close());

describe("title search against the sandbox", () => {
  it("retrieves a matching title: SUCCESS, the register, a real PDF for participants only, the borrowers VALID", async () => {
    const made = await remortgage([{ forenames: "Amelia", surname: "Clarke" }]);
    const answer = await searched(made, " dn100001 ");
    expect(answer.lodgementCase).toMatchObject({ lastTitleSearchStatus: "SUCCESS", lastTitleNumber: "DN100001", unsupportedReasons: [] });
    expect(answer.borrowersValidationStatus).toBe("VALID");
    expect(answer.changed).toBeNull();
    const [title] = answer.titles;
    expect(title).toMatchObject({
      titleNumber: "DN100001",
      address: { lineOne: "14 Willow Lane", lineTwo: "Harrogate", postcode: "HG1 2AB" },
      chargeePartyOrgName: "Harbour Building Society",
      metaData: { initialEditionDate: "2019-03-12", lastEditionDate: "2019-03-12" },
    });
    expect(title!.entries.find((entry) => entry.type === "CHARGE")!.attributes.parties[0]!.name).toBe("Harbour Building Society");

    const titles = TitlesResponseSchema.parse((await call(harper, "GET", `${CASES}/${made.lodgementCaseId}/titles`)).json());
    expect(titles.records).toHaveLength(1);
    const document = title!.titleDocuments[0]!;
    expect(document.fileName).toBe("DN100001-register.pdf");
    const pdf = await call(lender, "GET", document.downloadPath);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe('attachment; filename="DN100001-register.pdf"');
    expect(pdf.headers["x-content-type-options"]).toBe("nosniff");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expectError(await call(ashdown, "GET", document.downloadPath), 404, LODGEMENT_CASE_NOT_FOUND_MESSAGE);
    expectError(await call(lender, "GET", `${CASES}/${made.lodgementCaseId}/title-documents/not-a-file`), 404);

    const lenders = OutgoingLendersResponseSchema.parse((await call(harper, "GET", `${CASES}/${made.lodgementCaseId}/outgoing-lenders`)).json());
    expect(lenders.records).toEqual([{ name: "Harbour Building Society", entryNumber: "C1", chargeDate: "12 March 2019", representationDetails: null }]);

    const party = (await detail(made.workspaceId)).parties[0]!;
    expect(party).toMatchObject({ proprietorMatchStatus: ["MATCH"], nameOnTitle: "Amelia Clarke", sourceProprietorId: "DN100001-P1", isIncomingProprietor: true, titleStatus: "INCOMING" });
    expect((await detail(made.workspaceId)).borrowersValidationStatus).toBe("VALID");

    // A title is held: Retrieve again is refused; Check for updates answers "no changes".
    expectError(await search(made, "DN100002"), 400, TITLE_SEARCH_MESSAGES.titleHeld);
    const check = await searched(made, "DN100001", true);
    expect(check.changed).toBe(false);
  });

  it("include=titles answers the case and its titles in one call, as the two calls answer them, after the same check", async () => {
    const made = await remortgage([{ forenames: "Amelia", surname: "Clarke" }]);
    const casesWithTitles = async (token: string) => call(token, "GET", `${CASES}?workspace_id=${made.workspaceId}&include=titles`);
    const before = LodgementCasesResponseSchema.parse((await casesWithTitles(harper)).json());
    expect(before.included).toEqual({ titles: [] });

    await searched(made, "DN100001");
    const both = LodgementCasesResponseSchema.parse((await casesWithTitles(harper)).json());
    const plain = LodgementCasesResponseSchema.parse((await call(harper, "GET", `${CASES}?workspace_id=${made.workspaceId}`)).json());
    const titles = TitlesResponseSchema.parse((await call(harper, "GET", `${CASES}/${made.lodgementCaseId}/titles`)).json());
    expect(plain.included).toBeUndefined();
    expect(both.records).toEqual(plain.records);
    expect(both.included).toEqual({ titles: titles.records });
    expect(both.included!.titles.map((title) => title.titleNumber)).toEqual(["DN100001"]);

    // The same refusals as the plain call: a subscriber outside the workspace, and an include it does not know.
    expectError(await casesWithTitles(ashdown), 404);
    const unknown = await call(harper, "GET", `${CASES}?workspace_id=${made.workspaceId}&include=documents`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain("include: titles is the one value");
  });

  it("answers joint proprietors, restrictions and two lenders", async () => {
    const made = await remortgage([
      { forenames: "Oliver", surname: "Bennett" },
      { forenames: "Sophie Anne", surname: "Bennett" },
    ]);
    const answer = await searched(made, "DN100002");
    expect(answer.titles[0]!.registeredProprietors).toHaveLength(2);
    expect(answer.titles[0]!.restrictions[0]!.text).toMatch(/^RESTRICTION: No disposition by a sole proprietor/);
    expect(answer.borrowersValidationStatus).toBe("VALID");
    const lenders = OutgoingLendersResponseSchema.parse((await call(harper, "GET", `${CASES}/${made.lodgementCaseId}/outgoing-lenders`)).json());
    expect(lenders.records.map((record) => record.name)).toEqual(["Northgate Bank plc", "Meridian Second Charge Ltd"]);
  });

  it("matches a company by name and registration number written differently", async () => {
    const made = await remortgage([{ organisationName: "Brightwater Homes Ltd", registrationNumber: "09876543" }]);
    expect((await searched(made, "DN100003")).borrowersValidationStatus).toBe("VALID");
  });

  it("flags unsupported charge types: individual lender, noted charge, equitable charge → UNSUPPORTED_TYPE", async () => {
    for (const [titleNumber, reason] of [
      ["DN100011", "INDIVIDUAL_LENDER"],
      ["DN100012", "NOTED_CHARGE"],
      ["DN100013", "EQUITABLE_CHARGE"],
    ] as const) {
      const made = await remortgage([{ forenames: "Amelia", surname: "Clarke" }]);
      const answer = await searched(made, titleNumber);
      expect(answer.lodgementCase.unsupportedReasons).toEqual([reason]);
      expect(answer.borrowersValidationStatus).toBe("UNSUPPORTED_TYPE");
      expect((await detail(made.workspaceId)).readyForApproval).toBe(false);
    }
  });

  it("answers not found and error, with the retry task; a later success closes it", async () => {
    const made = await remortgage([{ forenames: "Amelia", surname: "Clarke" }]);
    expect((await searched(made, "NF100404")).lodgementCase.lastTitleSearchStatus).toBe("NOT_FOUND");
    expect(await pendingTaskNames(made.workspaceId)).toContain("retry-title-search");
    expect((await searched(made, "DN999999")).lodgementCase.lastTitleSearchStatus).toBe("NOT_FOUND");
    const failed = await searched(made, "ER100500");
    expect(failed.lodgementCase).toMatchObject({ lastTitleSearchStatus: "ERROR", lastTitleNumber: "ER100500" });
    expect(failed.titles).toEqual([]);
    expect(SANDBOX_ERROR_MESSAGE).toMatch(/ER100500/);
    expect(await pendingTaskNames(made.workspaceId)).toContain("retry-title-search");
    await searched(made, "DN100001");
    expect(await pendingTaskNames(made.workspaceId)).not.toContain("retry-title-search");
  });

  it("refuses a malformed title number with the spec's message", async () => {
    const made = await remortgage([{ forenames: "Amelia", surname: "Clarke" }]);
    expectError(await search(made, "ABCD1234"), 400, new RegExp(`titleNumber: ${TITLE_NUMBER_MESSAGE}$`));
  });

  it("Check for updates: the changing title answers changed, only in business hours", async () => {
    const made = await remortgage([{ forenames: "Amelia", surname: "Clarke" }]);
    const first = await searched(made, "DN100014");
    expect(first.titles[0]!.restrictions).toEqual([]);
    const second = await searched(made, "DN100014", true);
    expect(second.changed).toBe(true);
    expect(second.titles[0]!.restrictions).toHaveLength(1);
    expect(second.titles[0]!.metaData.lastEditionDate).toBe("2025-05-15");
    expect((await searched(made, "DN100014", true)).changed).toBe(false);
    expectError(await search(made, "DN100001", true), 400, TITLE_SEARCH_MESSAGES.noTitleToRefetch);
    await setClock("2026-01-14T23:30:00.000Z");
    try {
      expectError(await search(made, "DN100014", true), 400, TITLE_SEARCH_MESSAGES.checkOutsideHours);
    } finally {
      await setClock(OPEN);
    }
  });
});

describe("refusals", () => {
  it("needs the version (428), the current one (409), the permission (403), and answers 404 across workspaces", async () => {
    const made = await remortgage([{ forenames: "Amelia", surname: "Clarke" }]);
    const url = `${CASES}/${made.lodgementCaseId}/title-search`;
    expectError(await call(harper, "POST", url, { titleNumber: "DN100001" }), 428, VERSION_REQUIRED_MESSAGE);
    expectError(await call(harper, "POST", url, { titleNumber: "DN100001" }, made.version + 1), 409, CONFLICT_MESSAGE);
    expectError(await call(lender, "POST", url, { titleNumber: "DN100001" }, made.version), 403);
    expectError(await call(ashdown, "POST", url, { titleNumber: "DN100001" }, made.version), 404, LODGEMENT_CASE_NOT_FOUND_MESSAGE);
    expectError(await call(ashdown, "GET", `${CASES}?workspace_id=${made.workspaceId}`), 404, WORKSPACE_NOT_FOUND_MESSAGE);
    expectError(await call(ashdown, "GET", `${CASES}/${made.lodgementCaseId}/titles`), 404, LODGEMENT_CASE_NOT_FOUND_MESSAGE);
    expectError(await call(ashdown, "GET", `/api/v1/workspaces/${made.workspaceId}/borrowers-validation`), 404);
    const lodgementCase = (await call(harper, "GET", `${CASES}?workspace_id=${made.workspaceId}`)).json() as { records: unknown[] };
    expect(lodgementCase.records).toHaveLength(1);
    expect((await detail(made.workspaceId)).version).toBe(made.version);

    // A party of another workspace is not found through this case's URL.
    const other = await remortgage([{ forenames: "Amelia", surname: "Clarke" }]);
    await searched(made, "DN100004");
    const otherParty = (await detail(other.workspaceId)).parties[0]!.partyId;
    expectError(await write(made, "POST", `parties/${otherParty}/mismatch-resolution`, { action: "NO_ACTION_NEEDED" }), 404);
  });

  it("refuses writes on a cancelled workspace", async () => {
    const made = await remortgage([{ forenames: "Amelia", surname: "Clarke" }]);
    const cancelled = await call(lender, "PATCH", `${W}/${made.workspaceId}`, { status: "CANCELLED", remarks: { cancellationReason: "OTHER", cancellationNotesForOther: "Test" } }, made.version);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    made.version = (cancelled.json() as { version: number }).version;
    const response = await search(made, "DN100001");
    expect(response.statusCode).toBe(400);
    expect((response.json() as { code: string }).code).toBe("WORKSPACE_CANCELLED");
  });
});

describe("proprietor matching and section 4.4", () => {
  it("a name mismatch: INVALID with the review task; updating the name from the title locks the party (PARTY_NAME_UPDATED)", async () => {
    const made = await remortgage([{ forenames: "Samuel", surname: "Wright" }]);
    const answer = await searched(made, "DN100004");
    expect(answer.borrowersValidationStatus).toBe("INVALID");
    expect(await pendingTaskNames(made.workspaceId)).toContain("review-title-information-mismatch");
    const before = await match(made);
    expect(before.parties[0]).toMatchObject({
      proprietorMatchStatus: ["NAME_MISMATCH"],
      nameOnTitle: "Samuel John Wright",
      availableActions: ["UPDATE_NAME_IN_WORKSPACE", "CHANGE_OF_NAME_APPLICATION", "NO_ACTION_NEEDED"],
      locked: false,
    });
    const partyId = before.parties[0]!.partyId;
    expectError(await write(made, "POST", `parties/${partyId}/mismatch-resolution`, { action: "UPDATE_REGISTRATION_NUMBER_IN_WORKSPACE" }), 400, PROPRIETOR_RULE_MESSAGES.actionNotAvailable);
    const resolved = await write(made, "POST", `parties/${partyId}/mismatch-resolution`, { action: "UPDATE_NAME_IN_WORKSPACE" });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const after = ProprietorWriteResponseSchema.parse(resolved.json());
    expect(after.parties[0]).toMatchObject({ proprietorMatchStatus: ["PARTY_NAME_UPDATED"], locked: true });
    expect(after.borrowersValidationStatus).toBe("VALID");
    const workspace = await detail(made.workspaceId);
    expect(workspace.parties[0]!.partyDetails).toMatchObject({ forenames: "Samuel John", surname: "Wright" });
    expect(workspace.borrowersValidationStatus).toBe("VALID");
    expect(await pendingTaskNames(made.workspaceId)).not.toContain("review-title-information-mismatch");
  });

  it("a change-of-name application settles the mismatch and raises its task; no action needed settles it too", async () => {
    const made = await remortgage([{ forenames: "Samuel", surname: "Wright" }]);
    await searched(made, "DN100004");
    const partyId = (await match(made)).parties[0]!.partyId;
    expectError(
      await write(made, "PATCH", "change-of-name-application", { proprietorId: "DN100004-P1", individualDetails: { forenames: "Someone", surname: "Else" } }),
      400,
      PROPRIETOR_RULE_MESSAGES.detailsDoNotMatch,
    );
    const response = await write(made, "PATCH", "change-of-name-application", { proprietorId: "DN100004-P1", individualDetails: { forenames: "Samuel", surname: "Wright" } });
    expect(response.statusCode, response.body).toBe(200);
    expect(ProprietorWriteResponseSchema.parse(response.json()).parties[0]!.proprietorMatchStatus).toEqual(["PROPRIETOR_NAME_CHANGE_REQUIRED"]);
    expect(await pendingTaskNames(made.workspaceId)).toContain("prepare-change-of-name-application");
    expect((await detail(made.workspaceId)).borrowersValidationStatus).toBe("VALID");

    const other = await remortgage([{ forenames: "Samuel", surname: "Wright" }]);
    await searched(other, "DN100004");
    const otherParty = (await match(other)).parties[0]!.partyId;
    const noAction = await write(other, "POST", `parties/${otherParty}/mismatch-resolution`, { action: "NO_ACTION_NEEDED" });
    expect(ProprietorWriteResponseSchema.parse(noAction.json()).parties[0]!.proprietorMatchStatus).toEqual(["MATCH"]);
    expect(partyId).not.toBe(otherParty);
  });

  it("registration number mismatch, both mismatches, and a type mismatch resolved as organisation is a borrower", async () => {
    const number = await remortgage([{ organisationName: "Brightwater Homes Ltd", registrationNumber: "09876543" }]);
    await searched(number, "DN100005");
    const numberParty = (await match(number)).parties[0]!;
    expect(numberParty).toMatchObject({ proprietorMatchStatus: ["REGISTRATION_NUMBER_MISMATCH"], availableActions: ["UPDATE_REGISTRATION_NUMBER_IN_WORKSPACE"] });
    const fixed = await write(number, "POST", `parties/${numberParty.partyId}/mismatch-resolution`, { action: "UPDATE_REGISTRATION_NUMBER_IN_WORKSPACE" });
    expect(ProprietorWriteResponseSchema.parse(fixed.json())).toMatchObject({ borrowersValidationStatus: "VALID", parties: [{ proprietorMatchStatus: ["MATCH"], locked: true }] });

    const both = await remortgage([{ organisationName: "Brightwater Homes Ltd", registrationNumber: "09876543" }]);
    await searched(both, "DN100006");
    expect((await match(both)).parties[0]!.proprietorMatchStatus).toEqual(["NAME_MISMATCH", "REGISTRATION_NUMBER_MISMATCH"]);

    const type = await remortgage([{ forenames: "Amelia", surname: "Clarke" }]);
    expect((await searched(type, "DN100007")).borrowersValidationStatus).toBe("TYPE_INVALID");
    const typeParty = (await match(type)).parties[0]!;
    expect(typeParty).toMatchObject({ proprietorMatchStatus: ["TYPE_MISMATCH"], availableActions: ["ORGANISATION_IS_A_BORROWER"] });
    const converted = await write(type, "POST", `parties/${typeParty.partyId}/mismatch-resolution`, { action: "ORGANISATION_IS_A_BORROWER" });
    expect(converted.statusCode, converted.body).toBe(200);
    expect(ProprietorWriteResponseSchema.parse(converted.json()).borrowersValidationStatus).toBe("VALID");
    expect((await detail(type.workspaceId)).parties[0]).toMatchObject({ type: "ORGANISATION", partyDetails: { organisationName: "Moreno Estates Ltd" } });
  });

  it("COUNT_INVALID: more borrowers than proprietors without a transfer of equity, or more proprietors than the product holds", async () => {
    const two = await remortgage([
      { forenames: "Owen", surname: "Davies" },
      { forenames: "Carys", surname: "Davies" },
    ]);
    expect((await searched(two, "DN100009")).borrowersValidationStatus).toBe("COUNT_INVALID");
    const five = await remortgage([{ forenames: "James", surname: "Okafor" }]);
    expect((await searched(five, "DN100010")).borrowersValidationStatus).toBe("COUNT_INVALID");
  });

  it("unmatched proprietors: set as incoming, set as outgoing, each rule of 4.4 with its message", async () => {
    const made = await remortgage([{ forenames: "Amelia", surname: "Clarke" }]);
    await searched(made, "DN100008");
    const before = await match(made);
    expect(before.borrowersValidationStatus).toBe("VALID");
    expect(before.incomingProprietorCount).toBe(1);
    expect(before.unmatchedProprietors).toEqual([
      expect.objectContaining({ proprietorId: "DN100008-P2", individualDetails: { forenames: "Robert", surname: "Clarke" }, availableActions: ["SET_AS_OUTGOING_PROPRIETOR", "SET_AS_INCOMING_PROPRIETOR"] }),
    ]);
    // The borrower's own proprietor cannot go: at least one borrower must stay an existing proprietor.
    expectError(await write(made, "PATCH", "set-as-outgoing-proprietor", { proprietorId: "DN100008-P1" }), 400, PROPRIETOR_RULE_MESSAGES.borrowerMustStay);
    expectError(await write(made, "PATCH", "set-as-outgoing-proprietor", { proprietorId: "NOPE" }), 400, PROPRIETOR_RULE_MESSAGES.notAProprietor);
    const incoming = await write(made, "POST", "proprietors", {
      proprietorId: "DN100008-P2",
      proprietorType: "INDIVIDUAL",
      titleStatus: "INCOMING",
      individualDetails: { forenames: "Robert", surname: "Clarke" },
    });
    expect(incoming.statusCode, incoming.body).toBe(201);
    const after = ProprietorWriteResponseSchema.parse(incoming.json());
    expect(after.unmatchedProprietors).toEqual([]);
    expect(after.incomingProprietorCount).toBe(2);
    const added = after.parties.find((party) => party.sourceProprietorId === "DN100008-P2")!;
    expect(added).toMatchObject({ role: "OUTGOING_PROPRIETOR", titleStatus: "INCOMING", isIncomingProprietor: true, proprietorMatchStatus: ["MATCH"], locked: true });
    expectError(await write(made, "POST", "proprietors", { proprietorId: "DN100008-P2", proprietorType: "INDIVIDUAL" }), 400, PROPRIETOR_RULE_MESSAGES.alreadyChosen);

    const outgoing = await remortgage([{ forenames: "Amelia", surname: "Clarke" }]);
    await searched(outgoing, "DN100008");
    const set = await write(outgoing, "PATCH", "set-as-outgoing-proprietor", { proprietorId: "DN100008-P2" });
    expect(set.statusCode, set.body).toBe(200);
    expect(ProprietorWriteResponseSchema.parse(set.json()).parties.find((party) => party.sourceProprietorId === "DN100008-P2")).toMatchObject({ titleStatus: "OUTGOING", isIncomingProprietor: false });
  });

  it("refuses set as outgoing with one registered proprietor, and set as incoming at 3 incoming proprietors", async () => {
    const alone = await remortgage([{ organisationName: "Zed Other Ltd", registrationNumber: "12345678" }]);
    await searched(alone, "DN100001");
    const unmatched = (await match(alone)).unmatchedProprietors;
    expect(unmatched[0]).toMatchObject({ availableActions: ["SET_AS_INCOMING_PROPRIETOR"], refusedActions: [{ action: "SET_AS_OUTGOING_PROPRIETOR", reason: MISMATCH_ACTION_REFUSALS.SET_AS_OUTGOING_PROPRIETOR }] });
    expectError(await write(alone, "PATCH", "set-as-outgoing-proprietor", { proprietorId: "DN100001-P1" }), 400, MISMATCH_ACTION_REFUSALS.SET_AS_OUTGOING_PROPRIETOR);

    const full = await remortgage([
      { forenames: "James", surname: "Okafor" },
      { forenames: "Grace", surname: "Okafor" },
      { forenames: "Daniel", surname: "Okafor" },
    ], { transferOfEquity: true });
    await searched(full, "DN100010");
    const state = await match(full);
    expect(state.incomingProprietorCount).toBe(3);
    expectError(await write(full, "POST", "proprietors", { proprietorId: "DN100010-P4", proprietorType: "INDIVIDUAL" }), 400, MISMATCH_ACTION_REFUSALS.SET_AS_INCOMING_PROPRIETOR);

    // Before any title, the count is unknown: nothing to resolve yet.
    const none = await remortgage([{ forenames: "Amelia", surname: "Clarke" }]);
    expect((await match(none)).incomingProprietorCount).toBeNull();
    expectError(await write(none, "POST", "proprietors", { proprietorId: "X", proprietorType: "INDIVIDUAL" }), 400, PROPRIETOR_RULE_MESSAGES.noTitle);
  });

  it("resolving needs the resolve-mismatch permission in the workspace", async () => {
    const made = await remortgage([{ forenames: "Samuel", surname: "Wright" }]);
    await searched(made, "DN100004");
    const partyId = (await match(made)).parties[0]!.partyId;
    const response = await call(lender, "POST", `${CASES}/${made.lodgementCaseId}/parties/${partyId}/mismatch-resolution`, { action: "NO_ACTION_NEEDED" }, made.version);
    expectError(response, 403);
  });
});

describe("the demo world (docs/demo-workspaces.md)", () => {
  async function demo(key: DemoWorkspaceKey) {
    const workspaceId = DEMO_WORKSPACES[key].workspaceId;
    const cases = LodgementCasesResponseSchema.parse((await call(helpdesk, "GET", `${CASES}?workspace_id=${workspaceId}`)).json()).records;
    const workspace = await detail(workspaceId, helpdesk);
    return { lodgementCase: cases[0]!, workspace, statuses: workspace.parties.map((party) => party.proprietorMatchStatus.join("+")) };
  }

  it("reaches every title view, every match status and every borrower validation banner", async () => {
    const seen = { views: new Set<string | null>(), statuses: new Set<string>(), banners: new Set<string>() };
    for (const key of Object.keys(DEMO_WORKSPACES) as DemoWorkspaceKey[]) {
      const { lodgementCase, workspace, statuses } = await demo(key);
      seen.views.add(lodgementCase.unsupportedReasons.length > 0 ? "UNSUPPORTED" : lodgementCase.lastTitleSearchStatus);
      statuses.forEach((status) => seen.statuses.add(status));
      seen.banners.add(workspace.borrowersValidationStatus);
    }
    expect([...seen.views].sort()).toEqual(expect.arrayContaining([null, "ERROR", "NOT_FOUND", "PENDING", "SUCCESS", "UNSUPPORTED"]));
    for (const status of ["MATCH", "NAME_MISMATCH", "PENDING", "PROPRIETOR_NAME_CHANGE_REQUIRED", "TYPE_MISMATCH", "REGISTRATION_NUMBER_MISMATCH", "NOT_REQUIRED", "PARTY_NAME_UPDATED"]) {
      expect(seen.statuses, status).toContain(status);
    }
    for (const banner of ["VALID", "INVALID", "PENDING", "COUNT_INVALID", "TYPE_INVALID", "NOT_REQUIRED", "UNSUPPORTED_TYPE"]) {
      expect(seen.banners, banner).toContain(banner);
    }
    expect((await demo("remortgageBorrowerMismatch")).workspace.borrowersValidationStatus).toBe("INVALID");
    expect((await demo("remortgageMustCancel")).workspace.borrowersValidationStatus).toBe("COUNT_INVALID");
    expect((await demo("remortgagePreparing")).lodgementCase.lastTitleSearchStatus).toBeNull();
  });
});
