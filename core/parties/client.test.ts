import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ProviderError } from "../shared/provider-errors.js";
import { addParty, deleteParty, editLawFirm, editSecurityAddress, listSelectableSubscribers } from "./client.js";
import { BORROWER_MESSAGES, PARTY_MESSAGES } from "./messages.js";

interface Seen {
  method: string;
  url: string;
  ifMatch: string | undefined;
  body: unknown;
}

let server: Server;
let apiUrl: string;
let seen: Seen[] = [];
let answer: (seen: Seen) => [number, unknown] = () => [500, {}];

function read(request: IncomingMessage): Promise<string> {
  return new Promise((done) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => done(body));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const text = await read(request);
    const entry: Seen = {
      method: request.method ?? "",
      url: request.url ?? "",
      ifMatch: request.headers["if-match"] as string | undefined,
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(entry);
    const [status, body] = answer(entry);
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  seen = [];
});

const WS = "5c000000-0000-4000-8000-000000000001";
const LAW_FIRM = {
  lawFirmId: "f",
  id: "f",
  name: "Harper & Vale LLP",
  referenceNumber: "HV-2",
  referenceId: "r",
  address: null,
  role: "WORKSPACE_REPRESENTATIVE",
  representing: [],
  subscriberId: "s",
  participantId: "f",
  nameEditable: false,
};

describe("the parties client", () => {
  it("adds and deletes a party with the version as If-Match", async () => {
    answer = () => [201, { partyId: "p1", version: 4 }];
    const ctx = { apiUrl };
    expect(await addParty(ctx, WS, 3, { role: "BORROWER", type: "INDIVIDUAL", partyDetails: { forenames: "Ann", surname: "Lee" } })).toEqual({ partyId: "p1", version: 4 });
    expect(seen[0]).toMatchObject({ method: "POST", url: `/api/workspace/v1/workspaces/${WS}/parties`, ifMatch: '"3"' });
    answer = () => [200, { partyId: "p1", version: 5 }];
    await deleteParty(ctx, WS, "p1", 4);
    expect(seen[1]).toMatchObject({ method: "DELETE", url: `/api/workspace/v1/workspaces/${WS}/parties/p1`, ifMatch: '"4"' });
  });

  it("turns a refusal into a ProviderError carrying the rule's message", async () => {
    answer = () => [400, { status: 400, code: "LAST_APPLICANT", message: PARTY_MESSAGES.lastApplicant }];
    const refused = await deleteParty({ apiUrl }, WS, "p1", 4).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).message).toBe(PARTY_MESSAGES.lastApplicant);
  });

  it("tells a partial law firm edit (206) from a whole one", async () => {
    answer = () => [206, { lawFirm: LAW_FIRM, partial: true, message: BORROWER_MESSAGES.PARTIALLY_SUCCESS, notSaved: ["name"], version: 9 }];
    const partial = await editLawFirm({ apiUrl }, WS, "f", 8, { name: "Renamed", referenceNumber: "HV-3" });
    expect(partial).toMatchObject({ status: 206, partial: true, notSaved: ["name"], message: BORROWER_MESSAGES.PARTIALLY_SUCCESS });
    answer = () => [200, { lawFirm: LAW_FIRM, partial: false, message: null, notSaved: [], version: 10 }];
    expect(await editLawFirm({ apiUrl }, WS, "f", 9, { referenceNumber: "HV-3" })).toMatchObject({ status: 200, partial: false });
  });

  it("sends the security address as name, number, flat, street, town, postcode", async () => {
    const body = { name: "Orchard House", number: "3", flat: null, street: "Church Road", town: "Winchester", postcode: "SO23 9LP" };
    answer = () => [200, { addressId: "a", ...body, version: 2 }];
    expect(await editSecurityAddress({ apiUrl }, WS, "a", 1, body)).toMatchObject({ addressId: "a", postcode: "SO23 9LP", version: 2 });
    expect(seen[0]).toMatchObject({ method: "PATCH", url: `/api/workspace/v1/workspaces/${WS}/addresses/a`, body });
  });

  it("asks the selection list for the types, page 1, 500 at most", async () => {
    answer = () => [200, { records: [{ subscriberId: "s", name: "Northgate Bank", type: "Lender" }], page: { page: 1, limit: 500, totalRecords: 1, pageRecords: 1 } }];
    const list = await listSelectableSubscribers({ apiUrl }, ["Lender"]);
    expect(list.records).toHaveLength(1);
    expect(seen[0]!.url).toBe("/api/workspace/v1/subscribers?type=Lender&page=1&limit=500");
  });
});
