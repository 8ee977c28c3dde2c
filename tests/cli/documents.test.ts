/**
 * `convey documents list <workspace>` and `convey lodgement status <workspace>` end to end, against the real
 * provider and its demo world: the helpdesk administrator reads the requisitioned purchase (WS-0000011) and
 * the remortgage in preparation (WS-0000001) as JSON, as a table and as CSV, after uploading a PDF to the
 * latter through the real upload call; a text that names no workspace is a usage error (2).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { CredentialsStore } from "../../cli/services/credentials.js";
import { getLodgementCase } from "../../core/documents/client.js";
import { uploadFile } from "../../core/documents/files-client.js";
import type { LodgementStatus, WorkspaceDocuments } from "../../core/documents/helpdesk-client.js";
import { DEMO_USERS } from "../../provider/platform/demo-world.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { ConveyHarness } from "./harness.js";
import { startRealProvider, type RealProvider } from "./real-provider.js";

let provider: RealProvider;
let helpdesk: ConveyHarness;
const requisitioned = DEMO_WORKSPACES.purchaseRequisitioned;
const preparing = DEMO_WORKSPACES.remortgagePreparing;

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
  // The law firm uploads a redemption statement to the remortgage in preparation.
  const manager = { apiUrl: provider.url, accessToken: await provider.loginToken(DEMO_USERS.manager.email) };
  const lodgementCase = await getLodgementCase(manager, preparing.workspaceId);
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText("Redemption statement");
  await uploadFile(manager, lodgementCase.lodgementCaseId, {
    file: { blob: new Blob([Buffer.from(await pdf.save())], { type: "application/pdf" }), fileName: "redemption-statement.pdf" },
    documentType: "REDEMPTION_STATEMENT",
    documentCategory: "WORKSPACE_SUPPORTING_DOCUMENT",
  });
});
afterAll(async () => {
  await helpdesk?.dispose();
  await provider?.close();
});

describe("convey lodgement status", () => {
  it("prints the requisitioned case, its applications with fees and its request with the reply deadline as JSON", async () => {
    const result = await helpdesk.run(["--json", "lodgement", "status", requisitioned.workspaceReferenceId]);

    expect(result.code, result.stderr).toBe(0);
    const status = JSON.parse(result.stdout) as LodgementStatus;
    expect(status).toMatchObject({ workspaceId: requisitioned.workspaceId, workspaceStatus: "REQUISITIONED", lodgementCaseStatus: "REQUISITIONED" });
    expect(status.applications.map((application) => application.documentType)).toEqual(expect.arrayContaining(["MORTGAGE_DEED", "TRANSFER_OF_WHOLE"]));
    expect(status.requests[0]).toMatchObject({ outcome: "REQUISITIONED", requisitionDeadline: expect.any(String) });
    expect(status.landRegistryFeeTotal).toMatch(/^£\d/);
  });

  it("prints a readable view", async () => {
    const result = await helpdesk.run(["lodgement", "status", requisitioned.workspaceId]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(requisitioned.workspaceReferenceId);
    expect(result.stdout).toContain("Applications");
    expect(result.stdout).toContain("Lodgement requests");
    expect(result.stdout).toMatch(/Submitted\s+Status\s+Outcome/);
    expect(result.stdout).toContain("REQUISITIONED");
  });
});

describe("convey documents list", () => {
  it("lists the uploaded file with its type and scan status, as JSON and as CSV", async () => {
    const json = await helpdesk.run(["--json", "documents", "list", preparing.workspaceReferenceId]);
    expect(json.code, json.stderr).toBe(0);
    const listed = JSON.parse(json.stdout) as WorkspaceDocuments;
    expect(listed.documents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "file", name: "redemption-statement.pdf", documentType: "REDEMPTION_STATEMENT", status: expect.stringMatching(/PENDING|SUCCESS/) }),
      ]),
    );

    const csv = await helpdesk.run(["documents", "list", preparing.workspaceReferenceId, "--output", "csv"]);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe("Upload date,File,Document type,Status,Application,Submitted");
    expect(csv.stdout).toContain("redemption-statement.pdf,Redemption statement");
  });

  it("lists the correspondence the land registry sent with the requisition", async () => {
    const result = await helpdesk.run(["documents", "list", requisitioned.workspaceReferenceId]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Upload date\s+File\s+Document type\s+Status/);
  });

  it("refuses a text that names no workspace (usage, 2)", async () => {
    const usage = await helpdesk.run(["documents", "list", "Abbey Gardens"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("give a workspace id (a UUID) or a workspace reference such as WS-0000001");
  });
});
