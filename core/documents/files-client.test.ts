import { describe, expect, it } from "vitest";
import { FILE_DOWNLOADS_PATH, type LodgementFile } from "./files-api.js";
import { absoluteDownloadUrl, deleteFile, fileDownloadLink, getFile, listFiles, updateFilePolicy } from "./files-client.js";
import { mockProviderPerTest } from "../shared/mock-provider.test-helper.js";
import { ProviderError } from "../shared/provider-errors.js";

const provider = mockProviderPerTest();
const CASE = "5c000000-0000-4000-8000-000000000001";
const FILE = "5c000000-0000-4000-8000-0000000000f1";
const FILES = `/api/lodgement/v1/lodgement-cases/${CASE}/files`;
const OWNER = "5b000000-0000-4000-8000-000000000002";

const file: LodgementFile = {
  fileId: FILE,
  lodgementCaseId: CASE,
  fileName: "evidence.pdf",
  documentType: "EVIDENCE",
  documentCategory: "SUPPORTING_DOCUMENT",
  documentSubType: "UPLOADED",
  fileUploadStatus: "SUCCESS",
  status: "READY",
  sizeBytes: 1234,
  auditAttributes: { createdAt: "2030-01-01T10:00:00.000Z", createdBy: "u", lastModifiedAt: "2030-01-01T10:00:00.000Z", lastModifiedBy: "u" },
  permission: { policyOwner: OWNER, policy: [{ principal: OWNER, decision: "ALLOW", action: "VIEW" }] },
  parentDocumentId: null,
  version: 3,
};

describe("the files client", () => {
  it("lists and reads files of a case, parsed by the contract", async () => {
    provider.answer("GET", FILES, 200, { records: [file] });
    expect(await listFiles(provider.ctx, CASE)).toEqual([file]);
    provider.answer("GET", `${FILES}/${FILE}`, 200, file);
    expect(await getFile(provider.ctx, CASE, FILE)).toEqual(file);
    provider.answer("GET", `${FILES}/${FILE}`, 200, { ...file, fileUploadStatus: "SOMETHING_ELSE" });
    await expect(getFile(provider.ctx, CASE, FILE)).rejects.toThrow();
  });

  it("sends a policy change and a delete with the file's version as If-Match", async () => {
    provider.answer("PATCH", `${FILES}/${FILE}`, 200, { ...file, version: 4 });
    expect((await updateFilePolicy(provider.ctx, CASE, FILE, 3, ["5b000000-0000-4000-8000-000000000001"])).version).toBe(4);
    expect(provider.seen[0]).toMatchObject({ method: "PATCH", body: { policy: ["5b000000-0000-4000-8000-000000000001"] } });
    expect(provider.seen[0]!.headers["if-match"]).toBe('"3"');
    provider.answer("DELETE", `${FILES}/${FILE}`, 204, "");
    await deleteFile(provider.ctx, CASE, FILE, 3);
    expect(provider.seen[1]!.headers["if-match"]).toBe('"3"');
  });

  it("asks for a download link and makes it absolute against the provider's URL; a refusal is a ProviderError", async () => {
    const link = { downloadUrl: `${FILE_DOWNLOADS_PATH}/${FILE}.1.abc`, expiresAt: "2030-01-01T10:01:00.000Z" };
    provider.answer("GET", `${FILES}/${FILE}/content`, 200, link);
    expect(await fileDownloadLink(provider.ctx, CASE, FILE)).toEqual(link);
    expect(absoluteDownloadUrl(provider.ctx, link)).toBe(`http://provider.test${link.downloadUrl}`);
    provider.answer("GET", `${FILES}/${FILE}/content`, 403, { status: 403, code: "FORBIDDEN", message: "You do not have permission to view this document." });
    const error = await fileDownloadLink(provider.ctx, CASE, FILE).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 403, message: "You do not have permission to view this document." });
  });
});
