/**
 * `convey workspaces show <reference or id>` end to end, against the real provider with its land registry
 * sandbox: the helpdesk administrator reads a workspace by reference and by id, as a table and as JSON, with
 * its parties, representation, title search status, proprietor match statuses and unmatched proprietors; a
 * text that names no workspace is a usage error (2), a reference nobody has a failure (1).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CredentialsStore } from "../../cli/services/credentials.js";
import { DEMO_USERS } from "../../provider/platform/demo-world.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { getWorkspace } from "../../core/workspaces/client.js";
import { getLodgementCase, searchTitle } from "../../core/title/client.js";
import type { WorkspaceOverview } from "../../core/workspaces/overview-client.js";
import { ConveyHarness } from "./harness.js";
import { startRealProvider, type RealProvider } from "./real-provider.js";

let provider: RealProvider;
let helpdesk: ConveyHarness;
const workspace = DEMO_WORKSPACES.remortgagePreparing;

beforeAll(async () => {
  provider = await startRealProvider();
  helpdesk = await ConveyHarness.create();
  const accessToken = await provider.loginToken(DEMO_USERS.helpdesk.email);
  await CredentialsStore.for({ env: { CONVEY_CONFIG_DIR: helpdesk.configDir }, homeDir: "/nowhere" }, "default").update(() => ({
    apiUrl: provider.url,
    kind: "device" as const,
    clientId: "convey-cli",
    accessToken,
    expiresAt: new Date(Date.now() + 240_000).toISOString(),
    savedAt: new Date().toISOString(),
  }));
  // A title with the borrower Amelia Clarke and a second proprietor no party matches, retrieved inside land
  // registry hours (tomorrow noon on the product clock) so that the sandbox answers at once.
  const ctx = { apiUrl: provider.url, accessToken };
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const clock = await fetch(`${provider.url}/api/v1/clock`, {
    method: "PUT",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ now: `${tomorrow}T12:00:00+00:00` }),
  });
  expect(clock.status).toBe(200);
  const { version } = await getWorkspace(ctx, workspace.workspaceId);
  const lodgementCase = await getLodgementCase(ctx, workspace.workspaceId);
  const answer = await searchTitle(ctx, lodgementCase.lodgementCaseId, version, { titleNumber: "DN100008" });
  expect(answer.lodgementCase.lastTitleSearchStatus).toBe("SUCCESS");
});
afterAll(async () => {
  await helpdesk?.dispose();
  await provider?.close();
});

describe("convey workspaces show", () => {
  it("prints the workspace, its parties and the title search as JSON on stdout, found by reference", async () => {
    const result = await helpdesk.run(["--json", "workspaces", "show", workspace.workspaceReferenceId.toLowerCase()]);

    expect(result.code, result.stderr).toBe(0);
    const overview = JSON.parse(result.stdout) as WorkspaceOverview;
    expect(result.stdout).toBe(`${JSON.stringify(overview, null, 2)}\n`);
    expect(overview).toMatchObject({
      workspaceId: workspace.workspaceId,
      workspaceReferenceId: workspace.workspaceReferenceId,
      transactionType: "REMORTGAGE",
      securityAddress: "14 Willow Lane, Harrogate, HG1 2AB",
      titleSearch: { status: "SUCCESS", titleNumber: "DN100008", unsupportedReasons: [] },
      titleSearchProblem: null,
    });
    expect(overview.parties).toEqual([
      expect.objectContaining({ role: "BORROWER", name: "Amelia Clarke", proprietorMatchStatus: ["MATCH"] }),
    ]);
    expect(overview.unmatchedProprietors).toEqual([
      expect.objectContaining({ name: "Robert Clarke", availableActions: expect.arrayContaining(["SET_AS_OUTGOING_PROPRIETOR"]) }),
    ]);
  });

  it("prints a readable view on stdout, found by id", async () => {
    const result = await helpdesk.run(["workspaces", "show", workspace.workspaceId]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(workspace.workspaceReferenceId);
    expect(result.stdout).toMatch(/Title search\s+SUCCESS/);
    expect(result.stdout).toMatch(/Title number\s+DN100008/);
    expect(result.stdout).toMatch(/Role\s+Type\s+Name\s+Representation\s+Representative\s+Match/);
    expect(result.stdout).toMatch(/Borrower\s+Individual\s+Amelia Clarke\s+Not confirmed\s+-\s+MATCH/);
    expect(result.stdout).toContain("Unmatched proprietors");
    expect(result.stdout).toContain("Robert Clarke");
  });

  it("refuses a text that names no workspace (usage, 2) and a reference no workspace has (1)", async () => {
    const usage = await helpdesk.run(["workspaces", "show", "Willow Lane"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("give a workspace id (a UUID) or a workspace reference such as WS-0000001");
    expect(usage.stdout).toBe("");

    const missing = await helpdesk.run(["workspaces", "show", "WS-0999999"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No workspace you can see has the reference or id WS-0999999");
  });
});
