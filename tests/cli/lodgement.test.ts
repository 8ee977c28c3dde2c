/**
 * `convey documents list <workspace>` and `convey lodgement status <workspace>` end to end, against the real
 * provider and its demo world: the helpdesk administrator reads the requisitioned demo purchase (WS-11) by
 * reference, as JSON, as CSV and as a table; a reference nobody has fails (1).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CredentialsStore } from "../../cli/services/credentials.js";
import type { LodgementCase, LodgementDocument, LodgementRequest } from "../../core/documents/api.js";
import { DEMO_USERS } from "../../provider/platform/demo-world.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { ConveyHarness } from "./harness.js";
import { startRealProvider, type RealProvider } from "./real-provider.js";

let provider: RealProvider;
let helpdesk: ConveyHarness;
const workspace = DEMO_WORKSPACES.purchaseRequisitioned;

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
});
afterAll(async () => {
  await helpdesk?.dispose();
  await provider?.close();
});

describe("convey documents list", () => {
  it("prints the workspace's documents as JSON: the applications and the registry's requisition", async () => {
    const result = await helpdesk.run(["--json", "documents", "list", workspace.workspaceReferenceId]);
    expect(result.code, result.stderr).toBe(0);
    const { records } = JSON.parse(result.stdout) as { records: LodgementDocument[] };
    expect(records.filter((document) => document.documentCategory === "APPLICATION_DOCUMENT").map((document) => document.documentType)).toEqual(
      expect.arrayContaining(["MORTGAGE_DEED", "TRANSFER_OF_WHOLE"]),
    );
    expect(records.some((document) => document.documentCategory === "REQUISITION_DOCUMENT" && document.subType === "RECEIVED")).toBe(true);
  });

  it("writes CSV with the table's headers, and a readable table", async () => {
    const csv = await helpdesk.run(["documents", "list", workspace.workspaceReferenceId, "--output", "csv"]);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe("Document,Type,Category,Status,File,Fee,Submitted,Rejected");
    expect(csv.stdout).toContain("Mortgage charge");
    const table = await helpdesk.run(["documents", "list", workspace.workspaceReferenceId]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain("Requisition: certified copy");
    expect(table.stdout).toContain("Mortgage charge");
  });

  it("fails for a reference nobody has", async () => {
    const result = await helpdesk.run(["documents", "list", "WS-9999999"]);
    expect(result.code).toBe(1);
  });
});

describe("convey lodgement status", () => {
  it("prints the case, what stops submission and the requests, as JSON and as a view", async () => {
    const json = await helpdesk.run(["--json", "lodgement", "status", workspace.workspaceReferenceId]);
    expect(json.code, json.stderr).toBe(0);
    const status = JSON.parse(json.stdout) as { lodgementCase: LodgementCase; requests: LodgementRequest[] };
    expect(status.lodgementCase.lodgementCaseStatus).toBe("REQUISITIONED");
    expect(status.requests[0]).toMatchObject({ outcome: "REQUISITIONED" });
    const view = await helpdesk.run(["lodgement", "status", workspace.workspaceReferenceId]);
    expect(view.code, view.stderr).toBe(0);
    expect(view.stdout).toContain("Requisitioned");
    expect(view.stdout).toContain("REQUISITIONED");
  });
});
