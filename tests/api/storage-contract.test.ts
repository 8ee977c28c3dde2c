/**
 * The FileStorage contract (provider/documents/storage.ts, docs/decisions/0701-file-storage-scanner-and-links.md),
 * run against every implementation available: the folder under DATA_DIR always, S3-compatible storage when
 * S3_ENDPOINT and S3_BUCKET are set (with AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY for it; skipped otherwise).
 *
 * put streams and replaces; a failing stream leaves nothing under the key; get streams the bytes back or
 * refuses with StoredObjectMissingError; delete is idempotent; keys that could leave the storage are refused.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { FolderFileStorage, S3FileStorage, StoredObjectMissingError, fileStorageFromEnvironment, type FileStorage } from "../../provider/documents/storage.js";

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A stream of `size` bytes made 64 KB at a time (never held whole), failing after `failAfter` bytes if given. */
function generated(size: number, failAfter?: number): Readable {
  let sent = 0;
  return Readable.from(
    (async function* () {
      while (sent < size) {
        if (failAfter !== undefined && sent >= failAfter) throw new Error("the source failed");
        const chunk = Buffer.alloc(Math.min(64 * 1024, size - sent), sent % 251);
        sent += chunk.length;
        yield chunk;
      }
    })(),
  );
}

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

function contract(name: string, make: () => Promise<FileStorage>) {
  describe(`FileStorage: ${name}`, () => {
    it("stores a stream and gives the same bytes back; replaces on a second put", async () => {
      const storage = await make();
      const key = `${randomUUID()}.pdf`;
      const bytes = randomBytes(300_000);
      await storage.put(key, Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]), { contentType: "application/pdf" });
      expect(await storage.exists(key)).toBe(true);
      expect((await bytesOf(await storage.get(key))).equals(bytes)).toBe(true);
      await storage.put(key, Readable.from([Buffer.from("second")]), { contentType: "application/pdf" });
      expect((await bytesOf(await storage.get(key))).toString()).toBe("second");
      await storage.delete(key);
    });

    it("streams 8 MB without holding it (the size comes back exact)", async () => {
      const storage = await make();
      const key = `${randomUUID()}.pdf`;
      await storage.put(key, generated(8 * 1024 * 1024), { contentType: "application/pdf" });
      let size = 0;
      for await (const chunk of await storage.get(key)) size += (chunk as Buffer).length;
      expect(size).toBe(8 * 1024 * 1024);
      await storage.delete(key);
    });

    it("leaves nothing under the key when the stream fails half-way", async () => {
      const storage = await make();
      const key = `${randomUUID()}.pdf`;
      await expect(storage.put(key, generated(6 * 1024 * 1024, 3 * 1024 * 1024), { contentType: "application/pdf" })).rejects.toThrow();
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StoredObjectMissingError);
    });

    it("deletes, and deleting what is not there is no error", async () => {
      const storage = await make();
      const key = `${randomUUID()}.pdf`;
      await storage.put(key, Readable.from([Buffer.from("x")]), { contentType: "application/pdf" });
      await storage.delete(key);
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
    });

    it("lists what it holds with a recent modification time", async () => {
      const storage = await make();
      const key = `${randomUUID()}.pdf`;
      await storage.put(key, Readable.from([Buffer.from("listed")]), { contentType: "application/pdf" });
      const listed: { key: string; modifiedAt: Date }[] = [];
      for await (const object of storage.list()) listed.push(object);
      const entry = listed.find((object) => object.key === key);
      expect(entry).toBeDefined();
      expect(Math.abs(Date.now() - entry!.modifiedAt.getTime())).toBeLessThan(5 * 60_000);
      await storage.delete(key);
    });

    it("refuses keys that could reach outside it", async () => {
      const storage = await make();
      for (const key of ["../escape.pdf", "a/b.pdf", "", ".hidden", "x".repeat(200), "a\u0000.pdf"]) {
        await expect(storage.put(key, Readable.from([Buffer.from("x")]), { contentType: "application/pdf" }), key).rejects.toThrow(/Not a storage key/);
      }
    });
  });
}

contract("folder", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), "convey-storage-contract-"));
  folders.push(dataDir);
  return new FolderFileStorage(dataDir);
});

describe("FileStorage: folder specifics", () => {
  it("keeps files in DATA_DIR/lodgement-files, the folder 0700 and each file 0600, no partial files left", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "convey-storage-contract-"));
    folders.push(dataDir);
    const storage = new FolderFileStorage(dataDir);
    const key = `${randomUUID()}.pdf`;
    await storage.put(key, Readable.from([Buffer.from("%PDF-")]), { contentType: "application/pdf" });
    await expect(storage.put(`${randomUUID()}.pdf`, generated(1024 * 1024, 512 * 1024), { contentType: "application/pdf" })).rejects.toThrow();
    const folder = join(dataDir, "lodgement-files");
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(join(folder, key))).mode & 0o777).toBe(0o600);
    expect(await readdir(folder)).toEqual([key]);
  });

  it("is chosen by FILE_STORAGE (folder by default); s3 needs its endpoint and bucket", () => {
    expect(fileStorageFromEnvironment("memory://", {}).kind).toBe("folder");
    expect(() => fileStorageFromEnvironment("memory://", { FILE_STORAGE: "s3" })).toThrow(/S3_ENDPOINT/);
    expect(() => fileStorageFromEnvironment("memory://", { FILE_STORAGE: "ftp" })).toThrow(/FILE_STORAGE/);
    expect(fileStorageFromEnvironment("memory://", { FILE_STORAGE: "s3", S3_ENDPOINT: "http://127.0.0.1:9", S3_BUCKET: "b" }).kind).toBe("s3");
  });
});

const s3 = process.env.S3_ENDPOINT && process.env.S3_BUCKET ? { endpoint: process.env.S3_ENDPOINT, bucket: process.env.S3_BUCKET } : null;
if (s3) {
  contract("S3", async () => new S3FileStorage({ ...s3, region: process.env.S3_REGION ?? "us-east-1", prefix: `contract-test/${Date.now()}/` }));
} else {
  describe.skip("FileStorage: S3 (set S3_ENDPOINT and S3_BUCKET to run)", () => {
    it("runs the same contract against S3-compatible storage", () => undefined);
  });
}
