import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ProviderError } from "../shared/provider-errors.js";
import { approveWorkspace, cancelWorkspace, searchWorkspaces, unapproveWorkspace } from "./client.js";

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

const ADDRESS = {
  securityAddressId: "a",
  addressId: "a",
  name: null,
  number: "1",
  flat: null,
  street: null,
  town: null,
  postcode: "AB1 2CD",
};
const PAGE = { page: 2, limit: 10, totalRecords: 11, pageRecords: 1, isSubscriberHasWorkspace: true };

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

describe("the workspace use-cases", () => {
  it("approve, unapprove and cancel PATCH the workspace with the version as If-Match", async () => {
    answer = () => [409, { status: 409, code: "CONFLICT", message: "changed" }];
    const ctx = { apiUrl, accessToken: "t" };
    await expect(approveWorkspace(ctx, "w 1", 3)).rejects.toMatchObject({ status: 409, code: "CONFLICT" });
    await expect(unapproveWorkspace(ctx, "w1", 4)).rejects.toBeInstanceOf(ProviderError);
    await expect(
      cancelWorkspace(ctx, "w1", 5, { cancellationReason: "OTHER", cancellationNotesForOther: "why" }),
    ).rejects.toBeInstanceOf(ProviderError);
    expect(seen).toEqual([
      {
        method: "PATCH",
        url: "/api/workspace/v1/workspaces/w%201",
        ifMatch: '"3"',
        body: { approved: true },
      },
      { method: "PATCH", url: "/api/workspace/v1/workspaces/w1", ifMatch: '"4"', body: { approved: false } },
      {
        method: "PATCH",
        url: "/api/workspace/v1/workspaces/w1",
        ifMatch: '"5"',
        body: {
          status: "CANCELLED",
          remarks: { cancellationReason: "OTHER", cancellationNotesForOther: "why" },
        },
      },
    ]);
  });

  it("searches with page and limit in the query and the search in the body, with the chips' counts on request, and is no write", async () => {
    const counts = {
      LODGEMENT_APPROVAL_PENDING: 1,
      FINANCIAL_APPROVAL_PENDING: 2,
      APPROVAL_PENDING: 3,
      EXCEPTION_TASKS_PENDING: 4,
      FUNDS_AUTHORISATION_PENDING: 5,
      COMPANIES_HOUSE_REGISTRATION_PENDING: 6,
      LODGEMENT_SUBMISSION_PENDING: 7,
    };
    answer = () => [
      200,
      {
        records: [
          {
            workspaceId: "w1",
            workspaceReferenceId: "WS-0000001",
            status: "CREATED",
            transactionType: "PURCHASE",
            transferOfEquity: false,
            participantReference: null,
            participantRole: null,
            incomingLenderReference: null,
            securityAddress: ADDRESS,
            applicants: ["Ann Smith"],
            applicantParties: [
              { type: "INDIVIDUAL", forenames: "Ann", surname: "Smith", organisationName: null },
            ],
            completionDate: "TO_BE_PROVIDED",
            createdAt: "2026-01-01T00:00:00Z",
          },
        ],
        page: PAGE,
        quickFilterCounts: counts,
      },
    ];
    let writes = 0;
    const ctx = { apiUrl, accessToken: "t", onWrite: () => writes++ };
    const result = await searchWorkspaces(
      ctx,
      { postcode: "AB1", withQuickFilterCounts: true },
      { page: 2, limit: 10 },
    );
    expect(result.page.isSubscriberHasWorkspace).toBe(true);
    expect(result.records[0].workspaceReferenceId).toBe("WS-0000001");
    expect(result.quickFilterCounts?.EXCEPTION_TASKS_PENDING).toBe(4);
    expect(seen.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: "POST",
        url: "/api/v1/workspaces/search?page=2&limit=10",
        body: { postcode: "AB1", withQuickFilterCounts: true },
      },
    ]);
    // A search only reads: what the app cached for the session (the header's user and subscribers) stays.
    expect(writes).toBe(0);
  });
});
