import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_FIELDS, parseUpload } from "./read-upload.server";

const TOKEN = "token-of-the-session";
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "read-upload-test-"));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A multipart request built by the platform's own FormData encoder, fields in the given order. */
function uploadRequest(parts: [string, string | Blob, string?][]): Request {
  const form = new FormData();
  for (const [name, value, fileName] of parts) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, fileName);
  }
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

const pdf = (size = 1_000) => new Blob([new Uint8Array(size).fill(0x25)], { type: "application/pdf" });

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

describe("parseUpload", () => {
  it("writes the file to the upload folder, keeps its name as sent, returns the fields, and cleans up", async () => {
    const upload = await parseUpload(
      uploadRequest([
        ["csrf", TOKEN],
        ["documentType", "DEED"],
        ["grantees", "a"],
        ["grantees", "b"],
        ["file", pdf(), "Deed of gift.pdf"],
      ]),
      { expectedToken: TOKEN, directory },
    );
    expect(upload.fileProblem).toBeNull();
    expect(upload.file).toMatchObject({
      fileName: "Deed of gift.pdf",
      contentType: "application/pdf",
      size: 1_000,
    });
    expect(upload.fields.get("documentType")).toBe("DEED");
    expect(upload.fields.getAll("grantees")).toEqual(["a", "b"]);
    expect((await readFile(upload.file!.path)).byteLength).toBe(1_000);
    await upload.cleanUp();
    expect(await readdir(directory)).toEqual([]);
  });

  it("refuses a form whose first field is not the token, before writing anything", async () => {
    const status = await statusOf(
      parseUpload(
        uploadRequest([
          ["file", pdf(), "a.pdf"],
          ["csrf", TOKEN],
        ]),
        { expectedToken: TOKEN, directory },
      ),
    );
    expect(status).toBe(403);
    expect(await readdir(directory)).toEqual([]);
  });

  it("refuses a wrong token (403) and writes nothing", async () => {
    const status = await statusOf(
      parseUpload(
        uploadRequest([
          ["csrf", "forged"],
          ["file", pdf(), "a.pdf"],
        ]),
        { expectedToken: TOKEN, directory },
      ),
    );
    expect(status).toBe(403);
    expect(await readdir(directory)).toEqual([]);
  });

  it("cuts a file off at the limit with the specification's message, drains the rest, and leaves nothing on disk", async () => {
    const upload = await parseUpload(
      uploadRequest([
        ["csrf", TOKEN],
        ["file", pdf(2_001), "big.pdf"],
        ["documentType", "DEED"],
      ]),
      { expectedToken: TOKEN, directory, maxFileBytes: 2_000 },
    );
    expect(upload.file).toBeNull();
    expect(upload.fileProblem).toBe("Your document must be less than 20MB");
    // The fields after the file were still read: the body was drained, not abandoned.
    expect(upload.fields.get("documentType")).toBe("DEED");
    expect(await readdir(directory)).toEqual([]);
  });

  it("takes a file of exactly the limit", async () => {
    const upload = await parseUpload(
      uploadRequest([
        ["csrf", TOKEN],
        ["file", pdf(2_000), "edge.pdf"],
      ]),
      { expectedToken: TOKEN, directory, maxFileBytes: 2_000 },
    );
    expect(upload.file?.size).toBe(2_000);
    await upload.cleanUp();
  });

  it("returns no file when none was chosen", async () => {
    const upload = await parseUpload(
      uploadRequest([
        ["csrf", TOKEN],
        ["file", new Blob([]), ""],
      ]),
      { expectedToken: TOKEN, directory },
    );
    expect(upload.file).toBeNull();
    expect(upload.fileProblem).toBeNull();
  });

  it("refuses a second file, an oversized field and a body that is not multipart", async () => {
    expect(
      await statusOf(
        parseUpload(
          uploadRequest([
            ["csrf", TOKEN],
            ["file", pdf(), "a.pdf"],
            ["file", pdf(), "b.pdf"],
          ]),
          { expectedToken: TOKEN, directory },
        ),
      ),
    ).toBe(400);
    expect(await readdir(directory)).toEqual([]);
    expect(
      await statusOf(
        parseUpload(
          uploadRequest([
            ["csrf", TOKEN],
            ["documentType", "x".repeat(5_000)],
          ]),
          { expectedToken: TOKEN, directory },
        ),
      ),
    ).toBe(413);
    const many: [string, string][] = Array.from({ length: MAX_FIELDS + 1 }, (_, i) => ["grantees", `g${i}`]);
    expect(
      await statusOf(
        parseUpload(uploadRequest([["csrf", TOKEN], ...many]), { expectedToken: TOKEN, directory }),
      ),
    ).toBe(400);
    expect(
      await statusOf(
        parseUpload(
          uploadRequest([
            ["csrf", TOKEN],
            ["documentType", "DEED\u0000"],
          ]),
          { expectedToken: TOKEN, directory },
        ),
      ),
    ).toBe(400);
    const plain = new Request("http://localhost/upload", {
      method: "POST",
      body: new URLSearchParams({ csrf: TOKEN }),
    });
    expect(await statusOf(parseUpload(plain, { expectedToken: TOKEN, directory }))).toBe(415);
  });
});
