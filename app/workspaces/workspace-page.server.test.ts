/**
 * A tab's own read asked for beside the workspace's (loadViewableWorkspaceWith): both requests are in flight
 * at once, the workspace's refusal is the one answered when both fail, and an address that names no
 * workspace asks the provider nothing. Runs against a provider stand-in (a local HTTP server).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_WORKSPACE_ID as WORKSPACE_ID, workspaceDetail } from "../../core/workspaces/workspace-detail.test-helper.js";
import { call } from "../../core/shared/provider-client.js";
import { signedInUser } from "../test/signed-in-user";

vi.mock("../feature-flags.server", async () => {
  const { defaultFeatureFlags } = await import("../../core/shared/feature-flags.js");
  return { featureFlags: async () => defaultFeatureFlags("local") };
});

const { loadViewableWorkspaceWith } = await import("./workspace-page.server");

const workspace = workspaceDetail();

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let server: Server;
let apiUrl = "";
let answerWorkspace: Handler;
let answerTab: Handler;
const arrived: string[] = [];

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? "";
    arrived.push(path);
    if (path.startsWith("/tab/")) return answerTab(request, response);
    if (path.includes(`/workspaces/${WORKSPACE_ID}`)) return answerWorkspace(request, response);
    json(response, 404, { status: 404, code: "NOT_FOUND", message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  arrived.length = 0;
});

const user = () => signedInUser(apiUrl) as unknown as Parameters<typeof loadViewableWorkspaceWith>[1];
const readTab = (id: string) => call(user().ctx, "GET", `/tab/${id}`).then((answer) => answer.data as { tab: string });
const load = (workspaceId: string | undefined) =>
  loadViewableWorkspaceWith(new Request(`http://localhost/workspaces/${workspaceId}/participants`), user(), workspaceId, readTab);

describe("loadViewableWorkspaceWith", () => {
  it("asks for the tab's read while the workspace's answer is still coming", async () => {
    let tabArrived: () => void = () => undefined;
    const tabHasArrived = new Promise<void>((resolve) => (tabArrived = resolve));
    // The workspace is answered only once the tab's request has reached the provider (or after 2 s, refused).
    answerWorkspace = (_request, response) => {
      const refuse = setTimeout(() => json(response, 500, { status: 500, code: "LATE", message: "The tab's read never came" }), 2_000);
      void tabHasArrived.then(() => {
        clearTimeout(refuse);
        json(response, 200, workspace);
      });
    };
    answerTab = (_request, response) => {
      tabArrived();
      json(response, 200, { tab: "participants" });
    };
    const { workspace: read, tab } = await load(WORKSPACE_ID);
    expect(read.workspaceReferenceId).toBe("WS-0000002");
    expect(await tab).toEqual({ tab: "participants" });
    expect(arrived[0]).toContain(`/workspaces/${WORKSPACE_ID}`);
  });

  it("answers the workspace's refusal when both fail", async () => {
    answerWorkspace = (_request, response) => setTimeout(() => json(response, 404, { status: 404, code: "NOT_FOUND", message: "Workspace not found" }), 50);
    answerTab = (_request, response) => json(response, 500, { status: 500, code: "BROKEN", message: "The tab broke" });
    const refusal = await load(WORKSPACE_ID).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(404);
  });

  it("asks nothing for an address that names no workspace", async () => {
    const refusal = await load("WS-0000002").then(
      () => null,
      (error: unknown) => error,
    );
    expect((refusal as Response).status).toBe(404);
    expect(arrived).toEqual([]);
  });
});
